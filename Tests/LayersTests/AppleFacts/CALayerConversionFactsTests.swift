import Foundation
import Geometry
import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CALayer/conversion.m (measured on Apple's QuartzCore).
final class CALayerConversionFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    private func layer(_ bounds: CGRect, _ position: CGPoint) -> CALayer {
        let l = CALayer()
        l.bounds = bounds
        l.position = position
        return l
    }

    private func parentAndChild() -> (CALayer, CALayer) {
        let parent = layer(CGRect(x: 0, y: 0, width: 200, height: 200), CGPoint(x: 100, y: 100))
        let child = layer(CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 100, y: 50))
        parent.addSublayer(child)
        return (parent, child)
    }

    func testAPointConvertsBetweenALayerAndItsSuperlayerByTheChildsOffset() {
        let (parent, child) = parentAndChild()
        assertPoint(child.convert(CGPoint(x: 0, y: 0), to: parent), 75, 25)
        assertPoint(child.convert(CGPoint(x: 50, y: 50), to: parent), 125, 75)
        assertPoint(parent.convert(CGPoint(x: 0, y: 0), to: child), -75, -25)
        assertPoint(child.convert(CGPoint(x: 0, y: 0), from: parent), -75, -25)
        assertPoint(parent.convert(CGPoint(x: 0, y: 0), from: child), 75, 25)
    }

    func testARectangleKeepsItsSizeAndMovesByTheOffset() {
        let (parent, child) = parentAndChild()
        assertRect(child.convert(CGRect(x: 0, y: 0, width: 10, height: 20), to: parent), 75, 25, 10, 20)
        assertRect(parent.convert(CGRect(x: 0, y: 0, width: 10, height: 20), to: child), -75, -25, 10, 20)
    }

    func testALayerConvertsToItselfUnchanged() {
        let l = layer(CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 100, y: 50))
        assertPoint(l.convert(CGPoint(x: 3, y: 4), to: l), 3, 4)
        assertRect(l.convert(CGRect(x: 3, y: 4, width: 5, height: 6), to: l), 3, 4, 5, 6)
    }

    func testTheSuperlayersBoundsOriginDoesNotMoveTheConversionOfItsChildsOrigin() {
        let parent = layer(CGRect(x: 10, y: 20, width: 200, height: 200), CGPoint(x: 100, y: 100))
        let child = layer(CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 100, y: 50))
        parent.addSublayer(child)
        assertPoint(child.convert(CGPoint(x: 0, y: 0), to: parent), 75, 25)
    }

    func testTheLayersOwnTransformAppliesAboutItsAnchorPoint() {
        let (parent, child) = parentAndChild()
        child.transform = CATransform3DMakeScale(2, 2, 1)
        assertPoint(child.convert(CGPoint(x: 0, y: 0), to: parent), 50, 0)
        assertPoint(child.convert(CGPoint(x: 50, y: 50), to: parent), 150, 100)
        assertRect(child.convert(CGRect(x: 0, y: 0, width: 10, height: 20), to: parent), 50, 0, 20, 40)
    }

    func testTheSuperlayersSublayerTransformMovesTheChild() {
        let (parent, child) = parentAndChild()
        parent.sublayerTransform = CATransform3DMakeTranslation(10, 20, 0)
        assertPoint(child.convert(CGPoint(x: 0, y: 0), to: parent), 85, 45)
    }

    func testTheSublayerTransformAppliesAboutTheSuperlayersAnchorPoint() {
        let (parent, child) = parentAndChild()
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        child.transform = CATransform3DMakeTranslation(5, 6, 0)
        assertPoint(child.convert(CGPoint(x: 0, y: 0), to: parent), 60, -38)
    }

    func testARotatedChildConvertsARectangleToTheBoxItsCornersSpan() {
        let parent = layer(CGRect(x: 0, y: 0, width: 200, height: 200), CGPoint(x: 100, y: 100))
        let child = layer(CGRect(x: 0, y: 0, width: 100, height: 100), CGPoint(x: 100, y: 100))
        child.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        parent.addSublayer(child)
        let s = 2.0.squareRoot()
        assertRect(child.convert(CGRect(x: 0, y: 0, width: 100, height: 100), to: parent), 100 - 50 * s, 100 - 50 * s, 100 * s, 100 * s)
        assertPoint(child.convert(CGPoint(x: 50, y: 50), to: parent), 100, 100)
    }

    func testConversionsCrossTheTreeThroughCommonAncestors() {
        let g0 = layer(CGRect(x: 0, y: 0, width: 400, height: 400), CGPoint(x: 200, y: 200))
        let g1 = layer(CGRect(x: 0, y: 0, width: 200, height: 200), CGPoint(x: 100, y: 100))
        let g2 = layer(CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 25, y: 25))
        g0.addSublayer(g1)
        g1.addSublayer(g2)
        assertPoint(g2.convert(CGPoint.zero, to: g0), 0, 0)
        assertPoint(g0.convert(CGPoint.zero, to: g2), 0, 0)
        let parent = layer(CGRect(x: 0, y: 0, width: 200, height: 200), CGPoint(x: 100, y: 100))
        let s1 = layer(CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 25, y: 25))
        let s2 = layer(CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 125, y: 25))
        parent.addSublayer(s1)
        parent.addSublayer(s2)
        assertPoint(s1.convert(CGPoint.zero, to: s2), -100, 0)
    }

    func testLayersInDifferentTreesConvertThroughTheirOwnPlacementAsRoots() {
        let u1 = layer(CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 25, y: 25))
        let u2 = layer(CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 500, y: 500))
        assertPoint(u1.convert(CGPoint.zero, to: u2), -475, -475)
    }

    func testADetachedLayerConvertsAsIfItWereARootOfItsOwn() {
        let parent = layer(CGRect(x: 0, y: 0, width: 200, height: 200), CGPoint(x: 100, y: 100))
        let d = layer(CGRect(x: 0, y: 0, width: 50, height: 50), CGPoint(x: 100, y: 50))
        parent.addSublayer(d)
        assertPoint(d.convert(CGPoint.zero, to: parent), 75, 25)
        d.removeFromSuperlayer()
        assertPoint(d.convert(CGPoint.zero, to: parent), 75, 25)
    }

    func testTheAffineTransformOfATwoDimensionalTransformIsItself() {
        let l = CALayer()
        assertAffine(l.affineTransform(), 1, 0, 0, 1, 0, 0)
        l.transform = CATransform3DMakeScale(2, 3, 1)
        assertAffine(l.affineTransform(), 2, 0, 0, 3, 0, 0)
        l.transform = CATransform3DMakeTranslation(3, 4, 0)
        assertAffine(l.affineTransform(), 1, 0, 0, 1, 3, 4)
        l.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let h = 0.5.squareRoot()
        assertAffine(l.affineTransform(), h, h, -h, h, 0, 0)
    }

    func testATransformThatIsNotAffineReportsTheIdentityAsItsAffineTransform() {
        let l = CALayer()
        l.transform = CATransform3DMakeScale(2, 3, 4)
        assertAffine(l.affineTransform(), 1, 0, 0, 1, 0, 0)
        l.transform = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        assertAffine(l.affineTransform(), 1, 0, 0, 1, 0, 0)
        l.transform = CATransform3DMakeTranslation(0, 0, 5)
        assertAffine(l.affineTransform(), 1, 0, 0, 1, 0, 0)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        l.transform = perspective
        assertAffine(l.affineTransform(), 1, 0, 0, 1, 0, 0)
    }

    func testSettingTheAffineTransformReplacesTheLayerTransform() {
        let l = CALayer()
        l.setAffineTransform(CGAffineTransform(a: 2, b: 3, c: 4, d: 5, tx: 6, ty: 7))
        assertAffine(l.affineTransform(), 2, 3, 4, 5, 6, 7)
        let t = l.transform
        XCTAssertTrue(t.m11 == 2 && t.m12 == 3 && t.m21 == 4 && t.m22 == 5 && t.m41 == 6 && t.m42 == 7 && t.m33 == 1 && t.m44 == 1)
        l.transform = CATransform3DMakeScale(9, 9, 9)
        l.setAffineTransform(CGAffineTransform(translationX: 1, y: 2))
        assertAffine(l.affineTransform(), 1, 0, 0, 1, 1, 2)
        XCTAssertEqual(l.transform.m33, 1)
    }
}
