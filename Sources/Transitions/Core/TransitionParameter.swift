import Geometry

/// One parameter of a transition, as data: its key, its type with default and valid range, and
/// a one-line description. Keys use Apple's names where Apple has the parameter (`inputAngle`,
/// `inputWidth`, `inputCenter`…).
public struct TransitionParameter: Sendable, CustomStringConvertible {
    public let key: String
    public let kind: Kind
    public let summary: String

    public init(_ key: String, _ kind: Kind, _ summary: String) {
        self.key = key
        self.kind = kind
        self.summary = summary
    }

    /// A parameter's type, default and valid values.
    public enum Kind: Sendable {
        /// A number in `range` (inclusive); NaN and infinities are never valid.
        case scalar(default: Double, range: ClosedRange<Double>)
        /// An angle in radians; any finite value is valid (normalised by the transition).
        case angle(default: Double)
        /// A point in pixels of the frame, measured from the top left (y down); any finite value.
        /// A `nil` default is a point the transition derives from the frame (its doc comment says
        /// how, e.g. the centre of the effect's extent); the value `.automatic` (`auto`) restores it.
        case point(default: CGPoint?)
        /// A rectangle `x,y,width,height` in pixels of the frame (y down), finite, with positive
        /// width and height. A `nil` default is the whole frame; `.automatic` (`auto`) restores it.
        case rect(default: CGRect?)
        /// A colour, straight RGBA components in `0...1`.
        case color(default: TransitionColor)
        /// One of the listed names.
        case choice(default: String, options: [String])
    }

    public var defaultValue: TransitionParameterValue {
        switch kind {
        case let .scalar(value, _), let .angle(value): .number(value)
        case let .point(value): value.map(TransitionParameterValue.point) ?? .automatic
        case let .rect(value): value.map(TransitionParameterValue.rect) ?? .automatic
        case let .color(value): .color(value)
        case let .choice(value, _): .name(value)
        }
    }

    /// The valid values, in words: "2...1000", "any finite angle (radians)", "one of fromLeft, …".
    public var validValues: String {
        switch kind {
        case let .scalar(_, range): "\(format(range.lowerBound))...\(format(range.upperBound))"
        case .angle: "any finite angle in radians"
        case let .point(value): "a finite point x,y in pixels" + (value == nil ? " or auto" : "")
        case let .rect(value):
            "a rectangle x,y,width,height in pixels, finite, width and height > 0" + (value == nil ? " or auto" : "")
        case .color: "a colour r,g,b[,a] with components in 0...1"
        case let .choice(_, options): "one of " + options.joined(separator: ", ")
        }
    }

    public var description: String {
        "\(key) = \(defaultValue) (\(validValues)): \(summary)"
    }
}

/// A straight RGBA colour with components in `0...1`.
public struct TransitionColor: Hashable, Sendable, CustomStringConvertible {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
    public static let white = TransitionColor(red: 1, green: 1, blue: 1)
    public static let black = TransitionColor(red: 0, green: 0, blue: 0)
    public var description: String { "\(format(red)),\(format(green)),\(format(blue)),\(format(alpha))" }
}

/// A parameter value.
public enum TransitionParameterValue: Hashable, Sendable, CustomStringConvertible {
    case number(Double)
    case point(CGPoint)
    case rect(CGRect)
    case color(TransitionColor)
    case name(String)
    /// The value the transition derives from the frame (only for parameters whose default is it).
    case automatic

    public var description: String {
        switch self {
        case let .number(v): format(v)
        case let .point(p): "\(format(Double(p.x))),\(format(Double(p.y)))"
        case let .rect(r):
            // The stored origin and size, not `minY`/`height` (standardized), so that an error
            // message shows a rectangle with a negative side as it was given.
            "\(format(Double(r.origin.x))),\(format(Double(r.origin.y))),\(format(Double(r.size.width))),\(format(Double(r.size.height)))"
        case .automatic: "auto"
        case let .color(c): c.description
        case let .name(n): n
        }
    }
}

func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
