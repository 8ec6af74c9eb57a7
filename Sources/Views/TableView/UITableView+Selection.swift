import Foundation

extension UITableView {
    /// The selected row (the first, in multiple selection), nil when none is.
    public var indexPathForSelectedRow: IndexPath? { selected.min() }

    /// The selected rows in order, nil when none is (as in UIKit).
    public var indexPathsForSelectedRows: [IndexPath]? { selected.isEmpty ? nil : selected.sorted() }

    /// Selects the row without calling the delegate (as in UIKit), deselecting the others
    /// unless `allowsMultipleSelection`; nil deselects every row. Then scrolls as `scrollToRow`
    /// does for `scrollPosition` (`.none` does not scroll). A row that does not exist is ignored.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        loadIfNeeded()
        guard let indexPath else {
            for path in selected { visible[path]?.setSelected(false, animated: animated) }
            selected.removeAll()
            return
        }
        guard selectsNow, rowExists(indexPath) else { return }
        if !multipleSelectsNow {
            for path in selected where path != indexPath { visible[path]?.setSelected(false, animated: animated) }
            selected.removeAll()
        }
        selected.insert(indexPath)
        visible[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the row without calling the delegate.
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard selected.remove(indexPath) != nil else { return }
        visible[indexPath]?.setSelected(false, animated: animated)
    }

    /// Whether taps select now: `allowsSelection` (or multiple), or in editing mode
    /// `allowsSelectionDuringEditing` (or multiple).
    var selectsNow: Bool {
        editState.mode ? allowsSelectionDuringEditing || allowsMultipleSelectionDuringEditing
            : allowsSelection || allowsMultipleSelection
    }

    /// Whether taps toggle a selection of several now.
    var multipleSelectsNow: Bool { editState.mode ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection }

    func rowExists(_ path: IndexPath) -> Bool {
        model.indices.contains(path.section) && path.row >= 0 && path.row < model[path.section].rows.count
    }

    /// A tap on a row, in UIKit's order: `willSelectRowAt`, then (single selection) for the row
    /// selected before `willDeselectRowAt` and `didDeselectRowAt`, then `didSelectRowAt`; in
    /// multiple selection a tap on a selected row deselects it (`willDeselectRowAt`,
    /// `didDeselectRowAt`).
    func selectByTap(_ path: IndexPath) {
        let delegate = tableDelegate
        let multiple = multipleSelectsNow
        if multiple, selected.contains(path) {
            guard let target = delegate?.tableView(self, willDeselectRowAt: path) ?? Optional(path), rowExists(target) else { return }
            deselectRow(at: target, animated: false)
            delegate?.tableView(self, didDeselectRowAt: target)
            return
        }
        guard let target = delegate?.tableView(self, willSelectRowAt: path) ?? Optional(path), rowExists(target) else { return }
        if !multiple {
            for other in selected.sorted() where other != target {
                guard let leaving = delegate?.tableView(self, willDeselectRowAt: other) ?? Optional(other) else { continue }
                deselectRow(at: leaving, animated: false)
                delegate?.tableView(self, didDeselectRowAt: leaving)
            }
        }
        selected.insert(target)
        visible[target]?.setSelected(true, animated: false)
        delegate?.tableView(self, didSelectRowAt: target)
    }

    /// Highlights the touched row; false when the touch is not on a row the table handles.
    func tableTouchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) -> Bool {
        if editState.swipe != nil || editState.reorder != nil {
            // A touch while a swipe shows only closes it, as in UIKit.
            if editState.swipe != nil { closeSwipe(animated: true) }
            editState.swallowsTouch = true
            return true
        }
        guard selectsNow, let touch = touches.first,
              let path = indexPathForRow(at: touch.location(in: self)), let cell = visible[path] else {
            return false
        }
        guard tableDelegate?.tableView(self, shouldHighlightRowAt: path) ?? true else { return true }
        highlightedPath = path
        cell.setHighlighted(true, animated: false)
        return true
    }

    func tableTouchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) -> Bool {
        if editState.swallowsTouch { return true }
        guard let path = highlightedPath, let touch = touches.first else { return false }
        if indexPathForRow(at: touch.location(in: self)) != path { visible[path]?.setHighlighted(false, animated: false) }
        return true
    }

    func tableTouchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) -> Bool {
        if editState.swallowsTouch { editState.swallowsTouch = false; return true }
        guard let path = highlightedPath else { return false }
        highlightedPath = nil
        let cell = visible[path]
        let stillOver = touches.first.map { indexPathForRow(at: $0.location(in: self)) == path } ?? false
        cell?.setHighlighted(false, animated: false)
        if stillOver { selectByTap(path) }
        return true
    }

    func tableTouchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) -> Bool {
        if editState.swallowsTouch { editState.swallowsTouch = false; return true }
        guard let path = highlightedPath else { return false }
        highlightedPath = nil
        visible[path]?.setHighlighted(false, animated: false)
        return true
    }
}
