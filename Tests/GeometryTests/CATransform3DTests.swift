import Geometry
import XCTest

final class CATransform3DTests: XCTestCase {
    func testIdentityAndZeroInitialiser() throws {
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DIdentity))
        XCTAssertFalse(CATransform3DIsIdentity(CATransform3D()))
        XCTAssertEqual(CATransform3D().entries, Array(repeating: 0, count: 16))
        XCTAssertEqual(CATransform3DIdentity.entries, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    }

    func testMakeFunctionsMatchAppleDocumentedMatrices() throws {
        XCTAssertEqual(CATransform3DMakeTranslation(1, 2, 3).entries, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1])
        XCTAssertEqual(CATransform3DMakeScale(1, 2, 3).entries, [1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1])
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        XCTAssertEqual(CATransform3DMakeAffineTransform(affine).entries,
                       [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 1, 0, 5, 6, 0, 1])
        XCTAssertEqual(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(affine)), affine)
    }

    func testRotationAboutZEqualsAffineRotationExactly() throws {
        for angle in stride(from: -7.0, through: 7.0, by: 0.37) {
            let a = CGFloat(angle)
            XCTAssertEqual(CATransform3DMakeRotation(a, 0, 0, 1),
                           CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: a)), "angle \(a)")
            XCTAssertEqual(CATransform3DMakeRotation(a, 0, 0, -2),
                           CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: -a)), "angle \(a)")
        }
    }

    func testRotationAboutXAndYFollowsRightHandRule() throws {
        let aboutX = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        // y → z
        assertClose(aboutX.m21, 0); assertClose(aboutX.m22, 0); assertClose(aboutX.m23, 1)
        let aboutY = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        // z → x, so x → -z
        assertClose(aboutY.m11, 0); assertClose(aboutY.m13, -1); assertClose(aboutY.m31, 1)
        // The general path agrees with the axis special cases.
        assertClose(CATransform3DMakeRotation(0.7, 1e-300, 1, 0), CATransform3DMakeRotation(0.7, 0, 1, 0))
        assertClose(CATransform3DMakeRotation(0.7, 1, 1e-300, 0), CATransform3DMakeRotation(0.7, 1, 0, 0))
    }

    func testZeroLengthRotationAxisGivesIdentity() throws {
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DMakeRotation(1, .nan, 0, 0)))
    }

    func testRotateScaleTranslatePrependTheirOperation() throws {
        let t = CATransform3DMakeTranslation(10, 20, 30)
        XCTAssertEqual(CATransform3DScale(t, 2, 3, 4), CATransform3DConcat(CATransform3DMakeScale(2, 3, 4), t))
        XCTAssertEqual(CATransform3DTranslate(CATransform3DMakeScale(2, 3, 4), 1, 1, 1),
                       CATransform3DConcat(CATransform3DMakeTranslation(1, 1, 1), CATransform3DMakeScale(2, 3, 4)))
        assertClose(CATransform3DRotate(t, 0.5, 1, 2, 3),
                    CATransform3DConcat(CATransform3DMakeRotation(0.5, 1, 2, 3), t))
        // Matches CGAffineTransform's mutators.
        let affine = CGAffineTransform(translationX: 10, y: 20).rotated(by: 0.3).scaledBy(x: 2, y: 5)
        var threeD = CATransform3DMakeTranslation(10, 20, 0)
        threeD = CATransform3DScale(CATransform3DRotate(threeD, 0.3, 0, 0, 1), 2, 5, 1)
        assertClose(CATransform3DGetAffineTransform(threeD), affine)
    }

    func testConcatAppliesFirstOperandFirst() throws {
        let scale = CATransform3DMakeScale(2, 2, 2)
        let move = CATransform3DMakeTranslation(1, 0, 0)
        XCTAssertEqual(CATransform3DConcat(scale, move).m41, 1)
        XCTAssertEqual(CATransform3DConcat(move, scale).m41, 2)
    }

    func testInvertComposesToIdentity() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200 {
            var e = (0..<16).map { _ in CGFloat.random(in: -2...2, using: &rng) }
            e[15] += 3
            let t = try XCTUnwrap(CATransform3D(entries: e))
            guard abs(t.determinant) > 1e-2 else { continue }
            assertClose(CATransform3DConcat(t, CATransform3DInvert(t)), CATransform3DIdentity, accuracy: 1e-8)
            assertClose(CATransform3DConcat(CATransform3DInvert(t), t), CATransform3DIdentity, accuracy: 1e-8)
        }
        var p = CATransform3DIdentity
        p.m34 = -1 / 500
        p = CATransform3DRotate(p, 0.8, 0, 1, 0)
        assertClose(CATransform3DConcat(p, CATransform3DInvert(p)), CATransform3DIdentity)
    }

    func testSingularInvertReturnsTheTransformUnchanged() throws {
        let flat = CATransform3DMakeScale(1, 1, 0)
        XCTAssertEqual(CATransform3DInvert(flat), flat)
        XCTAssertEqual(CATransform3DInvert(CATransform3D()), CATransform3D())
        var nanT = CATransform3DIdentity
        nanT.m11 = .nan
        XCTAssertTrue(CATransform3DInvert(nanT).m11.isNaN)
    }

    func testIsAffineChecksZAndPerspectiveTerms() throws {
        XCTAssertTrue(CATransform3DIsAffine(CATransform3DMakeAffineTransform(CGAffineTransform(rotationAngle: 1))))
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeTranslation(0, 0, 1)))
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeScale(1, 1, 2)))
        var p = CATransform3DIdentity
        p.m34 = -0.002
        XCTAssertFalse(CATransform3DIsAffine(p))
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 0, 1, 0)))
    }

    func testEqualityIsExactAndHashConsistent() throws {
        let a = CATransform3DMakeRotation(0.5, 1, 1, 0)
        XCTAssertTrue(CATransform3DEqualToTransform(a, a))
        var b = a
        b.m43 += 1e-12
        XCTAssertFalse(CATransform3DEqualToTransform(a, b))
        XCTAssertEqual(Set([a, a, b]).count, 2)
    }
}
