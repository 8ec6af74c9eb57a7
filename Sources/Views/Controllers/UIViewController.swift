import Geometry

/// Manages a view hierarchy, as UIKit's `UIViewController`: the root view is made on first use
/// by `loadView()`, then `viewDidLoad()` runs; appearance callbacks run when its window shows it.
@MainActor
open class UIViewController: UIResponder {
    private var loadedView: UIView?

    public override init() {
        super.init()
    }

    /// UIKit's designated initialiser; nib names are ignored (there are no nibs).
    public init(nibName: String?, bundle: Any?) {
        super.init()
    }

    /// The root view, loaded on first access.
    open var view: UIView! {
        get {
            if loadedView == nil { loadViewIfNeeded() }
            return loadedView
        }
        set {
            loadedView?.viewController = nil
            loadedView = newValue
            newValue?.viewController = self
        }
    }

    /// The controller's title; a navigation bar shows it when the `navigationItem` has no
    /// title of its own, and the next controller's back button shows it.
    open var title: String? {
        didSet {
            navigationItemStorage?.controllerTitleChanged()
            tabBarItemStorage?.controllerTitleChanged(title)
        }
    }

    private var navigationItemStorage: UINavigationItem?
    /// The item `tabBarItem` returns, once made or set.
    var tabBarItemStorage: UITabBarItem?
    /// What a navigation bar shows for this controller (title, back button, bar button items),
    /// made on first use.
    open var navigationItem: UINavigationItem {
        if let item = navigationItemStorage { return item }
        let item = UINavigationItem(title: nil)
        item.owner = self
        navigationItemStorage = item
        return item
    }

    /// Whether the controller's content is being edited (what `editButtonItem` shows); setting
    /// it is `setEditing(_:animated: false)`. Default false.
    open var isEditing: Bool {
        get { editingStorage }
        set { setEditing(newValue, animated: false) }
    }
    private var editingStorage = false
    private var editButtonItemStorage: UIBarButtonItem?

    /// Enters or leaves editing; `editButtonItem` then reads Done (bold) or Edit. Subclasses
    /// override it to put their views in editing mode and call `super` (`UITableViewController`
    /// forwards it to its table).
    open func setEditing(_ editing: Bool, animated: Bool) {
        editingStorage = editing
        if let item = editButtonItemStorage {
            item.title = editing ? "Done" : "Edit"
            item.style = editing ? .done : .plain
        }
    }

    /// A bar button item reading Edit, or Done (bold) while editing, whose tap calls
    /// `setEditing(!isEditing, animated: true)`, as UIKit's. Made on first use, the same item
    /// every time.
    public var editButtonItem: UIBarButtonItem {
        if let item = editButtonItemStorage { return item }
        let item = UIBarButtonItem(title: isEditing ? "Done" : "Edit", style: isEditing ? .done : .plain,
                                   target: self, action: UIViewController.toggleEditing)
        editButtonItemStorage = item
        return item
    }

    private func toggleEditing() {
        setEditing(!isEditing, animated: true)
    }

    /// The root view if it is loaded, without loading it.
    public var viewIfLoaded: UIView? { loadedView }
    public var isViewLoaded: Bool { loadedView != nil }

    /// Makes the root view; the default makes a plain `UIView` (white, as iOS 13+'s system
    /// background in light mode). Override to build your own; do not call super then.
    open func loadView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        root.backgroundColor = .systemBackground
        view = root
    }

    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = UIView(frame: .zero) }
        viewDidLoad()
    }

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}

    /// Insets added to the safe area of the root view beyond what the bars of the containers
    /// give it (a custom toolbar of your own, say). Default zero; a change relays out.
    open var additionalSafeAreaInsets = UIEdgeInsets.zero {
        didSet { if additionalSafeAreaInsets != oldValue { viewIfLoaded?.setNeedsLayout() } }
    }

    /// Called when the root view's `safeAreaInsets` changed, after the view's
    /// `safeAreaInsetsDidChange()`; the default does nothing.
    open func viewSafeAreaInsetsDidChange() {}

    /// The edges of `child`'s root view that this container's own views (its bars) cover, in
    /// the child's view's coordinates; part of the child's safe area. None by default.
    func safeAreaCovered(forChild child: UIViewController) -> UIEdgeInsets { .zero }

    /// Whether the root view's layout margins are at least `systemMinimumLayoutMargins`.
    /// Default true, as in UIKit.
    open var viewRespectsSystemMinimumLayoutMargins = true {
        didSet { if viewRespectsSystemMinimumLayoutMargins != oldValue { viewIfLoaded?.layoutMarginsStorageDidChange() } }
    }

    /// Whether the container calls this controller's children's appearance callbacks for it
    /// when this controller appears or disappears (default true, as UIKit). Override to return
    /// false and call `beginAppearanceTransition(_:animated:)` / `endAppearanceTransition()` on
    /// the children yourself. Kinescope forwards to the children whose views are inside this
    /// controller's view, right after this controller's own callback.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// Makes `child` a child of this controller, as UIKit: a child of another container is
    /// removed from it first, then `child.willMove(toParent: self)` runs. Adding the child's
    /// view to the view hierarchy and calling `child.didMove(toParent: self)` is the caller's
    /// part. Adding a controller to itself or to one of its own children is refused with a
    /// diagnostic (UIKit raises); adding a child twice does nothing.
    open func addChild(_ child: UIViewController) {
        containAdd(child)
    }

    /// Removes this controller from its container, as UIKit: it leaves `parent.children` and
    /// then `didMove(toParent: nil)` runs. Call `willMove(toParent: nil)` before and remove the
    /// view from its superview yourself. Without a parent this does nothing.
    open func removeFromParent() {
        containRemove()
    }

    /// Called just before this controller is added to or removed from a container (`nil`).
    /// `addChild(_:)` calls it with the new parent; a container calls it with `nil` before
    /// `removeFromParent()`. The default marks the controller as moving from its parent
    /// (`isMovingFromParent`) when `parent` is nil; overrides should call super.
    open func willMove(toParent parent: UIViewController?) {
        containWillMove(toParent: parent)
    }

    /// Called after this controller was added to (`didMove(toParent: container)`, by the
    /// container) or removed from a container (`nil`, by `removeFromParent()`).
    open func didMove(toParent parent: UIViewController?) {
        containDidMove(toParent: parent)
    }

    /// Tells this controller that its view is about to appear (`isAppearing` true) or
    /// disappear, for a container that does not forward appearance methods automatically:
    /// `viewWillAppear(animated)` or `viewWillDisappear(animated)` runs unless the controller
    /// is already in that state. Pair each call with `endAppearanceTransition()`.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        containBeginAppearance(isAppearing, animated: animated)
    }

    /// Ends the appearance transition begun last: `viewDidAppear` or `viewDidDisappear` with
    /// the `animated` flag of the begin. Without one under way, nothing happens.
    open func endAppearanceTransition() {
        containEndAppearance()
    }

    /// Replaces one child's view by another's, for custom containers, as UIKit: `toViewController`'s
    /// view is added to `fromViewController`'s view's superview (above it), `animations` run in
    /// an animation block of `duration` seconds with the curve of `options`, a transition
    /// style of `options` (`.transitionFlipFromLeft`, `.transitionCrossDissolve`…) animates the
    /// swap itself, and at the end `fromViewController`'s view is removed (hidden instead, with
    /// `.showHideTransitionViews`) and `completion(finished)` runs. With automatic forwarding,
    /// the appearance callbacks run around it: `viewWillDisappear` (from), `viewWillAppear`
    /// (to) before the animations, `viewDidDisappear` (from), `viewDidAppear` (to) before the
    /// completion, `animated` true when `duration` is positive. Both controllers must be
    /// children of this one, and `fromViewController`'s view must be in a superview (UIKit
    /// raises otherwise): if not, a diagnostic is printed and nothing happens (the completion
    /// runs on the next turn with false).
    open func transition(from fromViewController: UIViewController, to toViewController: UIViewController,
                         duration: TimeInterval, options: UIView.AnimationOptions = [],
                         animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        containTransition(from: fromViewController, to: toViewController, duration: duration, options: options,
                          animations: animations, completion: completion)
    }

    /// How this controller is shown when presented; set it on the controller to present.
    /// Default `.automatic`, which reads back as `.pageSheet`, as on iOS 13 and later.
    /// `.pageSheet` and `.formSheet` show the iOS 13 card of a compact-width screen (see
    /// `SheetPresentationController`: inset from the top, rounded top corners, the presenter
    /// scaled back and dimmed, its view kept and given no appearance callbacks). `.fullScreen`
    /// removes the presenter's view once the presentation ended; `.overFullScreen` keeps it.
    /// `.currentContext` covers the view of the controller that defines the presentation
    /// context (see `definesPresentationContext`) and removes it once the presentation ended;
    /// `.overCurrentContext` covers it and keeps it. `.popover` presents as `.fullScreen` (a
    /// popover's compact adaptation; Kinescope has no popovers).
    /// `.custom` uses the `transitioningDelegate`'s presentation controller. Setting `.none`
    /// is refused with a diagnostic (Apple raises).
    open var modalPresentationStyle: UIModalPresentationStyle {
        get { modalPresentationStyleStorage == .automatic ? .pageSheet : modalPresentationStyleStorage }
        set {
            guard newValue != .none else {
                return viewControllerDiagnostic("modalPresentationStyle of \(describe(self)) cannot be .none; unchanged")
            }
            modalPresentationStyleStorage = newValue
        }
    }
    private var modalPresentationStyleStorage = UIModalPresentationStyle.automatic

    /// The animation of a presentation and dismissal of this controller without a custom
    /// animator. Default `.coverVertical`.
    open var modalTransitionStyle = UIModalTransitionStyle.coverVertical

    /// Whether this controller's view is the context a `.currentContext` or
    /// `.overCurrentContext` presentation covers, when the presentation is asked of this
    /// controller or of one of its children. Default false. UIKit's rule, kept here: the
    /// controller `present` is called on, then its parents, are searched for the first that
    /// defines the context; that one becomes the `presentingViewController` and the presented
    /// view covers its view's frame (the container goes into that view's superview, above
    /// it, clipped to it). Without one, the root of the hierarchy presents (the window's root
    /// view controller), as for the full-screen styles.
    open var definesPresentationContext = false

    /// Whether a controller defining the presentation context also gives the transition
    /// style: when true, a `.currentContext` or `.overCurrentContext` presentation in its
    /// context (and its dismissal) animates with this controller's `modalTransitionStyle`
    /// instead of the presented controller's. Default false.
    open var providesPresentationContextTransitionStyle = false

    /// Gives the animators, interaction controllers and (for `.custom`) the presentation
    /// controller of this controller's presentation and dismissal; held weakly, as UIKit.
    open weak var transitioningDelegate: UIViewControllerTransitioningDelegate?

    /// Presents `viewControllerToPresent` modally over this controller's hierarchy, as UIKit.
    /// The presenter (`presentingViewController`) is the root of the hierarchy this
    /// controller is in (its top parent), as for Apple's full-screen styles; for
    /// `.currentContext` and `.overCurrentContext`, the controller defining the presentation
    /// context (`definesPresentationContext`). The animation is
    /// the transitioning delegate's animator, else `modalTransitionStyle`'s, when `flag`
    /// (without it the delegate is not asked for animators, only for a `.custom` presentation
    /// controller, and the views swap on the next turn); `completion` runs after the presented
    /// controller's `viewDidAppear`.
    ///
    /// Appearance callbacks, with `animated` = `flag`: `presenter.viewWillDisappear` (only when
    /// its view is removed: `.fullScreen`), `presented.viewWillAppear`, the presentation
    /// controller's `presentationTransitionWillBegin`, the animation,
    /// `presentationTransitionDidEnd(true)`, `presented.viewDidAppear`,
    /// `presenter.viewDidDisappear`, `completion`. Refused with a diagnostic naming the
    /// controllers, the completion not run (Apple raises or logs and drops): a presenter
    /// already presenting, a controller already presented or in a container, presenting a
    /// controller in this hierarchy, a presenter whose view is not in a window, and a
    /// presentation or container transition under way. A cancelled interactive presentation
    /// ends with the reverse callbacks (`presented.viewWillDisappear`,
    /// `presenter.viewWillAppear`, then the `did` pair), `presentationTransitionDidEnd(false)`
    /// and the links undone; the completion does not run.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        presentationPresent(viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses the controller this one presented, as UIKit; called on a presented
    /// controller (or a child of one) without one of its own, its presenter dismisses it.
    /// Controllers presented above the dismissed one go at once without animation; the
    /// dismissed one animates with its transitioning delegate's animator or the reverse of
    /// its `modalTransitionStyle` when `flag`. `completion` runs at the end.
    ///
    /// Callbacks: `presented.viewWillDisappear`, `presenter.viewWillAppear` (only when its view
    /// had been removed), `dismissalTransitionWillBegin`, the animation,
    /// `dismissalTransitionDidEnd(true)`, `presenter.viewDidAppear`,
    /// `presented.viewDidDisappear`, `completion`. With nothing to dismiss, or while a
    /// presentation transition runs, a diagnostic is printed and the completion is not run. A
    /// cancelled interactive dismissal (a `.pageSheet` card dragged down and let go early, or
    /// the delegate's interaction controller) ends with `presenter.viewWillDisappear` (if it had
    /// been told it would appear), `presented.viewWillAppear`, the `did` pair, and
    /// `dismissalTransitionDidEnd(false)`: the presentation stays, the completion does not run.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        presentationDismiss(animated: flag, completion: completion)
    }

    /// Unhandled events from the root view go to the superview of the root view.
    open override var next: UIResponder? { loadedView?.superview }

    /// Where the controller is between its appearance callbacks, so that each runs once per
    /// showing, as UIKit calls them.
    enum Appearance { case disappeared, appearing, appeared, disappearing }
    var appearance = Appearance.disappeared
    /// The `animated` flag of the appearance transition under way, passed to its `did` callback.
    private var appearanceAnimated = false

    /// The container this controller is a child of (`addChild`), held weakly as UIKit does.
    weak var parentStorage: UIViewController?
    var childrenStorage: [UIViewController] = []
    var movingToParent = false
    var movingFromParent = false
    /// The transition that is moving this controller's view, while one runs
    /// (`transitionCoordinator`).
    weak var coordinatorStorage: UIViewControllerTransitionCoordinator?

    /// The controller this one presents (held strongly until dismissed).
    var presentedStorage: UIViewController?
    /// The controller that presented this one.
    weak var presentingStorage: UIViewController?
    /// The presentation controller of this controller's presentation, while presented.
    var presentationControllerStorage: UIPresentationController?
    /// The presentation or dismissal transition this controller presents or dismisses with.
    var presentationTransition: TransitionContext?
    var beingPresented = false
    var beingDismissed = false

    /// Starts an appearance (`viewWillAppear(animated)`), unless the controller is already
    /// appearing or shown. Children whose views are inside this controller's view are told
    /// too when `shouldAutomaticallyForwardAppearanceMethods`, after this controller.
    func beginAppearance(animated: Bool = false) {
        guard appearance == .disappeared || appearance == .disappearing else { return }
        appearance = .appearing
        appearanceAnimated = animated
        viewWillAppear(animated)
        for child in forwardedChildren { child.beginAppearance(animated: animated) }
    }

    /// Ends an appearance (`viewDidAppear`, with the flag its start had).
    func endAppearance() {
        guard appearance == .appearing else { return }
        appearance = .appeared
        viewDidAppear(appearanceAnimated)
        movingToParent = false
        for child in forwardedChildren { child.endAppearance() }
    }

    /// Starts a disappearance (`viewWillDisappear(animated)`), unless the controller is
    /// already disappearing or hidden; forwarded to children as `beginAppearance`.
    func beginDisappearance(animated: Bool = false) {
        guard appearance == .appeared || appearance == .appearing else { return }
        appearance = .disappearing
        appearanceAnimated = animated
        viewWillDisappear(animated)
        for child in forwardedChildren { child.beginDisappearance(animated: animated) }
    }

    /// Ends a disappearance (`viewDidDisappear`, with the flag its start had).
    func endDisappearance() {
        guard appearance == .disappearing else { return }
        appearance = .disappeared
        viewDidDisappear(appearanceAnimated)
        for child in forwardedChildren { child.endDisappearance() }
    }

    /// The children told of this controller's appearance changes: those whose loaded views
    /// lie inside this controller's view, when forwarding is automatic.
    private var forwardedChildren: [UIViewController] {
        guard shouldAutomaticallyForwardAppearanceMethods, let root = loadedView else { return [] }
        return childrenStorage.filter { child in
            guard let view = child.viewIfLoaded else { return false }
            return view.isDescendant(of: root)
        }
    }
}
