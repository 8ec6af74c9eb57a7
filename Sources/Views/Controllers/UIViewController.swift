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

    /// Unhandled events from the root view go to the superview of the root view.
    open override var next: UIResponder? { loadedView?.superview }

    /// Where the controller is between its appearance callbacks, so that each runs once per
    /// showing, as UIKit calls them.
    private enum Appearance { case disappeared, appearing, appeared, disappearing }
    private var appearance = Appearance.disappeared

    func beginAppearance() {
        guard appearance == .disappeared || appearance == .disappearing else { return }
        appearance = .appearing
        viewWillAppear(false)
    }

    func endAppearance() {
        guard appearance == .appearing else { return }
        appearance = .appeared
        viewDidAppear(false)
    }

    func beginDisappearance() {
        guard appearance == .appeared || appearance == .appearing else { return }
        appearance = .disappearing
        viewWillDisappear(false)
    }

    func endDisappearance() {
        guard appearance == .disappearing else { return }
        appearance = .disappeared
        viewDidDisappear(false)
    }
}
