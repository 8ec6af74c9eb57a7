/// Every transition, by name. Names are matched without regard to case; an unknown name gets
/// the closest known names as suggestions.
public enum TransitionRegistry {
    /// All registered transitions, in the order `kinescope list` shows them.
    public static let all: [any Transition.Type] = registered

    /// The transition called `name` (case-insensitive).
    public static func type(named name: String) throws(TransitionError) -> any Transition.Type {
        if let found = all.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) { return found }
        throw .unknownTransition(name: name, suggestions: closestNames(to: name))
    }

    /// Up to three registered names closest to `name` (by edit distance, ignoring case).
    public static func closestNames(to name: String) -> [String] {
        let wanted = Array(name.lowercased())
        let scored = all.map { ($0.name, editDistance(wanted, Array($0.name.lowercased()))) }
        let limit = max(3, wanted.count / 2)
        return scored.filter { $0.1 <= limit }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
    }

    /// Makes the named transition with parameters given as `key=value` text (as on the command
    /// line), validating each.
    public static func make(named name: String, parameters text: [String: String] = [:]) throws(TransitionError) -> any Transition {
        let type = try type(named: name)
        return try make(type, parameters: text)
    }

    private static func make<T: Transition>(_ type: T.Type, parameters text: [String: String]) throws(TransitionError) -> any Transition {
        var values = TransitionParameters(defaultsOf: T.parameters, transition: T.name)
        for (key, raw) in text.sorted(by: { $0.key < $1.key }) {
            guard let parameter = T.parameters.first(where: { $0.key == key }) else {
                throw .unknownParameter(transition: T.name, key: key, known: T.parameters.map(\.key))
            }
            values = try values.setting(key, to: parameter.parse(raw, transition: T.name), for: T.self)
        }
        return T(parameters: values)
    }
}

private func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, ca) in a.enumerated() {
        var current = [i + 1] + Array(repeating: 0, count: b.count)
        for (j, cb) in b.enumerated() {
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
