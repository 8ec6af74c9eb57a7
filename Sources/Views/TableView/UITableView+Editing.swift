import Foundation
import Layers

/// A table's editing state: the mode, what it learned of its data source, the open swipe and
/// the row being reordered.
@MainActor
struct TableEditingState {
    var mode = false
    /// Whether the data source implements `tableView(_:moveRowAt:to:)` /
    /// `tableView(_:commit:forRowAt:)`: nil until asked.
    var movesRows: Bool?
    var commitsEdits: Bool?
    var swipe: TableSwipe?
    var reorder: TableReorder?
    /// A touch that began while a swipe showed: it only closed the swipe.
    var swallowsTouch = false

    mutating func forgetProbes() {
        movesRows = nil
        commitsEdits = nil
    }
}

/// A row whose swipe actions (or Delete confirmation) show.
@MainActor
struct TableSwipe {
    /// The swiped row's cell (`indexPath(for:)` tells its row, after batch updates too).
    weak var cell: UITableViewCell?
    var leading: Bool
    var actions: [UIContextualAction]
    var performsFullSwipe: Bool
    /// Begun outside editing mode: the table reads `isEditing` and tells the delegate.
    var editsTable: Bool
    /// The offset when the current drag began.
    var startOffset: CGFloat = 0
    var tracking = false
}

/// A row lifted by its reorder control.
@MainActor
struct TableReorder {
    var source: IndexPath
    var target: IndexPath
    let cell: UITableViewCell
    /// From the cell's top to the pointer, points.
    let grab: CGFloat
    /// The pointer's height in the table's visible area (from `bounds.minY`), points.
    var pointerInView: CGFloat = 0
    /// Scrolls the table while the pointer holds the row near an edge.
    var link: CADisplayLink?
    var lastTick: TimeInterval?
}

extension UITableView {
    /// How long entering or leaving editing mode slides the controls, seconds (UIKit's 0.3).
    static let editingAnimationDuration: TimeInterval = 0.3

    func applyEditing(_ editing: Bool, animated: Bool) {
        if editState.swipe != nil { closeSwipe(animated: animated) }
        if editState.reorder != nil { dropReorder(cancelled: true) }
        guard editing != editState.mode else { return }
        editState.mode = editing
        loadIfNeeded()
        let keepsSelection = editing ? allowsSelectionDuringEditing || allowsMultipleSelectionDuringEditing
            : !allowsMultipleSelectionDuringEditing || allowsMultipleSelection
        if !keepsSelection {
            for path in selected { visible[path]?.setSelected(false, animated: animated) }
            selected.removeAll()
        }
        let animates = animated && window != nil
        for (path, cell) in visible {
            if editing { configureEditing(cell, at: path) }
            cell.setEditing(editing, animated: animates)
        }
    }

    /// Gives a cell coming on screen the editing state of its row.
    func prepareEditing(_ cell: UITableViewCell, at path: IndexPath) {
        if editState.mode { configureEditing(cell, at: path) }
        cell.setEditing(editState.mode, animated: false)
    }

    /// Asks the data source and delegate how the row edits: its control, indent and reorder
    /// control.
    func configureEditing(_ cell: UITableViewCell, at path: IndexPath) {
        let editable = dataSource?.tableView(self, canEditRowAt: path) ?? false
        cell.editingStyle = editable ? tableDelegate?.tableView(self, editingStyleForRowAt: path) ?? .delete : .none
        cell.showsSelectionControl = editable && editState.mode && allowsMultipleSelectionDuringEditing
        cell.tableIndentsWhileEditing = tableDelegate?.tableView(self, shouldIndentWhileEditingRowAt: path) ?? true
        cell.showsReorderControl = dataSourceMovesRows(probing: path) && (dataSource?.tableView(self, canMoveRowAt: path) ?? false)
    }

    func refreshEditingControls() {
        for (path, cell) in visible {
            configureEditing(cell, at: path)
            UIView.performWithoutAnimation { cell.layoutIfNeeded() }
        }
    }

    /// Whether the data source implements `tableView(_:moveRowAt:to:)`. Swift cannot ask
    /// without calling it, so the table calls it once per data source with the row where it
    /// is (a drop where the drag started, which moves nothing) and watches whether the default
    /// implementation ran.
    func dataSourceMovesRows(probing path: IndexPath) -> Bool {
        if let known = editState.movesRows { return known }
        guard let source = dataSource else { return false }
        defaultsHit.remove(.moveRow)
        source.tableView(self, moveRowAt: path, to: path)
        let implemented = !defaultsHit.contains(.moveRow)
        editState.movesRows = implemented
        return implemented
    }

    /// Whether the data source implements `tableView(_:commit:forRowAt:)`, asked as
    /// `dataSourceMovesRows` is: one call with `.none`, which UIKit never commits and a data
    /// source ignores.
    func dataSourceCommits(probing path: IndexPath) -> Bool {
        if let known = editState.commitsEdits { return known }
        guard let source = dataSource else { return false }
        defaultsHit.remove(.commitEditing)
        source.tableView(self, commit: .none, forRowAt: path)
        let implemented = !defaultsHit.contains(.commitEditing)
        editState.commitsEdits = implemented
        return implemented
    }

    /// A tap on a row's editing control: a green plus commits the insertion; a red minus
    /// reveals the Delete confirmation button (or, tapped again, hides it).
    func editingControlTapped(in cell: UITableViewCell) {
        guard editState.mode, let path = indexPath(for: cell) else { return }
        switch cell.editingStyle {
        case .insert:
            dataSource?.tableView(self, commit: .insert, forRowAt: path)
        case .delete:
            let wasOpen = editState.swipe?.cell === cell
            if editState.swipe != nil { closeSwipe(animated: true) }
            guard !wasOpen else { return }
            beginSwipe(at: path, cell: cell, leading: false, actions: [deleteAction(for: path)], performsFullSwipe: false)
            openSwipe(animated: true)
        case .none:
            break
        }
    }

    /// The red Delete button of a `.delete` row (the confirmation and the default trailing
    /// swipe action): it commits the deletion.
    func deleteAction(for path: IndexPath) -> UIContextualAction {
        let title = tableDelegate?.tableView(self, titleForDeleteConfirmationButtonForRowAt: path) ?? "Delete"
        return UIContextualAction(style: .destructive, title: title) { [weak self] _, _, done in
            guard let self, let swipe = self.editState.swipe, let cell = swipe.cell, let path = self.indexPath(for: cell) else {
                return done(false)
            }
            self.dataSource?.tableView(self, commit: .delete, forRowAt: path)
            guard self.editState.swipe?.cell === cell else { return done(true) }
            if self.visible[path] === cell {
                // A data source that kept the row: its content slides back.
                self.closeSwipe(animated: true)
            } else {
                self.endSwipe(rowRemains: false)
            }
            done(true)
        }
    }

    /// Forgets the swipe and the reorder when the table reloads (their rows are gone).
    func resetEditingInteractions() {
        if let swipe = editState.swipe {
            editState.swipe = nil
            swipe.cell?.resetSwipe()
            if swipe.editsTable { tableDelegate?.tableView(self, didEndEditingRowAt: nil) }
        }
        if let reorder = editState.reorder {
            editState.reorder = nil
            reorder.link?.invalidate()
            reorder.cell.layer.shadowOpacity = 0
        }
    }
}
