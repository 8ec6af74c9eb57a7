/// An object that can handle touches and key presses, as UIKit's `UIResponder`. Unhandled
/// events travel up the responder chain: a view's `next` is its view controller (for a
/// controller's root view) or its superview; a window's is the application.
@MainActor
open class UIResponder {
    public init() {}

    /// The next responder in the chain, or nil at its end.
    open var next: UIResponder? { nil }

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    /// A key went down while this responder was first responder (or the event travelled up to
    /// it). UIKit delivers `UIPress` sets; Kinescope delivers one `UIKey` per call.
    open func keyDown(_ key: UIKey) { next?.keyDown(key) }
    /// A key went up.
    open func keyUp(_ key: UIKey) { next?.keyUp(key) }

    /// The undo manager for this responder: by default the next responder's, so views share
    /// their window's (a window has its own, as in UIKit); nil outside a window.
    open var undoManager: UndoManager? { next?.undoManager }

    /// Whether this responder accepts first-responder status. Default false.
    open var canBecomeFirstResponder: Bool { false }

    /// Makes this the window's first responder, which receives key events first. The current
    /// first responder is asked to resign first, as UIKit does; returns false when it refuses,
    /// or when this responder cannot become one or is not in a window.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let window = (self as? UIView)?.window ?? (self as? UIViewController)?.viewIfLoaded?.window
        else { return false }
        if let current = window.firstResponderStorage, current !== self, !current.resignFirstResponder() { return false }
        window.firstResponderStorage = self
        return true
    }

    @discardableResult
    open func resignFirstResponder() -> Bool {
        if let window = (self as? UIView)?.window ?? (self as? UIViewController)?.viewIfLoaded?.window,
           window.firstResponderStorage === self {
            window.firstResponderStorage = nil
        }
        return true
    }

    open var isFirstResponder: Bool {
        let window = (self as? UIView)?.window ?? (self as? UIViewController)?.viewIfLoaded?.window
        return window?.firstResponderStorage === self
    }
}

/// A keyboard key: its X11 keysym, the text it types (empty for keys that type none) and the
/// modifiers held.
public struct UIKey: Hashable, Sendable {
    public var keysym: UInt32
    public var characters: String
    public var modifierFlags: UIKeyModifierFlags

    public init(keysym: UInt32, characters: String, modifierFlags: UIKeyModifierFlags = []) {
        self.keysym = keysym
        self.characters = characters
        self.modifierFlags = modifierFlags
    }
}

/// Modifier keys, with UIKit's raw values.
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
}
