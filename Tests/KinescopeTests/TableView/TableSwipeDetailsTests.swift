@testable import Views
import Kinescope
import KinescopeTestSupport
import XCTest

/// A cell that logs the state transitions UIKit announces to it.
@MainActor
final class TransitionLoggingCell: UITableViewCell {
    var transitions: [String] = []

    private static func name(_ state: StateMask) -> String {
        var parts: [String] = []
        if state.contains(.showingEditControl) { parts.append("edit") }
        if state.contains(.showingDeleteConfirmation) { parts.append("confirm") }
        return "[" + parts.joined(separator: ",") + "]"
    }

    override func willTransition(to state: StateMask) {
        super.willTransition(to: state)
        transitions.append("will " + Self.name(state))
    }

    override func didTransition(to state: StateMask) {
        super.didTransition(to: state)
        transitions.append("did " + Self.name(state))
    }
}

/// The finer points of table rows' editing: state transitions, flicked swipes, and swipe
/// buttons with images.
final class TableSwipeDetailsTests: XCTestCase {
    private static let size = CGSize(width: 320, height: 220)

    @MainActor private static func loggingScene(_ source: EditingSource) throws -> TableScene {
        try makeTableScene(source, size: size) { $0.register(TransitionLoggingCell.self, forCellReuseIdentifier: "row") }
    }

    func testCellHearsWillTransitionBeforeAndDidTransitionAfterEachEditingChange() throws {
        try onMain {
            let source = EditingSource(count: 10)
            let scene = try Self.loggingScene(source)
            let table = scene.table
            let cell = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 1, section: 0)) as? TransitionLoggingCell)
            XCTAssertEqual(UITableViewCell.StateMask.showingEditControl.rawValue, 1, "UIKit's raw values")
            XCTAssertEqual(UITableViewCell.StateMask.showingDeleteConfirmation.rawValue, 2)

            table.setEditing(true, animated: true)
            XCTAssertEqual(cell.transitions, ["will [edit]"], "before the controls move")
            scene.frame()
            XCTAssertEqual(cell.transitions, ["will [edit]"], "not while they slide")
            scene.host.advance(by: 0.5)
            XCTAssertEqual(cell.transitions, ["will [edit]", "did [edit]"])

            cell.transitions = []
            Self.tap(scene, at: CGPoint(x: 23, y: 66))
            XCTAssertEqual(cell.transitions, ["will [edit,confirm]"])
            scene.host.advance(by: 0.5)
            XCTAssertEqual(cell.transitions, ["will [edit,confirm]", "did [edit,confirm]"])

            cell.transitions = []
            table.setEditing(false, animated: false)
            scene.host.advance(by: 0.5)
            XCTAssertEqual(cell.transitions, ["will [edit]", "did [edit]", "will []", "did []"],
                           "the table closes the confirmation, then the row leaves editing")

            cell.transitions = []
            cell.setEditing(true, animated: false)
            cell.setEditing(false, animated: false)
            XCTAssertEqual(cell.transitions, ["will [edit]", "did [edit]", "will []", "did []"], "unanimated: at once")
        }
    }

    func testSwipeOutsideEditingAnnouncesTheConfirmationState() throws {
        try onMain {
            let source = EditingSource(count: 10)
            let scene = try Self.loggingScene(source)
            let cell = try XCTUnwrap(scene.table.cellForRow(at: IndexPath(row: 1, section: 0)) as? TransitionLoggingCell)
            Self.drag(scene, from: CGPoint(x: 250, y: 66), dx: -120, frames: 8)
            scene.host.advance(by: 0.5)
            XCTAssertEqual(cell.transitions, ["will [confirm]", "did [confirm]"])
            Self.tap(scene, at: CGPoint(x: 100, y: 154))
            scene.host.advance(by: 0.5)
            XCTAssertEqual(cell.transitions, ["will [confirm]", "did [confirm]", "will []", "did []"])
        }
    }

    func testQuickFlickOpensTheActionsAndASlowShortDragDoesNot() throws {
        try onMain {
            let source = EditingSource(count: 10)
            let scene = try makeTableScene(source, size: Self.size)
            let cell = try XCTUnwrap(scene.table.cellForRow(at: IndexPath(row: 1, section: 0)))

            // 30 points over 40 frames: about 45 pt/s, which carries the row 4 points on.
            Self.drag(scene, from: CGPoint(x: 250, y: 66), dx: -30, frames: 40)
            scene.host.advance(by: 0.5)
            XCTAssertEqual(cell.swipeOffset, 0, "released short of half the Delete button, slowly: closed")

            // The same 30 points in two frames: about 900 pt/s.
            Self.drag(scene, from: CGPoint(x: 250, y: 66), dx: -30, frames: 2)
            scene.host.advance(by: 0.5)
            let natural = try XCTUnwrap(cell.swipeActionsView?.naturalWidth)
            XCTAssertGreaterThan(natural / 2, 30, "the release point alone would close it")
            XCTAssertEqual(cell.swipeOffset, -natural, "the flick opens it")

            // A quick flick back closes it from the open position.
            Self.drag(scene, from: CGPoint(x: 200, y: 66), dx: 20, frames: 2)
            scene.host.advance(by: 0.5)
            XCTAssertEqual(cell.swipeOffset, 0)
            XCTAssertEqual(UITableView.swipeProjection(.nan), 0)
            XCTAssertEqual(UITableView.swipeProjection(1000), 99, accuracy: 1e-9)
        }
    }

    func testActionImagesAreWhiteTemplatesAndHideTheTitleOnShortRows() throws {
        try onMain {
            let icon = UIGraphicsImageRenderer(size: CGSize(width: 24, height: 24)).image { context in
                UIColor.systemRed.setFill()
                context.fill(CGRect(x: 0, y: 0, width: 24, height: 24))
            }
            let original = icon.withRenderingMode(.alwaysOriginal)
            for height: CGFloat in [44, 100] {
                let source = EditingSource(count: 4)
                source.trailing = { _ in
                    let archive = UIContextualAction(style: .normal, title: "Archive Everything") { _, _, done in done(true) }
                    archive.image = icon
                    let keep = UIContextualAction(style: .normal, title: nil) { _, _, done in done(true) }
                    keep.image = original
                    return UISwipeActionsConfiguration(actions: [archive, keep])
                }
                let scene = try makeTableScene(source, size: Self.size) { $0.rowHeight = height }
                let cell = try XCTUnwrap(scene.table.cellForRow(at: IndexPath(row: 0, section: 0)))
                Self.drag(scene, from: CGPoint(x: 250, y: height / 2), dx: -150, frames: 8)
                scene.host.advance(by: 0.5)
                let buttons = try XCTUnwrap(cell.swipeActionsView?.buttons)
                XCTAssertEqual(buttons.count, 2)
                XCTAssertEqual(buttons[0].showsTitle, height >= 91, "row \(height): title only on tall rows")
                XCTAssertFalse(buttons[1].showsTitle)
                XCTAssertEqual(buttons[1].naturalWidth, 60, "an icon-only button is 60 points")
                if height < 91 {
                    XCTAssertEqual(buttons[0].naturalWidth, 60, "the long title no longer widens it")
                } else {
                    XCTAssertGreaterThan(buttons[0].naturalWidth, 100)
                }
                let images = buttons.map { $0.subviews.compactMap { ($0 as? UIImageView)?.image } }
                XCTAssertEqual(images[0].first?.renderingMode, .alwaysTemplate, "drawn in white")
                XCTAssertEqual(images[1].first?.renderingMode, .alwaysOriginal, "kept as drawn")
                let label = buttons[0].subviews.compactMap { $0 as? UILabel }.first
                XCTAssertEqual(label?.text, height >= 91 ? "Archive Everything" : nil)
            }
        }
    }

    @MainActor private static func tap(_ scene: TableScene, at point: CGPoint) {
        scene.host.pressPointer(at: point)
        scene.host.advance(by: 0.05)
        scene.host.releasePointer(at: point)
        scene.frame()
    }

    /// Presses at `start`, moves by `dx` in `frames` equal steps one frame apart, and releases
    /// at once at the last point.
    @MainActor private static func drag(_ scene: TableScene, from start: CGPoint, dx: CGFloat, frames: Int) {
        scene.host.pressPointer(at: start)
        var point = start
        for _ in 0..<frames {
            scene.frame()
            point.x += dx / CGFloat(frames)
            scene.host.movePointer(to: point)
        }
        scene.host.releasePointer(at: point)
        scene.frame()
    }
}
