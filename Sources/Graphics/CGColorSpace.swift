/// The kind of colour a colour space describes (Apple's raw values).
public enum CGColorSpaceModel: Int32, Sendable {
    case unknown = -1
    /// One grey component.
    case monochrome = 0
    case rgb = 1
    case cmyk = 2
    case lab = 3
    case deviceN = 4
    case indexed = 5
    case pattern = 6
    case XYZ = 7
}

/// A colour space: what a bitmap context's or an image's components mean.
///
/// Kinescope knows two models, RGB and monochrome (grey). Every RGB space is drawn as sRGB, and
/// every grey space as device grey with the sRGB transfer curve (a grey value g is the RGB colour
/// (g, g, g)): names such as `linearGray` or `genericRGBLinear` are accepted so that Apple code
/// compiles and keeps its model, but no colour matching happens between spaces of one model.
///
///     let gray = CGColorSpaceCreateDeviceGray()
///     gray.model                 // .monochrome
///     gray.numberOfComponents    // 1
public final class CGColorSpace: Hashable, Sendable, CustomStringConvertible {
    /// The space's name (one of the constants below), as Apple's `name` returns it.
    public let name: String?
    /// RGB or monochrome.
    public let model: CGColorSpaceModel

    private init(spaceName: String, model: CGColorSpaceModel) {
        name = spaceName
        self.model = model
    }

    /// Colour components, not counting alpha: 3 for RGB, 1 for grey.
    public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }

    public static let sRGB = "kCGColorSpaceSRGB"
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    public static let extendedLinearSRGB = "kCGColorSpaceExtendedLinearSRGB"
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    /// Apple's `kCGColorSpaceGenericGrayGamma2_2`: grey with a 2.2 gamma curve.
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    /// Apple's `kCGColorSpaceLinearGray`.
    public static let linearGray = "kCGColorSpaceLinearGray"
    public static let extendedGray = "kCGColorSpaceExtendedGray"
    public static let extendedLinearGray = "kCGColorSpaceExtendedLinearGray"
    /// Apple's `kCGColorSpaceGenericGray`.
    public static let genericGray = "kCGColorSpaceGenericGray"

    /// Apple's `CGColorSpaceCreateDeviceRGB()`.
    public static let deviceRGB = CGColorSpace(spaceName: "kCGColorSpaceDeviceRGB", model: .rgb)
    /// Apple's `CGColorSpaceCreateDeviceGray()`.
    public static let deviceGray = CGColorSpace(spaceName: "kCGColorSpaceDeviceGray", model: .monochrome)

    private static let rgbNames: Set<String> = [sRGB, extendedSRGB, linearSRGB, extendedLinearSRGB, genericRGBLinear,
                                                displayP3, "kCGColorSpaceGenericRGB", "kCGColorSpaceDeviceRGB"]
    private static let grayNames: Set<String> = [genericGrayGamma2_2, linearGray, extendedGray, extendedLinearGray,
                                                 genericGray, "kCGColorSpaceDeviceGray"]

    /// The named space, RGB or grey (see the constants); nil for a name Kinescope does not know,
    /// as Apple returns nil for names it does not know.
    public convenience init?(name: String) {
        if Self.rgbNames.contains(name) {
            self.init(spaceName: name, model: .rgb)
        } else if Self.grayNames.contains(name) {
            self.init(spaceName: name, model: .monochrome)
        } else {
            return nil
        }
    }

    /// Spaces are equal when they have the same name, as `CFEqual` compares Apple's.
    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    public var description: String { "CGColorSpace(\(name ?? "unnamed"))" }
}

/// Apple's `CGColorSpaceCreateDeviceRGB()`.
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { .deviceRGB }

/// Apple's `CGColorSpaceCreateDeviceGray()`: one grey component, 0 black, 1 white.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { .deviceGray }
