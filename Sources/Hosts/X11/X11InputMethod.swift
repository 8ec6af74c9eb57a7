import CX11
import Glibc

/// Whether the window's keys go through an X input method, and which.
public enum X11InputMethodStatus: Hashable, Sendable, CustomStringConvertible {
    /// Keys go through an input context of the input method named by `XMODIFIERS` (`@im=ibus`,
    /// `@im=fcitx`, …), or of Xlib's built-in one (`"local"`, which does compose sequences from
    /// libX11's tables: dead keys and `Multi_key`), in the root style (the IM draws its own
    /// preedit and status windows, if any).
    case active(modifiers: String)
    /// No input context could be made (the locale is not supported by Xlib, or `XOpenIM` and
    /// `XCreateIC` failed): keys are looked up with `XLookupString` and Kinescope's keysym table,
    /// so the layout still applies, but compose sequences and IM input do not.
    case unavailable(reason: String)

    public var description: String {
        switch self {
        case let .active(modifiers): "input method \(modifiers.isEmpty ? "local" : modifiers)"
        case let .unavailable(reason): "no input method (\(reason)); compose sequences and IM input are off"
        }
    }
}

/// An X input method and the input context of one window.
///
/// Setting one up needs the C library's `LC_CTYPE` locale, which Xlib reads to pick its compose
/// table (`/usr/share/X11/locale/compose.dir`, from libx11-data; every `*.UTF-8` locale, `C.UTF-8`
/// included, uses `en_US.UTF-8/Compose`). A process starts in the "C" locale; when `LC_CTYPE` is
/// still "C" or "POSIX", it is set once from the environment (`setlocale(LC_CTYPE, "")`), and to
/// "C.UTF-8" if the environment names none or one Xlib does not support. Only `LC_CTYPE` changes:
/// number and date formatting keep the "C" locale. `XSetLocaleModifiers("")` then reads
/// `XMODIFIERS`; when the IM it names cannot be opened (an `@im=ibus` whose daemon is not
/// running), the built-in one (`@im=none`) is tried, so compose still works.
final class X11InputMethod {
    let inputMethod: XIM
    let context: XIC
    /// The events the input context needs on the window (for server IMs), beyond our own.
    let filterEvents: Int
    let modifiers: String
    /// Reused across lookups; grown when `Xutf8LookupString` reports `XBufferOverflow`.
    private var buffer = [CChar](repeating: 0, count: 64)

    private init(inputMethod: XIM, context: XIC, modifiers: String) {
        self.inputMethod = inputMethod
        self.context = context
        self.modifiers = modifiers
        self.filterEvents = kinescope_ic_filter_events(context)
    }

    /// Opens the input method and an input context for `window`, or says why not.
    static func open(display: OpaquePointer, window: UInt) -> Result<X11InputMethod, X11InputMethodError> {
        guard localeIsSupported else {
            let locale = setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "?"
            return .failure(X11InputMethodError(reason: "Xlib does not support the locale \(locale)"))
        }
        let requested = getenv("XMODIFIERS").map { String(cString: $0) } ?? ""
        var attempts = [(modifiers: "", name: requested)]
        if !requested.isEmpty { attempts.append(("@im=none", "@im=none")) }
        for attempt in attempts {
            guard XSetLocaleModifiers(attempt.modifiers) != nil,
                  let inputMethod = XOpenIM(display, nil, nil, nil)
            else { continue }
            let style = XIMStyle(XIMPreeditNothing | XIMStatusNothing)
            if kinescope_im_supports_style(inputMethod, style) != 0,
               let context = kinescope_create_ic(inputMethod, style, window) {
                return .success(X11InputMethod(inputMethod: inputMethod, context: context, modifiers: attempt.name))
            }
            XCloseIM(inputMethod)
        }
        let what = requested.isEmpty ? "Xlib's built-in input method" : "XMODIFIERS=\(requested) or Xlib's built-in one"
        return .failure(X11InputMethodError(reason: "\(what) could not be opened in the root style"))
    }

    /// Sets `LC_CTYPE` as the type's comment says, once per process; whether Xlib supports it.
    private static let localeIsSupported: Bool = {
        let current = setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "C"
        if current == "C" || current == "POSIX" {
            if setlocale(LC_CTYPE, "") == nil || XSupportsLocale() == 0 || isPlainC() {
                setlocale(LC_CTYPE, "C.UTF-8")
            }
        }
        return XSupportsLocale() != 0
    }()

    private static func isPlainC() -> Bool {
        let name = setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "C"
        return name == "C" || name == "POSIX"
    }

    /// The keysym and text of a key press, through the input context: compose sequences and IM
    /// commits arrive as text (a commit has keysym 0 when the IM sent characters only). `nil`
    /// when the press types nothing and names no keysym (the IM kept it).
    func lookUp(_ event: inout XKeyEvent) -> (keysym: UInt32, chars: String?)? {
        var keysym: KeySym = 0
        var status: Int32 = 0
        var count = Xutf8LookupString(context, &event, &buffer, Int32(buffer.count - 1), &keysym, &status)
        if status == XBufferOverflow {
            buffer = [CChar](repeating: 0, count: Int(count) + 1)
            count = Xutf8LookupString(context, &event, &buffer, Int32(buffer.count - 1), &keysym, &status)
        }
        let hasChars = (status == XLookupChars || status == XLookupBoth) && count > 0
        let hasKeysym = status == XLookupKeySym || status == XLookupBoth
        guard hasChars || hasKeysym else { return nil }
        let chars = hasChars
            ? buffer.withUnsafeBufferPointer { pointer in
                String(decoding: UnsafeRawBufferPointer(start: pointer.baseAddress, count: Int(count)), as: UTF8.self)
            }
            : nil
        return (hasKeysym ? UInt32(truncatingIfNeeded: keysym) : 0, chars)
    }

    func setFocus(_ focused: Bool) {
        if focused { XSetICFocus(context) } else { XUnsetICFocus(context) }
    }

    /// Frees the context and closes the input method; call while the display is open.
    func close() {
        XDestroyIC(context)
        XCloseIM(inputMethod)
    }
}

struct X11InputMethodError: Error {
    var reason: String
}
