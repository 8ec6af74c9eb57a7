import Kinescope
import XCTest

/// A delegate that logs every call by name (consecutive `didScroll`s once), with what the test
/// asks for, and can rewrite the drag's target.
@MainActor
final class ScrollDelegateLog: UIScrollViewDelegate {
    var entries: [String] = []
    var scrollCount = 0
    var releaseVelocity: CGPoint?
    var proposedTarget: CGPoint?
    var releaseOffset: CGPoint?
    var releaseTime: Double?
    /// When set, written to the target in `scrollViewWillEndDragging`.
    var rewrittenTarget: CGPoint?
    var zoomingView: UIView?

    private func log(_ entry: String) {
        if entry == "didScroll", entries.last == "didScroll" { return }
        entries.append(entry)
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        scrollCount += 1
        log("didScroll")
    }
    func scrollViewDidZoom(_ scrollView: UIScrollView) { log("didZoom") }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { log("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        log("willEndDragging")
        releaseVelocity = velocity
        proposedTarget = targetContentOffset.pointee
        releaseOffset = scrollView.contentOffset
        releaseTime = CACurrentMediaTime()
        if let rewrittenTarget { targetContentOffset.pointee = rewrittenTarget }
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        log("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { log("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { log("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { log("didEndScrollingAnimation") }
    func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomingView }
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) { log("willBeginZooming") }
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        log("didEndZooming")
    }
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView) { log("didScrollToTop") }
}

/// A view that counts its `draw(_:)` calls.
@MainActor
final class DrawCountingView: UIView {
    var draws = 0
    override func draw(_ rect: CGRect) {
        draws += 1
        UIColor.blue.setFill()
        UIBezierPath(rect: CGRect(x: 10, y: 10, width: bounds.width - 20, height: 20)).fill()
    }
}

@MainActor
struct ScrollScene {
    let host: HeadlessHost
    let window: UIWindow
    let scrollView: UIScrollView
    let log: ScrollDelegateLog
    var now: Double { host.runLoop.engine.clock.now }

    /// One frame of virtual time.
    func frame() { host.advance(by: 1.0 / Double(host.runLoop.framesPerSecond)) }

    /// Drags by moving the pointer `step` per frame for `frames` frames from `start`, then
    /// releases at once (a flick) or after `still` seconds without moving.
    func drag(from start: CGPoint, step: CGPoint, frames: Int, stillBeforeRelease still: Double = 0) {
        host.scriptedDrag(from: start, step: step, frames: frames, stillBeforeRelease: still)
    }
}

extension HeadlessHost {
    /// Presses at `start`, moves the pointer `step` per frame (of the run loop's rate) for
    /// `frames` frames, then releases at once (a flick) or after `still` seconds without moving.
    @MainActor
    func scriptedDrag(from start: CGPoint, step: CGPoint, frames: Int, stillBeforeRelease still: Double = 0) {
        pressPointer(at: start)
        var point = start
        for _ in 0..<frames {
            advance(by: 1.0 / Double(runLoop.framesPerSecond))
            point = CGPoint(x: point.x + step.x, y: point.y + step.y)
            movePointer(to: point)
        }
        if still > 0 { advance(by: still) }
        releasePointer(at: point)
    }
}

/// A 200×150 window holding a 200×150 scroll view (at `scrollFrame` in a larger window when
/// `windowSize` is given) whose content is `contentSize`, striped so that scrolling shows (the
/// stripes stop 10 points short of the right edge, where the vertical indicator is drawn).
@MainActor
func makeScrollScene(contentSize: CGSize = CGSize(width: 200, height: 2000), windowSize: CGSize? = nil,
                     scrollFrame: CGRect = CGRect(x: 0, y: 0, width: 200, height: 150)) throws -> ScrollScene {
    let size = windowSize ?? scrollFrame.size
    let host = try HeadlessHost(size: size)
    let window = UIWindow(frame: CGRect(origin: .zero, size: size))
    window.backgroundColor = .white
    let scrollView = UIScrollView(frame: scrollFrame)
    scrollView.contentSize = contentSize
    let stripes = max(1, Int(min(contentSize.height, 4000) / 50))
    for index in 0..<stripes {
        let stripe = UIView(frame: CGRect(x: 0, y: CGFloat(index) * 50, width: min(contentSize.width, 4000) - 10, height: 25))
        stripe.backgroundColor = index % 2 == 0 ? .red : .green
        scrollView.addSubview(stripe)
    }
    window.addSubview(scrollView)
    let log = ScrollDelegateLog()
    scrollView.delegate = log
    host.show(window)
    return ScrollScene(host: host, window: window, scrollView: scrollView, log: log)
}

/// Apple's deceleration: the distance travelled `t` seconds after a release at `v` points per
/// second, at `rate` per millisecond.
func decayDistance(velocity v: Double, rate: Double, after t: Double) -> Double {
    v / 1000 * rate / (1 - rate) * (1 - pow(rate, 1000 * t))
}
