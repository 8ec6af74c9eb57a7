import Hosts
import Views

/// Makes `UIPasteboard` read and write `host`'s CLIPBOARD and PRIMARY selections (see
/// `HostPasteboardBackend`). `ApplicationRunLoop` calls it for an X11 host; the last host shown
/// wins. Headless runs keep `UIPasteboard`'s own in-memory storage.
@MainActor
func installX11Pasteboard(host: X11Host) {
    let backend = HostPasteboardBackend(host: host)
    UIPasteboard.installBackend(backend)
}
