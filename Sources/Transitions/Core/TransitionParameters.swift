import Geometry

/// A transition's parameter values, every one present, of the right type and in range.
///
/// Made from defaults and then changed with `setting(_:to:)` or `parsing(_:)`, both of which
/// validate; a transition's `init(parameters:)` can read them without checks.
public struct TransitionParameters: Hashable, Sendable, CustomStringConvertible {
    private var values: [String: TransitionParameterValue]
    private let transition: String

    /// Every parameter at its default.
    public init(defaultsOf parameters: [TransitionParameter], transition: String = "") {
        values = Dictionary(uniqueKeysWithValues: parameters.map { ($0.key, $0.defaultValue) })
        self.transition = transition
    }

    /// Sets `key` to `value` after checking that `T` has that parameter, that the value has its
    /// type and that it lies in its range.
    public func setting<T: Transition>(_ key: String, to value: TransitionParameterValue,
                                       for type: T.Type) throws(TransitionError) -> TransitionParameters {
        guard let parameter = T.parameters.first(where: { $0.key == key }) else {
            throw .unknownParameter(transition: T.name, key: key, known: T.parameters.map(\.key))
        }
        var copy = self
        copy.values[key] = try parameter.validate(value, transition: T.name)
        return copy
    }

    /// The number stored under `key` (a `.scalar` or `.angle` parameter).
    public func number(_ key: String) -> Double {
        if case let .number(v) = values[key] { return v }
        preconditionFailure("no number parameter '\(key)'")
    }

    public func point(_ key: String) -> CGPoint {
        if case let .point(p) = values[key] { return p }
        preconditionFailure("no point parameter '\(key)'")
    }

    /// The point under `key`, or nil when it is `.automatic` (derived from the frame).
    public func explicitPoint(_ key: String) -> CGPoint? {
        if case let .point(p) = values[key] { return p }
        if case .automatic = values[key] { return nil }
        preconditionFailure("no point parameter '\(key)'")
    }

    /// The rectangle under `key`, or nil when it is `.automatic` (the whole frame).
    public func explicitRect(_ key: String) -> CGRect? {
        if case let .rect(r) = values[key] { return r }
        if case .automatic = values[key] { return nil }
        preconditionFailure("no rectangle parameter '\(key)'")
    }

    public func color(_ key: String) -> TransitionColor {
        if case let .color(c) = values[key] { return c }
        preconditionFailure("no colour parameter '\(key)'")
    }

    public func name(_ key: String) -> String {
        if case let .name(n) = values[key] { return n }
        preconditionFailure("no choice parameter '\(key)'")
    }

    /// The value under `key`, or nil if the transition has no such parameter.
    public func value(_ key: String) -> TransitionParameterValue? { values[key] }

    public var description: String {
        values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: " ")
    }
}

extension TransitionParameter {
    /// The value, checked against this parameter's type and range (a whole number given for a
    /// choice or a point is refused, not converted).
    func validate(_ value: TransitionParameterValue, transition: String) throws(TransitionError) -> TransitionParameterValue {
        func fail() -> TransitionError {
            .invalidValue(transition: transition, key: key, value: value.description, valid: validValues)
        }
        switch (kind, value) {
        case let (.scalar(_, range), .number(v)):
            guard v.isFinite, range.contains(v) else { throw fail() }
        case let (.angle, .number(v)):
            guard v.isFinite else { throw fail() }
        case let (.point, .point(p)):
            guard p.x.isFinite, p.y.isFinite else { throw fail() }
        case let (.rect, .rect(r)):
            // `CGRect.width` is standardized (never negative): check the stored size.
            guard r.origin.x.isFinite, r.origin.y.isFinite, r.size.width.isFinite, r.size.height.isFinite,
                  r.size.width > 0, r.size.height > 0 else { throw fail() }
        case (.point(nil), .automatic), (.rect(nil), .automatic):
            break
        case let (.color, .color(c)):
            guard [c.red, c.green, c.blue, c.alpha].allSatisfy({ $0.isFinite && (0...1).contains($0) }) else { throw fail() }
        case let (.choice(_, options), .name(n)):
            guard options.contains(n) else { throw fail() }
        default:
            throw fail()
        }
        return value
    }

    /// Parses the command-line spelling of a value of this parameter: a number, `x,y`,
    /// `x,y,width,height`, `r,g,b[,a]`, a name, or `auto` for a point or rectangle derived from
    /// the frame.
    func parse(_ text: String, transition: String) throws(TransitionError) -> TransitionParameterValue {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        let automatic = text.trimmingCharacters(in: .whitespaces).lowercased() == "auto"
        let value: TransitionParameterValue? = switch kind {
        case .scalar, .angle: parts.count == 1 ? parts[0].map(TransitionParameterValue.number) : nil
        case .point(nil) where automatic, .rect(nil) where automatic: .automatic
        case .rect:
            parts.count == 4 && parts.allSatisfy({ $0 != nil })
                ? .rect(CGRect(x: parts[0]!, y: parts[1]!, width: parts[2]!, height: parts[3]!)) : nil
        case .point:
            parts.count == 2 && parts.allSatisfy({ $0 != nil })
                ? .point(CGPoint(x: parts[0]!, y: parts[1]!)) : nil
        case .color:
            (3...4).contains(parts.count) && parts.allSatisfy({ $0 != nil })
                ? .color(TransitionColor(red: parts[0]!, green: parts[1]!, blue: parts[2]!,
                                         alpha: parts.count == 4 ? parts[3]! : 1)) : nil
        case .choice: .name(text)
        }
        guard let value else {
            throw .invalidValue(transition: transition, key: key, value: text, valid: validValues)
        }
        return try validate(value, transition: transition)
    }
}
