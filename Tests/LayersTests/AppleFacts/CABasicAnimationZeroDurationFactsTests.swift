import Foundation
import XCTest
@testable import Layers

/// An animation that is never given a duration (GNUstep QuartzCore
/// `Tests/quartzcore/CABasicAnimation/zeroduration.m`): it starts with 0, and a layer runs one
/// over the current transaction's duration.
///
/// Not ported: the values GNUstep's private `calculatedAnimationValueAtTime:onLayer:` gives for
/// a duration of 0 or below (no Apple counterpart: a layer never runs such an animation), and
/// "the layer gives the animation the transaction's duration" read on the caller's object —
/// Apple's `add(_:forKey:)` copies the animation, so the caller's object keeps its 0 (checked
/// below instead).
final class CABasicAnimationZeroDurationFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testAnAnimationStartsWithADurationOfZero() {
        XCTAssertEqual(CABasicAnimation().duration, 0)
    }

    func testALayerRunsAnAnimationWithoutADurationOverTheTransactionsDuration() {
        let layer = f.committedLayer()
        let b = CABasicAnimation(keyPath: "opacity")
        b.fromValue = 0
        b.toValue = 1
        layer.add(b, forKey: "opacity")
        let duration = CATransaction.animationDuration()
        XCTAssertEqual(duration, 0.25)
        XCTAssertEqual(b.duration, 0, "the layer ran a copy")
        f.advance(duration / 2)
        XCTAssertEqual(f.presented(layer, "opacity"), 0.5, accuracy: 1e-6,
                       "half way through the transaction's duration it is half way along")
    }
}
