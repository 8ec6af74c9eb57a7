import Hosts

extension InputScript {
    /// The X11 keysym for a key name as `xev` and `xdotool` spell them: `Return`, `Tab`,
    /// `BackSpace`, `Escape`, `Delete`, `Insert`, `Home`, `End`, `Left`, `Up`, `Right`, `Down`,
    /// `Page_Up` (`Prior`), `Page_Down` (`Next`), `space`, `F1`…`F12`, `KP_0`…`KP_9`,
    /// `KP_Enter`, the modifier keys (`Shift_L`, `Control_L`, `Alt_L`, `Super_L`… `Caps_Lock`),
    /// Latin-1 punctuation (`comma`, `period`, `slash`, `numbersign`…), any one character
    /// (`a`, `Z`, `7`, `é`, `ж`), or a number: `U+00E9` (a Unicode keysym) or `0xff0d`. Nil for
    /// anything else. Names are case-sensitive, as X11's are (`a` and `A` are different keys).
    public static func keysym(named name: String) -> UInt32? {
        if let keysym = namedKeysyms[name] { return keysym }
        if name.hasPrefix("F"), let number = Int(name.dropFirst()), (1...35).contains(number) {
            return 0xFFBE + UInt32(number - 1)
        }
        if name.hasPrefix("KP_"), name.count == 4, let digit = name.last?.wholeNumberValue {
            return 0xFFB0 + UInt32(digit)
        }
        if name.hasPrefix("U+"), let value = UInt32(name.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(value) {
            return keysym(typing: scalar) ?? 0x0100_0000 + scalar.value
        }
        if name.hasPrefix("0x"), let value = UInt32(name.dropFirst(2), radix: 16), value > 0, value <= 0x1FFF_FFFF {
            return value
        }
        let scalars = name.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first, scalar.value >= 0x20 { return keysym(typing: scalar) }
        return nil
    }

    /// The keysym a keyboard sends to type `scalar`: its code point for Latin-1, `0x0100_0000` +
    /// code point beyond, Return for "\n" and "\r", Tab for "\t"; nil for other control
    /// characters.
    static func keysym(typing scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x0A, 0x0D: 0xFF0D
        case 0x09: 0xFF09
        case 0x20...0x7E, 0xA0...0xFF: scalar.value
        case 0...0x1F, 0x7F...0x9F: nil
        default: 0x0100_0000 + scalar.value
        }
    }

    /// A key with modifiers, `[MODIFIER+]...NAME` (`control+a`, `shift+Tab`, `alt+F4`): the
    /// modifiers `shift`, `control` (`ctrl`), `alt` (`option`, `mod1`), `super` (`command`,
    /// `cmd`, `mod4`), `capslock`, in any case. Shift turns a letter `a`…`z` into its capital, as
    /// the keymap would; other keys are taken as named (write `shift+exclam`, not `shift+1`).
    /// A failure names the part that is not understood.
    static func key(parsing text: String) -> Result<(keysym: UInt32, modifiers: KeyModifiers), InputScriptError> {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // "plus" is the name of +, but a lone "+" (or a trailing "…++") means the key too.
        if text == "+" || text.hasSuffix("++") { parts.removeLast(2); parts.append("+") }
        guard let name = parts.popLast(), !name.isEmpty else {
            return .failure(InputScriptError(message: "key needs a key name"))
        }
        var modifiers: KeyModifiers = []
        for part in parts {
            guard let modifier = modifier(named: part) else {
                return .failure(InputScriptError(message: "unknown modifier '\(part)' in '\(text)'; the modifiers are shift, control, alt, super, capslock"))
            }
            modifiers.insert(modifier)
        }
        guard var keysym = keysym(named: name) else {
            return .failure(InputScriptError(message: "unknown key '\(name)'; use an X11 keysym name (Return, Tab, BackSpace, Escape, Left, Page_Up, F1, a…z…), one character, or U+XXXX"))
        }
        if modifiers.contains(.shift), (0x61...0x7A).contains(keysym) { keysym -= 0x20 }
        return .success((keysym, modifiers))
    }

    /// The modifier called `name` (any case), or nil.
    static func modifier(named name: String) -> KeyModifiers? {
        switch name.lowercased() {
        case "shift": .shift
        case "control", "ctrl": .control
        case "alt", "option", "mod1": .alternate
        case "super", "command", "cmd", "mod4": .command
        case "capslock", "caps_lock", "lock": .capsLock
        default: nil
        }
    }

    /// X11 keysym names (from `X11/keysymdef.h`) that are not one character.
    private static let namedKeysyms: [String: UInt32] = [
        "BackSpace": 0xFF08, "Tab": 0xFF09, "Linefeed": 0xFF0A, "Clear": 0xFF0B, "Return": 0xFF0D,
        "Pause": 0xFF13, "Scroll_Lock": 0xFF14, "Sys_Req": 0xFF15, "Escape": 0xFF1B, "Delete": 0xFFFF,
        "Home": 0xFF50, "Left": 0xFF51, "Up": 0xFF52, "Right": 0xFF53, "Down": 0xFF54,
        "Prior": 0xFF55, "Page_Up": 0xFF55, "Next": 0xFF56, "Page_Down": 0xFF56, "End": 0xFF57, "Begin": 0xFF58,
        "Select": 0xFF60, "Print": 0xFF61, "Execute": 0xFF62, "Insert": 0xFF63, "Undo": 0xFF65, "Redo": 0xFF66,
        "Menu": 0xFF67, "Find": 0xFF68, "Cancel": 0xFF69, "Help": 0xFF6A, "Break": 0xFF6B, "Num_Lock": 0xFF7F,
        "KP_Space": 0xFF80, "KP_Tab": 0xFF89, "KP_Enter": 0xFF8D, "KP_Home": 0xFF95, "KP_Left": 0xFF96,
        "KP_Up": 0xFF97, "KP_Right": 0xFF98, "KP_Down": 0xFF99, "KP_Prior": 0xFF9A, "KP_Page_Up": 0xFF9A,
        "KP_Next": 0xFF9B, "KP_Page_Down": 0xFF9B, "KP_End": 0xFF9C, "KP_Begin": 0xFF9D, "KP_Insert": 0xFF9E,
        "KP_Delete": 0xFF9F, "KP_Equal": 0xFFBD, "KP_Multiply": 0xFFAA, "KP_Add": 0xFFAB, "KP_Separator": 0xFFAC,
        "KP_Subtract": 0xFFAD, "KP_Decimal": 0xFFAE, "KP_Divide": 0xFFAF,
        "Shift_L": 0xFFE1, "Shift_R": 0xFFE2, "Control_L": 0xFFE3, "Control_R": 0xFFE4, "Caps_Lock": 0xFFE5,
        "Meta_L": 0xFFE7, "Meta_R": 0xFFE8, "Alt_L": 0xFFE9, "Alt_R": 0xFFEA, "Super_L": 0xFFEB, "Super_R": 0xFFEC,
        "ISO_Left_Tab": 0xFE20,
        "space": 0x20, "exclam": 0x21, "quotedbl": 0x22, "numbersign": 0x23, "dollar": 0x24, "percent": 0x25,
        "ampersand": 0x26, "apostrophe": 0x27, "parenleft": 0x28, "parenright": 0x29, "asterisk": 0x2A,
        "plus": 0x2B, "comma": 0x2C, "minus": 0x2D, "period": 0x2E, "slash": 0x2F, "colon": 0x3A,
        "semicolon": 0x3B, "less": 0x3C, "equal": 0x3D, "greater": 0x3E, "question": 0x3F, "at": 0x40,
        "bracketleft": 0x5B, "backslash": 0x5C, "bracketright": 0x5D, "asciicircum": 0x5E, "underscore": 0x5F,
        "grave": 0x60, "braceleft": 0x7B, "bar": 0x7C, "braceright": 0x7D, "asciitilde": 0x7E,
        "nobreakspace": 0xA0, "EuroSign": 0x20AC,
    ]
}
