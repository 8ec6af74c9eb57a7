import Foundation
import Geometry

/// UIKit's and Core Animation's `NSValue` boxes, so animation code that boxes its values ports
/// unchanged: `animation.fromValue = NSValue(cgPoint: start)`,
/// `NSValue(caTransform3D: CATransform3DMakeScale(2, 2, 1))`. Every Kinescope API that takes an
/// animatable value (`fromValue`, `toValue`, `byValue`, keyframe `values`,
/// `setValue(_:forKeyPath:)`) accepts these boxes as well as the plain Swift values.
///
/// Points, sizes and rectangles are Foundation's own boxes (`objCType` `{CGPoint=dd}` and so
/// on, as on Apple's platforms). Foundation on Linux cannot box other structures, so
/// transforms are boxed as arrays of doubles: `objCType` `[16d]` for a `CATransform3D` (row by
/// row, `m11`…`m44`) and `[6d]` for a `CGAffineTransform` (`a b c d tx ty`), where Apple's
/// would read `{CATransform3D=dddddddddddddddd}`.
extension NSValue {
    /// Boxes a point (Foundation's `{CGPoint=dd}` box).
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    /// Boxes a size (Foundation's `{CGSize=dd}` box).
    public convenience init(cgSize size: CGSize) { self.init(size: size) }
    /// Boxes a rectangle (Foundation's `{CGRect=…}` box).
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    /// Boxes a 3D transform as its 16 entries, row by row (`objCType` `[16d]`).
    public convenience init(caTransform3D t: CATransform3D) {
        var entries = [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                       t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44].map(Double.init)
        self.init(bytes: &entries, objCType: NSValue.transform3DType)
    }

    /// Boxes an affine transform as `a b c d tx ty` (`objCType` `[6d]`).
    public convenience init(cgAffineTransform t: CGAffineTransform) {
        var entries = [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init)
        self.init(bytes: &entries, objCType: NSValue.affineTransformType)
    }

    /// The boxed point; `.zero` when the box holds something else.
    public var cgPointValue: CGPoint { boxedKind == .point ? pointValue : .zero }
    /// The boxed size; `.zero` when the box holds something else.
    public var cgSizeValue: CGSize { boxedKind == .size ? sizeValue : .zero }
    /// The boxed rectangle; `.zero` when the box holds something else.
    public var cgRectValue: CGRect { boxedKind == .rect ? rectValue : .zero }

    /// The boxed 3D transform (an affine box gives its 3D form); the identity when the box
    /// holds something else.
    public var caTransform3DValue: CATransform3D {
        switch boxedKind {
        case .transform3D:
            let m = doubles(16).map { CGFloat($0) }
            return CATransform3D(m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7],
                                 m31: m[8], m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
        case .affineTransform: return CATransform3DMakeAffineTransform(cgAffineTransformValue)
        default: return CATransform3DIdentity
        }
    }

    /// The boxed affine transform; the identity when the box holds something else.
    public var cgAffineTransformValue: CGAffineTransform {
        guard boxedKind == .affineTransform else { return .identity }
        let m = doubles(6).map { CGFloat($0) }
        return CGAffineTransform(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
    }

    enum BoxedKind { case point, size, rect, transform3D, affineTransform, other }

    static let transform3DType = "[16d]"
    static let affineTransformType = "[6d]"

    /// What the box holds, by its `objCType`.
    var boxedKind: BoxedKind {
        switch String(cString: objCType) {
        case "{CGPoint=dd}": .point
        case "{CGSize=dd}": .size
        case "{CGRect={CGPoint=dd}{CGSize=dd}}": .rect
        case NSValue.transform3DType: .transform3D
        case NSValue.affineTransformType: .affineTransform
        default: .other
        }
    }

    private func doubles(_ count: Int) -> [Double] {
        var entries = [Double](repeating: 0, count: count)
        entries.withUnsafeMutableBytes { getValue($0.baseAddress!) }
        return entries
    }
}
