import Geometry
import Graphics
import Layers
import Raster
import Views
import XCTest

/// Input through `UIWindow.sendTouch` and `sendKey`: touches go to the view hit when they
/// began and travel up the responder chain when unhandled; controls send their events;
/// gesture recognisers see touches first and cancel the view's when they recognise.
final class TouchDeliveryTests: XCTestCase {
    func testTouchPhasesGoToTheViewHitWhenTheTouchBegan() throws {
        onMain {
            let log = EventLog()
            let window = visibleWindow()
            let target = RecordingView(name: "target", frame: CGRect(x: 50, y: 40, width: 60, height: 30), log: log)
            let other = RecordingView(name: "other", frame: CGRect(x: 0, y: 100, width: 200, height: 50), log: log)
            window.addSubview(target)
            window.addSubview(other)
            log.clear()
            window.sendTouch(.began, at: CGPoint(x: 60, y: 50), timestamp: 1)
            window.sendTouch(.moved, at: CGPoint(x: 70, y: 120), timestamp: 1.05)
            window.sendTouch(.ended, at: CGPoint(x: 75, y: 125), timestamp: 1.1)
            XCTAssertEqual(log.entries, ["target.touchesBegan", "target.touchesMoved", "target.touchesEnded"],
                           "moving over another view does not hand the touch over")
            XCTAssertEqual(target.touchLocations, [CGPoint(x: 10, y: 10), CGPoint(x: 20, y: 80), CGPoint(x: 25, y: 85)],
                           "locations are in the view's own coordinates")
        }
    }

    func testTouchLocationsFollowTheViewsTransform() throws {
        onMain {
            let window = visibleWindow()
            let target = RecordingView(name: "target", frame: CGRect(x: 50, y: 50, width: 100, height: 50))
            target.transform = CGAffineTransform(scaleX: 2, y: 2)
            window.addSubview(target)
            window.sendTouch(.began, at: CGPoint(x: 100, y: 75), timestamp: 0)
            window.sendTouch(.ended, at: CGPoint(x: 120, y: 85), timestamp: 0.1)
            XCTAssertEqual(target.touchLocations, [CGPoint(x: 50, y: 25), CGPoint(x: 60, y: 30)])
        }
    }

    func testMovesAndEndsWithoutABeganTouchAreIgnored() throws {
        onMain {
            let log = EventLog()
            let window = visibleWindow()
            window.addSubview(RecordingView(name: "view", frame: window.bounds, log: log))
            log.clear()
            window.sendTouch(.moved, at: CGPoint(x: 10, y: 10), timestamp: 0)
            window.sendTouch(.ended, at: CGPoint(x: 10, y: 10), timestamp: 0)
            XCTAssertEqual(log.entries, [])
        }
    }

    func testHiddenWindowGetsNoTouches() throws {
        onMain {
            let log = EventLog()
            let window = makeWindow()
            window.addSubview(RecordingView(name: "view", frame: window.bounds, log: log))
            log.clear()
            window.sendTouch(.began, at: CGPoint(x: 10, y: 10), timestamp: 0)
            window.sendTouch(.ended, at: CGPoint(x: 10, y: 10), timestamp: 0)
            XCTAssertEqual(log.entries, [])
        }
    }

    func testUnhandledTouchesTravelUpToTheNearestHandlingSuperview() throws {
        onMain {
            let log = EventLog()
            let window = visibleWindow()
            let handler = RecordingView(name: "handler", frame: CGRect(x: 0, y: 0, width: 100, height: 100), log: log)
            let plain = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
            let imageView = UIImageView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            window.addSubview(handler)
            handler.addSubview(plain)
            plain.addSubview(imageView)
            log.clear()
            window.sendTouch(.began, at: CGPoint(x: 20, y: 20), timestamp: 0)
            window.sendTouch(.ended, at: CGPoint(x: 20, y: 20), timestamp: 0.1)
            XCTAssertEqual(log.entries, ["handler.touchesBegan", "handler.touchesEnded"])
            XCTAssertEqual(handler.touchLocations, [CGPoint(x: 20, y: 20), CGPoint(x: 20, y: 20)])
        }
    }

    func testControlSendsTouchDownAndTouchUpInside() throws {
        onMain {
            let window = visibleWindow()
            let control = UIControl(frame: CGRect(x: 20, y: 20, width: 80, height: 40))
            window.addSubview(control)
            let recorder = ControlEventRecorder(control)
            window.sendTouch(.began, at: CGPoint(x: 30, y: 30), timestamp: 0)
            XCTAssertTrue(control.isTracking)
            XCTAssertTrue(control.isHighlighted)
            window.sendTouch(.moved, at: CGPoint(x: 40, y: 35), timestamp: 0.05)
            window.sendTouch(.ended, at: CGPoint(x: 40, y: 35), timestamp: 0.1)
            XCTAssertFalse(control.isTracking)
            XCTAssertFalse(control.isHighlighted)
            XCTAssertEqual(recorder.events, [.touchDown, .touchDragInside, .touchUpInside],
                           "primaryActionTriggered is for buttons, not every control")
        }
    }

    func testButtonSendsPrimaryActionTriggeredAfterTouchUpInside() throws {
        onMain {
            let window = visibleWindow()
            let button = UIButton(frame: CGRect(x: 20, y: 20, width: 80, height: 40))
            window.addSubview(button)
            let recorder = ControlEventRecorder(button)
            tap(window, at: CGPoint(x: 30, y: 30), time: 0)
            XCTAssertEqual(recorder.events, [.touchDown, .touchUpInside, .primaryActionTriggered])
        }
    }

    func testSecondQuickTouchDownIsAlsoATouchDownRepeat() throws {
        onMain {
            let window = visibleWindow()
            let control = UIControl(frame: CGRect(x: 20, y: 20, width: 80, height: 40))
            window.addSubview(control)
            let recorder = ControlEventRecorder(control)
            tap(window, at: CGPoint(x: 30, y: 30), time: 0)
            tap(window, at: CGPoint(x: 31, y: 30), time: 0.2)
            XCTAssertEqual(recorder.events, [.touchDown, .touchUpInside, .touchDown, .touchDownRepeat, .touchUpInside])
        }
    }

    func testControlSendsTouchUpOutsideWhenReleasedFarAway() throws {
        onMain {
            let window = visibleWindow(width: 400, height: 300)
            let control = UIControl(frame: CGRect(x: 20, y: 20, width: 80, height: 40))
            window.addSubview(control)
            let recorder = ControlEventRecorder(control)
            window.sendTouch(.began, at: CGPoint(x: 30, y: 30), timestamp: 0)
            window.sendTouch(.moved, at: CGPoint(x: 300, y: 250), timestamp: 0.05)
            XCTAssertFalse(control.isHighlighted, "dragged out: no longer highlighted")
            window.sendTouch(.ended, at: CGPoint(x: 300, y: 250), timestamp: 0.1)
            XCTAssertEqual(recorder.events, [.touchDown, .touchDragExit, .touchDragOutside, .touchUpOutside])
            XCTAssertFalse(recorder.events.contains(.touchUpInside))
        }
    }

    func testControlSendsTouchCancelWhenTheTouchIsCancelled() throws {
        onMain {
            let window = visibleWindow()
            let control = UIControl(frame: CGRect(x: 20, y: 20, width: 80, height: 40))
            window.addSubview(control)
            let recorder = ControlEventRecorder(control)
            window.sendTouch(.began, at: CGPoint(x: 30, y: 30), timestamp: 0)
            window.sendTouch(.cancelled, at: CGPoint(x: 30, y: 30), timestamp: 0.1)
            XCTAssertEqual(recorder.events, [.touchDown, .touchCancel])
            XCTAssertFalse(control.isTracking)
        }
    }

    func testDisabledControlSendsNothing() throws {
        onMain {
            let window = visibleWindow()
            let control = UIControl(frame: CGRect(x: 20, y: 20, width: 80, height: 40))
            control.isEnabled = false
            window.addSubview(control)
            let recorder = ControlEventRecorder(control)
            window.sendTouch(.began, at: CGPoint(x: 30, y: 30), timestamp: 0)
            window.sendTouch(.ended, at: CGPoint(x: 30, y: 30), timestamp: 0.1)
            XCTAssertEqual(recorder.events, [])
        }
    }

    func testButtonCallsTargetActionMethodsOnTouchUpInside() throws {
        onMain {
            let window = visibleWindow()
            let button = UIButton(type: .system)
            button.frame = CGRect(x: 20, y: 20, width: 80, height: 40)
            window.addSubview(button)
            let target = ButtonTarget()
            button.addTarget(target, action: ButtonTarget.tapped, for: .touchUpInside)
            button.addTarget(target, action: ButtonTarget.tappedWithSender, for: .touchUpInside)
            button.addTarget(target, action: ButtonTarget.pressed, for: .touchDown)
            tap(window, at: CGPoint(x: 50, y: 40), time: 0)
            XCTAssertEqual(target.calls, ["pressed", "tapped", "tappedWithSender"])
            XCTAssertTrue(target.sender === button)
            tap(window, at: CGPoint(x: 5, y: 5), time: 10)
            XCTAssertEqual(target.calls.count, 3, "a tap elsewhere does not press the button")
        }
    }

    func testRemovedTargetsAndReleasedTargetsAreNotCalled() throws {
        onMain {
            let window = visibleWindow()
            let button = UIButton(frame: CGRect(x: 20, y: 20, width: 80, height: 40))
            window.addSubview(button)
            let kept = ButtonTarget()
            var released: ButtonTarget? = ButtonTarget()
            weak let releasedReference = released
            button.addTarget(kept, action: ButtonTarget.tapped, for: .touchUpInside)
            button.addTarget(released!, action: ButtonTarget.tapped, for: .touchUpInside)
            released = nil
            XCTAssertNil(releasedReference, "targets are held weakly")
            tap(window, at: CGPoint(x: 50, y: 40), time: 0)
            XCTAssertEqual(kept.calls, ["tapped"])
            button.removeTarget(kept, for: .touchUpInside)
            tap(window, at: CGPoint(x: 50, y: 40), time: 10)
            XCTAssertEqual(kept.calls, ["tapped"])
        }
    }

    func testButtonShowsTheHighlightedImageWhileTouched() throws {
        onMain {
            let window = visibleWindow()
            let button = UIButton(frame: CGRect(x: 20, y: 20, width: 80, height: 40))
            let normal = UIImage(cgImage: CGImage(bitmap: Bitmap(width: 2, height: 2)))
            let highlighted = UIImage(cgImage: CGImage(bitmap: Bitmap(width: 3, height: 3)))
            button.setImage(normal, for: .normal)
            button.setImage(highlighted, for: .highlighted)
            window.addSubview(button)
            XCTAssertTrue(button.currentImage === normal)
            window.sendTouch(.began, at: CGPoint(x: 50, y: 40), timestamp: 0)
            XCTAssertTrue(button.currentImage === highlighted)
            window.sendTouch(.ended, at: CGPoint(x: 50, y: 40), timestamp: 0.1)
            XCTAssertTrue(button.currentImage === normal)
        }
    }

    func testUIActionHandlersRunForTheirEvents() throws {
        onMain {
            let window = visibleWindow()
            let button = UIButton(frame: CGRect(x: 20, y: 20, width: 80, height: 40))
            window.addSubview(button)
            let log = EventLog()
            button.addAction(UIAction(title: "go") { log.append($0.title) }, for: .primaryActionTriggered)
            tap(window, at: CGPoint(x: 50, y: 40), time: 0)
            XCTAssertEqual(log.entries, ["go"])
        }
    }

    func testTapRecognizerFiresAndCancelsTheViewsTouches() throws {
        onMain {
            let log = EventLog()
            let window = visibleWindow()
            let view = RecordingView(name: "view", frame: CGRect(x: 0, y: 0, width: 100, height: 100), log: log)
            window.addSubview(view)
            let handler = GestureHandler(log: log)
            let tapRecognizer = UITapGestureRecognizer(target: handler, action: GestureHandler.handle)
            view.addGestureRecognizer(tapRecognizer)
            XCTAssertTrue(tapRecognizer.view === view)
            log.clear()
            tap(window, at: CGPoint(x: 30, y: 40), time: 0)
            XCTAssertEqual(log.entries, ["view.touchesBegan", "tap", "view.touchesCancelled"])
            XCTAssertEqual(handler.locations, [CGPoint(x: 30, y: 40)])
            XCTAssertEqual(tapRecognizer.state, .possible, "reset after the gesture")
        }
    }

    func testTapRecognizerThatDoesNotCancelLetsTheViewEndItsTouches() throws {
        onMain {
            let log = EventLog()
            let window = visibleWindow()
            let view = RecordingView(name: "view", frame: CGRect(x: 0, y: 0, width: 100, height: 100), log: log)
            window.addSubview(view)
            let handler = GestureHandler(log: log)
            let tapRecognizer = UITapGestureRecognizer(target: handler, action: GestureHandler.handle)
            tapRecognizer.cancelsTouchesInView = false
            view.addGestureRecognizer(tapRecognizer)
            log.clear()
            tap(window, at: CGPoint(x: 30, y: 40), time: 0)
            XCTAssertEqual(log.entries, ["view.touchesBegan", "tap", "view.touchesEnded"])
        }
    }

    func testTapRecognizerFailsWhenTheTouchWanders() throws {
        onMain {
            let log = EventLog()
            let window = visibleWindow()
            let view = RecordingView(name: "view", frame: CGRect(x: 0, y: 0, width: 100, height: 100), log: log)
            window.addSubview(view)
            let handler = GestureHandler(log: log)
            view.addGestureRecognizer(UITapGestureRecognizer(target: handler, action: GestureHandler.handle))
            log.clear()
            window.sendTouch(.began, at: CGPoint(x: 10, y: 10), timestamp: 0)
            window.sendTouch(.moved, at: CGPoint(x: 40, y: 10), timestamp: 0.05)
            window.sendTouch(.ended, at: CGPoint(x: 40, y: 10), timestamp: 0.1)
            XCTAssertEqual(log.entries, ["view.touchesBegan", "view.touchesMoved", "view.touchesEnded"])
            tap(window, at: CGPoint(x: 10, y: 10), time: 5)
            XCTAssertEqual(log.entries.suffix(3), ["view.touchesBegan", "tap", "view.touchesCancelled"], "the next tap is recognised again")
        }
    }

    func testRecognizerOnAnAncestorSeesTouchesOnDescendants() throws {
        onMain {
            let log = EventLog()
            let window = visibleWindow()
            let container = UIView(frame: CGRect(x: 5, y: 5, width: 150, height: 140))
            let leaf = RecordingView(name: "leaf", frame: CGRect(x: 10, y: 10, width: 20, height: 20), log: log)
            window.addSubview(container)
            container.addSubview(leaf)
            let handler = GestureHandler(log: log)
            container.addGestureRecognizer(UITapGestureRecognizer(target: handler, action: GestureHandler.handle))
            log.clear()
            tap(window, at: CGPoint(x: 20, y: 20), time: 0)
            XCTAssertEqual(log.entries, ["leaf.touchesBegan", "tap", "leaf.touchesCancelled"])
            XCTAssertEqual(handler.locations, [CGPoint(x: 20, y: 20)])
            XCTAssertEqual(handler.locationsInRecognizerView, [CGPoint(x: 15, y: 15)])
        }
    }

    func testDisabledRecognizerSeesNothing() throws {
        onMain {
            let log = EventLog()
            let window = visibleWindow()
            let view = RecordingView(name: "view", frame: window.bounds, log: log)
            window.addSubview(view)
            let handler = GestureHandler(log: log)
            let recognizer = UITapGestureRecognizer(target: handler, action: GestureHandler.handle)
            recognizer.isEnabled = false
            view.addGestureRecognizer(recognizer)
            log.clear()
            tap(window, at: CGPoint(x: 15, y: 15), time: 0)
            XCTAssertEqual(log.entries, ["view.touchesBegan", "view.touchesEnded"])
        }
    }

    func testQuickTapsCountUpAndADoubleTapRecognizerFiresOnTheSecond() throws {
        onMain {
            let log = EventLog()
            let window = visibleWindow()
            let view = TapCountView(frame: window.bounds)
            window.addSubview(view)
            let handler = GestureHandler(log: log)
            let doubleTap = UITapGestureRecognizer(target: handler, action: GestureHandler.handle)
            doubleTap.numberOfTapsRequired = 2
            doubleTap.cancelsTouchesInView = false
            view.addGestureRecognizer(doubleTap)
            tap(window, at: CGPoint(x: 50, y: 50), time: 10)
            XCTAssertEqual(log.entries, [], "one tap is not a double tap")
            tap(window, at: CGPoint(x: 53, y: 52), time: 10.25)
            XCTAssertEqual(log.entries, ["tap"])
            tap(window, at: CGPoint(x: 50, y: 50), time: 20)
            tap(window, at: CGPoint(x: 50, y: 50), time: 21)
            XCTAssertEqual(log.entries, ["tap"], "taps a second apart are two single taps")
            tap(window, at: CGPoint(x: 50, y: 50), time: 30)
            tap(window, at: CGPoint(x: 90, y: 50), time: 30.1)
            XCTAssertEqual(log.entries, ["tap"], "taps far apart are two single taps")
            XCTAssertEqual(view.tapCounts, [1, 2, 1, 1, 1, 1])
        }
    }

    func testBecomingFirstResponderAsksTheCurrentOneToResign() throws {
        onMain {
            let window = visibleWindow()
            let first = KeyView(frame: .zero), second = KeyView(frame: .zero)
            window.addSubview(first)
            window.addSubview(second)
            XCTAssertTrue(first.becomeFirstResponder())
            first.refusesToResign = true
            XCTAssertFalse(second.becomeFirstResponder(), "the current first responder refused")
            XCTAssertTrue(first.isFirstResponder)
            first.refusesToResign = false
            XCTAssertTrue(second.becomeFirstResponder())
            XCTAssertEqual(first.resignCount, 2)
            XCTAssertFalse(first.isFirstResponder)
            XCTAssertTrue(second.isFirstResponder)
        }
    }

    func testFirstResponderRemovedFromTheWindowNoLongerGetsKeys() throws {
        onMain {
            let log = EventLog()
            let window = visibleWindow()
            let controller = KeyLoggingController(log: log)
            window.rootViewController = controller
            let container = UIView(frame: .zero)
            let field = KeyView(frame: .zero)
            field.log = log
            container.addSubview(field)
            controller.view.addSubview(container)
            XCTAssertTrue(field.becomeFirstResponder())
            container.removeFromSuperview()
            XCTAssertFalse(field.isFirstResponder)
            window.sendKey(UIKey(keysym: 0x61, characters: "a"), isDown: true)
            XCTAssertEqual(log.entries, ["controller.keyDown(97)"])
        }
    }

    func testAddingARecognizerToAnotherViewMovesIt() throws {
        onMain {
            let first = UIView(frame: .zero), second = UIView(frame: .zero)
            let recognizer = UITapGestureRecognizer()
            first.addGestureRecognizer(recognizer)
            second.addGestureRecognizer(recognizer)
            XCTAssertTrue(recognizer.view === second)
            XCTAssertNil(first.gestureRecognizers)
            XCTAssertEqual(second.gestureRecognizers?.count, 1)
            second.removeGestureRecognizer(recognizer)
            XCTAssertNil(recognizer.view)
        }
    }

    func testKeysGoToTheFirstResponderAndUpTheChain() throws {
        onMain {
            let log = EventLog()
            let window = visibleWindow()
            let controller = KeyLoggingController(log: log)
            window.rootViewController = controller
            let field = KeyView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            field.log = log
            let loose = KeyView(frame: .zero)
            XCTAssertFalse(loose.becomeFirstResponder(), "a view outside a window cannot become first responder")
            XCTAssertFalse(UIView(frame: .zero).becomeFirstResponder(), "plain views refuse")
            controller.view.addSubview(field)
            XCTAssertTrue(field.becomeFirstResponder())
            XCTAssertTrue(field.isFirstResponder)
            let a = UIKey(keysym: 0x61, characters: "a")
            let escape = UIKey(keysym: 0xFF1B, characters: "")
            window.sendKey(a, isDown: true)
            window.sendKey(escape, isDown: true)
            window.sendKey(a, isDown: false)
            XCTAssertEqual(log.entries, ["field.keyDown(a)", "controller.keyDown(65307)", "field.keyUp(a)"],
                           "the field handles letters; escape travels up to the controller")
            XCTAssertTrue(field.resignFirstResponder())
            XCTAssertFalse(field.isFirstResponder)
            log.clear()
            window.sendKey(a, isDown: true)
            XCTAssertEqual(log.entries, ["controller.keyDown(97)"], "without a first responder keys go to the root view")
        }
    }
}

/// Registers for every control event one at a time, so the events arrive in the order sent.
@MainActor
private final class ControlEventRecorder {
    private(set) var events: [UIControl.Event] = []
    private static let all: [UIControl.Event] = [
        .touchDown, .touchDownRepeat, .touchDragInside, .touchDragOutside, .touchDragEnter, .touchDragExit,
        .touchUpInside, .touchUpOutside, .touchCancel, .valueChanged, .primaryActionTriggered,
    ]

    init(_ control: UIControl) {
        for event in Self.all {
            control.addAction(UIAction { [weak self] _ in self?.events.append(event) }, for: event)
        }
    }
}

@MainActor
private final class ButtonTarget {
    private(set) var calls: [String] = []
    private(set) var sender: AnyObject?
    func tapped() { calls.append("tapped") }
    func pressed() { calls.append("pressed") }
    func tappedWithSender(_ sender: Any) {
        calls.append("tappedWithSender")
        self.sender = sender as AnyObject
    }
}

@MainActor
private final class GestureHandler {
    let log: EventLog
    private(set) var locations: [CGPoint] = []
    private(set) var locationsInRecognizerView: [CGPoint] = []
    init(log: EventLog) { self.log = log }
    func handle(_ recognizer: UIGestureRecognizer) {
        log.append("tap")
        XCTAssertEqual(recognizer.state, .ended)
        locations.append(recognizer.location(in: nil))
        locationsInRecognizerView.append(recognizer.location(in: recognizer.view))
    }
}

@MainActor
private final class TapCountView: UIView {
    private(set) var tapCounts: [Int] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        tapCounts.append(touches.first?.tapCount ?? 0)
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
}

/// Accepts first-responder status (and gives it up unless `refusesToResign`) and handles keys
/// that type letters.
@MainActor
private final class KeyView: UIView {
    var log: EventLog?
    var refusesToResign = false
    private(set) var resignCount = 0
    override var canBecomeFirstResponder: Bool { true }
    override func resignFirstResponder() -> Bool {
        resignCount += 1
        return refusesToResign ? false : super.resignFirstResponder()
    }
    override func keyDown(_ key: UIKey) {
        guard !key.characters.isEmpty else { return super.keyDown(key) }
        log?.append("field.keyDown(\(key.characters))")
    }
    override func keyUp(_ key: UIKey) {
        guard !key.characters.isEmpty else { return super.keyUp(key) }
        log?.append("field.keyUp(\(key.characters))")
    }
}

@MainActor
private final class KeyLoggingController: UIViewController {
    let log: EventLog
    init(log: EventLog) {
        self.log = log
        super.init()
    }
    override func keyDown(_ key: UIKey) { log.append("controller.keyDown(\(key.keysym))") }
}

@MainActor
private func visibleWindow(width: CGFloat = 200, height: CGFloat = 150) -> UIWindow {
    let window = makeWindow(width: width, height: height)
    window.isHidden = false
    return window
}

@MainActor
private func tap(_ window: UIWindow, at point: CGPoint, time: TimeInterval) {
    window.sendTouch(.began, at: point, timestamp: time)
    window.sendTouch(.ended, at: point, timestamp: time + 0.05)
}
