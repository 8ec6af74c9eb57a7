import Kinescope
import KinescopeTestSupport
import Views
import XCTest

/// UIAlertController on a headless host: the alert and action-sheet layouts (goldens), the
/// alert's scale-and-fade and the sheet's slide sampled against the system spring, the
/// dismissal's fade, the order of dismissal and handler, the cancel rules, the dimming tap,
/// highlighting, disabled actions and text inputs.
final class AlertControllerTests: XCTestCase {
    /// Text is drawn with float coverage: a channel may differ by 2 on a few edge pixels
    /// between FreeType builds.
    static let textTolerance = ImageTolerance(perChannel: 2, maxDifferingPixels: 40)

    func testAlertWithTwoActionsIsA270PointCardWithTheButtonsInARowCancelLeft() throws {
        try onMain {
            let stage = try makeAlertStage()
            let alert = UIAlertController(title: "Delete photo?", message: "This cannot be undone.", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Delete", style: .destructive))
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            XCTAssertEqual(alert.modalPresentationStyle, .custom)
            stage.present(alert)
            XCTAssertEqual(alert.view.frame.width, 270)
            XCTAssertEqual(alert.view.frame.midX, 160, accuracy: 0.5)
            XCTAssertEqual(alert.view.frame.midY, 120, accuracy: 0.5)
            let buttons = alertButtons(alert.view)
            XCTAssertEqual(buttons.map(\.title), ["Cancel", "Delete"], "cancel on the left of a row of two")
            XCTAssertEqual(buttons[0].frame.minY, buttons[1].frame.minY, "one row")
            XCTAssertEqual(buttons[0].frame.height, 44)
            XCTAssertEqual(alert.view.subviews.first?.layer.cornerRadius, 14)
            assertBitmap(try XCTUnwrap(stage.host.lastFrame), matchesGolden: "alert-two-actions", tolerance: Self.textTolerance)
        }
    }

    func testThreeActionsAreStackedWithCancelLastAndThePreferredActionBold() throws {
        try onMain {
            let stage = try makeAlertStage()
            let alert = UIAlertController(title: "Save changes?", message: nil, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            let save = UIAlertAction(title: "Save", style: .default)
            alert.addAction(save)
            alert.addAction(UIAlertAction(title: "Discard", style: .destructive))
            alert.preferredAction = save
            stage.present(alert)
            let buttons = alertButtons(alert.view)
            XCTAssertEqual(buttons.map(\.title), ["Save", "Discard", "Cancel"])
            XCTAssertEqual(buttons.map(\.frame.width), [270, 270, 270])
            XCTAssertEqual(buttons[1].frame.minY, buttons[0].frame.maxY + 1, "a hairline between stacked buttons")
            XCTAssertEqual(buttons.map(\.bold), [true, false, false], "the preferred action is bold, cancel no longer")
            assertBitmap(try XCTUnwrap(stage.host.lastFrame), matchesGolden: "alert-stacked", tolerance: Self.textTolerance)
        }
    }

    func testActionSheetSitsAtTheBottomWithCancelInItsOwnCard() throws {
        try onMain {
            let stage = try makeAlertStage(height: 320)
            let sheet = UIAlertController(title: "Share", message: "Choose where to send it.", preferredStyle: .actionSheet)
            sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            sheet.addAction(UIAlertAction(title: "Mail", style: .default))
            sheet.addAction(UIAlertAction(title: "Remove", style: .destructive))
            stage.present(sheet)
            XCTAssertEqual(sheet.view.frame.minX, 8)
            XCTAssertEqual(sheet.view.frame.width, 304)
            XCTAssertEqual(sheet.view.frame.maxY, 312, "8 points above the bottom")
            let buttons = alertButtons(sheet.view)
            XCTAssertEqual(buttons.map(\.title), ["Mail", "Remove", "Cancel"])
            XCTAssertEqual(buttons.map(\.frame.height), [57, 57, 57])
            XCTAssertEqual(buttons[2].frame.maxY, sheet.view.bounds.height)
            XCTAssertEqual(buttons[2].frame.minY, buttons[1].frame.maxY + 8, "the cancel card is 8 points below")
            XCTAssertEqual(buttons[2].bold, true)
            XCTAssertEqual(sheet.view.subviews.first?.layer.cornerRadius, 13)
            assertBitmap(try XCTUnwrap(stage.host.lastFrame), matchesGolden: "action-sheet", tolerance: Self.textTolerance)
        }
    }

    func testAlertScalesFrom1_2AndFadesInOnTheSystemSpringOverTheDimming() throws {
        try onMain {
            let stage = try makeAlertStage()
            let alert = UIAlertController(title: "Hello", message: nil, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .default))
            stage.a.present(alert, animated: true)
            commitNow(stage.host)
            let dimming = try XCTUnwrap(alert.presentationController?.containerView?.subviews.first)
            for t in [0.05, 0.1, 0.2] {
                stage.host.advance(by: t == 0.05 ? 0.05 : t == 0.1 ? 0.05 : 0.1)
                let p = systemSpringProgress(t)
                XCTAssertEqual(Double(alert.view.layer.presentation()?.transform.m11 ?? -1), 1.2 - 0.2 * p, accuracy: 1e-3, "scale at \(t) s")
                XCTAssertEqual(shownAlpha(alert.view), p, accuracy: 1e-3, "alpha at \(t) s")
                XCTAssertEqual(shownAlpha(dimming), 0.4 * p, accuracy: 1e-3, "dimming at \(t) s")
            }
            XCTAssertTrue(stage.a.view.window === stage.window, "the presenter stays")
            stage.host.advance(by: 0.25)
            XCTAssertEqual(alert.view.transform, .identity)
            XCTAssertFalse(alert.isBeingPresented)
            XCTAssertEqual(stage.log.entries, [], "no appearance callbacks for the presenter")
        }
    }

    func testTappingAnActionHighlightsItThenFadesTheAlertOutAndRunsTheHandlerAfterTheDismissal() throws {
        try onMain {
            let stage = try makeAlertStage()
            let log = stage.log
            let alert = UIAlertController(title: "Hello", message: nil, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .default) { action in
                log.append("handler \(action.title ?? "") presented=\(alert.presentingViewController != nil)")
            })
            stage.present(alert)
            let ok = try XCTUnwrap(alertButtons(alert.view).first)
            stage.host.pressPointer(at: ok.center)
            XCTAssertTrue(ok.control.isHighlighted, "highlighted while the touch is down")
            XCTAssertNotEqual(ok.control.backgroundColor, .clear)
            stage.host.releasePointer(at: ok.center)
            XCTAssertFalse(ok.control.isHighlighted)
            XCTAssertTrue(alert.isBeingDismissed, "the tap starts the dismissal")
            XCTAssertEqual(log.entries, [], "the handler waits for the dismissal")
            commitNow(stage.host)
            stage.host.advance(by: 0.1)
            XCTAssertEqual(shownAlpha(alert.view), 1 - referenceBezier(easeInOutPoints.0, easeInOutPoints.1, at: 0.5), accuracy: 2e-3)
            XCTAssertEqual(Double(alert.view.layer.presentation()?.transform.m11 ?? -1), 1, accuracy: 1e-9, "it fades at its size")
            stage.host.advance(by: 0.15)
            XCTAssertEqual(log.entries, ["handler OK presented=false"])
            XCTAssertNil(alert.view.window)
            XCTAssertEqual(stage.window.subviews.count, 1)
        }
    }

    func testActionSheetSlidesUpFromTheBottomAndTapOnTheDimmingRunsCancel() throws {
        try onMain {
            let stage = try makeAlertStage()
            let log = stage.log
            let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
            sheet.addAction(UIAlertAction(title: "Mail", style: .default) { _ in log.append("mail") })
            sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in log.append("cancel") })
            stage.a.present(sheet, animated: true)
            let final = sheet.view.frame
            commitNow(stage.host)
            stage.host.advance(by: 0.1)
            let p = systemSpringProgress(0.1)
            XCTAssertEqual(Double(shownY(sheet.view)), Double(final.midY) + Double(240 - final.minY) * (1 - p), accuracy: 0.05)
            stage.host.advance(by: 0.45)
            stage.host.click(at: CGPoint(x: 160, y: 20))
            XCTAssertTrue(sheet.isBeingDismissed, "a tap outside the sheet cancels")
            commitNow(stage.host)
            stage.host.advance(by: 0.1)
            XCTAssertEqual(Double(shownY(sheet.view)), Double(final.midY) + Double(240 - final.minY) * p, accuracy: 0.05, "it slides down")
            stage.host.advance(by: 0.45)
            XCTAssertEqual(log.entries, ["cancel"])
            XCTAssertNil(stage.a.presentedViewController)
        }
    }

    func testTapOnTheDimmingAroundAnAlertOrASheetWithoutCancelDoesNothing() throws {
        try onMain {
            let stage = try makeAlertStage()
            let alert = UIAlertController(title: "Hello", message: nil, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            stage.present(alert)
            stage.host.click(at: CGPoint(x: 10, y: 10))
            stage.host.advance(by: 0.5)
            XCTAssertTrue(stage.a.presentedViewController === alert)
            alert.dismiss(animated: false)
            stage.host.advance(by: 2.0 / 60)
            let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
            sheet.addAction(UIAlertAction(title: "Mail", style: .default))
            stage.present(sheet)
            stage.host.click(at: CGPoint(x: 10, y: 10))
            stage.host.advance(by: 0.6)
            XCTAssertTrue(stage.a.presentedViewController === sheet)
        }
    }

    func testSecondCancelActionAndForeignPreferredActionAreDiagnosedAndIgnored() throws {
        try onMain {
            let stage = try makeAlertStage()
            let alert = UIAlertController(title: "Hello", message: nil, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            alert.addAction(UIAlertAction(title: "Close", style: .cancel))
            XCTAssertEqual(alert.actions.map(\.title), ["Cancel"])
            XCTAssertTrue(stage.diagnostics.last?.contains("second cancel action") ?? false, "\(stage.diagnostics)")
            alert.preferredAction = UIAlertAction(title: "Elsewhere", style: .default)
            XCTAssertNil(alert.preferredAction)
            XCTAssertTrue(stage.diagnostics.last?.contains("not one of the alert's actions") ?? false, "\(stage.diagnostics)")
            let other = UIAlertController(title: nil, message: nil, preferredStyle: .alert)
            other.addAction(alert.actions[0])
            XCTAssertTrue(other.actions.isEmpty)
            XCTAssertEqual(stage.diagnostics.count, 3)
        }
    }

    func testDisabledActionIsGreyAndCannotBeTappedUntilEnabled() throws {
        try onMain {
            let stage = try makeAlertStage()
            let log = stage.log
            let alert = UIAlertController(title: "Sign in", message: nil, preferredStyle: .alert)
            let go = UIAlertAction(title: "Go", style: .default) { _ in log.append("go") }
            go.isEnabled = false
            alert.addAction(go)
            stage.present(alert)
            let button = try XCTUnwrap(alertButtons(alert.view).first)
            XCTAssertFalse(button.control.isEnabled)
            stage.host.click(at: button.center)
            stage.host.advance(by: 0.5)
            XCTAssertTrue(stage.a.presentedViewController === alert, "a disabled action does nothing")
            go.isEnabled = true
            XCTAssertTrue(button.control.isEnabled, "the shown button follows the action")
            stage.host.click(at: button.center)
            stage.host.advance(by: 0.5)
            XCTAssertEqual(log.entries, ["go"])
        }
    }

    func testTextInputsGoUnderTheTitleInAlertsOnlyAndAreConfiguredFirst() throws {
        try onMain {
            let stage = try makeAlertStage()
            let alert = UIAlertController(title: "Name", message: "Enter a name.", preferredStyle: .alert)
            XCTAssertNil(alert.textFields)
            alert.addTextField { $0.tag = 7 }
            alert.addTextField()
            alert.addAction(UIAlertAction(title: "OK", style: .default))
            stage.present(alert)
            let fields = try XCTUnwrap(alert.textFields)
            XCTAssertEqual(fields.map(\.tag), [7, 0])
            let first = fields[0].convert(fields[0].bounds, to: alert.view)
            let second = fields[1].convert(fields[1].bounds, to: alert.view)
            XCTAssertEqual(first.width, 270 - 32 - 10)
            XCTAssertEqual(second.minY - first.minY, 27, "stacked boxes share a hairline")
            let ok = try XCTUnwrap(alertButtons(alert.view).first)
            XCTAssertGreaterThan(ok.frame.minY, second.maxY)
            let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
            sheet.addTextField()
            XCTAssertNil(sheet.textFields)
            XCTAssertTrue(stage.diagnostics.last?.contains("only be added to an alert") ?? false, "\(stage.diagnostics)")
        }
    }
}

extension AlertControllerTests {
    func testAlertTextFieldsTakeTypingAndTheFirstIsFocusedOnceShown() throws {
        try onMain {
            let stage = try makeAlertStage()
            let alert = UIAlertController(title: "Sign in", message: nil, preferredStyle: .alert)
            alert.addTextField { $0.placeholder = "Name" }
            alert.addTextField { $0.isSecureTextEntry = true }
            var entered: [String] = []
            alert.addAction(UIAlertAction(title: "OK", style: .default) { _ in
                entered = alert.textFields?.map { $0.text ?? "" } ?? []
            })
            stage.present(alert)
            let fields = try XCTUnwrap(alert.textFields)
            XCTAssertEqual(fields.count, 2)
            XCTAssertEqual(fields[0].placeholder, "Name")
            XCTAssertTrue(fields[1].isSecureTextEntry)
            XCTAssertTrue(fields[0].isFirstResponder, "the first field is focused when the alert has appeared")
            stage.host.type("Ann")
            stage.host.pressKey(keysym: 0xFF09)  // Tab: the next field
            stage.host.type("pw")
            stage.host.advance(by: 0.1)
            XCTAssertEqual(fields.map { $0.text ?? "" }, ["Ann", "pw"])
            let ok = try XCTUnwrap(alertButtons(alert.view).first)
            stage.host.click(at: ok.center)
            stage.host.advance(by: 0.6)
            XCTAssertEqual(entered, ["Ann", "pw"])
            let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
            sheet.addTextField()
            XCTAssertNil(sheet.textFields)
        }
    }
}

/// A 320-point-wide presentation stage (240 high unless told) whose root `a` presents the alerts.
@MainActor
func makeAlertStage(height: CGFloat = 240) throws -> PresentationStage {
    try PresentationStage(size: CGSize(width: 320, height: height))
}

extension PresentationStage {
    /// Presents `controller` from `a` with animation and lets it end.
    func present(_ controller: UIViewController) {
        a.present(controller, animated: true)
        host.advance(by: 0.6)
    }
}

/// An alert button found in a view hierarchy: the control, its title, whether it is bold, its
/// frame in the alert controller's view and its centre in the window.
@MainActor
struct AlertButton {
    let control: UIControl
    let title: String
    let bold: Bool
    let frame: CGRect
    let center: CGPoint
}

/// The buttons (controls holding a label) under `root`, top to bottom, then left to right.
@MainActor
func alertButtons(_ root: UIView) -> [AlertButton] {
    var found: [AlertButton] = []
    func visit(_ view: UIView) {
        if let control = view as? UIControl, !(control is UITextField), let label = control.subviews.compactMap({ $0 as? UILabel }).first {
            found.append(AlertButton(control: control, title: label.text ?? "", bold: label.font == UIFont.systemFont(ofSize: label.font.pointSize, weight: .semibold),
                                     frame: control.convert(control.bounds, to: root),
                                     center: control.convert(CGPoint(x: control.bounds.midX, y: control.bounds.midY), to: nil)))
        }
        for subview in view.subviews where !subview.isHidden { visit(subview) }
    }
    visit(root)
    return found.sorted { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
}
