import Foundation
import Geometry
import Graphics
import XCTest
@testable import Layers

/// A keyframe animation along a path, as Apple documents it: for a point property the path
/// replaces `values`, each point of the path except a move-to is a keyframe, and the positions
/// between keyframes lie on the line or curve itself (GNUstep QuartzCore
/// `Tests/quartzcore/CAKeyframeAnimation/path.m`, asked through GNUstep's private
/// `calculatedAnimationValueAtTime:onLayer:`; here through a layer's presentation).
final class CAKeyframeAnimationPathFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    private func positions(along path: CGPath, duration: CFTimeInterval, at times: [Double],
                           mode: CAAnimationCalculationMode = .linear,
                           values: [Any]? = nil) throws -> [CGPoint] {
        let layer = f.committedLayer()
        let k = CAKeyframeAnimation(keyPath: "position")
        k.duration = duration
        k.path = path
        k.values = values
        k.calculationMode = mode
        k.fillMode = .both
        k.isRemovedOnCompletion = false
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

    /// Two sides of a square: (0, 0) → (100, 0) → (100, 100).
    private var corner: CGPath {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addLine(to: CGPoint(x: 100, y: 0))
        p.addLine(to: CGPoint(x: 100, y: 100))
        return p
    }

    private func assertPoints(_ a: [CGPoint], _ b: [CGPoint], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.count, b.count, file: file, line: line)
        for (p, q) in zip(a, b) {
            XCTAssertEqual(p.x, q.x, accuracy: 1e-4, "\(a) ≠ \(b)", file: file, line: line)
            XCTAssertEqual(p.y, q.y, accuracy: 1e-4, "\(a) ≠ \(b)", file: file, line: line)
        }
    }

    func testAnAnimationStartsWithNoPathKeepsOneAndCanLoseIt() {
        let k = CAKeyframeAnimation(keyPath: "position")
        XCTAssertNil(k.path)
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 1, y: 2))
        k.path = p
        XCTAssertNotNil(k.path)
        XCTAssertEqual(k.path?.currentPoint, CGPoint(x: 1, y: 2))
        k.path = nil
        XCTAssertNil(k.path)
    }

    func testItRunsAlongStraightLinesOneKeyframeAtTheEndOfEach() throws {
        assertPoints(try positions(along: corner, duration: 4, at: [0, 1, 2, 3, 4]),
                     [CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 0),
                      CGPoint(x: 100, y: 50), CGPoint(x: 100, y: 100)])
    }

    func testThePathStandsInPlaceOfTheValues() throws {
        assertPoints(try positions(along: corner, duration: 4, at: [2], values: [CGPoint(x: -50, y: -50)]),
                     [CGPoint(x: 100, y: 0)])
    }

    func testBetweenItsEndsItFollowsTheCurveNotTheChord() throws {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        assertPoints(try positions(along: p, duration: 2, at: [0, 1, 2]),
                     [CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 75), CGPoint(x: 100, y: 0)])
    }

    func testADiscreteAnimationStepsFromPointToPoint() throws {
        assertPoints(try positions(along: corner, duration: 4, at: [1, 2, 4], mode: .discrete),
                     [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)])
    }

    func testAMoveToInTheMiddleIsNotAKeyframe() throws {
        // Two separate lines: the animation runs along each in half the time, jumping across.
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addLine(to: CGPoint(x: 10, y: 0))
        p.move(to: CGPoint(x: 50, y: 50))
        p.addLine(to: CGPoint(x: 60, y: 50))
        assertPoints(try positions(along: p, duration: 2, at: [0.5, 1.5]),
                     [CGPoint(x: 5, y: 0), CGPoint(x: 55, y: 50)])
    }
}
