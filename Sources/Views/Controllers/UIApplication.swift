import Geometry

/// The running app, as UIKit's `UIApplication.shared`: knows the key window and ends the
/// responder chain. A host runner (see `ApplicationRunner` in module Kinescope) attaches to it
/// to show the key window and feed it events.
@MainActor
open class UIApplication: UIResponder {
    /// The one application object.
    public static let shared = UIApplication()

    var keyWindowStorage: UIWindow?
    /// Told when a window becomes key, so a runner can show it.
    public var onKeyWindowChange: ((UIWindow) -> Void)?

    /// The window that receives key events.
    public var keyWindow: UIWindow? { keyWindowStorage }

    /// Whether the app ignores touches (UIKit's deprecated begin/endIgnoringInteractionEvents).
    public var isIgnoringInteractionEvents = false

    func windowDidBecomeKey(_ window: UIWindow) {
        onKeyWindowChange?(window)
    }

    open override var next: UIResponder? { nil }
}
