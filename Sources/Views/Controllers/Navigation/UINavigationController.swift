import Foundation
import Geometry
import Layers

/// A stack of controllers shown one at a time with a bar on top, as UIKit's
/// `UINavigationController`.
///
///     let navigation = UINavigationController(rootViewController: ListController())
///     window.rootViewController = navigation
///     navigation.pushViewController(DetailController(), animated: true)
///
/// The stack's controllers are its children. An animated push slides the new view in from the
/// trailing (right) edge over the view beneath, which moves left by 30 % of the width and is
/// dimmed, with a soft shadow on the sliding view's leading edge; a pop plays it backwards.
/// Both run on UIKit's system spring (mass 3, stiffness 1000, damping 500, critically damped)
/// for 0.5 s. A drag from the left edge (`interactivePopGestureRecognizer`) pops
/// interactively: the views follow the finger linearly, and on release the pop finishes when
/// the view has moved more than half the width (unless flicked back faster than
/// `UINavigationController.flickVelocity`) or when flicked right faster than that; otherwise it
/// is cancelled. The rest plays at the drag's completion speed with an ease-out curve.
///
/// Appearance callbacks, in UIKit's order (`animated` as passed; true for an edge pop):
/// - push of B over A: `B.willMove(toParent:)`, `A.viewWillDisappear`, `B.viewWillAppear`, the
///   animation, `A.viewDidDisappear`, `B.viewDidAppear`, `B.didMove(toParent:)`;
/// - pop of B back to A: `B.willMove(toParent: nil)`, `B.viewWillDisappear`,
///   `A.viewWillAppear`, the animation, `B.viewDidDisappear`, `B.didMove(toParent: nil)`,
///   `A.viewDidAppear`;
/// - a cancelled edge pop: as a pop until the release, then `A.viewWillDisappear`,
///   `B.viewWillAppear`, `A.viewDidDisappear`, `B.viewDidAppear`, `B.didMove(toParent:)` (B
///   stays on the stack, `isMovingFromParent` false again);
/// - a cancelled interactive push (a delegate's interaction controller): the reverse, then
///   `B.willMove(toParent: nil)`, `B.didMove(toParent: nil)` — B leaves the stack.
///
/// The delegate can give its own animator (`animationControllerFor`) and interaction
/// controller; beyond UIKit, the edge pop keeps working with a custom animator (it is
/// scrubbed by a `UIPercentDrivenInteractiveTransition` when the delegate gives no interaction
/// controller). Misuse UIKit raises for is a diagnostic here: pushing a controller already on
/// the stack or a navigation controller, popping the root. A push, pop or
/// `setViewControllers` asked for while a transition runs is queued and done, in order, when
/// the transition ends (the pop methods then return nil). A transition never completed by its
/// animator is completed by a watchdog 2 s after its expected end, with a diagnostic.
@MainActor
open class UINavigationController: UIViewController {
    /// The kind of a navigation transition (Apple's raw values).
    public enum Operation: Int, Sendable {
        case none = 0
        case push = 1
        case pop = 2
    }

    /// The duration of the default push and pop, seconds (UIKit's system transition).
    public static let transitionDuration: TimeInterval = 0.5
    /// How far the view beneath moves during a push, as a fraction of the width.
    public static let parallaxFraction: CGFloat = 0.3
    /// A release faster than this (points per second) decides an edge pop by its direction.
    /// UIKit publishes no figure; 300 points per second is a deliberate flick.
    public static let flickVelocity: CGFloat = 300

    private var stack: [UIViewController] = []
    /// The delegate told of pushes and pops and asked for custom animators (held weakly).
    open weak var delegate: UINavigationControllerDelegate?
    /// The bar at the top, showing the top controller's `navigationItem`.
    public private(set) lazy var navigationBar: UINavigationBar = {
        let bar = UINavigationBar(frame: .zero)
        bar.navigationController = self
        return bar
    }()
    /// Whether the bar is hidden. Default false. Setting it shows or hides the bar at once
    /// (`setNavigationBarHidden(_:animated: false)`); during an animated change it already
    /// reads the new value, as UIKit's.
    open var isNavigationBarHidden: Bool {
        get { barHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }
    private var barHidden = false

    /// The duration of an animated `setNavigationBarHidden(_:animated:)`, seconds. Apple's
    /// constant `UINavigationControllerHideShowBarDuration` is 0.2.
    public static let hideShowBarDuration: CGFloat = 0.2

    /// Hides or shows the bar, as UIKit: animated (when the controller's view is on screen),
    /// the bar slides up out of the top edge or down into place over `hideShowBarDuration`
    /// with ease-in-out, and is hidden (`isHidden`) once off screen; otherwise at once. The
    /// bar overlays the content, which does not move (Kinescope's content is not inset by
    /// the bar).
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != barHidden else { return }
        barHidden = hidden
        guard animated, isShowingInWindow else {
            navigationBar.isHidden = hidden
            if isViewLoaded { placeNavigationBar() }
            return
        }
        if !hidden {
            UIView.performWithoutAnimation {
                navigationBar.frame = barFrame(hidden: true)
                navigationBar.isHidden = false
            }
        }
        UIView.animate(withDuration: TimeInterval(Self.hideShowBarDuration), delay: 0, options: .curveEaseInOut, animations: {
            self.navigationBar.frame = self.barFrame(hidden: hidden)
            self.view.layoutIfNeeded()
        }, completion: { _ in
            if self.barHidden { self.navigationBar.isHidden = true }
        })
    }

    /// The bar's frame in the controller's view: along the top, or just above it when hidden;
    /// as tall as the top item needs (its prompt, what shows of its large title).
    private func barFrame(hidden: Bool) -> CGRect {
        let height = navigationBar.preferredHeight
        return CGRect(x: 0, y: hidden ? -height : 0, width: view.bounds.width, height: height)
    }

    private func placeNavigationBar() {
        navigationBar.frame = barFrame(hidden: barHidden)
    }

    /// The navigation bar covers the top of every child's view (the children extend under it,
    /// as UIKit's default `edgesForExtendedLayout`): their safe area starts below the bar, and
    /// moves up when the bar hides.
    override func safeAreaCovered(forChild child: UIViewController) -> UIEdgeInsets {
        guard let root = viewIfLoaded, !navigationBar.isHidden, let childView = child.viewIfLoaded,
              childView.superviewStorage != nil else { return .zero }
        let bar = navigationBar.frame, frame = childView.convert(childView.bounds, to: root)
        guard bar.minX < frame.maxX, bar.maxX > frame.minX else { return .zero }
        return UIEdgeInsets(top: min(max(0, bar.maxY - frame.minY), frame.height), left: 0, bottom: 0, right: 0)
    }
    /// The left-edge pan that pops the top controller interactively; it begins only when the
    /// stack has more than one controller and no transition runs.
    public private(set) lazy var interactivePopGestureRecognizer: UIGestureRecognizer? = makeEdgePan()

    private let transitionView = UIView(frame: .zero)
    private var transition: TransitionContext?
    private var queued: [() -> Void] = []
    private var edgeInteraction: UIPercentDrivenInteractiveTransition?
    private let edgeDelegate = EdgePanDelegate()

    public override init() {
        super.init()
    }

    /// A navigation controller whose stack is `rootViewController`.
    public init(rootViewController: UIViewController) {
        super.init()
        setViewControllers([rootViewController], animated: false)
    }

    public override init(nibName: String?, bundle: Any?) {
        super.init(nibName: nibName, bundle: bundle)
    }

    /// The stack, bottom first. Setting it is `setViewControllers(_:animated: false)`.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The controller on top of the stack.
    open var topViewController: UIViewController? { stack.last }
    /// The controller whose view is shown: the one presented over this navigation controller
    /// if any (as UIKit), else the top one.
    open var visibleViewController: UIViewController? { presentedViewController ?? stack.last }

    open override func loadView() {
        loadContainerView(transitionView: transitionView, bar: navigationBar)
        if let gesture = interactivePopGestureRecognizer { view.addGestureRecognizer(gesture) }
        install(stack.last)
        navigationBar.replaceItems(stack.map(\.navigationItem))
        navigationBar.refresh()
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        placeNavigationBar()
    }

    /// Puts `controller`'s view in the transition view, filling it, and follows its scroll view
    /// for the large title.
    private func install(_ controller: UIViewController?) {
        installChildView(of: controller, in: transitionView)
        if let tracked = trackedScrollView, tracked.scrollTracker === self { tracked.scrollTracker = nil }
        let view = controller?.viewIfLoaded
        trackedScrollView = view as? UIScrollView ?? view?.subviews.first(where: { $0 is UIScrollView }) as? UIScrollView
        trackedScrollView?.scrollTracker = self
    }

    /// The scroll view whose offset collapses the top item's large title.
    private weak var trackedScrollView: UIScrollView?

    /// How far `scrollView` is scrolled past where it rests under a fully open bar, points: the
    /// large title's band collapses by that much.
    private func scrolledPastRest(_ scrollView: UIScrollView, item: UINavigationItem) -> CGFloat {
        var cover: CGFloat = 0
        if scrollView.contentInsetAdjustmentBehavior != .never, let superview = scrollView.superview {
            let open = navigationBar.frame.minY + navigationBar.preferredHeight(for: item) + min(item.largeTitleCollapse, UINavigationBar.largeTitleHeight)
            cover = max(0, open - superview.convert(scrollView.frame.origin, to: view).y)
        }
        let inset = scrollView.contentInset.top
        return scrollView.contentOffset.y + (inset.isFinite ? inset : 0) + cover
    }

    /// Pushes `viewController` on the stack and shows it, sliding in when `animated`. A
    /// controller already on the stack, or a navigation controller, is refused with a
    /// diagnostic (UIKit raises).
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        if transition != nil { return queued.append { [weak self] in self?.pushViewController(viewController, animated: animated) } }
        if stack.contains(where: { $0 === viewController }) {
            return viewControllerDiagnostic("pushViewController: \(describe(viewController)) is already on the stack of \(describe(self)); ignored")
        }
        if viewController is UINavigationController {
            return viewControllerDiagnostic("pushViewController: \(describe(viewController)) is a navigation controller and cannot be pushed; ignored")
        }
        let from = stack.last
        addChild(viewController)
        stack.append(viewController)
        navigationBar.replaceItems(stack.map(\.navigationItem))
        guard let from, isShowingInWindow else {
            navigationBar.refresh()
            if isViewLoaded {
                from?.viewIfLoaded?.removeFromSuperview()
                install(viewController)
            }
            viewController.didMove(toParent: self)
            return
        }
        run(.push, from: from, to: viewController, animated: animated, interaction: nil) { [weak self] completed in
            guard let self else { return }
            if completed {
                viewController.didMove(toParent: self)
            } else {
                self.stack.removeAll { $0 === viewController }
                viewController.willMove(toParent: nil)
                viewController.removeFromParent()
            }
        }
    }

    /// Pops the top controller and returns it; nil (with a diagnostic) when only the root is
    /// left, or when queued behind a running transition.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard stack.count > 1 else {
            viewControllerDiagnostic("popViewController: \(describe(self)) has only its root controller; nothing popped")
            return nil
        }
        return popToViewController(stack[stack.count - 2], animated: animated)?.last
    }

    /// Pops the controllers above `viewController` (which must be on the stack) and returns
    /// them, bottom first; nil when `viewController` is not on the stack (with a diagnostic) or
    /// the pop was queued; an empty array when it is already on top.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        pop(to: viewController, animated: animated, interaction: nil)
    }

    /// Pops every controller but the root and returns them (see `popToViewController`).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = stack.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    private func pop(to target: UIViewController, animated: Bool,
                     interaction: UIViewControllerInteractiveTransitioning?) -> [UIViewController]? {
        if transition != nil {
            queued.append { [weak self] in _ = self?.pop(to: target, animated: animated, interaction: nil) }
            return nil
        }
        guard let index = stack.firstIndex(where: { $0 === target }) else {
            viewControllerDiagnostic("popToViewController: \(describe(target)) is not on the stack of \(describe(self)); nothing popped")
            return nil
        }
        let popped = Array(stack[(index + 1)...])
        guard let top = popped.last else { return [] }
        stack.removeSubrange((index + 1)...)
        for hidden in popped.dropLast() {
            hidden.willMove(toParent: nil)
            hidden.viewIfLoaded?.removeFromSuperview()
            hidden.removeFromParent()
        }
        top.willMove(toParent: nil)
        navigationBar.replaceItems(stack.map(\.navigationItem))
        guard isShowingInWindow else {
            navigationBar.refresh()
            top.viewIfLoaded?.removeFromSuperview()
            top.removeFromParent()
            install(target)
            return popped
        }
        run(.pop, from: top, to: target, animated: animated, interaction: interaction) { [weak self] completed in
            guard let self else { return }
            if completed {
                top.removeFromParent()
            } else {
                self.stack.append(top)
                top.movingFromParent = false
                top.didMove(toParent: self)
            }
        }
        return popped
    }

    /// Replaces the stack. Controllers that leave it are removed (the old top after the
    /// transition); new ones are added. When the top changes on screen, the change animates as
    /// a push (the new top was not on the stack) or a pop (it was) when `animated`. An empty
    /// array, or one that holds a controller twice, is refused with a diagnostic.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        if transition != nil { return queued.append { [weak self] in self?.setViewControllers(viewControllers, animated: animated) } }
        guard let newTop = viewControllers.last,
              Set(viewControllers.map(ObjectIdentifier.init)).count == viewControllers.count else {
            return viewControllerDiagnostic("setViewControllers: \(describe(self)) needs a non-empty stack without repeats; ignored")
        }
        let oldTop = stack.last
        let wasOnStack = stack.contains { $0 === newTop }
        let leaving = stack.filter { old in !viewControllers.contains { $0 === old } }
        for old in leaving where old !== oldTop {
            old.willMove(toParent: nil)
            old.viewIfLoaded?.removeFromSuperview()
            old.removeFromParent()
        }
        let arriving = viewControllers.filter { new in !stack.contains { $0 === new } }
        for new in arriving { addChild(new) }
        stack = viewControllers
        let topLeaves = oldTop.map { old in leaving.contains { $0 === old } } ?? false
        let finishArrivals = { [weak self] in
            guard let self else { return }
            for new in arriving { new.didMove(toParent: self) }
        }
        if topLeaves { oldTop?.willMove(toParent: nil) }
        navigationBar.replaceItems(stack.map(\.navigationItem))
        guard let oldTop, oldTop !== newTop, isShowingInWindow else {
            navigationBar.refresh()
            if let oldTop, oldTop !== newTop {
                oldTop.viewIfLoaded?.removeFromSuperview()
                if topLeaves { oldTop.removeFromParent() }
            }
            install(newTop)
            finishArrivals()
            return
        }
        run(wasOnStack ? .pop : .push, from: oldTop, to: newTop, animated: animated, interaction: nil) { completed in
            if topLeaves { oldTop.removeFromParent() }
            finishArrivals()
        }
    }

    /// Runs one transition between the views of `from` and `to`, with the appearance callbacks
    /// and the delegate's calls around it; `bookkeeping` runs when it completes (with whether
    /// it completed), between the `did` callbacks as UIKit orders them.
    private func run(_ operation: Operation, from: UIViewController, to: UIViewController, animated: Bool,
                     interaction edge: UIViewControllerInteractiveTransitioning?, bookkeeping: @escaping (Bool) -> Void) {
        let custom = delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to)
        let animator: UIViewControllerAnimatedTransitioning = custom ?? (animated ? NavigationSlideAnimator(operation: operation) : ImmediateAnimator())
        var interaction = edge
        if let custom, let given = delegate?.navigationController(self, interactionControllerFor: custom) { interaction = given }
        to.loadViewIfNeeded()
        delegate?.navigationController(self, willShow: to, animated: animated)
        let bounds = transitionView.bounds
        let context = TransitionContext(
            container: transitionView, timingView: view, from: from, to: to, fromView: from.view, toView: to.view,
            initialFrames: [(from, bounds)], finalFrames: [(to, bounds)], animated: animated,
            animator: animator, interaction: interaction) { [weak self] completed in
                self?.transitionEnded(operation, from: from, to: to, animated: animated, completed: completed, bookkeeping: bookkeeping)
            }
        context.alongsideOptions = UIView.AnimationOptions(rawValue: AnimationBlock.systemSpringCurve << 16)
        transition = context
        coordinatorStorage = context
        from.coordinatorStorage = context
        to.coordinatorStorage = context
        navigationBar.prepareTransition(context, operation: operation)
        if isViewLoaded, navigationBar.bounds.height != navigationBar.preferredHeight {
            _ = context.animate(alongsideTransition: { [weak self] _ in
                self?.placeNavigationBar()
                self?.view.layoutIfNeeded()
            }, completion: nil)
        }
        from.beginDisappearance(animated: animated)
        to.beginAppearance(animated: animated)
        context.start()
    }

    private func transitionEnded(_ operation: Operation, from: UIViewController, to: UIViewController, animated: Bool,
                                 completed: Bool, bookkeeping: (Bool) -> Void) {
        transition = nil
        coordinatorStorage = nil
        from.coordinatorStorage = nil
        to.coordinatorStorage = nil
        edgeInteraction = nil
        if completed {
            from.viewIfLoaded?.removeFromSuperview()
            install(to)
            from.endDisappearance()
            if operation == .pop {
                bookkeeping(true)
                to.endAppearance()
            } else {
                to.endAppearance()
                bookkeeping(true)
            }
            navigationBar.transitionEnded()
            delegate?.navigationController(self, didShow: to, animated: animated)
        } else {
            to.viewIfLoaded?.removeFromSuperview()
            install(from)
            to.beginDisappearance(animated: animated)
            from.beginAppearance(animated: animated)
            to.endDisappearance()
            from.endAppearance()
            bookkeeping(false)
            navigationBar.replaceItems(stack.map(\.navigationItem))
            navigationBar.transitionEnded()
        }
        let next = queued
        queued = []
        for operation in next { operation() }
    }

    /// Whether the edge pan may begin now.
    fileprivate var canPopInteractively: Bool { stack.count > 1 && transition == nil && isShowingInWindow }

    private func makeEdgePan() -> UIGestureRecognizer {
        let pan = UIScreenEdgePanGestureRecognizer(target: self, action: UINavigationController.edgePanned)
        pan.edges = .left
        edgeDelegate.navigationController = self
        pan.delegate = edgeDelegate
        return pan
    }

    private func edgePanned(_ pan: UIScreenEdgePanGestureRecognizer) {
        let width = max(1, view.bounds.width)
        let fraction = pan.translation(in: view).x / width
        switch pan.state {
        case .began:
            guard canPopInteractively else { return }
            let interaction = UIPercentDrivenInteractiveTransition()
            interaction.completionCurve = .easeOut
            edgeInteraction = interaction
            _ = pop(to: stack[stack.count - 2], animated: true, interaction: interaction)
            interaction.update(min(1, max(0, fraction)))
        case .changed:
            edgeInteraction?.update(min(1, max(0, fraction)))
        case .ended, .cancelled, .failed:
            guard let interaction = edgeInteraction else { return }
            let velocity = pan.velocity(in: view).x
            let finishes = pan.state == .ended
                && (velocity > Self.flickVelocity || (fraction > 0.5 && velocity >= -Self.flickVelocity))
            if finishes { interaction.finish() } else { interaction.cancel() }
        case .possible:
            break
        }
    }
}

/// Lets the edge pan begin only when a pop is possible.
@MainActor
private final class EdgePanDelegate: UIGestureRecognizerDelegate {
    weak var navigationController: UINavigationController?

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        navigationController?.canPopInteractively ?? false
    }
}

/// The navigation controller's delegate (Apple's protocol); every method is optional.
@MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    /// Before a push or pop shows `viewController` (after its view is loaded).
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    /// After a push or pop showed `viewController` (not after a cancelled edge pop).
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
    /// A custom animator for the transition, or nil (the default) for the system slide.
    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning?
    /// An interaction controller for a custom animator, or nil (the default).
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func navigationController(_ navigationController: UINavigationController,
                                     interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
}

extension UIViewController {
    /// The nearest navigation controller among this controller's ancestors (nil for a
    /// controller in none, and for a navigation controller not inside another).
    public var navigationController: UINavigationController? {
        nearestAncestor(UINavigationController.self)
    }
}

extension UINavigationController: ScrollTracking {
    /// The top controller's scroll view moved: its large title collapses by the distance
    /// scrolled past rest (not while a transition runs).
    func scrollViewDidMove(_ scrollView: UIScrollView) {
        guard scrollView === trackedScrollView, transition == nil, let item = topViewController?.navigationItem,
              navigationBar.showsLargeTitle(item) else { return }
        navigationBar.setLargeTitleCollapse(scrolledPastRest(scrollView, item: item), of: item)
    }

    /// Scrolling stopped with the large title half collapsed: the scroll view moves on to open it
    /// (less than half gone) or to shut it, as UIKit's bar snaps.
    func scrollViewDidSettle(_ scrollView: UIScrollView) {
        guard scrollView === trackedScrollView, transition == nil, let item = topViewController?.navigationItem,
              navigationBar.showsLargeTitle(item) else { return }
        let full = UINavigationBar.largeTitleHeight
        let c = scrolledPastRest(scrollView, item: item)
        guard c > 0, c < full else { return }
        let target = c < full / 2 ? 0 : full
        var offset = scrollView.contentOffset
        offset.y += target - c
        scrollView.setContentOffset(offset, animated: true)
    }
}
