import BenchmarkSupport
import Foundation
import Kinescope

/// A scroll step at 1920×1080: a window-filling `UIScrollView` of 200 rows (each a background,
/// a rounded thumbnail with a border and two text-like bars), scrolled by one wheel notch per
/// frame — down to the end, then back up — through a `HeadlessHost` run loop: event delivery,
/// layout, the damage walk, compositing of the scroll view's area and the present. The
/// content's render nodes are reused (only the scroll view's own node and its indicator
/// change), so this is the cost of re-compositing the visible content from cached nodes; the
/// whole frame is damaged because the scroll view fills it (no copy within the back buffer yet).
@MainActor
struct ScrollBenchmarks {
    let options: BenchOptions

    func run() throws -> ([BenchRecord], [String]) {
        guard options.wants("scroll step") else { return ([], []) }
        let width = 1920, height = 1080
        let host = try HeadlessHost(size: try PixelSize(width: width, height: height))
        let clock = VirtualClock()
        let loop = ApplicationRunLoop(host: host, clock: clock, framesPerSecond: 60, threadCount: options.threads)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
        window.backgroundColor = .white
        let scrollView = UIScrollView(frame: window.bounds)
        let rowHeight: CGFloat = 80, rows = 200
        for index in 0..<rows {
            let row = UIView(frame: CGRect(x: 0, y: CGFloat(index) * rowHeight, width: CGFloat(width), height: rowHeight))
            row.backgroundColor = index % 2 == 0 ? UIColor(white: 0.97, alpha: 1) : .white
            let thumbnail = UIView(frame: CGRect(x: 16, y: 8, width: 64, height: 64))
            thumbnail.backgroundColor = UIColor(red: CGFloat(index % 7) / 7, green: 0.5, blue: 0.8, alpha: 1)
            thumbnail.layer.cornerRadius = 10
            thumbnail.layer.borderWidth = 1
            thumbnail.layer.borderColor = UIColor(white: 0, alpha: 0.2).cgColor
            row.addSubview(thumbnail)
            for (line, length) in [(0, 640.0), (1, 420.0)] {
                let bar = UIView(frame: CGRect(x: 96, y: 20 + CGFloat(line) * 24, width: length, height: 14))
                bar.backgroundColor = UIColor(white: line == 0 ? 0.2 : 0.55, alpha: 1)
                bar.layer.cornerRadius = 3
                row.addSubview(bar)
            }
            scrollView.addSubview(row)
        }
        scrollView.contentSize = CGSize(width: CGFloat(width), height: CGFloat(rows) * rowHeight)
        window.addSubview(scrollView)
        loop.show(window)
        try loop.runTurn(maximumWait: .zero)
        let frames = options.quick ? 120 : 600
        var times: [Double] = [], cpuTimes: [Double] = []
        var direction: CGFloat = 1
        let centre = CGPoint(x: width / 2, y: height / 2)
        for frame in -30..<frames {
            clock.advance(by: 1.0 / 60)
            let before = scrollView.contentOffset
            let start = Stopwatch.now(.wall), cpuStart = Stopwatch.now(.processCPU)
            window.sendScroll(deltaX: 0, deltaY: direction, at: centre, modifierFlags: [], timestamp: clock.now)
            try loop.runTurn(maximumWait: .zero)
            if frame >= 0 {
                times.append((Stopwatch.now(.wall) - start) * 1000)
                cpuTimes.append((Stopwatch.now(.processCPU) - cpuStart) * 1000)
            }
            if scrollView.contentOffset == before { direction = -direction }
        }
        let size = sizeText(width, height)
        var records: [BenchRecord] = []
        for p in [50.0, 99] {
            records.append(BenchRecord(name: "scroll step p\(Int(p))", size: size, threads: options.threads,
                                       ours: percentile(times, p)))
        }
        records.append(BenchRecord(name: "scroll step CPU p50", size: size, threads: options.threads,
                                   ours: percentile(cpuTimes, 50)))
        let share = loop.statistics.framePixels == 0 ? 0
            : Double(loop.statistics.compositedPixels) / Double(loop.statistics.framePixels)
        return (records, ["scroll step: one wheel notch (40 pt) per frame over \(rows) rows through HeadlessHost, "
                          + "wall ms of the run-loop turn; \(Int((share * 100).rounded()))% of the frame's pixels re-composited"])
    }
}
