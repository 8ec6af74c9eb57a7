import Foundation
import XCTest
@testable import Layers

/// The end a by value stands in for, by the rules Apple documents for `CABasicAnimation`:
/// from + by runs from `fromValue` to `fromValue + byValue`, by + to from `toValue − byValue`
/// to `toValue`, by alone from the layer's value to that value plus `byValue`, and with all
/// three the two ends count (GNUstep QuartzCore `Tests/quartzcore/CABasicAnimation/byvalue.m`,
/// asked through GNUstep's private `calculatedAnimationValueAtTime:onLayer:`; here through a
/// layer's presentation).
///
/// Not ported: "a by value of a type that cannot be added (a string, a transform) leaves
/// nothing to animate" — that answer is GNUstep's private method's; Apple documents no result.
final class CABasicAnimationByValueFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    /// Adds a 2 s animation of `keyPath` that stays visible at both ends, and commits it.
    @discardableResult
    private func run(_ keyPath: String, from: Any?, to: Any?, by: Any?, on layer: CALayer) -> CABasicAnimation {
        let b = CABasicAnimation(keyPath: keyPath)
        b.duration = 2
        b.fromValue = from
        b.toValue = to
        b.byValue = by
        b.fillMode = .both
        b.isRemovedOnCompletion = false
        layer.add(b, forKey: "fact")
        f.advance(0)
        return b
    }

    func testAFromValueAndAByValueRunFromTheFromValueToTheirSum() {
        let layer = f.committedLayer()
        run("opacity", from: 0.25, to: nil, by: 0.5, on: layer)
        XCTAssertEqual(f.presented(layer, "opacity"), 0.25, accuracy: 1e-6)
        f.advance(1)
        XCTAssertEqual(f.presented(layer, "opacity"), 0.5, accuracy: 1e-6)
        f.advance(1)
        XCTAssertEqual(f.presented(layer, "opacity"), 0.75, accuracy: 1e-6)
    }

    func testAByValueAndAToValueRunFromTheirDifferenceToTheToValue() {
        let layer = f.committedLayer()
        run("opacity", from: nil, to: 0.75, by: 0.5, on: layer)
        XCTAssertEqual(f.presented(layer, "opacity"), 0.25, accuracy: 1e-6)
        f.advance(2)
        XCTAssertEqual(f.presented(layer, "opacity"), 0.75, accuracy: 1e-6)
    }

    func testAByValueOnItsOwnWorksFromTheLayersValue() {
        let layer = f.committedLayer()
        CATransaction.setDisableActions(true)
        layer.opacity = 0.25
        f.advance(0)
        run("opacity", from: nil, to: nil, by: 0.5, on: layer)
        XCTAssertEqual(f.presented(layer, "opacity"), 0.25, accuracy: 1e-6)
        f.advance(2)
        XCTAssertEqual(f.presented(layer, "opacity"), 0.75, accuracy: 1e-6)
    }

    func testAPointByValueIsAddedToBothMembers() throws {
        let layer = f.committedLayer()
        run("position", from: NSValue(cgPoint: CGPoint(x: 10, y: 20)), to: nil,
            by: NSValue(cgPoint: CGPoint(x: 4, y: 8)), on: layer)
        f.advance(2)
        let p = try XCTUnwrap(layer.presentation()).position
        XCTAssertEqual(p.x, 14, accuracy: 1e-9)
        XCTAssertEqual(p.y, 28, accuracy: 1e-9)
    }

    func testASizeByValueIsAddedToBothMembers() throws {
        let layer = f.committedLayer()
        run("bounds.size", from: CGSize(width: 10, height: 20), to: nil, by: CGSize(width: 4, height: 8), on: layer)
        f.advance(2)
        let s = try XCTUnwrap(layer.presentation()).bounds.size
        XCTAssertEqual(s.width, 14, accuracy: 1e-9)
        XCTAssertEqual(s.height, 28, accuracy: 1e-9)
    }

    func testARectangleByValueIsAddedToAllFourMembers() throws {
        let layer = f.committedLayer()
        run("bounds", from: CGRect(x: 1, y: 2, width: 10, height: 20), to: nil,
            by: CGRect(x: 3, y: 4, width: 5, height: 6), on: layer)
        f.advance(2)
        let r = try XCTUnwrap(layer.presentation()).bounds
        XCTAssertEqual(r.origin.x, 4, accuracy: 1e-9)
        XCTAssertEqual(r.origin.y, 6, accuracy: 1e-9)
        XCTAssertEqual(r.size.width, 15, accuracy: 1e-9)
        XCTAssertEqual(r.size.height, 26, accuracy: 1e-9)
    }

    func testWithAllThreeValuesTheToValueIsWhereItEnds() {
        let layer = f.committedLayer()
        run("opacity", from: 0, to: 1, by: 0.25, on: layer)
        f.advance(2)
        XCTAssertEqual(f.presented(layer, "opacity"), 1, accuracy: 1e-6)
    }
}
