import Layers
import Raster

/// The kind of a `CATransition` (Apple's raw strings). The four public types are named
/// constants; Core Animation's other types (`cube`, `oglFlip`, `pageCurl`, `pageUnCurl`, …) are
/// reached by raw value, as on Apple's platforms: `CATransitionType(rawValue: "cube")`.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The new content fades in over the old (the default).
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new content slides in over the old.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new content pushes the old out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old content slides away, revealing the new.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The direction of a motion-based transition (Apple's raw strings). On iOS the vertical pair
/// is named in Core Animation's y-up convention, so `fromTop` starts at the bottom of the
/// screen (see `TransitionSubtype`).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// An animation between two appearances of a layer: added to a layer, it draws the layer's
/// subtree changing from how it looked when the transition was added to how it looks live, over
/// the animation's duration.
///
///     let transition = CATransition()
///     transition.type = .push
///     transition.subtype = .fromRight
///     transition.duration = 0.35
///     imageLayer.add(transition, forKey: nil)   // stored under kCATransition
///     imageLayer.contents = nextImage
///
/// The layer's appearance at the moment it is added (its last rendered frame) is the start; the
/// live layer — every change made in the transaction, and any later animation — is the end,
/// rendered afresh each frame. The transition is drawn by the registered `Transition` named
/// like `type` (`fade`, `moveIn`, `push`, `reveal`, `cube`, `oglFlip`, `pageCurl`,
/// `pageUnCurl`, …), with `subtype` as its `subtype` parameter; an unknown type draws `fade`,
/// as Core Animation falls back to it. A `filter` (a `CIFilter` transition such as
/// `CIFilter(name: "CIBarsSwipeTransition")`) overrides `type` and `subtype`, as on macOS.
open class CATransition: CAAnimation, LayerTransitionAnimation {
    /// Which transition to draw. Default `.fade`.
    open var type: CATransitionType = .fade
    /// Its direction, for the types that take one; nil uses the type's default (from the left
    /// for the sliding types).
    open var subtype: CATransitionSubtype?
    /// The progress at the start of the animation, stored as given and clamped to `0...1` when
    /// drawn. Default 0.
    open var startProgress: Float = 0
    /// The progress at the end, stored as given and clamped to `0...1` when drawn. Default 1.
    open var endProgress: Float = 1
    /// A `CIFilter` with a transition (`Any?`, as Apple types it); when set it draws the
    /// transition instead of `type`. Other values are ignored.
    open var filter: Any?

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CATransition else { return }
        type = other.type
        subtype = other.subtype
        startProgress = other.startProgress
        endProgress = other.endProgress
        filter = other.filter
    }

    /// The transition `filter`, `type` and `subtype` describe (`fade` when the type is unknown or
    /// the subtype does not fit it, with a diagnostic).
    package func makeFrameTransition() -> any FrameTransition {
        if let filter = filter as? CIFilter { return filter.transition }
        let name = type.rawValue
        guard let transitionType = try? TransitionRegistry.type(named: name) else {
            AnimationEngine.current.diagnosticHandler("CATransition type '\(name)' is not known; drawing fade")
            return FadeTransition(parameters: FadeTransition.defaultParameters)
        }
        var parameters: [String: String] = [:]
        if let subtype, transitionType.parameters.contains(where: { $0.key == "subtype" }) {
            parameters["subtype"] = subtype.rawValue
        }
        if let made = try? TransitionRegistry.make(named: transitionType.name, parameters: parameters) { return made }
        AnimationEngine.current.diagnosticHandler(
            "CATransition subtype '\(subtype?.rawValue ?? "nil")' does not fit type '\(name)'; using its default")
        return (try? TransitionRegistry.make(named: transitionType.name)) ?? FadeTransition(parameters: FadeTransition.defaultParameters)
    }

    open override var description: String {
        "<CATransition type: \(type.rawValue) subtype: \(subtype?.rawValue ?? "nil") duration: \(duration)>"
    }
}
