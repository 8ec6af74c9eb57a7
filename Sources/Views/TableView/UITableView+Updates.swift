import Foundation

/// The row changes collected between `beginUpdates()` and `endUpdates()`.
struct PendingTableUpdate {
    var batch = UpdateBatch()
    var insertAnimations: [IndexPath: UITableView.RowAnimation] = [:]
    var deleteAnimations: [IndexPath: UITableView.RowAnimation] = [:]
    /// By new section index: how the rows of inserted and reloaded sections come in.
    var sectionInsertAnimations: [Int: UITableView.RowAnimation] = [:]
    /// By old section index: how the rows of deleted and reloaded sections go out.
    var sectionDeleteAnimations: [Int: UITableView.RowAnimation] = [:]
    var completions: [(Bool) -> Void] = []
}

extension UITableView {
    /// How long row animations take: 0.3 s (UIKit documents none; this is what it measures).
    static let rowAnimationDuration: TimeInterval = 0.3

    /// Starts a group of row changes that animate together at `endUpdates()` (groups nest).
    public func beginUpdates() {
        loadIfNeeded()
        updateDepth += 1
    }

    /// Ends a group: the data source is asked for the new counts, which must equal the old ones
    /// plus insertions minus deletions (UIKit raises otherwise; here the counts are reported and
    /// the table reloads), and the rows animate to their places. An empty group re-reads the
    /// heights and animates rows to them.
    public func endUpdates() {
        guard updateDepth > 0 else { return }
        updateDepth -= 1
        guard updateDepth == 0 else { return }
        let update = pendingUpdate
        pendingUpdate = PendingTableUpdate()
        apply(update)
    }

    /// Runs `updates` (row insertions, deletions, moves, reloads and the matching data-source
    /// changes) as one animated group, then calls `completion` when the animations end (true
    /// unless they were interrupted).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        if let completion { pendingUpdate.completions.append(completion) }
        endUpdates()
    }

    /// Inserts rows (paths after the update), animated with `animation`.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        group {
            for path in indexPaths {
                pendingUpdate.batch.inserted.insert(path)
                pendingUpdate.insertAnimations[path] = animation
            }
        }
    }

    /// Deletes rows (paths before the update), animated with `animation`.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        group {
            for path in indexPaths {
                pendingUpdate.batch.deleted.insert(path)
                pendingUpdate.deleteAnimations[path] = animation
            }
        }
    }

    /// Asks the data source again for these rows' cells (paths before the update), the old cell
    /// going out and the new one coming in with `animation`. A reloaded row is deselected.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        group {
            for path in indexPaths {
                pendingUpdate.batch.reloaded.insert(path)
                pendingUpdate.deleteAnimations[path] = animation
            }
        }
    }

    /// Moves a row (from a path before the update to one after it); its cell slides there.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        group { pendingUpdate.batch.moved[indexPath] = newIndexPath }
    }

    /// Inserts sections (indices after the update); their rows come in with `animation`.
    /// In a batch, row insertions name sections after the update, row deletions before it.
    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        queue(sections, in: \.insertedSections, animated: animation, by: \.sectionInsertAnimations)
    }

    /// Deletes sections (indices before the update) with their rows, which go out with
    /// `animation`; their headers and footers fade.
    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        queue(sections, in: \.deletedSections, animated: animation, by: \.sectionDeleteAnimations)
    }

    /// Asks the data source again for these sections (indices before the update): their row
    /// count may change freely, their old cells go out and the new ones come in with
    /// `animation`, and their selected rows are deselected, as in UIKit.
    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        queue(sections, in: \.reloadedSections, animated: animation, by: \.sectionDeleteAnimations)
    }

    /// Moves a section (from its index before the update to one after it); its cells, header
    /// and footer slide there and keep their selection.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        group { pendingUpdate.batch.movedSections[section] = newSection }
    }

    private func queue(_ sections: IndexSet, in kind: WritableKeyPath<UpdateBatch, Set<Int>>, animated animation: RowAnimation,
                       by animations: WritableKeyPath<PendingTableUpdate, [Int: RowAnimation]>) {
        group {
            for section in sections {
                pendingUpdate.batch[keyPath: kind].insert(section)
                pendingUpdate[keyPath: animations][section] = animation
            }
        }
    }

    private func group(_ body: () -> Void) {
        beginUpdates()
        body()
        endUpdates()
    }

    private func apply(_ update: PendingTableUpdate) {
        let finish: (Bool) -> Void = { finished in for completion in update.completions { completion(finished) } }
        let oldCounts = model.map(\.rows.count)
        isLayingOut = true
        rebuildModel()
        isLayingOut = false
        let newCounts = model.map(\.rows.count)
        let mapping: UpdateBatch.Mapping
        do {
            mapping = try update.batch.mapping(old: oldCounts, new: newCounts, noun: "row")
        } catch {
            ReuseDiagnostics.report("UITableView: \(error) The table reloads.")
            reloadData()
            return finish(true)
        }
        // Prefetched paths name rows before the update: they are forgotten, and the next layout
        // prefetches afresh with the new paths.
        prefetched.removeAll()
        prefetchOffset = nil
        var disappearing: [(cell: UITableViewCell, path: IndexPath, animation: RowAnimation)] = []
        var survivors: [IndexPath: UITableViewCell] = [:]
        for (path, cell) in visible {
            if !update.batch.reloaded.contains(path), let target = mapping.newPath(for: path) {
                survivors[target] = cell
            } else {
                let animation = update.deleteAnimations[path] ?? update.sectionDeleteAnimations[path.section] ?? .fade
                disappearing.append((cell, path, animation))
            }
        }
        visible = survivors
        selected = Set(selected.filter { !update.batch.reloaded.contains($0) }.compactMap { mapping.newPath(for: $0) })
        var reloadedTargets: [IndexPath: RowAnimation] = [:]
        for path in update.batch.reloaded {
            if let target = mapping.newPath(for: path) { reloadedTargets[target] = update.deleteAnimations[path] ?? .fade }
        }
        var sectionsIn = update.sectionInsertAnimations
        for section in update.batch.reloadedSections { sectionsIn[section] = update.sectionDeleteAnimations[section] ?? .fade }
        let leavingSupplementaries = update.batch.changesSections ? remapSupplementaryViews(with: mapping) : []
        updateContentSize()
        let width = bounds.width
        // Survivors keep their on-screen frames until the animation moves them; rows coming
        // on screen start where their animation starts.
        UIView.performWithoutAnimation {
            layoutVisibleRows(placesCells: false) { path, cell in
                let animation = update.insertAnimations[path] ?? reloadedTargets[path] ?? sectionsIn[path.section]
                guard let animation else { return }
                cell.frame = Self.offset(cell.frame, by: animation, width: width)
                if Self.fades(animation) { cell.alpha = 0 }
            }
        }
        for item in disappearing where item.animation == .top || item.animation == .bottom {
            insertSubview(item.cell, at: 0)
        }
        for item in disappearing where item.animation == .none { item.cell.isHidden = true }
        let hasAnimations = window != nil
        UIView.animate(withDuration: hasAnimations ? Self.rowAnimationDuration : 0, animations: {
            for (path, cell) in self.visible {
                cell.frame = self.rectForRow(at: path)
                cell.alpha = 1
            }
            for item in disappearing where item.animation != .none {
                item.cell.frame = Self.offset(item.cell.frame, by: item.animation, width: width)
                if Self.fades(item.animation) { item.cell.alpha = 0 }
            }
            self.layoutHeadersAndFooters()
            for view in leavingSupplementaries { view.alpha = 0 }
        }, completion: { [weak self] finished in
            for view in leavingSupplementaries {
                view.alpha = 1
                guard let self else { continue }
                let shown = self.headerViews.values.contains { $0 === view } || self.footerViews.values.contains { $0 === view }
                if !shown { view.removeFromSuperview() }
            }
            for item in disappearing {
                item.cell.isHidden = false
                item.cell.alpha = 1
                self?.retire(item.cell, at: item.path)
            }
            self?.setNeedsLayout()
            finish(finished)
        })
    }

    /// Re-keys the headers and footers on screen by their sections' new indices; those of
    /// deleted and reloaded sections are returned, still on screen, to fade out.
    private func remapSupplementaryViews(with mapping: UpdateBatch.Mapping) -> [UIView] {
        var leaving: [UIView] = []
        func remap(_ views: [Int: UIView]) -> [Int: UIView] {
            var result: [Int: UIView] = [:]
            for (section, view) in views {
                if let target = mapping.newSection(for: section) { result[target] = view } else { leaving.append(view) }
            }
            return result
        }
        headerViews = remap(headerViews)
        footerViews = remap(footerViews)
        return leaving
    }

    /// Where a row starts (inserted) or ends (deleted) for `animation`.
    static func offset(_ frame: CGRect, by animation: RowAnimation, width: CGFloat) -> CGRect {
        switch animation {
        case .right: frame.offsetBy(dx: width, dy: 0)
        case .left: frame.offsetBy(dx: -width, dy: 0)
        case .top: frame.offsetBy(dx: 0, dy: -frame.height)
        case .bottom: frame.offsetBy(dx: 0, dy: frame.height)
        case .fade, .none, .middle, .automatic: frame
        }
    }

    static func fades(_ animation: RowAnimation) -> Bool {
        switch animation {
        case .fade, .top, .bottom, .middle, .automatic: true
        case .right, .left, .none: false
        }
    }
}
