import Geometry
import Raster

/// The animation side of a layer: its animations, actions, style and timing, kept out of
/// `CALayer`'s own declaration so that the model's stored properties stay in one value.
final class LayerAnimationState {
    /// Whether the layer has been part of a tree drawn for the screen (a render tree made
    /// by `makeRenderNode()` after a commit, hidden parts included): only then does it have a
    /// presentation, and only then do its changes animate implicitly (see
    /// `CALayer.searchAction(forKey:)`).
    var hasBeenPresented = false
    /// Animations in the order added (later ones apply on top of earlier ones).
    var records: [AnimationRecord] = []
    /// The engine running this layer's animations.
    weak var engine: AnimationEngine?
    var actions: [String: any CAAction]?
    var style: [AnyHashable: Any]?
    /// The layer's own timing; its `duration` is infinite, as a new layer's is on Apple's
    /// platforms.
    var timing: MediaTiming = {
        var timing = MediaTiming()
        timing.duration = .infinity
        return timing
    }()
    /// Values stored with `setValue(_:forKey:)` under keys that are not layer properties.
    var customValues: [String: Any] = [:]
    /// On a presentation copy: the model layer it was made from.
    var model: CALayer?
    /// The parent's sublayer transform (about its anchor) the cached render node was built with.
    var renderedParentTransform: CATransform3D?

    var isPresentationCopy: Bool { model != nil }

    /// Stops every animation of a layer that was freed: a running one's delegate hears
    /// `animationDidStop(_:finished: false)` in the callback step, and the completion blocks
    /// waiting for them no longer do, as when the animations are removed.
    func abandonAnimations(engine: AnimationEngine) {
        let held = records
        records = []
        for record in held where record.state != .removed {
            if record.state == .running, let delegate = record.animation.delegate {
                let animation = record.animation
                engine.queuedCallbacks.append { delegate.animationDidStop(animation, finished: false) }
            }
            record.state = .removed
            record.releaseGroups()
        }
    }

    /// Whether any animation applies to the presentation now (running, or finished and kept).
    var hasAppliedAnimations: Bool {
        records.contains { $0.state == .running || $0.state == .finished }
    }
}

/// One animation on a layer, from `add(_:forKey:)` to its removal.
final class AnimationRecord {
    enum State {
        /// Added in a transaction that has not committed yet: no effect.
        case pending
        /// Committed: applies from its begin time.
        case running
        /// Past its end and kept (`isRemovedOnCompletion = false`): applies as its fill mode says.
        case finished
        case removed
    }

    /// The key it was added under; nil when added without one.
    let key: String?
    /// The layer's copy, returned by `animation(forKey:)` and passed to the delegate.
    let animation: CAAnimation
    var state = State.pending
    var program: CompiledAnimation?
    /// The completion blocks waiting for it.
    var groups: [CompletionGroup]
    /// The "from" image of a transition.
    let snapshot: Bitmap?
    var didNotifyStart = false
    weak var engine: AnimationEngine?

    init(key: String?, animation: CAAnimation, groups: [CompletionGroup], snapshot: Bitmap?) {
        self.key = key
        self.animation = animation
        self.groups = groups
        self.snapshot = snapshot
        for group in groups { group.retain() }
    }

    /// Compiles the animation with its begin time resolved (`begin` is the layer's time at the
    /// commit) and makes it run.
    func start(on layer: CALayer, at begin: CFTimeInterval, previous: PresentationValues?, engine: AnimationEngine) {
        self.engine = engine
        program = CompiledAnimation.compile(animation, begin: begin, previous: previous, snapshot: snapshot,
                                            diagnose: engine.diagnose)
        state = .running
    }

    /// The end of its active period, in the layer's time (infinite when it repeats forever).
    var endTime: CFTimeInterval { program?.timing.endTime ?? .infinity }
    var beginTime: CFTimeInterval { program?.timing.beginTime ?? .infinity }

    /// Lets go of the completion blocks waiting for it.
    func releaseGroups() {
        let held = groups
        groups = []
        for group in held { group.release() }
    }
}
