/// Up to four solver terms stored inline. Every equation the layout engine builds has at most
/// four — an attribute is one or two variables, a constraint relates two attributes, an
/// autoresizing equation spans a view's and its superview's origin and size — so building,
/// comparing and diffing equations on each pass allocates nothing (the arrays they were before
/// were a tenth of a 300-constraint pass, most of it allocation and release).
struct InlineTerms: Equatable, RandomAccessCollection, ExpressibleByArrayLiteral {
    typealias Term = LinearSolver.Term
    static let capacity = 4

    private var t0 = Term(variable: 0, coefficient: 0), t1 = Term(variable: 0, coefficient: 0)
    private var t2 = Term(variable: 0, coefficient: 0), t3 = Term(variable: 0, coefficient: 0)
    private(set) var count = 0

    init() {}

    init(arrayLiteral elements: Term...) {
        for element in elements { append(element) }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(index: Int) -> Term {
        precondition(index >= 0 && index < count, "InlineTerms index \(index) out of 0..<\(count)")
        switch index {
        case 0: return t0
        case 1: return t1
        case 2: return t2
        default: return t3
        }
    }

    /// Adds a term; the engine never builds more than `capacity` (a programming error if it did).
    mutating func append(_ term: Term) {
        precondition(count < Self.capacity, "an engine equation has more than \(Self.capacity) terms")
        switch count {
        case 0: t0 = term
        case 1: t1 = term
        case 2: t2 = term
        default: t3 = term
        }
        count += 1
    }

    static func == (a: InlineTerms, b: InlineTerms) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] { return false }
        return true
    }
}
