import XCTest
@testable import Raster

final class ProjectiveTransformTests: XCTestCase {
    private func assertClose(_ a: ProjectiveTransform, _ b: ProjectiveTransform, accuracy: Double = 1e-9,
                             file: StaticString = #filePath, line: UInt = #line) {
        let x = [a.m00, a.m01, a.m02, a.m10, a.m11, a.m12, a.m20, a.m21, a.m22]
        let y = [b.m00, b.m01, b.m02, b.m10, b.m11, b.m12, b.m20, b.m21, b.m22]
        for (p, q) in zip(x, y) { XCTAssertEqual(p, q, accuracy: accuracy, "\(a) vs \(b)", file: file, line: line) }
    }

    func testInverseTimesMatrixIsIdentity() {
        let m = ProjectiveTransform(1.2, 0.3, -40, -0.2, 0.9, 17, 0.001, -0.0004, 1.1)
        assertClose(m.concatenating(m.inverted()!), .identity)
        assertClose(m.inverted()!.concatenating(m), .identity)
    }

    func testInverseKeepsTheSignOfW() {
        let forward = ProjectiveTransform(1, 0, 0, 0, 1, 0, 0.01, 0, 1)
        let inverse = forward.inverted()!
        // A source point in front (w' = 1.5 > 0) maps back with w > 0.
        let p = forward.apply(x: 50, y: 10)!
        let w = inverse.m20 * p.x + inverse.m21 * p.y + inverse.m22
        XCTAssertGreaterThan(w, 0)
        let back = inverse.apply(x: p.x, y: p.y)!
        XCTAssertEqual(back.x, 50, accuracy: 1e-9)
        XCTAssertEqual(back.y, 10, accuracy: 1e-9)
    }

    func testSingularAndNonFiniteMatricesHaveNoInverse() {
        XCTAssertNil(ProjectiveTransform.scale(x: 0, y: 1).inverted())
        XCTAssertNil(ProjectiveTransform(1, 0, .nan, 0, 1, 0, 0, 0, 1).inverted())
        XCTAssertNil(ProjectiveTransform(.infinity, 0, 0, 0, 1, 0, 0, 0, 1).inverted())
    }

    func testConcatenationAppliesSelfFirstAsCGAffineTransformDoes() {
        let t = ProjectiveTransform.scale(x: 2, y: 2).concatenating(.translation(x: 10, y: 0))
        let p = t.apply(x: 3, y: 4)!
        XCTAssertEqual(p.x, 16)
        XCTAssertEqual(p.y, 8)
    }

    func testRotationTurnsClockwiseOnScreenWithYDown() {
        let p = ProjectiveTransform.rotation(radians: .pi / 2).apply(x: 1, y: 0)!
        XCTAssertEqual(p.x, 0, accuracy: 1e-12)
        XCTAssertEqual(p.y, 1, accuracy: 1e-12)
    }

    func testAffineFlagAndCGAffineLayout() {
        let t = ProjectiveTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        XCTAssertTrue(t.isAffine)
        let p = t.apply(x: 1, y: 1)!
        XCTAssertEqual(p.x, 1 + 3 + 5)
        XCTAssertEqual(p.y, 2 + 4 + 6)
        XCTAssertFalse(ProjectiveTransform(1, 0, 0, 0, 1, 0, 0.001, 0, 1).isAffine)
    }

    func testFlatteningTransform3DUsesRowVectorLayout() {
        // Translation (tx, ty) lives in m41, m42; perspective m34 = −1/500 with a z offset does not
        // affect the plane, but m14 (x → w) does.
        var fields = SIMD16<Double>(1, 0, 0, 0.002, 0, 1, 0, 0, 0, 0, 1, -1.0 / 500, 30, 40, 0, 1)
        let t = ProjectiveTransform(flatteningTransform3D: fields)
        let p = t.apply(x: 100, y: 0)!
        XCTAssertEqual(p.x, 130 / 1.2, accuracy: 1e-12)
        XCTAssertEqual(p.y, 40 / 1.2, accuracy: 1e-12)
        fields[3] = 0
        XCTAssertTrue(ProjectiveTransform(flatteningTransform3D: fields).isAffine)
    }

    func testApplyRejectsPointsBehindTheViewer() {
        XCTAssertNil(ProjectiveTransform(1, 0, 0, 0, 1, 0, -1, 0, 1).apply(x: 2, y: 0))
    }
}
