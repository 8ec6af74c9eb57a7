import Foundation
import XCTest
@testable import Layers

/// The values a keyframe animation shows part way through, by Apple's documented rules for
/// `values`, `keyTimes`, `.discrete` and `timingFunctions` (GNUstep QuartzCore
/// `Tests/quartzcore/CAKeyframeAnimation/keyframes.m`, asked through GNUstep's private
/// `calculatedAnimationValueAtTime:onLayer:`; here through a layer's presentation, with the
/// animation filling both ends where the time lies outside it).
final class CAKeyframeAnimationKeyframesFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    /// 0, 1, 0 over 4 s, evenly spaced unless changed by `configure`.
    private func run(on layer: CALayer, _ configure: (CAKeyframeAnimation) -> Void = { _ in }) {
        let k = CAKeyframeAnimation(keyPath: "opacity")
        k.duration = 4
        k.values = [0, 1, 0]
        k.fillMode = .both
        k.isRemovedOnCompletion = false
        configure(k)
        layer.add(k, forKey: "fact")
        f.advance(0)
    }

    /// The opacity shown at each of `times` (seconds since the animation began, increasing).
    private func shown(_ layer: CALayer, at times: [Double]) -> [Double] {
        var elapsed = 0.0
        return times.map { t in
            f.advance(t - elapsed)
            elapsed = t
            return f.presented(layer, "opacity")
        }
    }

    private func assertEqual(_ a: [Double], _ b: [Double], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.count, b.count, file: file, line: line)
        for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: 1e-6, "\(a) ≠ \(b)", file: file, line: line) }
    }

    func testItRunsThroughTheValuesEvenlySpaced() {
        let layer = f.committedLayer()
        run(on: layer)
        assertEqual(shown(layer, at: [0, 1, 2, 3, 4]), [0, 0.5, 1, 0.5, 0])
    }

    func testWithNoValuesItShowsNothingAndWithOneItStaysOnIt() {
        let none = f.committedLayer()
        run(on: none) { $0.values = nil }
        let one = f.committedLayer()
        run(on: one) { $0.values = [0.75] }
        f.advance(1)
        XCTAssertEqual(f.presented(none, "opacity"), 1, accuracy: 1e-6, "the layer's own opacity")
        XCTAssertEqual(f.presented(one, "opacity"), 0.75, accuracy: 1e-6)
    }

    func testKeyTimesSayWhereEachValueFalls() {
        let layer = f.committedLayer()
        run(on: layer) { $0.keyTimes = [0, 0.75, 1] }
        assertEqual(shown(layer, at: [1.5, 3, 3.5]), [0.5, 1, 0.5])
    }

    func testADiscreteAnimationHoldsEachValueForAnEqualShare() {
        let layer = f.committedLayer()
        run(on: layer) { $0.calculationMode = .discrete }
        assertEqual(shown(layer, at: [0.5, 1, 2, 3]), [0, 0, 1, 0])
    }

    func testAKeyframeAnimationInterpolatesUnlessToldOtherwise() {
        XCTAssertEqual(CAKeyframeAnimation(keyPath: "opacity").calculationMode, .linear)
    }

    func testOneTimingFunctionShapesTheFirstStretchOnly() {
        let layer = f.committedLayer()
        run(on: layer) { $0.timingFunctions = [CAMediaTimingFunction(name: .easeIn)] }
        let values = shown(layer, at: [1, 2, 3])
        XCTAssertLessThan(values[0], 0.5, "easing into the first stretch is behind the straight line")
        XCTAssertEqual(values[1], 1, accuracy: 1e-6, "and the stretch still ends where it did")
        XCTAssertEqual(values[2], 0.5, accuracy: 1e-6, "the second stretch has no function: straight")
    }

    func testOutsideTheDurationTheEndsAreHeld() {
        let before = f.committedLayer()
        run(on: before) { $0.beginTime = CACurrentMediaTime() + 10 }
        let after = f.committedLayer()
        run(on: after)
        f.advance(8)
        XCTAssertEqual(f.presented(after, "opacity"), 0, accuracy: 1e-6, "past the end it holds the last value")
        XCTAssertEqual(f.presented(before, "opacity"), 0, accuracy: 1e-6, "before the start it holds the first")
    }

    func testPointsAreInterpolatedAsABasicAnimationDoes() throws {
        let layer = f.committedLayer()
        let k = CAKeyframeAnimation(keyPath: "position")
        k.duration = 2
        k.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 20)]
        layer.add(k, forKey: "fact")
        f.advance(1)
        let p = try XCTUnwrap(layer.presentation()).position
        XCTAssertEqual(p.x, 5, accuracy: 1e-9)
        XCTAssertEqual(p.y, 10, accuracy: 1e-9)
    }
}
