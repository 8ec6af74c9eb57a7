import Foundation

/// What a text field asks and tells its delegate, as UIKit's `UITextFieldDelegate`. Every
/// method is optional: the defaults allow everything and do nothing.
@MainActor
public protocol UITextFieldDelegate: AnyObject {
    /// Whether the field may become first responder and begin editing. Default true.
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    /// Editing began (the field is first responder).
    func textFieldDidBeginEditing(_ textField: UITextField)
    /// Whether the field may resign first responder; `endEditing(true)` does not ask. Default true.
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    /// Editing ended.
    func textFieldDidEndEditing(_ textField: UITextField)
    /// Whether typing, deleting, cutting or pasting may replace `range` (UTF-16) with `string`
    /// (empty for a deletion). Default true.
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange,
                   replacementString string: String) -> Bool
    /// Whether the clear button may empty the field. Default true.
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    /// Return was pressed; true lets the field send `.editingDidEndOnExit` and
    /// `.primaryActionTriggered`. The field does not resign by itself (call
    /// `resignFirstResponder()` here, as in UIKit). Default true.
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
    /// The selection or caret moved.
    func textFieldDidChangeSelection(_ textField: UITextField)
}

public extension UITextFieldDelegate {
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    func textFieldDidBeginEditing(_ textField: UITextField) {}
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    func textFieldDidEndEditing(_ textField: UITextField) {}
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange,
                   replacementString string: String) -> Bool { true }
    func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
    func textFieldDidChangeSelection(_ textField: UITextField) {}
}
