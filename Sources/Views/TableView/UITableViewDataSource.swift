import Foundation

/// Supplies a table view's rows, as UIKit's `UITableViewDataSource`. Only
/// `tableView(_:numberOfRowsInSection:)` and `tableView(_:cellForRowAt:)` are required; the
/// others have UIKit's defaults (one section, no titles).
@MainActor
public protocol UITableViewDataSource: AnyObject {
    /// The number of rows in `section` (negative counts as 0). Asked at `reloadData` and after
    /// batch updates; a count that changes without either is not seen, as in UIKit.
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// The cell for a row coming on screen: normally one from
    /// `dequeueReusableCell(withIdentifier:for:)`, configured.
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// The number of sections. Default 1.
    func numberOfSections(in tableView: UITableView) -> Int
    /// The text of `section`'s header, drawn by the table's own header view. Default nil.
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    /// The text of `section`'s footer. Default nil.
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    /// Whether the row can be edited: editable rows show their editing control in editing
    /// mode and can be swiped to delete. Default true (Apple: "if this method is not
    /// implemented, all rows are assumed to be editable").
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// Carries out the user's deletion (`.delete`: the Delete confirmation button or the default
    /// trailing swipe action) or insertion (`.insert`: the green plus control) of the row: update
    /// the model, then call `deleteRows(at:with:)` or `insertRows(at:with:)`. Default: nothing,
    /// and without an implementation a row offers no swipe-to-delete (as in UIKit). Swift cannot
    /// ask whether a type implements a method without calling it, so the table calls it once per
    /// data source with `.none` (never a real commit) and sees whether the default ran:
    /// ignore `.none`, as UIKit's template does by testing for `.delete` and `.insert`.
    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
    /// Whether the row shows a reorder control in editing mode. Default true; the control shows
    /// only when `tableView(_:moveRowAt:to:)` is implemented too, as in UIKit.
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// The user dropped a row dragged by its reorder control: move it in the model. The table
    /// has already moved it on screen and does not reload. Also called with `sourceIndexPath ==
    /// destinationIndexPath` when the row is dropped where it started (which an implementation
    /// must treat as no move); the table also calls it so, once per data source in editing
    /// mode, to learn whether it is implemented (Swift cannot ask otherwise). Default: nothing,
    /// and without an implementation no row shows a reorder control.
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        tableView.defaultsHit.insert(.commitEditing)
    }
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        tableView.defaultsHit.insert(.moveRow)
    }
}

/// A table view's appearance and selection hooks, as UIKit's `UITableViewDelegate` (it is also
/// the table's scroll-view delegate). Every method is optional.
///
/// Heights: a delegate that does not implement `tableView(_:heightForRowAt:)` gets
/// `rowHeight` for every row, in O(1) however many rows; one that does is asked for every row
/// at `reloadData` (as UIKit does), unless it gives estimates (`estimatedRowHeight` above 0 or
/// `tableView(_:estimatedHeightForRowAt:)`): then it is asked only as rows come on screen.
@MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    /// The height of a row, points. Default `rowHeight`.
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// A row's estimated height, used until it comes on screen. Default `estimatedRowHeight`.
    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat
    /// The height of `section`'s header. Default `sectionHeaderHeight` (see there).
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    /// The height of `section`'s footer. Default `sectionFooterHeight`.
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    /// A view for `section`'s header, in place of the title. Default nil.
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
    /// A view for `section`'s footer. Default nil.
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?
    /// A cell is about to come on screen (its frame is set, it is not yet a subview).
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// A cell went off screen (or its row was deleted or reloaded).
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// Whether a touch on the row highlights it (and so may select it). Default true.
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// The row a tap is about to select: `indexPath`, another, or nil to select nothing.
    /// Default `indexPath`.
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// A tap selected the row.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    /// The row a tap is about to deselect (nil keeps it selected). Default `indexPath`.
    func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
    /// A tap (on it or, in single selection, on another row) deselected the row.
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    /// The editing control an editable row shows in editing mode. Default `.delete`.
    func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle
    /// The title of the red confirmation button a `.delete` row shows after its delete control
    /// is tapped, and of the default swipe-to-delete action. Default (and for nil) "Delete".
    func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String?
    /// Whether the row's content moves right to make room for the editing control in editing
    /// mode (the cell's `shouldIndentWhileEditing` must agree). Default true.
    func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool
    /// A swipe is about to reveal the row's actions (outside editing mode); the table's
    /// `isEditing` reads true until the swipe closes, as in UIKit.
    func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath)
    /// The swipe on the row closed (nil when the row no longer exists, as after a deletion).
    func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?)
    /// Where a row dragged by its reorder control goes when dropped over
    /// `proposedDestinationIndexPath`: return that, or another valid place. Asked each time the
    /// proposed place changes during the drag. Default `proposedDestinationIndexPath`.
    func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                   toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath
    /// The actions a swipe to the right reveals at the row's leading edge. Default nil (none).
    func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
    /// The actions a swipe to the left reveals at the row's trailing edge. Default nil: an
    /// editable `.delete` row whose data source implements `tableView(_:commit:forRowAt:)` then
    /// gets the Delete action, as in UIKit. A configuration with no actions disables the swipe.
    func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.defaultsHit.insert(.rowHeight)
        return tableView.rowHeight
    }
    public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.defaultsHit.insert(.estimatedRowHeight)
        return tableView.estimatedRowHeight
    }
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        tableView.resolvedHeaderHeight(section)
    }
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        tableView.resolvedFooterHeight(section)
    }
    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle { .delete }
    public func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? { "Delete" }
    public func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {}
    public func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                          toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath { proposedDestinationIndexPath }
    public func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    public func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
}

/// Told ahead of time which rows are about to come on screen, as UIKit's
/// `UITableViewDataSourcePrefetching`: start loading their data here so that
/// `tableView(_:cellForRowAt:)` finds it ready.
@MainActor
public protocol UITableViewDataSourcePrefetching: AnyObject {
    /// Rows about to come on screen, in the order they will: up to one screen's height beyond
    /// the visible rows in the direction of the scroll (downward at the first layout). Never
    /// rows on screen, and each row once until it is cancelled or has been shown.
    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
    /// Rows prefetched that are no longer expected: the scroll reversed before they came on
    /// screen, or the table reloaded. Default: nothing.
    func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension UITableViewDataSourcePrefetching {
    public func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}
