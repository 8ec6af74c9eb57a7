import Foundation

extension UITableView {
    /// How long a released swipe takes to settle open or closed, seconds.
    static let swipeSettleDuration: TimeInterval = 0.25
    /// The share of the row's width past which a released swipe performs the first action
    /// (when the configuration allows it).
    static let fullSwipeFraction: CGFloat = 0.6

    /// The actions of one edge of a row: the delegate's configuration, or for the trailing
    /// edge of an editable `.delete` row whose data source commits edits, Delete. Nil when the
    /// edge has none.
    func swipeActions(for path: IndexPath, leading: Bool) -> (actions: [UIContextualAction], full: Bool)? {
        let configuration = leading ? tableDelegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: path)
            : tableDelegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: path)
        if let configuration {
            return configuration.actions.isEmpty ? nil : (configuration.actions, configuration.performsFirstActionWithFullSwipe)
        }
        guard !leading, let source = dataSource, source.tableView(self, canEditRowAt: path),
              (tableDelegate?.tableView(self, editingStyleForRowAt: path) ?? .delete) == .delete,
              dataSourceCommits(probing: path) else { return nil }
        return ([deleteAction(for: path)], true)
    }

    /// Whether `pan`'s drag so far swipes a row: mostly horizontal, outside editing mode, on
    /// a row that is open already or has actions on the edge the drag uncovers.
    func swipeShouldBegin(using pan: UIGestureRecognizer) -> Bool {
        guard !editState.mode, editState.reorder == nil, let pan = pan as? UIPanGestureRecognizer else { return false }
        let t = pan.translation(in: self)
        guard abs(t.x) > abs(t.y) else { return false }
        let here = pan.location(in: self)
        guard let path = indexPathForRow(at: CGPoint(x: here.x - t.x, y: here.y - t.y)), visible[path] != nil else { return false }
        if let swipe = editState.swipe, swipe.cell === visible[path] { return true }
        return swipeActions(for: path, leading: t.x > 0) != nil
    }

    /// How far a release at `velocity` (points per second, positive towards opening) carries
    /// the row on, points: the distance a scroll view decelerating at `.fast` (0.99 per
    /// millisecond) would travel, `velocity / 1000 × 0.99 / (1 − 0.99)`, the projection
    /// Apple's "Designing Fluid Interfaces" gives for flicks. UIKit documents no rule for swipe
    /// actions; this one makes a quick flick open the actions (or close them) from anywhere,
    /// as on iOS. A nonsense velocity carries nothing.
    static func swipeProjection(_ velocity: CGFloat) -> CGFloat {
        guard velocity.isFinite else { return 0 }
        let rate = UIScrollView.DecelerationRate.fast.rawValue
        return velocity / 1000 * rate / (1 - rate)
    }

    /// The swipe pan's action: the row's content follows the drag; on release it opens (when
    /// the release, carried on by its speed (`swipeProjection`), passes half the actions'
    /// width), closes, or performs the first action (released past 60 % of the row).
    func handleSwipePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            let t = pan.translation(in: self), here = pan.location(in: self)
            guard let path = indexPathForRow(at: CGPoint(x: here.x - t.x, y: here.y - t.y)), let cell = visible[path] else { return }
            if editState.swipe?.cell !== cell {
                if editState.swipe != nil { closeSwipe(animated: true) }
                guard let found = swipeActions(for: path, leading: t.x > 0) else { return }
                beginSwipe(at: path, cell: cell, leading: t.x > 0, actions: found.actions, performsFullSwipe: found.full)
            }
            editState.swipe?.startOffset = cell.swipeOffset
            editState.swipe?.tracking = true
            followSwipe(pan)
        case .changed:
            followSwipe(pan)
        case .ended, .cancelled:
            guard let swipe = editState.swipe, swipe.tracking, let cell = swipe.cell else { return }
            editState.swipe?.tracking = false
            let reveal = abs(cell.swipeOffset)
            let natural = cell.swipeActionsView?.naturalWidth ?? 0
            let opening = pan.velocity(in: self).x * (swipe.leading ? 1 : -1)
            if pan.state == .ended, swipe.performsFullSwipe, reveal > bounds.width * Self.fullSwipeFraction {
                performFullSwipe()
            } else if pan.state == .ended, natural > 0, reveal + Self.swipeProjection(opening) >= natural / 2 {
                openSwipe(animated: true)
            } else {
                closeSwipe(animated: true)
            }
        default:
            break
        }
    }

    private func followSwipe(_ pan: UIPanGestureRecognizer) {
        guard let swipe = editState.swipe, swipe.tracking, let cell = swipe.cell else { return }
        let sign: CGFloat = swipe.leading ? 1 : -1
        let natural = cell.swipeActionsView?.naturalWidth ?? 0
        var reveal = max(0, (swipe.startOffset + pan.translation(in: self).x) * sign)
        if !swipe.performsFullSwipe, reveal > natural { reveal = natural + (reveal - natural) * 0.3 }
        reveal = min(reveal, bounds.width)
        UIView.performWithoutAnimation { cell.setSwipeOffset(reveal * sign) }
    }

    /// Starts a swipe on the row: its actions are added (hidden) and, outside editing mode, the
    /// delegate hears `willBeginEditingRowAt`.
    func beginSwipe(at path: IndexPath, cell: UITableViewCell, leading: Bool, actions: [UIContextualAction], performsFullSwipe: Bool) {
        let editsTable = !editState.mode
        if editsTable { tableDelegate?.tableView(self, willBeginEditingRowAt: path) }
        editState.swipe = TableSwipe(cell: cell, leading: leading, actions: actions,
                                     performsFullSwipe: performsFullSwipe, editsTable: editsTable)
        cell.showSwipeActions(actions, leading: leading, table: self)
        cell.showingDeleteConfirmation = true
        cell.editingControl?.refresh()
    }

    /// Slides the swiped row open to its actions' width.
    func openSwipe(animated: Bool) {
        guard let swipe = editState.swipe, let cell = swipe.cell else { return }
        let natural = cell.swipeActionsView?.naturalWidth ?? 0
        let offset = swipe.leading ? natural : -natural
        if animated, window != nil {
            UIView.animate(withDuration: Self.swipeSettleDuration, animations: { cell.setSwipeOffset(offset) },
                           completion: { [weak cell] _ in cell?.finishStateTransition() })
        } else {
            UIView.performWithoutAnimation { cell.setSwipeOffset(offset) }
            cell.finishStateTransition()
        }
    }

    /// Closes the swipe: the content slides back and the delegate hears `didEndEditingRowAt`.
    func closeSwipe(animated: Bool) {
        guard let cell = editState.swipe?.cell else { return endSwipe() }
        endSwipe()
        slideClosed(cell, animated: animated)
    }

    /// Forgets the swipe without moving its row (which is being deleted, or slides back); the
    /// delegate hears `didEndEditingRowAt` with the row, or nil when it was deleted.
    func endSwipe(rowRemains: Bool = true, at knownPath: IndexPath? = nil) {
        guard let swipe = editState.swipe else { return }
        editState.swipe = nil
        swipe.cell?.showingDeleteConfirmation = false
        swipe.cell?.editingControl?.refresh()
        let path = rowRemains ? knownPath ?? swipe.cell.flatMap { indexPath(for: $0) } : nil
        if swipe.editsTable { tableDelegate?.tableView(self, didEndEditingRowAt: path) }
    }

    func slideClosed(_ cell: UITableViewCell, animated: Bool) {
        guard animated, window != nil else { return cell.resetSwipe() }
        UIView.animate(withDuration: Self.swipeSettleDuration, animations: { cell.setSwipeOffset(0) }, completion: { [weak self, weak cell] _ in
            guard let cell, self?.editState.swipe?.cell !== cell else { return }
            cell.resetSwipe()
        })
    }

    /// A full swipe: the first (outermost) button covers the row and its action runs.
    private func performFullSwipe() {
        guard let swipe = editState.swipe, let cell = swipe.cell else { return }
        let offset = swipe.leading ? bounds.width : -bounds.width
        UIView.animate(withDuration: Self.swipeSettleDuration) { cell.setSwipeOffset(offset) }
        guard let button = cell.swipeActionsView?.buttons.first else { return }
        performSwipeAction(at: 0, from: button)
    }

    /// Runs the action of the open swipe at `index`; its completion closes the swipe.
    func performSwipeAction(at index: Int, from button: UIView) {
        guard let swipe = editState.swipe, swipe.actions.indices.contains(index), let cell = swipe.cell else { return }
        let action = swipe.actions[index]
        action.handler(action, button) { [weak self, weak cell] _ in
            guard let self, let cell, self.editState.swipe?.cell === cell else { return }
            self.closeSwipe(animated: true)
        }
    }
}
