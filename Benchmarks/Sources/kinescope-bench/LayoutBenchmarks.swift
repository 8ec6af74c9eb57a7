import BenchmarkSupport
import Foundation
import Kinescope

/// Auto Layout: the first layout pass of a 1920×1080 screen of 75 views held by 300 constraints
/// (rows of views chained leading to trailing with 8-point gaps, each row a fraction of the
/// screen's width; a fifth of the views carry an intrinsic size, so hugging and compression
/// constraints join in), the pass after one constant edit on it (the constraint animation
/// idiom's per-change cost), and the first pass of 2 500 views held by 10 000 constraints.
/// Every time is one thread's CPU time of `layoutIfNeeded()` (constraint collection, solving
/// and setting the frames), the hierarchy built outside the timing.
@MainActor
struct LayoutBenchmarks {
    let options: BenchOptions

    private final class Sized: UIView {
        override var intrinsicContentSize: CGSize { CGSize(width: 60, height: 24) }
    }

    /// A screen of `views` views in rows of `perRow`, four constraints each; returns the root
    /// and the first row's leading constraint.
    private func makeScreen(views count: Int, perRow: Int) -> (UIView, NSLayoutConstraint) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 1920, height: 1080))
        var constraints: [NSLayoutConstraint] = []
        var previous: UIView?
        var rowTop: UIView?
        var first: NSLayoutConstraint?
        for index in 0..<count {
            let view: UIView = index % 5 == 0 ? Sized() : UIView()
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
            let column = index % perRow
            if column == 0 {
                let leading = view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8)
                first = first ?? leading
                constraints.append(leading)
                constraints.append(rowTop.map { view.topAnchor.constraint(equalTo: $0.bottomAnchor, constant: 4) }
                                   ?? view.topAnchor.constraint(equalTo: root.topAnchor, constant: 4))
                rowTop = view
            } else if let previous {
                constraints.append(view.leadingAnchor.constraint(equalTo: previous.trailingAnchor, constant: 8))
                constraints.append(view.topAnchor.constraint(equalTo: previous.topAnchor))
            }
            constraints.append(view.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 1 / CGFloat(perRow + 1)))
            constraints.append(view.heightAnchor.constraint(equalToConstant: 20))
            previous = view
        }
        NSLayoutConstraint.activate(constraints)
        return (root, first!)
    }

    private func firstPass(views: Int, perRow: Int, runs: Int) -> Double {
        var times: [Double] = []
        for run in -1..<runs {
            let (root, _) = makeScreen(views: views, perRow: perRow)
            let start = Stopwatch.now()
            root.layoutIfNeeded()
            if run >= 0 { times.append((Stopwatch.now() - start) * 1000) }
        }
        return percentile(times, 50)
    }

    func run() -> ([BenchRecord], [String]) {
        var records: [BenchRecord] = []
        if options.wants("layout 300 constraints first pass") {
            records.append(BenchRecord(name: "layout 300 constraints first pass", size: "1920x1080", threads: 1,
                                       ours: firstPass(views: 75, perRow: 15, runs: options.runs)))
        }
        if options.wants("layout 300 constraints constant edit") {
            let (root, leading) = makeScreen(views: 75, perRow: 15)
            root.layoutIfNeeded()
            let ms = Stopwatch.medianMilliseconds(runs: options.runs * 10, warmUp: 4) { i in
                leading.constant = i % 2 == 0 ? 16 : 8
                root.layoutIfNeeded()
            }
            records.append(BenchRecord(name: "layout 300 constraints constant edit", size: "1920x1080", threads: 1, ours: ms))
        }
        if options.wants("layout 10000 constraints first pass") {
            records.append(BenchRecord(name: "layout 10000 constraints first pass", size: "1920x1080", threads: 1,
                                       ours: firstPass(views: 2500, perRow: 50, runs: options.quick ? 1 : 3)))
        }
        return (records, ["layout: CPU ms of one layoutIfNeeded() — collect constraints, solve (Cassowary), set frames; "
                          + "the constant edit moves a whole row of 15 views"])
    }
}
