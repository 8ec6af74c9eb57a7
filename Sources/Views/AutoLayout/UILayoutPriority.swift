/// How much a layout constraint (or a view's hugging or compression resistance) counts, as
/// UIKit's `UILayoutPriority`: 1…1000, where 1000 is required and anything below is optional
/// and gives way to higher priorities.
///
/// ```swift
/// let width = label.widthAnchor.constraint(equalToConstant: 120)
/// width.priority = .defaultHigh - 1
/// ```
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The priority, 1…1000; 1000 is required, lower values may be broken to satisfy higher ones.
    public var rawValue: Float

    /// A priority of `rawValue` (1…1000).
    public init(rawValue: Float) { self.rawValue = rawValue }

    /// A priority of `rawValue` (1…1000), as `UILayoutPriority(999)`.
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    /// 1000: the constraint must hold.
    public static let required = UILayoutPriority(1000)
    /// 750: the priority of a button's compression resistance, and of views' by default.
    public static let defaultHigh = UILayoutPriority(750)
    /// 250: the priority of views' content hugging by default.
    public static let defaultLow = UILayoutPriority(250)
    /// 50: the priority `systemLayoutSizeFitting(_:)` asks for the target size at.
    public static let fittingSizeLevel = UILayoutPriority(50)
    /// 510: the priority at which a view can be dragged to resize its scene (UIKit's value).
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// 490: UIKit's priority for dragging inside a scene that cannot resize.
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    /// 500: UIKit's priority for the scene's size while dragging.
    public static let sceneSizeStayPut = UILayoutPriority(500)

    /// Orders priorities by their raw values.
    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A priority `rhs` higher, as `.defaultLow + 1`.
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue + rhs) }

    /// A priority `rhs` lower, as `.required - 1`.
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue - rhs) }

    public var description: String { rawValue == rawValue.rounded() ? "\(Int(rawValue))" : "\(rawValue)" }

    var isRequired: Bool { rawValue >= 1000 }
}
