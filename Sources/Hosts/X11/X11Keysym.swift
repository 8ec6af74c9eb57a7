import Glibc

/// The text a key with X11 keysym `keysym` types, for `KeyEvent.text`, where the input context
/// gives none: key releases (Xlib defines no text lookup for them), presses with Control held
/// (`Xutf8LookupString` would type a control character), and every key when no input method
/// could be opened (`X11InputMethodStatus.unavailable`). Presses otherwise take their text from
/// the input context (X11Host+Events).
///
/// Latin-1 keysyms are their code points and Unicode keysyms are `0x0100_0000 + code point`; the
/// keypad and the editing keys that type a control character (Return "\r", Tab "\t", BackSpace
/// "\u{8}", Escape "\u{1B}", Delete "\u{7F}") are listed here, as `XLookupString` types them.
/// The legacy blocks (Latin-2…4, Cyrillic, Greek, Hebrew, Thai, Arabic, Kana, …), which layouts
/// such as "ru" and "gr" still use, go through libX11's own table: `XLookupString`, the only
/// lookup that needs no input context, returns Latin-1 bytes only. Keys that type nothing give "".
package func textForKeysym(_ keysym: UInt32) -> String {
    switch keysym {
    case 0x20...0x7E, 0xA0...0xFF:
        return String(Character(Unicode.Scalar(UInt8(keysym))))
    case 0x0100_0020...0x0110_FFFF:
        guard let scalar = Unicode.Scalar(keysym - 0x0100_0000) else { return "" }
        return String(Character(scalar))
    case 0x20AC:
        return "€"
    case 0xFF08: return "\u{8}"
    case 0xFF09, 0xFE20, 0xFF89: return "\t"
    case 0xFF0A: return "\n"
    case 0xFF0D, 0xFF8D: return "\r"
    case 0xFF1B: return "\u{1B}"
    case 0xFFFF, 0xFF9F: return "\u{7F}"
    case 0xFF80: return " "
    case 0xFFAA: return "*"
    case 0xFFAB: return "+"
    case 0xFFAC: return ","
    case 0xFFAD: return "-"
    case 0xFFAE: return "."
    case 0xFFAF: return "/"
    case 0xFFB0...0xFFB9:
        return String(Character(Unicode.Scalar(UInt8(0x30 + keysym - 0xFFB0))))
    case 0xFFBD: return "="
    default:
        guard let keySymToUcs4, keysym < 0x0100_0000 else { return "" }
        guard let scalar = Unicode.Scalar(keySymToUcs4(UInt(keysym))), scalar.value >= 0x20 else { return "" }
        return String(Character(scalar))
    }
}

/// libX11's keysym → UCS-4 table for its input methods, `unsigned int KeySymToUcs4(KeySym)`:
/// exported by libX11 (1.8.4 here) but declared only in an internal header, so it is looked up
/// once with `dlsym`; without it legacy keysyms give "".
private let keySymToUcs4: (@convention(c) (UInt) -> UInt32)? = {
    guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "KeySymToUcs4") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (UInt) -> UInt32).self)
}()
