import Foundation

extension UITableView {
    /// A new (or re-assigned) `tableHeaderView` or `tableFooterView`: takes the old view out,
    /// puts the new one in, reads both heights and moves the sections below the header. The
    /// selection and the cells stay (UIKit does not reload for this).
    func tableChromeChanged(replacing old: UIView?) {
        if let old, old.superview === self, old !== tableHeaderView, old !== tableFooterView {
            old.removeFromSuperview()
        }
        for view in [tableHeaderView, tableFooterView] {
            if let view, view.superview !== self { addSubview(view) }
        }
        tableHeaderHeight = tableHeaderView.map { CGFloat(RowHeights.valid($0.frame.height)) } ?? 0
        tableFooterHeight = tableFooterView.map { CGFloat(RowHeights.valid($0.frame.height)) } ?? 0
        if !needsReload {
            restack(from: 0)
            updateContentSize()
        }
        setNeedsLayout()
    }

    /// Puts `tableHeaderView` at the top of the content and `tableFooterView` right below the
    /// last section, both as wide as the table. Their own heights are left alone: a view grown
    /// after its assignment overlaps the rows until it is assigned again, as in UIKit.
    func placeTableHeaderAndFooter() {
        if let header = tableHeaderView {
            let frame = CGRect(x: 0, y: 0, width: bounds.width, height: header.frame.height)
            if header.frame != frame { header.frame = frame }
        }
        if let footer = tableFooterView {
            let top = model.last?.bottom ?? tableHeaderHeight
            let frame = CGRect(x: 0, y: top, width: bounds.width, height: footer.frame.height)
            if footer.frame != frame { footer.frame = frame }
        }
    }
}
