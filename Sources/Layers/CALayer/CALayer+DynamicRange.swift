import Geometry

/// How much of a display's range above white a layer's content may use
/// (`CALayer.preferredDynamicRange`), Apple's raw strings.
public struct CADynamicRange: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Left to the system.
    public static let automatic = CADynamicRange(rawValue: "automatic")
    /// Standard range: white is the brightest (the default).
    public static let standard = CADynamicRange(rawValue: "standard")
    /// Some headroom above white, limited to keep the rest of the screen readable.
    public static let constrainedHigh = CADynamicRange(rawValue: "constrainedHigh")
    /// The display's full range above white.
    public static let high = CADynamicRange(rawValue: "high")

    static let known: Set<CADynamicRange> = [.automatic, .standard, .constrainedHigh, .high]
}

/// Whether high-dynamic-range content is tone-mapped to the display (`CALayer.toneMapMode`),
/// Apple's raw strings.
public struct CAToneMapMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Left to the system (the default).
    public static let automatic = CAToneMapMode(rawValue: "automatic")
    /// Never tone-mapped.
    public static let never = CAToneMapMode(rawValue: "never")
    /// Tone-mapped where the display supports it.
    public static let ifSupported = CAToneMapMode(rawValue: "ifSupported")

    static let known: Set<CAToneMapMode> = [.automatic, .never, .ifSupported]
}

/// The dynamic-range settings of a layer, stored together.
struct DynamicRangeSettings {
    var preferredDynamicRange: CADynamicRange = .standard
    var toneMapMode: CAToneMapMode = .automatic
    var contentsHeadroom: CGFloat = 0
    var wantsExtendedDynamicRangeContent = false
    var wantsDynamicContentScaling = false
}

// Kinescope's compositor is 8-bit standard range: these are stored for ported code, with
// Apple's defaults and validation (measured on Apple's QuartzCore, macOS 26), and draw nothing
// differently. None is animatable.
extension CALayer {
    /// The dynamic range the layer's content asks for. A name Core Animation does not know
    /// sets `.standard`, as Apple's. Default `.standard`.
    public var preferredDynamicRange: CADynamicRange {
        get { dynamicRange.preferredDynamicRange }
        set { dynamicRange.preferredDynamicRange = CADynamicRange.known.contains(newValue) ? newValue : .standard }
    }

    /// How high-dynamic-range content is tone-mapped. A name Core Animation does not know sets
    /// `.automatic`, as Apple's. Default `.automatic`.
    public var toneMapMode: CAToneMapMode {
        get { dynamicRange.toneMapMode }
        set { dynamicRange.toneMapMode = CAToneMapMode.known.contains(newValue) ? newValue : .automatic }
    }

    /// The headroom above white the content was made for (a multiple of white, 0 meaning
    /// unspecified); kept as given, negative values included, as Apple's. Default 0.
    public var contentsHeadroom: CGFloat {
        get { dynamicRange.contentsHeadroom }
        set { dynamicRange.contentsHeadroom = newValue }
    }

    /// Whether the content uses values above white. Default false.
    public var wantsExtendedDynamicRangeContent: Bool {
        get { dynamicRange.wantsExtendedDynamicRangeContent }
        set { dynamicRange.wantsExtendedDynamicRangeContent = newValue }
    }

    /// Whether the content (text and vector drawing) may be redrawn at other scales instead of
    /// being scaled as pixels. Default false; unlike the other settings it has no class default.
    public var wantsDynamicContentScaling: Bool {
        get { dynamicRange.wantsDynamicContentScaling }
        set { dynamicRange.wantsDynamicContentScaling = newValue }
    }
}
