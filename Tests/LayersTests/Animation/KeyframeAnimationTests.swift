import Geometry
import Graphics
import XCTest
@testable import Layers

final class KeyframeAnimationTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    /// Adds `animation` (duration 1) to a committed layer and samples `keyPath` at `times`.
    private func sample(_ animation: CAKeyframeAnimation, _ keyPath: String, at times: [Double]) -> [Double] {
        let layer = f.committedLayer()
        animation.duration = 1
        layer.add(animation, forKey: "k")
        f.engine.commitImplicitTransaction()
        let start = f.clock.now
        return times.map { time in
            f.engine.tick(to: start + time)
            return f.presented(layer, keyPath)
        }
    }

    func testLinearWithKeyTimes() throws {
        let animation = CAKeyframeAnimation(keyPath: "zPosition")
        animation.values = [0, 10, 20]
        animation.keyTimes = [0, 0.25, 1]
        let values = sample(animation, "zPosition", at: [0, 0.125, 0.25, 0.625, 0.999])
        for (a, e) in zip(values, [0, 5, 10, 15, 19.98667]) { XCTAssertEqual(a, e, accuracy: 1e-4) }
    }

    func testMismatchedKeyTimesAreEvenlySpaced() throws {
        let animation = CAKeyframeAnimation(keyPath: "zPosition")
        animation.values = [0, 10, 20]
        animation.keyTimes = [0, 1]
        let values = sample(animation, "zPosition", at: [0.25, 0.75])
        XCTAssertEqual(values[0], 5, accuracy: 1e-9)
        XCTAssertEqual(values[1], 15, accuracy: 1e-9)
    }

    func testDiscreteHoldsEachValueUntilNextKeyTime() throws {
        let animation = CAKeyframeAnimation(keyPath: "zPosition")
        animation.values = [1, 2, 3]
        animation.calculationMode = .discrete
        XCTAssertEqual(sample(animation, "zPosition", at: [0, 0.3, 0.34, 0.66, 0.67, 0.99]), [1, 1, 2, 2, 3, 3])

        let timed = CAKeyframeAnimation(keyPath: "zPosition")
        timed.values = [1, 2, 3]
        timed.keyTimes = [0, 0.1, 0.2, 1]
        timed.calculationMode = .discrete
        XCTAssertEqual(sample(timed, "zPosition", at: [0.05, 0.15, 0.5]), [1, 2, 3])
    }

    func testDiscreteSwitchesImagesForSpriteAnimation() throws {
        let frames = [quadrantImage(width: 4, height: 4), quadrantImage(width: 6, height: 6)]
        let layer = f.committedLayer()
        let animation = CAKeyframeAnimation(keyPath: "contents")
        animation.values = frames
        animation.calculationMode = .discrete
        animation.duration = 1
        layer.add(animation, forKey: "sprite")
        f.advance(0.25)
        XCTAssertTrue(layer.presentation()?.contents as? CGImage === frames[0])
        f.advance(0.5)
        XCTAssertTrue(layer.presentation()?.contents as? CGImage === frames[1])
    }

    func testPacedMovesAtConstantSpeedIgnoringKeyTimes() throws {
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.values = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 0), CGPoint(x: 30, y: 10)]
        animation.keyTimes = [0, 0.9, 1]
        animation.calculationMode = .paced
        animation.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeIn)]
        let xs = sample(animation, "position.x", at: [0.25, 0.5, 0.75, 0.875])
        for (a, e) in zip(xs, [10.0, 20, 30, 30]) { XCTAssertEqual(a, e, accuracy: 1e-9) }
        let ys = sample(animation, "position.y", at: [0.875])
        XCTAssertEqual(ys[0], 5, accuracy: 1e-9)
    }

    func testSegmentTimingFunctionsApplyPerSegment() throws {
        let animation = CAKeyframeAnimation(keyPath: "zPosition")
        animation.values = [0, 10, 20]
        animation.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
        let values = sample(animation, "zPosition", at: [0.25, 0.75])
        XCTAssertEqual(values[0], 10 * CAMediaTimingFunction(name: .easeIn).output(at: 0.5), accuracy: 1e-6)
        XCTAssertEqual(values[1], 15, accuracy: 1e-9)
    }

    func testCubicPassesThroughKeyframesAsCatmullRom() throws {
        let animation = CAKeyframeAnimation(keyPath: "zPosition")
        animation.values = [0, 10, 0, 10]
        animation.calculationMode = .cubic
        let third = 1.0 / 3
        let values = sample(animation, "zPosition", at: [0, third / 2, third, 0.5, 2 * third])
        XCTAssertEqual(values[0], 0, accuracy: 1e-9)
        // First segment: Hermite with tangents 5 (one-sided at the start) and 0 at the peak.
        XCTAssertEqual(values[1], 0.5 * 0 + 0.125 * 5 + 0.5 * 10 - 0.125 * 0, accuracy: 1e-6)
        XCTAssertEqual(values[2], 10, accuracy: 1e-6)
        XCTAssertEqual(values[3], 5, accuracy: 1e-6, "symmetric middle segment")
        XCTAssertEqual(values[4], 0, accuracy: 1e-6)
    }

    func testCubicTensionOneMakesStraightSegmentsEaseAtKeyframes() throws {
        let animation = CAKeyframeAnimation(keyPath: "zPosition")
        animation.values = [0, 10, 20]
        animation.calculationMode = .cubic
        animation.tensionValues = [1, 1, 1]
        let values = sample(animation, "zPosition", at: [0.25])
        XCTAssertEqual(values[0], 5, accuracy: 1e-6, "zero tangents: smoothstep, 5 at the middle")
        let soft = CAKeyframeAnimation(keyPath: "zPosition")
        soft.values = [0, 10, 20]
        soft.calculationMode = .cubic
        XCTAssertNotEqual(sample(soft, "zPosition", at: [0.125])[0], sample(animation, "zPosition", at: [0.125])[0], accuracy: 0.1)
    }

    func testCubicPacedIsEvenAlongTheSpline() throws {
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.values = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 100), CGPoint(x: 200, y: 0)]
        animation.calculationMode = .cubicPaced
        let times = (0...20).map { Double($0) / 20 * 0.999 }
        let xs = sample(animation, "position.x", at: times)
        let ys = sample(animation, "position.y", at: times)
        let steps = (1..<xs.count).map { hypot(xs[$0] - xs[$0 - 1], ys[$0] - ys[$0 - 1]) }
        let mean = steps.reduce(0, +) / Double(steps.count)
        for step in steps { XCTAssertEqual(step, mean, accuracy: mean * 0.03) }
    }

    func testPathWithAutoRotation() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.rotationMode = .rotateAuto
        animation.calculationMode = .paced
        let layer = f.committedLayer()
        animation.duration = 1
        layer.add(animation, forKey: "path")
        f.advance(0.25)
        var p = try XCTUnwrap(layer.presentation())
        XCTAssertEqual(p.position.x, 50, accuracy: 1e-9)
        XCTAssertEqual(p.position.y, 0, accuracy: 1e-9)
        XCTAssertEqual(p.transform.m11, 1, accuracy: 1e-9, "heading along +x")
        f.advance(0.5)
        p = try XCTUnwrap(layer.presentation())
        XCTAssertEqual(p.position.x, 100, accuracy: 1e-9)
        XCTAssertEqual(p.position.y, 50, accuracy: 1e-9)
        XCTAssertEqual(p.transform.m12, 1, accuracy: 1e-9, "heading along +y: turned a quarter")
    }

    func testCurvedPathFollowsTheCurve() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        let ys = sample(animation, "position.y", at: [0.5])
        XCTAssertEqual(ys[0], 50, accuracy: 1e-9, "the quadratic's apex is half way to its control point")
    }

    func testAdditiveKeyframesShakeAroundModelValue() throws {
        let animation = CAKeyframeAnimation(keyPath: "position.x")
        animation.values = [0, 10, -10, 0]
        animation.isAdditive = true
        let xs = sample(animation, "position.x", at: [1.0 / 3, 2.0 / 3])
        XCTAssertEqual(xs[0], 60, accuracy: 1e-6)
        XCTAssertEqual(xs[1], 40, accuracy: 1e-6)
    }

    func testWrongValueTypeDisablesAnimationWithDiagnostic() throws {
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.values = [CGPoint.zero, 3]
        let xs = sample(animation, "position.x", at: [0.5])
        XCTAssertEqual(xs[0], 50)
        XCTAssertEqual(f.diagnostics.count, 1)
        XCTAssertTrue(f.diagnostics[0].contains("values[1]"), f.diagnostics[0])
    }
}
