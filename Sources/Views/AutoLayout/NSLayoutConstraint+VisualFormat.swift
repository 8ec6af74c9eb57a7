import Foundation
import Geometry
import Layers

extension NSLayoutConstraint {
    /// Options of `constraints(withVisualFormat:options:metrics:views:)`, with UIKit's raw
    /// values: an alignment of every view of the format (perpendicular to its orientation), the
    /// direction a horizontal format runs in, and what vertical spacing measures.
    public struct FormatOptions: OptionSet, Sendable {
        /// UIKit's bits: alignments are `1 << NSLayoutConstraint.Attribute.rawValue`, the
        /// direction bits 16–17, the spacing bit 19.
        public let rawValue: UInt
        /// Options from UIKit's raw bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lines up the left edges of the views, in a vertical format.
        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        /// Lines up the right edges of the views, in a vertical format.
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        /// Lines up the top edges of the views, in a horizontal format.
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        /// Lines up the bottom edges of the views, in a horizontal format.
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        /// Lines up the leading edges of the views, in a vertical format.
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        /// Lines up the trailing edges of the views, in a vertical format.
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        /// Lines up the horizontal centres of the views, in a vertical format.
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        /// Lines up the vertical centres of the views, in a horizontal format.
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        /// Lines up the last baselines of the views, in a horizontal format.
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        /// Lines up the first baselines of the views, in a horizontal format.
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        /// The alignment bits.
        public static let alignmentMask = FormatOptions(rawValue: 0xFFFF)
        /// Horizontal formats run leading to trailing (the default, 0): left to right here.
        public static let directionLeadingToTrailing = FormatOptions([])
        /// A horizontal format runs from the left edge (left and right attributes).
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        /// A horizontal format runs from the right edge: its first view is the rightmost.
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        /// The direction bits.
        public static let directionMask = FormatOptions(rawValue: 3 << 16)
        /// Vertical spacing between views measured edge to edge (the default, 0).
        public static let spacingEdgeToEdge = FormatOptions([])
        /// Vertical spacing between views measured from one's last baseline to the next one's
        /// first baseline.
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
        /// The spacing bit.
        public static let spacingMask = FormatOptions(rawValue: 1 << 19)
    }

    /// The constraints an ASCII-art format describes, as UIKit's Visual Format Language
    /// (Apple's Auto Layout Guide has the grammar): `H:|-[find]-[findNext]-[field(>=20)]-|`,
    /// `V:|-(==pad)-[image]->=0-[button(44@750)]-pad-|`, `[a(==b)]`. Returned inactive, in
    /// the order of the format (views' own sizes first, then the connections, then the
    /// alignments of `options`), for `NSLayoutConstraint.activate(_:)`.
    ///
    /// - `metrics` maps names to numbers (any Swift number or `NSNumber`) usable wherever the
    ///   format has a constant or a priority; `views` maps names to views.
    /// - A standard space (`-` with no number) between two views is 8 points, as Apple
    ///   documents. To the superview (`|-[view]`), iOS relates the view to the superview's
    ///   layout margins (`leadingMargin`, `topMargin`…, constant 0); Kinescope does the same, so
    ///   the gap follows `layoutMargins` (8 points by default).
    /// - Horizontal formats use leading and trailing unless `options` asks for left to right or
    ///   right to left (which runs the views from the right edge).
    ///
    /// A format that does not parse, a name missing from `views` or `metrics`, a `|` with a view
    /// that has no superview, or an alignment along the format's own orientation: UIKit raises
    /// an exception; here a one-line diagnostic names the problem and its position in the
    /// format, and the result is empty.
    public static func constraints(withVisualFormat format: String, options: FormatOptions = [], metrics: [String: Any]?,
                                   views: [String: Any]) -> [NSLayoutConstraint] {
        var parser = VisualFormatParser(format: format, metrics: metrics ?? [:], views: views)
        do {
            let line = try parser.parse()
            return try VisualFormatBuilder(line: line, options: options, format: format).constraints()
        } catch {
            AnimationEngine.current.diagnosticHandler(
                "NSLayoutConstraint.constraints(withVisualFormat:): unable to parse \"\(format)\": \(error.message); no constraints made")
            return []
        }
    }
}

/// A failure to read a visual format, with where it happened.
struct VisualFormatError: Error {
    var message: String
}

/// One `(relation)(constant or view)(@priority)` of a predicate list.
struct VisualFormatPredicate {
    enum Object {
        case constant(CGFloat)
        case view(UIView)
    }

    var relation: NSLayoutConstraint.Relation
    var object: Object
    var priority: UILayoutPriority
}

/// What lies between two elements of a line: nothing (flush), the standard space, or predicates.
enum VisualFormatConnection {
    case flush
    case standard
    case predicates([VisualFormatPredicate])
}

/// A parsed format: the orientation, the optional superview ends, the views with their size
/// predicates, and the connections between consecutive elements.
struct VisualFormatLine {
    var vertical: Bool
    var views: [(view: UIView, predicates: [VisualFormatPredicate])] = []
    /// `connections[i]` joins element i and i + 1, counting the leading `|` as element 0 when
    /// present.
    var connections: [VisualFormatConnection] = []
    var leadingSuperview = false
    var trailingSuperview = false
}

/// A recursive-descent reader of the grammar in Apple's Auto Layout Guide (whitespace between
/// tokens is skipped).
struct VisualFormatParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private let metrics: [String: Any]
    private let views: [String: Any]

    init(format: String, metrics: [String: Any], views: [String: Any]) {
        scalars = Array(format.unicodeScalars)
        self.metrics = metrics
        self.views = views
    }

    mutating func parse() throws(VisualFormatError) -> VisualFormatLine {
        var line = VisualFormatLine(vertical: false)
        if let orientation = peek(), orientation == "H" || orientation == "V", peek(1) == ":" {
            line.vertical = orientation == "V"
            index += 2
        }
        if consume("|") {
            line.leadingSuperview = true
            line.connections.append(try connection())
        }
        line.views.append(try view())
        while true {
            skipSpaces()
            guard index < scalars.count else { break }
            let joint = try connection()
            if consume("|") {
                line.trailingSuperview = true
                line.connections.append(joint)
                break
            }
            line.connections.append(joint)
            line.views.append(try view())
        }
        skipSpaces()
        if index < scalars.count { throw failure("unexpected '\(scalars[index])' after the end of the line") }
        return line
    }

    private mutating func connection() throws(VisualFormatError) -> VisualFormatConnection {
        guard consume("-") else { return .flush }
        skipSpaces()
        if peek() == "[" || peek() == "|" { return .standard }
        let predicates: [VisualFormatPredicate]
        if peek() == "(" {
            predicates = try predicateList(allowingViews: false)
        } else {
            predicates = [VisualFormatPredicate(relation: .equal, object: .constant(try constant()), priority: .required)]
        }
        guard consume("-") else { throw failure("expected '-' after a spacing") }
        return .predicates(predicates)
    }

    private mutating func view() throws(VisualFormatError) -> (view: UIView, predicates: [VisualFormatPredicate]) {
        guard consume("[") else { throw failure("expected a view: '[' name ']'") }
        let name = identifier()
        guard !name.isEmpty else { throw failure("expected a view name after '['") }
        guard let view = views[name] as? UIView else {
            throw failure(views[name] == nil ? "'\(name)' is not a key in the views dictionary" : "'\(name)' in the views dictionary is not a UIView")
        }
        var predicates: [VisualFormatPredicate] = []
        skipSpaces()
        if peek() == "(" { predicates = try predicateList(allowingViews: true) }
        guard consume("]") else { throw failure("expected ']' to close view '\(name)'") }
        return (view, predicates)
    }

    private mutating func predicateList(allowingViews: Bool) throws(VisualFormatError) -> [VisualFormatPredicate] {
        guard consume("(") else { throw failure("expected '('") }
        var list: [VisualFormatPredicate] = []
        repeat {
            list.append(try predicate(allowingViews: allowingViews))
        } while consume(",")
        guard consume(")") else { throw failure("expected ',' or ')' in a predicate list") }
        return list
    }

    private mutating func predicate(allowingViews: Bool) throws(VisualFormatError) -> VisualFormatPredicate {
        skipSpaces()
        var relation = NSLayoutConstraint.Relation.equal
        if consume("=", "=") {
            relation = .equal
        } else if consume("<", "=") {
            relation = .lessThanOrEqual
        } else if consume(">", "=") {
            relation = .greaterThanOrEqual
        }
        skipSpaces()
        let object: VisualFormatPredicate.Object
        if let first = peek(), isIdentifierStart(first) {
            let start = index
            let name = identifier()
            if let view = views[name] as? UIView, allowingViews {
                object = .view(view)
            } else if let value = metric(name) {
                object = .constant(value)
            } else {
                index = start
                throw failure(allowingViews ? "'\(name)' is neither a view nor a metric" : "'\(name)' is not a key in the metrics dictionary")
            }
        } else {
            object = .constant(try number())
        }
        var priority = UILayoutPriority.required
        if consume("@") {
            let value = try constant()
            guard value > 0, value <= 1000 else { throw failure("priority \(value) is outside 1…1000") }
            priority = UILayoutPriority(Float(value))
        }
        return VisualFormatPredicate(relation: relation, object: object, priority: priority)
    }

    private mutating func constant() throws(VisualFormatError) -> CGFloat {
        skipSpaces()
        if let first = peek(), isIdentifierStart(first) {
            let start = index
            let name = identifier()
            if let value = metric(name) { return value }
            index = start
            throw failure("'\(name)' is not a key in the metrics dictionary")
        }
        return try number()
    }

    private mutating func number() throws(VisualFormatError) -> CGFloat {
        skipSpaces()
        let start = index
        if peek() == "-" || peek() == "+" { index += 1 }
        while let scalar = peek(), ("0"..."9").contains(scalar) || scalar == "." { index += 1 }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        guard let value = Double(text), value.isFinite else {
            index = start
            throw failure("expected a number or a metric name")
        }
        return CGFloat(value)
    }

    private func metric(_ name: String) -> CGFloat? {
        switch metrics[name] {
        case let value as CGFloat: value.isFinite ? value : nil
        case let value as Double: value.isFinite ? CGFloat(value) : nil
        case let value as Float: value.isFinite ? CGFloat(value) : nil
        case let value as Int: CGFloat(value)
        case let value as NSNumber: value.doubleValue.isFinite ? CGFloat(value.doubleValue) : nil
        default: nil
        }
    }

    private mutating func identifier() -> String {
        skipSpaces()
        let start = index
        while let scalar = peek(), isIdentifierStart(scalar) || ("0"..."9").contains(scalar) { index += 1 }
        return String(String.UnicodeScalarView(scalars[start..<index]))
    }

    private func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func skipSpaces() {
        while let scalar = peek(), scalar.properties.isWhitespace { index += 1 }
    }

    private mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
        skipSpaces()
        guard peek() == scalar else { return false }
        index += 1
        return true
    }

    private mutating func consume(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
        skipSpaces()
        guard peek() == first, peek(1) == second else { return false }
        index += 2
        return true
    }

    private func failure(_ message: String) -> VisualFormatError {
        VisualFormatError(message: "\(message) (at character \(index + 1))")
    }
}

/// Turns a parsed line into constraints.
@MainActor
struct VisualFormatBuilder {
    typealias Attribute = NSLayoutConstraint.Attribute
    static let standardSpacing: CGFloat = 8

    let line: VisualFormatLine
    let options: NSLayoutConstraint.FormatOptions
    let format: String

    func constraints() throws(VisualFormatError) -> [NSLayoutConstraint] {
        let direction = options.intersection(.directionMask)
        let reversed = !line.vertical && direction == .directionRightToLeft
        // The attribute a connection leaves an element by, and the one it enters the next by.
        let (after, before): (Attribute, Attribute)
        if line.vertical {
            let baselines = options.contains(.spacingBaselineToBaseline)
            (after, before) = baselines ? (.lastBaseline, .firstBaseline) : (.bottom, .top)
        } else if direction == .directionLeftToRight {
            (after, before) = (.right, .left)
        } else if reversed {
            (after, before) = (.left, .right)
        } else {
            (after, before) = (.trailing, .leading)
        }
        let size: Attribute = line.vertical ? .height : .width
        var made: [NSLayoutConstraint] = []
        for (view, predicates) in line.views {
            for predicate in predicates {
                switch predicate.object {
                case .constant(let value):
                    made.append(make(view, size, predicate.relation, nil, .notAnAttribute, value, predicate.priority))
                case .view(let other):
                    made.append(make(view, size, predicate.relation, other, size, 0, predicate.priority))
                }
            }
        }
        var superview: UIView?
        if line.leadingSuperview || line.trailingSuperview {
            guard let parent = line.views[0].view.superview else {
                throw VisualFormatError(message: "'|' stands for the superview, and the first view has none")
            }
            superview = parent
        }
        var connection = 0
        if line.leadingSuperview, let superview {
            // `|-c-[view]`: view.leading = superview.leading + c.
            made += join(superview, edge(before, margin: isStandard(line.connections[0])), line.views[0].view, before,
                         line.connections[0], superviewFirst: true, reversed: reversed)
            connection = 1
        }
        for index in line.views.indices.dropFirst() {
            made += join(line.views[index - 1].view, after, line.views[index].view, before, line.connections[connection],
                         superviewFirst: false, reversed: reversed)
            connection += 1
        }
        if line.trailingSuperview, let superview, let last = line.views.last?.view {
            // `[view]-c-|`: superview.trailing = view.trailing + c.
            let joint = line.connections[connection]
            made += join(last, after, superview, edge(after, margin: isStandard(joint)), joint, superviewFirst: false,
                         reversed: reversed)
        }
        made += try alignments()
        return made
    }

    private func isStandard(_ connection: VisualFormatConnection) -> Bool {
        if case .standard = connection { return true }
        return false
    }

    /// A superview's attribute for a connection to it: its margin for the standard space.
    private func edge(_ attribute: Attribute, margin: Bool) -> Attribute {
        guard margin else { return attribute == .firstBaseline ? .top : attribute == .lastBaseline ? .bottom : attribute }
        switch attribute {
        case .leading: return .leadingMargin
        case .trailing: return .trailingMargin
        case .left: return .leftMargin
        case .right: return .rightMargin
        case .top, .firstBaseline: return .topMargin
        default: return .bottomMargin
        }
    }

    /// `second.enter (relation) first.leave + spacing` for each predicate of the connection (a
    /// superview's standard space is its margin, with no constant). Right to left, the first
    /// element is on the right: `first.leave (relation) second.enter + spacing` reads the same
    /// way in the other direction, so the order of the items is swapped.
    private func join(_ first: UIView, _ leave: Attribute, _ second: UIView, _ enter: Attribute,
                      _ connection: VisualFormatConnection, superviewFirst: Bool, reversed: Bool) -> [NSLayoutConstraint] {
        let predicates: [VisualFormatPredicate]
        switch connection {
        case .flush:
            predicates = [VisualFormatPredicate(relation: .equal, object: .constant(0), priority: .required)]
        case .standard:
            let toSuperview = superviewFirst || second === first.superview
            predicates = [VisualFormatPredicate(relation: .equal, object: .constant(toSuperview ? 0 : Self.standardSpacing),
                                                priority: .required)]
        case .predicates(let list):
            predicates = list
        }
        return predicates.map { predicate in
            let spacing: CGFloat = if case .constant(let value) = predicate.object { value } else { 0 }
            if reversed {
                return make(first, leave, predicate.relation, second, enter, spacing, predicate.priority)
            }
            return make(second, enter, predicate.relation, first, leave, spacing, predicate.priority)
        }
    }

    private func alignments() throws(VisualFormatError) -> [NSLayoutConstraint] {
        let alignment = options.intersection(.alignmentMask)
        guard !alignment.isEmpty else { return [] }
        let table: [(NSLayoutConstraint.FormatOptions, Attribute, vertical: Bool)] = [
            (.alignAllLeft, .left, true), (.alignAllRight, .right, true), (.alignAllLeading, .leading, true),
            (.alignAllTrailing, .trailing, true), (.alignAllCenterX, .centerX, true),
            (.alignAllTop, .top, false), (.alignAllBottom, .bottom, false), (.alignAllCenterY, .centerY, false),
            (.alignAllLastBaseline, .lastBaseline, false), (.alignAllFirstBaseline, .firstBaseline, false),
        ]
        var attributes: [Attribute] = []
        for (option, attribute, forVertical) in table where alignment.contains(option) {
            guard forVertical == line.vertical else {
                throw VisualFormatError(message: "the alignment \(attribute) runs along the \(line.vertical ? "vertical" : "horizontal") format's own axis")
            }
            attributes.append(attribute)
        }
        var made: [NSLayoutConstraint] = []
        for index in line.views.indices.dropFirst() {
            for attribute in attributes {
                made.append(make(line.views[index - 1].view, attribute, .equal, line.views[index].view, attribute, 0, .required))
            }
        }
        return made
    }

    private func make(_ first: UIView, _ firstAttribute: Attribute, _ relation: NSLayoutConstraint.Relation, _ second: UIView?,
                      _ secondAttribute: Attribute, _ constant: CGFloat, _ priority: UILayoutPriority) -> NSLayoutConstraint {
        let constraint = NSLayoutConstraint(item: first, attribute: firstAttribute, relatedBy: relation, toItem: second,
                                            attribute: secondAttribute, multiplier: 1, constant: constant)
        constraint.priority = priority
        return constraint
    }
}
