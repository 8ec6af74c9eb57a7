/// A system-wide text selection a host can own and read: what UIKit's pasteboards sit on.
public enum HostSelection: Hashable, Sendable, CustomStringConvertible {
    /// X11's CLIPBOARD (what Copy and Paste use): `UIPasteboard.general`.
    case clipboard
    /// X11's PRIMARY: the text last selected, pasted with the middle button.
    case primary

    public var description: String {
        switch self {
        case .clipboard: "CLIPBOARD"
        case .primary: "PRIMARY"
        }
    }
}

/// A host with selections other programs can see: `X11Host` through the X server, `HeadlessHost`
/// in memory.
public protocol SelectionHost: Host {
    /// Makes this host the owner of `selection` with `text`, so that other programs pasting from
    /// it get `text`; `nil` gives the selection up (others then find no owner). Ownership ends
    /// when another program takes the selection.
    func setText(_ text: String?, in selection: HostSelection)

    /// The text on `selection`: this host's own when it owns it, otherwise asked of the owner,
    /// waiting at most `timeout` (host events arriving meanwhile are kept for the next
    /// `nextEvents`, and requests for this host's own selections are answered). `nil` when there
    /// is no owner, the owner has no text or refuses, or it did not answer in time.
    func text(in selection: HostSelection, timeout: Duration) -> String?
}

extension SelectionHost {
    /// How long `text(in:)` waits for another program's answer: 1 second, long enough for a busy
    /// program and short enough that a hung one costs a paste only a noticeable pause.
    public static var defaultSelectionTimeout: Duration { .seconds(1) }

    /// The text on `selection`, waiting at most `defaultSelectionTimeout` (1 s) for its owner.
    public func text(in selection: HostSelection) -> String? {
        text(in: selection, timeout: Self.defaultSelectionTimeout)
    }
}
