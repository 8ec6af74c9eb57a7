import Foundation
import Geometry
import Layers
import Transitions

extension UIView {
    /// Animates a change of `view`'s content with a transition style from `options`
    /// (`.transitionFlipFromLeft`, `.transitionCurlUp`, `.transitionCrossDissolve`…; none: the
    /// changes appear at once): `view` itself turns or curls, showing its old appearance giving
    /// way to the one `animations` leaves it in. The changes inside `animations` are not
    /// animated one by one unless `.allowAnimatedContent` is given; the new state is rendered
    /// live during the transition. `completion(finished)` runs when the transition ends.
    public static func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                  animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        runTransition(on: view, duration: duration, options: options, changes: { animations?() }, completion: completion)
    }

    /// Replaces `fromView` with `toView` in `fromView`'s superview, animated with the transition
    /// style from `options`: the superview is the view that turns (as in UIKit, wrap the two
    /// views in a container to flip only them). With `.showHideTransitionViews`, `fromView` is
    /// hidden and `toView` shown instead of removing and adding them. Without a superview
    /// nothing animates and `toView` is not added; `completion` still runs (with `true`).
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
