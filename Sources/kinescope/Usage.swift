enum Usage {
    static let text = """
    kinescope — Core Animation-style layers, animations and transitions on Linux

    Usage:
      kinescope [view] [IMAGE...] [--transition NAME] [--duration S] [--size WxH] [--fps N]
          [--stats] [--record PATH]
          Open the viewer: a click, space or → shows the next image with the transition
          (default flipFromLeft; any name `kinescope list` shows, NAME-subtype for a
          subtype, e.g. push-fromRight; or a view-controller transition: navigation-push,
          navigation-pop, animator-NAME, modal-coverVertical, modal-crossDissolve,
          modal-flipHorizontal, page-curl, page-scroll); keys 1–9 pick a transition, t opens
          the transitions menu (↑/↓ and Return pick), s toggles slow animations, q or Esc
          quits. Without images it cycles the four demo images.
          Frames are paced at --fps (default 60); --stats prints frame counts at exit,
          which are printed anyway when frames were dropped.
          --record PATH records what the window shows: PATH.y4m, - (a Y4M stream on
          standard output), PATH.apng, .gif, .webp, .webm, .mp4, .mov or a folder of PNGs;
          frames the disk cannot keep up with are dropped and counted. See Outputs.
      kinescope transition NAME --from A --to B --out PATH [--frames N] [--size WxH]
          [--format FORMAT] [--loop N] [--quality 0-100] [--crf N] [--preset P] [--fps N]
          [--param KEY=VALUE]... [--png-level 0-9] [--chroma 420|444|444alpha]
          [--at PROGRESS | --range FROM-TO]
          Render a transition between two images, like ffmpeg's xfade: N frames (default
          60), the first exactly A and the last exactly B, each image fitted into the frame
          (default A's size) over black. PATH is a folder of frame-000001.png…, a file
          of one of the formats under Outputs, or - for a Y4M stream on standard output.
          --at P (0-1) writes the one frame at that progress to PATH.png; --range 0.2-0.8
          writes the frames of the N whose progress i/(N-1) lies in that range.
      kinescope demo DEMO [--size WxH] [--fps N] [--stats]
          DEMO: cycle, cover, bars, transactions, gallery, drawing, layers, scroll, controls,
          navigation.
          A demo in a live window; a click runs its effect, q or Esc quits. --fps and
          --stats as for the viewer.
      kinescope record DEMO --out PATH [--frames N | --seconds S] [--fps N] [--size WxH]
          [--format FORMAT] [--loop N] [--quality 0-100] [--crf N] [--preset P]
          [--input SCRIPT | --click-at SECONDS...] [--png-level 0-9]
          [--chroma 420|444|444alpha] [--at SECONDS]
          Run a demo headless on a virtual clock and store every frame (default 2 s at 60
          fps, 640x480); --input plays a script of input (see Input scripts); --click-at
          taps the centre at that time (repeatable); --at writes only the frame shown at
          that time (frame floor(SECONDS*fps)) to PATH.png. The same command gives
          byte-identical output every time, at any thread count (KINESCOPE_THREADS).
      kinescope list
          Every transition with its parameters, defaults and valid ranges.

    Outputs (--out, --record), by the name or --format FORMAT (which must agree with it):
      png   a folder (no extension, an existing folder, or ending in /): frame-000001.png…,
            or DIR/%05d.png to name the frames (--png-level 0-9)
      y4m   PATH.y4m, or - for standard output: uncompressed YUV4MPEG2, limited range,
            BT.709 at HD sizes, BT.601 below (--chroma 420|444|444alpha)
      apng  PATH.apng (or PATH.png with --format apng): lossless animated PNG (--loop)
      gif   PATH.gif (or - with --format gif): GIF, at most 50 fps (--loop)
      webp  PATH.webp: animated WebP, lossless; lossy with --quality 0-100 (--loop)
      webm  PATH.webm: VP9 with alpha, BT.709; --quality 0-100 (default 75)
      mp4   PATH.mp4: H.264 4:2:0 BT.709 through the ffmpeg program; --quality 0-100 (CRF
            51 to 0), or --crf 0-51 (default 18) and --preset ultrafast…veryslow (medium);
            odd sizes are padded with black to even ones
      mov   PATH.mov: ProRes 4444 with alpha through the ffmpeg program
    --loop N (0-65535, default 0 = for ever) sets how many times an APNG, GIF or WebP
    plays. MP4 and MOV need ffmpeg on PATH (exit 69 otherwise: apt-get install ffmpeg).
    An interrupted render of one file (every format but png and y4m) keeps the frames
    drawn so far.
      kinescope --help | --version

    Input scripts (--input): one event per line, # starts a comment; times in seconds
    of the virtual clock, never going backwards; points in window points:
      0.5 click 120 80                        press and release
      1.0 drag 2 150 -> 150 150 over 0.4      moved once per frame (default over 0.25)
      2.0 down 10 300                         press and hold (then move X Y, up X Y)
      3.0 wheel 0 -3 at 200 200 [with control]  notches; dy -1 is away from you
      4.0 key control+Return                  X11 keysym names: Left, BackSpace, a, F1
      4.1 type "héllo\\n"                      a key per character (\\" \\\\ \\n \\t)
    An event is delivered just before the first frame at or after its time. A file
    starting with [ is JSON: [{"time": 0.5, "click": [120, 80]}, ...]. Errors name
    FILE:LINE (exit 65; 66 for a missing file); times outside 0-86400 s and
    coordinates beyond ±100000 are rejected, not clamped.

    Exit codes follow sysexits.h: 64 usage, 65 bad data, 66 missing input,
    69 unavailable (no display, no ffmpeg), 73 cannot create output, 74 I/O error.
    """

    static let version = "kinescope 0.1.0"
}
