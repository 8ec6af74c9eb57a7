import Foundation
import XCTest
@testable import Layers

/// The control points of the named timing functions and of a custom one, as measured on Apple's
/// QuartzCore (GNUstep QuartzCore `Tests/quartzcore/CAMediaTimingFunction/camediatimingfunction.m`
/// and the older `Tests/CAMediaTimingFunction/camediatimingfunction.m`, whose curve values at
/// x = 0.67 are checked here through `output(at:)`, Kinescope's public name for Apple's private
/// solver).
final class CAMediaTimingFunctionFactsTests: XCTestCase {
    private func controlPoints(_ f: CAMediaTimingFunction) -> [[Float]] {
        (0..<4).map { i in
            var p: [Float] = [-9, -9]
            p.withUnsafeMutableBufferPointer { f.getControlPoint(at: i, values: $0.baseAddress!) }
            return p
        }
    }

    private func assertControlPoints(_ f: CAMediaTimingFunction, _ expected: [[Float]],
                                     file: StaticString = #filePath, line: UInt = #line) {
        let got = controlPoints(f)
        for (p, q) in zip(got, expected) {
            XCTAssertEqual(p[0], q[0], accuracy: 1e-4, "\(got)", file: file, line: line)
            XCTAssertEqual(p[1], q[1], accuracy: 1e-4, "\(got)", file: file, line: line)
        }
    }

    func testACustomFunctionKeepsItsControlPointsBetweenTheFixedEnds() {
        assertControlPoints(CAMediaTimingFunction(controlPoints: 0.1, 1.0, 1.0, 0.2),
                            [[0, 0], [0.1, 1], [1, 0.2], [1, 1]])
    }

    func testTheNamedFunctionsHaveApplesControlPoints() {
        assertControlPoints(CAMediaTimingFunction(name: .linear), [[0, 0], [0, 0], [1, 1], [1, 1]])
        assertControlPoints(CAMediaTimingFunction(name: .easeIn), [[0, 0], [0.42, 0], [1, 1], [1, 1]])
        assertControlPoints(CAMediaTimingFunction(name: .easeOut), [[0, 0], [0, 0], [0.58, 1], [1, 1]])
        assertControlPoints(CAMediaTimingFunction(name: .easeInEaseOut), [[0, 0], [0.42, 0], [0.58, 1], [1, 1]])
        assertControlPoints(CAMediaTimingFunction(name: .default), [[0, 0], [0.25, 0.1], [0.25, 1], [1, 1]])
    }

    func testEachFunctionsCurveAtTwoThirdsMatchesApples() {
        let expected: [(CAMediaTimingFunction, Double)] = [
            (CAMediaTimingFunction(name: .default), 0.926527),
            (CAMediaTimingFunction(name: .easeInEaseOut), 0.772850),
            (CAMediaTimingFunction(name: .easeIn), 0.515911),
            (CAMediaTimingFunction(name: .easeOut), 0.846581),
            (CAMediaTimingFunction(name: .linear), 0.669997),
            (CAMediaTimingFunction(controlPoints: 0.1, 1.0, 1.0, 0.2), 0.589449),
        ]
        for (function, y) in expected {
            XCTAssertEqual(function.output(at: 0.67), y, accuracy: 1e-5, "\(function)")
        }
    }
}
