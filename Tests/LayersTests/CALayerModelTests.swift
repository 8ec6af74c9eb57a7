import Geometry
import XCTest
@testable import Layers

final class CALayerModelTests: XCTestCase {
    func testDefaultsMatchApple() {
        let layer = CALayer()
        XCTAssertEqual(layer.bounds, .zero)
        XCTAssertEqual(layer.position, .zero)
        XCTAssertEqual(layer.anchorPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertEqual(layer.contentsGravity, .resize)
        XCTAssertEqual(layer.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(layer.contentsScale, 1)
        XCTAssertEqual(layer.shadowOpacity, 0)
        XCTAssertEqual(layer.shadowOffset, CGSize(width: 0, height: -3))
        XCTAssertEqual(layer.shadowRadius, 3)
        XCTAssertEqual(layer.shadowColor, .black)
        XCTAssertEqual(layer.borderColor, .black)
        XCTAssertNil(layer.backgroundColor)
        XCTAssertTrue(layer.isDoubleSided)
        XCTAssertFalse(layer.masksToBounds)
        XCTAssertTrue(layer.allowsGroupOpacity)
        XCTAssertEqual(layer.maskedCorners, [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        XCTAssertNil(layer.sublayers, "Apple returns nil, not an empty array, when there are no sublayers")
        XCTAssertTrue(CATransform3DIsIdentity(layer.transform))
    }

    func testFrameIsDerivedFromPositionBoundsAndAnchor() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 200, y: 100)
        XCTAssertEqual(layer.frame, CGRect(x: 150, y: 75, width: 100, height: 50))
        layer.anchorPoint = CGPoint(x: 0, y: 0)
        XCTAssertEqual(layer.frame, CGRect(x: 200, y: 100, width: 100, height: 50))
    }

    func testSettingFrameSetsPositionAndBoundsSize() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 5, y: 5, width: 1, height: 1)
        layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        XCTAssertEqual(layer.position, CGPoint(x: 25, y: 40))
        XCTAssertEqual(layer.bounds, CGRect(x: 5, y: 5, width: 30, height: 40), "bounds origin is kept")
        layer.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
        XCTAssertEqual(layer.position, CGPoint(x: 25, y: 40), "a non-finite frame is ignored")
    }

    func testFrameOfRotatedLayerIsBoundingBox() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.position = CGPoint(x: 50, y: 50)
        layer.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let half = 50 * 2.0.squareRoot()
        let frame = layer.frame
        XCTAssertEqual(frame.minX, 50 - half, accuracy: 1e-9)
        XCTAssertEqual(frame.width, 2 * half, accuracy: 1e-9)
        XCTAssertEqual(frame.minY, 50 - half, accuracy: 1e-9)
    }

    func testSublayerInsertionOrderAndReparenting() {
        let parent = CALayer(), other = CALayer()
        let a = CALayer(), b = CALayer(), c = CALayer(), d = CALayer()
        parent.addSublayer(a)
        parent.addSublayer(c)
        parent.insertSublayer(b, above: a)
        parent.insertSublayer(d, below: a)
        XCTAssertEqual(parent.sublayers?.map { ObjectIdentifier($0) }, [d, a, b, c].map { ObjectIdentifier($0) })
        other.addSublayer(b)
        XCTAssertTrue(b.superlayer === other)
        XCTAssertEqual(parent.sublayers?.count, 3)
        parent.insertSublayer(b, at: 100)
        XCTAssertTrue(parent.sublayers?.last === b, "an index past the end appends")
        XCTAssertNil(other.sublayers)
        parent.replaceSublayer(a, with: other)
        XCTAssertNil(a.superlayer)
        XCTAssertTrue(parent.sublayers?[1] === other)
        c.removeFromSuperlayer()
        XCTAssertNil(c.superlayer)
        XCTAssertEqual(parent.sublayers?.count, 3)
        parent.sublayers = nil
        XCTAssertNil(parent.sublayers)
        XCTAssertNil(d.superlayer)
    }

    func testAddingAnAncestorAsSublayerIsRefused() {
        let root = CALayer(), child = CALayer()
        root.addSublayer(child)
        child.addSublayer(root)
        XCTAssertNil(root.superlayer)
        XCTAssertNil(child.sublayers)
        child.addSublayer(child)
        XCTAssertNil(child.sublayers)
    }

    func testMaskLeavesItsTreeAndIsNotASublayer() {
        let root = CALayer(), layer = CALayer(), mask = CALayer()
        root.addSublayer(layer)
        root.addSublayer(mask)
        layer.mask = mask
        XCTAssertTrue(mask.superlayer === layer, "a mask's superlayer is the masked layer (Apple)")
        XCTAssertEqual(root.sublayers?.count, 1)
        mask.removeFromSuperlayer()
        XCTAssertNil(layer.mask)
    }

    func testPointConversionRoundTripsThroughTransforms() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
        let parent = CALayer()
        parent.bounds = CGRect(x: 10, y: 20, width: 200, height: 100)
        parent.position = CGPoint(x: 200, y: 200)
        parent.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        parent.sublayerTransform = perspective
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        child.position = CGPoint(x: 60, y: 70)
        child.transform = CATransform3DMakeRotation(0.7, 0, 1, 0)
        root.addSublayer(parent)
        parent.addSublayer(child)
        for p in [CGPoint(x: 0, y: 0), CGPoint(x: 12.5, y: 40), CGPoint(x: 50, y: 50)] {
            let inRoot = child.convert(p, to: root)
            let back = child.convert(inRoot, from: root)
            XCTAssertEqual(back.x, p.x, accuracy: 1e-6)
            XCTAssertEqual(back.y, p.y, accuracy: 1e-6)
            let inParent = child.convert(p, to: parent)
            let viaParent = parent.convert(inParent, to: nil)
            XCTAssertEqual(viaParent.x, inRoot.x, accuracy: 1e-6)
            XCTAssertEqual(viaParent.y, inRoot.y, accuracy: 1e-6)
        }
    }

    func testConvertAccountsForBoundsOriginAndAnchor() {
        let root = CALayer()
        let layer = CALayer()
        layer.bounds = CGRect(x: 100, y: 100, width: 20, height: 20)
        layer.position = CGPoint(x: 10, y: 10)
        root.addSublayer(layer)
        XCTAssertEqual(layer.convert(CGPoint(x: 100, y: 100), to: root), CGPoint(x: 0, y: 0))
        XCTAssertEqual(layer.convert(CGRect(x: 110, y: 110, width: 10, height: 10), to: root),
                       CGRect(x: 10, y: 10, width: 10, height: 10))
    }

    func testHitTestFindsFrontmostDeepestLayer() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.position = CGPoint(x: 50, y: 50)
        let back = CALayer(), front = CALayer(), inner = CALayer()
        back.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        front.frame = CGRect(x: 40, y: 40, width: 60, height: 60)
        inner.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(back)
        root.addSublayer(front)
        front.addSublayer(inner)
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50)) === front)
        XCTAssertTrue(root.hitTest(CGPoint(x: 45, y: 45)) === inner)
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10)) === back)
        back.zPosition = 1
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50)) === back, "zPosition brings a layer forward")
        back.isHidden = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50)) === front, "hidden layers are not hit")
        XCTAssertNil(root.hitTest(CGPoint(x: 150, y: 50)))
    }

    func testHitTestRespectsMasksToBoundsAndRotation() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.position = CGPoint(x: 50, y: 50)
        let clip = CALayer()
        clip.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        let overhang = CALayer()
        overhang.frame = CGRect(x: 40, y: 40, width: 40, height: 40)
        clip.addSublayer(overhang)
        root.addSublayer(clip)
        XCTAssertTrue(root.hitTest(CGPoint(x: 70, y: 70)) === overhang)
        clip.masksToBounds = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 70, y: 70)) === root)
        let rotated = CALayer()
        rotated.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        rotated.position = CGPoint(x: 80, y: 20)
        rotated.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        root.addSublayer(rotated)
        XCTAssertTrue(root.hitTest(CGPoint(x: 80, y: 34)) === rotated, "inside the diamond")
        XCTAssertTrue(root.hitTest(CGPoint(x: 70, y: 11)) === root, "inside the unrotated box, outside the diamond")
    }

    func testPropertyChangesMarkTheTreeForRendering() {
        let root = CALayer(), child = CALayer()
        root.addSublayer(child)
        _ = root.makeRenderNode()
        XCTAssertFalse(root.needsRender)
        let first = root.makeRenderNode()
        XCTAssertTrue(first === root.makeRenderNode(), "an unchanged tree reuses its render node")
        child.opacity = 0.5
        XCTAssertTrue(root.needsRender)
        let second = root.makeRenderNode()
        XCTAssertFalse(first === second)
        child.opacity = 0.5
        XCTAssertFalse(root.needsRender, "setting the same value is not a change")
    }
}
