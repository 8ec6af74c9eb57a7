import Foundation
import Geometry
import Layers
import Transitions

extension UIView {
    /// Animates a change of `view`'s content with a transition style from `options`
    /// (`.transitionFlipFromLeft`, `.transitionCurlUp`, `.transitionCrossDissolve`…; none: the
    /// changes appear at once): `view` — in Apple's words "the container view that performs the
    /// transition" — turns or curls within its own frame, showing its old appearance giving way
    /// to the one `animations` leaves it in; nothing outside it moves. The model changes at once.
    ///
    /// Without `.allowAnimatedContent` the new side shows the end state of `animations` from the
    /// first frame (Apple: "animated using a snapshot image"); with it, the changes are animated
    /// as by `animate(withDuration:…)` with the same duration and curve, so they move on the new
    /// side while it comes in. The new side is rendered live either way, so animations already
    /// running inside `view` keep moving. While the transition runs, touches pass `view` and its
    /// subviews by unless `.allowUserInteraction` is given. A duration of 0 or less (or not
    /// finite) applies the changes at once. `completion(finished)` runs once: when the
    /// transition ends, or on the next run-loop turn without one.
    public static func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                  animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        runTransition(on: view, duration: duration, options: options, changes: { animations?() }, completion: completion)
    }

    /// Replaces `fromView` with `toView` in `fromView`'s superview, animated with the transition
    /// style from `options`: the superview is the view that turns, siblings included (as in
    /// UIKit, wrap the two views in a container to flip only them). `toView` goes just above
    /// `fromView`. With `.showHideTransitionViews`, `fromView` is hidden and `toView` shown
    /// instead of removing and adding them (both must already be in the superview); the frames
    /// are the same. Without a superview nothing animates and `toView` is not added;
    /// `completion` still runs (with `true`). Options work as for `transition(with:…)`.
    public static func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                  options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        guard let container = fromView.superview else {
            if let completion { callOnNextTurn { completion(true) } }
            return
        }
        runTransition(on: container, duration: duration, options: options, changes: {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                if toView.superview !== container { container.insertSubview(toView, aboveSubview: fromView) }
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }

    private static func runTransition(on view: UIView, duration: TimeInterval, options: AnimationOptions,
                                      changes: @escaping () -> Void, completion: ((Bool) -> Void)?) {
        guard let name = options.transitionName, duration > 0, duration.isFinite else {
            performWithoutAnimation(changes)
            if let completion { callOnNextTurn { completion(true) } }
            return
        }
        let tracker = AnimationCompletionTracker(completion: completion)
        let transition = CATransition()
        transition.type = CATransitionType(rawValue: name)
        transition.duration = duration
        transition.timingFunction = options.timingFunction
        tracker.track(transition, on: view, blocksInteraction: !options.contains(.allowUserInteraction))
        CATransaction.begin()
        view.layer.add(transition, forKey: "transition")
        if options.contains(.allowAnimatedContent) {
            animate(withDuration: duration, delay: 0, options: options.subtracting(AnimationOptions(rawValue: 0xF << 20)),
                    animations: changes)
        } else {
            performWithoutAnimation(changes)
        }
        CATransaction.commit()
        tracker.sealed()
    }
}
