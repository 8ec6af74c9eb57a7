import Foundation

/// What a text view asks and tells its delegate, as UIKit's `UITextViewDelegate` (which is
/// also the scroll view's delegate: set it through `delegate`). Every method is optional.
@MainActor
public protocol UITextViewDelegate: UIScrollViewDelegate {
    /// Whether the view may become first responder. Default true.
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    /// The view became first responder.
    func textViewDidBeginEditing(_ textView: UITextView)
    /// Whether the view may resign; `endEditing(true)` does not ask. Default true.
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    /// The view resigned first responder.
    func textViewDidEndEditing(_ textView: UITextView)
    /// Whether typing, deleting, cutting or pasting may replace `range` (UTF-16) with `text`.
    /// Default true.
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// The user changed the text (not sent when code sets `text`, as in UIKit).
    func textViewDidChange(_ textView: UITextView)
    /// The selection or caret moved.
    func textViewDidChangeSelection(_ textView: UITextView)
}

public extension UITextViewDelegate {
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    func textViewDidBeginEditing(_ textView: UITextView) {}
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    func textViewDidEndEditing(_ textView: UITextView) {}
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    func textViewDidChange(_ textView: UITextView) {}
    func textViewDidChangeSelection(_ textView: UITextView) {}
}
