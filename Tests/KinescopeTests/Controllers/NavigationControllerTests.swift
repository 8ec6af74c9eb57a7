import Kinescope
import XCTest

/// UINavigationController on a headless host: the system push and pop sampled against the
/// system spring, Apple's order of appearance and containment calls, the edge pop driven by
/// scripted drags, and misuse.
final class NavigationControllerTests: XCTestCase {
    func testAnimatedPushSlidesInOnTheSystemSpringWithApplesCallbackOrder() throws {
        try onMain {
            let stage = try NavigationStage()
            let log = stage.log, a = stage.a, b = stage.b
            XCTAssertEqual(log.entries, ["a.willMove(nav)", "a.didMove(nav)", "a.viewWillAppear(false)", "a.viewDidAppear(false)"])
            log.clear()
            stage.navigation.pushViewController(b, animated: true)
            XCTAssertEqual(log.entries, ["b.willMove(nav)", "a.viewWillDisappear(true)", "b.viewWillAppear(true) movingTo"])
            XCTAssertEqual(stage.navigation.viewControllers.count, 2)
            XCTAssertTrue(stage.navigation.topViewController === b)
            XCTAssertNotNil(b.transitionCoordinator)
            commitNow(stage.host)
            for (step, t) in [(6, 0.1), (6, 0.2), (6, 0.3)] {
                stage.host.advance(by: Double(step) / 60)
                let p = systemSpringProgress(t)
                XCTAssertEqual(Double(shownX(b.view)), 300 - 200 * p, accuracy: 0.05, "incoming view at \(t) s")
                XCTAssertEqual(Double(shownX(a.view)), 100 - 60 * p, accuracy: 0.05, "the view beneath moves by 30 % of the width")
            }
            XCTAssertEqual(systemSpringProgress(0.1), 0.545, accuracy: 5e-4)
            XCTAssertGreaterThan(b.view.layer.shadowOpacity, 0, "the sliding view casts a shadow")
            let dimming = a.view.superview?.subviews.first { $0 !== a.view && $0 !== b.view }
            XCTAssertEqual(Double(dimming?.layer.presentation()?.opacity ?? -1), 0.1 * systemSpringProgress(0.3), accuracy: 1e-3)
            stage.host.advance(by: 0.25)
            XCTAssertEqual(log.entries.suffix(3), ["a.viewDidDisappear(true)", "b.viewDidAppear(true)", "b.didMove(nav)"])
            XCTAssertNil(a.view.superview, "the view beneath leaves the hierarchy")
            XCTAssertEqual(b.view.frame, CGRect(x: 0, y: 0, width: 200, height: 150))
            XCTAssertEqual(a.view.frame.origin.x, 0, "the animator puts the frame back")
            XCTAssertEqual(b.view.layer.shadowOpacity, 0)
            XCTAssertNil(b.transitionCoordinator)
            XCTAssertTrue(b.navigationController === stage.navigation)
        }
    }

    func testAnimatedPopSlidesBackWithApplesCallbackOrder() throws {
        try onMain {
            let stage = try NavigationStage(pushingB: true)
            let log = stage.log, a = stage.a, b = stage.b
            let popped = stage.navigation.popViewController(animated: true)
            XCTAssertTrue(popped === b)
            XCTAssertEqual(stage.navigation.viewControllers.count, 1, "the stack shrinks at once")
            XCTAssertEqual(log.entries, ["b.willMove(nil)", "b.viewWillDisappear(true) movingFrom", "a.viewWillAppear(true)"])
            commitNow(stage.host)
            stage.host.advance(by: 0.1)
            let p = systemSpringProgress(0.1)
            XCTAssertEqual(Double(shownX(b.view)), 100 + 200 * p, accuracy: 0.05)
            XCTAssertEqual(Double(shownX(a.view)), 40 + 60 * p, accuracy: 0.05)
            XCTAssertTrue(a.view.superview === b.view.superview, "the view beneath goes under the sliding one")
            let order = a.view.superview!.subviews
            XCTAssertLessThan(order.firstIndex { $0 === a.view }!, order.firstIndex { $0 === b.view }!)
            stage.host.advance(by: 0.5)
            XCTAssertEqual(log.entries.suffix(3), ["b.viewDidDisappear(true)", "b.didMove(nil)", "a.viewDidAppear(true)"])
            XCTAssertNil(b.parent)
            XCTAssertNil(b.view.superview)
        }
    }

    func testEdgeDragPastHalfwayIsLinearAndFinishesThePop() throws {
        try onMain {
            let stage = try NavigationStage(pushingB: true)
            let log = stage.log, a = stage.a, b = stage.b
            stage.host.pressPointer(at: CGPoint(x: 5, y: 75))
            for step in 1...10 {
                stage.frame()
                stage.host.movePointer(to: CGPoint(x: 5 + CGFloat(6 * step), y: 75))
            }
            XCTAssertEqual(log.entries, ["b.willMove(nil)", "b.viewWillDisappear(true) movingFrom", "a.viewWillAppear(true)"])
            XCTAssertEqual(shownX(b.view), 160, accuracy: 0.01, "follows the finger: 60 points dragged")
            XCTAssertEqual(shownX(a.view), 40 + 60 * 0.3, accuracy: 0.01)
            XCTAssertTrue(b.transitionCoordinator?.isInteractive ?? false)
            for step in 11...20 {
                stage.frame()
                stage.host.movePointer(to: CGPoint(x: 5 + CGFloat(6 * step), y: 75))
            }
            XCTAssertEqual(shownX(b.view), 220, accuracy: 0.01)
            stage.host.releasePointer(at: CGPoint(x: 125, y: 75))
            stage.host.advance(by: 0.6)
            XCTAssertEqual(log.entries.suffix(3), ["b.viewDidDisappear(true)", "b.didMove(nil)", "a.viewDidAppear(true)"])
            XCTAssertEqual(stage.navigation.viewControllers.count, 1)
            XCTAssertNil(b.view.superview)
            XCTAssertEqual(shownX(a.view), 100, accuracy: 0.01)
            XCTAssertEqual(stage.navigation.view.layer.speed, 1, "the layer's time is given back")
            XCTAssertEqual(stage.navigation.view.layer.timeOffset, 0)
            XCTAssertTrue(stage.diagnostics.isEmpty, "\(stage.diagnostics)")
        }
    }

    func testEdgeDragReleasedEarlyCancelsThePopAndTheTopStays() throws {
        try onMain {
            let stage = try NavigationStage(pushingB: true)
            let log = stage.log, a = stage.a, b = stage.b
            stage.host.drag(from: CGPoint(x: 5, y: 75), to: CGPoint(x: 65, y: 75), duration: 0.5)
            XCTAssertEqual(shownX(b.view), 160, accuracy: 1, "still shown where released, then returning")
            stage.host.advance(by: 0.6)
            XCTAssertEqual(log.entries, [
                "b.willMove(nil)", "b.viewWillDisappear(true) movingFrom", "a.viewWillAppear(true)",
                "a.viewWillDisappear(true)", "b.viewWillAppear(true)", "a.viewDidDisappear(true)", "b.viewDidAppear(true)",
                "b.didMove(nav)",
            ])
            XCTAssertEqual(stage.navigation.viewControllers.count, 2)
            XCTAssertTrue(stage.navigation.topViewController === b)
            XCTAssertFalse(b.isMovingFromParent)
            XCTAssertNil(a.view.superview)
            XCTAssertEqual(shownX(b.view), 100, accuracy: 0.01)
            XCTAssertEqual(b.view.frame.origin.x, 0)
            XCTAssertEqual(stage.navigation.view.layer.speed, 1)
            XCTAssertTrue(stage.navigation.navigationBar.topItem === b.navigationItem, "the bar's item is back too")
        }
    }

    func testEdgeDragFlickedFastFinishesBeforeHalfway() throws {
        try onMain {
            let stage = try NavigationStage()
            let b = stage.b
            stage.navigation.pushViewController(b, animated: false)
            stage.host.advance(by: 2.0 / 60)
            stage.host.drag(from: CGPoint(x: 5, y: 75), to: CGPoint(x: 85, y: 75), duration: 0.1)
            stage.host.advance(by: 0.6)
            XCTAssertEqual(stage.navigation.viewControllers.count, 1, "800 points per second finishes at 40 %")
        }
    }

    func testMisuseIsDiagnosedAndRequestsDuringATransitionAreQueued() throws {
        try onMain {
            let stage = try NavigationStage()
            let a = stage.a, b = stage.b, c = LoggingController("c", log: stage.log)
            XCTAssertNil(stage.navigation.popViewController(animated: true))
            stage.navigation.pushViewController(a, animated: true)
            stage.navigation.pushViewController(UINavigationController(), animated: true)
            XCTAssertEqual(stage.diagnostics.count, 3, "\(stage.diagnostics)")
            XCTAssertTrue(stage.diagnostics.allSatisfy { $0.contains("UINavigationController") })
            XCTAssertEqual(stage.navigation.viewControllers.count, 1)

            stage.navigation.pushViewController(b, animated: true)
            stage.navigation.pushViewController(c, animated: true)
            XCTAssertEqual(stage.navigation.viewControllers.count, 2, "c waits for b's push")
            stage.host.advance(by: 0.6)
            XCTAssertEqual(stage.navigation.viewControllers.count, 3)
            stage.host.advance(by: 0.6)
            XCTAssertTrue(c.view.superview != nil && b.view.superview == nil)
            XCTAssertEqual(stage.navigation.popToRootViewController(animated: false)?.count, 2)
            stage.host.advance(by: 2.0 / 60)
            XCTAssertTrue(same(stage.navigation.viewControllers, [a]))
            XCTAssertNil(b.parent)
            XCTAssertNil(c.parent)
            XCTAssertEqual(stage.diagnostics.count, 3)
        }
    }

    func testPoppedControllersAreFreedAfterPushPopAndEdgePop() throws {
        try onMain {
            let stage = try NavigationStage()
            weak var pushed: UIViewController?
            weak var dragged: UIViewController?
            do {
                let first = LoggingController("c", log: stage.log)
                pushed = first
                stage.navigation.pushViewController(first, animated: true)
                stage.host.advance(by: 0.6)
                stage.navigation.popViewController(animated: true)
                stage.host.advance(by: 0.6)
                let second = LoggingController("d", log: stage.log)
                dragged = second
                stage.navigation.pushViewController(second, animated: false)
                stage.host.advance(by: 2.0 / 60)
            }
            stage.host.drag(from: CGPoint(x: 5, y: 75), to: CGPoint(x: 155, y: 75), duration: 0.5)
            stage.host.advance(by: 0.6)
            XCTAssertEqual(stage.navigation.viewControllers.count, 1)
            XCTAssertNil(pushed, "a popped controller is not kept by the transition, bar or coordinator")
            XCTAssertNil(dragged, "nor by the edge pop's interaction")
        }
    }

    func testSetViewControllersAnimatesAsAPushOrAPop() throws {
        try onMain {
            let stage = try NavigationStage()
            let a = stage.a, b = stage.b, c = LoggingController("c", log: stage.log)
            stage.navigation.setViewControllers([a, b, c], animated: true)
            commitNow(stage.host)
            stage.host.advance(by: 0.1)
            XCTAssertEqual(Double(shownX(c.view)), 300 - 200 * systemSpringProgress(0.1), accuracy: 0.05, "a new top pushes")
            stage.host.advance(by: 0.5)
            XCTAssertTrue(b.parent === stage.navigation)
            stage.navigation.setViewControllers([a], animated: true)
            commitNow(stage.host)
            stage.host.advance(by: 0.1)
            XCTAssertEqual(Double(shownX(c.view)), 100 + 200 * systemSpringProgress(0.1), accuracy: 0.05, "an old top pops")
            stage.host.advance(by: 0.5)
            XCTAssertNil(b.parent)
            XCTAssertNil(c.parent)
            XCTAssertTrue(same(stage.navigation.children, [a]))
        }
    }

    func testDelegateIsToldAndCoordinatorRunsAlongsideAnimations() throws {
        try onMain {
            let stage = try NavigationStage()
            let log = stage.log, b = AlongsideController("b", log: stage.log)
            let delegate = NavigationDelegateLog(log: log)
            stage.navigation.delegate = delegate
            log.clear()
            stage.navigation.pushViewController(b, animated: true)
            commitNow(stage.host)
            stage.host.advance(by: 0.1)
            XCTAssertEqual(Double(b.badge.layer.presentation()?.opacity ?? -1), systemSpringProgress(0.1), accuracy: 1e-3,
                           "alongside animations share the push's spring")
            stage.host.advance(by: 0.5)
            XCTAssertEqual(log.entries.filter { $0.hasPrefix("delegate") || $0.hasPrefix("coordinator") },
                           ["delegate.willShow(b)", "coordinator.completion(cancelled: false)", "delegate.didShow(b)"])
        }
    }

    func testNavigationBarShowsTitlesBackButtonAndItems() throws {
        try onMain {
            let stage = try NavigationStage()
            let a = stage.a, b = stage.b
            let bar = stage.navigation.navigationBar
            XCTAssertEqual(bar.frame, CGRect(x: 0, y: 0, width: 200, height: 44))
            XCTAssertEqual(labels(in: bar), ["A"])
            let counter = ActionCounter()
            b.navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: counter, action: ActionCounter.bump)
            stage.navigation.pushViewController(b, animated: false)
            stage.host.advance(by: 2.0 / 60)
            XCTAssertEqual(bar.items?.count, 2)
            XCTAssertTrue(bar.backItem === a.navigationItem)
            XCTAssertEqual(buttonTitles(in: bar), ["‹ A", "+"])
            XCTAssertEqual(labels(in: bar).filter { $0 == "B" }, ["B"])
            let add = buttons(in: bar).first { $0.title(for: .normal) == "+" }!
            stage.host.click(at: add.convert(CGPoint(x: add.bounds.midX, y: add.bounds.midY), to: nil))
            XCTAssertEqual(counter.count, 1)
            b.title = "Detail"
            XCTAssertTrue(labels(in: bar).contains("Detail"), "the bar follows the controller's title")
            a.navigationItem.backButtonTitle = "List"
            XCTAssertEqual(buttonTitles(in: bar).first, "‹ List")
            let back = buttons(in: bar).first { $0.title(for: .normal) == "‹ List" }!
            stage.host.click(at: back.convert(CGPoint(x: back.bounds.midX, y: back.bounds.midY), to: nil))
            stage.host.advance(by: 0.6)
            XCTAssertTrue(same(stage.navigation.viewControllers, [a]), "the back button pops")
            bar.pushItem(UINavigationItem(title: "x"), animated: false)
            XCTAssertEqual(stage.diagnostics.count, 1, "a controller's bar is not changed directly")
        }
    }

    func testBarTitlesCrossFadeWithThePush() throws {
        try onMain {
            let stage = try NavigationStage()
            let b = stage.b
            stage.navigation.pushViewController(b, animated: true)
            commitNow(stage.host)
            stage.host.advance(by: 0.1)
            let bar = stage.navigation.navigationBar
            let titles = allViews(in: bar).compactMap { $0 as? UILabel }
            let newTitle = titles.first { $0.text == "B" }!, oldTitle = titles.first { $0.text == "A" }!
            let p = systemSpringProgress(0.1)
            XCTAssertEqual(Double(newTitle.superview!.layer.presentation()!.opacity), p, accuracy: 1e-3)
            XCTAssertEqual(Double(oldTitle.superview!.layer.presentation()!.opacity), 1 - p, accuracy: 1e-3)
            stage.host.advance(by: 0.5)
            XCTAssertEqual(labels(in: bar).filter { $0 == "A" }, [], "the old title is gone")
        }
    }
}

/// Every view under `view`, depth first.
@MainActor
func allViews(in view: UIView) -> [UIView] {
    view.subviews.flatMap { [$0] + allViews(in: $0) }
}

@MainActor
func buttons(in view: UIView) -> [UIButton] {
    allViews(in: view).compactMap { $0 as? UIButton }
}

@MainActor
func buttonTitles(in view: UIView) -> [String] {
    buttons(in: view).compactMap { $0.title(for: .normal) }
}

/// The texts of the labels under `view` that are not buttons' title labels.
@MainActor
func labels(in view: UIView) -> [String] {
    allViews(in: view).compactMap { label in
        guard let label = label as? UILabel, !(label.superview is UIButton) else { return nil }
        return label.text
    }
}

/// A controller that fades a badge in alongside its push, through the coordinator.
@MainActor
final class AlongsideController: UIViewController {
    let log: EventLog
    let name: String
    let badge = UIView(frame: CGRect(x: 10, y: 60, width: 20, height: 20))

    init(_ name: String, log: EventLog) {
        self.log = log
        self.name = name
        super.init()
    }

    override func viewDidLoad() {
        badge.alpha = 0
        badge.backgroundColor = .red
        view.addSubview(badge)
    }

    override func viewWillAppear(_ animated: Bool) {
        let log = self.log
        transitionCoordinator?.animate(alongsideTransition: { [badge] _ in badge.alpha = 1 }, completion: { context in
            log.append("coordinator.completion(cancelled: \(context.isCancelled))")
        })
    }
}

@MainActor
final class NavigationDelegateLog: UINavigationControllerDelegate {
    let log: EventLog
    init(log: EventLog) { self.log = log }
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
        log.append("delegate.willShow(\((viewController as? AlongsideController)?.name ?? (viewController as? LoggingController)?.name ?? "?"))")
    }
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        log.append("delegate.didShow(\((viewController as? AlongsideController)?.name ?? (viewController as? LoggingController)?.name ?? "?"))")
    }
}

/// Whether two controller arrays hold the same controllers in the same order.
@MainActor
func same(_ x: [UIViewController], _ y: [UIViewController]) -> Bool {
    x.count == y.count && zip(x, y).allSatisfy { $0 === $1 }
}
