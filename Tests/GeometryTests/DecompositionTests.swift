import Geometry
import XCTest

final class DecompositionTests: XCTestCase {
    private func randomInvertible(_ rng: inout SplitMix64, perspective: Bool) -> CATransform3D {
        var t = CATransform3DMakeScale(.random(in: 0.2...3, using: &rng) * (Bool.random(using: &rng) ? 1 : -1),
                                       .random(in: 0.2...3, using: &rng), .random(in: 0.2...3, using: &rng))
        t.m21 = .random(in: -0.5...0.5, using: &rng)
        t.m31 = .random(in: -0.5...0.5, using: &rng)
        t = CATransform3DConcat(t, CATransform3DMakeRotation(.random(in: -3...3, using: &rng),
                                                             .random(in: -1...1, using: &rng),
                                                             .random(in: -1...1, using: &rng),
                                                             .random(in: -1...1, using: &rng)))
        t = CATransform3DConcat(t, CATransform3DMakeTranslation(.random(in: -50...50, using: &rng),
                                                                .random(in: -50...50, using: &rng),
                                                                .random(in: -50...50, using: &rng)))
        if perspective {
            var p = CATransform3DIdentity
            p.m34 = -1 / .random(in: 200...1000, using: &rng)
            p.m14 = .random(in: -0.001...0.001, using: &rng)
            t = CATransform3DConcat(t, p)
        }
        return t
    }

    func testDecomposeThenRecomposeGivesTheMatrixBack() throws {
        var rng = SplitMix64(seed: 42)
        for i in 0..<500 {
            let t = randomInvertible(&rng, perspective: i % 2 == 0)
            let d = try XCTUnwrap(DecomposedTransform3D(t), "\(t)")
            // The decomposition normalises by m44 (the same projective transform).
            let normalised = CATransform3D(entries: t.entries.map { $0 / t.m44 })!
            assertClose(d.transform, normalised, accuracy: 1e-9)
            XCTAssertEqual(d.rotation.w, abs(d.rotation.w))
        }
    }

    func testComponentsOfKnownTransforms() throws {
        let d = try XCTUnwrap(DecomposedTransform3D(
            CATransform3DConcat(CATransform3DConcat(CATransform3DMakeScale(2, 3, 4),
                                                    CATransform3DMakeRotation(.pi / 3, 0, 0, 1)),
                                CATransform3DMakeTranslation(5, 6, 7))))
        assertClose(CGFloat(d.scale.x), 2); assertClose(CGFloat(d.scale.y), 3); assertClose(CGFloat(d.scale.z), 4)
        XCTAssertEqual(d.skew, .zero)
        assertClose(CGFloat(d.rotation.angle), .pi / 3)
        assertClose(CGFloat(d.rotation.z), sin(.pi / 6))
        XCTAssertEqual(d.translation, SIMD3(5, 6, 7))
        XCTAssertEqual(d.perspective, SIMD4(0, 0, 0, 1))

        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        let dp = try XCTUnwrap(DecomposedTransform3D(p))
        assertClose(CGFloat(dp.perspective.z), -1.0 / 500)
        assertClose(CGFloat(dp.perspective.w), 1)
    }

    func testHalfTurnsKeepTheirAxis() throws {
        for axis in [SIMD3<Double>(1, -1, 0), SIMD3(0, 1, -1), SIMD3(-1, 0, 1), SIMD3(1, 1, 1), SIMD3(0, 0, 1)] {
            let t = CATransform3DMakeRotation(.pi, CGFloat(axis.x), CGFloat(axis.y), CGFloat(axis.z))
            let d = try XCTUnwrap(DecomposedTransform3D(t))
            assertClose(d.transform, t, accuracy: 1e-12)
        }
    }

    func testMirrorDecomposesAsSingleAxisFlip() throws {
        let d = try XCTUnwrap(DecomposedTransform3D(CATransform3DMakeScale(-1, 1, 1)))
        XCTAssertEqual(d.scale, SIMD3(-1, 1, 1))
        XCTAssertEqual(d.rotation, .identity)
        // Halfway from the identity, the layer is squashed flat horizontally, not turned.
        let mid = CATransform3DIdentity.interpolated(to: CATransform3DMakeScale(-1, 1, 1), fraction: 0.5)
        assertClose(mid, CATransform3DMakeScale(0, 1, 1), accuracy: 1e-12)
        let quarter = CATransform3DIdentity.interpolated(to: CATransform3DMakeScale(-1, 1, 1), fraction: 0.25)
        assertClose(quarter, CATransform3DMakeScale(0.5, 1, 1), accuracy: 1e-12)
    }

    func testSingularMatricesDoNotDecompose() throws {
        XCTAssertNil(DecomposedTransform3D(CATransform3DMakeScale(0, 1, 1)))
        XCTAssertNil(DecomposedTransform3D(CATransform3D()))
        var noW = CATransform3DIdentity
        noW.m44 = 0
        XCTAssertNil(DecomposedTransform3D(noW))
        var nanT = CATransform3DIdentity
        nanT.m42 = .nan
        XCTAssertNil(DecomposedTransform3D(nanT))
    }

    func testShrinkingRotationSpinsWhileShrinking() throws {
        let target = CATransform3DConcat(CATransform3DMakeScale(0.01, 0.01, 0.01), CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        let mid = CATransform3DIdentity.interpolated(to: target, fraction: 0.5)
        assertClose(atan2(mid.m12, mid.m11), .pi / 4, accuracy: 1e-9)
        assertClose(hypot(mid.m11, mid.m12), 0.505, accuracy: 1e-9)
        // Matrix interpolation would give no visible rotation change in angle over time; here
        // the angle grows steadily.
        for step in 1..<10 {
            let f = CGFloat(step) / 10
            let m = CATransform3DIdentity.interpolated(to: target, fraction: f)
            assertClose(atan2(m.m12, m.m11), f * .pi / 2, accuracy: 1e-9)
        }
    }

    func testRotationTakesTheShorterArc() throws {
        let target = CATransform3DMakeRotation(3 * .pi / 2, 0, 0, 1)
        let mid = CATransform3DIdentity.interpolated(to: target, fraction: 0.5)
        assertClose(atan2(mid.m12, mid.m11), -.pi / 4, accuracy: 1e-9)
    }

    func testInterpolationEndsAreExact() throws {
        let a = CATransform3DMakeRotation(0.3, 1, 2, 3)
        var b = CATransform3DMakeTranslation(1, 2, 3)
        b.m34 = -0.002
        XCTAssertEqual(a.interpolated(to: b, fraction: 0), a)
        XCTAssertEqual(a.interpolated(to: b, fraction: 1), b)
        assertClose(a.interpolated(to: b, fraction: 1e-12), a, accuracy: 1e-9)
    }

    func testPerspectiveAndTranslationInterpolateLinearly() throws {
        var a = CATransform3DIdentity
        a.m34 = -1.0 / 400
        var b = CATransform3DMakeTranslation(100, 0, 0)
        b.m34 = -1.0 / 800
        let mid = a.interpolated(to: b, fraction: 0.5)
        assertClose(mid.m41, 50, accuracy: 1e-9)
        assertClose(mid.m34, (-1.0 / 400 - 1.0 / 800) / 2, accuracy: 1e-12)
    }

    func testUndecomposableEndsFallBackToMatrixInterpolation() throws {
        let zero = CATransform3DMakeScale(0, 0, 1)
        let mid = CATransform3DIdentity.interpolated(to: zero, fraction: 0.25)
        XCTAssertEqual(mid, CATransform3DMakeScale(0.75, 0.75, 1))
        var nanT = CATransform3DIdentity
        nanT.m11 = .nan
        XCTAssertTrue(CATransform3DIdentity.interpolated(to: nanT, fraction: 0.5).m11.isNaN)
        XCTAssertEqual(CATransform3DIdentity.interpolated(to: nanT, fraction: 0.5).m22, 1)
    }

    func testSlerpOfQuaternionsKeepsUnitLength() throws {
        let a = Quaternion(angle: 0.3, axisX: 1, y: 0, z: 0)
        let b = Quaternion(angle: 2.5, axisX: 0, y: 1, z: 1)
        for step in 0...10 {
            let q = a.slerp(to: b, fraction: Double(step) / 10)
            XCTAssertEqual(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w, 1, accuracy: 1e-12)
        }
        XCTAssertEqual(Quaternion(angle: 1, axisX: 0, y: 0, z: 0), .identity)
    }
}

final class CGAffineTransformComponentsTests: XCTestCase {
    func testDecomposedMatchesAppleComponentOrder() throws {
        let components = CGAffineTransformComponents(scale: CGSize(width: 2, height: 3), horizontalShear: 0.5,
                                                     rotation: 0.7, translation: CGVector(dx: 10, dy: 20))
        let expected = CGAffineTransform(scaleX: 2, y: 3)
            .concatenating(CGAffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0))
            .concatenating(CGAffineTransform(rotationAngle: 0.7))
            .concatenating(CGAffineTransform(translationX: 10, y: 20))
        assertClose(CGAffineTransform(components), expected)
        let back = expected.decomposed()
        assertClose(back.scale.width, 2); assertClose(back.scale.height, 3)
        assertClose(back.horizontalShear, 0.5); assertClose(back.rotation, 0.7)
        XCTAssertEqual(back.translation, CGVector(dx: 10, dy: 20))
    }

    func testDecomposeRoundTripsRandomTransforms() throws {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<500 {
            let t = CGAffineTransform(a: .random(in: -3...3, using: &rng), b: .random(in: -3...3, using: &rng),
                                      c: .random(in: -3...3, using: &rng), d: .random(in: -3...3, using: &rng),
                                      tx: .random(in: -9...9, using: &rng), ty: .random(in: -9...9, using: &rng))
            guard abs(t.determinant) > 1e-3 else { continue }
            assertClose(CGAffineTransform(t.decomposed()), t, accuracy: 1e-9)
        }
    }

    func testMirrorAndDegenerateDecompositions() throws {
        let flip = CGAffineTransform(scaleX: -1, y: 1).decomposed()
        XCTAssertEqual(flip.scale, CGSize(width: -1, height: 1))
        XCTAssertEqual(flip.rotation, 0)
        let flipY = CGAffineTransform(scaleX: 1, y: -1).decomposed()
        XCTAssertEqual(flipY.scale, CGSize(width: 1, height: -1))
        let zeroRow = CGAffineTransform(a: 0, b: 0, c: 0, d: 2, tx: 0, ty: 0)
        assertClose(CGAffineTransform(zeroRow.decomposed()), zeroRow)
        XCTAssertEqual(CGAffineTransform().decomposed().scale, .zero)
        _ = CGAffineTransform(a: .nan, b: 1, c: 0, d: 1, tx: 0, ty: 0).decomposed()
    }

    func testAffineInterpolationSpinsWhileShrinking() throws {
        let target = CGAffineTransform(scaleX: 0.01, y: 0.01).rotated(by: .pi / 2)
        let mid = CGAffineTransform.identity.interpolated(to: target, fraction: 0.5)
        assertClose(atan2(mid.b, mid.a), .pi / 4)
        assertClose(hypot(mid.a, mid.b), 0.505)
        let far = CGAffineTransform.identity.interpolated(to: CGAffineTransform(rotationAngle: 3 * .pi / 2), fraction: 0.5)
        assertClose(atan2(far.b, far.a), -.pi / 4)
        XCTAssertEqual(CGAffineTransform.identity.interpolated(to: target, fraction: 1), target)
    }

    func testAffineAndThreeDInterpolationAgreeForFlatTransforms() throws {
        // A view's CGAffineTransform animates through its layer's CATransform3D: same path.
        let a = CGAffineTransform(translationX: 5, y: -3).rotated(by: 0.4).scaledBy(x: 1.5, y: 0.5)
        let b = CGAffineTransform(translationX: -20, y: 7).rotated(by: -1.1).scaledBy(x: 0.7, y: 2)
        let mirrored = CGAffineTransform(translationX: 3, y: 4).rotated(by: 2.2).scaledBy(x: -0.5, y: 1.7)
        for step in 1..<8 {
            let f = CGFloat(step) / 8
            let flat = a.interpolated(to: b, fraction: f)
            let deep = CATransform3DMakeAffineTransform(a).interpolated(to: CATransform3DMakeAffineTransform(b), fraction: f)
            assertClose(CATransform3DMakeAffineTransform(flat), deep, accuracy: 1e-9)
            let flatMirror = a.interpolated(to: mirrored, fraction: f)
            let deepMirror = CATransform3DMakeAffineTransform(a).interpolated(to: CATransform3DMakeAffineTransform(mirrored), fraction: f)
            assertClose(CATransform3DMakeAffineTransform(flatMirror), deepMirror, accuracy: 1e-9)
        }
    }
}
