import Kinescope
import XCTest

/// `UINavigationItem.titleView` on a navigation controller's 200-point bar: placement, sizing
/// by frame or intrinsic size, narrowing between bar button items, and the push cross-fade.
final class NavigationTitleViewTests: XCTestCase {
    func testTitleViewIsCentredAtItsFrameSizeInsteadOfTheTitleLabel() throws {
        try onMain {
            let stage = try NavigationStage()
            let bar = stage.navigation.navigationBar
            let custom = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 30))
            stage.a.navigationItem.titleView = custom
            XCTAssertEqual(labels(in: bar), [], "the title label is not shown")
            XCTAssertEqual(custom.convert(custom.bounds, to: bar), CGRect(x: 70, y: 7, width: 60, height: 30))
            stage.a.navigationItem.titleView = nil
            XCTAssertFalse(allViews(in: bar).contains { $0 === custom }, "a removed title view leaves the bar")
            XCTAssertEqual(labels(in: bar), ["A"])
        }
    }

    func testTitleViewWithoutAFrameTakesItsIntrinsicSizeNoTallerThanTheBar() throws {
        try onMain {
            let stage = try NavigationStage()
            let bar = stage.navigation.navigationBar
            let sized = IntrinsicView(frame: .zero)
            stage.a.navigationItem.titleView = sized
            XCTAssertEqual(sized.convert(sized.bounds, to: bar), CGRect(x: 80, y: 0, width: 40, height: 44))
        }
    }

    func testTitleViewIsNarrowedBetweenTheItemsAndWidensAgainWhenTheyGo() throws {
        try onMain {
            let stage = try NavigationStage()
            let bar = stage.navigation.navigationBar
            let custom = UIView(frame: CGRect(x: 0, y: 0, width: 180, height: 20))
            let item = stage.a.navigationItem
            item.titleView = custom
            item.rightBarButtonItem = UIBarButtonItem(title: "Edit", style: .plain)
            let edit = buttons(in: bar).first { $0.title(for: .normal) == "Edit" }!
            let frame = custom.convert(custom.bounds, to: bar)
            XCTAssertEqual(frame.minX, 8, accuracy: 1e-9)
            XCTAssertEqual(frame.maxX, edit.convert(edit.bounds, to: bar).minX - 8, accuracy: 1e-9)
            XCTAssertLessThan(frame.width, 180)
            item.rightBarButtonItem = nil
            XCTAssertEqual(custom.convert(custom.bounds, to: bar), CGRect(x: 10, y: 12, width: 180, height: 20))
        }
    }

    func testTitleViewsCrossFadeAndSlideWithThePush() throws {
        try onMain {
            let stage = try NavigationStage()
            let old = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
            let new = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
            stage.a.navigationItem.titleView = old
            stage.b.navigationItem.titleView = new
            stage.navigation.pushViewController(stage.b, animated: true)
            commitNow(stage.host)
            stage.host.advance(by: 0.1)
            let p = systemSpringProgress(0.1)
            XCTAssertEqual(Double(new.superview!.layer.presentation()!.opacity), p, accuracy: 1e-3)
            XCTAssertEqual(Double(old.superview!.layer.presentation()!.opacity), 1 - p, accuracy: 1e-3)
            let shift = 200.0 / 3
            XCTAssertEqual(Double(new.layer.presentation()!.position.x), 100 + shift * (1 - p), accuracy: 1e-2)
            XCTAssertEqual(Double(old.layer.presentation()!.position.x), 100 - shift * p, accuracy: 1e-2)
            stage.host.advance(by: 0.6)
            XCTAssertNil(old.superview?.superview, "the old title view has left the bar")
            XCTAssertEqual(new.convert(new.bounds, to: stage.navigation.navigationBar), CGRect(x: 80, y: 12, width: 40, height: 20))
        }
    }
}

/// A view 40 × 60 points by its intrinsic size.
@MainActor
private final class IntrinsicView: UIView {
    override var intrinsicContentSize: CGSize { CGSize(width: 40, height: 60) }
}
