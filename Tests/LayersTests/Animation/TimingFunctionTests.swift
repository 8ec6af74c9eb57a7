import XCTest
@testable import Layers

final class TimingFunctionTests: XCTestCase {
    private func controlPoints(_ f: CAMediaTimingFunction) -> [Float] {
        var values: [Float] = []
        for index in 0..<4 {
            var point: [Float] = [-9, -9]
            f.getControlPoint(at: index, values: &point)
            values += point
        }
        return values
    }

    func testNamedFunctionsHaveApplesControlPoints() throws {
        XCTAssertEqual(controlPoints(CAMediaTimingFunction(name: .linear)), [0, 0, 0, 0, 1, 1, 1, 1])
        XCTAssertEqual(controlPoints(CAMediaTimingFunction(name: .easeIn)), [0, 0, 0.42, 0, 1, 1, 1, 1])
        XCTAssertEqual(controlPoints(CAMediaTimingFunction(name: .easeOut)), [0, 0, 0, 0, 0.58, 1, 1, 1])
        XCTAssertEqual(controlPoints(CAMediaTimingFunction(name: .easeInEaseOut)), [0, 0, 0.42, 0, 0.58, 1, 1, 1])
        XCTAssertEqual(controlPoints(CAMediaTimingFunction(name: .default)), [0, 0, 0.25, 0.1, 0.25, 1, 1, 1])
    }

    func testControlPointOutsideZeroToThreeLeavesBufferUntouched() throws {
        var point: [Float] = [7, 8]
        CAMediaTimingFunction(name: .easeIn).getControlPoint(at: 4, values: &point)
        XCTAssertEqual(point, [7, 8])
    }

    /// References computed independently by 200-step bisection of the Bézier in double precision.
    func testNamedFunctionsMatchReferenceValues() throws {
        let xs = [0.1, 0.25, 0.5, 0.75, 0.9]
        let references: [(CAMediaTimingFunctionName, [Double])] = [
            (.easeIn, [0.0170266097, 0.0934646507, 0.3153568126, 0.6218618692, 0.8394278458]),
            (.easeOut, [0.1605721542, 0.3781381308, 0.6846431874, 0.9065353493, 0.9829733903]),
            (.easeInEaseOut, [0.0197224535, 0.1291619310, 0.5, 0.8708380690, 0.9802775465]),
            (.default, [0.0947963057, 0.4085105914, 0.8024033876, 0.9604589783, 0.9943164775]),
        ]
        for (name, expected) in references {
            let f = CAMediaTimingFunction(name: name)
            for (x, y) in zip(xs, expected) {
                XCTAssertEqual(f.output(at: x), y, accuracy: 1e-5, "\(name.rawValue) at \(x)")
            }
        }
    }

    func testCustomCurveWithOvershootMatchesReferenceValues() throws {
        let f = CAMediaTimingFunction(controlPoints: 0.68, -0.55, 0.265, 1.55)
        let expected = [-0.0662914773, -0.0828071088, 0.6066798972, 1.0891657748, 1.0623731952]
        for (x, y) in zip([0.1, 0.25, 0.5, 0.75, 0.9], expected) {
            XCTAssertEqual(f.output(at: x), y, accuracy: 1e-5, "at \(x)")
        }
    }

    func testLinearIsIdentityAndEndsAreExact() throws {
        let linear = CAMediaTimingFunction(name: .linear)
        for x in stride(from: 0.0, through: 1, by: 0.125) { XCTAssertEqual(linear.output(at: x), x) }
        let ease = CAMediaTimingFunction(name: .easeInEaseOut)
        XCTAssertEqual(ease.output(at: 0), 0)
        XCTAssertEqual(ease.output(at: 1), 1)
        XCTAssertEqual(ease.output(at: -3), 0, "input is clamped to 0...1")
        XCTAssertEqual(ease.output(at: .nan), 0)
    }

    func testControlPointXOutsideUnitIntervalIsClamped() throws {
        let f = CAMediaTimingFunction(controlPoints: -1, 0, 2, 1)
        var point: [Float] = [0, 0]
        f.getControlPoint(at: 1, values: &point)
        XCTAssertEqual(point, [0, 0])
        f.getControlPoint(at: 2, values: &point)
        XCTAssertEqual(point, [1, 1])
    }

    func testSolverIsMonotonicOnSteepCurve() throws {
        let f = CAMediaTimingFunction(controlPoints: 1, 0, 0, 1)
        var previous = -1.0
        for i in 0...200 {
            let y = f.output(at: Double(i) / 200)
            XCTAssertGreaterThanOrEqual(y, previous - 1e-9)
            previous = y
        }
        XCTAssertEqual(f.output(at: 0.5), 0.5, accuracy: 1e-6)
    }
}
