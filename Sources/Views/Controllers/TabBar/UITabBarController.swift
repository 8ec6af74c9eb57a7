import Foundation
import Geometry
import Layers

/// Shows one of several controllers at a time, chosen with a tab bar at the bottom, as UIKit's
/// `UITabBarController`.
///
///     let tabs = UITabBarController()
///     tabs.viewControllers = [FeedController(), UINavigationController(rootViewController: SettingsController())]
///     tabs.delegate = self
///     window.rootViewController = tabs
///
/// Every controller of `viewControllers` is a child; only the selected one's view is in the
/// hierarchy (the others' views are removed), filling the controller's view under the
/// translucent bar, as UIKit extends content under a translucent tab bar. Each controller's
/// `tabBarItem` is its tab.
///
/// Selecting another tab, on screen: `to.viewWillAppear`, `from.viewWillDisappear`, the views
/// swap, `from.viewDidDisappear`, `to.viewDidAppear` — UIKit's order, `animated` false — all in
/// the same turn, so that a `CATransition` added to `view.layer` in the delegate's
/// `tabBarController(_:didSelect:)` fades from the old tab to the new one. When the delegate
/// gives an animator (`tabBarController(_:animationControllerForTransitionFrom:to:)`), it runs
/// the switch in a transition context (`animated` true; the `did` pair after it calls
/// `completeTransition`), with the delegate's interaction controller if any; a cancelled
/// interactive switch returns to the old tab with the reverse callbacks. The animator is asked
/// for every change of selection on screen, by tap or in code, as UIKit does.
///
/// A tap on a tab asks the delegate `tabBarController(_:shouldSelect:)` (false leaves
/// everything as it was), selects, then calls `tabBarController(_:didSelect:)` — also when the
/// tab was already selected, and then a selected navigation controller pops to its root, as in
/// UIKit. Setting `selectedIndex` or `selectedViewController` in code calls neither. Taps
/// during an animated switch are ignored; a selection set in code meanwhile is made when the
/// switch ends.
///
/// Not implemented: the More tab (`moreNavigationController`) and tab customizing
/// (`customizableViewControllers`): with more than five controllers, all of them share the bar.
@MainActor
open class UITabBarController: UIViewController, UITabBarDelegate {
    private var controllers: [UIViewController] = []
    private weak var selectedStorage: UIViewController?
    private let transitionView = UIView(frame: .zero)
    private var transition: TransitionContext?
    private var queued: [() -> Void] = []

    /// The bar of tabs, managed by this controller (see `UITabBar`).
    public private(set) lazy var tabBar: UITabBar = {
        let bar = UITabBar(frame: .zero)
        bar.owningController = self
        return bar
    }()

    /// Asked before a tap selects and told after; gives custom switch animators (held weakly).
    open weak var delegate: UITabBarControllerDelegate?

    public override init() {
        super.init()
    }

    public override init(nibName: String?, bundle: Any?) {
        super.init(nibName: nibName, bundle: bundle)
    }

    /// The controllers of the tabs, left to right; nil when there are none. Setting it is
    /// `setViewControllers(_:animated: false)`.
    open var viewControllers: [UIViewController]? {
        get { controllers.isEmpty ? nil : controllers }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Replaces the tabs' controllers, as UIKit: those that leave are removed as children,
    /// the new ones added. The selected controller stays selected if it is still there; else
    /// the one at the same index, else the first. On screen, a change of the selected
    /// controller calls the appearance callbacks (no delegate, no animator). `animated`: the
    /// bar cross-dissolves to the new items. An array holding a controller twice is refused
    /// with a diagnostic.
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        if transition != nil { return queued.append { [weak self] in self?.setViewControllers(viewControllers, animated: animated) } }
        let new = viewControllers ?? []
        guard Set(new.map(ObjectIdentifier.init)).count == new.count else {
            return viewControllerDiagnostic("setViewControllers: a controller appears twice in the tabs of \(describe(self)); unchanged")
        }
        if let tabs = new.first(where: { $0 === self }) {
            return viewControllerDiagnostic("setViewControllers: \(describe(tabs)) cannot be one of its own tabs; unchanged")
        }
        let old = selectedStorage
        let oldIndex = old.flatMap { o in controllers.firstIndex { $0 === o } } ?? 0
        let leaving = controllers.filter { c in !new.contains { $0 === c } }
        let arriving = new.filter { n in !controllers.contains { $0 === n } }
        for controller in arriving { addChild(controller) }
        controllers = new
        let next: UIViewController? = if let old, new.contains(where: { $0 === old }) { old }
            else if new.indices.contains(oldIndex) { new[oldIndex] } else { new.first }
        if next !== old { swapImmediately(from: old, to: next) }
        for controller in leaving {
            controller.willMove(toParent: nil)
            controller.viewIfLoaded?.removeFromSuperview()
            controller.removeFromParent()
        }
        for controller in arriving { controller.didMove(toParent: self) }
        updateBar(animated: animated)
    }

    /// The controller whose view is shown; nil without tabs. Setting a controller that is not
    /// among `viewControllers` (or nil) is refused with a diagnostic (UIKit raises). Does not
    /// call the delegate's `shouldSelect` or `didSelect`.
    open var selectedViewController: UIViewController? {
        get { selectedStorage }
        set {
            guard let newValue, let index = controllers.firstIndex(where: { $0 === newValue }) else {
                return viewControllerDiagnostic("selectedViewController: only a controller among the tabs of \(describe(self)) can be selected, not \(describe(newValue)); unchanged")
            }
            select(index)
        }
    }

    /// The index of the selected controller in `viewControllers`; `NSNotFound` without tabs.
    /// Setting an index outside `viewControllers` is refused with a diagnostic. Does not call
    /// the delegate's `shouldSelect` or `didSelect`.
    open var selectedIndex: Int {
        get { selectedStorage.flatMap { s in controllers.firstIndex { $0 === s } } ?? NSNotFound }
        set {
            guard controllers.indices.contains(newValue) else {
                return viewControllerDiagnostic("selectedIndex: \(newValue) is outside the \(controllers.count) tabs of \(describe(self)); unchanged")
            }
            select(newValue)
        }
    }

    open override func loadView() {
        loadContainerView(transitionView: transitionView, bar: tabBar)
        install(selectedStorage)
        updateBar(animated: false)
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        tabBar.frame = CGRect(x: 0, y: bounds.height - UITabBar.height, width: bounds.width, height: UITabBar.height)
    }

    /// The tab bar covers the bottom of the selected child's view (children extend under it, as
    /// in UIKit): their safe area ends above the bar.
    override func safeAreaCovered(forChild child: UIViewController) -> UIEdgeInsets {
        guard let root = viewIfLoaded, !tabBar.isHidden, let childView = child.viewIfLoaded,
              childView.superviewStorage != nil else { return .zero }
        let bar = tabBar.frame, frame = childView.convert(childView.bounds, to: root)
        guard bar.minX < frame.maxX, bar.maxX > frame.minX else { return .zero }
        return UIEdgeInsets(top: 0, left: 0, bottom: min(max(0, frame.maxY - bar.minY), frame.height), right: 0)
    }

    /// Handles a tap on one of this controller's tabs (UIKit's tab bar controller is its bar's
    /// delegate): asks `shouldSelect`, selects, calls `didSelect`. Subclasses that override it
    /// should call super.
    open func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
        guard let index = controllers.firstIndex(where: { $0.tabBarItem === item }) else { return }
        let controller = controllers[index]
        guard transition == nil, delegate?.tabBarController(self, shouldSelect: controller) ?? true else {
            tabBar.showSelection(selectedStorage?.tabBarItem)
            return
        }
        if controller === selectedStorage, let navigation = controller as? UINavigationController,
           navigation.viewControllers.count > 1 {
            navigation.popToRootViewController(animated: true)
        }
        select(index)
        delegate?.tabBarController(self, didSelect: controller)
    }

    /// The bar's tap on `item`, routed through the delegate method as UIKit does.
    func tabBarItemTapped(_ item: UITabBarItem) {
        tabBar(tabBar, didSelect: item)
    }

    /// A controller's `tabBarItem` was replaced: the bar shows the new one.
    func itemsOfControllersChanged() {
        updateBar(animated: false)
    }

    private func updateBar(animated: Bool) {
        guard isViewLoaded else { return }
        let items = controllers.map { $0.tabBarItem! }
        if animated, tabBar.window != nil {
            UIView.transition(with: tabBar, duration: UITabBar.crossDissolveDuration, options: .transitionCrossDissolve,
                              animations: { self.tabBar.replaceItems(items) })
        } else {
            tabBar.replaceItems(items)
        }
        tabBar.showSelection(selectedStorage?.tabBarItem)
    }

    /// Puts `controller`'s view in the transition view, filling it.
    private func install(_ controller: UIViewController?) {
        installChildView(of: controller, in: transitionView)
    }

    /// Selects the controller at `index`: at once, or through the delegate's animator on screen.
    private func select(_ index: Int) {
        if transition != nil { return queued.append { [weak self] in self?.selectedIndex = index } }
        let to = controllers[index]
        guard let from = selectedStorage, to !== from else {
            if selectedStorage == nil { swapImmediately(from: nil, to: to) }
            return
        }
        guard isShowingInWindow, let animator = delegate?.tabBarController(self, animationControllerForTransitionFrom: from, to: to) else {
            return swapImmediately(from: from, to: to)
        }
        run(animator, from: from, to: to)
    }

    /// Swaps the views in this turn, with UIKit's appearance order when on screen.
    private func swapImmediately(from: UIViewController?, to: UIViewController?) {
        let showing = isShowingInWindow
        selectedStorage = to
        if isViewLoaded { tabBar.showSelection(to?.tabBarItem) }
        if showing {
            to?.loadViewIfNeeded()
            to?.beginAppearance(animated: false)
            from?.beginDisappearance(animated: false)
        }
        from?.viewIfLoaded?.removeFromSuperview()
        install(to)
        if showing {
            from?.endDisappearance()
            to?.endAppearance()
        }
    }

    /// Runs a custom switch from `from` to `to` in a transition context.
    private func run(_ animator: UIViewControllerAnimatedTransitioning, from: UIViewController, to: UIViewController) {
        let interaction = delegate?.tabBarController(self, interactionControllerFor: animator)
        to.loadViewIfNeeded()
        let bounds = transitionView.bounds
        let context = TransitionContext(
            container: transitionView, timingView: transitionView, from: from, to: to, fromView: from.view, toView: to.view,
            initialFrames: [(from, bounds)], finalFrames: [(to, bounds)], animated: true,
            animator: animator, interaction: interaction) { [weak self] completed in
                self?.transitionEnded(from: from, to: to, completed: completed)
            }
        transition = context
        for controller in [self, from, to] { controller.coordinatorStorage = context }
        selectedStorage = to
        tabBar.showSelection(to.tabBarItem)
        to.beginAppearance(animated: true)
        from.beginDisappearance(animated: true)
        context.start()
    }

    private func transitionEnded(from: UIViewController, to: UIViewController, completed: Bool) {
        transition = nil
        for controller in [self, from, to] { controller.coordinatorStorage = nil }
        if completed {
            from.viewIfLoaded?.removeFromSuperview()
            install(to)
            from.endDisappearance()
            to.endAppearance()
        } else {
            to.viewIfLoaded?.removeFromSuperview()
            install(from)
            selectedStorage = from
            tabBar.showSelection(from.tabBarItem)
            to.beginDisappearance(animated: true)
            from.beginAppearance(animated: true)
            to.endDisappearance()
            from.endAppearance()
        }
        let next = queued
        queued = []
        for operation in next { operation() }
    }
}

/// The tab bar controller's delegate (Apple's protocol, without the customizing and
/// orientation methods); every method is optional.
@MainActor
public protocol UITabBarControllerDelegate: AnyObject {
    /// Asked when the user taps `viewController`'s tab (also the selected one); false keeps the
    /// current selection. Default true. Not asked for selections made in code.
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    /// After a tap selected `viewController` (also when it already was selected). Not called
    /// for selections made in code.
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
    /// An animator for switching from `fromVC` to `toVC` on screen, or nil (the default) to
    /// switch at once.
    func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// An interaction controller driving the switch run by `animationController`, or nil (the default).
    func tabBarController(_ tabBarController: UITabBarController,
                          interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
}

extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
    public func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                                 to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func tabBarController(_ tabBarController: UITabBarController,
                                 interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
}
