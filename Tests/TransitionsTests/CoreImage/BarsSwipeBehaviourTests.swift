import Raster
import XCTest
@testable import Transitions

/// CIBarsSwipeTransition must sweep the whole frame at every finite angle (Apple warns that some
/// angles give no transition; here none may).
final class BarsSwipeBehaviourTests: XCTestCase {
    typealias F = CoreImageFixtures

    func testAppleExampleSettingsChangeVisiblyAndCoverTheFrameByTheEnd() throws {
        let transition = try TransitionRegistry.make(named: "CIBarsSwipeTransition",
                                                     parameters: ["inputAngle": "3.14", "inputWidth": "30", "inputBarOffset": "10"])
        var previous = F.from, revealed = 0.0
        for progress in [0.1, 0.3, 0.5, 0.7, 0.9] {
            let frame = F.frame(transition, progress: progress)
            XCTAssertFalse(frame.hasSamePixels(as: previous), "no visible change up to \(progress)")
            let fraction = F.fractionEqual(frame, F.to)
            XCTAssertGreaterThan(fraction, revealed + 0.02, "the new image does not grow at \(progress)")
            revealed = fraction
            previous = frame
        }
        XCTAssertGreaterThan(revealed, 0.8, "at 0.9 most of the frame should show the new image")
        XCTAssertEqual(F.fractionEqual(F.frame(transition, progress: 0.999), F.to), 1, accuracy: 0.02)
        XCTAssertTrue(F.frame(transition, progress: 1).hasSamePixels(as: F.to))
    }

    func testEveryFiniteAngleSweepsTheWholeFrame() throws {
        for angle in [0, 1, -2.5, Double.pi / 2, 3.14, 100, -1e6, 1e12, -Double.pi / 4] {
            let transition = try TransitionRegistry.make(named: "CIBarsSwipeTransition", parameters: ["inputAngle": "\(angle)"])
            let early = F.fractionEqual(F.frame(transition, progress: 0.2), F.to)
            let middle = F.fractionEqual(F.frame(transition, progress: 0.5), F.to)
            let late = F.fractionEqual(F.frame(transition, progress: 0.995), F.to)
            XCTAssertLessThan(early, middle, "angle \(angle): nothing happens between 0.2 and 0.5")
            XCTAssertGreaterThan(middle, 0.1, "angle \(angle): half way shows almost nothing new")
            XCTAssertLessThan(middle, 0.95, "angle \(angle): half way is already done")
            XCTAssertGreaterThan(late, 0.97, "angle \(angle): the bars do not leave the frame by the end")
        }
    }

    func testBarsMoveAlongTheAngleAsCoreImageDefinesIt() throws {
        // Angle 0: horizontal bars sliding right (Core Image: counter-clockwise from +x), so the
        // new image appears on the left first.
        let transition = try TransitionRegistry.make(named: "CIBarsSwipeTransition", parameters: ["inputAngle": "0"])
        let frame = F.frame(transition, progress: 0.3)
        let left = try F.fractionEqual(frame.view(of: PixelRect(x: 0, y: 0, width: 48, height: 128)),
                                       F.to.view(of: PixelRect(x: 0, y: 0, width: 48, height: 128)))
        let right = try F.fractionEqual(frame.view(of: PixelRect(x: 144, y: 0, width: 48, height: 128)),
                                        F.to.view(of: PixelRect(x: 144, y: 0, width: 48, height: 128)))
        XCTAssertGreaterThan(left, right + 0.3)
    }
}
