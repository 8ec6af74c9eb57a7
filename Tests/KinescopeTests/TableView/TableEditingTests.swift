@testable import Views
import Kinescope
import KinescopeTestSupport
import XCTest

/// A data source and delegate that implements the editing methods and logs them.
@MainActor
final class EditingSource: NSObject, UITableViewDataSource, UITableViewDelegate {
    var items: [String]
    var log: [String] = []
    var moves: [(IndexPath, IndexPath)] = []
    var styles: (IndexPath) -> UITableViewCell.EditingStyle = { _ in .delete }
    var indents = true
    var trailing: ((IndexPath) -> UISwipeActionsConfiguration?)?
    var leading: ((IndexPath) -> UISwipeActionsConfiguration?)?
    var retarget: ((IndexPath) -> IndexPath)?
    var cellRequests = 0

    init(count: Int) { items = (0..<count).map { "Row \($0)" } }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cellRequests += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = items[indexPath.row]
        return cell
    }
    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        guard editingStyle != .none else { return }
        log.append("commit \(editingStyle == .delete ? "delete" : "insert") \(indexPath.row)")
        if editingStyle == .delete {
            items.remove(at: indexPath.row)
            tableView.deleteRows(at: [indexPath], with: .fade)
        }
    }
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        moves.append((sourceIndexPath, destinationIndexPath))
        let item = items.remove(at: sourceIndexPath.row)
        items.insert(item, at: destinationIndexPath.row)
    }
    func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
        styles(indexPath)
    }
    func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { indents }
    func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) { log.append("willBegin \(indexPath.row)") }
    func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {
        log.append("didEnd \(indexPath.map { String($0.row) } ?? "nil")")
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { log.append("didSelect \(indexPath.row)") }
    func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                   toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath {
        log.append("target \(proposedDestinationIndexPath.row)")
        return retarget?(proposedDestinationIndexPath) ?? proposedDestinationIndexPath
    }
    func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        leading?(indexPath)
    }
    func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        trailing?(indexPath)
    }
}

/// UITableView's editing mode, delete and insert controls, swipe actions and reordering, headless.
final class TableEditingTests: XCTestCase {
    private static let size = CGSize(width: 320, height: 220)

    @MainActor private static func tap(_ scene: TableScene, at point: CGPoint) {
        scene.host.pressPointer(at: point)
        scene.host.advance(by: 0.05)
        scene.host.releasePointer(at: point)
        scene.frame()
    }

    /// Presses at `start` and moves by `dx`, `dy` in `steps` equal steps, one frame apart,
    /// without releasing; returns where the pointer is.
    @MainActor private static func press(_ scene: TableScene, at start: CGPoint, movingBy dx: CGFloat, _ dy: CGFloat,
                                         steps: Int = 8) -> CGPoint {
        scene.host.pressPointer(at: start)
        var point = start
        for _ in 0..<steps {
            scene.frame()
            point = CGPoint(x: point.x + dx / CGFloat(steps), y: point.y + dy / CGFloat(steps))
            scene.host.movePointer(to: point)
        }
        return point
    }

    /// Drags from `start` by `dx`, `dy` in eight steps, one frame apart, and releases.
    @MainActor private static func drag(_ scene: TableScene, from start: CGPoint, dx: CGFloat, dy: CGFloat) {
        let point = press(scene, at: start, movingBy: dx, dy)
        scene.frame()
        scene.host.releasePointer(at: point)
        scene.frame()
    }

    func testEnteringEditingShowsControlsAndIndentsContent() throws { try onMain { try Self.checkEnteringEditing() } }

    @MainActor private static func checkEnteringEditing() throws {
        let source = EditingSource(count: 10)
        source.styles = { $0.row == 1 ? .insert : ($0.row == 2 ? .none : .delete) }
        let scene = try makeTableScene(source, size: size)
        let table = scene.table
        let cell = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        XCTAssertFalse(table.isEditing)
        XCTAssertEqual(cell.contentView.frame.minX, 0)
        table.setEditing(true, animated: false)
        XCTAssertTrue(table.isEditing)
        XCTAssertTrue(cell.isEditing)
        XCTAssertEqual(cell.editingStyle, .delete)
        XCTAssertEqual(table.cellForRow(at: IndexPath(row: 1, section: 0))?.editingStyle, .insert)
        XCTAssertEqual(cell.contentView.frame, CGRect(x: 40, y: 0, width: 320 - 40 - 40, height: 44), "indented, reorder column kept")
        XCTAssertEqual(cell.editingControl?.frame, CGRect(x: 0, y: 0, width: 40, height: 44))
        XCTAssertEqual(cell.editingControl?.alpha, 1)
        XCTAssertTrue(cell.showsReorderControl, "moveRowAt is implemented")
        XCTAssertEqual(cell.reorderControl?.frame, CGRect(x: 280, y: 0, width: 40, height: 44))
        let noControl = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        XCTAssertEqual(noControl.editingControl?.alpha ?? 0, 0, ".none shows no control")
        XCTAssertEqual(noControl.contentView.frame.minX, 40, ".none still indents")

        table.setEditing(false, animated: true)
        scene.host.advance(by: 0.15)
        let midway = try XCTUnwrap(cell.contentView.layer.presentation()?.frame.minX)
        XCTAssertGreaterThan(midway, 0)
        XCTAssertLessThan(midway, 40)
        scene.host.advance(by: 0.3)
        XCTAssertEqual(cell.contentView.frame.minX, 0)
        XCTAssertFalse(cell.isEditing)

        let badge = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
        cell.editingAccessoryView = badge
        cell.layoutIfNeeded()
        XCTAssertTrue(badge.isHidden, "shown only while editing")
        source.indents = false
        table.setEditing(true, animated: false)
        XCTAssertEqual(cell.contentView.frame.minX, 0, "shouldIndentWhileEditingRowAt false")
        XCTAssertFalse(badge.isHidden)
        XCTAssertEqual(badge.frame, CGRect(x: 320 - 40 - 16 - 30, y: 12, width: 30, height: 20), "before the reorder control")
        XCTAssertEqual(cell.contentView.frame.width, 320 - 40 - 16 - 30)

        let plain = try makeTableScene(TableLog(counts: [5]), size: size)
        plain.table.setEditing(true, animated: false)
        let plainCell = try XCTUnwrap(plain.table.cellForRow(at: IndexPath(row: 0, section: 0)))
        XCTAssertFalse(plainCell.showsReorderControl, "no moveRowAt, no reorder control")
        XCTAssertEqual(plainCell.contentView.frame.width, 320 - 40)
    }

    func testDeleteControlRevealsConfirmationWhoseTapCommitsTheDeletion() throws {
        try onMain { try Self.checkDeleteFlow() }
    }

    @MainActor private static func checkDeleteFlow() throws {
        let source = EditingSource(count: 10)
        let scene = try makeTableScene(source, size: size)
        let table = scene.table
        table.setEditing(true, animated: false)
        let cell = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        tap(scene, at: CGPoint(x: 23, y: 66))
        scene.host.advance(by: 0.4)
        XCTAssertTrue(cell.showingDeleteConfirmation)
        let buttonWidth = try XCTUnwrap(cell.swipeActionsView?.naturalWidth)
        XCTAssertEqual(cell.swipeOffset, -buttonWidth)
        XCTAssertEqual(cell.swipeActionsView?.frame, CGRect(x: 320 - buttonWidth, y: 0, width: buttonWidth, height: 44))
        XCTAssertEqual(cell.swipeActionsView?.buttons.first?.action.title, "Delete")
        XCTAssertEqual(source.log, [], "no willBegin in editing mode, nothing committed yet")
        tap(scene, at: CGPoint(x: 320 - buttonWidth / 2, y: 66))
        XCTAssertEqual(source.log, ["commit delete 1"])
        scene.host.advance(by: 0.5)
        XCTAssertEqual(table.numberOfRows(inSection: 0), 9)
        XCTAssertEqual(table.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel?.text, "Row 2")
        XCTAssertFalse(table.visibleCells.contains { $0.swipeOffset != 0 })

        // A tap elsewhere closes the confirmation without committing.
        let other = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        tap(scene, at: CGPoint(x: 23, y: 22))
        scene.host.advance(by: 0.4)
        XCTAssertTrue(other.showingDeleteConfirmation)
        XCTAssertEqual(other.editingControl?.bar.transform.b ?? 0, -1, accuracy: 1e-9, "the minus turned upright")
        tap(scene, at: CGPoint(x: 150, y: 154))
        scene.host.advance(by: 0.4)
        XCTAssertFalse(other.showingDeleteConfirmation)
        XCTAssertEqual(other.editingControl?.bar.transform, .identity)
        XCTAssertEqual(other.swipeOffset, 0)
        XCTAssertEqual(source.log, ["commit delete 1"])
    }

    func testInsertControlCommitsAnInsertion() throws {
        try onMain {
            let source = EditingSource(count: 10)
            source.styles = { _ in .insert }
            let scene = try makeTableScene(source, size: Self.size)
            scene.table.setEditing(true, animated: false)
            Self.tap(scene, at: CGPoint(x: 23, y: 110))
            XCTAssertEqual(source.log, ["commit insert 2"])
            XCTAssertFalse(scene.table.cellForRow(at: IndexPath(row: 2, section: 0))?.showingDeleteConfirmation ?? true)
        }
    }

    func testSwipeRevealsTrailingActionsAndAFullSwipePerformsTheFirst() throws {
        try onMain { try Self.checkSwipe() }
    }

    @MainActor private static func checkSwipe() throws {
        let source = EditingSource(count: 10)
        var performed: [String] = []
        source.trailing = { _ in
            let flag = UIContextualAction(style: .normal, title: "Flag") { action, _, done in performed.append(action.title ?? ""); done(true) }
            let remove = UIContextualAction(style: .destructive, title: "Remove") { action, _, done in
                performed.append(action.title ?? "")
                done(true)
            }
            return UISwipeActionsConfiguration(actions: [remove, flag])
        }
        let scene = try makeTableScene(source, size: size)
        let table = scene.table
        let cell = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        drag(scene, from: CGPoint(x: 250, y: 66), dx: -120, dy: 0)
        scene.host.advance(by: 0.4)
        let actions = try XCTUnwrap(cell.swipeActionsView)
        XCTAssertEqual(actions.buttons.map { $0.action.title ?? "" }, ["Remove", "Flag"])
        XCTAssertEqual(cell.swipeOffset, -actions.naturalWidth, "released past half: open")
        XCTAssertEqual(actions.buttons[0].frame.maxX, actions.bounds.width, "the first action is outermost")
        XCTAssertEqual(actions.buttons[0].backgroundColor, UIContextualAction.destructiveRed)
        XCTAssertEqual(actions.buttons[1].backgroundColor, .systemGray)
        XCTAssertTrue(table.isEditing, "a swipe puts the table in editing, as in UIKit")
        XCTAssertEqual(table.contentOffset.y, 0, "a horizontal drag does not scroll")
        XCTAssertEqual(source.log, ["willBegin 1"])

        tap(scene, at: CGPoint(x: 100, y: 154))
        scene.host.advance(by: 0.4)
        XCTAssertEqual(cell.swipeOffset, 0)
        XCTAssertNil(cell.swipeActionsView)
        XCTAssertFalse(table.isEditing)
        XCTAssertEqual(source.log, ["willBegin 1", "didEnd 1"], "the closing tap selects nothing")

        drag(scene, from: CGPoint(x: 300, y: 66), dx: -260, dy: 0)
        XCTAssertEqual(performed, ["Remove"], "a full swipe performs the first action")
        scene.host.advance(by: 0.6)
        XCTAssertEqual(cell.swipeOffset, 0, "the completion closes the swipe")

        drag(scene, from: CGPoint(x: 200, y: 150), dx: 0, dy: -80)
        scene.host.advance(by: 0.5)
        XCTAssertGreaterThan(table.contentOffset.y, 20, "a vertical drag scrolls")
        XCTAssertFalse(table.visibleCells.contains { $0.swipeOffset != 0 })
    }

    func testSwipeRightRevealsLeadingActionsThatResistWithoutFullSwipe() throws {
        try onMain {
            let source = EditingSource(count: 10)
            var performed = 0
            source.leading = { _ in
                let read = UIContextualAction(style: .normal, title: "Read") { _, _, done in performed += 1; done(true) }
                read.backgroundColor = .systemBlue
                let configuration = UISwipeActionsConfiguration(actions: [read])
                configuration.performsFirstActionWithFullSwipe = false
                return configuration
            }
            let scene = try makeTableScene(source, size: Self.size)
            let cell = try XCTUnwrap(scene.table.cellForRow(at: IndexPath(row: 2, section: 0)))
            let x = Self.press(scene, at: CGPoint(x: 20, y: 110), movingBy: 280, 0).x
            scene.frame()
            let natural = try XCTUnwrap(cell.swipeActionsView?.naturalWidth)
            XCTAssertGreaterThan(cell.swipeOffset, natural)
            XCTAssertLessThan(cell.swipeOffset, natural + (280 - natural) * 0.5, "dragged past the actions it resists")
            scene.host.releasePointer(at: CGPoint(x: x, y: 110))
            scene.host.advance(by: 0.4)
            XCTAssertEqual(performed, 0, "no full swipe")
            XCTAssertEqual(cell.swipeOffset, natural)
            XCTAssertEqual(cell.swipeActionsView?.frame, CGRect(x: 0, y: 0, width: natural, height: 44))
            XCTAssertEqual(cell.swipeActionsView?.buttons.first?.backgroundColor, .systemBlue)
            Self.tap(scene, at: CGPoint(x: natural / 2, y: 110))
            XCTAssertEqual(performed, 1)
            scene.host.advance(by: 0.4)
            XCTAssertEqual(cell.swipeOffset, 0)
        }
    }

    func testDefaultTrailingActionIsDeleteOnlyWhenTheDataSourceCommits() throws {
        try onMain {
            let source = EditingSource(count: 10)
            let scene = try makeTableScene(source, size: Self.size)
            let cell = try XCTUnwrap(scene.table.cellForRow(at: IndexPath(row: 0, section: 0)))
            Self.drag(scene, from: CGPoint(x: 250, y: 22), dx: -80, dy: 0)
            scene.host.advance(by: 0.4)
            XCTAssertEqual(cell.swipeActionsView?.buttons.map { $0.action.title ?? "" }, ["Delete"])
            let width = try XCTUnwrap(cell.swipeActionsView?.naturalWidth)
            Self.tap(scene, at: CGPoint(x: 320 - width / 2, y: 22))
            XCTAssertEqual(source.log, ["willBegin 0", "commit delete 0", "didEnd nil"], "the row was deleted")
            scene.host.advance(by: 0.5)
            XCTAssertEqual(scene.table.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.text, "Row 1")

            let plain = try makeTableScene(TableLog(counts: [10]), size: Self.size)
            let plainCell = try XCTUnwrap(plain.table.cellForRow(at: IndexPath(row: 0, section: 0)))
            Self.drag(plain, from: CGPoint(x: 250, y: 22), dx: -80, dy: 0)
            plain.host.advance(by: 0.4)
            XCTAssertNil(plainCell.swipeActionsView, "no commit, no swipe-to-delete")
            XCTAssertEqual(plainCell.swipeOffset, 0)
        }
    }

    func testReorderDragMovesTheRowToTheDelegatesTargetWithoutReloading() throws {
        try onMain { try Self.checkReorder() }
    }

    @MainActor private static func checkReorder() throws {
        let source = EditingSource(count: 10)
        source.retarget = { IndexPath(row: min($0.row, 2), section: 0) }
        let scene = try makeTableScene(source, size: size)
        let table = scene.table
        table.setEditing(true, animated: false)
        let lifted = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        let row1 = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        let requests = source.cellRequests
        source.moves.removeAll()
        let y = press(scene, at: CGPoint(x: 300, y: 22), movingBy: 0, 140, steps: 10).y
        scene.host.advance(by: 0.3)
        XCTAssertEqual(lifted.frame.minY, 140, "the lifted row follows the pointer")
        XCTAssertEqual(row1.frame.minY, 0, "the rows it passed made room")
        XCTAssertTrue(source.log.contains("target 3"), "the delegate was asked for the proposed row 3")
        XCTAssertEqual(table.cellForRow(at: IndexPath(row: 3, section: 0))?.frame.minY, 132, "row 3 stays: the target is row 2")
        scene.host.releasePointer(at: CGPoint(x: 300, y: y))
        scene.host.advance(by: 0.4)
        XCTAssertEqual(source.moves.map { "\($0.0.row)→\($0.1.row)" }, ["0→2"])
        XCTAssertTrue(table.cellForRow(at: IndexPath(row: 2, section: 0)) === lifted)
        XCTAssertTrue(table.cellForRow(at: IndexPath(row: 0, section: 0)) === row1)
        XCTAssertEqual(lifted.frame.minY, 88)
        XCTAssertEqual(lifted.layer.shadowOpacity, 0)
        XCTAssertEqual(source.items.prefix(3), ["Row 1", "Row 2", "Row 0"])
        XCTAssertEqual(source.cellRequests, requests, "no reload")
        XCTAssertEqual(table.contentOffset.y, 0, "the drag did not scroll")
    }

    func testSelectionDuringEditingFollowsItsOwnFlags() throws {
        try onMain {
            let source = EditingSource(count: 10)
            let scene = try makeTableScene(source, size: Self.size)
            let table = scene.table
            table.setEditing(true, animated: false)
            Self.tap(scene, at: CGPoint(x: 150, y: 66))
            XCTAssertNil(table.indexPathForSelectedRow, "allowsSelectionDuringEditing is false by default")
            XCTAssertEqual(source.log, [])

            table.allowsMultipleSelectionDuringEditing = true
            let cell = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 1, section: 0)))
            XCTAssertTrue(cell.showsSelectionControl, "selection circles replace the delete controls")
            Self.tap(scene, at: CGPoint(x: 150, y: 66))
            Self.tap(scene, at: CGPoint(x: 23, y: 110))
            XCTAssertEqual(table.indexPathsForSelectedRows, [IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)])
            XCTAssertFalse(cell.showingDeleteConfirmation)
            table.setEditing(false, animated: false)
            XCTAssertNil(table.indexPathsForSelectedRows, "leaving editing drops the editing selection")
            Self.tap(scene, at: CGPoint(x: 150, y: 66))
            XCTAssertEqual(table.indexPathsForSelectedRows, [IndexPath(row: 1, section: 0)], "single selection again")
        }
    }

    func testRowsComingOnScreenTakeTheEditingStateAndAScrolledOffSwipeEnds() throws {
        try onMain {
            let source = EditingSource(count: 40)
            let scene = try makeTableScene(source, size: Self.size)
            let table = scene.table
            let cell = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 0, section: 0)))
            Self.drag(scene, from: CGPoint(x: 250, y: 22), dx: -80, dy: 0)
            scene.host.advance(by: 0.4)
            XCTAssertLessThan(cell.swipeOffset, 0)
            table.contentOffset = CGPoint(x: 0, y: 880)
            table.layoutIfNeeded()
            XCTAssertEqual(source.log, ["willBegin 0", "didEnd 0"])
            XCTAssertFalse(table.isEditing)
            XCTAssertEqual(cell.swipeOffset, 0, "the cell was reset for reuse")

            table.setEditing(true, animated: false)
            table.contentOffset = CGPoint(x: 0, y: 1100)
            table.layoutIfNeeded()
            let entering = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 28, section: 0)))
            XCTAssertTrue(entering.isEditing)
            XCTAssertEqual(entering.contentView.frame.minX, 40)
            XCTAssertTrue(entering.showsReorderControl)
        }
    }

    func testTableViewControllerSubclassesThatOverrideCommitAndMoveAreDetected() throws {
        try onMain {
            final class Plain: UITableViewController {
                override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            }
            final class Editable: UITableViewController {
                var committed: [String] = []
                override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
                override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
                                        forRowAt indexPath: IndexPath) {
                    if editingStyle == .delete { committed.append("delete \(indexPath.row)") }
                }
                override func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
            }
            let path = IndexPath(row: 0, section: 0)
            let plain = Plain(style: .plain)
            XCTAssertFalse(plain.tableView.dataSourceCommits(probing: path))
            XCTAssertFalse(plain.tableView.dataSourceMovesRows(probing: path))
            let editable = Editable(style: .plain)
            XCTAssertTrue(editable.tableView.dataSourceCommits(probing: path))
            XCTAssertTrue(editable.tableView.dataSourceMovesRows(probing: path))
            XCTAssertEqual(editable.committed, [], "the probe commits nothing")
            XCTAssertNotNil(editable.tableView.swipeActions(for: path, leading: false), "swipe-to-delete")
            XCTAssertNil(plain.tableView.swipeActions(for: path, leading: false))
        }
    }

    func testLiftedRowHeldNearTheBottomScrollsTheTable() throws {
        try onMain {
            let source = EditingSource(count: 40)
            let scene = try makeTableScene(source, size: Self.size)
            let table = scene.table
            table.setEditing(true, animated: false)
            let lifted = try XCTUnwrap(table.cellForRow(at: IndexPath(row: 0, section: 0)))
            source.moves.removeAll()
            let y = Self.press(scene, at: CGPoint(x: 300, y: 22), movingBy: 0, 192).y
            let before = table.contentOffset.y
            XCTAssertLessThan(before, 20, "the pointer entered the 44-point zone two steps ago")
            scene.host.advance(by: 1)
            let scrolled = table.contentOffset.y
            XCTAssertEqual(scrolled - before, 800 * 38 / 44, accuracy: 15, "6 points from the edge: 38/44 of full speed")
            XCTAssertEqual(lifted.frame.minY, scrolled + 214 - 22, accuracy: 0.001, "the row stays under the pointer")
            scene.host.releasePointer(at: CGPoint(x: 300, y: y))
            scene.host.advance(by: 0.4)
            let target = Int((scrolled + 214 - 22 + 22) / 44)
            XCTAssertEqual(source.moves.map { "\($0.0.row)→\($0.1.row)" }, ["0→\(target)"])
            XCTAssertTrue(table.cellForRow(at: IndexPath(row: target, section: 0)) === lifted)
            XCTAssertEqual(lifted.frame.minY, CGFloat(target) * 44)
        }
    }

    func testEditButtonItemTogglesItsTitleAndTheTablesEditing() throws {
        try onMain {
            let controller = UITableViewController(style: .plain)
            let item = controller.editButtonItem
            XCTAssertTrue(controller.editButtonItem === item)
            XCTAssertEqual(item.title, "Edit")
            XCTAssertEqual(item.style, .plain)
            item.perform()
            XCTAssertTrue(controller.isEditing)
            XCTAssertTrue(controller.tableView.isEditing)
            XCTAssertEqual(item.title, "Done")
            XCTAssertEqual(item.style, .done)
            item.perform()
            XCTAssertFalse(controller.isEditing)
            XCTAssertFalse(controller.tableView.isEditing)
            XCTAssertEqual(item.title, "Edit")
        }
    }

    func testGoldenTableMidEditing() throws {
        try onMain {
            let source = EditingSource(count: 4)
            source.styles = { $0.row == 2 ? .insert : .delete }
            let scene = try makeTableScene(source, size: CGSize(width: 240, height: 176))
            scene.table.cellForRow(at: IndexPath(row: 3, section: 0))?.editingAccessoryType = .disclosureIndicator
            scene.table.setEditing(true, animated: true)
            scene.host.advance(by: 0.5)
            Self.tap(scene, at: CGPoint(x: 23, y: 66))
            scene.host.advance(by: 0.5)
            let frame = try XCTUnwrap(scene.host.lastFrame)
            assertBitmap(frame, matchesGolden: "table-editing", tolerance: ImageTolerance(perChannel: 2, maxDifferingPixels: 40))
        }
    }
}
