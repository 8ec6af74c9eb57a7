import BenchmarkSupport
import Kinescope

/// Every registered transition: milliseconds per 1920×1080 frame from two full-frame pictures,
/// through `TransitionRenderer` (the bands the viewer and `kinescope transition` use), on one
/// thread and on all. Each timed run draws a different progress (0.05, 0.15, … 0.95 in turn),
/// since a transition's cost changes along the way; the median is over those runs. The inputs
/// are still pictures, passed with a constant `inputGeneration` as `kinescope transition` and
/// the viewer do, so work that depends on the inputs alone (mip levels) is kept between frames.
///
/// A median over progress hides the frames that cost most (a page curl is cheap at its ends and
/// dear in the middle), and a frame budget is about every frame: so each transition also gets a
/// one-thread "slowest progress" record — the largest, over the ten progress points, of the
/// median of five frames drawn at that point — and every subtype besides the default one gets
/// its own median and slowest-progress records. Five, not three: on the shared 2-core machine
/// one frame in several runs 20–40 % slow when the other core is busy, and the largest of ten
/// medians of three picked such frames up often enough to move the record by 2–3 ms from run to
/// run.
struct TransitionBenchmarks {
    let options: BenchOptions

    static let notes = [
        "transitions: median over progress 0.05…0.95 (one progress per run), default parameters, still inputs (constant inputGeneration, as the CLI); no peer",
        "transitions, slowest progress: one thread's CPU time, the largest over progress 0.05…0.95 of the median of 5 frames at each point",
    ]

    func run() -> [BenchRecord] {
        let width = 1920, height = 1080
        let from = TestImage.photo(width: width, height: height)
        let to = Bitmap(size: from.size, filledWith: PremultipliedColor(packed: 0xFF10_1820))
        to.drawImage(from, inverseTransform: .scale(x: -1, y: 1).concatenating(.translation(x: Double(width), y: 0)),
                     options: ImageDrawOptions(filter: .nearest))
        to.fill(PixelRect(x: width / 4, y: height / 4, width: width / 2, height: height / 2),
                with: PremultipliedColor(packed: 0xFFE0_8030), operation: .copy)
        let destination = Bitmap(size: from.size)
        let progresses = stride(from: 0.05, through: 0.951, by: 0.1).map { $0 }
        let renderers = options.threadCounts.map { TransitionRenderer(threadCount: $0) }
        var records: [BenchRecord] = []
        for type in TransitionRegistry.all {
            let name = type.name
            guard options.wants("transition \(name)") else { continue }
            guard let transition = try? TransitionRegistry.make(named: name) else { continue }
            for renderer in renderers {
                let clock: Stopwatch.Clock = renderer.threadCount == 1 ? .threadCPU : .wall
                let ms = Stopwatch.medianMilliseconds(runs: max(options.runs, progresses.count), clock: clock) { (run: Int) in
                    let p = progresses[(run + progresses.count) % progresses.count]
                    try! renderer.render(transition, from: from, to: to, progress: p, into: destination, inputGeneration: 0)
                }
                records.append(BenchRecord(name: "transition \(name)", size: sizeText(width, height),
                                           threads: renderer.threadCount, ours: ms))
                if renderer.threadCount > 1 {
                    // CPU of all threads added: about the one-thread time when the bands split the
                    // work, a multiple of it when each band repeats work of the whole frame.
                    let cpu = Stopwatch.medianMilliseconds(runs: max(options.runs, progresses.count), clock: .processCPU) { (run: Int) in
                        let p = progresses[(run + progresses.count) % progresses.count]
                        try! renderer.render(transition, from: from, to: to, progress: p, into: destination, inputGeneration: 0)
                    }
                    records.append(BenchRecord(name: "transition \(name), CPU of all threads", size: sizeText(width, height),
                                               threads: renderer.threadCount, ours: cpu))
                }
            }
            let oneThread = TransitionRenderer(threadCount: 1)
            func render(_ variant: any Transition, _ p: Double) {
                try! oneThread.render(variant, from: from, to: to, progress: p, into: destination, inputGeneration: 0)
            }
            func slowest(_ variant: any Transition) -> Double {
                progresses.map { p in
                    Stopwatch.medianMilliseconds(runs: options.quick ? 1 : 5, warmUp: 1, clock: .threadCPU) { render(variant, p) }
                }.max() ?? .nan
            }
            records.append(BenchRecord(name: "transition \(name), slowest progress", size: sizeText(width, height),
                                       threads: 1, ours: slowest(transition)))
            for subtype in otherSubtypes(of: type) {
                guard let variant = try? TransitionRegistry.make(named: name, parameters: ["subtype": subtype]) else { continue }
                let ms = Stopwatch.medianMilliseconds(runs: max(options.runs, progresses.count), clock: .threadCPU) { (run: Int) in
                    render(variant, progresses[(run + progresses.count) % progresses.count])
                }
                records.append(BenchRecord(name: "transition \(name) \(subtype)", size: sizeText(width, height), threads: 1, ours: ms))
                records.append(BenchRecord(name: "transition \(name) \(subtype), slowest progress", size: sizeText(width, height),
                                           threads: 1, ours: slowest(variant)))
            }
        }
        return records
    }

    /// The choices of a transition's `subtype` parameter other than its default, or none.
    private func otherSubtypes(of type: any Transition.Type) -> [String] {
        guard let parameter = type.parameters.first(where: { $0.key == "subtype" }),
              case let .choice(defaultValue, options) = parameter.kind else { return [] }
        return options.filter { $0 != defaultValue }
    }
}
