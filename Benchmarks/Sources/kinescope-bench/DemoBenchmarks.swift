import BenchmarkSupport
import Foundation
import Kinescope
import KinescopeDemos

/// The frame budget of each demo at 1920×1080: one run-loop turn per frame — click delivery,
/// layout, commit, animation evaluation, compositing on all threads, and the present (MIT-SHM
/// under an Xvfb the benchmark starts; `HeadlessHost` when Xvfb is missing) — timed on the wall
/// clock over 600 frames after 30 warm-up frames. The clock is virtual (1/60 s per frame), so
/// every run shows the same frames however slow the machine is. A click at the centre starts
/// each demo's effect again as soon as the previous one ends, so nearly every frame animates;
/// `gallery` is clicked once and then chains its transitions (1.2 s each) by itself.
@MainActor
struct DemoBenchmarks {
    let options: BenchOptions

    /// Frames between clicks, by demo: each effect's length at 60 frames per second.
    static let clickPeriod = ["cycle": 60, "cover": 60, "bars": 60, "transactions": 300, "gallery": Int.max]

    func run() throws -> ([BenchRecord], [String]) {
        guard DemoCatalog.all.contains(where: { options.wants("demo \($0.name)") }) || options.wants("present")
        else { return ([], []) }
        let width = 1920, height = 1080
        let size = try PixelSize(width: width, height: height)
        let frames = options.quick ? 120 : 600
        var notes: [String] = []
        var server: Xvfb?
        do {
            server = try Xvfb(width: width, height: height)
        } catch {
            notes.append("demos: \(error); frames presented to HeadlessHost instead (no X11 present cost)")
        }
        var records: [BenchRecord] = []
        var path = server == nil ? "HeadlessHost" : "X11Host"
        for demo in DemoCatalog.all where options.wants("demo \(demo.name)") {
            let host: any Hosts.Host
            if let server {
                let x11 = try X11Host(title: "kinescope-bench \(demo.name)", size: size, displayName: server.display)
                path = "X11Host \(x11.presentationPath)"
                host = x11
            } else {
                host = try HeadlessHost(size: size)
            }
            let clock = VirtualClock()
            let loop = ApplicationRunLoop(host: host, clock: clock, framesPerSecond: 60, threadCount: options.threads)
            let window = DemoCatalog.window(for: demo, size: size)
            loop.show(window)
            try loop.runTurn(maximumWait: .zero)  // laid out and shown before the first click
            let centre = CGPoint(x: width / 2, y: height / 2)
            let period = Self.clickPeriod[demo.name] ?? 60
            var times: [Double] = [], cpuTimes: [Double] = []
            times.reserveCapacity(frames)
            cpuTimes.reserveCapacity(frames)
            for frame in -30..<frames {
                if frame > -30 { clock.advance(by: 1.0 / 60) }
                let start = Stopwatch.now(.wall), cpuStart = Stopwatch.now(.processCPU)
                if (frame + 30) % period == 0 {
                    window.sendTouch(.began, at: centre, timestamp: clock.now)
                    window.sendTouch(.ended, at: centre, timestamp: clock.now)
                }
                try loop.runTurn(maximumWait: .zero)
                if frame >= 0 {
                    times.append((Stopwatch.now(.wall) - start) * 1000)
                    cpuTimes.append((Stopwatch.now(.processCPU) - cpuStart) * 1000)
                }
            }
            for p in [50.0, 95, 99] {
                records.append(BenchRecord(name: "demo \(demo.name) frame p\(Int(p))", size: sizeText(width, height),
                                           threads: options.threads, ours: percentile(times, p)))
            }
            for p in [50.0, 99] {
                records.append(BenchRecord(name: "demo \(demo.name) frame CPU p\(Int(p))", size: sizeText(width, height),
                                           threads: options.threads, ours: percentile(cpuTimes, p)))
            }
        }
        if let server, options.wants("present") {
            records += try presentCost(display: server.display, size: size)
        }
        if server != nil, options.wants("present") { notes.append("present: X11Host.backBuffer + present + synchronize (XSync) of a whole unchanged frame under Xvfb, median wall ms; XPutImage forced with KINESCOPE_NO_SHM=1") }
        notes.append("demos: \(frames) frames each, wall time of one run-loop turn (evaluate + composite + present through \(path)), 60 Hz virtual clock, re-clicked when each effect ends; 'CPU' = this process's CPU time in the turn, all threads added (not Xvfb's)")
        return (records, notes)
    }

    /// What presenting a whole 1920×1080 frame costs the client until the server has it:
    /// `backBuffer` + `present` + `XSync`, through MIT-SHM and through `XPutImage`
    /// (`KINESCOPE_NO_SHM=1`, read when the host is made), median wall milliseconds.
    private func presentCost(display: String, size: PixelSize) throws -> [BenchRecord] {
        func measure(sharedMemory: Bool) throws -> Double {
            if sharedMemory { unsetenv("KINESCOPE_NO_SHM") } else { setenv("KINESCOPE_NO_SHM", "1", 1) }
            defer { unsetenv("KINESCOPE_NO_SHM") }
            let host = try X11Host(title: "kinescope-bench present", size: size, displayName: display)
            var failure: (any Error)?
            let ms = Stopwatch.medianMilliseconds(runs: options.quick ? 30 : 120, warmUp: 10, clock: .wall) {
                do {
                    _ = try host.backBuffer()
                    try host.present()
                    try host.synchronize()
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            return ms
        }
        let shm = try measure(sharedMemory: true)
        let putImage = try measure(sharedMemory: false)
        return [BenchRecord(name: "present whole frame + XSync, MIT-SHM", size: sizeText(size.width, size.height),
                            threads: 1, ours: shm, peer: "XPutImage", peerValue: putImage)]
    }
}
