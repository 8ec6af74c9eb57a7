import Geometry
import XCTest

final class CGAffineTransformTests: XCTestCase {
    func testIdentityAndZeroInitialiserMatchCoreGraphics() throws {
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
        XCTAssertEqual(CGAffineTransform(), CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        XCTAssertFalse(CGAffineTransform().isIdentity)
        XCTAssertFalse(CGAffineTransform(translationX: 0, y: 1e-12).isIdentity)
    }

    func testRotationMatrixHasCoreGraphicsSigns() throws {
        let t = CGAffineTransform(rotationAngle: .pi / 6)
        assertClose(t.a, cos(.pi / 6)); assertClose(t.b, sin(.pi / 6))
        assertClose(t.c, -sin(.pi / 6)); assertClose(t.d, cos(.pi / 6))
        // Positive angles turn +x towards +y.
        assertClose(CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2)), CGPoint(x: 0, y: 1))
    }

    func testPointApplyingFollowsRowVectorConvention() throws {
        let t = CGAffineTransform(a: 2, b: 3, c: 5, d: 7, tx: 11, ty: 13)
        let p = CGPoint(x: 1, y: 10).applying(t)
        XCTAssertEqual(p, CGPoint(x: 2 * 1 + 5 * 10 + 11, y: 3 * 1 + 7 * 10 + 13))
        XCTAssertEqual(CGSize(width: 1, height: 10).applying(t), CGSize(width: 52, height: 73))
    }

    func testMutatorsPrependTheirOperation() throws {
        let base = CGAffineTransform(translationX: 10, y: 20)
        // Scale first, then translate.
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(base.scaledBy(x: 2, y: 3)), CGPoint(x: 12, y: 23))
        // Rotate first, then translate.
        assertClose(CGPoint(x: 1, y: 0).applying(base.rotated(by: .pi / 2)), CGPoint(x: 10, y: 21))
        // Translation is expressed in the space `base` maps from.
        let scaled = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 5, y: 0)
        XCTAssertEqual(CGPoint.zero.applying(scaled), CGPoint(x: 10, y: 0))
    }

    func testConcatenatingAppliesReceiverFirst() throws {
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        let move = CGAffineTransform(translationX: 1, y: 0)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(scale.concatenating(move)), CGPoint(x: 3, y: 2))
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(move.concatenating(scale)), CGPoint(x: 4, y: 2))
        // scaledBy(x:y:) is scale.concatenating(self).
        XCTAssertEqual(move.scaledBy(x: 2, y: 2), scale.concatenating(move))
    }

    func testInvertedComposesToIdentity() throws {
        var rng = SplitMix64(seed: 1)
        for _ in 0..<200 {
            let t = CGAffineTransform(a: .random(in: -3...3, using: &rng), b: .random(in: -3...3, using: &rng),
                                      c: .random(in: -3...3, using: &rng), d: .random(in: -3...3, using: &rng),
                                      tx: .random(in: -100...100, using: &rng), ty: .random(in: -100...100, using: &rng))
            guard abs(t.determinant) > 1e-3 else { continue }
            assertClose(t.concatenating(t.inverted()), .identity, accuracy: 1e-6)
            assertClose(t.inverted().concatenating(t), .identity, accuracy: 1e-6)
        }
    }

    func testSingularInvertReturnsTheTransformUnchanged() throws {
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6)
        XCTAssertEqual(singular.inverted(), singular)
        XCTAssertEqual(CGAffineTransform(scaleX: 0, y: 1).inverted(), CGAffineTransform(scaleX: 0, y: 1))
    }

    func testRectApplyingReturnsBoundingBoxOfCorners() throws {
        let r = CGRect(x: 0, y: 0, width: 10, height: 20)
        assertClose(r.applying(CGAffineTransform(rotationAngle: .pi / 2)), CGRect(x: -20, y: 0, width: 20, height: 10))
        assertClose(r.applying(CGAffineTransform(rotationAngle: .pi / 4)),
                    CGRect(x: -20 / 2.0.squareRoot(), y: 0, width: 30 / 2.0.squareRoot(), height: 30 / 2.0.squareRoot()))
        XCTAssertEqual(r.applying(CGAffineTransform(scaleX: -1, y: 2).translatedBy(x: 1, y: 1)),
                       CGRect(x: -11, y: 2, width: 10, height: 40))
        // Negative sizes are standardized first.
        XCTAssertEqual(CGRect(x: 10, y: 10, width: -10, height: -10).applying(.identity),
                       CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertTrue(CGRect.null.applying(CGAffineTransform(rotationAngle: 1)).isNull)
    }

    func testNaNInputsGiveNullRectsAndDoNotTrap() throws {
        let nanT = CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        XCTAssertTrue(CGRect(x: 0, y: 0, width: 1, height: 1).applying(nanT).isNull)
        XCTAssertTrue(CGRect(x: 0, y: 0, width: 1, height: 1).applying(CGAffineTransform(rotationAngle: .nan)).isNull)
        XCTAssertTrue(nanT.inverted().a.isNaN)
        XCTAssertTrue(CGPoint(x: 1, y: 1).applying(nanT).x.isNaN)
    }

    func testDescriptionMatchesApple() throws {
        XCTAssertEqual(CGAffineTransform.identity.description,
                       "CGAffineTransform(a: 1.0, b: 0.0, c: 0.0, d: 1.0, tx: 0.0, ty: 0.0)")
    }

    func testCodableRoundTripsAsUnkeyedList() throws {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let data = try JSONEncoder().encode(t)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "[1,2,3,4,5,6]")
        XCTAssertEqual(try JSONDecoder().decode(CGAffineTransform.self, from: data), t)
    }
}
