import Foundation

extension UICollectionView {
    /// The selected items in order (empty when none; UIKit's is optional, nil when empty).
    public var indexPathsForSelectedItems: [IndexPath]? { selected.isEmpty ? nil : selected.sorted() }

    /// Selects the item without calling the delegate (deselecting the others unless
    /// `allowsMultipleSelection`; nil deselects all), then scrolls for `scrollPosition`.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        loadIfNeeded()
        guard let indexPath else {
            for path in selected { cells[path]?.isSelected = false }
            selected.removeAll()
            return
        }
        guard itemExists(indexPath) else { return }
        if !allowsMultipleSelection {
            for path in selected where path != indexPath { cells[path]?.isSelected = false }
            selected.removeAll()
        }
        selected.insert(indexPath)
        cells[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the item without calling the delegate.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        guard selected.remove(indexPath) != nil else { return }
        cells[indexPath]?.isSelected = false
    }

    func itemExists(_ path: IndexPath) -> Bool {
        counts.indices.contains(path.section) && path.item >= 0 && path.item < counts[path.section]
    }

    /// A tap, in UIKit's order: in multiple selection a selected item asks
    /// `shouldDeselectItemAt` and is deselected; otherwise `shouldSelectItemAt`, then the
    /// previous selection's `didDeselectItemAt`, then `didSelectItemAt`.
    func selectByTap(_ path: IndexPath) {
        let delegate = collectionDelegate
        if allowsMultipleSelection, selected.contains(path) {
            guard delegate?.collectionView(self, shouldDeselectItemAt: path) ?? true else { return }
            deselectItem(at: path, animated: false)
            delegate?.collectionView(self, didDeselectItemAt: path)
            return
        }
        guard delegate?.collectionView(self, shouldSelectItemAt: path) ?? true else { return }
        if !allowsMultipleSelection {
            for other in selected.sorted() where other != path {
                deselectItem(at: other, animated: false)
                delegate?.collectionView(self, didDeselectItemAt: other)
            }
        }
        selected.insert(path)
        cells[path]?.isSelected = true
        delegate?.collectionView(self, didSelectItemAt: path)
    }

    /// Runs `updates` (item changes and the matching data-source changes) as one group animated
    /// over 0.3 s; `completion` runs when the animations end. Counts that do not add up are
    /// reported with UIKit's message and the view reloads.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        loadIfNeeded()
        updateDepth += 1
        updates?()
        if let completion { pendingCompletions.append(completion) }
        updateDepth -= 1
        if updateDepth == 0 { applyUpdates() }
    }

    /// Inserts items (paths after the update); they fade in (or start from the layout's
    /// `initialLayoutAttributesForAppearingItem`).
    public func insertItems(at indexPaths: [IndexPath]) {
        performBatchUpdates { self.pendingUpdate.inserted.formUnion(indexPaths) }
    }

    /// Deletes items (paths before the update); they fade out (or go to the layout's
    /// `finalLayoutAttributesForDisappearingItem`).
    public func deleteItems(at indexPaths: [IndexPath]) {
        performBatchUpdates { self.pendingUpdate.deleted.formUnion(indexPaths) }
    }

    /// Asks again for these items' cells (paths before the update), cross-fading.
    public func reloadItems(at indexPaths: [IndexPath]) {
        performBatchUpdates { self.pendingUpdate.reloaded.formUnion(indexPaths) }
    }

    /// Moves an item; its cell slides to the new place.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        performBatchUpdates { self.pendingUpdate.moved[indexPath] = newIndexPath }
    }

    private func applyUpdates() {
        let batch = pendingUpdate, completions = pendingCompletions
        pendingUpdate = UpdateBatch()
        pendingCompletions = []
        let finish: (Bool) -> Void = { finished in for completion in completions { completion(finished) } }
        let oldCounts = counts
        loadCounts()
        let mapping: UpdateBatch.Mapping
        do {
            mapping = try batch.mapping(old: oldCounts, new: counts, noun: "item")
        } catch {
            ReuseDiagnostics.report("UICollectionView: \(error) The collection view reloads.")
            reloadData()
            return finish(true)
        }
        var disappearing: [(cell: UICollectionViewCell, path: IndexPath)] = []
        var survivors: [IndexPath: UICollectionViewCell] = [:]
        for (path, cell) in cells {
            if !batch.reloaded.contains(path), let target = mapping.newPath(for: path) { survivors[target] = cell }
            else { disappearing.append((cell, path)) }
        }
        cells = survivors
        selected = Set(selected.filter { !batch.reloaded.contains($0) }.compactMap { mapping.newPath(for: $0) })
        var appearing = Set(batch.inserted)
        for path in batch.reloaded { if let target = mapping.newPath(for: path) { appearing.insert(target) } }
        collectionViewLayout.isValid = false
        let layout = collectionViewLayout
        UIView.performWithoutAnimation {
            layoutElements(placesCells: false) { path, cell in
                guard appearing.contains(path) else { return }
                let start = layout.initialLayoutAttributesForAppearingItem(at: path)
                if let start { self.apply(start, to: cell) } else { cell.alpha = 0 }
            }
        }
        UIView.animate(withDuration: window != nil ? 0.3 : 0, animations: {
            for (path, cell) in self.cells {
                if let attributes = layout.layoutAttributesForItem(at: path) { self.apply(attributes, to: cell) }
            }
            for item in disappearing {
                if let end = layout.finalLayoutAttributesForDisappearingItem(at: item.path) { self.apply(end, to: item.cell) }
                else { item.cell.alpha = 0 }
            }
        }, completion: { [weak self] finished in
            for item in disappearing {
                item.cell.alpha = 1
                self?.retire(item.cell, at: item.path)
            }
            self?.setNeedsLayout()
            finish(finished)
        })
    }
}
