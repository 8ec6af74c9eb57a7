import Geometry
import Layers

/// The root of a view hierarchy shown by a host, as UIKit's `UIWindow`.
///
/// A host (an X11 window or a headless canvas, see `UIApplication` and `HeadlessHost`) shows the
/// key window; the window delivers touches to the views under them and key presses to the first
/// responder.
@MainActor
open class UIWindow: UIView {
    override class var drawsWithDrawRect: Bool { false }

    var firstResponderStorage: UIResponder?
    /// Touches in progress, by host pointer.
    var activeTouches: [Int: UITouch] = [:]
    var lastTap: (time: Double, location: CGPoint, count: Int)?
    /// Where the pointer was last seen (window coordinates), for keys that scroll the scroll
    /// view under it.
    var pointerLocation: CGPoint?
    /// The gesture recognisers' arbitration for this window's touches (`UIWindow+Events`).
    let gestureEnvironment = GestureEnvironment()

    /// The controller whose view fills the window; setting it loads and installs that view in
    /// place of the old controller's. On a visible window the old controller disappears and the
    /// new one appears: `viewWillDisappear` (old), `viewWillAppear` (new), the views swap,
    /// `viewDidDisappear` (old), `viewDidAppear` (new).
    open var rootViewController: UIViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            let visible = !isHidden
            if visible {
                oldValue?.beginDisappearance()
                rootViewController?.loadViewIfNeeded()
                rootViewController?.beginAppearance()
            }
            oldValue?.viewIfLoaded?.removeFromSuperview()
            installRootView()
            if visible {
                oldValue?.endDisappearance()
                rootViewController?.endAppearance()
            }
        }
    }

    /// Whether this is the window that receives key events. Set by `makeKeyAndVisible()`.
    public internal(set) var isKeyWindow = false

    /// Called when the window becomes the one a host shows; hosts observe this.
    var onMakeKeyAndVisible: ((UIWindow) -> Void)?

    /// A window with `frame` in screen coordinates. As in UIKit, a new window is hidden (it
    /// neither draws nor receives touches) until `makeKeyAndVisible()` or `isHidden = false`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = nil
        isHidden = true
    }

    /// Shows the window and makes it key: its root view controller's view appears
    /// (`viewWillAppear` / `viewDidAppear`, once: a controller already shown is not told
    /// again). The application's host, if any, shows it.
    open func makeKeyAndVisible() {
        isHidden = false
        isKeyWindow = true
        UIApplication.shared.keyWindowStorage = self
        installRootView()
        rootViewController?.beginAppearance()
        UIApplication.shared.windowDidBecomeKey(self)
        rootViewController?.endAppearance()
    }

    /// The window's next responder is the application.
    open override var next: UIResponder? { UIApplication.shared }

    /// The window's own undo manager, which its views' text fields and text views use.
    open override var undoManager: UndoManager? { windowUndoManager }
    private lazy var windowUndoManager = UndoManager()

    private func installRootView() {
        guard let controller = rootViewController else { return }
        let view = controller.view!
        guard view.superview !== self else { return }
        view.frame = bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(view)
    }
}
