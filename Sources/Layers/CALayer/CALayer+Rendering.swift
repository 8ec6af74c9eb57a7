import Geometry
import Raster

/// The shape of a layer's rounded corners (Apple's `CALayerCornerCurve`, same raw strings).
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Quarter circles of `cornerRadius` (the default).
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Apple's continuous corners, the iOS app-icon shape: the curvature grows smoothly from the
    /// sides, so each corner begins about 1.528665 × `cornerRadius` from the vertex.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

extension CALayer {
    /// The curve of the rounded corners of the background, border, `masksToBounds` clip and
    /// bounds-shaped shadow. Default `.circular`; not animatable (the change is immediate, as
    /// on Apple's platforms, whose header does not mark it animatable). Unknown raw values
    /// draw as `.circular`.
    ///
    /// A continuous corner needs `cornerCurveExpansionFactor(.continuous)` × `cornerRadius` of
    /// each side. When the bounds leave less (a radius beyond about a third of the shorter
    /// side), the corner blends towards the circular one, which it becomes once the radius
    /// fills its share of the side, so `cornerRadius = height / 2` still gives a capsule.
    /// (Apple documents no rule for this case; its corners also turn circular as they run out of
    /// room.)
    public var cornerCurve: CALayerCornerCurve {
        get { properties.cornerCurve }
        set { setProperty(\.cornerCurve, newValue, key: .cornerCurve) }
    }

    /// How far along each side a corner of `curve` reaches, in multiples of `cornerRadius`: 1
    /// for `.circular`, 1.528665 for `.continuous` (the value Core Animation returns). Use it to
    /// keep content clear of continuous corners.
    open class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? CGFloat(CornerCurve.continuous.expansionFactor) : 1
    }
}
