import Foundation
import Hosts

extension InputScript {
    /// Reads a script from text: one event per line, `TIME VERB ARGUMENTS`, with `#` starting a
    /// comment (outside quotes) and blank lines ignored. Times are seconds, never going
    /// backwards; points are `X Y` in window points; numbers are decimal (`0.5`, `120`, `-3`).
    ///
    /// ```
    /// # a tap on a row, then the interactive pop dragged from the left edge
    /// 0.50 click 120 80
    /// 1.00 drag 2 300 -> 300 300 over 0.4     # over: seconds (default 0.25); "to" works as "->"
    /// 2.0  down 10 300                        # press and hold the primary button
    /// 2.1  move 50 300
    /// 2.2  up 60 300
    /// 3.0  wheel 0 -3 at 200 200              # notches dx dy; add "with control" to pinch
    /// 4.0  key Return                         # X11 keysym names, with modifiers: control+a
    /// 4.1  type "héllo\n"                     # escapes \" \\ \n \t
    /// ```
    ///
    /// Text whose first character (after white space) is `[` is read as JSON instead: an array
    /// of objects each with a `time` and one action, points as `[x, y]` arrays:
    /// `{"time": 0.5, "click": [120, 80]}`, `{"time": 1, "drag": {"from": [2, 300], "to":
    /// [300, 300], "over": 0.4}}`, `{"time": 2, "down": [10, 300]}` (also `move`, `up`),
    /// `{"time": 3, "wheel": {"dx": 0, "dy": -3, "at": [200, 200], "with": "control"}}`,
    /// `{"time": 4, "key": "control+a"}`, `{"time": 4.1, "type": "héllo"}`.
    ///
    /// Throws at the first problem, naming `source` (a file name, for the message) and the line
    /// (for JSON, the event's index): an unknown verb or key, a word where a number should be,
    /// missing or extra arguments, and everything `append(_:at:)` refuses.
    public init(parsing text: String, source: String? = nil) throws(InputScriptError) {
        if text.first(where: { !$0.isWhitespace }) == "[" {
            try self.init(json: text, source: source)
            return
        }
        var script = InputScript()
        var lineNumber = 0
        // By Character: "\r\n" is one, and a newline.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            do throws(InputScriptError) {
                let tokens = try Self.tokens(of: rawLine)
                guard !tokens.isEmpty else { continue }
                try script.append(Event(time: try Self.time(tokens[0]), action: try Self.action(tokens), line: lineNumber))
            } catch {
                throw InputScriptError(source: source, line: lineNumber, message: error.message)
            }
        }
        self = script
    }

    /// Reads the script in the file at `path` (text, or JSON when it starts with `[`); errors
    /// name the path. A file that is missing or unreadable throws `InputScriptError.Kind.unreadable`.
    public init(contentsOfFile path: String) throws(InputScriptError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let missing = !FileManager.default.fileExists(atPath: path)
            throw InputScriptError(kind: .unreadable, source: path,
                                   message: missing ? "no such file" : "cannot be read (\(error.localizedDescription))")
        }
        guard var text = String(data: data, encoding: .utf8) else {
            throw InputScriptError(source: path, message: "is not UTF-8 text")
        }
        if text.first == "\u{FEFF}" { text.removeFirst() }
        try self.init(parsing: text, source: path)
    }

    /// A word or a quoted string of one line.
    private struct Token {
        var text: String
        var isQuoted = false
    }

    /// The line split at white space, without its comment; a quoted string is one token.
    private static func tokens(of line: Substring) throws(InputScriptError) -> [Token] {
        var tokens: [Token] = []
        var current: Token?
        var characters = line.makeIterator()
        while let character = characters.next() {
            if character == "\"" {
                if current != nil { throw InputScriptError(message: "a quote inside a word: \(line.trimmingCharacters(in: .whitespaces))") }
                var text = ""
                var closed = false
                while let inner = characters.next() {
                    if inner == "\"" { closed = true; break }
                    guard inner == "\\" else { text.append(inner); continue }
                    switch characters.next() {
                    case "\"": text.append("\"")
                    case "\\": text.append("\\")
                    case "n": text.append("\n")
                    case "t": text.append("\t")
                    case let other:
                        throw InputScriptError(message: "unknown escape '\\\(other.map(String.init) ?? "")' in a string (use \\\" \\\\ \\n \\t)")
                    }
                }
                guard closed else { throw InputScriptError(message: "the string has no closing quote") }
                tokens.append(Token(text: text, isQuoted: true))
            } else if character == "#" {
                break
            } else if character.isWhitespace {
                if let word = current { tokens.append(word) }
                current = nil
            } else {
                current = Token(text: (current?.text ?? "") + String(character))
            }
        }
        if let word = current { tokens.append(word) }
        return tokens
    }

    private static func time(_ token: Token) throws(InputScriptError) -> TimeInterval {
        guard !token.isQuoted, let value = Double(token.text) else {
            throw InputScriptError(message: "'\(token.text)' is not a time in seconds (a line is 'TIME VERB …')")
        }
        return value
    }

    private static let verbs = "click, drag, down, move, up, wheel, key or type"

    /// The action of a line's tokens (the time first).
    private static func action(_ tokens: [Token]) throws(InputScriptError) -> Action {
        guard tokens.count >= 2 else { throw InputScriptError(message: "a time with no action; expected \(verbs) after it") }
        let verb = tokens[1].text
        let arguments = Array(tokens.dropFirst(2))
        func mismatch(_ usage: String) -> InputScriptError {
            InputScriptError(message: "expected '\(usage)', got '\(tokens.dropFirst().map(\.text).joined(separator: " "))'")
        }
        func words(_ usage: String, _ count: ClosedRange<Int>) throws(InputScriptError) -> [String] {
            guard count.contains(arguments.count), !arguments.contains(where: \.isQuoted) else {
                throw mismatch(usage)
            }
            return arguments.map(\.text)
        }
        switch verb {
        case "click", "down", "move", "up":
            let w = try words("\(verb) X Y", 2...2)
            return pointAction(verb, at: try point(w[0], w[1], of: verb))
        case "drag":
            let usage = "drag X Y -> X Y [over SECONDS]"
            let w = try words(usage, 5...7)
            guard w[2] == "->" || w[2] == "to", w.count == 5 || (w.count == 7 && w[5] == "over") else {
                throw mismatch(usage)
            }
            let duration = w.count == 7 ? try number(w[6], "duration of drag") : 0.25
            return .drag(from: try point(w[0], w[1], of: "drag"), to: try point(w[3], w[4], of: "drag"), duration: duration)
        case "wheel":
            let usage = "wheel DX DY at X Y [with MODIFIERS]"
            let w = try words(usage, 5...7)
            guard w[2] == "at", w.count == 5 || (w.count == 7 && w[5] == "with") else {
                throw mismatch(usage)
            }
            let modifiers = w.count == 7 ? try self.modifiers(parsing: w[6]) : []
            return .wheel(dx: try notches(w[0], "dx"), dy: try notches(w[1], "dy"), at: try point(w[3], w[4], of: "wheel"),
                          modifiers: modifiers)
        case "key":
            let w = try words("key [MODIFIER+]NAME", 1...1)
            return try key(w[0])
        case "type":
            guard arguments.count == 1, arguments[0].isQuoted else {
                throw InputScriptError(message: "expected 'type \"TEXT\"' (the text in double quotes)")
            }
            return .type(arguments[0].text)
        default:
            throw InputScriptError(message: "unknown verb '\(verb)'; expected \(verbs)")
        }
    }

    /// `click`, `down`, `move` or `up` at `point`.
    static func pointAction(_ verb: String, at point: CGPoint) -> Action {
        switch verb {
        case "click": .click(point)
        case "down": .press(point)
        case "move": .move(point)
        default: .release(point)
        }
    }

    /// Modifier names joined by `+` (`control+shift`).
    static func modifiers(parsing text: String) throws(InputScriptError) -> KeyModifiers {
        var modifiers: KeyModifiers = []
        for name in text.split(separator: "+") {
            guard let modifier = modifier(named: String(name)) else {
                throw InputScriptError(message: "unknown modifier '\(name)'; the modifiers are shift, control, alt, super, capslock")
            }
            modifiers.insert(modifier)
        }
        return modifiers
    }

    private static func number(_ text: String, _ what: String) throws(InputScriptError) -> Double {
        guard let value = Double(text) else { throw InputScriptError(message: "'\(text)' is not a number (\(what))") }
        return value
    }

    private static func point(_ x: String, _ y: String, of verb: String) throws(InputScriptError) -> CGPoint {
        CGPoint(x: try number(x, "x of \(verb)"), y: try number(y, "y of \(verb)"))
    }

    private static func notches(_ text: String, _ axis: String) throws(InputScriptError) -> Int {
        guard let value = Int(text) else { throw InputScriptError(message: "'\(text)' is not a whole number of notches (\(axis) of wheel)") }
        return value
    }

    private static func key(_ text: String) throws(InputScriptError) -> Action {
        let (keysym, modifiers) = try key(parsing: text).get()
        return .key(keysym: keysym, modifiers: modifiers)
    }
}
