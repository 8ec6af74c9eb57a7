/// The text a key with X11 keysym `keysym` types, for `KeyEvent.text`.
///
/// Covers the keysyms that stand for one character without a table: Latin-1 (whose keysyms are
/// their code points), Unicode keysyms (`0x0100_0000 + code point`, which XKB uses for most
/// characters outside Latin-1), the euro sign, the keypad, and the editing keys that type a
/// control character (Return "\r", Tab "\t", BackSpace "\u{8}", Escape "\u{1B}", Delete
/// "\u{7F}"), as `XLookupString` does. The legacy keysym blocks for Latin-2…4, Cyrillic, Greek,
/// Hebrew, Thai, Arabic and Kana give "" (Xlib's own answer for them also depends on the locale).
func textForKeysym(_ keysym: UInt32) -> String {
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
        return ""
    }
}
