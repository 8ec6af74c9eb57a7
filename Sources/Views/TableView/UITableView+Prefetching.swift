import Foundation

extension UITableView {
    /// Asks `prefetchDataSource` for the rows within one screen's height beyond the visible
    /// area, on the side the table last scrolled towards. Rows prefetched earlier that left
    /// that window without coming on screen (the scroll reversed, or jumped) are cancelled
    /// first. Runs after each layout pass and does nothing while the offset stays put.
    func prefetchIfNeeded() {
        guard isPrefetchingEnabled, let source = prefetchDataSource, !model.isEmpty else { return }
        let area = bounds
        var direction = prefetchDirection
        if let last = prefetchOffset {
            guard area.minY != last else { return }
            direction = area.minY > last ? 1 : -1
        }
        prefetchOffset = area.minY
        prefetchDirection = direction
        for path in visible.keys { prefetched.remove(path) }
        let start = direction > 0 ? area.maxY : area.minY - area.height
        let end = direction > 0 ? area.maxY + area.height : area.minY
        scratchPaths.removeAll(keepingCapacity: true)
        collectRows(from: max(0, start), to: end, into: &scratchPaths)
        if direction < 0 { scratchPaths.reverse() }
        let windowFirst = scratchPaths.first, windowLast = scratchPaths.last
        prefetchScratch.removeAll(keepingCapacity: true)
        for path in prefetched where !inWindow(path, windowFirst, windowLast) { prefetchScratch.append(path) }
        if !prefetchScratch.isEmpty {
            for path in prefetchScratch { prefetched.remove(path) }
            prefetchScratch.sort()
            source.tableView(self, cancelPrefetchingForRowsAt: prefetchScratch)
        }
        prefetchScratch.removeAll(keepingCapacity: true)
        for path in scratchPaths where visible[path] == nil && prefetched.insert(path).inserted {
            prefetchScratch.append(path)
        }
        if !prefetchScratch.isEmpty { source.tableView(self, prefetchRowsAt: prefetchScratch) }
    }

    private func inWindow(_ path: IndexPath, _ first: IndexPath?, _ last: IndexPath?) -> Bool {
        guard let first, let last else { return false }
        return path >= min(first, last) && path <= max(first, last)
    }

    /// Forgets the prefetch state, telling `source` to cancel what it was asked for.
    func resetPrefetching(cancelling source: UITableViewDataSourcePrefetching?) {
        if let source { cancelPrefetched(source) }
        prefetched.removeAll()
        prefetchOffset = nil
        prefetchDirection = 1
    }

    private func cancelPrefetched(_ source: UITableViewDataSourcePrefetching) {
        guard !prefetched.isEmpty else { return }
        let paths = prefetched.sorted()
        prefetched.removeAll()
        source.tableView(self, cancelPrefetchingForRowsAt: paths)
    }

    /// The rows overlapping `minY..<maxY` (content coordinates), in order.
    private func collectRows(from minY: CGFloat, to maxY: CGFloat, into paths: inout [IndexPath]) {
        guard minY < maxY, var s = sectionIndex(at: minY) else { return }
        while s < model.count, model[s].top < maxY {
            let section = model[s]
            if section.rows.count > 0, section.rowsBottom > minY, section.rowsTop < maxY {
                var row = section.rows.row(at: max(0, minY - section.rowsTop))
                while row >= 0, row < section.rows.count, section.rowsTop + section.rows.offset(of: row) < maxY {
                    paths.append(IndexPath(row: row, section: s))
                    row += 1
                }
            }
            s += 1
        }
    }
}
