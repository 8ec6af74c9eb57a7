import Geometry
import XCTest

final class HomographyTests: XCTestCase {
    private let trapezoid = Quad(CGPoint(x: 10, y: 5), CGPoint(x: 90, y: 15), CGPoint(x: 70, y: 80), CGPoint(x: 20, y: 60))

    func testUnitSquareHomographyMapsCornersToQuad() throws {
        let h = try XCTUnwrap(Homography(mappingUnitSquareTo: trapezoid))
        assertClose(h.map(CGPoint(x: 0, y: 0)), trapezoid.p0)
        assertClose(h.map(CGPoint(x: 1, y: 0)), trapezoid.p1)
        assertClose(h.map(CGPoint(x: 1, y: 1)), trapezoid.p2)
        assertClose(h.map(CGPoint(x: 0, y: 1)), trapezoid.p3)
        XCTAssertFalse(h.isAffine)
    }

    func testRectHomographyMapsCornersAndParallelogramsStayAffine() throws {
        let rect = CGRect(x: -20, y: 30, width: 200, height: 100)
        let h = try XCTUnwrap(Homography(mapping: rect, to: trapezoid))
        for (from, to) in zip(Quad(rect).points, trapezoid.points) {
            assertClose(h.map(from), to, accuracy: 1e-9)
        }
        let parallelogram = Quad(CGRect(x: 0, y: 0, width: 10, height: 10)).applying(CGAffineTransform(a: 1, b: 0.5, c: 0.3, d: 2, tx: 4, ty: 5))
        let affine = try XCTUnwrap(Homography(mapping: rect, to: parallelogram))
        XCTAssertTrue(affine.isAffine)
    }

    func testDegenerateQuadsAndRectsGiveNil() throws {
        let line = Quad(CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 2), CGPoint(x: 3, y: 3))
        XCTAssertNil(Homography(mappingUnitSquareTo: line))
        XCTAssertNil(Homography(mapping: CGRect(x: 0, y: 0, width: 0, height: 5), to: trapezoid))
        XCTAssertNil(Homography(mapping: .null, to: trapezoid))
        var nanQuad = trapezoid
        nanQuad.p2.x = .nan
        XCTAssertNil(Homography(mappingUnitSquareTo: nanQuad))
    }

    func testInverseUndoesTheMapAndKeepsTheFrontSign() throws {
        let h = try XCTUnwrap(Homography(mappingUnitSquareTo: trapezoid))
        let inverse = try XCTUnwrap(h.inverted())
        for p in [CGPoint(x: 0.25, y: 0.5), CGPoint(x: 0.9, y: 0.1), CGPoint(x: 0.5, y: 0.5)] {
            assertClose(inverse.map(h.map(p)), p, accuracy: 1e-12)
            let forward = h.homogeneous(x: Double(p.x), y: Double(p.y))
            let screen = forward / forward.z
            let back = inverse.homogeneous(x: screen.x, y: screen.y)
            XCTAssertEqual(back.z, 1 / forward.z, accuracy: 1e-12)
        }
        XCTAssertNil(Homography(m11: 1, m12: 2, m13: 0, m21: 2, m22: 4, m23: 0, m31: 0, m32: 0, m33: 1).inverted())
    }

    func testHomographyOfTransformMatchesPointProjection() throws {
        var t = CATransform3DIdentity
        t.m34 = -1 / 500
        t = CATransform3DRotate(t, 0.6, 0.3, 1, 0)
        t = CATransform3DTranslate(t, 40, -10, 25)
        let h = Homography(t)
        for p in [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 50), CGPoint(x: -30, y: 70)] {
            assertClose(h.map(p), p.applying(t), accuracy: 1e-9)
        }
        // Composition of homographies equals the homography of the flattened chain for affine parents.
        let parent = CATransform3DMakeAffineTransform(CGAffineTransform(translationX: 5, y: 6).rotated(by: 0.2))
        let chained = h.concatenating(Homography(parent))
        assertClose(chained.map(CGPoint(x: 10, y: 10)), CGPoint(x: 10, y: 10).applying(CATransform3DConcat(t, parent)), accuracy: 1e-9)
    }

    func testAffineConversionMatchesAffineTransform() throws {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        XCTAssertEqual(Homography(t).map(CGPoint(x: 7, y: 8)), CGPoint(x: 7, y: 8).applying(t))
        XCTAssertEqual(Homography(t), Homography(CATransform3DMakeAffineTransform(t)))
    }
}

final class ProjectionTests: XCTestCase {
    /// A quarter turn about y with exact zeros (`cos(.pi / 2)` is 6e-17, not 0).
    private let edgeOnAboutY = CATransform3D(m11: 0, m12: 0, m13: -1, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                             m31: 1, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

    private func cardTurned(_ angle: CGFloat, eye: CGFloat = 500) -> CATransform3D {
        var p = CATransform3DIdentity
        p.m34 = -1 / eye
        return CATransform3DConcat(CATransform3DMakeRotation(angle, 0, 1, 0), p)
    }

    func testPerspectiveMakesTheNearEdgeLarger() throws {
        // Turned about y by +30°: the +x edge goes away from the viewer (z < 0), the −x edge comes
        // towards it, so the −x edge is taller.
        let quad = try XCTUnwrap(cardTurned(.pi / 6).project(CGRect(x: -100, y: -50, width: 200, height: 100)).quad())
        let leftHeight = quad.p3.y - quad.p0.y
        let rightHeight = quad.p2.y - quad.p1.y
        XCTAssertGreaterThan(leftHeight, 100)
        XCTAssertLessThan(rightHeight, 100)
        XCTAssertTrue(quad.isConvex)
    }

    func testUnprojectInvertsProjection() throws {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<200 {
            var t = cardTurned(.random(in: -1.2...1.2, using: &rng))
            t = CATransform3DRotate(t, .random(in: -0.5...0.5, using: &rng), 1, 0, 0)
            t = CATransform3DConcat(t, CATransform3DMakeTranslation(.random(in: -200...200, using: &rng), 30, 0))
            let p = CGPoint(x: .random(in: -100...100, using: &rng), y: .random(in: -100...100, using: &rng))
            let screen = p.applying(t)
            let back = try XCTUnwrap(t.unproject(screen))
            assertClose(back, p, accuracy: 1e-7)
        }
    }

    func testUnprojectOfEdgeOnPlaneIsNil() throws {
        XCTAssertNil(edgeOnAboutY.unproject(CGPoint(x: 0, y: 0)))
        XCTAssertNil(CATransform3DMakeScale(0, 1, 1).unproject(CGPoint(x: 0, y: 0)))
        XCTAssertNil(CATransform3D().unproject(.zero))
    }

    func testUnprojectRejectsPointsBehindTheEye() throws {
        // Turned 60° with the eye 100 points away: points far to the left end up behind the eye.
        let t = cardTurned(.pi / 3, eye: 100)
        let behind = t.project(x: -300, y: 0)
        XCTAssertLessThan(behind.w, 0)
        // Its division lands on the far side of the screen; the only plane point on that line
        // of sight is the one behind the eye, so there is nothing to unproject.
        XCTAssertNil(t.unproject(behind.projected))
        XCTAssertNotNil(t.unproject(t.project(x: 50, y: 0).projected))
    }

    func testRectThroughAffineTransform3DMatchesAffineApplying() throws {
        let affine = CGAffineTransform(rotationAngle: 0.4).scaledBy(x: 2, y: 1)
        let rect = CGRect(x: 5, y: 6, width: 30, height: 40)
        XCTAssertEqual(rect.applying(CATransform3DMakeAffineTransform(affine)), rect.applying(affine))
    }

    func testRectBehindTheEyeIsClipped() throws {
        let t = cardTurned(.pi / 3, eye: 100)
        let rect = CGRect(x: -300, y: -50, width: 600, height: 100)
        let hq = t.project(rect)
        XCTAssertFalse(hq.isInFront())
        XCTAssertNil(hq.quad())
        let polygon = hq.clippedPolygon()
        XCTAssertEqual(polygon.count, 4)
        let box = rect.applying(t)
        XCTAssertFalse(box.isNull)
        // The visible part reaches toward infinity on the clipped side but stays finite.
        XCTAssertTrue(box.maxX.isFinite && box.minX.isFinite)
        // Every corner that is in front appears inside the box.
        for corner in hq.points where corner.w > 0 {
            XCTAssertTrue(box.insetBy(dx: -1e-6, dy: -1e-6).contains(corner.projected))
        }
        // Wholly behind the eye: nothing visible.
        var behind = CATransform3DIdentity
        behind.m44 = -1
        XCTAssertTrue(CGRect(x: 0, y: 0, width: 10, height: 10).applying(behind).isNull)
        XCTAssertEqual(behind.project(CGRect(x: 0, y: 0, width: 10, height: 10)).clippedPolygon(), [])
    }

    func testClippingOneCornerGivesPentagon() throws {
        let hq = HomogeneousQuad(HomogeneousPoint(x: 0, y: 0, z: 0, w: -1),
                                 HomogeneousPoint(x: 10, y: 0, z: 0, w: 1),
                                 HomogeneousPoint(x: 10, y: 10, z: 0, w: 1),
                                 HomogeneousPoint(x: 0, y: 10, z: 0, w: 1))
        XCTAssertEqual(hq.clippedPolygon(minimumW: 0.5).count, 5)
    }

    func testUnprojectedBoundingBoxInvertsRectApplying() throws {
        let t = cardTurned(0.5)
        let layerRect = CGRect(x: -50, y: -20, width: 100, height: 40)
        let screenQuad = try XCTUnwrap(t.project(layerRect).quad())
        // Unprojecting the screen quad's bounding box covers the layer rect.
        let back = t.unprojectedBoundingBox(of: screenQuad.boundingBox)
        XCTAssertTrue(back.insetBy(dx: -1e-6, dy: -1e-6).contains(layerRect))
        XCTAssertTrue(edgeOnAboutY.unprojectedBoundingBox(of: layerRect).isNull)
    }

    func testNaNTransformsDoNotTrap() throws {
        var t = CATransform3DIdentity
        t.m14 = .nan
        let rect = CGRect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertTrue(rect.applying(t).isNull)
        XCTAssertNil(t.unproject(CGPoint(x: 1, y: 1)))
        XCTAssertTrue(t.unprojectedBoundingBox(of: rect).isNull)
        XCTAssertEqual(t.project(rect).clippedPolygon(), [])
        XCTAssertTrue(CGPoint(x: 1, y: 1).applying(t).x.isNaN)
        XCTAssertNil(Homography(t).inverted())
    }
}

final class QuadTests: XCTestCase {
    func testRectCornersInOrderAndBoundingBox() throws {
        let q = Quad(CGRect(x: 10, y: 20, width: -5, height: 8))
        XCTAssertEqual(q.points, [CGPoint(x: 5, y: 20), CGPoint(x: 10, y: 20), CGPoint(x: 10, y: 28), CGPoint(x: 5, y: 28)])
        XCTAssertEqual(q.boundingBox, CGRect(x: 5, y: 20, width: 5, height: 8))
        XCTAssertEqual(q.signedArea, 40)
        XCTAssertEqual(q.applying(CGAffineTransform(scaleX: -1, y: 1)).signedArea, -40)
    }

    func testContainsAndConvexity() throws {
        let q = Quad(CGRect(x: 0, y: 0, width: 10, height: 10)).applying(CGAffineTransform(rotationAngle: .pi / 4))
        XCTAssertTrue(q.isConvex)
        XCTAssertTrue(q.contains(CGPoint(x: 0, y: 7)))
        XCTAssertFalse(q.contains(CGPoint(x: 6, y: 1)))
        XCTAssertTrue(Quad(CGRect(x: 0, y: 0, width: 10, height: 10)).contains(CGPoint(x: 10, y: 5)))
        let bowtie = Quad(CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10))
        XCTAssertFalse(bowtie.isConvex)
        XCTAssertFalse(Quad(.zero, .zero, .zero, .zero).isConvex)
    }

    func testBoundingBoxOfPointsAndToleranceIntegral() throws {
        XCTAssertTrue(CGRect(boundingBoxOf: [CGPoint]()).isNull)
        XCTAssertTrue(CGRect(boundingBoxOf: [CGPoint(x: CGFloat.nan, y: 0)]).isNull)
        XCTAssertEqual(CGRect(boundingBoxOf: [CGPoint(x: 3, y: -1), CGPoint(x: -2, y: 4)]),
                       CGRect(x: -2, y: -1, width: 5, height: 5))
        let noisy = CGRect(x: -0.0000000001, y: 9.9999999999, width: 100.0000000002, height: 10.5)
        XCTAssertEqual(noisy.integral(tolerance: 1e-6), CGRect(x: 0, y: 10, width: 100, height: 11))
        XCTAssertEqual(noisy.integral, CGRect(x: -1, y: 9, width: 102, height: 12))
        XCTAssertTrue(CGRect.null.integral(tolerance: 1e-6).isNull)
    }
}
