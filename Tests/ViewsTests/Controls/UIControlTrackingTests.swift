import Foundation
import Geometry
import KinescopeTestSupport
import Layers
import Views
import XCTest

/// `UIControl`'s tracking hooks and closure actions: the order of `beginTracking`,
/// `continueTracking`, `endTracking` and `cancelTracking` against the touch events,
/// `isTracking` / `isTouchInside`, a `beginTracking` that declines, and `UIAction`
/// registration rules.
final class UIControlTrackingTests: XCTestCase {
    func testTrackingHooksRunInOrderWithTheEvents() throws {
        ControlFixture.run { fixture in
            let control = TrackingControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
            fixture.window.addSubview(control)
            let events = ControlEventLog(control)
            control.onEvent = { events.entries.last.map { control.calls.append("event:\($0)") } }
            for (event, _) in ControlEventLog.named { control.addAction(UIAction { _ in control.onEvent?() }, for: event) }
            fixture.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 60, y: 20), steps: 2)
            XCTAssertEqual(control.calls, [
                "event:touchDown", "begin(inside: true, tracking: true)",
                "continue(inside: true)", "continue(inside: true)",
                "end(inside: true, tracking: true)", "event:touchUpInside",
            ])
            XCTAssertFalse(control.isTracking)
            XCTAssertFalse(control.isTouchInside)
        }
    }

    func testTouchInsideFollowsTheTrackingMargin() throws {
        ControlFixture.run { fixture in
            let control = TrackingControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
            fixture.window.addSubview(control)
            fixture.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 300, y: 20), steps: 2)
            XCTAssertEqual(control.calls, [
                "begin(inside: true, tracking: true)", "continue(inside: true)", "continue(inside: false)",
                "end(inside: false, tracking: true)",
            ], "x = 165 is within 70 points of the right edge (110); x = 300 is not")
        }
    }

    func testDecliningBeginTrackingStopsTheOtherHooksButNotTheEvents() throws {
        ControlFixture.run { fixture in
            let control = TrackingControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
            control.acceptsTracking = false
            fixture.window.addSubview(control)
            let events = ControlEventLog(control)
            fixture.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 60, y: 20), steps: 2)
            XCTAssertEqual(control.calls, ["begin(inside: true, tracking: true)"])
            XCTAssertEqual(events.entries, ["touchDown", "touchUpInside"])
        }
    }

    func testARecognisedGestureCancelsTracking() throws {
        ControlFixture.run { fixture in
            let control = TrackingControl(frame: CGRect(x: 10, y: 10, width: 200, height: 40))
            control.addGestureRecognizer(UIPanGestureRecognizer(target: control, action: TrackingControl.panned))
            fixture.window.addSubview(control)
            let events = ControlEventLog(control)
            fixture.drag(from: CGPoint(x: 20, y: 20), to: CGPoint(x: 150, y: 20), steps: 6)
            XCTAssertEqual(control.calls.last, "cancel")
            XCTAssertEqual(events.entries.last, "touchCancel")
            XCTAssertFalse(control.isTracking)
        }
    }

    func testClosureActionsAddOnceRemoveByEventAndGoThroughSendAction() throws {
        ControlFixture.run { fixture in
            let control = TrackingControl(frame: CGRect(x: 10, y: 10, width: 100, height: 40))
            fixture.window.addSubview(control)
            var runs: [String] = []
            let action = UIAction(title: "tap") { _ in runs.append("tap") }
            control.addAction(action, for: .touchUpInside)
            control.addAction(action, for: [.touchUpInside, .touchDown])
            fixture.tap(CGPoint(x: 20, y: 20))
            XCTAssertEqual(runs, ["tap", "tap"], "once for touch-down, once for touch-up: no double registration")
            XCTAssertEqual(control.sentActions, ["tap", "tap"], "sendAction(_:) saw both")
            runs = []
            control.removeAction(action, for: .touchDown)
            fixture.tap(CGPoint(x: 20, y: 20))
            XCTAssertEqual(runs, ["tap"], "still registered for touch-up")
            let primary = UIControl(frame: .zero, primaryAction: UIAction { _ in runs.append("primary") })
            primary.sendActions(for: .primaryActionTriggered)
            XCTAssertEqual(runs.last, "primary")
        }
    }

    func testEventRawValuesAreUIKits() {
        XCTAssertEqual(UIControl.Event.menuActionTriggered.rawValue, 1 << 14)
        XCTAssertEqual(UIControl.Event.editingDidBegin.rawValue, 1 << 16)
        XCTAssertEqual(UIControl.Event.editingChanged.rawValue, 1 << 17)
        XCTAssertEqual(UIControl.Event.editingDidEnd.rawValue, 1 << 18)
        XCTAssertEqual(UIControl.Event.editingDidEndOnExit.rawValue, 1 << 19)
        XCTAssertEqual(UIControl.Event.allEditingEvents.rawValue, 0x000F_0000)
        XCTAssertEqual(UIControl.Event.applicationReserved.rawValue, 0x0F00_0000)
        XCTAssertEqual(UIControl.Event.systemReserved.rawValue, 0xF000_0000)
    }

    @MainActor
    final class TrackingControl: UIControl {
        var calls: [String] = []
        var sentActions: [String] = []
        var acceptsTracking = true
        var onEvent: (() -> Void)?

        override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
            calls.append("begin(inside: \(isTouchInside), tracking: \(isTracking))")
            return acceptsTracking
        }

        override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
            calls.append("continue(inside: \(isTouchInside))")
            return true
        }

        override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
            calls.append("end(inside: \(isTouchInside), tracking: \(isTracking))")
        }

        override func cancelTracking(with event: UIEvent?) { calls.append("cancel") }

        override func sendAction(_ action: UIAction) {
            if !action.title.isEmpty { sentActions.append(action.title) }
            super.sendAction(action)
        }

        func panned() {}
    }
}
