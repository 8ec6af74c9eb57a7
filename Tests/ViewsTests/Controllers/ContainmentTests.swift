import Geometry
import Layers
import Views
import XCTest

/// Child view controllers: the parent/children bookkeeping, the willMove/didMove calls UIKit
/// makes, the moving flags, and appearance transitions forwarded to children or driven by hand.
final class ContainmentTests: XCTestCase {
    func testAddChildCallsWillMoveAndRemoveFromParentCallsDidMoveNil() throws {
        onMain {
            let log = EventLog()
            let parent = ContainedController(log: log, name: "parent")
            let child = ContainedController(log: log, name: "child")
            parent.addChild(child)
            XCTAssertEqual(log.entries, ["child.willMove(parent) movingTo=true"])
            XCTAssertTrue(child.parent === parent)
            XCTAssertEqual(parent.children.count, 1)
            XCTAssertTrue(child.isMovingToParent)
            child.didMove(toParent: parent)
            XCTAssertFalse(child.isMovingToParent, "didMove(toParent:) ends the move")
            log.clear()
            child.willMove(toParent: nil)
            XCTAssertTrue(child.isMovingFromParent)
            child.removeFromParent()
            XCTAssertEqual(log.entries, ["child.willMove(nil) movingFrom=true", "child.didMove(nil) movingFrom=true"])
            XCTAssertNil(child.parent)
            XCTAssertTrue(parent.children.isEmpty)
            XCTAssertFalse(child.isMovingFromParent)
        }
    }

    func testAddingAChildOfAnotherParentMovesItAndCyclesAreRefused() throws {
        onMain {
            var diagnostics: [String] = []
            let engine = AnimationEngine(clock: VirtualClock())
            engine.diagnosticHandler = { diagnostics.append($0) }
            engine.makeCurrent()
            defer { AnimationEngine.resignCurrent() }
            let log = EventLog()
            let first = ContainedController(log: log, name: "first"), second = ContainedController(log: log, name: "second")
            let child = ContainedController(log: log, name: "child")
            first.addChild(child)
            log.clear()
            second.addChild(child)
            XCTAssertEqual(log.entries, ["child.didMove(nil) movingFrom=false", "child.willMove(second) movingTo=true"])
            XCTAssertTrue(first.children.isEmpty)
            XCTAssertTrue(child.parent === second)
            child.addChild(second)
            XCTAssertTrue(child.children.isEmpty, "a controller cannot contain its own parent")
            XCTAssertEqual(diagnostics.count, 1)
            XCTAssertTrue(diagnostics.first?.contains("ContainedController") ?? false, "the diagnostic names the controllers")
            second.addChild(second)
            XCTAssertEqual(diagnostics.count, 2)
        }
    }

    func testAppearanceTransitionsCarryTheAnimatedFlagAndRunOncePerState() throws {
        onMain {
            let log = EventLog()
            let controller = ContainedController(log: log, name: "c")
            controller.beginAppearanceTransition(true, animated: true)
            controller.beginAppearanceTransition(true, animated: false)
            controller.endAppearanceTransition()
            controller.endAppearanceTransition()
            controller.beginAppearanceTransition(false, animated: false)
            controller.endAppearanceTransition()
            XCTAssertEqual(log.entries, [
                "c.viewWillAppear(true)", "c.viewDidAppear(true)", "c.viewWillDisappear(false)", "c.viewDidDisappear(false)",
            ])
        }
    }

    func testAnAppearingControllerCanBeTurnedBackAsInACancelledTransition() throws {
        onMain {
            let log = EventLog()
            let controller = ContainedController(log: log, name: "c")
            controller.beginAppearanceTransition(true, animated: true)
            controller.beginAppearanceTransition(false, animated: true)
            controller.endAppearanceTransition()
            XCTAssertEqual(log.entries, ["c.viewWillAppear(true)", "c.viewWillDisappear(true)", "c.viewDidDisappear(true)"])
        }
    }

    func testAppearanceIsForwardedToChildrenWhoseViewsAreInsideUnlessTurnedOff() throws {
        onMain {
            let log = EventLog()
            let parent = ContainedController(log: log, name: "parent")
            let shown = ContainedController(log: log, name: "shown"), offscreen = ContainedController(log: log, name: "off")
            for child in [shown, offscreen] { parent.addChild(child) }
            parent.view.addSubview(shown.view)
            _ = offscreen.view
            log.clear()
            parent.beginAppearanceTransition(true, animated: false)
            parent.endAppearanceTransition()
            XCTAssertEqual(log.entries, [
                "parent.viewWillAppear(false)", "shown.viewWillAppear(false)", "parent.viewDidAppear(false)", "shown.viewDidAppear(false)",
            ])

            log.clear()
            parent.forwards = false
            parent.beginAppearanceTransition(false, animated: true)
            parent.endAppearanceTransition()
            XCTAssertEqual(log.entries, ["parent.viewWillDisappear(true)", "parent.viewDidDisappear(true)"])
        }
    }

    func testWindowRootContainerForwardsToItsChild() throws {
        onMain {
            let log = EventLog()
            let parent = ContainedController(log: log, name: "parent")
            let child = ContainedController(log: log, name: "child")
            parent.addChild(child)
            parent.view.addSubview(child.view)
            child.didMove(toParent: parent)
            let window = makeWindow()
            window.rootViewController = parent
            log.clear()
            window.makeKeyAndVisible()
            XCTAssertEqual(log.entries, [
                "parent.viewWillAppear(false)", "child.viewWillAppear(false)", "parent.viewDidAppear(false)", "child.viewDidAppear(false)",
            ])
        }
    }
}

@MainActor
private final class ContainedController: UIViewController {
    let log: EventLog
    let name: String
    var forwards = true

    init(log: EventLog, name: String) {
        self.log = log
        self.name = name
        super.init()
    }

    override var shouldAutomaticallyForwardAppearanceMethods: Bool { forwards }

    private func label(_ controller: UIViewController?) -> String {
        (controller as? ContainedController)?.name ?? "nil"
    }

    override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        log.append(parent == nil ? "\(name).willMove(nil) movingFrom=\(isMovingFromParent)" : "\(name).willMove(\(label(parent))) movingTo=\(isMovingToParent)")
    }
    override func didMove(toParent parent: UIViewController?) {
        log.append(parent == nil ? "\(name).didMove(nil) movingFrom=\(isMovingFromParent)" : "\(name).didMove(\(label(parent)))")
        super.didMove(toParent: parent)
    }
    override func viewWillAppear(_ animated: Bool) { log.append("\(name).viewWillAppear(\(animated))") }
    override func viewDidAppear(_ animated: Bool) { log.append("\(name).viewDidAppear(\(animated))") }
    override func viewWillDisappear(_ animated: Bool) { log.append("\(name).viewWillDisappear(\(animated))") }
    override func viewDidDisappear(_ animated: Bool) { log.append("\(name).viewDidDisappear(\(animated))") }
}
