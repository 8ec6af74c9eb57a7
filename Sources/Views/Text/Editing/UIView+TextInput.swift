import Foundation
import Geometry

/// A view that edits text with Kinescope's editor: what Tab order and `endEditing` need.
@MainActor
protocol TextInputView: UIView {
    /// Whether it can take keyboard focus now (enabled, editable).
    var acceptsTextFocus: Bool { get }
    /// Set around a resign that must not ask the delegate (`endEditing(true)`).
    var forcesEndEditing: Bool { get set }
}

extension UITextField: TextInputView {
    var acceptsTextFocus: Bool { isEnabled }
}

extension UIView {
    /// Makes the first responder inside this view (itself included) resign, as UIKit's
    /// `endEditing(_:)`; with `force`, without asking the delegate's `shouldEndEditing`.
    /// Returns whether no first responder is left inside the view.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let window, let responder = window.firstResponderStorage as? UIView,
              responder === self || responder.isDescendant(of: self) else { return true }
        let input = responder as? TextInputView
        input?.forcesEndEditing = force
        defer { input?.forcesEndEditing = false }
        return responder.resignFirstResponder()
    }

    /// Moves keyboard focus to the next text input of the window (the previous with
    /// `backward`), wrapping around. The order: text fields and editable text views that are
    /// shown and enabled, by the top of their frames in window coordinates, then by their left
    /// edge (reading order), as a form lays them out.
    func focusNextTextInput(backward: Bool) {
        guard let window else { return }
        var inputs: [(CGRect, UIView)] = []
        func collect(_ view: UIView) {
            guard !view.isHidden, view.alpha > 0.01 else { return }
            if let input = view as? TextInputView, input.acceptsTextFocus {
                inputs.append((view.convert(view.bounds, to: window), view))
            }
            for subview in view.subviews { collect(subview) }
        }
        collect(window)
        inputs.sort { a, b in
            a.0.minY.rounded() != b.0.minY.rounded() ? a.0.minY < b.0.minY : a.0.minX < b.0.minX
        }
        guard let index = inputs.firstIndex(where: { $0.1 === self }), inputs.count > 1 else { return }
        let next = (index + (backward ? inputs.count - 1 : 1)) % inputs.count
        _ = inputs[next].1.becomeFirstResponder()
    }
}

extension UIWindow {
    /// The middle button went down at `location` (window coordinates): the text field or
    /// editable text view under it pastes X11's primary selection there, as X11 programs do.
    /// Elsewhere nothing happens. Non-finite locations are ignored.
    public func sendMiddleClick(at location: CGPoint) {
        guard location.x.isFinite, location.y.isFinite else { return }
        var view = hitTest(convert(location, from: nil), with: nil)
        while let current = view {
            if let field = current as? UITextField {
                return field.pastePrimarySelection(at: field.convert(location, from: self))
            }
            if let textView = current as? UITextView {
                return textView.pastePrimarySelection(at: textView.convert(location, from: self))
            }
            view = current.superview
        }
    }
}
