import Kinescope
import XCTest

/// `UINavigationController.setNavigationBarHidden(_:animated:)` and `isNavigationBarHidden`.
final class NavigationBarHidingTests: XCTestCase {
    func testAnimatedHideSlidesTheBarUpThenHidesItAndShowSlidesItBack() throws {
        try onMain {
            let stage = try NavigationStage()
            let bar = stage.navigation.navigationBar
            let height = bar.frame.height
            XCTAssertFalse(stage.navigation.isNavigationBarHidden)
            stage.navigation.setNavigationBarHidden(true, animated: true)
            XCTAssertTrue(stage.navigation.isNavigationBarHidden, "reads the new value at once")
            XCTAssertFalse(bar.isHidden, "still on screen while it slides")
            commitNow(stage.host)
            stage.host.advance(by: 0.1)
            let p = referenceBezier(easeInOutPoints.0, easeInOutPoints.1, at: 0.5)
            XCTAssertEqual(Double(shownY(bar)), Double(height) / 2 - Double(height) * p, accuracy: 0.05, "half way up at 0.1 s")
            stage.host.advance(by: 0.15)
            XCTAssertTrue(bar.isHidden)
            XCTAssertEqual(bar.frame.maxY, 0, "just above the top edge")
            stage.navigation.setNavigationBarHidden(false, animated: true)
            XCTAssertFalse(bar.isHidden)
            commitNow(stage.host)
            stage.host.advance(by: 0.1)
            XCTAssertEqual(Double(shownY(bar)), -Double(height) / 2 + Double(height) * p, accuracy: 0.05)
            stage.host.advance(by: 0.15)
            XCTAssertEqual(bar.frame.minY, 0)
            XCTAssertFalse(stage.navigation.isNavigationBarHidden)
        }
    }

    func testSettingThePropertyHidesAtOnceAndSurvivesLayout() throws {
        try onMain {
            let stage = try NavigationStage()
            stage.navigation.isNavigationBarHidden = true
            XCTAssertTrue(stage.navigation.navigationBar.isHidden)
            stage.navigation.view.setNeedsLayout()
            stage.frame()
            XCTAssertTrue(stage.navigation.navigationBar.isHidden)
            XCTAssertEqual(stage.navigation.navigationBar.frame.maxY, 0)
            stage.navigation.setNavigationBarHidden(false, animated: false)
            XCTAssertFalse(stage.navigation.navigationBar.isHidden)
            XCTAssertEqual(stage.navigation.navigationBar.frame.minY, 0)
        }
    }
}
