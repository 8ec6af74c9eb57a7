import Geometry

extension UIAlertController {
    /// Adds a text field under the message, as UIKit: `.alert` only (an action sheet refuses it
    /// with a diagnostic, where Apple raises). The field comes borderless in 13-point text inside
    /// the alert's box; `configurationHandler` runs at once, before the field is shown, so it can
    /// set the placeholder, secure entry, the delegate or the text. When the alert has appeared,
    /// its first field becomes first responder, as on iOS.
    public func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        let field = UITextField(frame: .zero)
        field.borderStyle = .none
        field.font = .systemFont(ofSize: 13)
        addTextInput(field, configurationHandler: configurationHandler)
    }

    /// The text fields added with `addTextField(configurationHandler:)`, in order; nil when
    /// none were.
    public var textFields: [UITextField]? { textInputs(as: UITextField.self) }
}
