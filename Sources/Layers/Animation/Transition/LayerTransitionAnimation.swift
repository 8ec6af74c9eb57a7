import Foundation
import Geometry
import Raster

/// An animation that draws its layer as a transition from the layer's appearance when the
/// animation was added to its live appearance: `CATransition` (module Transitions) and the
/// implicit fade of `contents`.
///
/// When such an animation is added, the layer's last rendered appearance (its cached render
/// node, drawn into a bitmap of its bounds) is kept as the "from" image; while it runs, the
/// render tree carries the transition and its progress, and the compositor draws the layer's
/// live subtree as the "to" image and the transition between the two. The key is always
/// `"transition"` (`kCATransition`), as Core Animation uses for transitions.
package protocol LayerTransitionAnimation: CAAnimation {
    /// The transition to draw; asked once, when the animation's transaction commits.
    func makeFrameTransition() -> any FrameTransition
    /// Progress at the start, `0...1` (clamped when used).
    var startProgress: Float { get }
    /// Progress at the end, `0...1` (clamped when used).
    var endProgress: Float { get }
}

/// The key Core Animation stores every transition animation under.
public let kCATransition = "transition"

/// A cross-dissolve (`from·(1−t) + to·t` per channel): the implicit action for `contents` when
/// the Transitions module (whose `CATransition` draws the same `fade`) is not linked in.
struct CrossFadeFrameTransition: FrameTransition {
    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        guard let a = try? from.view(of: clip), let b = try? to.view(of: clip),
              let out = try? destination.view(of: clip) else { return }
        try? out.mix(from: a, to: b, fraction: Float(progress))
    }
}

/// The implicit `contents` action when `CATransition` is not available: a fade transition.
final class ImplicitFadeAnimation: CAAnimation, LayerTransitionAnimation {
    func makeFrameTransition() -> any FrameTransition { CrossFadeFrameTransition() }
    var startProgress: Float { 0 }
    var endProgress: Float { 1 }
}

extension CALayer {
    /// The layer's last rendered appearance in its own bounds (1 pixel per point), without its
    /// own opacity, position or transform: the "from" image of a transition. Nil when the layer
    /// has never been rendered or has an empty or enormous bounds.
    func snapshotOfLastRender() -> Bitmap? {
        let b = properties.bounds
        let width = Int(b.width.rounded(.up)), height = Int(b.height.rounded(.up))
        guard width > 0, height > 0, let size = try? PixelSize(width: width, height: height) else { return nil }
        let bitmap = Bitmap(size: size)
        guard case let .some(.some(node)) = renderCache else { return bitmap }
        let map = Homography(CGAffineTransform(translationX: -b.minX, y: -b.minY))
        BandRenderer().draw(node.replacing(opacity: 1, transition: nil), map: map, target: bitmap,
                            clip: bitmap.bounds, opacity: 1)
        return bitmap
    }
}

/// The implicit transition for `contents`: Apple's default transition (Table B-3 of the Core
/// Animation Programming Guide: a `CATransition` of type fade, progress 0 to 1). The class
/// `CATransition` lives in the Transitions module, which depends on this one, so it is looked
/// up by name at run time; when that module is not linked in, an equivalent internal fade is
/// used.
func makeDefaultTransition() -> CAAnimation {
    if let type = transitionClass { return type.init() }
    return ImplicitFadeAnimation()
}

private let transitionClass: CAAnimation.Type? = _typeByName("Transitions.CATransition") as? CAAnimation.Type
