import Geometry

/// Core Image's vector: an immutable list of numbers used for positions (`[x y]`), offsets and
/// rectangles (`[x y width height]`), in Core Image coordinates (origin bottom left, y up).
///
///     filter.setValue(CIVector(x: 150, y: 150), forKey: kCIInputCenterKey)
///     filter.setValue(CIVector(cgRect: bounds), forKey: kCIInputExtentKey)
public final class CIVector: Hashable, Sendable, CustomStringConvertible {
    private let values: [CGFloat]

    /// A vector of the given components (an empty list gives a zero-length vector).
    public init(values: [CGFloat]) { self.values = values }
    /// The first `count` values of `values` (Apple's pointer-based initialiser).
    public convenience init(values: UnsafePointer<CGFloat>, count: Int) {
        self.init(values: Array(UnsafeBufferPointer(start: values, count: max(0, count))))
    }
    /// `[x]`.
    public convenience init(x: CGFloat) { self.init(values: [x]) }
    /// `[x y]`: a position or offset (y up).
    public convenience init(x: CGFloat, y: CGFloat) { self.init(values: [x, y]) }
    /// `[x y z]`.
    public convenience init(x: CGFloat, y: CGFloat, z: CGFloat) { self.init(values: [x, y, z]) }
    /// `[x y z w]`; as a rectangle, `z` is the width and `w` the height.
    public convenience init(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) { self.init(values: [x, y, z, w]) }
    /// `[x y]`.
    public convenience init(cgPoint point: CGPoint) { self.init(values: [point.x, point.y]) }
    /// `[x y width height]`.
    public convenience init(cgRect rect: CGRect) {
        self.init(values: [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height])
    }
    /// Parses Apple's string form, `"[1.0 2.0 3.0]"`; nil when a component is not a number.
    public convenience init?(string representation: String) {
        let trimmed = representation.trimmingCharacters(in: CharacterSet(charactersIn: "[] \t\n"))
        let parts = trimmed.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
        let numbers = parts.compactMap { Double($0) }
        guard numbers.count == parts.count else { return nil }
        self.init(values: numbers.map { CGFloat($0) })
    }

    /// The number of components.
    public var count: Int { values.count }
    /// Component `index`, or 0 beyond the end (as Apple returns).
    public func value(at index: Int) -> CGFloat { index >= 0 && index < values.count ? values[index] : 0 }
    /// Component 0 (0 when missing).
    public var x: CGFloat { value(at: 0) }
    /// Component 1 (0 when missing).
    public var y: CGFloat { value(at: 1) }
    /// Component 2 (0 when missing); a rectangle's width.
    public var z: CGFloat { value(at: 2) }
    /// Component 3 (0 when missing); a rectangle's height.
    public var w: CGFloat { value(at: 3) }
    /// `(x, y)`.
    public var cgPointValue: CGPoint { CGPoint(x: x, y: y) }
    /// `(x, y, z as width, w as height)`.
    public var cgRectValue: CGRect { CGRect(x: x, y: y, width: z, height: w) }
    /// Apple's string form, e.g. `"[150 150]"`.
    public var stringRepresentation: String {
        "[" + values.map { v in v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(Double(v))" }
            .joined(separator: " ") + "]"
    }
    /// `CIVector[…]`.
    public var description: String { "CIVector\(stringRepresentation)" }

    /// Equal when every component is equal (and the counts match).
    public static func == (lhs: CIVector, rhs: CIVector) -> Bool { lhs.values == rhs.values }
    /// Hashes the components.
    public func hash(into hasher: inout Hasher) { hasher.combine(values) }
}
