enum Usage {
    static let text = """
    kinescope — Core Animation-style layers, animations and transitions on Linux

    Usage:
      kinescope [--help] [--version]

    Options:
      -h, --help       Show this help and exit.
      --version        Show the version and exit.

    Exit codes follow sysexits.h: 64 usage, 65 bad data, 66 missing input,
    69 unavailable (no display), 73 cannot create output, 74 I/O error.
    """

    static let version = "kinescope 0.1.0"
}
