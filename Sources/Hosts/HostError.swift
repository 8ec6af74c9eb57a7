import Raster

/// Errors raised by hosts. Each message names the input or resource concerned and says what would
/// work instead. For the CLI's sysexits codes: `displayUnavailable` and `unsupportedVisual` are 69
/// (service unavailable), the others 74 (I/O error).
public enum HostError: Error, Equatable, CustomStringConvertible {
    /// `XOpenDisplay` failed. `display` is the `DISPLAY` value that was tried (`nil` when unset).
    case displayUnavailable(display: String?)
    /// The X connection broke (the server died or closed it). Every later call on the host throws
    /// this again; the host can only be discarded.
    case connectionLost(display: String)
    /// The screen's visual cannot show 8-bit colour channels through a TrueColor image of 16 or
    /// 32 bits per pixel.
    case unsupportedVisual(visualClass: Int32, depth: Int32, bitsPerPixel: Int32)
    /// A window size outside `1...PixelSize.maxDimension` on a side.
    case invalidWindowSize(width: Int, height: Int)
    /// The window was destroyed (by another client, or by the window manager) after the host
    /// reported `HostEvent.windowDestroyed`; nothing can be shown any more.
    case windowDestroyed
    /// An X resource could not be created: `what` says which, `reason` what the server or libc said.
    case resourceUnavailable(what: String, reason: String)

    public var description: String {
        switch self {
        case let .displayUnavailable(display):
            let shown = display.map { "\"\($0)\"" } ?? "(DISPLAY is not set)"
            return "cannot open the X display \(shown): set DISPLAY to a running X server such as \":0\", "
                + "or render without a window with `kinescope record`"
        case let .connectionLost(display):
            return "the connection to the X display \"\(display)\" was lost (the server exited or closed it); "
                + "open a new host once a server is running, or use `kinescope record` without a display"
        case let .unsupportedVisual(visualClass, depth, bitsPerPixel):
            return "the X screen's visual (class \(visualClassName(visualClass)), depth \(depth), "
                + "\(bitsPerPixel) bits per pixel) is not supported: Kinescope needs a TrueColor visual "
                + "stored in 16 or 32 bits per pixel with at most 8 bits per channel "
                + "(for Xvfb, start it with `-screen 0 WxHx24`)"
        case let .invalidWindowSize(width, height):
            return "invalid window size \(width)x\(height): each side must be in 1...\(PixelSize.maxDimension)"
        case .windowDestroyed:
            return "the window was destroyed (closed by another client or the window manager); "
                + "create a new host to show frames again"
        case let .resourceUnavailable(what, reason):
            return "cannot create \(what): \(reason)"
        }
    }
}

private func visualClassName(_ visualClass: Int32) -> String {
    switch visualClass {
    case 0: "StaticGray"
    case 1: "GrayScale"
    case 2: "StaticColor"
    case 3: "PseudoColor"
    case 4: "TrueColor"
    case 5: "DirectColor"
    default: "\(visualClass)"
    }
}
