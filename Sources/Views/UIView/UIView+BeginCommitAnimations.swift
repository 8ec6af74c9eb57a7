import Foundation
import Geometry
import Layers
import Transitions

extension UIView {
    /// The transitions of the block-free animation API (Apple's raw values).
    public enum AnimationTransition: Int, Sendable {
        case none = 0
        case flipFromLeft = 1
        case flipFromRight = 2
        case curlUp = 3
        case curlDown = 4
    }

    /// Opens a block of animations the old way (iOS 2–3 code, still common in ported samples):
    /// the view property changes made until `commitAnimations()` animate together, with the
    /// settings the `setAnimation…` methods give the block. Defaults as in UIKit: 0.2 s, no
    /// delay, `.easeInOut`, no repeat. Blocks nest; each `commit` closes the innermost.
    /// `animationID` and `context` are kept for the caller only: UIKit passes them to the
    /// delegate's selectors, which Swift on Linux cannot call (`setAnimationDelegate` and its
    /// selectors are not provided; use `UIView.animate(withDuration:animations:completion:)`
    /// for a completion).
    public static func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        let block = AnimationBlock(duration: 0.2, delay: 0, options: [], spring: nil)
        block.tracker = AnimationCompletionTracker(completion: nil)
        let state = AnimationBlockStack.current
        CATransaction.begin()
        state.blocks.append(block)
        state.begun.append(BegunAnimations(block: block, identifier: animationID))
    }

    /// Closes the innermost `beginAnimations(_:context:)` block: its animations start at the
    /// commit, with its transition if one was set. Without an open block it does nothing
    /// (UIKit logs nothing either).
    public static func commitAnimations() {
        let state = AnimationBlockStack.current
        guard let begun = state.begun.popLast() else { return }
        if let index = state.blocks.lastIndex(where: { $0 === begun.block }) { state.blocks.remove(at: index) }
        let block = begun.block
        if let (transition, view) = begun.transition, let name = transition.registeredName,
           block.duration > 0, block.duration.isFinite {
            let animation = CATransition()
            animation.type = CATransitionType(rawValue: name)
            animation.duration = block.duration
            animation.timingFunction = block.options.timingFunction
            if block.delay > 0 {
                animation.beginTime = CACurrentMediaTime() + block.delay
                animation.fillMode = .backwards
            }
            block.tracker?.track(animation, on: view, blocksInteraction: true)
            view.layer.add(animation, forKey: kCATransition)
        }
        CATransaction.commit()
        block.tracker?.sealed()
    }

    /// The innermost open block's duration, in seconds (default 0.2); 0 or less makes the
    /// changes that follow apply at once.
    public static func setAnimationDuration(_ duration: TimeInterval) {
        AnimationBlockStack.current.begun.last?.block.duration = duration
    }

    /// Delays the block's animations by `delay` seconds (default 0).
    public static func setAnimationDelay(_ delay: TimeInterval) {
        AnimationBlockStack.current.begun.last?.block.delay = delay.isFinite ? max(0, delay) : 0
    }

    /// Starts the block's animations at `startDate` (wall-clock time: a delay of
    /// `startDate.timeIntervalSinceNow`, none for a date in the past).
    public static func setAnimationStart(_ startDate: Date) {
        setAnimationDelay(startDate.timeIntervalSinceNow)
    }

    /// The block's curve (default `.easeInOut`).
    public static func setAnimationCurve(_ curve: AnimationCurve) {
        guard let block = AnimationBlockStack.current.begun.last?.block else { return }
        block.options = block.options.subtracting(AnimationOptions(rawValue: 0xF << 16))
            .union(AnimationOptions(rawValue: UInt(curve.rawValue) << 16))
    }

    /// How many times the block's animations repeat; may be fractional, 0 (the default) plays
    /// once, `.infinity` repeats forever. NaN and negative values count as 0.
    public static func setAnimationRepeatCount(_ repeatCount: Float) {
        AnimationBlockStack.current.begun.last?.block.repeatCount = repeatCount >= 0 ? repeatCount : 0
    }

    /// Whether each repetition plays forwards then backwards (default false).
    public static func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) {
        guard let block = AnimationBlockStack.current.begun.last?.block else { return }
        if repeatAutoreverses { block.options.insert(.autoreverse) } else { block.options.remove(.autoreverse) }
    }

    /// Whether animations start from the value on screen when one is already in flight
    /// (`.beginFromCurrentState`; default false).
    public static func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {
        guard let block = AnimationBlockStack.current.begun.last?.block else { return }
        if fromCurrentState { block.options.insert(.beginFromCurrentState) } else { block.options.remove(.beginFromCurrentState) }
    }

    /// Turns every animation on or off, in blocks of either API (UIKit's global switch): while
    /// off, changes apply at once. Default on.
    public static func setAnimationsEnabled(_ enabled: Bool) {
        AnimationBlockStack.current.animationsEnabled = enabled
    }

    /// Gives the innermost block a transition of `view`: at the commit, `view` goes from its
    /// appearance before the block to the one after, flipping or curling over the block's
    /// duration. `cache` is a performance hint in UIKit and makes no difference here.
    public static func setAnimationTransition(_ transition: AnimationTransition, for view: UIView, cache: Bool) {
        guard let begun = AnimationBlockStack.current.begun.last else { return }
        begun.transition = transition == .none ? nil : (transition, view)
    }
}

extension UIView.AnimationTransition {
    /// The registered transition that draws it.
    var registeredName: String? {
        switch self {
        case .none: nil
        case .flipFromLeft: "flipFromLeft"
        case .flipFromRight: "flipFromRight"
        case .curlUp: "curlUp"
        case .curlDown: "curlDown"
        }
    }
}

/// One block opened by `UIView.beginAnimations(_:context:)`.
@MainActor
final class BegunAnimations {
    let block: AnimationBlock
    let identifier: String?
    var transition: (UIView.AnimationTransition, UIView)?

    init(block: AnimationBlock, identifier: String?) {
        self.block = block
        self.identifier = identifier
    }
}
