import Foundation
import Geometry
import XCTest

/// CATransform3D's constructors, identity and equality tests (GNUstep QuartzCore
/// `Tests/CATransform3D/catransform3d.m`, whose expected matrices hold on Apple's QuartzCore).
final class CATransform3DFactsTests: XCTestCase {
    private func matrix(_ e: [CGFloat]) -> CATransform3D {
        CATransform3D(m11: e[0], m12: e[1], m13: e[2], m14: e[3], m21: e[4], m22: e[5], m23: e[6], m24: e[7],
                      m31: e[8], m32: e[9], m33: e[10], m34: e[11], m41: e[12], m42: e[13], m43: e[14], m44: e[15])
    }

    private func assertClose(_ t: CATransform3D, _ e: [CGFloat], file: StaticString = #filePath, line: UInt = #line) {
        for (got, want) in zip(t.entries, e) {
            XCTAssertEqual(got, want, accuracy: 1e-6, "\(t)", file: file, line: line)
        }
    }

    func testTheIdentityIsIdentityAndEqualToAnotherIdentity() {
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DIdentity))
        XCTAssertTrue(CATransform3DEqualToTransform(CATransform3DIdentity, CATransform3DIdentity))
        XCTAssertTrue(CATransform3DEqualToTransform(matrix([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
                                                    CATransform3DIdentity))
    }

    func testAMatrixABitOffOrTwiceTheIdentityIsNotTheIdentity() {
        let d: CGFloat = 1.0000001
        let off = matrix([d, 0, 0, 0, 0, d, 0, 0, 0, 0, d, 0, 0, 0, 0, d])
        XCTAssertFalse(CATransform3DIsIdentity(off))
        XCTAssertFalse(CATransform3DEqualToTransform(off, CATransform3DIdentity))
        let two = matrix([2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2])
        XCTAssertFalse(CATransform3DIsIdentity(two))
        XCTAssertFalse(CATransform3DEqualToTransform(two, CATransform3DIdentity))
    }

    func testTranslationsAndScalesAreMadeAndComposedAsApplesAre() {
        let translation = CATransform3DMakeTranslation(2, 3, 4)
        let scale = CATransform3DMakeScale(2, 3, 4)
        assertClose(translation, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 2, 3, 4, 1])
        assertClose(CATransform3DTranslate(translation, 2, 3, 4), [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 4, 6, 8, 1])
        assertClose(scale, [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1])
        assertClose(CATransform3DScale(scale, 2, 3, 4), [4, 0, 0, 0, 0, 9, 0, 0, 0, 0, 16, 0, 0, 0, 0, 1])
        assertClose(CATransform3DScale(translation, 2, 3, 4), [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 2, 3, 4, 1])
        assertClose(CATransform3DTranslate(scale, 2, 3, 4), [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 4, 9, 16, 1])
        assertClose(CATransform3DConcat(scale, translation), [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 2, 3, 4, 1])
    }

    func testQuarterTurnsAboutEachAxis() {
        assertClose(CATransform3DMakeRotation(.pi / 2, 1, 0, 0), [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1])
        assertClose(CATransform3DMakeRotation(.pi / 2, 0, 1, 0), [0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1])
        assertClose(CATransform3DMakeRotation(.pi / 2, 0, 0, 1), [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    }

    func testAQuarterTurnAboutAnUnnormalisedAxisAndExactEquality() {
        let expected: [CGFloat] = [0.333333, 0.910684, -0.244017, 0, -0.244017, 0.333333, 0.910684, 0,
                                   0.910684, -0.244017, 0.333333, 0, 0, 0, 0, 1]
        let t = CATransform3DMakeRotation(.pi / 2, 2, 2, 2)
        assertClose(t, expected)
        XCTAssertFalse(CATransform3DEqualToTransform(t, matrix(expected)),
                       "equality is exact: six decimal places are not the same matrix")
    }
}
