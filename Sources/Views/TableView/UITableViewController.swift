import Foundation
import Geometry

/// A view controller whose view is a table that it feeds and answers for, as UIKit's
/// `UITableViewController`: it is the table's data source and delegate, so a subclass overrides
/// `tableView(_:numberOfRowsInSection:)`, `tableView(_:cellForRowAt:)` and whichever delegate
/// and scroll-view delegate methods it needs.
///
/// ```swift
/// final class FruitList: UITableViewController {
///     let fruit = ["Apple", "Banana", "Cherry"]
///     override func viewDidLoad() {
///         super.viewDidLoad()
///         tableView.register(UITableViewCell.self, forCellReuseIdentifier: "fruit")
///     }
///     override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { fruit.count }
///     override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
///         let cell = tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
///         cell.textLabel?.text = fruit[indexPath.row]
///         return cell
///     }
/// }
/// ```
///
/// As in UIKit, the table reloads when it is about to appear the first time, each appearance
/// clears the selection (animated with the appearance) unless `clearsSelectionOnViewWillAppear`
/// is false, and the scroll indicators flash once it has appeared. Under a navigation bar the
/// table's adjusted content inset keeps the first row below the bar. Not here: `refreshControl`.
@MainActor
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    /// The style the table is made with when the view loads.
    private let style: UITableView.Style
    private var hasAppeared = false

    /// Whether each `viewWillAppear` deselects the selected rows. Default true.
    open var clearsSelectionOnViewWillAppear = true

    /// A controller managing a table of `style` (made when the view loads).
    public init(style: UITableView.Style) {
        self.style = style
        super.init()
    }

    /// A controller managing a `.plain` table.
    public override init() {
        style = .plain
        super.init()
    }

    public override init(nibName: String?, bundle: Any?) {
        style = .plain
        super.init(nibName: nibName, bundle: bundle)
    }

    /// The table: the controller's view. Setting it replaces the view; the new table keeps the
    /// data source and delegate it has (UIKit does not reassign them either).
    open var tableView: UITableView! {
        get { view as? UITableView }
        set { view = newValue }
    }

    /// Makes a table of the controller's style, 320×480 as UIKit's default root view, with this
    /// controller as its data source and delegate.
    open override func loadView() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: style)
        table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        table.dataSource = self
        table.delegate = self
        view = table
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard let table = tableView else { return }
        if !hasAppeared {
            hasAppeared = true
            table.reloadData()
        }
        if clearsSelectionOnViewWillAppear {
            for indexPath in table.indexPathsForSelectedRows ?? [] { table.deselectRow(at: indexPath, animated: animated) }
        }
    }

    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        tableView?.flashScrollIndicators()
    }

    // The data source, the delegate and the scroll-view delegate, each method open so that a
    // subclass's override is the one the table calls (Swift binds protocol witnesses here).

    /// Default 0 rows: a subclass overrides it.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    /// Default: a plain `.default` cell (a subclass that has rows overrides it).
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// Default true: every row is editable, as Apple documents.
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    /// Default: nothing (a subclass that overrides it gets swipe-to-delete, as in UIKit).
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        tableView.defaultsHit.insert(.commitEditing)
    }
    /// Default true: a row shows a reorder control when `moveRowAt:to:` is overridden.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    /// Default: nothing (a subclass that overrides it gets reorder controls, as in UIKit).
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        tableView.defaultsHit.insert(.moveRow)
    }

    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.defaultsHit.insert(.rowHeight)
        return tableView.rowHeight
    }
    open func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        tableView.defaultsHit.insert(.estimatedRowHeight)
        return tableView.estimatedRowHeight
    }
    open func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        tableView.resolvedHeaderHeight(section)
    }
    open func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat {
        tableView.resolvedFooterHeight(section)
    }
    open func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    open func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    open func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    /// Default `.delete`, as in UIKit.
    open func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle { .delete }
    /// Default "Delete".
    open func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? { "Delete" }
    /// Default true: content moves right by the editing control's width.
    open func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    /// Called when a swipe opens a row's actions. Default: nothing.
    open func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {}
    /// Called when a row's swipe closes (nil once the row is gone). Default: nothing.
    open func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {}
    /// Default: the proposed index path.
    open func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                        toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath { proposedDestinationIndexPath }
    /// Default nil: no leading actions.
    open func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    /// Default nil: the Delete action when `commit` is overridden and the style is `.delete`.
    open func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }

    /// Sets the controller's editing state (updating `editButtonItem`) and the table's, as UIKit.
    open override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        tableView?.setEditing(editing, animated: animated)
    }

    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    open func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    open func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                        targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    open func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    open func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    open func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    open func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    open func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    open func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    open func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}
