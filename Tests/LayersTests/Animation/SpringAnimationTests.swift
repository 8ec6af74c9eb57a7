import Geometry
import XCTest
@testable import Layers

final class SpringAnimationTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    /// References: the closed-form solution evaluated independently in double precision.
    func testSolverMatchesClosedFormReferenceValues() throws {
        let times = [0.05, 0.1, 0.25, 0.5, 1.0]
        let cases: [((Double, Double, Double, Double), [Double])] = [
            ((1, 100, 10, 0), [0.1044054735, 0.3402998466, 1.0233595799, 1.0745905666, 1.0021701167]),
            ((1, 100, 5, 0), [0.1128632806, 0.3929451508, 1.3108360986, 1.0365507874, 1.0847759623]),
            ((1, 100, 20, 0), [0.0902040104, 0.2642411177, 0.7127025048, 0.9595723180, 0.9995006008]),
            ((2, 300, 50, -3), [0.0446426622, 0.2557724282, 0.7656401442, 0.9771814102, 0.9998373556]),
            ((1, 100, 10, 5), [0.2930780752, 0.6070534442, 1.1604145293, 1.0306193562, 1.0048628570]),
        ]
        for ((m, k, c, v), expected) in cases {
            let solver = SpringSolver(mass: m, stiffness: k, damping: c, initialVelocity: v)
            XCTAssertEqual(solver.progress(at: 0), 0, accuracy: 1e-12)
            for (t, y) in zip(times, expected) {
                XCTAssertEqual(solver.progress(at: t), y, accuracy: 1e-9, "m \(m) k \(k) c \(c) v \(v) at \(t)")
            }
        }
    }

    func testSettlingDurationMatchesApplesDocumentedExamples() throws {
        let bouncy = CASpringAnimation()
        bouncy.damping = 5
        XCTAssertEqual(bouncy.settlingDuration, 2.85, accuracy: 0.02)
        let firm = CASpringAnimation()
        firm.damping = 15
        XCTAssertGreaterThan(firm.settlingDuration, 1.0)
        XCTAssertLessThan(firm.settlingDuration, 1.1)
        let overdamped = CASpringAnimation()
        overdamped.damping = 40
        XCTAssertGreaterThan(overdamped.settlingDuration, 0)
        XCTAssertLessThan(abs(1 - overdamped.solver.progress(at: overdamped.settlingDuration)), 1e-3)
        let undamped = CASpringAnimation()
        undamped.damping = 0
        XCTAssertEqual(undamped.settlingDuration, SpringSolver.maximumSettlingDuration)
    }

    func testPerceptualDurationAndBounceMakeCriticalAndBouncySprings() throws {
        let critical = CASpringAnimation(perceptualDuration: 0.5, bounce: 0)
        XCTAssertEqual(Double(critical.damping), 2 * (Double(critical.stiffness) * Double(critical.mass)).squareRoot(), accuracy: 1e-9)
        let bouncy = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.5)
        var overshoot = 0.0
        for i in 0...200 { overshoot = max(overshoot, bouncy.solver.progress(at: Double(i) / 100)) }
        XCTAssertGreaterThan(overshoot, 1.05)
    }

    func testSpringAnimationOfPositionFollowsSolverAndOvershoots() throws {
        let layer = f.committedLayer()
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0
        spring.toValue = 100
        spring.damping = 5
        spring.duration = spring.settlingDuration
        layer.add(spring, forKey: "spring")
        CATransaction.setDisableActions(true)
        layer.position.x = 100
        let solver = SpringSolver(mass: 1, stiffness: 100, damping: 5, initialVelocity: 0)
        f.advance(0)
        XCTAssertEqual(f.presented(layer, "position.x"), 0, accuracy: 1e-9)
        f.advance(0.25)
        XCTAssertEqual(f.presented(layer, "position.x"), 100 * solver.progress(at: 0.25), accuracy: 1e-6)
        XCTAssertGreaterThan(f.presented(layer, "position.x"), 120, "damping 5 overshoots by about 31 %")
        f.advance(3)
        XCTAssertEqual(layer.presentation()!.position.x, 100)
        XCTAssertNil(layer.animation(forKey: "spring"))
    }

    func testSpringIgnoresTimingFunction() throws {
        let layer = f.committedLayer()
        let spring = CASpringAnimation(keyPath: "opacity")
        spring.fromValue = 0
        spring.toValue = 1
        spring.duration = 2
        spring.timingFunction = CAMediaTimingFunction(name: .easeIn)
        layer.add(spring, forKey: nil)
        f.advance(0.1)
        XCTAssertEqual(f.presented(layer, "opacity"), spring.solver.progress(at: 0.1), accuracy: 1e-5)
    }
}
