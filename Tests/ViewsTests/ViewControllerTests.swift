import Geometry
import Views
import XCTest

/// UIViewController's view loading and appearance callbacks, UIWindow's root view controller,
/// and the responder chain as UIKit documents it: a view's next responder is its controller
/// (for a root view) or its superview; a root view controller's is the window; the window's is
/// the application, which ends the chain.
final class ViewControllerTests: XCTestCase {
    func testViewIsLoadedLazilyOnFirstAccess() throws {
        onMain {
            let log = EventLog()
            let controller = LoggingController(log: log)
            XCTAssertFalse(controller.isViewLoaded)
            XCTAssertNil(controller.viewIfLoaded)
            XCTAssertEqual(log.entries, [])
            let view = controller.view
            XCTAssertTrue(controller.isViewLoaded)
            XCTAssertTrue(controller.viewIfLoaded === view)
            XCTAssertEqual(log.entries, ["loadView", "viewDidLoad"])
            _ = controller.view
            controller.loadViewIfNeeded()
            XCTAssertEqual(log.entries, ["loadView", "viewDidLoad"], "loaded once")
        }
    }

    func testViewDidLoadSeesTheViewThatLoadViewMade() throws {
        onMain {
            let log = EventLog()
            let controller = LoggingController(log: log)
            controller.loadViewIfNeeded()
            XCTAssertTrue(controller.viewSeenInViewDidLoad === controller.view)
            XCTAssertEqual((controller.view as? RecordingView)?.name, "root")
        }
    }

    func testDefaultLoadViewMakesAPlainView() throws {
        onMain {
            let controller = UIViewController()
            XCTAssertNotNil(controller.view)
            XCTAssertTrue(type(of: controller.view!) == UIView.self)
        }
    }

    func testMakeKeyAndVisibleShowsTheRootViewAndCallsAppearanceCallbacksOnce() throws {
        onMain {
            let log = EventLog()
            let controller = LoggingController(log: log)
            let window = makeWindow(width: 200, height: 150)
            XCTAssertTrue(window.isHidden, "UIKit windows start hidden")
            window.rootViewController = controller
            XCTAssertEqual(log.entries, ["loadView", "viewDidLoad"], "setting the root controller loads its view")
            window.makeKeyAndVisible()
            XCTAssertFalse(window.isHidden)
            XCTAssertTrue(window.isKeyWindow)
            XCTAssertTrue(UIApplication.shared.keyWindow === window)
            XCTAssertEqual(log.entries, ["loadView", "viewDidLoad", "viewWillAppear", "viewDidAppear"])
            XCTAssertTrue(controller.view.window === window)
            XCTAssertEqual(controller.view.frame, window.bounds)
            window.makeKeyAndVisible()
            XCTAssertEqual(log.entries.count, 4, "an already visible controller does not appear again")
        }
    }

    func testReplacingTheRootControllerOfAVisibleWindowSwapsViewsWithAppearanceCallbacks() throws {
        onMain {
            let log = EventLog()
            let first = LoggingController(log: log, prefix: "first.")
            let second = LoggingController(log: log, prefix: "second.")
            let window = makeWindow()
            window.rootViewController = first
            window.makeKeyAndVisible()
            log.clear()
            window.rootViewController = second
            XCTAssertNil(first.view.superview)
            XCTAssertTrue(second.view.superview === window)
            XCTAssertEqual(log.entries, [
                "first.viewWillDisappear", "second.loadView", "second.viewDidLoad", "second.viewWillAppear",
                "first.viewDidDisappear", "second.viewDidAppear",
            ])
        }
    }

    func testRootControllerOfAHiddenWindowDoesNotAppear() throws {
        onMain {
            let log = EventLog()
            let window = makeWindow()
            window.rootViewController = LoggingController(log: log)
            window.rootViewController = LoggingController(log: log, prefix: "second.")
            XCTAssertFalse(log.entries.contains { $0.hasSuffix("Appear") || $0.hasSuffix("Disappear") })
        }
    }

    func testResponderChainRunsViewControllerWindowApplication() throws {
        onMain {
            let controller = UIViewController()
            let window = makeWindow()
            window.rootViewController = controller
            let child = UIView(frame: .zero), grandchild = UIView(frame: .zero)
            controller.view.addSubview(child)
            child.addSubview(grandchild)
            XCTAssertTrue(grandchild.next === child)
            XCTAssertTrue(child.next === controller.view)
            XCTAssertTrue(controller.view.next === controller)
            XCTAssertTrue(controller.next === window)
            XCTAssertTrue(window.next === UIApplication.shared)
            XCTAssertNil(UIApplication.shared.next)
        }
    }

    func testUnhandledTouchesTravelFromTheRootViewToTheController() throws {
        onMain {
            let log = EventLog()
            let controller = TouchLoggingController(log: log)
            let window = makeWindow()
            window.rootViewController = controller
            window.makeKeyAndVisible()
            let plain = UIView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
            controller.view.addSubview(plain)
            window.sendTouch(.began, at: CGPoint(x: 20, y: 20), timestamp: 1)
            window.sendTouch(.ended, at: CGPoint(x: 20, y: 20), timestamp: 1.1)
            XCTAssertEqual(log.entries, ["controller.touchesBegan", "controller.touchesEnded"])
        }
    }
}

@MainActor
private final class LoggingController: UIViewController {
    let log: EventLog
    let prefix: String
    private(set) var viewSeenInViewDidLoad: UIView?

    init(log: EventLog, prefix: String = "") {
        self.log = log
        self.prefix = prefix
        super.init()
    }

    override func loadView() {
        log.append(prefix + "loadView")
        view = RecordingView(name: "root", frame: CGRect(x: 0, y: 0, width: 50, height: 50))
    }
    override func viewDidLoad() {
        log.append(prefix + "viewDidLoad")
        viewSeenInViewDidLoad = viewIfLoaded
    }
    override func viewWillAppear(_ animated: Bool) { log.append(prefix + "viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { log.append(prefix + "viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.append(prefix + "viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.append(prefix + "viewDidDisappear") }
}

@MainActor
private final class TouchLoggingController: UIViewController {
    let log: EventLog
    init(log: EventLog) {
        self.log = log
        super.init()
    }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("controller.touchesBegan") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("controller.touchesEnded") }
}
