import Foundation
import Layers

extension UITableView {
    /// How long the rows take to make room for, or settle around, a row being reordered.
    static let reorderShiftDuration: TimeInterval = 0.25

    /// How close to the top or bottom of the visible area (points) a lifted row makes the
    /// table scroll, and the fastest that scroll goes (points a second, at the very edge).
    /// UIKit documents neither; these feel like its tables.
    static let reorderScrollZone: CGFloat = 44
    static let reorderScrollSpeed: CGFloat = 800

    /// A drag on a row's reorder control: the row lifts (in front, with a shadow) and follows
    /// the pointer vertically within the rows (near the top or bottom of the visible area the
    /// table scrolls, faster the nearer the edge); the rows it passes slide to make room; the drop
    /// calls `targetIndexPathForMoveFromRowAt` (asked at each proposed place on the way) and
    /// `moveRowAt:to:`, and the table updates its rows without reloading them.
    func handleReorderPan(_ pan: UIPanGestureRecognizer, cell: UITableViewCell) {
        switch pan.state {
        case .began:
            guard editState.mode, editState.reorder == nil, let path = indexPath(for: cell) else { return }
            if editState.swipe != nil { closeSwipe(animated: false) }
            let startY = pan.location(in: self).y - pan.translation(in: self).y
            editState.reorder = TableReorder(source: path, target: path, cell: cell, grab: startY - cell.frame.minY)
            let link = CADisplayLink { [weak self] link in
                let time = link.timestamp
                MainActor.assumeIsolated { self?.autoscrollReorder(at: time) }
            }
            link.add(to: .main, forMode: .common)
            editState.reorder?.link = link
            bringSubviewToFront(cell)
            cell.layer.shadowColor = UIColor.black.cgColor
            cell.layer.shadowOpacity = 0.25
            cell.layer.shadowRadius = 6
            cell.layer.shadowOffset = .zero
            followReorder(to: pan.location(in: self).y)
        case .changed:
            guard editState.reorder?.cell === cell else { return }
            followReorder(to: pan.location(in: self).y)
        case .ended:
            guard editState.reorder?.cell === cell else { return }
            dropReorder(cancelled: false)
        case .cancelled, .failed:
            guard editState.reorder?.cell === cell else { return }
            dropReorder(cancelled: true)
        default:
            break
        }
    }

    /// One frame of the lifted row near an edge: the table scrolls (within its range) and the
    /// row stays under the pointer.
    private func autoscrollReorder(at time: TimeInterval) {
        guard let reorder = editState.reorder else { return }
        let elapsed = reorder.lastTick.map { min(max(time - $0, 0), 0.1) } ?? 0
        editState.reorder?.lastTick = time
        let inset = adjustedContentInset
        let fromTop = reorder.pointerInView - inset.top
        let fromBottom = bounds.height - inset.bottom - reorder.pointerInView
        let zone = Self.reorderScrollZone
        var direction: CGFloat = 0, depth: CGFloat = 0
        if fromTop < zone { direction = -1; depth = zone - max(0, fromTop) }
        else if fromBottom < zone { direction = 1; depth = zone - max(0, fromBottom) }
        guard direction != 0, elapsed > 0 else { return }
        let step = direction * Self.reorderScrollSpeed * min(1, depth / zone) * CGFloat(elapsed)
        let y = min(max(contentOffset.y + step, minimumOffset.y), maximumOffset.y)
        guard y != contentOffset.y else { return }
        contentOffset = CGPoint(x: contentOffset.x, y: y)
        followReorder(to: bounds.minY + reorder.pointerInView)
        layoutIfNeeded()
    }

    private func followReorder(to y: CGFloat) {
        guard var reorder = editState.reorder else { return }
        reorder.pointerInView = y - bounds.minY
        editState.reorder = reorder
        let cell = reorder.cell
        let height = cell.frame.height
        let top = model.first?.rowsTop ?? 0, bottom = model.last?.rowsBottom ?? 0
        let minY = min(max(y - reorder.grab, top), max(top, bottom - height))
        UIView.performWithoutAnimation {
            cell.frame = CGRect(x: cell.frame.minX, y: minY, width: cell.frame.width, height: height)
        }
        guard let proposed = indexPathForRow(at: CGPoint(x: 1, y: minY + height / 2)) else { return }
        let target = retarget(from: reorder.source, proposed: proposed)
        guard target != reorder.target else { return }
        reorder.target = target
        editState.reorder = reorder
        UIView.animate(withDuration: window == nil ? 0 : Self.reorderShiftDuration) {
            for (path, other) in self.visible where other !== cell { other.frame = self.reorderingRect(for: path, cell: other) }
        }
    }

    /// The delegate's answer for `proposed`, checked: a place that does not exist is reported
    /// and `proposed` used instead (UIKit raises).
    private func retarget(from source: IndexPath, proposed: IndexPath) -> IndexPath {
        let target = tableDelegate?.tableView(self, targetIndexPathForMoveFromRowAt: source, toProposedIndexPath: proposed) ?? proposed
        let limit = model.indices.contains(target.section)
            ? model[target.section].rows.count - (target.section == source.section ? 1 : 0) : -1
        guard target.count == 2, target.row >= 0, target.row <= limit else {
            ReuseDiagnostics.report("UITableView: targetIndexPathForMoveFromRowAt returned \(target), which is not a place "
                + "for the row; using the proposed \(proposed)")
            return proposed
        }
        return target
    }

    /// Where the row at `path` shows while a row is lifted: the lifted row where the pointer
    /// holds it, the others moved by its height as if it were already at its target.
    func reorderingRect(for path: IndexPath, cell: UITableViewCell) -> CGRect {
        guard let reorder = editState.reorder else { return rectForRow(at: path) }
        if cell === reorder.cell { return cell.frame }
        let height = rectForRow(at: reorder.source).height
        var rect = rectForRow(at: path)
        if path > reorder.source { rect.origin.y -= height }
        if Self.path(path, movedFrom: reorder.source, to: reorder.target) >= reorder.target { rect.origin.y += height }
        return rect
    }

    /// Where a row sits after the row at `source` moved to `destination`.
    static func path(_ path: IndexPath, movedFrom source: IndexPath, to destination: IndexPath) -> IndexPath {
        if path == source { return destination }
        var row = path.row
        if path.section == source.section, row > source.row { row -= 1 }
        if path.section == destination.section, row >= destination.row { row += 1 }
        return IndexPath(row: row, section: path.section)
    }

    /// Ends the drag: tells the data source (unless cancelled), re-reads the counts and heights
    /// without reloading cells, re-keys the rows on screen and the selection, and lets them
    /// settle into their new places.
    func dropReorder(cancelled: Bool) {
        guard let reorder = editState.reorder else { return }
        editState.reorder = nil
        reorder.link?.invalidate()
        let source = reorder.source, target = cancelled ? reorder.source : reorder.target
        if !cancelled { dataSource?.tableView(self, moveRowAt: source, to: target) }
        if source != target {
            isLayingOut = true
            rebuildModel()
            isLayingOut = false
            var moved: [IndexPath: UITableViewCell] = [:]
            for (path, cell) in visible { moved[Self.path(path, movedFrom: source, to: target)] = cell }
            visible = moved
            selected = Set(selected.map { Self.path($0, movedFrom: source, to: target) })
            prefetched.removeAll()
            prefetchOffset = nil
            updateContentSize()
        }
        let cell = reorder.cell
        UIView.animate(withDuration: window == nil ? 0 : Self.reorderShiftDuration, animations: {
            for (path, other) in self.visible { other.frame = self.rectForRow(at: path) }
            self.layoutHeadersAndFooters()
        }, completion: { [weak self] _ in
            cell.layer.shadowOpacity = 0
            self?.setNeedsLayout()
        })
    }
}
