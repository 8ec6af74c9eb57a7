/// Where `UIPasteboard` keeps its text. The default keeps it in memory, in this process; a host
/// with a system clipboard (X11: the CLIPBOARD and PRIMARY selections) installs its own through
/// `UIPasteboard.installBackend(_:)`.
@MainActor
public protocol PasteboardBackend: AnyObject {
    /// The text on `selection`, or nil when there is none (or the owner did not answer in time).
    func string(on selection: PasteboardSelection) -> String?
    /// Puts `text` on `selection` (nil clears it), taking ownership of it.
    func setString(_ text: String?, on selection: PasteboardSelection)
}

/// Which clipboard: UIKit's general pasteboard is X11's CLIPBOARD; `primary` is X11's PRIMARY
/// selection (the text last selected, pasted with the middle button), which UIKit has no name for.
public enum PasteboardSelection: Hashable, Sendable {
    case clipboard
    case primary
}
