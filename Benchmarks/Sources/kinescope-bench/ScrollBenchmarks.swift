import BenchmarkSupport
import Foundation
import Kinescope
import KinescopeDemos

/// A scroll step at 1920×1080: a window-filling `UIScrollView` of 200 rows (each a background,
/// a rounded thumbnail with a border and two text-like bars), scrolled by one wheel notch per
/// frame — down to the end, then back up — through a `HeadlessHost` run loop: event delivery,
/// layout, the damage walk, compositing of the scroll view's area and the present. The
/// content's render nodes are reused (only the scroll view's own node and its indicator
/// change). By default the run loop moves the pixels already in the back buffer and composites
/// only the uncovered band and the indicator ("scroll step"); "scroll step without blit" turns
/// that off (`ApplicationRunLoop.movesScrolledPixels`, `KINESCOPE_SCROLL_BLIT=0`), which
/// re-composites the whole visible content from cached nodes: the scroll view fills the window.
///
/// "table scroll step" does the same to the `scroll` demo's 10 000-row `UITableView` (rows of
/// 44/64/88 points with images, subtitles and accessories, under the photo carousel): each notch
/// also enqueues the rows that left and configures reused cells for the rows that came on.
@MainActor
struct ScrollBenchmarks {
    let options: BenchOptions

    func run() throws -> ([BenchRecord], [String]) {
        var records: [BenchRecord] = [], notes: [String] = []
        for blit in [true, false] {
            let (stepRecords, stepNotes) = try runScrollView(blit: blit)
            let (tableRecords, tableNotes) = try runTable(blit: blit)
            records += stepRecords + tableRecords
            notes += stepNotes + tableNotes
        }
        let (flickRecords, flickNotes) = try runFlicks()
        return (records + flickRecords, notes + flickNotes)
    }

    /// Issue 19's flick: the scroll demo's 10 000-row table flicked by a drag (a fast 10-frame
    /// swipe of 600 points, released moving) every 2 s, alternately up and down, over 10 s of
    /// 60 fps frames (`--quick`: 4 s), each frame one run-loop turn; the deceleration runs
    /// through fractional offsets (the normal compositing path). A frame over 16.7 ms counts as
    /// dropped.
    private func runFlicks() throws -> ([BenchRecord], [String]) {
        guard options.wants("table flick") else { return ([], []) }
        let width = 1920, height = 1080
        let host = try HeadlessHost(size: try PixelSize(width: width, height: height))
        let clock = VirtualClock()
        let loop = ApplicationRunLoop(host: host, clock: clock, framesPerSecond: 60, threadCount: options.threads)
        let demo = try DemoCatalog.demo(named: "scroll")
        let window = DemoCatalog.window(for: demo, size: try PixelSize(width: width, height: height))
        loop.show(window)
        try loop.runTurn(maximumWait: .zero)
        guard let table = window.rootViewController?.view.subviews.compactMap({ $0 as? UITableView }).first else { return ([], []) }
        let x = table.frame.midX, top = table.frame.minY + 100, bottom = table.frame.maxY - 100
        let frames = options.quick ? 240 : 600
        var times: [Double] = []
        var upwards = true
        for frame in -30..<frames {
            clock.advance(by: 1.0 / 60)
            let start = Stopwatch.now(.wall)
            let phase = (frame + 30) % 120
            if phase < 11 {
                // Up the screen (content scrolls down the list) then back, 60 points a frame.
                let from = upwards ? bottom : top, step: CGFloat = upwards ? -60 : 60
                let point = CGPoint(x: x, y: from + step * CGFloat(phase))
                window.sendTouch(phase == 0 ? .began : phase == 10 ? .ended : .moved, at: point, timestamp: clock.now)
                if phase == 10 { upwards.toggle() }
            }
            try loop.runTurn(maximumWait: .zero)
            if frame >= 0 { times.append((Stopwatch.now(.wall) - start) * 1000) }
        }
        let size = sizeText(width, height)
        let dropped = times.filter { $0 > 1000.0 / 60 }.count
        let records = [50.0, 99].map {
            BenchRecord(name: "table flick p\(Int($0))", size: size, threads: options.threads, ours: percentile(times, $0))
        }
        return (records, ["table flick: a 600-point swipe every 2 s over \(frames) frames at 60 fps; "
                          + "\(dropped) frames over 16.7 ms; \(movedShare(loop))"])
    }

    /// " without blit" when moving scrolled pixels is off, else nothing: the case name's suffix.
    private func suffix(_ blit: Bool) -> String { blit ? "" : " without blit" }

    /// How many of the loop's presented frames moved pixels, for the notes.
    private func movedShare(_ loop: ApplicationRunLoop) -> String {
        "\(loop.statistics.scrolledFrames) of \(loop.statistics.presentedFrames) frames moved pixels"
    }

    private func runTable(blit: Bool) throws -> ([BenchRecord], [String]) {
        guard options.wants("table scroll step\(suffix(blit))") else { return ([], []) }
        let width = 1920, height = 1080
        let host = try HeadlessHost(size: try PixelSize(width: width, height: height))
        let clock = VirtualClock()
        let loop = ApplicationRunLoop(host: host, clock: clock, framesPerSecond: 60, threadCount: options.threads)
        loop.movesScrolledPixels = blit
        let demo = try DemoCatalog.demo(named: "scroll")
        let window = DemoCatalog.window(for: demo, size: try PixelSize(width: width, height: height))
        loop.show(window)
        try loop.runTurn(maximumWait: .zero)
        guard let table = window.rootViewController?.view.subviews.compactMap({ $0 as? UITableView }).first else { return ([], []) }
        let point = CGPoint(x: table.frame.midX, y: table.frame.midY)
        let times = try steps(window: window, loop: loop, clock: clock, scrollView: table, at: point)
        let size = sizeText(width, height)
        let records = [50.0, 99].map {
            BenchRecord(name: "table scroll step\(suffix(blit)) p\(Int($0))", size: size, threads: options.threads,
                        ours: percentile(times.wall, $0))
        }
        return (records, ["table scroll step\(suffix(blit)): the scroll demo's 10 000-row table, one wheel notch per frame; "
                          + "\(table.visibleCells.count) cells on screen; \(movedShare(loop))"])
    }

    /// Wall and CPU milliseconds of each run-loop turn that delivers one wheel notch at `point`
    /// (reversing at either end), after 30 warm-up frames.
    private func steps(window: UIWindow, loop: ApplicationRunLoop, clock: VirtualClock, scrollView: UIScrollView,
                       at point: CGPoint) throws -> (wall: [Double], cpu: [Double]) {
        let frames = options.quick ? 120 : 600
        var times: [Double] = [], cpuTimes: [Double] = []
        var direction: CGFloat = 1
        for frame in -30..<frames {
            clock.advance(by: 1.0 / 60)
            let before = scrollView.contentOffset
            let start = Stopwatch.now(.wall), cpuStart = Stopwatch.now(.processCPU)
            window.sendScroll(deltaX: 0, deltaY: direction, at: point, modifierFlags: [], timestamp: clock.now)
            try loop.runTurn(maximumWait: .zero)
            if frame >= 0 {
                times.append((Stopwatch.now(.wall) - start) * 1000)
                cpuTimes.append((Stopwatch.now(.processCPU) - cpuStart) * 1000)
            }
            if scrollView.contentOffset == before { direction = -direction }
        }
        return (times, cpuTimes)
    }

    private func runScrollView(blit: Bool) throws -> ([BenchRecord], [String]) {
        guard options.wants("scroll step\(suffix(blit))") else { return ([], []) }
        let width = 1920, height = 1080
        let host = try HeadlessHost(size: try PixelSize(width: width, height: height))
        let clock = VirtualClock()
        let loop = ApplicationRunLoop(host: host, clock: clock, framesPerSecond: 60, threadCount: options.threads)
        loop.movesScrolledPixels = blit
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
        let (times, cpuTimes) = try steps(window: window, loop: loop, clock: clock, scrollView: scrollView,
                                          at: CGPoint(x: width / 2, y: height / 2))
        let size = sizeText(width, height)
        var records: [BenchRecord] = []
        for p in [50.0, 99] {
            records.append(BenchRecord(name: "scroll step\(suffix(blit)) p\(Int(p))", size: size, threads: options.threads,
                                       ours: percentile(times, p)))
        }
        records.append(BenchRecord(name: "scroll step\(suffix(blit)) CPU p50", size: size, threads: options.threads,
                                   ours: percentile(cpuTimes, 50)))
        let share = loop.statistics.framePixels == 0 ? 0
            : Double(loop.statistics.compositedPixels) / Double(loop.statistics.framePixels)
        return (records, ["scroll step\(suffix(blit)): one wheel notch (40 pt) per frame over \(rows) rows through HeadlessHost, "
                          + "wall ms of the run-loop turn; \(Int((share * 100).rounded()))% of the frame's pixels re-composited; "
                          + movedShare(loop)])
    }
}
