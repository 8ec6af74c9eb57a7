import Kinescope
import XCTest

/// A 100×100 headless window at 20 frames per second (quick in debug builds, exact in time),
/// with an empty root view, shown and rendered once.
@MainActor
func makeAnimationStage(size: CGFloat = 100) throws -> (host: HeadlessHost, root: UIView) {
    let host = try HeadlessHost(size: CGSize(width: size, height: size), framesPerSecond: 20)
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: size, height: size))
    let controller = UIViewController()
    window.rootViewController = controller
    host.show(window)
    return (host, controller.view)
}

/// A stage with a red 20×20 square centred at (`centerX`, 50), committed (one frame shown) so
/// that it has a presentation to animate from.
@MainActor
func makeSquareStage(centerX: CGFloat = 10) throws -> (host: HeadlessHost, square: UIView) {
    let (host, root) = try makeAnimationStage()
    let square = UIView(frame: CGRect(x: centerX - 10, y: 40, width: 20, height: 20))
    square.backgroundColor = .red
    root.addSubview(square)
    host.advance(by: 1.0 / 20)
    return (host, square)
}

/// Runs one run-loop turn without letting time pass: the open implicit transaction commits,
/// so animations made since begin now and `advance(by: t)` then samples them at exactly `t`.
@MainActor
func commitNow(_ host: HeadlessHost) {
    try? host.runLoop.runTurn(maximumWait: .zero)
}

/// What an animate block's completion received; nil until it is called.
@MainActor
final class FinishLog {
    var finished: Bool?
}

/// Fades `square` out in a 1 s animate block with `options` after `delay`, committed at once
/// (so `advance(by: t)` samples it at `t`), its completion logged.
@MainActor
func startFade(_ square: UIView, on host: HeadlessHost, options: UIView.AnimationOptions,
               delay: TimeInterval = 0) -> FinishLog {
    let log = FinishLog()
    UIView.animate(withDuration: 1, delay: delay, options: options, animations: { square.alpha = 0 },
                   completion: { log.finished = $0 })
    commitNow(host)
    return log
}

/// The centre x shown now.
@MainActor
func shownX(_ view: UIView) -> CGFloat {
    view.layer.presentation()?.position.x ?? .nan
}

/// The alpha shown now.
@MainActor
func shownAlpha(_ view: UIView) -> Double {
    Double(view.layer.presentation()?.opacity ?? .nan)
}

/// A plain reference for a timing curve: the cubic Bézier from (0, 0) to (1, 1) with control
/// points `c1`, `c2`, solved for `x` by bisection (independent of the library's solver).
func referenceBezier(_ c1: (Double, Double), _ c2: (Double, Double), at x: Double) -> Double {
    func coordinate(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    var low = 0.0, high = 1.0
    for _ in 0..<80 {
        let mid = (low + high) / 2
        if coordinate(c1.0, c2.0, mid) < x { low = mid } else { high = mid }
    }
    return coordinate(c1.1, c2.1, (low + high) / 2)
}

/// Apple's control points of the named curves.
let easeInPoints = ((0.42, 0.0), (1.0, 1.0))
let easeOutPoints = ((0.0, 0.0), (0.58, 1.0))
let easeInOutPoints = ((0.42, 0.0), (0.58, 1.0))

/// Counts the touches that begin on it.
final class TouchCountingView: UIView {
    var touchesBegun = 0

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        touchesBegun += 1
    }
}

/// Lays its one subview out across its whole width, 10 points high.
final class StretchingView: UIView {
    let bar = UIView()

    override func layoutSubviews() {
        bar.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 10)
    }
}
