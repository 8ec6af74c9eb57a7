// kinescope-x11-probe: runs an X11Host in a process of its own, for the Hosts tests that need a
// different environment (`unshare --ipc`, `KINESCOPE_NO_SHM=1`) and for measuring present costs.
//
//   kinescope-x11-probe present        shows a test pattern, reads the window back, prints
//                                      "path: <presentation path>" and "readback: ok" (exit 0) or
//                                      "readback: pixel (x, y) is … expected …" (exit 1)
//   kinescope-x11-probe bench [FRAMES] prints the cost of pushing a 1920×1080 frame (+ XSync),
//                                      whole and as one 200×200 damaged rectangle, through MIT-SHM
//                                      and through XPutImage
//   kinescope-x11-probe idle           waits 2 s in nextEvents and prints the CPU time it used
// Exit 69 when no display can be opened, 64 on a usage error.
import CX11
@preconcurrency import Glibc
import Hosts
import Raster

func fail(_ message: String, code: Int32) -> Never {
    fputs("kinescope-x11-probe: \(message)\n", stderr)
    exit(code)
}

func patternPixel(x: Int, y: Int) -> UInt32 {
    0xFF00_0000 | UInt32(truncatingIfNeeded: (x &* 2_654_435_761) ^ (y &* 40_503) ^ (x << 16)) & 0xFF_FFFF
}

func present() throws(HostError) -> Int32 {
    let size = try! PixelSize(width: 97, height: 61)
    let host = try X11Host(title: "kinescope-x11-probe", size: size)
    let frame = try host.backBuffer()
    for y in 0..<size.height {
        let row = frame.row(y)
        for x in 0..<size.width { row[x] = patternPixel(x: x, y: y) }
    }
    try host.present()
    try host.synchronize()
    print("path: \(host.presentationPath)")

    guard let reader = XOpenDisplay(nil) else { fail("cannot open a second connection", code: 69) }
    defer { XCloseDisplay(reader) }
    guard let image = XGetImage(reader, host.windowID, 0, 0, UInt32(size.width), UInt32(size.height), ~0, ZPixmap)
    else { fail("XGetImage failed", code: 1) }
    defer { XDestroyImage(image) }
    for y in 0..<size.height {
        for x in 0..<size.width {
            let actual = UInt32(truncatingIfNeeded: XGetPixel(image, Int32(x), Int32(y))) & 0xFF_FFFF
            let expected = patternPixel(x: x, y: y) & 0xFF_FFFF
            if actual != expected {
                print("readback: pixel (\(x), \(y)) is 0x\(String(actual, radix: 16)), expected 0x\(String(expected, radix: 16))")
                return 1
            }
        }
    }
    print("readback: ok")
    return 0
}

func bench(frames: Int) throws(HostError) {
    let size = try! PixelSize(width: 1920, height: 1080)
    let square = PixelRect(x: 860, y: 440, width: 200, height: 200)
    for forceFallback in [false, true] {
        if forceFallback { setenv("KINESCOPE_NO_SHM", "1", 1) } else { unsetenv("KINESCOPE_NO_SHM") }
        let host = try X11Host(title: "kinescope-x11-probe bench", size: size)
        for damage in [PixelRect(size: size), square] {
            let clock = ContinuousClock()
            var milliseconds: [Double] = []
            var copies: [Double] = []
            milliseconds.reserveCapacity(frames)
            copies.reserveCapacity(frames)
            for index in 0..<(frames + 20) {
                let lent = clock.now
                let frame = try host.backBuffer()
                let (copySeconds, copyAttoseconds) = lent.duration(to: clock.now).components
                if index >= 20 { copies.append(Double(copySeconds) * 1e3 + Double(copyAttoseconds) * 1e-15) }
                let value = 0xFF00_0000 | UInt32(index & 0xFF) * 0x01_0101
                frame.row(damage.y + index % damage.height)[damage.x..<damage.maxX].update(repeating: value)
                let start = clock.now
                try host.present(damage: [damage])
                try host.synchronize()
                let (seconds, attoseconds) = start.duration(to: clock.now).components
                if index >= 20 { milliseconds.append(Double(seconds) * 1e3 + Double(attoseconds) * 1e-15) }
            }
            milliseconds.sort()
            copies.sort()
            func shown(_ value: Double) -> String { "\((value * 1000).rounded() / 1000)" }
            let median = milliseconds[frames / 2]
            print("\(host.presentationPath), damage \(damage.width)x\(damage.height): median \(shown(median)) ms/frame "
                  + "(\(Int(1000 / median)) frames/s), best \(shown(milliseconds[0])) ms, over \(frames) frames of \(size), "
                  + "present + XSync; backBuffer (previous damage copied across) median \(shown(copies[frames / 2])) ms")
        }
    }
}

func idle() throws(HostError) {
    let host = try X11Host(title: "kinescope-x11-probe idle", size: try! PixelSize(width: 64, height: 64))
    try host.present()
    try host.synchronize()
    var events: [HostEvent] = []
    while try host.nextEvents(timeout: .zero, into: &events) == .events { events.removeAll() }
    func cpuMicroseconds() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000 + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec
    }
    let before = cpuMicroseconds()
    let result = try host.nextEvents(timeout: .seconds(2), into: &events)
    print("idle: \(result) after 2 s, CPU time used \(cpuMicroseconds() - before) µs")
}

let arguments = CommandLine.arguments.dropFirst()
do throws(HostError) {
    switch arguments.first {
    case "present":
        exit(try present())
    case "idle":
        try idle()
    case "bench":
        let frames = arguments.dropFirst().first.flatMap { Int($0) } ?? 200
        guard frames > 0 else { fail("bench FRAMES must be a positive integer", code: 64) }
        try bench(frames: frames)
    default:
        fail("usage: kinescope-x11-probe present | bench [FRAMES] | idle", code: 64)
    }
} catch {
    switch error {
    case .displayUnavailable, .unsupportedVisual: fail(error.description, code: 69)
    default: fail(error.description, code: 74)
    }
}
