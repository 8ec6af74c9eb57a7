import BenchmarkSupport
import Foundation
import Kinescope
import KinescopeDemos

/// View-controller transitions at 1920×1080 (issue 20's budget: every frame ≤ 8.3 ms, p99): the
/// navigation demo driven by input scripts — a push and its pop, the same with the cube animator,
/// an interactive edge pop, a tab fade, each modal presentation and its dismissal, the alerts,
/// and a page-curl drag. Each frame is one run-loop turn on a `HeadlessHost` (the present's cost
/// is the demos section's), the virtual clock stepped 1/60 s, timed on the wall clock from the
/// first event to the scenario's end (every frame of it, animating or not); all threads. Beside
/// the wall time, each frame's CPU time (every thread of the process added up: steadier on a
/// loaded machine, and what two threads' frame costs in all). `KINESCOPE_NO_CACHES=1` measures
/// the compositor without its caches (the before of issue 22).
@MainActor
struct NavigationBenchmarks {
    let options: BenchOptions

    private static let width = 1920, height = 1080
    /// Tab centres on the bar (three equal tabs) and its middle line.
    private static let tabY = CGFloat(height) - 24
    private static func tab(_ index: Int) -> CGFloat { CGFloat(width) / 3 * (CGFloat(index) + 0.5) }
    private static let centre = "\(width / 2) \(height / 2)"

    /// (case name, script text, seconds to run).
    private static var scenarios: [(String, String, Double)] {
        let rowOne = "300 72"
        var list: [(String, String, Double)] = [
            ("push and pop", "0.1 click \(rowOne)\n1.0 click \(centre)\n", 1.8),
            ("cube push and pop", "0.1 click 1880 22\n0.3 click \(rowOne)\n1.2 click \(centre)\n", 2.0),
            ("interactive pop drag", "0.1 click \(rowOne)\n1.0 drag 2 540 -> 1200 540 over 0.5\n", 2.2),
            ("tab fade", "0.1 click \(Int(tab(1))) \(Int(tabY))\n0.6 click \(Int(tab(0))) \(Int(tabY))\n", 1.0),
            ("page-curl drag", "0.1 click \(Int(tab(2))) \(Int(tabY))\n0.6 drag 1900 600 -> 700 580 over 0.6\n", 1.8),
        ]
        let modals = ["cover vertical", "cross dissolve", "flip horizontal", "partial curl", "page sheet", "form sheet",
                      "over full screen", "ripple", "bars swipe", "alert", "action sheet"]
        for (row, name) in modals.enumerated() {
            let y = 44 + 48 * row + 24
            list.append(("modal \(name)", "0.1 click \(Int(tab(1))) \(Int(tabY))\n0.6 click 300 \(y)\n1.6 click \(centre)\n", 2.6))
        }
        return list
    }

    func run() throws -> ([BenchRecord], [String]) {
        let size = try PixelSize(width: Self.width, height: Self.height)
        var records: [BenchRecord] = []
        for (name, text, seconds) in Self.scenarios where options.wants("navigation \(name)") {
            let script = try InputScript(parsing: text, source: name)
            var times: [Double] = [], cpuTimes: [Double] = []
            for run in 0..<(options.quick ? 1 : 3) {
                let host = try HeadlessHost(size: size)
                let clock = VirtualClock()
                let loop = ApplicationRunLoop(host: host, clock: clock, framesPerSecond: 60, threadCount: options.threads)
                host.owner = loop
                let demo = try DemoCatalog.demo(named: "navigation")
                host.show(DemoCatalog.window(for: demo, size: size))
                var player = InputScriptPlayer(script)
                player.deliverEvents(dueBy: 0, to: host)
                for frame in 1...Int(seconds * 60) {
                    let start = Stopwatch.now(.wall), cpuStart = Stopwatch.now(.processCPU)
                    clock.advance(by: 1.0 / 60)
                    player.deliverEvents(dueBy: Double(frame) / 60, to: host)
                    try loop.runTurn(maximumWait: .zero)
                    if run > 0 || options.quick {
                        times.append((Stopwatch.now(.wall) - start) * 1000)
                        cpuTimes.append((Stopwatch.now(.processCPU) - cpuStart) * 1000)
                    }
                }
            }
            for p in [50.0, 99] {
                records.append(BenchRecord(name: "navigation \(name) frame p\(Int(p))", size: sizeText(Self.width, Self.height),
                                           threads: options.threads, ours: percentile(times, p)))
            }
            for p in [50.0, 99] {
                records.append(BenchRecord(name: "navigation \(name) frame CPU p\(Int(p))",
                                           size: sizeText(Self.width, Self.height),
                                           threads: options.threads, ours: percentile(cpuTimes, p)))
            }
        }
        return (records, ["navigation: wall ms of each run-loop turn (input, layout, commit, evaluation, compositing; HeadlessHost, no present) "
                          + "over every frame of each scripted scenario of the navigation demo, runs 2–3 of 3; "
                          + "frame CPU: the process's CPU ms of each turn, all threads added"])
    }
}
