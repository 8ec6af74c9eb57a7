/// The system clipboard, as UIKit's `UIPasteboard` (text only).
///
/// `UIPasteboard.general` is the clipboard that Copy, Cut and Paste use (X11's CLIPBOARD once
/// an X11 backend is installed); the text views also put the text a user selects on the
/// `.primary` selection, as X11 programs do, and paste it with the middle button. The default
/// backend keeps both in memory, in this process.
///
/// ```swift
/// UIPasteboard.general.string = "Hello"
/// if UIPasteboard.general.hasStrings { print(UIPasteboard.general.string!) }
/// ```
@MainActor
public final class UIPasteboard {
    /// The general pasteboard (X11's CLIPBOARD).
    public static let general = UIPasteboard(selection: .clipboard)

    /// Which selection of the backend this pasteboard reads and writes.
    let selection: PasteboardSelection

    /// Every pasteboard shares one backend.
    private static var backend: PasteboardBackend = InMemoryPasteboardBackend()
    /// Changes made through any pasteboard object, per selection.
    private static var changeCounts: [PasteboardSelection: Int] = [:]

    init(selection: PasteboardSelection) {
        self.selection = selection
    }

    /// The pasteboard of X11's PRIMARY selection (the text selected last). UIKit has no such
    /// pasteboard; Kinescope's text views use it for select-to-copy and middle-click paste.
    public static let primary = UIPasteboard(selection: .primary)

    /// Replaces where every pasteboard keeps its text (the X11 host installs one speaking
    /// the CLIPBOARD and PRIMARY selections). The text already held is not carried over.
    public static func installBackend(_ backend: PasteboardBackend) {
        self.backend = backend
    }

    /// The text on the pasteboard, or nil. Setting it (nil clears) takes ownership of the
    /// selection and increases `changeCount`.
    public var string: String? {
        get { Self.backend.string(on: selection) }
        set {
            Self.backend.setString(newValue, on: selection)
            Self.changeCounts[selection, default: 0] += 1
        }
    }

    /// The pasteboard's strings: one item here (the backends hold one text per selection), or
    /// none. Setting several keeps the first, as a plain-text clipboard can only offer one.
    public var strings: [String]? {
        get { string.map { [$0] } }
        set { string = newValue?.first }
    }

    /// Whether the pasteboard holds text.
    public var hasStrings: Bool { string != nil }

    /// How many times this process changed the pasteboard's contents; a change made by another
    /// program through an X11 backend is not counted (it is not announced to us).
    public var changeCount: Int { Self.changeCounts[selection, default: 0] }
}

/// Keeps the clipboard and the primary selection in this process's memory.
@MainActor
final class InMemoryPasteboardBackend: PasteboardBackend {
    private var texts: [PasteboardSelection: String] = [:]

    func string(on selection: PasteboardSelection) -> String? { texts[selection] }

    func setString(_ text: String?, on selection: PasteboardSelection) { texts[selection] = text }
}
