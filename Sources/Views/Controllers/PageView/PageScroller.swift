import Geometry

/// `.scroll`'s machinery: a paging `UIScrollView` one page plus `interPageSpacing` wide (so
/// that a page step is page + gap, as UIKit lays it out) holding at most three slots — the page
/// before, the page shown, the page after — loaded from the data source when the shown page
/// changes, not before. When a drag settles on a neighbour (`scrollViewDidEndDecelerating`),
/// that neighbour becomes the page shown, the slots are rebuilt around it and the offset moved
/// to its slot without a visible jump; the delegate hears `willTransitionTo` once the drag
/// heads for a neighbour and `didFinishAnimating` when the scroll view comes to rest after it.
@MainActor
final class PageScroller: UIScrollViewDelegate {
    unowned let owner: UIPageViewController
    let scrollView = UIScrollView()
    /// The page indicator, shown when the data source gives a presentation count.
    let indicator = UIPageControl()
    /// The slots in order and which one is the page shown.
    private var slots: [UIViewController] = []
    private var shownSlot = 0
    /// The neighbour announced by `willTransitionTo` during the current drag.
    private var pending: UIViewController?
    /// A programmatic slide's target page and completion.
    private var sliding: (page: UIViewController, completion: ((Bool) -> Void)?)?
    /// Set while the offset is changed by the scroller itself (not a turn).
    private var relocating = false

    /// The indicator's height in points (iOS's page control strip).
    static let indicatorHeight: CGFloat = 26

    init(owner: UIPageViewController) {
        self.owner = owner
        scrollView.isPagingEnabled = true
        scrollView.showsHorizontalScrollIndicator = false
        scrollView.showsVerticalScrollIndicator = false
        scrollView.bounces = true
        scrollView.delegate = self
        scrollView.clipsToBounds = true
        indicator.isHidden = true
        indicator.isUserInteractionEnabled = false
    }

    private var horizontal: Bool { owner.navigationOrientation == .horizontal }
    private var pageSize: CGSize { owner.view.bounds.size }
    private var step: CGFloat { (horizontal ? pageSize.width : pageSize.height) + owner.interPageSpacing }

    private func offset(ofSlot slot: Int) -> CGPoint {
        horizontal ? CGPoint(x: CGFloat(slot) * step, y: 0) : CGPoint(x: 0, y: CGFloat(slot) * step)
    }

    /// Rebuilds the slots around the page shown (asking the data source for its neighbours),
    /// puts their views in and the offset on the page shown.
    func reload() {
        guard let shown = owner.viewControllers?.first else {
            slots.forEach { $0.viewIfLoaded?.removeFromSuperview() }
            slots = []
            return layout()
        }
        let before = owner.dataSource?.pageViewController(owner, viewControllerBefore: shown)
        let after = owner.dataSource?.pageViewController(owner, viewControllerAfter: shown)
        var next: [UIViewController] = []
        if let before, before !== shown { next.append(before) }
        next.append(shown)
        if let after, after !== shown, after !== before { next.append(after) }
        for old in slots where !next.contains(where: { $0 === old }) {
            old.viewIfLoaded?.removeFromSuperview()
            if old.parent === owner, !(owner.viewControllers ?? []).contains(where: { $0 === old }) { old.removeFromParent() }
        }
        for page in next where page.parent !== owner {
            owner.addChild(page)
            page.didMove(toParent: owner)
        }
        slots = next
        shownSlot = next.firstIndex { $0 === shown } ?? 0
        for page in slots where page.view.superview !== scrollView { scrollView.addSubview(page.view) }
        layout()
        if sliding == nil { relocate(to: offset(ofSlot: shownSlot)) }
        refreshIndicator()
    }

    func layout() {
        guard owner.isViewLoaded else { return }
        let bounds = owner.view.bounds
        let gap = owner.interPageSpacing
        scrollView.frame = horizontal
            ? CGRect(x: bounds.minX - gap / 2, y: bounds.minY, width: bounds.width + gap, height: bounds.height)
            : CGRect(x: bounds.minX, y: bounds.minY - gap / 2, width: bounds.width, height: bounds.height + gap)
        let count = CGFloat(max(1, slots.count))
        scrollView.contentSize = horizontal
            ? CGSize(width: count * step, height: bounds.height)
            : CGSize(width: bounds.width, height: count * step)
        for (slot, page) in slots.enumerated() {
            let origin = offset(ofSlot: slot)
            page.viewIfLoaded?.frame = CGRect(x: origin.x + (horizontal ? gap / 2 : 0), y: origin.y + (horizontal ? 0 : gap / 2),
                                              width: bounds.width, height: bounds.height)
        }
        if !scrollView.isDragging, !scrollView.isDecelerating, sliding == nil { relocate(to: offset(ofSlot: shownSlot)) }
        if indicator.superview !== owner.view { owner.view.addSubview(indicator) }
        indicator.frame = CGRect(x: bounds.minX, y: bounds.maxY - Self.indicatorHeight, width: bounds.width, height: Self.indicatorHeight)
    }

    private func relocate(to point: CGPoint) {
        guard scrollView.contentOffset != point else { return }
        relocating = true
        scrollView.contentOffset = point
        relocating = false
    }

    /// Shows the page indicator when the data source implements both presentation methods
    /// (a count ≥ 0 and an index), as UIKit does for `.scroll`.
    func refreshIndicator() {
        guard let dataSource = owner.dataSource else { indicator.isHidden = true; return }
        let count = dataSource.presentationCount(for: owner)
        let index = dataSource.presentationIndex(for: owner)
        guard count >= 0, index >= 0 else { indicator.isHidden = true; return }
        indicator.numberOfPages = count
        indicator.currentPage = min(index, max(0, count - 1))
        indicator.isHidden = false
    }

    /// The slot nearest the current offset.
    private var settledSlot: Int {
        let position = horizontal ? scrollView.contentOffset.x : scrollView.contentOffset.y
        return min(max(0, Int((position / max(step, 1)).rounded())), max(0, slots.count - 1))
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard !relocating, scrollView.isDragging, pending == nil, slots.indices.contains(shownSlot) else { return }
        let position = horizontal ? scrollView.contentOffset.x : scrollView.contentOffset.y
        let shownAt = horizontal ? offset(ofSlot: shownSlot).x : offset(ofSlot: shownSlot).y
        let slot = position > shownAt ? shownSlot + 1 : position < shownAt ? shownSlot - 1 : shownSlot
        guard slot != shownSlot, slots.indices.contains(slot) else { return }
        pending = slots[slot]
        owner.delegate?.pageViewController(owner, willTransitionTo: [slots[slot]])
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { settle() }
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { settle() }

    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
        guard let (page, completion) = sliding else { return }
        sliding = nil
        owner.replacePages(with: [page])
        completion?(true)
    }

    /// A drag came to rest: the page it rests on becomes the page shown.
    private func settle() {
        guard slots.indices.contains(shownSlot) else { return }
        let previous = slots[shownSlot]
        let landed = slots[settledSlot]
        let announced = pending
        pending = nil
        if landed !== previous { owner.replacePages(with: [landed]) }
        if announced != nil || landed !== previous {
            owner.delegate?.pageViewController(owner, didFinishAnimating: true, previousViewControllers: [previous],
                                               transitionCompleted: landed !== previous)
        }
    }

    /// Slides to `page` from the side `direction` gives: it takes the neighbouring slot (its
    /// former occupant's view leaves) and the scroll view animates there (0.3 s ease-in-out).
    func slide(to page: UIViewController, direction: UIPageViewController.NavigationDirection, completion: ((Bool) -> Void)?) {
        guard slots.indices.contains(shownSlot) else {
            owner.replacePages(with: [page])
            completion?(true)
            return
        }
        let shown = slots[shownSlot]
        for old in slots where old !== shown && old !== page { old.viewIfLoaded?.removeFromSuperview() }
        if page.parent !== owner {
            owner.addChild(page)
            page.didMove(toParent: owner)
        }
        slots = direction == .forward ? [shown, page] : [page, shown]
        shownSlot = direction == .forward ? 0 : 1
        if page.view.superview !== scrollView { scrollView.addSubview(page.view) }
        layout()
        sliding = (page, completion)
        scrollView.setContentOffset(offset(ofSlot: 1 - shownSlot), animated: true)
    }

    /// Ends a programmatic slide at once (a new `setViewControllers` came first): its
    /// completion runs with false.
    func settleAbandoned() {
        guard let (_, completion) = sliding else { return }
        sliding = nil
        scrollView.setContentOffset(scrollView.contentOffset, animated: false)
        completion?(false)
    }
}
