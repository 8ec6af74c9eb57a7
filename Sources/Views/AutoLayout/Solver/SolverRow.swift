/// One row of the simplex tableau, `basic = constant + Σ coefficient·symbol`, as in kiwi, but
/// stored as two parallel arrays sorted by symbol id instead of a hash map: adding one row to
/// another is a linear merge with no hashing (hashing and hash-table work were about 40 % of the
/// time with dictionaries), lookups are binary searches, and iteration runs in id order, which the
/// solver's pivot rule wants anyway. Coefficients that come within `epsilon` of zero are
/// dropped, so rounding noise never makes a symbol look pivotable.
struct SolverRow {
    static let epsilon = 1.0e-8

    var constant: Double
    private(set) var symbols: [Int] = []
    private(set) var values: [Double] = []

    init(constant: Double = 0) {
        self.constant = constant
    }

    @inline(__always)
    static func nearZero(_ value: Double) -> Bool { abs(value) < epsilon }

    var isEmpty: Bool { symbols.isEmpty }

    /// The position of `symbol`, or where it would go.
    @inline(__always)
    private func position(of symbol: Int) -> (found: Bool, index: Int) {
        var low = 0, high = symbols.count
        while low < high {
            let middle = (low + high) >> 1
            if symbols[middle] < symbol { low = middle + 1 } else { high = middle }
        }
        return (low < symbols.count && symbols[low] == symbol, low)
    }

    func coefficient(for symbol: Int) -> Double {
        let (found, index) = position(of: symbol)
        return found ? values[index] : 0
    }

    func contains(_ symbol: Int) -> Bool { position(of: symbol).found }

    mutating func insert(_ symbol: Int, _ coefficient: Double = 1) {
        let (found, index) = position(of: symbol)
        if found {
            let sum = values[index] + coefficient
            if Self.nearZero(sum) {
                symbols.remove(at: index)
                values.remove(at: index)
            } else {
                values[index] = sum
            }
        } else if !Self.nearZero(coefficient) {
            symbols.insert(symbol, at: index)
            values.insert(coefficient, at: index)
        }
    }

    /// Adds `coefficient` times `row` to this row.
    mutating func insert(_ row: SolverRow, _ coefficient: Double = 1) {
        var scratch = Scratch()
        merge(row, coefficient, into: &scratch) { _, _ in }
    }

    /// Reusable buffers for `merge`, so a solver's merges do not allocate once warm.
    struct Scratch {
        var symbols: [Int] = []
        var values: [Double] = []
    }

    /// Adds `factor × row` to this row, built in `scratch` and swapped in (the old arrays
    /// become the scratch), calling `changed(symbol, true)` for each symbol that appears and
    /// `changed(symbol, false)` for each that cancels out.
    @inline(__always)
    mutating func merge(_ row: SolverRow, _ factor: Double, into scratch: inout Scratch, _ changed: (Int, Bool) -> Void) {
        constant += row.constant * factor
        scratch.symbols.removeAll(keepingCapacity: true)
        scratch.values.removeAll(keepingCapacity: true)
        scratch.symbols.reserveCapacity(symbols.count + row.symbols.count)
        scratch.values.reserveCapacity(symbols.count + row.symbols.count)
        var i = 0, j = 0
        let n = symbols.count, m = row.symbols.count
        while i < n || j < m {
            if j == m || (i < n && symbols[i] < row.symbols[j]) {
                scratch.symbols.append(symbols[i])
                scratch.values.append(values[i])
                i += 1
            } else if i == n || row.symbols[j] < symbols[i] {
                let value = row.values[j] * factor
                if !Self.nearZero(value) {
                    scratch.symbols.append(row.symbols[j])
                    scratch.values.append(value)
                    changed(row.symbols[j], true)
                }
                j += 1
            } else {
                let sum = values[i] + row.values[j] * factor
                if Self.nearZero(sum) {
                    changed(symbols[i], false)
                } else {
                    scratch.symbols.append(symbols[i])
                    scratch.values.append(sum)
                }
                i += 1
                j += 1
            }
        }
        swap(&symbols, &scratch.symbols)
        swap(&values, &scratch.values)
    }

    /// Removes `symbol`'s cell, returning its coefficient.
    @discardableResult
    mutating func remove(_ symbol: Int) -> Double? {
        let (found, index) = position(of: symbol)
        guard found else { return nil }
        symbols.remove(at: index)
        return values.remove(at: index)
    }

    mutating func reverseSign() {
        constant = -constant
        for index in values.indices { values[index] = -values[index] }
    }

    /// Rewrites `0 = constant + … + c·symbol + …` as `symbol = …`.
    mutating func solve(for symbol: Int) {
        guard let value = remove(symbol) else { return }
        let factor = -1 / value
        constant *= factor
        for index in values.indices { values[index] *= factor }
    }

    /// Rewrites `lhs = … + c·rhs + …` as `rhs = …` (a pivot).
    mutating func solve(for lhs: Int, _ rhs: Int) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by the expression `row` stands for.
    mutating func substitute(_ symbol: Int, _ row: SolverRow) {
        guard let value = remove(symbol) else { return }
        insert(row, value)
    }
}
