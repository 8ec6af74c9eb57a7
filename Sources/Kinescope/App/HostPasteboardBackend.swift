import Hosts
import Views

/// `UIPasteboard`'s storage on a host's selections: `UIPasteboard.general` is X11's CLIPBOARD,
/// `.primary` its PRIMARY selection, so text copied in a Kinescope window pastes into other X11
/// programs and back.
///
/// The host is held weakly: the pasteboard is process-wide and outlives windows, and must not keep
/// a closed window's connection open. Once the host is gone, the text stays in this process, as with the
/// in-memory backend.
@MainActor
public final class HostPasteboardBackend: PasteboardBackend {
    /// The host whose selections are used; nil once it has been released.
    public private(set) weak var host: (any SelectionHost)?
    /// How long a read waits for another program's answer before giving nil (default 1 s,
    /// `SelectionHost.defaultSelectionTimeout`). The window handles no input meanwhile, though
    /// events that arrive are kept.
    public var timeout: Duration
    /// The text kept in this process once the host has gone (a window closed, a test's server
    /// stopped), so that the pasteboard keeps working as the in-memory one does.
    private var kept: [PasteboardSelection: String] = [:]

    /// A backend on `host`'s selections, waiting at most `timeout` for other programs.
    public init(host: any SelectionHost, timeout: Duration = .seconds(1)) {
        self.host = host
        self.timeout = timeout
    }

    /// The host's selection, waiting at most `timeout`; the kept text once the host is gone.
    public func string(on selection: PasteboardSelection) -> String? {
        guard let host else { return kept[selection] }
        return host.text(in: selection.hostSelection, timeout: timeout)
    }

    /// Makes the host own `selection` with `text` (nil gives it up); kept here once the host is gone.
    public func setString(_ text: String?, on selection: PasteboardSelection) {
        guard let host else {
            kept[selection] = text
            return
        }
        host.setText(text, in: selection.hostSelection)
    }
}

extension PasteboardSelection {
    /// The host's selection of the same role.
    var hostSelection: HostSelection {
        switch self {
        case .clipboard: .clipboard
        case .primary: .primary
        }
    }
}
