import Kinescope
import XCTest

/// A 200×150 headless window at 60 frames per second showing a navigation controller whose
/// root is `a` (with `b` pushed without animation when asked, the log then cleared), rendered
/// once; diagnostics are collected.
@MainActor
final class NavigationStage {
    let host: HeadlessHost
    let window: UIWindow
    let navigation: UINavigationController
    let log = EventLog()
    let a: LoggingController
    let b: LoggingController
    var diagnostics: [String] = []

    init(pushingB: Bool = false, delegate: UINavigationControllerDelegate? = nil) throws {
        a = LoggingController("a", log: log)
        b = LoggingController("b", log: log)
        host = try HeadlessHost(size: CGSize(width: 200, height: 150), framesPerSecond: 60)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
        navigation = UINavigationController(rootViewController: a)
        window.rootViewController = navigation
        host.show(window)
        host.runLoop.engine.diagnosticHandler = { [unowned self] in self.diagnostics.append($0) }
        if pushingB {
            navigation.pushViewController(b, animated: false)
            host.advance(by: 2.0 / 60)
            log.clear()
        }
        navigation.delegate = delegate
    }

    /// One frame of virtual time.
    func frame() { host.advance(by: 1.0 / 60) }
}

/// A controller that logs its appearance and containment calls as "name.call(argument)", with
/// the reason of an appearance change ("movingTo", "presented"…) after it.
@MainActor
final class LoggingController: UIViewController {
    let log: EventLog
    let name: String

    init(_ name: String, log: EventLog) {
        self.name = name
        self.log = log
        super.init()
        title = name.uppercased()
    }

    override func loadView() {
        view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
        view.backgroundColor = .white
    }

    private func parentName(_ parent: UIViewController?) -> String {
        parent == nil ? "nil" : parent is UINavigationController ? "nav" : "other"
    }

    override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        log.append("\(name).willMove(\(parentName(parent)))")
    }
    override func didMove(toParent parent: UIViewController?) {
        super.didMove(toParent: parent)
        log.append("\(name).didMove(\(parentName(parent)))")
    }
    /// " presented" / " dismissed" while `isBeingPresented` / `isBeingDismissed`.
    private var marks: String { (isBeingPresented ? " presented" : "") + (isBeingDismissed ? " dismissed" : "") }
    override func viewWillAppear(_ animated: Bool) {
        log.append("\(name).viewWillAppear(\(animated))\(isMovingToParent ? " movingTo" : "")\(marks)")
    }
    override func viewDidAppear(_ animated: Bool) { log.append("\(name).viewDidAppear(\(animated))\(marks)") }
    override func viewWillDisappear(_ animated: Bool) {
        log.append("\(name).viewWillDisappear(\(animated))\(isMovingFromParent ? " movingFrom" : "")\(marks)")
    }
    override func viewDidDisappear(_ animated: Bool) { log.append("\(name).viewDidDisappear(\(animated))\(marks)") }
}

/// What happened, in order.
@MainActor
final class EventLog {
    private(set) var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
    func clear() { entries = [] }
}

/// UIKit's system spring progress at `t` seconds: critically damped, ω = √(1000 / 3).
func systemSpringProgress(_ t: Double) -> Double {
    let omega = (1000.0 / 3).squareRoot()
    return 1 - exp(-omega * t) * (1 + omega * t)
}
