import Foundation
import Geometry

/// The fields Core Animation's key-value coding extensions expose on a `CATransform3D`:
/// `rotation.x/y/z` (radians; `rotation` is `rotation.z`), `scale.x/y/z` (`scale` sets all
/// three and reads their mean), `translation.x/y/z` (`translation` is a `CGSize` of x and y).
enum TransformField: String, CaseIterable, Sendable {
    case rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z", rotation
    case scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z", scale
    case translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z", translation

    var kind: ValueKind { self == .translation ? .size : .scalar }
}

/// A transform split into the fields of `TransformField`, plus the skew and perspective that
/// those fields do not name (kept so that changing one field leaves the rest of the transform,
/// a perspective `m34` included, as it was).
///
/// The rotation is stored as Euler angles applied x, then y, then z (row vectors:
/// `Rx · Ry · Rz`), so a transform that only rotates about z reads back exactly that angle.
/// Setting a field recomposes the transform: scale, skew, rotation, translation, perspective.
struct TransformFields {
    var scale = SIMD3<Double>(1, 1, 1)
    var skew = SIMD3<Double>.zero
    var angles = SIMD3<Double>.zero
    var translation = SIMD3<Double>.zero
    var perspective = SIMD4<Double>(0, 0, 0, 1)

    init(_ t: CATransform3D) {
        if CATransform3DIsIdentity(t) { return }
        if let d = DecomposedTransform3D(t) {
            scale = d.scale
            skew = d.skew
            translation = d.translation
            perspective = d.perspective
            angles = Self.eulerAngles(of: DecomposedTransform3D(rotation: d.rotation).transform)
        } else {
            // A flattened transform (a zero scale): keep what can be read directly.
            func length(_ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> Double { Double((x * x + y * y + z * z).squareRoot()) }
            scale = SIMD3(length(t.m11, t.m12, t.m13), length(t.m21, t.m22, t.m23), length(t.m31, t.m32, t.m33))
            translation = SIMD3(Double(t.m41), Double(t.m42), Double(t.m43))
        }
    }

    var transform: CATransform3D {
        let r = Self.rotation(angles)
        var rotation = Quaternion.identity
        if angles != .zero, let d = DecomposedTransform3D(r) { rotation = d.rotation }
        return DecomposedTransform3D(scale: scale, skew: skew, rotation: rotation, translation: translation,
                                     perspective: perspective).transform
    }

    func value(of field: TransformField) -> AnimatableValue {
        switch field {
        case .rotationX: .scalar(angles.x)
        case .rotationY: .scalar(angles.y)
        case .rotationZ, .rotation: .scalar(angles.z)
        case .scaleX: .scalar(scale.x)
        case .scaleY: .scalar(scale.y)
        case .scaleZ: .scalar(scale.z)
        case .scale: .scalar((scale.x + scale.y + scale.z) / 3)
        case .translationX: .scalar(translation.x)
        case .translationY: .scalar(translation.y)
        case .translationZ: .scalar(translation.z)
        case .translation: .size(CGSize(width: translation.x, height: translation.y))
        }
    }

    mutating func set(_ field: TransformField, to value: AnimatableValue) {
        if field == .translation {
            guard case let .size(s) = value else { return }
            translation.x = Double(s.width)
            translation.y = Double(s.height)
            return
        }
        guard case let .scalar(v) = value else { return }
        switch field {
        case .rotationX: angles.x = v
        case .rotationY: angles.y = v
        case .rotationZ, .rotation: angles.z = v
        case .scaleX: scale.x = v
        case .scaleY: scale.y = v
        case .scaleZ: scale.z = v
        case .scale: scale = SIMD3(repeating: v)
        case .translationX: translation.x = v
        case .translationY: translation.y = v
        case .translationZ: translation.z = v
        case .translation: break
        }
    }

    /// `Rx(a.x) · Ry(a.y) · Rz(a.z)`, each as `CATransform3DMakeRotation` makes it.
    static func rotation(_ a: SIMD3<Double>) -> CATransform3D {
        var r = CATransform3DIdentity
        if a.x != 0 { r = CATransform3DConcat(r, CATransform3DMakeRotation(CGFloat(a.x), 1, 0, 0)) }
        if a.y != 0 { r = CATransform3DConcat(r, CATransform3DMakeRotation(CGFloat(a.y), 0, 1, 0)) }
        if a.z != 0 { r = CATransform3DConcat(r, CATransform3DMakeRotation(CGFloat(a.z), 0, 0, 1)) }
        return r
    }

    /// The angles `a` with `rotation(a) == r` for a pure rotation `r`. With row vectors,
    /// `Rx·Ry·Rz` has `m13 = −sin y`, `m12/m11 = tan z`, `m23/m33 = tan x`; at `cos y = 0`
    /// (gimbal lock) z is taken as 0.
    static func eulerAngles(of r: CATransform3D) -> SIMD3<Double> {
        let m13 = Double(r.m13)
        let y = asin(min(1, max(-1, -m13)))
        if abs(m13) < 1 - 1e-12 {
            return SIMD3(atan2(Double(r.m23), Double(r.m33)), y, atan2(Double(r.m12), Double(r.m11)))
        }
        return SIMD3(atan2(Double(r.m21) * (y > 0 ? 1 : -1), Double(r.m22)), y, 0)
    }
}
