enum Usage {
    static let text = """
    kinescope — Core Animation-style layers, animations and transitions on Linux

    Usage:
      kinescope [view] [IMAGE...] [--transition NAME] [--duration S] [--size WxH] [--fps N]
          Open the viewer: a click, space or → shows the next image with the transition
          (default flipFromLeft); keys 1–9 pick a transition, s toggles slow animations,
          q or Esc quits. Without images it cycles the four demo images.
      kinescope list
          Every transition with its parameters, defaults and valid ranges.
      kinescope --help | --version

    Exit codes follow sysexits.h: 64 usage, 65 bad data, 66 missing input,
    69 unavailable (no display), 73 cannot create output, 74 I/O error.
    """

    static let version = "kinescope 0.1.0"
}
