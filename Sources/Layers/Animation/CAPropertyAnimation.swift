import Geometry

/// An animation of one property of a layer, named by a key path.
///
/// Key paths are Apple's: a property (`"opacity"`, `"position"`, `"transform"`, `"contents"`)
/// or a field of one — `position.x`, `anchorPoint.y`, `bounds.origin`, `bounds.size.width`,
/// `contentsRect.origin.x`, `shadowOffset.height`, and the transform fields
/// `transform.rotation.x/y/z` (`transform.rotation` is z), `transform.scale` (and `.x/.y/.z`),
/// `transform.translation` (a `CGSize`) and `.x/.y/.z`, also on `sublayerTransform`. A key path
/// that is not animatable, or a value of the wrong type for it, makes the animation do nothing
/// (it still runs its course and calls its delegate), with a one-line diagnostic.
open class CAPropertyAnimation: CAAnimation {
    /// An animation of the property at `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    /// The key path animated.
    open var keyPath: String?

    /// Whether the animated value is added to the property's current (underlying) value instead
    /// of replacing it: numbers, points, sizes and rectangles add componentwise, transforms
    /// concatenate (the animated one first). A missing `fromValue`/`toValue` then counts as zero.
    /// Default false.
    open var isAdditive = false

    /// Whether each repetition starts where the previous one ended instead of at the start
    /// value. Default false.
    open var isCumulative = false

    /// Turns the interpolated value into the property's value: with `.rotateZ` an animation of
    /// `"transform"` from 0 to 2π spins a full turn (a matrix interpolation could not tell 2π
    /// from 0).
    open var valueFunction: CAValueFunction?

    open override func copyProperties(from other: CAAnimation) {
        super.copyProperties(from: other)
        guard let other = other as? CAPropertyAnimation else { return }
        keyPath = other.keyPath
        isAdditive = other.isAdditive
        isCumulative = other.isCumulative
        valueFunction = other.valueFunction
    }

    override func ownValue(forKey key: String) -> Any?? {
        switch key {
        case "keyPath": .some(keyPath)
        case "additive": isAdditive
        case "cumulative": isCumulative
        case "valueFunction": .some(valueFunction)
        default: super.ownValue(forKey: key)
        }
    }

    override func setOwnValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "keyPath": if value == nil || value is String { keyPath = value as? String }
        case "additive": if let flag = value as? Bool { isAdditive = flag }
        case "cumulative": if let flag = value as? Bool { isCumulative = flag }
        case "valueFunction": if value == nil || value is CAValueFunction { valueFunction = value as? CAValueFunction }
        default: return super.setOwnValue(value, forKey: key)
        }
        return true
    }

    open override var description: String {
        "<\(type(of: self)) keyPath: \(keyPath ?? "nil") duration: \(duration)>"
    }
}

/// The names of the value functions (Apple's raw strings).
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A rotation about x by one number, in radians.
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// A scale by three numbers `[x, y, z]` (a single number scales all three).
    public static let scale = CAValueFunctionName(rawValue: "scale")
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// A translation by three numbers `[x, y, z]`.
    public static let translate = CAValueFunctionName(rawValue: "translate")
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// Turns the numbers an animation interpolates into a `CATransform3D`, for animations of
/// `transform` and `sublayerTransform`.
public final class CAValueFunction {
    /// Which transform the function makes.
    public let name: CAValueFunctionName

    /// The function called `name`; nil for an unknown name.
    public init?(name: CAValueFunctionName) {
        let known: [CAValueFunctionName] = [.rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ,
                                            .translate, .translateX, .translateY, .translateZ]
        guard known.contains(name) else { return nil }
        self.name = name
    }

    /// What the function takes: one number, or three for `.scale` and `.translate`.
    var inputKind: ValueKind { name == .scale || name == .translate ? .vector3 : .scalar }

    /// The input that makes the identity (0, or 1 for scales).
    var identityInput: AnimatableValue {
        switch name {
        case .scale: .vector3(SIMD3(1, 1, 1))
        case .scaleX, .scaleY, .scaleZ: .scalar(1)
        case .translate: .vector3(.zero)
        default: .scalar(0)
        }
    }

    func transform(_ input: AnimatableValue) -> CATransform3D {
        let v: Double
        switch input {
        case let .vector3(xyz):
            return name == .scale
                ? CATransform3DMakeScale(CGFloat(xyz.x), CGFloat(xyz.y), CGFloat(xyz.z))
                : CATransform3DMakeTranslation(CGFloat(xyz.x), CGFloat(xyz.y), CGFloat(xyz.z))
        case let .scalar(s): v = s
        default: return CATransform3DIdentity
        }
        let c = CGFloat(v)
        switch name {
        case .rotateX: return CATransform3DMakeRotation(c, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(c, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(c, 0, 0, 1)
        case .scaleX: return CATransform3DMakeScale(c, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, c, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, c)
        case .scale: return CATransform3DMakeScale(c, c, c)
        case .translateX: return CATransform3DMakeTranslation(c, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, c, 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, c)
        case .translate: return CATransform3DMakeTranslation(c, c, c)
        default: return CATransform3DIdentity
        }
    }
}
