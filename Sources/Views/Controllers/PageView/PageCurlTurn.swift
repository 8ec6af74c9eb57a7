import Foundation
import Geometry
import Graphics
import Layers
import Raster
import Transitions

/// One `.pageCurl` page turn, dragged, tapped or programmatic: the pages are snapshotted once
/// when it begins, and each frame in which the turn moves draws one curl frame
/// (`PointerPageCurl`) into one of two reused bitmaps shown as the contents of a view over the
/// pages (two, so that the bitmap the last render tree refers to is never the one being
/// written; each frame wraps its bitmap in a new `CGImage`, a small object, so the compositor
/// sees new contents; no bitmap is allocated per frame). Nothing is drawn in a frame where nothing moved.
///
/// Geometry, horizontal (vertical swaps the axes): the sheet that turns is the page (for a
/// `.mid` spine the half on the side of the turn). A forward turn lifts its outer corner —
/// the bottom one when the finger is in the lower half, else the top one — and carries it
/// under the finger toward the spine and over; a reverse turn of a single page brings the
/// previous page back, the same curl played backwards, with the fold line under the finger.
/// With a `.mid` spine both directions lift the outer corner of the half on that side, and the
/// other half cross-fades to the next spread's as the sheet folds over it (a choice: the back
/// of the sheet shows its front through the paper, not the next spread's page).
///
/// Release: the turn finishes when the finger is past the middle of the page along the turn
/// (half its extent) or flicked faster than `flickVelocity` in the turn's direction, and falls
/// back otherwise (or when flicked back); the rest of the turn runs for 0.1 + 0.3 × the
/// distance left (as a fraction of the turn) seconds, ease-out. A tap in an edge zone turns the
/// page over `programmaticDuration`, as does an animated `setViewControllers`.
@MainActor
final class PageCurlTurn {
    /// The duration of a tapped or programmatic turn, in seconds (ease in-out). UIKit documents
    /// none; half a second matches how long its curl takes to the eye.
    static let programmaticDuration: TimeInterval = 0.5
    /// The part of the page along the turn axis, from either edge, where a drag or tap starts a
    /// turn (at least `minimumEdgeZone` points).
    static let edgeFraction: CGFloat = 0.2
    static let minimumEdgeZone: CGFloat = 20
    /// The speed along the turn, in points per second, above which a release counts as a flick.
    static let flickVelocity: CGFloat = 300
    /// The largest curl radius, as a fraction of the sheet's extent along the turn.
    static let radiusFraction: Double = 0.12

    unowned let owner: UIPageViewController
    let direction: UIPageViewController.NavigationDirection
    let previous: [UIViewController]
    let pending: [UIViewController]
    /// Whether the delegate hears of this turn (gesture-driven turns only).
    let tellsDelegate: Bool
    private var completion: ((Bool) -> Void)?

    /// The drawing: curl model, images, reused frames and the view that shows them.
    private let model: PointerPageCurl
    private let fromImage: Bitmap, toImage: Bitmap
    private let frames: [Bitmap]
    private var nextFrame = 0
    private let scratch = TransitionScratch()
    private let curlView = UIView()
    private let scale: CGFloat
    /// The grabbed corner (pixels), the unit direction the corner travels (pixels), the cross
    /// direction, and the travel that has turned the sheet completely.
    private let corner: (x: Double, y: Double)
    private let travelDirection: (x: Double, y: Double)
    private let fullTravel: Double
    /// Whether the frames are the turn played backwards (a single page brought back).
    private let uncurls: Bool
    /// The sheet's extent along the turn, in points.
    let extent: CGFloat
    /// The direction, in the view's points, in which the finger moves to turn.
    let fingerDirection: CGPoint

    /// How far the sheet is turned, 0 (as it was) … 1 (turned), and the corner's offset across
    /// the turn in pixels (the finger's sideways movement).
    private(set) var turned: Double = 0
    private var crossOffset: (x: Double, y: Double) = (0, 0)
    private var drawn: (Double, Double, Double)?
    private var animation: (from: Double, to: Double, cross: (x: Double, y: Double), start: TimeInterval,
                            duration: TimeInterval, easeInOut: Bool, completes: Bool)?
    private var link: CADisplayLink?

    /// Which side a turn in `direction` starts from, given the spine: true for the trailing
    /// (right or bottom) edge.
    static func startsAtTrailingEdge(_ direction: UIPageViewController.NavigationDirection,
                                     spine: UIPageViewController.SpineLocation) -> Bool {
        (direction == .forward) != (spine == .max)
    }

    /// The turn direction a touch at `point` would start, if any: the edge zones along the
    /// navigation axis, when a page lies that way and no turn is running.
    static func direction(in owner: UIPageViewController, at point: CGPoint) -> UIPageViewController.NavigationDirection? {
        guard owner.curl == nil, owner.viewControllers != nil else { return nil }
        let bounds = owner.view.bounds
        let horizontal = owner.navigationOrientation == .horizontal
        let position = horizontal ? point.x - bounds.minX : point.y - bounds.minY
        let length = horizontal ? bounds.width : bounds.height
        let zone = max(minimumEdgeZone, edgeFraction * length)
        let trailing: Bool
        if position >= length - zone { trailing = true } else if position <= zone { trailing = false } else { return nil }
        let direction: UIPageViewController.NavigationDirection =
            startsAtTrailingEdge(.forward, spine: owner.spineLocation) == trailing ? .forward : .reverse
        return owner.neighbours(direction) == nil ? nil : direction
    }

    static func canBegin(in owner: UIPageViewController, at point: CGPoint) -> Bool {
        direction(in: owner, at: point) != nil
    }

    /// A turn from the pages shown to `pending`; nil (nothing changes) when the pages cannot be
    /// drawn (an empty view).
    init?(owner: UIPageViewController, direction: UIPageViewController.NavigationDirection, to pending: [UIViewController],
          grabbing point: CGPoint?, tellsDelegate: Bool, completion: ((Bool) -> Void)?) {
        guard let previous = owner.viewControllers, owner.isViewLoaded else { return nil }
        let bounds = owner.view.bounds
        let scale = kinescopeScreenScale
        guard let size = try? PixelSize(width: Int((bounds.width * scale).rounded()), height: Int((bounds.height * scale).rounded())),
              size.width > 0, size.height > 0 else { return nil }
        self.owner = owner
        self.direction = direction
        self.previous = previous
        self.pending = pending
        self.tellsDelegate = tellsDelegate
        self.completion = completion
        self.scale = scale
        let horizontal = owner.navigationOrientation == .horizontal
        let mid = owner.spineLocation == .mid
        let trailing = PageCurlTurn.startsAtTrailingEdge(direction, spine: owner.spineLocation)
        uncurls = !mid && direction == .reverse
        // The corner's edge: the outer edge of the sheet that turns; an uncurl brings back a
        // sheet whose outer edge is the one a forward turn lifts.
        let cornerAtTrailing = mid ? trailing : (uncurls ? !trailing : trailing)
        let sheet: CGRect = mid ? owner.pageFrame(trailing ? 1 : 0, of: 2) : bounds
        extent = horizontal ? sheet.width : sheet.height
        let grab = point ?? CGPoint(x: bounds.maxX, y: bounds.maxY)
        let lowCross = horizontal ? grab.y < bounds.midY : grab.x < bounds.midX
        let along = Double((cornerAtTrailing ? (horizontal ? sheet.maxX : sheet.maxY) : (horizontal ? sheet.minX : sheet.minY)) * scale)
        let across = Double((lowCross ? (horizontal ? sheet.minY : sheet.minX) : (horizontal ? sheet.maxY : sheet.maxX)) * scale)
        corner = horizontal ? (along, across) : (across, along)
        let sign: Double = cornerAtTrailing ? -1 : 1
        travelDirection = horizontal ? (sign, 0) : (0, sign)
        let fingerSign = CGFloat(uncurls ? -sign : sign)
        fingerDirection = horizontal ? CGPoint(x: fingerSign, y: 0) : CGPoint(x: 0, y: fingerSign)
        let sheetPixels = PixelRect(x: Int((sheet.minX * scale).rounded()), y: Int((sheet.minY * scale).rounded()),
                                    width: Int((sheet.width * scale).rounded()), height: Int((sheet.height * scale).rounded()))
        let radius = PageCurlTurn.radiusFraction * Double(extent * scale)
        model = PointerPageCurl(page: sheetPixels, radius: radius)
        fullTravel = 2 * Double(extent * scale) + (Double.pi + 0.6) * radius + 2
        let shown = PageCurlTurn.snapshot(owner, previous, size: size, scale: scale)
        let next = PageCurlTurn.snapshot(owner, pending, size: size, scale: scale)
        (fromImage, toImage) = uncurls ? (next, shown) : (shown, next)
        frames = [Bitmap(size: size), Bitmap(size: size)]
        turned = 0
        curlView.frame = bounds
        curlView.isUserInteractionEnabled = false
        curlView.layer.contentsScale = scale
        owner.view.addSubview(curlView)
        draw()
    }

    /// The pages' views drawn as they lie in the page view controller, into a new bitmap (once
    /// per turn).
    private static func snapshot(_ owner: UIPageViewController, _ pages: [UIViewController], size: PixelSize,
                                 scale: CGFloat) -> Bitmap {
        let bounds = owner.view.bounds
        UIGraphicsBeginImageContextWithOptions(bounds.size, false, scale)
        defer { UIGraphicsEndImageContext() }
        guard let ctx = UIGraphicsGetCurrentContext() else { return Bitmap(size: size) }
        if let background = owner.view.backgroundColor {
            ctx.setFillColor(background.cgColor)
            ctx.fill(CGRect(origin: .zero, size: bounds.size))
        }
        for (index, page) in pages.enumerated() {
            let view = page.view!
            let frame = owner.pageFrame(index, of: pages.count)
            if view.superview == nil { view.frame = frame }
            view.layoutIfNeeded()
            ctx.saveGState()
            ctx.translateBy(x: frame.minX - bounds.minX - view.bounds.minX, y: frame.minY - bounds.minY - view.bounds.minY)
            view.layer.render(in: ctx)
            ctx.restoreGState()
        }
        guard let bitmap = UIGraphicsGetImageFromCurrentImageContext()?.cgImage?.bitmap, bitmap.size == size else {
            return Bitmap(size: size)
        }
        return bitmap
    }

    /// Draws the frame for the current state, unless it is the one shown.
    private func draw() {
        let state = (turned, crossOffset.x, crossOffset.y)
        if let drawn, drawn == state { return }
        drawn = state
        let travel = (uncurls ? 1 - turned : turned) * fullTravel
        let target = (x: corner.x + travelDirection.x * travel + crossOffset.x,
                      y: corner.y + travelDirection.y * travel + crossOffset.y)
        let frame = frames[nextFrame]
        nextFrame = 1 - nextFrame
        model.render(from: fromImage, to: toImage, corner: corner, target: target, into: frame, clip: frame.bounds,
                     scratch: scratch)
        curlView.layer.contents = CGImage(bitmap: frame)
    }

    /// Follows the finger: `translation` since the drag began, in the view's points.
    func follow(translation: CGPoint) {
        let distance = translation.x * fingerDirection.x + translation.y * fingerDirection.y
        let pixels = Double(distance * scale)
        turned = uncurls
            ? min(1, max(0, Double(distance / max(extent, 1))))
            : min(1, max(0, pixels / fullTravel))
        let cross = CGPoint(x: translation.x - fingerDirection.x * distance, y: translation.y - fingerDirection.y * distance)
        crossOffset = (Double(cross.x * scale), Double(cross.y * scale))
        draw()
    }

    /// The finger lifted after `translation` with `velocity` (points per second): finish or
    /// fall back, as the type's note says.
    func release(translation: CGPoint, velocity: CGPoint) {
        let distance = translation.x * fingerDirection.x + translation.y * fingerDirection.y
        let speed = velocity.x * fingerDirection.x + velocity.y * fingerDirection.y
        let finishes = speed > Self.flickVelocity || (distance > extent / 2 && speed >= -Self.flickVelocity)
        let goal: Double = finishes ? 1 : 0
        run(to: goal, duration: 0.1 + 0.3 * abs(goal - turned), easeInOut: false, completes: finishes)
    }

    /// Runs the turn to its end over `duration` seconds (a tap or `setViewControllers`).
    func turnAll(duration: TimeInterval) {
        run(to: 1, duration: duration, easeInOut: true, completes: true)
    }

    private func run(to goal: Double, duration: TimeInterval, easeInOut: Bool, completes: Bool) {
        animation = (turned, goal, crossOffset, CACurrentMediaTime(), duration, easeInOut, completes)
        if link == nil {
            let link = CADisplayLink { [weak self] link in self?.step(at: link.targetTimestamp) }
            link.add(to: .main, forMode: .common)
            self.link = link
        }
    }

    nonisolated(unsafe) private static let easeInOut = CAMediaTimingFunction(name: .easeInEaseOut)

    private func step(at time: TimeInterval) {
        guard let animation else { return }
        let linear = animation.duration > 0 ? min(1, max(0, (time - animation.start) / animation.duration)) : 1
        let done = linear >= 1 - 1e-9
        let eased = done ? 1 : animation.easeInOut ? PageCurlTurn.easeInOut.output(at: linear) : 1 - pow(1 - linear, 3)
        turned = animation.from + (animation.to - animation.from) * eased
        crossOffset = (animation.cross.x * (1 - eased), animation.cross.y * (1 - eased))
        if done { return end(completed: animation.completes) }
        draw()
    }

    /// Ends the turn where it is (a new `setViewControllers` came): the pages shown stay, and
    /// the delegate and the completion hear that it did not complete.
    func abandon() { end(completed: false) }

    private func end(completed: Bool) {
        link?.invalidate()
        link = nil
        animation = nil
        curlView.removeFromSuperview()
        curlView.layer.contents = nil
        if owner.curl === self { owner.curl = nil }
        if completed { owner.replacePages(with: pending) }
        if tellsDelegate {
            owner.delegate?.pageViewController(owner, didFinishAnimating: true, previousViewControllers: previous,
                                               transitionCompleted: completed)
        }
        let completion = self.completion
        self.completion = nil
        completion?(completed)
    }

    /// `setViewControllers(_:direction:animated: true, …)` for `.pageCurl`.
    static func programmatic(in owner: UIPageViewController, to pages: [UIViewController],
                             direction: UIPageViewController.NavigationDirection, completion: ((Bool) -> Void)?) {
        guard let turn = PageCurlTurn(owner: owner, direction: direction, to: pages, grabbing: nil, tellsDelegate: false,
                                      completion: completion) else {
            owner.replacePages(with: pages)
            completion?(true)
            return
        }
        owner.curl = turn
        turn.turnAll(duration: programmaticDuration)
    }
}

extension UIPageViewController {
    /// The curl's pan: begins a turn in the edge zone it started from, follows, releases.
    func curlPanned(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            let location = pan.location(in: view), moved = pan.translation(in: view)
            let start = CGPoint(x: location.x - moved.x, y: location.y - moved.y)
            guard let direction = PageCurlTurn.direction(in: self, at: start), let pages = neighbours(direction) else { return }
            delegate?.pageViewController(self, willTransitionTo: pages)
            curl = PageCurlTurn(owner: self, direction: direction, to: pages, grabbing: start, tellsDelegate: true,
                                completion: nil)
            curl?.follow(translation: pan.translation(in: view))
        case .changed:
            curl?.follow(translation: pan.translation(in: view))
        case .ended:
            curl?.release(translation: pan.translation(in: view), velocity: pan.velocity(in: view))
        case .cancelled, .failed:
            curl?.release(translation: .zero, velocity: .zero)
        case .possible:
            break
        }
    }

    /// The curl's tap: in an edge zone, turns the page that way (as iOS does).
    func curlTapped(_ tap: UITapGestureRecognizer) {
        guard tap.state == .ended else { return }
        let point = tap.location(in: view)
        guard let direction = PageCurlTurn.direction(in: self, at: point), let pages = neighbours(direction) else { return }
        delegate?.pageViewController(self, willTransitionTo: pages)
        guard let turn = PageCurlTurn(owner: self, direction: direction, to: pages, grabbing: point, tellsDelegate: true,
                                      completion: nil) else { return }
        curl = turn
        turn.turnAll(duration: PageCurlTurn.programmaticDuration)
    }
}
