// An incremental Cassowary solver (Badros, Borning & Stuckey 2001), laid out as kiwi's: the
// tableau is a set of rows `basic = constant + Σ c·symbol`; symbols are external (a variable
// the client reads), slack (an inequality's), error (the violation of a non-required
// constraint, weighted in the objective) or dummy (a required equality's marker, never
// pivoted in). Adding a constraint substitutes the basic rows into it, picks a subject (or goes
// through an artificial variable), then runs the primal simplex on the objective. Changing a
// constraint's constant, and `suggestValue` for an edit variable, shift its marker symbol and
// restore feasibility with the dual simplex: no re-solve from scratch, which is what makes a
// constant edit cheap enough for the per-frame layout of the constraint animation idiom.
//
// Pivot choices follow Bland's rule (smallest symbol id enters, ties leave by smallest basic
// id), which rules out cycling on degenerate systems and makes results independent of hash
// order: the same constraints give bit-identical frames on every run. Rows (sorted sparse
// arrays, `SolverRow`) live in a flat array indexed through `rowOfSymbol`, edited in place;
// `columns` lists, for each symbol, the basic symbols whose rows hold it, so a substitution, a
// ratio test or a constant edit visits only the rows concerned instead of the whole tableau
// (without it, 10 000 constraints took quadratic time: every addition walked every row). No
// hashing is left in the hot path: with dictionary rows and set columns, hashing and hash-table
// work were about 40 % of the layout benchmark's time (perf, release build). Measured (kinescope-bench `--only
// layout`, one thread's CPU time of `layoutIfNeeded()`): a 300-constraint screen's first pass
// 1.32 ms (1.59 with dictionaries), a constant edit and its pass 0.08 ms, 10 000 constraints
// 260 ms (37 s in a debug build before the column index). With each item's variables kept on
// the item (`LayoutEngine.Slot`) and equations in `InlineTerms`, the engine around the solver
// stopped hashing, weak-loading and allocating per constraint: 1.20 → 0.82–0.89 ms, the edit
// 0.05 → 0.03 ms, 10 000 constraints 214 → 142–157 ms (same machine, same load, back to back).
// BENCHMARKS.md has the breakdown.

import Foundation

/// A linear constraint solver on `Double`s: variables and constraints are plain `Int` ids.
struct LinearSolver {
    enum SymbolKind: UInt8 { case external, slack, error, dummy }

    enum Relation: Sendable { case lessThanOrEqual, equal, greaterThanOrEqual }

    /// How much a constraint counts: required (must hold) or a weight in the objective.
    struct Strength: Equatable, Sendable {
        var weight: Double
        var isRequired: Bool

        static let required = Strength(weight: 0, isRequired: true)

        /// The strength of a UIKit priority: 1000 (or more) is required; below, the weight is
        /// 10^(priority/100), so a priority 100 points higher outweighs ten equal violations of
        /// the lower one, and adjacent priorities (250 against 251) still order one constraint
        /// against another. The range (1 … 10¹⁰) stays far inside a `Double`'s precision.
        init(priority: Float) {
            if priority >= 1000 {
                self = .required
            } else {
                self.init(weight: pow(10, Double(max(1, priority)) / 100), isRequired: false)
            }
        }

        init(weight: Double, isRequired: Bool) {
            self.weight = weight
            self.isRequired = isRequired
        }
    }

    struct Term: Equatable, Sendable {
        var variable: Int
        var coefficient: Double
    }

    /// A required constraint could not be added: `conflicting` lists the ids of the constraints
    /// that contradict it (the row it could not satisfy is made of their marker symbols).
    struct Unsatisfiable: Error {
        var conflicting: [Int]
    }

    private struct Record {
        var terms: [Term]
        var constant: Double
        var relation: Relation
        var strength: Strength
        var marker = -1
        var other = -1
        /// The marker's coefficient in the constraint's original row (±1).
        var markerCoefficient = 1.0
    }

    private var kinds: [SymbolKind] = []
    /// The constraint whose marker or error symbol each symbol is (−1 for variables).
    private var ownerOfSymbol: [Int] = []
    private var rowOfSymbol: [Int] = []
    /// For each symbol, the basic symbols whose rows have a cell for it (unordered).
    private var columns: [[Int]] = []
    private var scratch = SolverRow.Scratch()
    private var rows: [SolverRow] = []
    private var basicOfRow: [Int] = []
    private var objective = SolverRow()
    private var artificial: SolverRow?
    private var infeasible: [Int] = []
    private var records: [Record?] = []
    private var freeRecordIDs: [Int] = []
    private var editConstraintOfVariable: [Int: Int] = [:]
    /// Pivots done so far; a guard against runaway loops on numerically broken input.
    private(set) var pivotCount = 0

    init() {}

    /// The number of constraints in the solver (edit constraints included).
    var constraintCount: Int { records.count - freeRecordIDs.count }

    /// A new variable, initially 0.
    mutating func makeVariable() -> Int { makeSymbol(.external, owner: -1) }

    /// The variable's value in the current solution.
    func value(of variable: Int) -> Double {
        let row = rowOfSymbol[variable]
        return row >= 0 ? rows[row].constant : 0
    }

    /// Adds `Σ terms + constant (relation) 0`. A required constraint that cannot hold throws
    /// `Unsatisfiable` and leaves the solver as it was.
    @discardableResult
    mutating func addConstraint(_ terms: [Term], constant: Double, relation: Relation,
                                strength: Strength) throws(Unsatisfiable) -> Int {
        let id: Int
        if let free = freeRecordIDs.popLast() { id = free } else { id = records.count; records.append(nil) }
        records[id] = Record(terms: terms, constant: constant, relation: relation, strength: strength)
        do {
            try insertRecord(id)
        } catch {
            records[id] = nil
            freeRecordIDs.append(id)
            throw error
        }
        return id
    }

    /// Removes a constraint added before; unknown ids do nothing.
    mutating func removeConstraint(_ id: Int) {
        guard records.indices.contains(id), let record = records[id] else { return }
        removeErrorEffects(record.marker, record.strength)
        removeErrorEffects(record.other, record.strength)
        if rowOfSymbol[record.marker] >= 0 {
            _ = takeRow(of: record.marker)
        } else if let leaving = markerLeavingRow(record.marker) {
            let leavingSymbol = basicOfRow[leaving]
            var row = takeRow(of: leavingSymbol)
            row.solve(for: leavingSymbol, record.marker)
            substitute(record.marker, row)
        }
        records[id] = nil
        freeRecordIDs.append(id)
        optimizeObjective()
    }

    /// Gives constraint `id` the constant `constant` (in `Σ terms + constant (relation) 0`),
    /// incrementally: the marker symbol absorbs the change and the dual simplex restores
    /// feasibility. When the new constant makes required constraints contradict each other,
    /// the constraint is taken out of the solver and `Unsatisfiable` names the others.
    mutating func setConstant(_ id: Int, _ constant: Double) throws(Unsatisfiable) {
        guard records.indices.contains(id), let record = records[id], record.constant != constant else { return }
        let delta = constant - record.constant
        records[id]!.constant = constant
        // In `e + k·m = 0`, e growing by δ is m' = m − δ/k.
        let shift = delta / record.markerCoefficient
        let marker = record.marker
        let markerRow = rowOfSymbol[marker]
        if markerRow >= 0 {
            rows[markerRow].constant -= shift
            if rows[markerRow].constant < 0 { infeasible.append(marker) }
        } else {
            for basic in columns[marker] {
                let index = rowOfSymbol[basic]
                let coefficient = rows[index].coefficient(for: marker)
                rows[index].constant += coefficient * shift
                if rows[index].constant < 0, kinds[basic] != .external { infeasible.append(basic) }
            }
        }
        if let stuck = dualOptimize() {
            let failure = Unsatisfiable(conflicting: conflicting(in: stuck, adding: id))
            rebuild(excluding: id)
            records[id] = nil
            freeRecordIDs.append(id)
            throw failure
        }
    }

    /// Makes `variable` editable at `strength` (not required): `suggestValue` then moves it.
    mutating func addEditVariable(_ variable: Int, strength: Strength) {
        guard editConstraintOfVariable[variable] == nil, !strength.isRequired else { return }
        if let id = try? addConstraint([Term(variable: variable, coefficient: 1)], constant: 0, relation: .equal,
                                       strength: strength) {
            editConstraintOfVariable[variable] = id
        }
    }

    mutating func removeEditVariable(_ variable: Int) {
        guard let id = editConstraintOfVariable.removeValue(forKey: variable) else { return }
        removeConstraint(id)
    }

    func hasEditVariable(_ variable: Int) -> Bool { editConstraintOfVariable[variable] != nil }

    /// Asks the edit variable to take `value`, as strongly as its edit strength allows.
    mutating func suggestValue(_ variable: Int, _ value: Double) {
        guard let id = editConstraintOfVariable[variable] else { return }
        try? setConstant(id, -value)
    }

    /// Whether `variable` may move without changing the objective, i.e. the layout is ambiguous
    /// along it: it is not basic, or its row holds a slack or variable that costs nothing.
    func isAmbiguous(_ variable: Int) -> Bool {
        let row = rowOfSymbol[variable]
        guard row >= 0 else { return true }
        for symbol in rows[row].symbols where kinds[symbol] != .dummy {
            if SolverRow.nearZero(objective.coefficient(for: symbol)) { return true }
        }
        return false
    }

    private mutating func makeSymbol(_ kind: SymbolKind, owner: Int) -> Int {
        kinds.append(kind)
        ownerOfSymbol.append(owner)
        rowOfSymbol.append(-1)
        columns.append([])
        return kinds.count - 1
    }

    private mutating func insertRecord(_ id: Int) throws(Unsatisfiable) {
        var row = makeRow(id)
        var subject = chooseSubject(row, id)
        if subject < 0, row.symbols.allSatisfy({ kinds[$0] == .dummy }) {
            guard SolverRow.nearZero(row.constant) else {
                throw Unsatisfiable(conflicting: conflicting(in: row, adding: id))
            }
            subject = records[id]!.marker
        }
        if subject < 0 {
            if let failure = addWithArtificialVariable(row, id) {
                rebuild(excluding: id)
                throw failure
            }
        } else {
            row.solve(for: subject)
            substitute(subject, row)
            putRow(row, basic: subject)
        }
        optimizeObjective()
    }

    private mutating func makeRow(_ id: Int) -> SolverRow {
        let record = records[id]!
        var row = SolverRow(constant: record.constant)
        for term in record.terms where !SolverRow.nearZero(term.coefficient) {
            let basic = rowOfSymbol[term.variable]
            if basic >= 0 { row.insert(rows[basic], term.coefficient) } else { row.insert(term.variable, term.coefficient) }
        }
        let strength = record.strength
        switch record.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = record.relation == .lessThanOrEqual ? 1 : -1
            let slack = makeSymbol(.slack, owner: id)
            records[id]!.marker = slack
            records[id]!.markerCoefficient = sign
            row.insert(slack, sign)
            if !strength.isRequired {
                let error = makeSymbol(.error, owner: id)
                records[id]!.other = error
                row.insert(error, -sign)
                objective.insert(error, strength.weight)
            }
        case .equal:
            if strength.isRequired {
                let dummy = makeSymbol(.dummy, owner: id)
                records[id]!.marker = dummy
                row.insert(dummy)
            } else {
                let plus = makeSymbol(.error, owner: id), minus = makeSymbol(.error, owner: id)
                records[id]!.marker = plus
                records[id]!.other = minus
                records[id]!.markerCoefficient = -1
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, strength.weight)
                objective.insert(minus, strength.weight)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    private func chooseSubject(_ row: SolverRow, _ id: Int) -> Int {
        if let external = row.symbols.first(where: { kinds[$0] == .external }) { return external }
        let record = records[id]!
        for symbol in [record.marker, record.other] where symbol >= 0 {
            if kinds[symbol] == .slack || kinds[symbol] == .error, row.coefficient(for: symbol) < 0 { return symbol }
        }
        return -1
    }

    /// Returns nil on success, or the failure after the tableau was left half-changed (the
    /// caller rebuilds).
    private mutating func addWithArtificialVariable(_ row: SolverRow, _ id: Int) -> Unsatisfiable? {
        let art = makeSymbol(.slack, owner: -1)
        putRow(row, basic: art)
        artificial = row
        optimize(artificial: true)
        let succeeded = SolverRow.nearZero(artificial!.constant)
        let failedRow = artificial!
        artificial = nil
        if rowOfSymbol[art] >= 0 {
            var basicRow = takeRow(of: art)
            if !basicRow.isEmpty {
                let entering = basicRow.symbols.first { kinds[$0] == .slack || kinds[$0] == .error } ?? -1
                guard entering >= 0 else { return Unsatisfiable(conflicting: conflicting(in: failedRow, adding: id)) }
                basicRow.solve(for: art, entering)
                substitute(entering, basicRow)
                putRow(basicRow, basic: entering)
            }
        }
        for basic in columns[art] { rows[rowOfSymbol[basic]].remove(art) }
        columns[art] = []
        objective.remove(art)
        return succeeded ? nil : Unsatisfiable(conflicting: conflicting(in: failedRow, adding: id))
    }

    /// The constraints whose markers make up `row`, the new one first.
    private func conflicting(in row: SolverRow, adding id: Int) -> [Int] {
        var owners: Set<Int> = []
        for symbol in row.symbols where ownerOfSymbol[symbol] >= 0 && ownerOfSymbol[symbol] != id {
            let owner = ownerOfSymbol[symbol]
            if records[owner]?.strength.isRequired == true { owners.insert(owner) }
        }
        return [id] + owners.sorted()
    }

    /// Starts the tableau again from the constraints kept, leaving `excluded` out: the way back
    /// to a consistent state after a failed required constraint (rare, so rebuilding is fine).
    private mutating func rebuild(excluding excluded: Int) {
        for index in rows.indices { rowOfSymbol[basicOfRow[index]] = -1 }
        for symbol in columns.indices where !columns[symbol].isEmpty { columns[symbol] = [] }
        rows.removeAll(keepingCapacity: true)
        basicOfRow.removeAll(keepingCapacity: true)
        objective = SolverRow()
        infeasible.removeAll()
        for id in records.indices where id != excluded && records[id] != nil {
            records[id]!.marker = -1
            records[id]!.other = -1
            try? insertRecord(id)
        }
    }

    private mutating func putRow(_ row: SolverRow, basic: Int) {
        for symbol in row.symbols { columns[symbol].append(basic) }
        rowOfSymbol[basic] = rows.count
        rows.append(row)
        basicOfRow.append(basic)
    }

    private mutating func takeRow(of basic: Int) -> SolverRow {
        let index = rowOfSymbol[basic]
        rowOfSymbol[basic] = -1
        let last = rows.count - 1
        if index != last {
            rows.swapAt(index, last)
            basicOfRow.swapAt(index, last)
            rowOfSymbol[basicOfRow[index]] = index
        }
        basicOfRow.removeLast()
        let row = rows.removeLast()
        for symbol in row.symbols { removeFromColumn(symbol, basic) }
        return row
    }

    /// Replaces `symbol` by `row` in every row holding it (keeping `columns` in step), the
    /// objective and the artificial row.
    private mutating func substitute(_ symbol: Int, _ row: SolverRow) {
        let holders = columns[symbol]
        columns[symbol] = []
        for basic in holders {
            let index = rowOfSymbol[basic]
            guard let factor = rows[index].remove(symbol) else { continue }
            rows[index].merge(row, factor, into: &scratch) { other, appeared in
                if appeared { columns[other].append(basic) } else { Self.remove(basic, from: &columns[other]) }
            }
            if kinds[basic] != .external, rows[index].constant < 0 { infeasible.append(basic) }
        }
        if let factor = objective.remove(symbol) { objective.merge(row, factor, into: &scratch) { _, _ in } }
        if artificial != nil, let factor = artificial!.remove(symbol) { artificial!.merge(row, factor, into: &scratch) { _, _ in } }
    }

    private mutating func removeFromColumn(_ symbol: Int, _ basic: Int) {
        Self.remove(basic, from: &columns[symbol])
    }

    private static func remove(_ basic: Int, from column: inout [Int]) {
        guard let position = column.firstIndex(of: basic) else { return }
        column.swapAt(position, column.count - 1)
        column.removeLast()
    }

    private static let pivotLimit = 1_000_000

    private mutating func optimizeObjective() { optimize(artificial: false) }

    /// The primal simplex on the objective (or the artificial row while adding).
    private mutating func optimize(artificial useArtificial: Bool) {
        while pivotCount < Self.pivotLimit {
            let target = useArtificial ? artificial! : objective
            var entering = -1
            for (position, symbol) in target.symbols.enumerated() where target.values[position] < 0 && kinds[symbol] != .dummy {
                entering = symbol
                break
            }
            guard entering >= 0 else { return }
            var leaving = -1, ratio = Double.greatestFiniteMagnitude
            for basic in columns[entering] where kinds[basic] != .external {
                let index = rowOfSymbol[basic]
                let coefficient = rows[index].coefficient(for: entering)
                guard coefficient < 0 else { continue }
                let r = -rows[index].constant / coefficient
                if r < ratio || (r == ratio && leaving >= 0 && basic < leaving) { ratio = r; leaving = basic }
            }
            guard leaving >= 0 else { return }
            pivot(leaving: leaving, entering: entering)
        }
    }

    private mutating func pivot(leaving: Int, entering: Int) {
        pivotCount += 1
        var row = takeRow(of: leaving)
        row.solve(for: leaving, entering)
        substitute(entering, row)
        putRow(row, basic: entering)
    }

    /// The dual simplex over the rows made infeasible; returns the row it could not repair (only
    /// required constraints left in contradiction leave one), or nil.
    private mutating func dualOptimize() -> SolverRow? {
        defer { infeasible.removeAll(keepingCapacity: true) }
        while !infeasible.isEmpty, pivotCount < Self.pivotLimit {
            // The smallest symbol first, so the pivots do not depend on hash order.
            let position = infeasible.indices.min { infeasible[$0] < infeasible[$1] }!
            let leaving = infeasible.remove(at: position)
            let index = rowOfSymbol[leaving]
            guard index >= 0, rows[index].constant < 0 else { continue }
            var entering = -1, ratio = Double.greatestFiniteMagnitude
            for (position, symbol) in rows[index].symbols.enumerated() where kinds[symbol] != .dummy {
                let coefficient = rows[index].values[position]
                guard coefficient > 0 else { continue }
                let r = objective.coefficient(for: symbol) / coefficient
                if r < ratio || (r == ratio && symbol < entering) { ratio = r; entering = symbol }
            }
            guard entering >= 0 else {
                if SolverRow.nearZero(rows[index].constant) { continue }
                return rows[index]
            }
            pivot(leaving: leaving, entering: entering)
        }
        return nil
    }

    private mutating func removeErrorEffects(_ symbol: Int, _ strength: Strength) {
        guard symbol >= 0, kinds[symbol] == .error else { return }
        let index = rowOfSymbol[symbol]
        if index >= 0 { objective.insert(rows[index], -strength.weight) } else { objective.insert(symbol, -strength.weight) }
    }

    /// The row to pivot `marker` into when removing its constraint while it is not basic: the
    /// most restrictive row where it has a negative coefficient, else a positive one, else any
    /// external row (kiwi's rule).
    private func markerLeavingRow(_ marker: Int) -> Int? {
        var first = -1, second = -1, third = -1
        var r1 = Double.greatestFiniteMagnitude, r2 = Double.greatestFiniteMagnitude
        for basic in columns[marker] {
            let index = rowOfSymbol[basic]
            let c = rows[index].coefficient(for: marker)
            guard c != 0 else { continue }
            if kinds[basic] == .external {
                if third < 0 || basic < basicOfRow[third] { third = index }
            } else if c < 0 {
                let r = -rows[index].constant / c
                if r < r1 || (r == r1 && first >= 0 && basic < basicOfRow[first]) { r1 = r; first = index }
            } else {
                let r = rows[index].constant / c
                if r < r2 || (r == r2 && second >= 0 && basic < basicOfRow[second]) { r2 = r; second = index }
            }
        }
        if first >= 0 { return first }
        if second >= 0 { return second }
        return third >= 0 ? third : nil
    }
}
