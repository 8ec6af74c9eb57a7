import Foundation
import Geometry
import Graphics
import XCTest
@testable import Layers

/// The values a basic animation shows part way through, as Apple documents them (GNUstep
/// QuartzCore `Tests/quartzcore/CAAnimation/interpolation.m`). GNUstep asks its private
/// `calculatedAnimationValueAtTime:onLayer:`; here the same questions go through Apple's public
/// route, an animation added to a layer and its presentation.
///
/// Not ported: extrapolating past either end and "no value" for ends of different or
/// non-interpolable types (answers of GNUstep's private method, no Apple counterpart);
/// NSPoint/NSSize/NSRect inputs (macOS only); `applyToLayer:` (GNUstep API).
final class CAAnimationInterpolationFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    /// Adds `animation` (2 s unless set) so that both ends stay visible, and commits it.
    private func run(_ animation: CAPropertyAnimation, on layer: CALayer) {
        if animation.duration == 0 { animation.duration = 2 }
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        layer.add(animation, forKey: "fact")
        f.advance(0)
    }

    private func opacity(from: Any?, to: Any?) -> CABasicAnimation {
        let b = CABasicAnimation(keyPath: "opacity")
        b.fromValue = from
        b.toValue = to
        return b
    }

    func testTwoNumbersAreInterpolatedFromStartToEnd() {
        let layer = f.committedLayer()
        run(opacity(from: 0, to: 1), on: layer)
        XCTAssertEqual(f.presented(layer, "opacity"), 0, accuracy: 1e-6)
        f.advance(1)
        XCTAssertEqual(f.presented(layer, "opacity"), 0.5, accuracy: 1e-6)
        f.advance(1)
        XCTAssertEqual(f.presented(layer, "opacity"), 1, accuracy: 1e-6)
    }

    func testEasingInIsBehindTheStraightLineHalfWay() {
        let layer = f.committedLayer()
        let linear = f.committedLayer()
        let b = opacity(from: 0, to: 1)
        b.timingFunction = CAMediaTimingFunction(name: .easeIn)
        run(b, on: layer)
        run(opacity(from: 0, to: 1), on: linear)
        f.advance(1)
        XCTAssertEqual(f.presented(linear, "opacity"), 0.5, accuracy: 1e-6)
        let eased = f.presented(layer, "opacity")
        XCTAssertGreaterThan(eased, 0)
        XCTAssertLessThan(eased, 0.5)
    }

    func testAPointIsInterpolatedMemberByMember() throws {
        let layer = f.committedLayer()
        let b = CABasicAnimation(keyPath: "position")
        b.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
        b.toValue = NSValue(cgPoint: CGPoint(x: 10, y: 20))
        run(b, on: layer)
        f.advance(1)
        let p = try XCTUnwrap(layer.presentation()).position
        XCTAssertEqual(p.x, 5, accuracy: 1e-9)
        XCTAssertEqual(p.y, 10, accuracy: 1e-9)
    }

    func testASizesWidthAndHeightAreInterpolatedSeparately() throws {
        let layer = f.committedLayer()
        let b = CABasicAnimation(keyPath: "bounds.size")
        b.fromValue = CGSize(width: 0, height: 0)
        b.toValue = CGSize(width: 10, height: 20)
        run(b, on: layer)
        f.advance(1)
        let s = try XCTUnwrap(layer.presentation()).bounds.size
        XCTAssertEqual(s.width, 5, accuracy: 1e-9)
        XCTAssertEqual(s.height, 10, accuracy: 1e-9)
    }

    func testARectanglesOriginAndSizeAreInterpolated() throws {
        let layer = f.committedLayer()
        let b = CABasicAnimation(keyPath: "bounds")
        b.fromValue = CGRect(x: 0, y: 0, width: 0, height: 0)
        b.toValue = CGRect(x: 10, y: 20, width: 30, height: 40)
        run(b, on: layer)
        f.advance(1)
        let r = try XCTUnwrap(layer.presentation()).bounds
        XCTAssertEqual(r.origin.x, 5, accuracy: 1e-9)
        XCTAssertEqual(r.origin.y, 10, accuracy: 1e-9)
        XCTAssertEqual(r.size.width, 15, accuracy: 1e-9)
        XCTAssertEqual(r.size.height, 20, accuracy: 1e-9)
    }

    func testATranslationAndAScaleAreHalfMadeHalfWay() throws {
        let moving = f.committedLayer()
        let t = CABasicAnimation(keyPath: "transform")
        t.fromValue = CATransform3DIdentity
        t.toValue = CATransform3DMakeTranslation(10, 20, 30)
        run(t, on: moving)
        let growing = f.committedLayer()
        let s = CABasicAnimation(keyPath: "transform")
        s.fromValue = CATransform3DIdentity
        s.toValue = CATransform3DMakeScale(2, 4, 8)
        run(s, on: growing)
        let still = f.committedLayer()
        let i = CABasicAnimation(keyPath: "transform")
        i.fromValue = CATransform3DIdentity
        i.toValue = CATransform3DIdentity
        run(i, on: still)
        f.advance(1)

        let m = try XCTUnwrap(moving.presentation()).transform
        XCTAssertEqual(m.m41, 5, accuracy: 1e-6)
        XCTAssertEqual(m.m42, 10, accuracy: 1e-6)
        XCTAssertEqual(m.m43, 15, accuracy: 1e-6)
        XCTAssertEqual(m.m11, 1, accuracy: 1e-6)
        XCTAssertEqual(m.m22, 1, accuracy: 1e-6)
        XCTAssertEqual(m.m33, 1, accuracy: 1e-6)
        let g = try XCTUnwrap(growing.presentation()).transform
        XCTAssertEqual(g.m11, 1.5, accuracy: 1e-6)
        XCTAssertEqual(g.m22, 2.5, accuracy: 1e-6)
        XCTAssertEqual(g.m33, 4.5, accuracy: 1e-6)
        XCTAssertTrue(CATransform3DIsIdentity(try XCTUnwrap(still.presentation()).transform),
                      "interpolating between the identity and itself leaves it alone")
    }

    func testAColourIsInterpolatedComponentByComponent() throws {
        let layer = f.committedLayer()
        let b = CABasicAnimation(keyPath: "backgroundColor")
        b.fromValue = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        b.toValue = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        run(b, on: layer)
        f.advance(1)
        let colour = try XCTUnwrap(layer.presentation()?.backgroundColor)
        XCTAssertEqual(colour.numberOfComponents, 4)
        let c = try XCTUnwrap(colour.components)
        for i in 0..<3 { XCTAssertEqual(c[i], 0.5, accuracy: 1e-6) }
        XCTAssertEqual(c[3], 1, accuracy: 1e-6, "including the one both ends agree on")
    }

    func testAMissingEndIsTakenFromTheLayer() {
        // Only a from value: it runs to the layer's value; only a to value: from it.
        let toLayer = f.committedLayer()
        let fromLayer = f.committedLayer()
        let by = f.committedLayer()
        for layer in [toLayer, fromLayer, by] { layer.opacity = 0.25 }
        f.advance(1)
        run(opacity(from: 0, to: nil), on: toLayer)
        run(opacity(from: nil, to: 1), on: fromLayer)
        let b = opacity(from: 0, to: nil)
        b.byValue = 0.5
        run(b, on: by)
        XCTAssertEqual(f.presented(fromLayer, "opacity"), 0.25, accuracy: 1e-6)
        f.advance(2)
        XCTAssertEqual(f.presented(toLayer, "opacity"), 0.25, accuracy: 1e-6)
        XCTAssertEqual(f.presented(by, "opacity"), 0.5, accuracy: 1e-6, "a by value is added to the from value")
    }

    func testAnAnimationAddedWithoutADurationStillGivesNumbers() {
        let layer = f.committedLayer()
        let b = opacity(from: 0, to: 1)
        b.fillMode = .forwards
        b.isRemovedOnCompletion = false
        layer.add(b, forKey: "fact")
        f.advance(0)
        XCTAssertTrue(f.presented(layer, "opacity").isFinite)
        f.advance(1)
        XCTAssertTrue(f.presented(layer, "opacity").isFinite)
    }

    func testAKeyframeAnimationRunsThroughItsValues() {
        let layer = f.committedLayer()
        let k = CAKeyframeAnimation(keyPath: "opacity")
        k.values = [0, 1]
        run(k, on: layer)
        f.advance(1)
        XCTAssertEqual(f.presented(layer, "opacity"), 0.5, accuracy: 1e-6)
    }
}
