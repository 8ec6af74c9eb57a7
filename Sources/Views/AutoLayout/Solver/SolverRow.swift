/// One row of the simplex tableau, `basic = constant + Σ coefficient·symbol`, as in kiwi: a
/// sparse map from symbol id to coefficient. Coefficients that come within `epsilon` of zero
/// are dropped, so rounding noise never makes a symbol look pivotable.
struct SolverRow {
    static let epsilon = 1.0e-8

    var constant: Double
    var cells: [Int: Double]

    init(constant: Double = 0, cells: [Int: Double] = [:]) {
        self.constant = constant
        self.cells = cells
    }

    @inline(__always)
    static func nearZero(_ value: Double) -> Bool { abs(value) < epsilon }

    func coefficient(for symbol: Int) -> Double { cells[symbol] ?? 0 }

    mutating func insert(_ symbol: Int, _ coefficient: Double = 1) {
        let sum = (cells[symbol] ?? 0) + coefficient
        if Self.nearZero(sum) { cells.removeValue(forKey: symbol) } else { cells[symbol] = sum }
    }

    /// Adds `coefficient` times `row` to this row.
    mutating func insert(_ row: SolverRow, _ coefficient: Double = 1) {
        constant += row.constant * coefficient
        for (symbol, value) in row.cells { insert(symbol, value * coefficient) }
    }

    mutating func remove(_ symbol: Int) { cells.removeValue(forKey: symbol) }

    mutating func reverseSign() {
        constant = -constant
        for key in cells.keys { cells[key] = -cells[key]! }
    }

    /// Rewrites `0 = constant + … + c·symbol + …` as `symbol = …`.
    mutating func solve(for symbol: Int) {
        guard let value = cells.removeValue(forKey: symbol) else { return }
        let factor = -1 / value
        constant *= factor
        for key in cells.keys { cells[key]! *= factor }
    }

    /// Rewrites `lhs = … + c·rhs + …` as `rhs = …` (a pivot).
    mutating func solve(for lhs: Int, _ rhs: Int) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by the expression `row` stands for.
    mutating func substitute(_ symbol: Int, _ row: SolverRow) {
        guard let value = cells.removeValue(forKey: symbol) else { return }
        insert(row, value)
    }
}
