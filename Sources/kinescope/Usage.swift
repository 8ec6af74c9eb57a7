enum Usage {
    static let text = """
    kinescope — Core Animation-style layers, animations and transitions on Linux

    Usage:
      kinescope [view] [IMAGE...] [--transition NAME] [--duration S] [--size WxH] [--fps N]
          [--stats] [--record PATH]
          Open the viewer: a click, space or → shows the next image with the transition
          (default flipFromLeft; any name `kinescope list` shows, NAME-subtype for a
          subtype, e.g. push-fromRight); keys 1–9 pick a transition, s toggles slow
          animations, q or Esc quits. Without images it cycles the four demo images.
          Frames are paced at --fps (default 60); --stats prints frame counts at exit,
          which are printed anyway when frames were dropped.
          --record PATH records what the window shows: PATH.y4m, - (a Y4M stream on
          standard output), PATH.apng, PATH.gif or a folder of PNGs; frames the disk cannot
          keep up with are dropped and counted. See OUTPUTS for what PATH may be.
      kinescope transition NAME --from A --to B --out PATH [--frames N] [--size WxH]
          [--format png|y4m|apng|gif] [--loop N] [--fps N] [--param KEY=VALUE]...
          [--png-level 0-9] [--chroma 420|444]
          Render a transition between two images, like ffmpeg's xfade: N frames (default
          60), the first exactly A and the last exactly B, each image fitted into the frame
          (default A's size) over black. PATH is a folder of frame-000001.png…, a .y4m,
          .apng or .gif file, or - for a Y4M stream on standard output (| ffmpeg -i - out.mp4).
      kinescope demo cycle|cover|bars|transactions|gallery [--size WxH] [--fps N] [--stats]
          A demo in a live window; a click runs its effect, q or Esc quits. --fps and
          --stats as for the viewer.
      kinescope record DEMO --out PATH [--frames N | --seconds S] [--fps N] [--size WxH]
          [--format png|y4m|apng|gif] [--loop N] [--click-at SECONDS]... [--png-level 0-9]
          [--chroma 420|444]
          Run a demo headless on a virtual clock and store every frame (default 2 s at 60
          fps, 640x480); --click-at taps the centre at that time (repeatable). The same
          command gives byte-identical output every time.
      kinescope list
          Every transition with its parameters, defaults and valid ranges.

    Outputs (--out, --record): a folder (a path without an extension, an existing
    folder, or one ending in /) receives frame-000001.png…; a .y4m file receives one
    YUV4MPEG2 stream; - sends that stream to standard output; a .apng file (or .png with
    --format apng) receives one lossless animated PNG; a .gif file (or - with --format
    gif) one GIF, which plays at most 50 fps. --loop N (0-65535, default 0 = for ever)
    sets how many times an APNG or GIF plays. Any other extension (.mp4, .webp…) is
    refused: WebP, WebM and MP4 are not supported yet. --format must agree with the
    extension. An interrupted APNG or GIF render keeps the frames drawn so far.
      kinescope --help | --version

    Exit codes follow sysexits.h: 64 usage, 65 bad data, 66 missing input,
    69 unavailable (no display), 73 cannot create output, 74 I/O error.
    """

    static let version = "kinescope 0.1.0"
}
