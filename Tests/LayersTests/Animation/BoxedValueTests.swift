import Foundation
import Geometry
import XCTest
@testable import Layers

/// Animation code written for Apple's platforms boxes its values in `NSValue` and `NSNumber`.
final class BoxedValueTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testBoxesRoundTripTheirValues() {
        XCTAssertEqual(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue, CGPoint(x: 1, y: 2))
        XCTAssertEqual(NSValue(cgSize: CGSize(width: 3, height: 4)).cgSizeValue, CGSize(width: 3, height: 4))
        XCTAssertEqual(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue, CGRect(x: 1, y: 2, width: 3, height: 4))
        var t = CATransform3DMakeRotation(0.7, 1, 1, 0)
        t.m34 = -1 / 500
        XCTAssertEqual(NSValue(caTransform3D: t).caTransform3DValue, t)
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        XCTAssertEqual(NSValue(cgAffineTransform: a).cgAffineTransformValue, a)
        XCTAssertEqual(NSValue(cgAffineTransform: a).caTransform3DValue, CATransform3DMakeAffineTransform(a))
        XCTAssertEqual(NSValue(cgPoint: .zero).caTransform3DValue, CATransform3DIdentity, "another kind of box")
        XCTAssertEqual(NSValue(cgRect: .zero).cgPointValue, .zero)
    }

    func testBasicAnimationTakesBoxedEnds() throws {
        let layer = f.committedLayer()
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
        move.toValue = NSValue(cgPoint: CGPoint(x: 100, y: 40))
        move.duration = 1
        layer.add(move, forKey: "move")
        let grow = CABasicAnimation(keyPath: "transform")
        grow.toValue = NSValue(caTransform3D: CATransform3DMakeScale(3, 3, 1))
        grow.duration = 1
        layer.add(grow, forKey: "grow")
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = NSNumber(value: 1)
        fade.toValue = NSNumber(value: 0)
        fade.duration = 1
        layer.add(fade, forKey: "fade")
        f.advance(0.5)
        XCTAssertTrue(f.diagnostics.isEmpty, "\(f.diagnostics)")
        let shown = try XCTUnwrap(layer.presentation())
        XCTAssertEqual(shown.position.x, 50, accuracy: 1e-6)
        XCTAssertEqual(shown.position.y, 20, accuracy: 1e-6)
        XCTAssertEqual(shown.transform.m11, 2, accuracy: 1e-6)
        XCTAssertEqual(shown.opacity, 0.5, accuracy: 1e-6)
    }

    func testKeyframesAndKeyValueCodingTakeBoxes() throws {
        let layer = f.committedLayer()
        let hop = CAKeyframeAnimation(keyPath: "bounds")
        hop.values = [NSValue(cgRect: CGRect(x: 0, y: 0, width: 10, height: 10)),
                      NSValue(cgRect: CGRect(x: 0, y: 0, width: 30, height: 10))]
        hop.duration = 1
        layer.add(hop, forKey: "hop")
        f.advance(0.5)
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).bounds.width, 20, accuracy: 1e-6)
        CATransaction.setDisableActions(true)
        layer.setValue(NSValue(cgSize: CGSize(width: 4, height: -2)), forKeyPath: "shadowOffset")
        layer.setValue(NSNumber(value: 0.25), forKey: "opacity")
        XCTAssertEqual(layer.shadowOffset, CGSize(width: 4, height: -2))
        XCTAssertEqual(layer.opacity, 0.25)
        XCTAssertTrue(f.diagnostics.isEmpty, "\(f.diagnostics)")
    }
}
