import Foundation
import Geometry
import KinescopeTestSupport
import XCTest

/// NaN, infinities, huge, zero and negative numbers through every Geometry function: nothing
/// traps, Apple's documented answers hold (a transform that cannot be inverted comes back
/// unchanged; a rotation about a zero vector is the identity), and what Kinescope documents for
/// the rest (nil for degenerate homographies, finite clipped polygons) holds for any input.
final class NumericGeometryTests: XCTestCase {
    func testAffineTransformFunctionsTakeAnyNumber() throws {
        var random = SeededRandom(seed: 101)
        for _ in 0..<3000 {
            let t = Nasty.affine(&random), u = Nasty.affine(&random)
            let value = Nasty.draw(&random)
            _ = CGAffineTransform(scaleX: value, y: Nasty.draw(&random))
            _ = CGAffineTransform(rotationAngle: value)
            _ = t.scaledBy(x: value, y: value).translatedBy(x: value, y: value).rotated(by: value)
            _ = t.concatenating(u)
            _ = t.isIdentity
            _ = t.description
            let inverse = t.inverted()
            if t.determinant == 0 {
                XCTAssertEqual(inverse.bits, t.bits, "Apple: a transform that cannot be inverted is returned unchanged: \(t)")
            }
            let components = t.decomposed()
            _ = CGAffineTransform(components)
            _ = components.interpolated(to: u.decomposed(), fraction: value)
            let mid = t.interpolated(to: u, fraction: value)
            if value == 0 { XCTAssertEqual(mid.bits, t.bits, "fraction 0 gives the start exactly") }
            _ = Nasty.point(&random).applying(t)
            _ = CGSize(width: value, height: value).applying(t)
            _ = Nasty.rect(&random).applying(t)
            _ = try? JSONEncoder().encode(t)
        }
        let singular = CGAffineTransform(a: 2, b: 4, c: 1, d: 2, tx: 5, ty: 6)
        XCTAssertEqual(singular.inverted(), singular)
        XCTAssertEqual(CGAffineTransform(scaleX: 0, y: 1).inverted(), CGAffineTransform(scaleX: 0, y: 1))
    }

    func testTransform3DFunctionsTakeAnyNumber() throws {
        var random = SeededRandom(seed: 202)
        for _ in 0..<3000 {
            let t = Nasty.transform3D(&random), u = Nasty.transform3D(&random)
            let v = (Nasty.draw(&random), Nasty.draw(&random), Nasty.draw(&random), Nasty.draw(&random))
            _ = CATransform3DMakeTranslation(v.0, v.1, v.2)
            _ = CATransform3DMakeScale(v.0, v.1, v.2)
            let rotation = CATransform3DMakeRotation(v.0, v.1, v.2, v.3)
            if v.1 == 0 && v.2 == 0 && v.3 == 0 {
                XCTAssertEqual(rotation, CATransform3DIdentity, "Apple: a zero-length vector gives the identity")
            }
            _ = CATransform3DTranslate(t, v.0, v.1, v.2)
            _ = CATransform3DScale(t, v.0, v.1, v.2)
            _ = CATransform3DRotate(t, v.0, v.1, v.2, v.3)
            _ = CATransform3DConcat(t, u)
            let inverse = CATransform3DInvert(t)
            if !t.determinant.isFinite || t.determinant == 0 {
                XCTAssertEqual(inverse.entries.map(\.bitPattern), t.entries.map(\.bitPattern),
                               "Apple: a matrix with no inverse is returned unchanged: \(t)")
            }
            _ = CATransform3DIsAffine(t)
            _ = CATransform3DGetAffineTransform(t)
            _ = CATransform3DEqualToTransform(t, u)
            _ = t.description
            let decomposed = DecomposedTransform3D(t)
            if let decomposed {
                _ = decomposed.transform
                if let other = DecomposedTransform3D(u) { _ = decomposed.interpolated(to: other, fraction: Double(v.0)) }
            }
            _ = t.interpolated(to: u, fraction: v.0)
            _ = t.linearlyInterpolated(to: u, fraction: v.0)
            _ = Quaternion(angle: Double(v.0), axisX: Double(v.1), y: Double(v.2), z: Double(v.3))
                .slerp(to: .identity, fraction: Double(v.1))
        }
    }

    func testProjectionAndHomographyTakeAnyNumberAndNeverReturnNonFiniteGeometry() throws {
        var random = SeededRandom(seed: 303)
        for _ in 0..<3000 {
            let t = Nasty.transform3D(&random)
            let rect = Nasty.rect(&random)
            let quad = Quad(Nasty.point(&random), Nasty.point(&random), Nasty.point(&random), Nasty.point(&random))
            let h = Homography(t)
            if let m = Homography(mappingUnitSquareTo: quad) {
                XCTAssertTrue(m.isFinite, "a homography is nil or finite: \(m) for \(quad)")
                XCTAssertNotEqual(m.determinant, 0)
            }
            if let m = Homography(mapping: rect, to: quad) { XCTAssertTrue(m.isFinite, "\(m)") }
            if let inverse = h.inverted() { XCTAssertTrue(inverse.isFinite, "inverse of \(h) is \(inverse)") }
            _ = h.map(Nasty.point(&random))
            if let p = h.mapIfInFront(Nasty.point(&random)) { XCTAssertTrue(p.isFinite, "mapIfInFront gave \(p)") }
            let projected = h.project(rect)
            _ = projected.isInFront()
            _ = projected.quad()
            let polygon = projected.clippedPolygon()
            // Away from the edge of Double's range (where a true corner lies beyond it), the
            // polygon the compositor fills is finite.
            let moderate = [rect.minX, rect.minY, rect.width, rect.height].allSatisfy { abs($0) < 1e100 }
                && h.entries.allSatisfy { abs($0) < 1e100 }
            if moderate {
                XCTAssertTrue(polygon.allSatisfy(\.isFinite), "clipped polygon of \(rect) under \(h): \(polygon)")
            }
            _ = projected.visibleBoundingBox()
            _ = t.project(x: Nasty.draw(&random), y: Nasty.draw(&random))
            _ = t.unproject(Nasty.point(&random))
            _ = t.unprojectedBoundingBox(of: rect)
            _ = Nasty.point(&random).applying(t)
            _ = rect.applying(t)
            _ = h.concatenating(Homography(Nasty.affine(&random)))
        }
        let flat = Quad(CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 20, y: 0), CGPoint(x: 30, y: 0))
        XCTAssertNil(Homography(mappingUnitSquareTo: flat), "a quad collapsed onto a line has no homography")
        XCTAssertNil(Homography(mapping: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1), to: Quad(CGRect(x: 0, y: 0, width: 1, height: 1))))
    }
}

extension CGAffineTransform {
    /// The six entries' bit patterns, so that NaN entries compare equal to themselves.
    var bits: [UInt] { [a, b, c, d, tx, ty].map(\.bitPattern) }
}

extension Homography {
    var entries: [Double] { [m11, m12, m13, m21, m22, m23, m31, m32, m33] }
}
