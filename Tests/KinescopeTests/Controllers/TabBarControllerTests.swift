import Kinescope
import XCTest

/// The tab bar controller in a headless 200×150 window: selection by a scripted click on the
/// bar, the delegate's order and veto, appearance callbacks, selections in code, the book's
/// CATransition fade added in `didSelect`, a custom and an interactive switch animator, and
/// the diagnostics for bad input.
final class TabBarControllerTests: XCTestCase {
    func testTapOnATabAsksTheDelegateSwitchesInUIKitsOrderAndTellsTheDelegate() throws {
        try onMain {
            let stage = try TabStage()
            stage.tap(tab: 1)
            XCTAssertEqual(stage.log.entries, [
                "shouldSelect(B)", "b.viewWillAppear(false)", "a.viewWillDisappear(false)",
                "a.viewDidDisappear(false)", "b.viewDidAppear(false)", "didSelect(B)",
            ])
            XCTAssertEqual(stage.tabs.selectedIndex, 1)
            XCTAssertTrue(stage.tabs.selectedViewController === stage.b)
            XCTAssertTrue(stage.tabs.tabBar.selectedItem === stage.b.tabBarItem)
            XCTAssertNil(stage.a.view.superview, "the unselected tab's view leaves the hierarchy")
            XCTAssertTrue(stage.b.view.isDescendant(of: stage.tabs.view))
            XCTAssertEqual(stage.tabs.children.count, 3, "every tab's controller is a child")
            XCTAssertTrue(stage.c.tabBarController === stage.tabs)
            XCTAssertEqual(stage.bluePixel(), stage.snapshotPixel(x: 20, y: 40), "b's view is shown")
        }
    }

    func testTapOnTheSelectedTabCallsTheDelegateAgainWithoutAppearanceCallbacks() throws {
        try onMain {
            let stage = try TabStage()
            stage.tap(tab: 0)
            XCTAssertEqual(stage.log.entries, ["shouldSelect(A)", "didSelect(A)"])
        }
    }

    func testShouldSelectFalseVetoesTheTap() throws {
        try onMain {
            let stage = try TabStage()
            stage.delegate.refused = "B"
            stage.tap(tab: 1)
            XCTAssertEqual(stage.log.entries, ["shouldSelect(B)"])
            XCTAssertEqual(stage.tabs.selectedIndex, 0)
            XCTAssertTrue(stage.tabs.tabBar.selectedItem === stage.a.tabBarItem, "the bar shows the old tab again")
            XCTAssertTrue(stage.a.view.isDescendant(of: stage.tabs.view))
        }
    }

    func testSelectingInCodeCallsNoDelegateMethod() throws {
        try onMain {
            let stage = try TabStage()
            stage.tabs.selectedIndex = 2
            XCTAssertEqual(stage.log.entries, [
                "c.viewWillAppear(false)", "a.viewWillDisappear(false)", "a.viewDidDisappear(false)", "c.viewDidAppear(false)",
            ])
            stage.log.clear()
            stage.tabs.selectedViewController = stage.b
            XCTAssertEqual(stage.log.entries.first, "b.viewWillAppear(false)")
            XCTAssertFalse(stage.log.entries.contains { $0.hasPrefix("shouldSelect") || $0.hasPrefix("didSelect") })
            XCTAssertEqual(stage.tabs.selectedIndex, 1)
        }
    }

    func testBadInputIsADiagnosticAndChangesNothing() throws {
        try onMain {
            let stage = try TabStage()
            let outsider = UIViewController()
            stage.tabs.selectedIndex = 3
            stage.tabs.selectedIndex = -1
            stage.tabs.selectedViewController = outsider
            stage.tabs.setViewControllers([stage.a, stage.a], animated: false)
            stage.tabs.tabBar.items = []
            stage.tabs.tabBar.selectedItem = stage.c.tabBarItem
            stage.tabs.tabBar.delegate = nil
            XCTAssertEqual(stage.diagnostics.count, 7, "\(stage.diagnostics)")
            XCTAssertTrue(stage.diagnostics[0].contains("3 is outside the 3 tabs"), stage.diagnostics[0])
            XCTAssertTrue(stage.diagnostics[2].contains("only a controller among the tabs"), stage.diagnostics[2])
            XCTAssertTrue(stage.diagnostics[4].contains("managed by UITabBarController"), stage.diagnostics[4])
            XCTAssertEqual(stage.tabs.selectedIndex, 0)
            XCTAssertEqual(stage.tabs.viewControllers?.count, 3)
            XCTAssertEqual(stage.tabs.tabBar.items?.count, 3)
            XCTAssertTrue(stage.tabs.tabBar.selectedItem === stage.a.tabBarItem)
            XCTAssertTrue(stage.log.entries.isEmpty)
        }
    }

    func testSetViewControllersKeepsTheSelectionOrTheIndexAndUpdatesChildren() throws {
        try onMain {
            let stage = try TabStage()
            stage.tabs.selectedIndex = 1
            let d = LoggingController("d", log: stage.log)
            stage.tabs.setViewControllers([d, stage.b], animated: false)
            XCTAssertTrue(stage.tabs.selectedViewController === stage.b, "the selected controller stays selected")
            XCTAssertEqual(stage.tabs.selectedIndex, 1)
            XCTAssertNil(stage.a.parent)
            XCTAssertTrue(d.parent === stage.tabs)
            stage.log.clear()
            stage.tabs.setViewControllers([d, stage.c], animated: false)
            XCTAssertTrue(stage.tabs.selectedViewController === stage.c, "the same index when the selected one left")
            XCTAssertEqual(stage.log.entries.filter { $0.contains("ppear") }, [
                "c.viewWillAppear(false) movingTo", "b.viewWillDisappear(false)", "b.viewDidDisappear(false)", "c.viewDidAppear(false)",
            ])
            XCTAssertEqual(stage.tabs.tabBar.items?.map(\.title), ["D", "C"])
        }
    }

    /// The book's listing: a fade added to the tab controller's view in `didSelect` shows the
    /// old tab giving way to the new one.
    func testCATransitionAddedInDidSelectFadesFromTheOldTabToTheNewOne() throws {
        try onMain {
            let stage = try TabStage()
            stage.delegate.onDidSelect = { tabs in
                let fade = CATransition()
                fade.type = .fade
                fade.duration = 1
                fade.timingFunction = CAMediaTimingFunction(name: .linear)
                tabs.view.layer.add(fade, forKey: nil)
            }
            stage.tap(tab: 1)
            stage.host.advance(by: 0.5)
            let mid = stage.snapshotPixel(x: 20, y: 40)
            XCTAssertTrue(mid.red > 70 && mid.red < 185, "red of the old tab still shows: \(mid)")
            XCTAssertTrue(mid.blue > 70 && mid.blue < 185, "blue of the new tab shows: \(mid)")
            stage.host.advance(by: 0.6)
            XCTAssertEqual(stage.snapshotPixel(x: 20, y: 40), stage.bluePixel())
        }
    }

    func testCustomAnimatorFromTheDelegateRunsTheSwitchInATransitionContext() throws {
        try onMain {
            let stage = try TabStage()
            let fade = FadeAnimator()
            stage.delegate.animator = fade
            stage.tap(tab: 1)
            let context = try XCTUnwrap(fade.context)
            XCTAssertTrue(context.viewController(forKey: .from) === stage.a)
            XCTAssertTrue(context.viewController(forKey: .to) === stage.b)
            XCTAssertTrue(context.containerView.isDescendant(of: stage.tabs.view))
            XCTAssertEqual(context.finalFrame(for: stage.b), CGRect(x: 0, y: 0, width: 200, height: 150))
            XCTAssertTrue(context.isAnimated)
            XCTAssertEqual(stage.log.entries, [
                "shouldSelect(B)", "animator(A→B)", "b.viewWillAppear(true)", "a.viewWillDisappear(true)", "didSelect(B)",
            ])
            XCTAssertNotNil(stage.b.transitionCoordinator)
            stage.host.advance(by: 0.5)
            XCTAssertEqual(shownAlpha(stage.b.view), 0.5, accuracy: 0.1, "half faded in")
            stage.tap(tab: 2)
            XCTAssertTrue(stage.tabs.selectedViewController === stage.b, "a tap during the switch is ignored")
            stage.host.advance(by: 0.7)
            XCTAssertEqual(fade.ended, [true])
            XCTAssertNil(stage.a.view.superview)
            XCTAssertEqual(stage.log.entries.suffix(2), ["a.viewDidDisappear(true)", "b.viewDidAppear(true)"])
            XCTAssertNil(stage.b.transitionCoordinator)
        }
    }

    func testCancelledInteractiveSwitchReturnsToTheOldTab() throws {
        try onMain {
            let stage = try TabStage()
            let interaction = UIPercentDrivenInteractiveTransition()
            stage.delegate.animator = FadeAnimator()
            stage.delegate.interaction = interaction
            stage.tabs.selectedIndex = 1
            interaction.update(0.3)
            stage.frame()
            XCTAssertEqual(shownAlpha(stage.b.view), 0.3, accuracy: 1e-3, "scrubbed")
            stage.log.clear()
            interaction.cancel()
            stage.host.advance(by: 0.5)
            XCTAssertEqual(stage.tabs.selectedIndex, 0)
            XCTAssertTrue(stage.tabs.tabBar.selectedItem === stage.a.tabBarItem)
            XCTAssertNil(stage.b.view.superview)
            XCTAssertEqual(stage.log.entries, [
                "b.viewWillDisappear(true)", "a.viewWillAppear(true)", "b.viewDidDisappear(true)", "a.viewDidAppear(true)",
            ])
        }
    }

    func testTabsShowTheControllersItemsAndFollowTheirChanges() throws {
        try onMain {
            let stage = try TabStage()
            XCTAssertEqual(stage.tabs.tabBar.items?.map(\.title), ["A", "B", "C"], "items made from the titles")
            let bee = UITabBarItem(tabBarSystemItem: .favorites, tag: 7)
            stage.a.tabBarItem = bee
            XCTAssertEqual(stage.tabs.tabBar.items?.map(\.title), ["Favorites", "B", "C"])
            XCTAssertTrue(stage.tabs.tabBar.selectedItem === bee, "the selected controller's new item is selected")
            stage.c.title = "See"
            XCTAssertEqual(stage.tabs.tabBar.items?.last?.title, "See")
            let before = stage.snapshotPixel(x: 110, y: 112)
            stage.b.tabBarItem.badgeValue = "1"
            let after = stage.snapshotPixel(x: 110, y: 112)
            XCTAssertNotEqual(before, after, "the badge is drawn at the top right of b's tab")
            XCTAssertEqual(after, TabStage.RGB(red: 255, green: 59, blue: 48))
        }
    }

    func testReselectingANavigationTabPopsToItsRoot() throws {
        try onMain {
            let stage = try TabStage()
            let root = UIViewController(), detail = UIViewController()
            let navigation = UINavigationController(rootViewController: root)
            stage.tabs.viewControllers = [navigation, stage.b]
            navigation.pushViewController(detail, animated: false)
            stage.host.advance(by: 2.0 / 60)
            stage.tap(tab: 0)
            stage.host.advance(by: 1)
            XCTAssertEqual(stage.log.entries.suffix(2), ["shouldSelect(?)", "didSelect(?)"])
            XCTAssertEqual(navigation.viewControllers.count, 1)
            XCTAssertTrue(navigation.tabBarController === stage.tabs)
        }
    }
}

/// A tab bar controller with tabs a (red), b (blue) and c (green) in a 200×150 headless window
/// at 60 frames per second, a logging delegate, and the diagnostics collected.
@MainActor
final class TabStage {
    let host: HeadlessHost
    let tabs = UITabBarController()
    let log = EventLog()
    let a: LoggingController, b: LoggingController, c: LoggingController
    let delegate: LoggingTabDelegate
    var diagnostics: [String] = []

    init() throws {
        a = LoggingController("a", log: log)
        b = LoggingController("b", log: log)
        c = LoggingController("c", log: log)
        for (controller, color) in [(a, UIColor.red), (b, .blue), (c, .green)] { controller.view.backgroundColor = color }
        delegate = LoggingTabDelegate(log: log)
        tabs.viewControllers = [a, b, c]
        host = try HeadlessHost(size: CGSize(width: 200, height: 150), framesPerSecond: 60)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
        window.rootViewController = tabs
        host.show(window)
        host.runLoop.engine.diagnosticHandler = { [unowned self] in self.diagnostics.append($0) }
        tabs.delegate = delegate
        log.clear()
    }

    /// A click in the middle of tab `index` of the bar.
    func tap(tab index: Int) {
        let count = CGFloat(tabs.viewControllers?.count ?? 1)
        host.click(at: CGPoint(x: 200 / count * (CGFloat(index) + 0.5), y: 150 - 49 / 2))
    }

    func frame() { host.advance(by: 1.0 / 60) }

    /// The opaque colour the window shows at (`x`, `y`).
    func snapshotPixel(x: Int, y: Int) -> RGB {
        let packed = host.snapshot().cgImage!.bitmap[x: x, y: y].packed
        return RGB(red: Int((packed >> 16) & 0xFF), green: Int((packed >> 8) & 0xFF), blue: Int(packed & 0xFF))
    }

    func bluePixel() -> RGB { RGB(red: 0, green: 0, blue: 255) }

    struct RGB: Equatable {
        let red, green, blue: Int
    }
}

/// Logs the delegate's calls as "shouldSelect(B)", "didSelect(B)", "animator(A→B)"; refuses the
/// tab titled `refused`; gives `animator` and `interaction` when set.
@MainActor
final class LoggingTabDelegate: UITabBarControllerDelegate {
    let log: EventLog
    var refused: String?
    var animator: UIViewControllerAnimatedTransitioning?
    var interaction: UIViewControllerInteractiveTransitioning?
    var onDidSelect: ((UITabBarController) -> Void)?

    init(log: EventLog) { self.log = log }

    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        log.append("shouldSelect(\(viewController.title ?? "?"))")
        return refused == nil || viewController.title != refused
    }

    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        log.append("didSelect(\(viewController.title ?? "?"))")
        onDidSelect?(tabBarController)
    }

    func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        guard let animator else { return nil }
        log.append("animator(\(fromVC.title ?? "?")→\(toVC.title ?? "?"))")
        return animator
    }

    func tabBarController(_ tabBarController: UITabBarController,
                          interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
        interaction
    }
}
