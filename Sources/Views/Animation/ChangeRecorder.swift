import Foundation
import Layers

/// The animatable changes made inside a recording animation block (one keyframe, or a property
/// animator's animations), in the order first made, one entry per view and key.
@MainActor
final class ChangeRecorder {
    struct Change {
        let view: UIView
        let key: String
        /// The value on screen before the change; nil for a layer never committed.
        let shown: Any?
        /// The model value the change replaced, when a `UIView` setter made it.
        let replaced: Any?
        /// Whether an earlier animation of the key was still in flight.
        let inFlight: Bool

        /// Where an animation of the change starts, by the rules of `UIView.animate`: the
        /// replaced model value, or the shown value when `beginFromCurrentState` meets an
        /// animation in flight (or when no model value was replaced).
        func start(beginFromCurrentState: Bool) -> Any? {
            if inFlight && beginFromCurrentState { return shown ?? replaced }
            return replaced ?? shown
        }
    }

    private(set) var changes: [Change] = []

    func record(view: UIView, key: String, shown: Any?, replaced: Any?, inFlight: Bool) {
        guard !changes.contains(where: { $0.view === view && $0.key == key }) else { return }
        changes.append(Change(view: view, key: key, shown: shown, replaced: replaced, inFlight: inFlight))
    }

    /// Runs `body` inside a block that records its changes instead of animating them (the
    /// model values change at once) and returns them.
    static func recording(template: AnimationBlock, _ body: () -> Void) -> [Change] {
        let block = AnimationBlock(duration: template.duration, delay: template.delay, options: template.options,
                                   spring: nil)
        let recorder = ChangeRecorder()
        block.recorder = recorder
        let stack = AnimationBlockStack.current
        stack.blocks.append(block)
        body()
        stack.blocks.removeLast()
        return recorder.changes
    }
}
