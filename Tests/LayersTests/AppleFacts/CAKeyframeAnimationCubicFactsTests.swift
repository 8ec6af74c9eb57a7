import Foundation
import Geometry
import XCTest
@testable import Layers

/// A keyframe animation in `.cubic` mode (GNUstep QuartzCore
/// `Tests/quartzcore/CAKeyframeAnimation/cubic.m`, asked through GNUstep's private
/// `calculatedAnimationValueAtTime:onLayer:`; here through a layer's presentation).
///
/// Apple documents that the curve passes through the keyframes and that tension, continuity and
/// bias (one per keyframe, a missing one counting as 0) shape it; the figures 0.5625, 4.375 and
/// 5.625 are GNUstep's, worked out from the Kochanek–Bartels curve with each end standing in for
/// its missing neighbour (Kinescope's curve too), not read from Apple's framework.
///
/// Not ported: "a transform goes straight from one value to the next" — GNUstep's own choice for
/// values it cannot curve; Apple documents nothing for transforms in the cubic modes.
final class CAKeyframeAnimationCubicFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    /// Opacity 0 → 1 → 0 over 4 s in `mode`, shaped by `configure`, on a new layer; the value at
    /// each of `times`.
    private func overAndBack(_ mode: CAAnimationCalculationMode, at times: [Double],
                             _ configure: (CAKeyframeAnimation) -> Void = { _ in }) -> [Double] {
        let layer = f.committedLayer()
        let k = CAKeyframeAnimation(keyPath: "opacity")
        k.duration = 4
        k.values = [0, 1, 0]
        k.calculationMode = mode
        k.fillMode = .both
        k.isRemovedOnCompletion = false
        configure(k)
        layer.add(k, forKey: "fact")
        f.advance(0)
        var elapsed = 0.0
        let values = times.map { t in
            f.advance(t - elapsed)
            elapsed = t
            return f.presented(layer, "opacity")
        }
        layer.removeAllAnimations()
        return values
    }

    func testTheCurvePassesThroughEveryValue() {
        let v = overAndBack(.cubic, at: [0, 2, 4])
        XCTAssertEqual(v[0], 0, accuracy: 1e-6)
        XCTAssertEqual(v[1], 1, accuracy: 1e-6)
        XCTAssertEqual(v[2], 0, accuracy: 1e-6)
    }

    func testTheCurveRunsAboveTheStraightLineArrivingLevelAtThePeak() {
        XCTAssertEqual(overAndBack(.linear, at: [1])[0], 0.5, accuracy: 1e-6)
        XCTAssertEqual(overAndBack(.cubic, at: [1])[0], 0.5625, accuracy: 1e-4)
    }

    func testATensionOfOneTakesTheSlopeOutOfBothEnds() {
        let v = overAndBack(.cubic, at: [1, 2]) { $0.tensionValues = [1, 1, 1] }
        XCTAssertEqual(v[0], 0.5, accuracy: 1e-4)
        XCTAssertEqual(v[1], 1, accuracy: 1e-6, "and the curve still passes through the values")
    }

    func testAKeyframeWithoutATensionOfItsOwnIsDrawnAsIfItWereZero() {
        let partial = overAndBack(.cubic, at: [1]) { $0.tensionValues = [0] }
        let none = overAndBack(.cubic, at: [1])
        XCTAssertEqual(partial[0], none[0], accuracy: 1e-6)
    }

    func testABiasOrAContinuityAtTheSecondValueChangesTheStretchBeforeIt() {
        let plain = overAndBack(.cubic, at: [1])[0]
        let biased = overAndBack(.cubic, at: [1, 2]) { $0.biasValues = [0, 1, 0] }
        let broken = overAndBack(.cubic, at: [1]) { $0.continuityValues = [0, 1, 0] }
        XCTAssertGreaterThan(abs(biased[0] - plain), 1e-4)
        XCTAssertGreaterThan(abs(broken[0] - plain), 1e-4)
        XCTAssertEqual(biased[1], 1, accuracy: 1e-6, "neither moves the value the curve passes through")
    }

    func testAPointIsCurvedInEachAxisSeparately() throws {
        let layer = f.committedLayer()
        let k = CAKeyframeAnimation(keyPath: "position")
        k.duration = 4
        k.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 10), CGPoint(x: 20, y: 0)]
        k.calculationMode = .cubic
        layer.add(k, forKey: "fact")
        f.advance(1)
        let p = try XCTUnwrap(layer.presentation()).position
        XCTAssertEqual(p.x, 4.375, accuracy: 1e-4)
        XCTAssertEqual(p.y, 5.625, accuracy: 1e-4)
        f.advance(1)
        let q = try XCTUnwrap(layer.presentation()).position
        XCTAssertEqual(q.x, 10, accuracy: 1e-6)
        XCTAssertEqual(q.y, 10, accuracy: 1e-6)
    }
}
