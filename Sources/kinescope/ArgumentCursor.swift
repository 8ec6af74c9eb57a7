/// Walks the command-line words in order. Options take their value as the next word or after
/// `=` (`--size 640x480`, `--size=640x480`); `--` ends option parsing.
struct ArgumentCursor {
    private var words: ArraySlice<String>
    private var optionsEnded = false

    init(_ words: [String]) { self.words = words[...] }

    var isAtEnd: Bool { words.isEmpty }

    /// The next word, without consuming it.
    var peek: String? { words.first }

    /// One parsed word: an option (with an inline `=value` if given) or a positional argument.
    enum Word: Equatable {
        case option(name: String, inlineValue: String?)
        case positional(String)
    }

    mutating func next() -> Word? {
        guard let word = words.popFirst() else { return nil }
        if optionsEnded { return .positional(word) }
        if word == "--" {
            optionsEnded = true
            return next()
        }
        guard word.hasPrefix("-"), word != "-", word.count > 1 else { return .positional(word) }
        if let eq = word.firstIndex(of: "="), word.hasPrefix("--") {
            return .option(name: String(word[..<eq]), inlineValue: String(word[word.index(after: eq)...]))
        }
        return .option(name: word, inlineValue: nil)
    }

    /// The value of option `name`: its inline value, or the next word.
    mutating func value(of name: String, inline: String?) throws(CommandLineFailure) -> String {
        if let inline { return inline }
        guard let value = words.popFirst() else { throw .usage("option \(name) needs a value") }
        return value
    }
}
