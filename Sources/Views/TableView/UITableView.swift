import Foundation
import Layers

/// A scrolling list of rows in sections, as UIKit's `UITableView`.
///
/// ```swift
/// let table = UITableView(frame: view.bounds, style: .plain)
/// table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
/// table.dataSource = self      // numberOfRowsInSection, cellForRowAt
/// table.delegate = self        // optional: heights, selection, display
/// view.addSubview(table)
/// ```
///
/// **Reuse.** Only the cells of rows on screen exist as subviews (and, for 0.3 s, rows animating
/// out): a row scrolled off is enqueued, and `dequeueReusableCell(withIdentifier:for:)` hands it
/// out again (after `prepareForReuse()`) for the next row coming on. With a fixed `rowHeight`
/// the layout of a million rows costs O(1) memory and time; heights from the delegate live in a
/// Fenwick tree (see `RowHeights`), so a scroll step is O(log rows + visible rows).
///
/// **Layout** happens in `layoutSubviews`, which the scroll view runs on every scroll (the
/// data source is first asked at the first layout or `reloadData`). Section headers and footers
/// of a `.plain` table float: a header sticks to the top of the visible area until its section
/// ends, a footer to the bottom. `.grouped` tables scroll them with the rows and have a light
/// grey background.
///
/// **Misuse** that UIKit answers with an exception (an update whose counts do not add up, a
/// cell that belongs to another table, dequeuing an unregistered identifier) is written to
/// standard error with UIKit's message and the counts; the table then reloads or uses a plain
/// cell, and never traps.
@MainActor
open class UITableView: UIScrollView {
    /// The table's look, UIKit's raw values.
    public enum Style: Int, Sendable {
        case plain = 0, grouped = 1
    }

    /// How inserted, deleted and reloaded rows come and go, UIKit's raw values. `.automatic`
    /// fades (UIKit picks per context and documents no rule); `.middle` fades too; `.none`
    /// makes the row appear or vanish at once while the other rows still move animated.
    public enum RowAnimation: Int, Sendable {
        case fade = 0, right = 1, left = 2, top = 3, bottom = 4, none = 5, middle = 6, automatic = 100
    }

    /// Where `scrollToRow` puts the row, UIKit's raw values (`.none`: scroll as little as
    /// needed to show it).
    public enum ScrollPosition: Int, Sendable {
        case none = 0, top = 1, middle = 2, bottom = 3
    }

    /// Whether rows are divided by lines, UIKit's raw values.
    public enum SeparatorStyle: Int, Sendable {
        case none = 0, singleLine = 1
    }

    /// "Use the default" for `rowHeight`, `sectionHeaderHeight` and `sectionFooterHeight`:
    /// -1, UIKit's value.
    public static let automaticDimension: CGFloat = -1

    /// The style given at creation.
    public let style: Style

    /// The rows' source, held weakly as in UIKit. Setting it reloads at the next layout.
    open weak var dataSource: UITableViewDataSource? {
        didSet { needsReload = true; editState.forgetProbes(); setNeedsLayout() }
    }

    /// The height of every row whose delegate gives none, points. Default 44 (UIKit's;
    /// `automaticDimension` reads as 44 here, there being no Auto Layout to size cells).
    open var rowHeight: CGFloat = 44 {
        didSet { if rowHeight != oldValue { needsReload = true; setNeedsLayout() } }
    }
    /// An estimate of rows' heights: above 0, a delegate's `heightForRowAt` is asked only as
    /// rows come on screen, the others counting this. Default 0 (no estimates, UIKit before
    /// iOS 11: Kinescope has no self-sizing cells).
    open var estimatedRowHeight: CGFloat = 0
    /// The height of section headers when the delegate gives none. Default
    /// `automaticDimension`: 28 points for a section with a title in `.plain` (0 without),
    /// 38 with a title and 18 without in `.grouped`.
    open var sectionHeaderHeight: CGFloat = automaticDimension {
        didSet { needsReload = true; setNeedsLayout() }
    }
    /// The height of section footers when the delegate gives none. Default
    /// `automaticDimension`: 28 points with a title in `.plain` (0 without), 38 with a title
    /// and 18 without in `.grouped`.
    open var sectionFooterHeight: CGFloat = automaticDimension {
        didSet { needsReload = true; setNeedsLayout() }
    }
    /// Whether taps select rows. Default true.
    open var allowsSelection = true
    /// Whether taps toggle rows in and out of a selection of several. Default false.
    open var allowsMultipleSelection = false
    /// Whether the table is in editing mode (rows show their editing and reorder controls), or
    /// a swipe has revealed a row's actions (UIKit reads true then too). Setting it is
    /// `setEditing(_:animated: false)`. Default false.
    open var isEditing: Bool {
        get { editState.mode || editState.swipe?.editsTable == true }
        set { setEditing(newValue, animated: false) }
    }
    /// Whether taps select rows in editing mode. Default false, as in UIKit.
    open var allowsSelectionDuringEditing = false
    /// Whether taps toggle rows in and out of a selection of several in editing mode; the
    /// editable rows then show selection circles instead of their editing controls. Default false.
    open var allowsMultipleSelectionDuringEditing = false {
        didSet { if allowsMultipleSelectionDuringEditing != oldValue, editState.mode { refreshEditingControls() } }
    }

    /// Enters or leaves editing mode: every row on screen shows or hides its editing control
    /// (from `editingStyleForRowAt`), moves its content right (`shouldIndentWhileEditingRowAt`)
    /// and shows or hides its reorder control (`canMoveRowAt` with `moveRowAt:to:`
    /// implemented), sliding over 0.3 s when animated. A revealed swipe closes first. Entering
    /// editing deselects the rows unless selection is allowed during editing, and leaving it
    /// deselects those chosen with `allowsMultipleSelectionDuringEditing` unless
    /// `allowsMultipleSelection` (UIKit documents neither; this is what its tables show).
    open func setEditing(_ editing: Bool, animated: Bool) {
        applyEditing(editing, animated: animated)
    }

    /// Default `.singleLine`.
    open var separatorStyle: SeparatorStyle = .singleLine { didSet { refreshSeparators() } }
    /// Default light grey (white 0.78, UIKit's opaque separator).
    open var separatorColor: UIColor? = UIColor(white: 0.78, alpha: 1) { didSet { refreshSeparators() } }

    /// The view above the first section (not a section header: it scrolls with the rows and
    /// never floats). Default nil. The table reads its height from its frame when it is
    /// assigned, and sets its origin to (0, 0) and its width to the table's at every layout, as
    /// UIKit does; to change its height, change the frame and assign the view again.
    open var tableHeaderView: UIView? {
        didSet { tableChromeChanged(replacing: oldValue) }
    }
    /// The view below the last section, placed and sized as `tableHeaderView` (its height is
    /// read when it is assigned; re-assign it after changing that). Default nil.
    open var tableFooterView: UIView? {
        didSet { tableChromeChanged(replacing: oldValue) }
    }

    /// Told which rows are about to come on screen (see `UITableViewDataSourcePrefetching`),
    /// held weakly as in UIKit. Default nil.
    open weak var prefetchDataSource: UITableViewDataSourcePrefetching? {
        didSet { resetPrefetching(cancelling: oldValue) }
    }
    /// Whether `prefetchDataSource` is asked at all. Default true; turning it off cancels the
    /// rows prefetched so far. (UIKit also makes cells ahead of time when true; Kinescope makes
    /// cells only as rows come on screen, so this governs data prefetching alone.)
    open var isPrefetchingEnabled = true {
        didSet { if !isPrefetchingEnabled { resetPrefetching(cancelling: prefetchDataSource) } }
    }

    var cellQueue = ReuseQueue<UITableViewCell>()
    var model: [TableSection] = []
    var visible: [IndexPath: UITableViewCell] = [:]
    var headerViews: [Int: UIView] = [:]
    var footerViews: [Int: UIView] = [:]
    var titleViewPool: [TableTitleView] = []
    var selected: Set<IndexPath> = []
    var highlightedPath: IndexPath?
    var needsReload = true
    var isLayingOut = false
    var pendingReload = false
    var isEstimating = false
    /// Which defaulted delegate methods ran since the flag was last cleared (how the table
    /// tells a delegate that implements `heightForRowAt` from one that does not).
    var defaultsHit: Set<DefaultedMethod> = []
    var laidOutWidth: CGFloat = -1
    var updateDepth = 0
    var pendingUpdate = PendingTableUpdate()
    var scratchPaths: [IndexPath] = []
    /// `tableHeaderView`'s and `tableFooterView`'s heights as read at their assignment.
    var tableHeaderHeight: CGFloat = 0
    var tableFooterHeight: CGFloat = 0
    /// Rows handed to `prefetchDataSource` and not yet shown or cancelled.
    var prefetched: Set<IndexPath> = []
    /// The visible area's top at the last prefetch pass (nil: none yet), and which way the
    /// rows were prefetched then (1 down, -1 up).
    var prefetchOffset: CGFloat?
    var prefetchDirection: CGFloat = 1
    var prefetchScratch: [IndexPath] = []
    /// Editing mode, the open swipe and the row being reordered.
    var editState = TableEditingState()
    /// The horizontal drag that swipes a row open (see `UITableView+Swipe`).
    let swipeGestureRecognizer = UIPanGestureRecognizer()

    enum DefaultedMethod: Hashable { case rowHeight, estimatedRowHeight, commitEditing, moveRow }

    /// A table of `style` at `frame`.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        backgroundColor = style == .grouped ? UIColor(red: 0.949, green: 0.949, blue: 0.969, alpha: 1) : .white
        alwaysBounceVertical = true
        swipeGestureRecognizer.addTarget(self, action: UITableView.handleSwipePan)
        swipeGestureRecognizer.delegate = self
        addGestureRecognizer(swipeGestureRecognizer)
    }

    /// A `.plain` table at `frame`.
    public convenience override init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    var tableDelegate: UITableViewDelegate? { delegate as? UITableViewDelegate }

    /// Loads the data source at the first layout (or after `reloadData`), then shows the cells
    /// of the rows in the visible area and places the section headers and footers.
    open override func layoutSubviews() {
        layoutTable()
        super.layoutSubviews()
    }

    /// A touch on a row highlights it (unless `shouldHighlightRowAt` says no); lifting it over
    /// the same row selects it (see `selectByTap`). The scroll view holds the touch back for a
    /// moment and cancels it when it turns into a drag, so a scroll never selects.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !tableTouchesBegan(touches, with: event) { super.touchesBegan(touches, with: event) }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !tableTouchesMoved(touches, with: event) { super.touchesMoved(touches, with: event) }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !tableTouchesEnded(touches, with: event) { super.touchesEnded(touches, with: event) }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !tableTouchesCancelled(touches, with: event) { super.touchesCancelled(touches, with: event) }
    }

    /// The scroll view's pan gives way to a horizontal drag on a row that has swipe actions (the
    /// row swipes instead) and to a drag on a reorder control; a scroll closes a revealed swipe.
    /// The swipe's own pan begins only for a horizontal drag on such a row, outside editing mode.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer === swipeGestureRecognizer { return swipeShouldBegin(using: swipeGestureRecognizer) }
        if gestureRecognizer === panGestureRecognizer {
            if editState.reorder != nil || panGestureRecognizer.trackedTouches.first?.view is ReorderControlView { return false }
            if swipeShouldBegin(using: panGestureRecognizer) { return false }
            let begins = super.gestureRecognizerShouldBegin(gestureRecognizer)
            if begins, editState.swipe != nil { closeSwipe(animated: true) }
            return begins
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    /// The number of sections as last loaded.
    public var numberOfSections: Int {
        loadIfNeeded()
        return model.count
    }

    /// The number of rows in `section` as last loaded (0 for a section that does not exist).
    public func numberOfRows(inSection section: Int) -> Int {
        loadIfNeeded()
        return model.indices.contains(section) ? model[section].rows.count : 0
    }

    // MARK: Reuse

    /// Registers the class whose cells `dequeueReusableCell(withIdentifier:…)` makes for
    /// `identifier` (nil unregisters); it must be `UITableViewCell` or a subclass (another class
    /// is reported and ignored). Cells are made with `init(registeredReuseIdentifier:)`.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard let cellClass else { return cellQueue.register(nil, for: identifier) }
        guard let type = cellClass as? UITableViewCell.Type else {
            return ReuseDiagnostics.report("UITableView: \(cellClass) registered for '\(identifier)' is not a UITableViewCell")
        }
        cellQueue.register({ type.init(registeredReuseIdentifier: identifier) }, for: identifier)
    }

    /// A cell for `identifier`: one that went off screen (after its `prepareForReuse()`), or a
    /// new one of the registered class; nil when neither exists.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        guard let (cell, reused) = cellQueue.dequeue(identifier) else { return nil }
        cell.owningTable = self
        cell.reuseIdentifier = identifier
        if reused { cell.prepareForReuse() }
        return cell
    }

    /// A cell for `identifier`, sized for the row at `indexPath`. UIKit raises when no class is
    /// registered for `identifier`: here that is reported and a `.default` cell returned.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        let cell: UITableViewCell
        if let dequeued = dequeueReusableCell(withIdentifier: identifier) {
            cell = dequeued
        } else {
            ReuseDiagnostics.report("UITableView: unable to dequeue a cell with identifier '\(identifier)': "
                + "register a class for it first")
            cell = UITableViewCell(style: .default, reuseIdentifier: identifier)
            cell.owningTable = self
        }
        let frame = rectForRow(at: indexPath)
        if !frame.isEmpty { UIView.performWithoutAnimation { cell.frame = frame } }
        return cell
    }

    /// How many cells the registered classes have made (not counting those the data source
    /// made itself): stays at the number that fits on screen however far the table scrolls.
    var createdCellCount: Int { cellQueue.created }

    // MARK: Queries

    /// The rectangle of the row, in the table's (content) coordinates; `.zero` for a row
    /// that does not exist.
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        loadIfNeeded()
        guard model.indices.contains(indexPath.section) else { return .zero }
        let section = model[indexPath.section]
        guard indexPath.row >= 0, indexPath.row < section.rows.count else { return .zero }
        return CGRect(x: 0, y: section.rowsTop + section.rows.offset(of: indexPath.row),
                      width: bounds.width, height: section.rows.height(of: indexPath.row))
    }

    /// The rectangle of a section (header, rows and footer), in content coordinates.
    open func rect(forSection section: Int) -> CGRect {
        loadIfNeeded()
        guard model.indices.contains(section) else { return .zero }
        return CGRect(x: 0, y: model[section].top, width: bounds.width, height: model[section].bottom - model[section].top)
    }

    /// The rectangle of a section's header, in content coordinates (zero height without one).
    open func rectForHeader(inSection section: Int) -> CGRect {
        loadIfNeeded()
        guard model.indices.contains(section) else { return .zero }
        return CGRect(x: 0, y: model[section].top, width: bounds.width, height: model[section].rowsTop - model[section].top)
    }

    /// The rectangle of a section's footer, in content coordinates (zero height without one).
    open func rectForFooter(inSection section: Int) -> CGRect {
        loadIfNeeded()
        guard model.indices.contains(section) else { return .zero }
        return CGRect(x: 0, y: model[section].rowsBottom, width: bounds.width, height: model[section].bottom - model[section].rowsBottom)
    }

    /// The rows whose rectangles meet `rect` (content coordinates), in order; nil when none do.
    open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        loadIfNeeded()
        guard rect.minY.isFinite, rect.maxY.isFinite, rect.width > 0 || rect.height > 0 else { return nil }
        var found: [IndexPath] = []
        for (s, section) in model.enumerated() where section.rowsBottom > rect.minY && section.rowsTop < rect.maxY {
            var row = max(0, section.rows.row(at: max(0, rect.minY - section.rowsTop)))
            while row < section.rows.count, section.rowsTop + section.rows.offset(of: row) < rect.maxY {
                found.append(IndexPath(row: row, section: s))
                row += 1
            }
        }
        return found.isEmpty ? nil : found
    }

    /// The row at `point` (content coordinates), nil over headers, footers or outside the rows.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        loadIfNeeded()
        guard point.x.isFinite, point.y.isFinite, point.x >= 0, point.x < bounds.width,
              let s = sectionIndex(at: point.y) else { return nil }
        let section = model[s]
        guard point.y >= section.rowsTop, point.y < section.rowsBottom else { return nil }
        let row = section.rows.row(at: point.y - section.rowsTop)
        guard row >= 0 else { return nil }
        return IndexPath(row: row, section: s)
    }

    /// The rows on screen, in order.
    open var indexPathsForVisibleRows: [IndexPath]? { visible.keys.sorted() }

    /// The cells on screen, in row order.
    open var visibleCells: [UITableViewCell] { visible.sorted { $0.key < $1.key }.map(\.value) }

    /// The cell showing the row, nil when the row is off screen.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { visible[indexPath] }

    /// The row the cell shows, nil when it is not on screen here.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        visible.first { $0.value === cell }?.key
    }

    /// The view showing `section`'s header, nil while it is off screen.
    open func headerView(forSection section: Int) -> UIView? { headerViews[section] }
    /// The view showing `section`'s footer, nil while it is off screen.
    open func footerView(forSection section: Int) -> UIView? { footerViews[section] }

    /// Scrolls so that the row sits at `scrollPosition` in the visible area (inside
    /// `adjustedContentInset`), clamped to the scrollable range (UIKit does not scroll past the
    /// content either). A row that does not exist is ignored (UIKit raises).
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        let r = rectForRow(at: indexPath)
        guard model.indices.contains(indexPath.section), indexPath.row >= 0,
              indexPath.row < model[indexPath.section].rows.count else {
            return ReuseDiagnostics.report("UITableView: scrollToRow at \(indexPath) is outside the table's rows")
        }
        let inset = adjustedContentInset
        let visibleHeight = bounds.height - inset.top - inset.bottom
        var y = contentOffset.y
        switch scrollPosition {
        case .top: y = r.minY - inset.top
        case .middle: y = r.midY - inset.top - visibleHeight / 2
        case .bottom: y = r.maxY - bounds.height + inset.bottom
        case .none:
            if r.minY < y + inset.top { y = r.minY - inset.top }
            else if r.maxY > y + bounds.height - inset.bottom { y = r.maxY - bounds.height + inset.bottom }
        }
        y = min(max(y, minimumOffset.y), maximumOffset.y)
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
    }

    /// Scrolls as `scrollToRow`, to the selected row (the first one).
    open func scrollToNearestSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
        if let path = selected.min() { scrollToRow(at: path, at: scrollPosition, animated: animated) }
    }

    func sectionIndex(at y: CGFloat) -> Int? {
        guard !model.isEmpty, y >= 0, y < model[model.count - 1].bottom else { return nil }
        var low = 0, high = model.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if model[mid].top <= y { low = mid } else { high = mid - 1 }
        }
        return low
    }

    func refreshSeparators() {
        let color = separatorStyle == .none ? nil : separatorColor
        for cell in visible.values { cell.separatorColor = color }
    }
}

/// One section's geometry: header, rows, footer, stacked from `top`.
struct TableSection {
    var top: CGFloat = 0
    var header: CGFloat = 0
    var footer: CGFloat = 0
    var rows: RowHeights
    var headerTitle: String?
    var footerTitle: String?
    var rowsTop: CGFloat { top + header }
    var rowsBottom: CGFloat { rowsTop + rows.total }
    var bottom: CGFloat { rowsBottom + footer }
}

/// The table's own header or footer view for a section title.
@MainActor
final class TableTitleView: UIView {
    let label = UILabel()
    var isGrouped = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(label)
    }

    func configure(title: String, grouped: Bool, footer: Bool) {
        isGrouped = grouped
        backgroundColor = grouped ? .clear : UIColor(white: 0.97, alpha: 1)
        label.font = grouped || footer ? .systemFont(ofSize: 13) : .boldSystemFont(ofSize: 15)
        label.textColor = grouped || footer ? UIColor(white: 0.43, alpha: 1) : UIColor(white: 0.13, alpha: 1)
        label.text = grouped && !footer ? title.uppercased() : title
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let line = label.font.lineHeight.rounded(.up)
        let y = isGrouped ? max(0, bounds.height - line - 6) : ((bounds.height - line) / 2).rounded()
        label.frame = CGRect(x: 16, y: y, width: max(0, bounds.width - 32), height: line)
    }
}
