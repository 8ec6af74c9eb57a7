import Foundation
import Geometry
import Layers

/// What moves a scroll view on its own, frame by frame.
enum ScrollMotion {
    /// After a drag: each axis decelerating or springing (nil once at rest).
    case deceleration(x: ScrollAxisMotion?, y: ScrollAxisMotion?)
    /// `setContentOffset(_:animated:)`, `scrollRectToVisible`, `setZoomScale(_:animated:)`,
    /// `zoom(to:animated:)`.
    case animation(ScrollAnimation)
}

/// An animated change of offset (and zoom scale): 0.3 s, ease-in-out.
struct ScrollAnimation {
    static let duration: TimeInterval = 0.3
    nonisolated(unsafe) static let timing = CAMediaTimingFunction(name: .easeInEaseOut)

    var fromOffset: CGPoint
    var toOffset: CGPoint
    var fromScale: CGFloat
    var toScale: CGFloat
    var start: TimeInterval
    var zooms: Bool { fromScale != toScale }

    /// The eased progress at `time`, 0...1.
    func progress(at time: TimeInterval) -> CGFloat {
        let linear = max(0, (time - start) / Self.duration)
        // Within a nanosecond of the end counts as the end (frame times add up inexactly).
        return linear >= 1 - 1e-9 ? 1 : CGFloat(Self.timing.output(at: linear))
    }
}

extension UIScrollView {
    typealias Motion = ScrollMotion

    /// Starts `motion` (replacing any), stepped from this frame on.
    func startMotion(_ newMotion: Motion) {
        motion = newMotion
        motionGeneration &+= 1
        if case .deceleration = newMotion { isDecelerating = true }
        ensureLink()
        step(at: CACurrentMediaTime())
    }

    /// `value` (points) rounded to the nearest device pixel of the screen (`UIScreen.main.scale`).
    static func devicePixelAligned(_ value: CGFloat) -> CGFloat {
        let scale = kinescopeScreenScale
        guard value.isFinite else { return value }
        return (value * scale).rounded() / scale
    }

    /// Stops any motion where it is, without delegate calls (a touch or a new scroll took over).
    func stopMotion() {
        isDecelerating = false
        guard motion != nil else { return }
        motion = nil
        motionGeneration &+= 1
    }

    /// Runs the display link while something moves or the indicators fade.
    func ensureLink() {
        guard link == nil else { return }
        let link = CADisplayLink { [weak self] link in
            let time = link.timestamp
            MainActor.assumeIsolated { self?.step(at: time) }
        }
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    /// One frame of motion at `time`: the offset (and scale) it gives, the delegate told, the
    /// indicators faded; the link stops once nothing is left to do.
    func step(at time: TimeInterval) {
        if let current = motion {
            let generation = motionGeneration
            switch current {
            case .deceleration(var x, var y):
                var offset = contentOffset
                // In flight, each axis's offset is rounded to device pixels (as UIKit's
                // deceleration reports them: whole pixels, so content does not shimmer between
                // pixels); the offset at release and the rest offset are exact.
                if var axis = x {
                    let began = axis.startTime
                    let state = axis.offset(at: time)
                    offset.x = state.atRest || time <= began ? state.offset : Self.devicePixelAligned(state.offset)
                    x = state.atRest ? nil : axis
                }
                if var axis = y {
                    let began = axis.startTime
                    let state = axis.offset(at: time)
                    offset.y = state.atRest || time <= began ? state.offset : Self.devicePixelAligned(state.offset)
                    y = state.atRest ? nil : axis
                }
                let done = x == nil && y == nil
                motion = done ? nil : .deceleration(x: x, y: y)
                moveContent(to: offset)
                if done, generation == motionGeneration {
                    isDecelerating = false
                    holdIndicators(at: time)
                    delegate?.scrollViewDidEndDecelerating(self)
                    scrollTracker?.scrollViewDidSettle(self)
                }
            case let .animation(animation):
                let p = animation.progress(at: time)
                let done = p >= 1
                if done { motion = nil }
                if animation.zooms {
                    applyZoomScale(animation.fromScale + (animation.toScale - animation.fromScale) * p)
                }
                let a = animation.fromOffset, b = animation.toOffset
                moveContent(to: done ? b : CGPoint(x: a.x + (b.x - a.x) * p, y: a.y + (b.y - a.y) * p))
                if done, generation == motionGeneration {
                    holdIndicators(at: time)
                    delegate?.scrollViewDidEndScrollingAnimation(self)
                    if animation.zooms { delegate?.scrollViewDidEndZooming(self, with: zoomingView, atScale: zoomScale) }
                }
            }
        }
        fadeIndicators(at: time)
        if motion == nil, indicatorsShownUntil == nil, !isDragging, let link {
            link.invalidate()
            self.link = nil
        }
    }

    /// The end of a drag: asks the delegate for the target and starts what takes the content
    /// there. `velocity` is the content offset's, points per second.
    func release(velocity rawVelocity: CGPoint) {
        let offset = contentOffset
        let low = minimumOffset, high = maximumOffset
        let rate = decelerationRate.rawValue
        var velocity = CGPoint(x: ScrollPhysics.clampSpeed(rawVelocity.x), y: ScrollPhysics.clampSpeed(rawVelocity.y))
        if !dragScrolls(.horizontal) || lockedAxis == .vertical { velocity.x = 0 }
        if !dragScrolls(.vertical) || lockedAxis == .horizontal { velocity.y = 0 }
        let natural = CGPoint(x: offset.x + ScrollPhysics.decelerationDistance(velocity: velocity.x, rate: rate),
                              y: offset.y + ScrollPhysics.decelerationDistance(velocity: velocity.y, rate: rate))
        let outside = (x: offset.x < low.x || offset.x > high.x, y: offset.y < low.y || offset.y > high.y)
        var target: CGPoint
        if isPagingEnabled {
            target = clamped(CGPoint(x: pageTarget(offset.x, velocity: velocity.x, page: bounds.width),
                                     y: pageTarget(offset.y, velocity: velocity.y, page: bounds.height)))
        } else {
            target = clamped(natural)
            if outside.x { target.x = min(high.x, max(low.x, offset.x)) }
            if outside.y { target.y = min(high.y, max(low.y, offset.y)) }
        }
        let proposed = target
        withUnsafeMutablePointer(to: &target) { pointer in
            delegate?.scrollViewWillEndDragging(self, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000),
                                                targetContentOffset: pointer)
        }
        target = clamped(CGPoint(x: target.x.isFinite ? target.x : proposed.x, y: target.y.isFinite ? target.y : proposed.y))
        let x = axisMotion(from: offset.x, to: target.x, natural: natural.x, proposed: proposed.x, velocity: velocity.x,
                           outside: outside.x, rate: rate)
        let y = axisMotion(from: offset.y, to: target.y, natural: natural.y, proposed: proposed.y, velocity: velocity.y,
                           outside: outside.y, rate: rate)
        isDragging = false
        let decelerates = x != nil || y != nil
        if !decelerates { moveContent(to: target) }
        isDecelerating = decelerates
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
        guard decelerates else {
            isDecelerating = false
            holdIndicators(at: CACurrentMediaTime())
            scrollTracker?.scrollViewDidSettle(self)
            return
        }
        delegate?.scrollViewWillBeginDecelerating(self)
        // The delegate may have set an offset (which stops the deceleration) or started
        // something else meanwhile.
        guard isDecelerating, !isDragging, motion == nil else { return }
        startMotion(.deceleration(x: x, y: y))
    }

    /// One axis's motion from `offset` to `target` (nil when already there).
    private func axisMotion(from offset: CGFloat, to target: CGFloat, natural: CGFloat, proposed: CGFloat,
                            velocity: CGFloat, outside: Bool, rate: CGFloat) -> ScrollAxisMotion? {
        let now = CACurrentMediaTime()
        if outside || isPagingEnabled {
            guard abs(offset - target) >= ScrollPhysics.restDistance || abs(velocity) >= ScrollPhysics.restSpeed else { return nil }
            return ScrollAxisMotion(phase: .spring(rest: target, displacement: offset - target, velocity: velocity),
                                    startTime: now, rate: rate)
        }
        if target == proposed, natural != proposed {
            // The decay would carry the content past the edge at `target`: it bounces there.
            return ScrollAxisMotion(phase: .decay(start: offset, distance: natural - offset, edge: target, bounces: bounces),
                                    startTime: now, rate: rate)
        }
        guard abs(target - offset) >= ScrollPhysics.restDistance else { return nil }
        return ScrollAxisMotion(phase: .decay(start: offset, distance: target - offset, edge: nil, bounces: bounces),
                                startTime: now, rate: rate)
    }

    /// The page (a multiple of `page` points) a release at `offset` comes to rest on: the next
    /// one in the direction of a flick faster than `pagingFlickSpeed`, else the nearest.
    private func pageTarget(_ offset: CGFloat, velocity: CGFloat, page: CGFloat) -> CGFloat {
        guard page > 0, page.isFinite else { return offset }
        let position = offset / page
        let index: CGFloat
        if velocity > Self.pagingFlickSpeed {
            index = position.rounded(.up)
        } else if velocity < -Self.pagingFlickSpeed {
            index = position.rounded(.down)
        } else {
            index = position.rounded()
        }
        return index * page
    }

    /// The release speed (points per second) above which paging moves on to the next page
    /// rather than the nearest: 300. UIKit documents none.
    static let pagingFlickSpeed: CGFloat = 300
}
