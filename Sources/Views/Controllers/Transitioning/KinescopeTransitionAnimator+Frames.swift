import Foundation
import Geometry
import Graphics
import Layers
import Raster
import Transitions

/// One run of a `KinescopeTransitionAnimator`: the two pictures, the layer that shows the
/// frames between them, the real views hidden meanwhile, and the end of the transition.
@MainActor
final class TransitionFrameRun: CAAnimationDelegate {
    /// The key of the progress animation on the frame layer.
    static let animationKey = "kinescope.transitionProgress"
    /// Runs made so far: each run's pictures are a new input generation for the renderer.
    private static var runs = 0

    private let context: UIViewControllerContextTransitioning
    private let layer = TransitionFrameLayer()
    private let source: TransitionFrameSource?
    /// The views pictured, with whether each was hidden before (restored at the end).
    private var hiddenViews: [(UIView, Bool)] = []
    private var ended = false

    init(context: UIViewControllerContextTransitioning, transition: any Transition, reversed: Bool) {
        self.context = context
        let container = context.containerView
        let b = container.bounds
        let width = b.width.isFinite ? Int(max(0, b.width).rounded(.up)) : 0
        let height = b.height.isFinite ? Int(max(0, b.height).rounded(.up)) : 0
        guard let size = try? PixelSize(width: width, height: height), width > 0, height > 0 else {
            source = nil
            return
        }
        var pictured: [UIView] = []
        func picture(_ key: UITransitionContextViewKey) -> Bitmap {
            let bitmap = Bitmap(size: size)
            guard let (view, frame) = Self.shownView(key, in: context) else { return bitmap }
            Self.draw(view, at: frame, origin: b.origin, into: bitmap)
            pictured.append(view)
            return bitmap
        }
        let from = picture(.from), to = picture(.to)
        Self.runs &+= 1
        source = TransitionFrameSource(transition: transition, from: reversed ? to : from, to: reversed ? from : to,
                                       reversed: reversed, generation: Self.runs)
        hiddenViews = pictured.map { ($0, $0.isHidden) }
        layer.frame = CGRect(origin: b.origin, size: CGSize(width: CGFloat(width), height: CGFloat(height)))
        layer.delegate = source
    }

    /// Hides the pictured views, lays the frame layer over the container and animates its
    /// progress from 0 to 1 over `duration`. The animation holds this run (its delegate) until
    /// `end(finished:)` removes it.
    func start(duration: TimeInterval, timing: CAMediaTimingFunction) {
        guard source != nil else {
            viewControllerDiagnostic("KinescopeTransitionAnimator: the container of the transition from \(describe(context.viewController(forKey: .from))) to \(describe(context.viewController(forKey: .to))) has no area (\(context.containerView.bounds.size)); completed without frames")
            callOnNextTurn { [self] in end(finished: true) }
            return
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        UIView.performWithoutAnimation {
            for (view, _) in hiddenViews { view.isHidden = true }
        }
        layer.progress = 0
        context.containerView.layer.addSublayer(layer)
        let progress = CABasicAnimation(keyPath: TransitionFrameLayer.progressKey)
        progress.fromValue = 0.0
        progress.toValue = 1.0
        progress.duration = duration
        progress.timingFunction = timing
        // Held at the end until the transition completes; a cancelled (removed) animation
        // falls back to the model's 0, the outgoing side.
        progress.fillMode = .forwards
        progress.isRemovedOnCompletion = false
        progress.delegate = self
        layer.add(progress, forKey: Self.animationKey)
        CATransaction.commit()
    }

    nonisolated func animationDidStart(_ anim: CAAnimation) {}

    nonisolated func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        MainActor.assumeIsolated { end(finished: flag) }
    }

    /// Puts the real views back, removes the frame layer and completes the transition (as
    /// cancelled when the interaction cancelled it or the animation was removed early).
    private func end(finished: Bool) {
        guard !ended else { return }
        ended = true
        UIView.performWithoutAnimation {
            for (view, wasHidden) in hiddenViews { view.isHidden = wasHidden }
        }
        hiddenViews = []
        layer.removeAnimation(forKey: Self.animationKey)
        layer.removeFromSuperlayer()
        layer.delegate = nil
        let completed = finished && !context.transitionWasCancelled
        context.completeTransition(completed)
    }

    /// The view pictured for `key` and where it is shown in the container: the context's view
    /// at its initial (outgoing) or final (incoming) frame; for a side without one, its
    /// controller's view where it is in a window, at the place it is shown. Nil for nothing.
    private static func shownView(_ key: UITransitionContextViewKey,
                                  in context: UIViewControllerContextTransitioning) -> (UIView, CGRect)? {
        let container = context.containerView
        let controllerKey: UITransitionContextViewControllerKey = key == .from ? .from : .to
        let controller = context.viewController(forKey: controllerKey)
        if let view = context.view(forKey: key) {
            let given = controller.map { key == .from ? context.initialFrame(for: $0) : context.finalFrame(for: $0) } ?? .zero
            if !given.isEmpty { return (view, given) }
            return view.superview == nil ? (view, view.frame) : (view, view.convert(view.bounds, to: container))
        }
        guard let view = controller?.viewIfLoaded, view.window != nil, view.window === container.window else { return nil }
        return (view, view.convert(view.bounds, to: container))
    }

    /// Draws `view`'s layer tree (model values) into `bitmap` with its bounds at `frame` (in the
    /// container, whose bounds origin is `origin`), y down, one pixel per point.
    private static func draw(_ view: UIView, at frame: CGRect, origin: CGPoint, into bitmap: Bitmap) {
        let ctx = CGContext(bitmap: bitmap)
        view.layoutIfNeeded()
        let b = view.bounds
        guard b.width > 0, b.height > 0 else { return }
        ctx.translateBy(x: 0, y: CGFloat(bitmap.height))
        ctx.scaleBy(x: 1, y: -1)
        ctx.translateBy(x: frame.minX - origin.x, y: frame.minY - origin.y)
        ctx.scaleBy(x: frame.width / b.width, y: frame.height / b.height)
        ctx.translateBy(x: -b.minX, y: -b.minY)
        view.layer.render(in: ctx)
    }
}

/// The layer that shows a transition's frames: its contents are drawn by its delegate (a
/// `TransitionFrameSource`) at the progress its animation shows, on every frame while that
/// animation runs.
final class TransitionFrameLayer: CALayer, AnimatedContentsSource {
    /// The key of the progress, 0…1, animated by `KinescopeTransitionAnimator`.
    static let progressKey = "transitionProgress"

    /// The model progress (what shows without an animation).
    var progress: Double = 0 {
        didSet { setNeedsDisplay() }
    }

    required init() { super.init() }

    required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? TransitionFrameLayer { progress = other.progress }
    }

    /// The progress shown at the frame being rendered (the animation applied to the model's).
    var renderedProgress: Double { animatedScalar(progress, forKey: Self.progressKey, forRender: true) }

    /// Redrawn every frame while the progress animates.
    package var redisplaysForAnimations: Bool { hasAnimation(ofKeys: [Self.progressKey]) }
}

/// Draws a transition's frames for a `TransitionFrameLayer`: into the one of its two bitmaps
/// that is not on screen, only when the progress shown changed, with the inputs' mip chains
/// kept for the whole run (`TransitionRenderer`'s input generation).
final class TransitionFrameSource: CALayerDelegate {
    private let transition: any Transition
    private let from: Bitmap
    private let to: Bitmap
    private let reversed: Bool
    private let buffers: [Bitmap]
    private let generation: Int
    private var next = 0
    private var shownProgress: Double?

    /// One renderer for every run: its per-thread scratch stays allocated between transitions.
    private static let renderer = TransitionRenderer()

    /// `from` and `to` are the pictures as the transition takes them (already exchanged for a
    /// rewound run, whose progress is then 1 − p); `generation` is new for every run.
    init(transition: any Transition, from: Bitmap, to: Bitmap, reversed: Bool, generation: Int) {
        self.transition = transition
        self.from = from
        self.to = to
        self.reversed = reversed
        self.generation = generation
        buffers = [Bitmap(size: from.size), Bitmap(size: from.size)]
    }

    func display(_ layer: CALayer) {
        guard let layer = layer as? TransitionFrameLayer else { return }
        let p = layer.renderedProgress
        let shown = min(1, max(0, p.isFinite ? p : 0))
        guard shown != shownProgress || layer.contents == nil else { return }
        shownProgress = shown
        let target = buffers[next]
        next = 1 - next
        try? Self.renderer.render(transition, from: from, to: to, progress: reversed ? 1 - shown : shown, into: target,
                                  inputGeneration: generation)
        layer.contents = CGImage(bitmap: target)
    }
}
