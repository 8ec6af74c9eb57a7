import Foundation
import XCTest
@testable import Layers

/// What a timing function evaluates to along its curve and at its ends, as measured on Apple's
/// QuartzCore through its private solver (GNUstep QuartzCore
/// `Tests/quartzcore/CAMediaTimingFunction/evaluation.m`); Kinescope's public name for it is
/// `output(at:)`. The curves include the awkward ones: a slope of x(t) of 0 at t = 0 (first
/// control point on the y axis) or at t = 1 (second on the line x = 1).
final class CAMediaTimingFunctionEvaluationFactsTests: XCTestCase {
    private let named: [CAMediaTimingFunctionName] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]

    private func assertCurve(_ f: CAMediaTimingFunction, _ points: [(x: Double, y: Double)],
                             file: StaticString = #filePath, line: UInt = #line) {
        for p in points {
            XCTAssertEqual(f.output(at: p.x), p.y, accuracy: 1e-4, "\(f) at \(p.x)", file: file, line: line)
        }
    }

    func testEveryNamedFunctionIsZeroAtZeroAndOneAtOne() {
        for name in named { assertCurve(CAMediaTimingFunction(name: name), [(0, 0), (1, 1)]) }
    }

    func testLinearIsAStraightLine() {
        assertCurve(CAMediaTimingFunction(name: .linear), [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)])
    }

    func testTheEasedCurvesMatchApples() {
        assertCurve(CAMediaTimingFunction(name: .easeIn), [(0.25, 0.093465), (0.5, 0.315357), (0.75, 0.621861)])
        assertCurve(CAMediaTimingFunction(name: .easeOut), [(0.25, 0.378140), (0.5, 0.684643), (0.75, 0.906535)])
        assertCurve(CAMediaTimingFunction(name: .easeInEaseOut), [(0.25, 0.129162), (0.5, 0.5), (0.75, 0.870838)])
    }

    func testCurvesGivenByTheirControlPoints() {
        assertCurve(CAMediaTimingFunction(controlPoints: 0, 0, 1, 1), [(0, 0), (0.5, 0.5), (1, 1)])
        assertCurve(CAMediaTimingFunction(controlPoints: 0.5, 0, 0.5, 1), [(0.25, 0.105889), (0.5, 0.5), (0.75, 0.894111)])
    }

    func testAnInputOutsideTheCurveIsHeldAtItsEnds() {
        assertCurve(CAMediaTimingFunction(name: .linear), [(-0.5, 0), (1.5, 1)])
    }
}
