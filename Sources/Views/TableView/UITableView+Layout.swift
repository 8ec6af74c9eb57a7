import Foundation
import Layers

extension UITableView {
    /// Forgets every row and asks the data source again: counts, heights and (at the next
    /// layout) the cells on screen. Clears the selection, as in UIKit. Safe from inside a data
    /// source or delegate call made while the table lays out: the reload then runs when that
    /// layout pass ends.
    public func reloadData() {
        if isLayingOut {
            pendingReload = true
            setNeedsLayout()
            return
        }
        performReload()
        if pendingReload {
            pendingReload = false
            performReload()
            pendingReload = false
        }
        setNeedsLayout()
    }

    /// Re-reads the section's header and footer heights (and the rows' heights) from the
    /// delegate without reloading cells: how a delegate animates a height change, as in
    /// UIKit's empty `beginUpdates()`/`endUpdates()`.
    func refreshGeometry() {
        rebuildModel()
        updateContentSize()
    }

    func loadIfNeeded() {
        if needsReload, !isLayingOut { performReload() }
    }

    func performReload() {
        needsReload = false
        for (path, cell) in visible { retire(cell, at: path) }
        visible.removeAll()
        removeHeadersAndFooters()
        resetPrefetching(cancelling: prefetchDataSource)
        resetEditingInteractions()
        selected.removeAll()
        highlightedPath = nil
        let wasLayingOut = isLayingOut
        isLayingOut = true
        rebuildModel()
        isLayingOut = wasLayingOut
        updateContentSize()
    }

    func updateContentSize() {
        let height = (model.last?.bottom ?? tableHeaderHeight) + tableFooterHeight
        let size = CGSize(width: bounds.width, height: height)
        if contentSize != size { contentSize = size }
    }

    /// Asks the data source and delegate for the sections' counts, titles and heights (into
    /// `model`, section by section, so the default header heights can read the titles).
    func rebuildModel() {
        model.removeAll()
        guard let source = dataSource else { return }
        let delegate = tableDelegate
        let count = max(0, min(source.numberOfSections(in: self), 1 << 20))
        model.reserveCapacity(count)
        var top = tableHeaderHeight
        isEstimating = estimatedRowHeight > 0
        for index in 0..<count {
            let rows = max(0, source.tableView(self, numberOfRowsInSection: index))
            var section = TableSection(rows: RowHeights(count: rows, height: rowHeight))
            section.top = top
            section.headerTitle = source.tableView(self, titleForHeaderInSection: index)
            section.footerTitle = source.tableView(self, titleForFooterInSection: index)
            model.append(section)
            let header = delegate?.tableView(self, heightForHeaderInSection: index) ?? resolvedHeaderHeight(index)
            let footer = delegate?.tableView(self, heightForFooterInSection: index) ?? resolvedFooterHeight(index)
            guard model.count == index + 1 else { return }
            model[index].header = CGFloat(RowHeights.valid(header))
            model[index].footer = CGFloat(RowHeights.valid(footer))
            if let delegate, rows > 0 {
                let heights = rowHeights(index, rows: rows, delegate: delegate)
                guard model.count == index + 1 else { return }
                model[index].rows = heights
            }
            top = model[index].bottom
        }
    }

    private func rowHeights(_ section: Int, rows: Int, delegate: UITableViewDelegate) -> RowHeights {
        defaultsHit.removeAll()
        let first = delegate.tableView(self, heightForRowAt: IndexPath(row: 0, section: section))
        if defaultsHit.contains(.rowHeight) { return RowHeights(count: rows, height: rowHeight) }
        let estimate = delegate.tableView(self, estimatedHeightForRowAt: IndexPath(row: 0, section: section))
        if defaultsHit.contains(.estimatedRowHeight) || RowHeights.valid(estimate) == 0 {
            guard estimatedRowHeight > 0 else {
                return RowHeights(count: rows) { row in
                    row == 0 ? first : delegate.tableView(self, heightForRowAt: IndexPath(row: row, section: section))
                }
            }
            var heights = RowHeights(count: rows, height: estimatedRowHeight)
            heights.setHeight(first, of: 0)
            return heights
        }
        isEstimating = true
        return RowHeights(count: rows) { row in
            row == 0 ? estimate : delegate.tableView(self, estimatedHeightForRowAt: IndexPath(row: row, section: section))
        }
    }

    /// `sectionHeaderHeight`, with `automaticDimension` resolved (see there).
    func resolvedHeaderHeight(_ section: Int) -> CGFloat {
        if sectionHeaderHeight >= 0 { return sectionHeaderHeight }
        let titled = model.indices.contains(section) ? model[section].headerTitle != nil : false
        return style == .grouped ? (titled ? 38 : 18) : (titled ? 28 : 0)
    }

    /// `sectionFooterHeight`, with `automaticDimension` resolved (see there).
    func resolvedFooterHeight(_ section: Int) -> CGFloat {
        if sectionFooterHeight >= 0 { return sectionFooterHeight }
        let titled = model.indices.contains(section) ? model[section].footerTitle != nil : false
        return style == .grouped ? (titled ? 38 : 18) : (titled ? 28 : 0)
    }

    func restack(from index: Int) {
        guard model.indices.contains(index) else { return }
        var top = index == 0 ? tableHeaderHeight : model[index - 1].bottom
        for i in index..<model.count {
            model[i].top = top
            top = model[i].bottom
        }
    }

    func layoutTable() {
        if needsReload { performReload() }
        if bounds.width != laidOutWidth {
            laidOutWidth = bounds.width
            updateContentSize()
        }
        layoutVisibleRows()
        if pendingReload {
            pendingReload = false
            performReload()
            layoutVisibleRows()
            if pendingReload { pendingReload = false; needsReload = true; setNeedsLayout() }
        }
        prefetchIfNeeded()
    }

    /// Brings the cells and headers in line with the visible area: cells that left it are
    /// enqueued, rows that entered it get cells, every cell is placed.
    /// `placesCells` false leaves the cells already on screen where they are (a batch update
    /// animates them afterwards).
    func layoutVisibleRows(placesCells: Bool = true, entering: ((IndexPath, UITableViewCell) -> Void)? = nil) {
        isLayingOut = true
        defer { isLayingOut = false }
        let area = bounds
        scratchPaths.removeAll(keepingCapacity: true)
        for (path, cell) in visible {
            let r = editState.reorder == nil ? rectForRow(at: path) : reorderingRect(for: path, cell: cell)
            if r.isEmpty || !r.intersects(area) { scratchPaths.append(path) } else if placesCells, cell.frame != r { cell.frame = r }
        }
        for path in scratchPaths {
            if let cell = visible.removeValue(forKey: path) { retire(cell, at: path) }
        }
        guard let first = sectionIndex(at: max(0, area.minY)) else { return layoutHeadersAndFooters() }
        var s = first
        while s < model.count, model[s].top < area.maxY {
            let section = model[s]
            if section.rows.count > 0, section.rowsBottom > area.minY, section.rowsTop < area.maxY {
                var row = section.rows.row(at: max(0, area.minY - section.rowsTop))
                while row < model[s].rows.count {
                    let path = IndexPath(row: row, section: s)
                    if visible[path] == nil { if !showCell(at: path, entering: entering) { break } }
                    if model[s].rowsTop + model[s].rows.offset(of: row + 1) >= area.maxY { break }
                    row += 1
                }
            }
            s += 1
        }
        layoutHeadersAndFooters()
    }

    /// Makes and shows the cell of `path`; false when the model changed under it (a reload
    /// asked for from a delegate call), which ends the pass.
    private func showCell(at path: IndexPath, entering: ((IndexPath, UITableViewCell) -> Void)?) -> Bool {
        if isEstimating, let delegate = tableDelegate {
            let measured = delegate.tableView(self, heightForRowAt: path)
            let old = model[path.section].rows.height(of: path.row)
            if CGFloat(RowHeights.valid(measured)) != old {
                let top = rectForRow(at: path).minY
                model[path.section].rows.setHeight(measured, of: path.row)
                restack(from: path.section + 1)
                updateContentSize()
                if top < bounds.minY {
                    var b = bounds
                    b.origin.y += model[path.section].rows.height(of: path.row) - old
                    bounds = b
                }
                for (other, cell) in visible { cell.frame = rectForRow(at: other) }
            }
        }
        let cell = makeCell(at: path)
        guard !pendingReload else {
            cellQueue.enqueue(cell, identifier: cell.reuseIdentifier)
            return false
        }
        UIView.performWithoutAnimation {
            cell.frame = editState.reorder == nil ? rectForRow(at: path) : reorderingRect(for: path, cell: cell)
            cell.setSelected(selected.contains(path), animated: false)
            cell.separatorColor = separatorStyle == .none ? nil : separatorColor
            prepareEditing(cell, at: path)
            cell.setNeedsLayout()
        }
        entering?(path, cell)
        tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
        guard !pendingReload else {
            cellQueue.enqueue(cell, identifier: cell.reuseIdentifier)
            return false
        }
        visible[path] = cell
        if cell.superview !== self { insertSubview(cell, at: 0) }
        return true
    }

    private func makeCell(at path: IndexPath) -> UITableViewCell {
        guard let source = dataSource else { return UITableViewCell(style: .default, reuseIdentifier: nil) }
        let cell = source.tableView(self, cellForRowAt: path)
        if let owner = cell.owningTable, owner !== self {
            ReuseDiagnostics.report("UITableView: the data source returned, for row \(path.row) in section \(path.section), "
                + "a cell that belongs to another table view; showing an empty cell instead")
            return UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        if visible.values.contains(where: { $0 === cell }) || (cell.superview != nil && cell.superview !== self) {
            ReuseDiagnostics.report("UITableView: the data source returned, for row \(path.row) in section \(path.section), "
                + "a cell that is already on screen; showing an empty cell instead")
            return UITableViewCell(style: .default, reuseIdentifier: nil)
        }
        cell.owningTable = self
        return cell
    }

    /// Takes a cell off screen: tells the delegate, and pools it for reuse.
    func retire(_ cell: UITableViewCell, at path: IndexPath) {
        if editState.swipe?.cell === cell {
            endSwipe(rowRemains: rowExists(path), at: path)
            cell.resetSwipe()
        }
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
        if cell.isHighlighted { cell.setHighlighted(false, animated: false) }
        cellQueue.enqueue(cell, identifier: cell.reuseIdentifier)
    }

    func removeHeadersAndFooters() {
        for view in headerViews.values { recycle(view) }
        for view in footerViews.values { recycle(view) }
        headerViews.removeAll()
        footerViews.removeAll()
    }

    private func recycle(_ view: UIView) {
        view.removeFromSuperview()
        if let title = view as? TableTitleView { titleViewPool.append(title) }
    }

    /// Places the headers and footers of the sections on screen; in `.plain` they float.
    func layoutHeadersAndFooters() {
        let area = bounds
        let inset = adjustedContentInset
        let visibleTop = area.minY + inset.top, visibleBottom = area.maxY - inset.bottom
        placeTableHeaderAndFooter()
        for (index, view) in headerViews where !sectionShows(index, in: area) || model[index].header <= 0 {
            headerViews[index] = nil
            recycle(view)
        }
        for (index, view) in footerViews where !sectionShows(index, in: area) || model[index].footer <= 0 {
            footerViews[index] = nil
            recycle(view)
        }
        guard let first = sectionIndex(at: max(0, area.minY)) else { return }
        var s = first
        while s < model.count, model[s].top < area.maxY {
            let section = model[s]
            if section.header > 0 {
                var y = section.top
                if style == .plain { y = max(y, min(visibleTop, section.bottom - section.header)) }
                let frame = CGRect(x: 0, y: y, width: area.width, height: section.header)
                place(supplementary: &headerViews, section: s, frame: frame, footer: false)
            }
            if section.footer > 0 {
                var y = section.rowsBottom
                if style == .plain { y = max(section.rowsTop, min(y, visibleBottom - section.footer)) }
                let frame = CGRect(x: 0, y: y, width: area.width, height: section.footer)
                place(supplementary: &footerViews, section: s, frame: frame, footer: true)
            }
            s += 1
        }
    }

    private func sectionShows(_ index: Int, in area: CGRect) -> Bool {
        model.indices.contains(index) && model[index].top < area.maxY && model[index].bottom > area.minY
    }

    private func place(supplementary views: inout [Int: UIView], section: Int, frame: CGRect, footer: Bool) {
        if let view = views[section] {
            if view.frame != frame { view.frame = frame }
            return
        }
        let title = footer ? model[section].footerTitle : model[section].headerTitle
        let custom = footer ? tableDelegate?.tableView(self, viewForFooterInSection: section)
            : tableDelegate?.tableView(self, viewForHeaderInSection: section)
        let view: UIView
        if let custom {
            view = custom
        } else if let title {
            let titleView = titleViewPool.popLast() ?? TableTitleView()
            titleView.configure(title: title, grouped: style == .grouped, footer: footer)
            view = titleView
        } else {
            return
        }
        UIView.performWithoutAnimation { view.frame = frame }
        views[section] = view
        addSubview(view)
    }
}
