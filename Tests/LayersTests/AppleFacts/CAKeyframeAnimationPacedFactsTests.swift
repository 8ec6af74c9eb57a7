import Foundation
import Geometry
import Graphics
import XCTest
@testable import Layers

/// A paced keyframe animation runs at constant velocity and ignores `keyTimes`, as Apple
/// documents (GNUstep QuartzCore `Tests/quartzcore/CAKeyframeAnimation/paced.m`, asked through
/// GNUstep's private `calculatedAnimationValueAtTime:onLayer:`; here through a layer's
/// presentation).
///
/// Not ported: "a transform has no distance to pace by, so it is spaced evenly" — GNUstep's
/// choice; Apple documents no measure for transforms.
final class CAKeyframeAnimationPacedFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    /// Positions at `times` of a 2 s (or `duration`) position animation set up by `configure`.
    private func positions(at times: [Double], duration: CFTimeInterval = 2,
                           _ configure: (CAKeyframeAnimation) -> Void) throws -> [CGPoint] {
        let layer = f.committedLayer()
        let k = CAKeyframeAnimation(keyPath: "position")
        k.duration = duration
        k.fillMode = .both
        k.isRemovedOnCompletion = false
        configure(k)
        layer.add(k, forKey: "fact")
        f.advance(0)
        var elapsed = 0.0
        var result: [CGPoint] = []
        for t in times {
            f.advance(t - elapsed)
            elapsed = t
            result.append(try XCTUnwrap(layer.presentation()).position)
        }
        layer.removeAllAnimations()
        return result
    }

    /// Ten across, then a hundred.
    private func uneven(_ k: CAKeyframeAnimation) {
        k.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 110, y: 0)]
    }

    func testALinearAnimationReachesTheMiddleValueHalfWayHoweverFarApart() throws {
        XCTAssertEqual(try positions(at: [1], uneven)[0].x, 10, accuracy: 1e-3)
    }

    func testAPacedAnimationCoversEqualDistancesInEqualTimes() throws {
        let p = try positions(at: [0, 0.2, 1, 2]) { uneven($0); $0.calculationMode = .paced }
        XCTAssertEqual(p[0].x, 0, accuracy: 1e-3)
        XCTAssertEqual(p[1].x, 11, accuracy: 1e-3, "a tenth of the time is a tenth of the way, past the second value")
        XCTAssertEqual(p[2].x, 55, accuracy: 1e-3)
        XCTAssertEqual(p[3].x, 110, accuracy: 1e-3)
    }

    func testCubicPacingPacesTooItsCurveMovingThePointOnlyALittle() throws {
        let x = try positions(at: [1]) { uneven($0); $0.calculationMode = .cubicPaced }[0].x
        XCTAssertEqual(x, 55, accuracy: 1.5)
        XCTAssertGreaterThan(x, 20)
    }

    func testAPacedAnimationDoesNotReadItsKeyTimes() throws {
        let x = try positions(at: [1]) {
            uneven($0)
            $0.calculationMode = .paced
            $0.keyTimes = [0, 0.9, 1]
        }[0].x
        XCTAssertEqual(x, 55, accuracy: 1e-3)
    }

    func testNumbersArePacedByHowFarApartTheyAre() {
        let layer = f.committedLayer()
        let k = CAKeyframeAnimation(keyPath: "zPosition")
        k.duration = 2
        k.values = [0, 1, 101]
        k.calculationMode = .paced
        layer.add(k, forKey: "fact")
        f.advance(1)
        XCTAssertEqual(f.presented(layer, "zPosition"), 50.5, accuracy: 1e-3)
    }

    func testAPacedPathGivesEachLineTimeInProportionToItsLength() throws {
        func path(_ k: CAKeyframeAnimation) {
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 0, y: 0))
            p.addLine(to: CGPoint(x: 10, y: 0))
            p.addLine(to: CGPoint(x: 110, y: 0))
            k.path = p
        }
        XCTAssertEqual(try positions(at: [1], path)[0].x, 10, accuracy: 1e-3,
                       "an unpaced path gives each line the same time")
        let paced = try positions(at: [1, 2]) { path($0); $0.calculationMode = .paced }
        XCTAssertEqual(paced[0].x, 55, accuracy: 1e-3)
        XCTAssertEqual(paced[1].x, 110, accuracy: 1e-3)
    }

    func testAPacedCurveCoversAboutAQuarterOfItsLengthInEachQuarterOfTheTime() throws {
        let q = try positions(at: [1, 2, 3], duration: 4) {
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 0, y: 0))
            p.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
            $0.path = p
            $0.calculationMode = .paced
        }
        XCTAssertEqual(q[1].x, 50, accuracy: 1e-3, "half way along a symmetric curve is half way across")
        func length(_ a: CGPoint, _ b: CGPoint) -> Double { Double(hypot(b.x - a.x, b.y - a.y)) }
        let pieces = [length(.zero, q[0]), length(q[0], q[1]), length(q[1], q[2]), length(q[2], CGPoint(x: 100, y: 0))]
        for i in 1..<4 { XCTAssertEqual(pieces[i], pieces[i - 1], accuracy: 2, "\(pieces)") }
    }
}
