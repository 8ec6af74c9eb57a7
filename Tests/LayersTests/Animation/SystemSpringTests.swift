import Geometry
import XCTest
@testable import Layers

/// UIKit's system spring (mass 3, stiffness 1000, damping 500: damping ratio 4.56) and
/// `allowsOverdamping`: with the default false, an overdamped spring moves as the critically
/// damped spring of the same mass and stiffness.
final class SystemSpringTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    private func systemSpring(keyPath: String = "position.x") -> CASpringAnimation {
        let spring = CASpringAnimation(keyPath: keyPath)
        spring.mass = 3
        spring.stiffness = 1000
        spring.damping = 500
        return spring
    }

    func testOverdampingIsOffByDefaultAndTheSystemSpringReachesApplesFigures() throws {
        let spring = systemSpring()
        XCTAssertFalse(spring.allowsOverdamping)
        XCTAssertEqual(spring.solver.progress(at: 0.1), 0.545, accuracy: 5e-4)
        XCTAssertEqual(spring.solver.progress(at: 0.2), 0.879, accuracy: 5e-4)
        XCTAssertEqual(spring.solver.progress(at: 0.3), 0.973, accuracy: 5e-4)
        // Critically damped: x(t) = e^(−ωt)(1 + ωt) with ω = √(1000 / 3).
        let omega = (1000.0 / 3).squareRoot()
        for t in [0.05, 0.15, 0.4] {
            XCTAssertEqual(spring.solver.progress(at: t), 1 - exp(-omega * t) * (1 + omega * t), accuracy: 1e-12)
        }
        XCTAssertEqual(spring.settlingDuration, 0.518, accuracy: 0.005, "the system transition's 0.5 s is about its settling time")
    }

    func testAllowingOverdampingSolvesTheSpringAsGiven() throws {
        let spring = systemSpring()
        spring.allowsOverdamping = true
        let overdamped = spring.solver.progress(at: 0.1)
        XCTAssertLessThan(overdamped, 0.2, "damping ratio 4.56 creeps: about 0.18 at 0.1 s")
        let m = 3.0, k = 1000.0, c = 500.0
        let s = (c * c - 4 * m * k).squareRoot()
        let r1 = (-c + s) / (2 * m), r2 = (-c - s) / (2 * m)
        let c2 = -r1 / (r2 - r1), c1 = 1 - c2
        XCTAssertEqual(overdamped, 1 - (c1 * exp(r1 * 0.1) + c2 * exp(r2 * 0.1)), accuracy: 1e-12)
        XCTAssertTrue(spring.value(forKey: "allowsOverdamping") as? Bool ?? false)
        let copy = spring.copy() as! CASpringAnimation
        XCTAssertTrue(copy.allowsOverdamping, "copied with the other spring properties")
    }

    func testUnderdampedSpringsAreUnchangedByTheFlag() throws {
        let spring = CASpringAnimation()
        spring.damping = 5
        let before = spring.solver.progress(at: 0.3)
        spring.allowsOverdamping = true
        XCTAssertEqual(spring.solver.progress(at: 0.3), before)
    }

    func testSystemSpringOnALayerFollowsTheCriticalCurve() throws {
        let layer = f.committedLayer()
        let spring = systemSpring()
        spring.fromValue = 0
        spring.toValue = 200
        spring.duration = 0.5
        layer.add(spring, forKey: "spring")
        let omega = (1000.0 / 3).squareRoot()
        for t in [0.1, 0.2] {
            f.advance(0.1)
            XCTAssertEqual(f.presented(layer, "position.x"), 200 * (1 - exp(-omega * t) * (1 + omega * t)), accuracy: 1e-6)
        }
    }
}
