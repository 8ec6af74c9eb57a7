import Foundation
import XCTest
@testable import Layers

/// What an animation shows outside its active period, as Apple describes the fill modes:
/// `.removed` (the default) nothing at either end, `.forwards` the end value after the end,
/// `.backwards` the start value before the begin, `.both` both (GNUstep QuartzCore
/// `Tests/quartzcore/CABasicAnimation/fillmode.m`, asked through GNUstep's private
/// `applyToLayer:`; here through a layer's presentation, with `isRemovedOnCompletion` false so
/// that the fill mode alone decides).
final class CABasicAnimationFillModeFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    /// The opacity shown by a layer whose own opacity is 0.5, with a 1 s fade from 0 to 1 that
    /// has not begun yet (it begins 100 s later) or is over (100 s after it began).
    private func opacity(fillMode: CAMediaTimingFillMode, over: Bool) -> Double {
        let layer = f.committedLayer()
        CATransaction.setDisableActions(true)
        layer.opacity = 0.5
        f.advance(0)
        let b = CABasicAnimation(keyPath: "opacity")
        b.duration = 1
        b.fromValue = 0
        b.toValue = 1
        b.fillMode = fillMode
        b.isRemovedOnCompletion = false
        if !over { b.beginTime = CACurrentMediaTime() + 100 }
        layer.add(b, forKey: "fade")
        f.advance(over ? 100 : 1)
        return f.presented(layer, "opacity")
    }

    func testAnAnimationStartsFillingNeitherEnd() {
        XCTAssertEqual(CABasicAnimation().fillMode, .removed)
        XCTAssertEqual(opacity(fillMode: CABasicAnimation().fillMode, over: false), 0.5, accuracy: 1e-6)
        XCTAssertEqual(opacity(fillMode: CABasicAnimation().fillMode, over: true), 0.5, accuracy: 1e-6)
    }

    func testFillingForwardsHoldsTheEndValueAfterTheEndOnly() {
        XCTAssertEqual(opacity(fillMode: .forwards, over: true), 1, accuracy: 1e-6)
        XCTAssertEqual(opacity(fillMode: .forwards, over: false), 0.5, accuracy: 1e-6)
    }

    func testFillingBackwardsHoldsTheStartValueBeforeTheBeginOnly() {
        XCTAssertEqual(opacity(fillMode: .backwards, over: false), 0, accuracy: 1e-6)
        XCTAssertEqual(opacity(fillMode: .backwards, over: true), 0.5, accuracy: 1e-6)
    }

    func testFillingBothHoldsEachEnd() {
        XCTAssertEqual(opacity(fillMode: .both, over: false), 0, accuracy: 1e-6)
        XCTAssertEqual(opacity(fillMode: .both, over: true), 1, accuracy: 1e-6)
    }

    func testAFillModeNobodyDefinesFillsNeitherEnd() {
        XCTAssertEqual(opacity(fillMode: CAMediaTimingFillMode(rawValue: "aFillModeNobodyDefines"), over: true),
                       0.5, accuracy: 1e-6)
    }

    func testAnAnimationPartWayThroughAppliesWhateverItsFillMode() {
        let layer = f.committedLayer()
        let b = CABasicAnimation(keyPath: "opacity")
        b.duration = 100
        b.fromValue = 0
        b.toValue = 1
        layer.add(b, forKey: "fade")
        f.advance(50)
        let shown = f.presented(layer, "opacity")
        XCTAssertGreaterThan(shown, 0.4)
        XCTAssertLessThan(shown, 0.6)
    }
}
