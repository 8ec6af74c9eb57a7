import Foundation
import Geometry
import Graphics

/// The kinds of value an animatable key path holds.
enum ValueKind: String, Sendable {
    case scalar, point, size, rect, color, transform, bool, image, path
    /// Three numbers (x, y, z): the input of the scale and translate value functions.
    case vector3
}

/// A typed animation value: what `fromValue`, `toValue`, keyframe `values` (Apple's `Any?`)
/// become once their key path says what type they must have.
enum AnimatableValue: Equatable {
    case scalar(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    /// Straight RGBA components; nil is "no colour", which animates as the other end's colour
    /// with alpha 0 (so a fade from nil to red does not pass through a dark red).
    case color(SIMD4<Double>?)
    case transform(CATransform3D)
    case bool(Bool)
    /// Layer contents: a `CGImage` or nil (compared by identity).
    case image(CGImage?)
    /// A `CGPath` or nil (`shadowPath`), compared by elements.
    case path(CGPath?)
    case vector3(SIMD3<Double>)

    var kind: ValueKind {
        switch self {
        case .scalar: .scalar
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .color: .color
        case .transform: .transform
        case .bool: .bool
        case .image: .image
        case .path: .path
        case .vector3: .vector3
        }
    }

    /// Converts one of Apple's `Any?` values to `kind`. Accepts what Core Animation code passes:
    /// numbers as `Double`, `CGFloat`, `Float`, any integer type, `NSNumber` or `Bool`;
    /// `CGPoint`, `CGSize`, `CGRect`; `CGColor` (or nil for a colour); `CATransform3D` or a
    /// `CGAffineTransform` for a transform; a `CGImage` (or nil) for contents; a `CGPath` (or
    /// nil) for a path; three numbers
    /// (`[x, y, z]`) for a value function's vector. Nil for anything else.
    init?(_ value: Any?, as kind: ValueKind) {
        switch kind {
        case .scalar:
            guard let number = scalarValue(value) else { return nil }
            self = .scalar(number)
        case .bool:
            if let flag = value as? Bool { self = .bool(flag); return }
            guard let number = scalarValue(value) else { return nil }
            self = .bool(number != 0)
        case .point:
            if let box = value as? NSValue, box.boxedKind == .point { self = .point(box.pointValue); return }
            guard let point = value as? CGPoint else { return nil }
            self = .point(point)
        case .size:
            if let box = value as? NSValue, box.boxedKind == .size { self = .size(box.sizeValue); return }
            guard let size = value as? CGSize else { return nil }
            self = .size(size)
        case .rect:
            if let box = value as? NSValue, box.boxedKind == .rect { self = .rect(box.rectValue); return }
            guard let rect = value as? CGRect else { return nil }
            self = .rect(rect)
        case .color:
            guard let value = unwrapped(value) else { self = .color(nil); return }
            guard let color = value as? CGColor else { return nil }
            self = .color(SIMD4(Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha)))
        case .transform:
            if let t = value as? CATransform3D { self = .transform(t); return }
            if let box = value as? NSValue, box.boxedKind == .transform3D || box.boxedKind == .affineTransform {
                self = .transform(box.caTransform3DValue)
                return
            }
            guard let a = value as? CGAffineTransform else { return nil }
            self = .transform(CATransform3DMakeAffineTransform(a))
        case .image:
            guard let value = unwrapped(value) else { self = .image(nil); return }
            guard let image = value as? CGImage else { return nil }
            self = .image(image)
        case .path:
            guard let value = unwrapped(value) else { self = .path(nil); return }
            guard let path = value as? CGPath else { return nil }
            self = .path(path)
        case .vector3:
            if let number = scalarValue(value) { self = .vector3(SIMD3(repeating: number)); return }
            guard let list = value as? [Any], list.count == 3 else { return nil }
            let numbers = list.compactMap(scalarValue)
            guard numbers.count == 3 else { return nil }
            self = .vector3(SIMD3(numbers[0], numbers[1], numbers[2]))
        }
    }

    /// The value as Apple's API hands it out (`CGFloat` for scalars, `CGColor?` for colours…).
    var anyValue: Any? {
        switch self {
        case let .scalar(v): CGFloat(v)
        case let .point(p): p
        case let .size(s): s
        case let .rect(r): r
        case let .color(c): c.map { CGColor(red: $0.x, green: $0.y, blue: $0.z, alpha: $0.w) }
        case let .transform(t): t
        case let .bool(b): b
        case let .image(i): i
        case let .path(p): p
        case let .vector3(v): [CGFloat(v.x), CGFloat(v.y), CGFloat(v.z)]
        }
    }

    /// The numbers a vector-space value is made of (nil for transforms, booleans, images).
    var components: [Double]? {
        switch self {
        case let .scalar(v): [v]
        case let .point(p): [Double(p.x), Double(p.y)]
        case let .size(s): [Double(s.width), Double(s.height)]
        case let .rect(r): [Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height)]
        case let .color(c): c.map { [$0.x, $0.y, $0.z, $0.w] }
        case let .vector3(v): [v.x, v.y, v.z]
        case .transform, .bool, .image, .path: nil
        }
    }

    /// The value of `kind` made of `c` (as many numbers as `components` gives).
    static func from(components c: [Double], kind: ValueKind) -> AnimatableValue? {
        switch (kind, c.count) {
        case (.scalar, 1): .scalar(c[0])
        case (.point, 2): .point(CGPoint(x: c[0], y: c[1]))
        case (.size, 2): .size(CGSize(width: c[0], height: c[1]))
        case (.rect, 4): .rect(CGRect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case (.color, 4): .color(SIMD4(c[0], c[1], c[2], c[3]))
        case (.vector3, 3): .vector3(SIMD3(c[0], c[1], c[2]))
        default: nil
        }
    }

    /// The value at `fraction` of the way from `self` to `other` (0 gives `self`, 1 `other`;
    /// outside `0...1` extrapolates, as springs and overshooting curves need).
    ///
    /// Numbers, points, sizes, rectangles and colour components interpolate linearly;
    /// transforms through their decomposition (`CATransform3D.interpolated(to:fraction:)`:
    /// scale, skew, translation and perspective linearly, rotation by quaternion slerp);
    /// booleans behave as the numbers 0 and 1 and read true while that number is not 0, so a
    /// change to true shows at once and a change to false at the end; images switch halfway;
    /// paths with the same elements blend point by point (Apple's "linear blend of the points"),
    /// other paths (or nil) switch halfway.
    func interpolated(to other: AnimatableValue, fraction t: Double) -> AnimatableValue {
        switch (self, other) {
        case let (.scalar(a), .scalar(b)): return .scalar(a + (b - a) * t)
        case let (.point(a), .point(b)):
            return .point(CGPoint(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t)))
        case let (.size(a), .size(b)):
            return .size(CGSize(width: lerp(a.width, b.width, t), height: lerp(a.height, b.height, t)))
        case let (.rect(a), .rect(b)):
            return .rect(CGRect(x: lerp(a.origin.x, b.origin.x, t), y: lerp(a.origin.y, b.origin.y, t),
                                width: lerp(a.size.width, b.size.width, t), height: lerp(a.size.height, b.size.height, t)))
        case let (.color(a), .color(b)):
            guard a != nil || b != nil else { return .color(nil) }
            let from = a ?? SIMD4(b!.x, b!.y, b!.z, 0), to = b ?? SIMD4(a!.x, a!.y, a!.z, 0)
            if t >= 1 && b == nil { return .color(nil) }
            if t <= 0 && a == nil { return .color(nil) }
            return .color(from + (to - from) * t)
        case let (.transform(a), .transform(b)):
            return .transform(a.interpolated(to: b, fraction: CGFloat(t)))
        case let (.vector3(a), .vector3(b)): return .vector3(a + (b - a) * t)
        case let (.path(a?), .path(b?)):
            guard let blend = a.blended(to: b, fraction: t) else { return t < 0.5 ? self : other }
            return .path(blend)
        case let (.bool(a), .bool(b)):
            if t <= 0 { return .bool(a) }
            if t >= 1 { return .bool(b) }
            return .bool(a || b)
        default:
            return t < 0.5 ? self : other
        }
    }

    /// `self` with `offset` added: componentwise for numbers, points, sizes, rectangles,
    /// colours and vectors; for transforms the offset is applied first, then `self`
    /// (`CATransform3DConcat(offset, self)`), which is how an additive rotation turns a layer
    /// about its anchor before its own transform. Other kinds take the offset as is.
    func adding(_ offset: AnimatableValue) -> AnimatableValue {
        if case let (.transform(a), .transform(b)) = (self, offset) { return .transform(CATransform3DConcat(b, a)) }
        if case let (.color(a), .color(b)) = (self, offset) {
            guard let a, let b else { return .color(a ?? b) }
            return .color(a + b)
        }
        guard let a = components, let b = offset.components, a.count == b.count,
              let sum = Self.from(components: zip(a, b).map { $0 + $1 }, kind: kind) else { return offset }
        return sum
    }

    /// `self` minus `offset`: the value that `adding(offset)` turns into `self`.
    func subtracting(_ offset: AnimatableValue) -> AnimatableValue {
        if case let (.transform(a), .transform(b)) = (self, offset) {
            return .transform(CATransform3DConcat(CATransform3DInvert(b), a))
        }
        if case let (.color(a), .color(b)) = (self, offset) {
            guard let a else { return .color(nil) }
            return .color(a - (b ?? .zero))
        }
        guard let a = components, let b = offset.components, a.count == b.count,
              let difference = Self.from(components: zip(a, b).map { $0 - $1 }, kind: kind) else { return self }
        return difference
    }

    /// `self` scaled by `factor` (for cumulative repetition of an offset); transforms are raised
    /// to the power `factor` (a whole number of repetitions).
    func scaled(by factor: Int) -> AnimatableValue {
        if case let .transform(t) = self {
            var result = CATransform3DIdentity
            for _ in 0..<max(0, min(factor, 10_000)) { result = CATransform3DConcat(result, t) }
            return .transform(result)
        }
        guard let c = components, let scaled = Self.from(components: c.map { $0 * Double(factor) }, kind: kind) else {
            return self
        }
        return scaled
    }

    /// The distance between two values, for paced keyframes: Euclidean over the components;
    /// for transforms over their sixteen entries; 0 or 1 for booleans and images.
    func distance(to other: AnimatableValue) -> Double {
        if case let (.transform(a), .transform(b)) = (self, other) {
            return zip(a.entries, b.entries).reduce(0) { $0 + Double(($1.0 - $1.1) * ($1.0 - $1.1)) }.squareRoot()
        }
        guard let a = components, let b = other.components, a.count == b.count else { return self == other ? 0 : 1 }
        return zip(a, b).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    }

    /// The value of `kind` that adds nothing (0, zero point, identity transform…).
    static func zero(_ kind: ValueKind) -> AnimatableValue {
        switch kind {
        case .scalar: .scalar(0)
        case .point: .point(.zero)
        case .size: .size(.zero)
        case .rect: .rect(.zero)
        case .color: .color(.zero)
        case .transform: .transform(CATransform3DIdentity)
        case .bool: .bool(false)
        case .image: .image(nil)
        case .path: .path(nil)
        case .vector3: .vector3(.zero)
        }
    }

    static func == (lhs: AnimatableValue, rhs: AnimatableValue) -> Bool {
        switch (lhs, rhs) {
        case let (.scalar(a), .scalar(b)): a == b
        case let (.point(a), .point(b)): a == b
        case let (.size(a), .size(b)): a == b
        case let (.rect(a), .rect(b)): a == b
        case let (.color(a), .color(b)): a == b
        case let (.transform(a), .transform(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case let (.image(a), .image(b)): a === b
        case let (.path(a), .path(b)): a == b
        case let (.vector3(a), .vector3(b)): a == b
        default: false
        }
    }
}

/// A number from any of the types Core Animation code uses for one; nil otherwise.
func scalarValue(_ value: Any?) -> Double? {
    switch unwrapped(value) {
    case let v as Double: v
    case let v as CGFloat: Double(v)
    case let v as Float: Double(v)
    case let v as Int: Double(v)
    case let v as Int32: Double(v)
    case let v as Int64: Double(v)
    case let v as UInt: Double(v)
    case let v as UInt32: Double(v)
    case let v as NSNumber: v.doubleValue
    case let v as Bool: v ? 1 : 0
    default: nil
    }
}

/// `value` with any levels of `Optional` removed; nil for nil and for `NSNull`.
func unwrapped(_ value: Any?) -> Any? {
    guard let value else { return nil }
    if let optional = value as? OptionalProtocol { return optional.wrappedAny }
    if value is NSNull { return nil }
    return value
}

private protocol OptionalProtocol { var wrappedAny: Any? { get } }
extension Optional: OptionalProtocol {
    fileprivate var wrappedAny: Any? { self.flatMap { unwrapped($0) } }
}

@inline(__always) func lerp(_ a: CGFloat, _ b: CGFloat, _ t: Double) -> CGFloat {
    a + (b - a) * CGFloat(t)
}

extension CGPath {
    /// The path at `t` of the way to `other` when both have the same elements in the same order:
    /// every point (end and control points alike) blended linearly; nil when the shapes differ.
    func blended(to other: CGPath, fraction t: Double) -> CGPath? {
        guard elements.count == other.elements.count else { return nil }
        func mix(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t)) }
        var blended: [Element] = []
        blended.reserveCapacity(elements.count)
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case let (.move(p), .move(q)): blended.append(.move(to: mix(p, q)))
            case let (.line(p), .line(q)): blended.append(.line(to: mix(p, q)))
            case let (.quadCurve(p, c), .quadCurve(q, d)): blended.append(.quadCurve(to: mix(p, q), control: mix(c, d)))
            case let (.curve(p, c1, c2), .curve(q, d1, d2)):
                blended.append(.curve(to: mix(p, q), control1: mix(c1, d1), control2: mix(c2, d2)))
            case (.closeSubpath, .closeSubpath): blended.append(.closeSubpath)
            default: return nil
            }
        }
        return CGPath(elements: blended)
    }
}
