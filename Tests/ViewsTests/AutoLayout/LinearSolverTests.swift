@testable import Views
import XCTest

final class LinearSolverTests: XCTestCase {
    private typealias Term = LinearSolver.Term

    private func terms(_ pairs: (Int, Double)...) -> [Term] { pairs.map { Term(variable: $0.0, coefficient: $0.1) } }

    func testRequiredEqualitiesSolveAsByHand() throws {
        // x + y = 10, x − y = 4 → x = 7, y = 3.
        var solver = LinearSolver()
        let x = solver.makeVariable(), y = solver.makeVariable()
        try solver.addConstraint(terms((x, 1), (y, 1)), constant: -10, relation: .equal, strength: .required)
        try solver.addConstraint(terms((x, 1), (y, -1)), constant: -4, relation: .equal, strength: .required)
        XCTAssertEqual(solver.value(of: x), 7, accuracy: 1e-9)
        XCTAssertEqual(solver.value(of: y), 3, accuracy: 1e-9)
    }

    func testInequalityBoundsAWeakPreference() throws {
        // left ≥ 0, right ≤ 100, width = right − left, weak: left = −20 and width = 150.
        // The inequalities win; with the width's preference stronger than the left's,
        // width = 100 and left = 0.
        var solver = LinearSolver()
        let left = solver.makeVariable(), width = solver.makeVariable()
        try solver.addConstraint(terms((left, 1)), constant: 0, relation: .greaterThanOrEqual, strength: .required)
        try solver.addConstraint(terms((left, 1), (width, 1)), constant: -100, relation: .lessThanOrEqual, strength: .required)
        try solver.addConstraint(terms((left, 1)), constant: 20, relation: .equal, strength: .init(priority: 250))
        try solver.addConstraint(terms((width, 1)), constant: -150, relation: .equal, strength: .init(priority: 750))
        XCTAssertEqual(solver.value(of: left), 0, accuracy: 1e-9)
        XCTAssertEqual(solver.value(of: width), 100, accuracy: 1e-9)
    }

    func testTheWeakerOfTwoConflictingPreferencesGivesWay() throws {
        var solver = LinearSolver()
        let x = solver.makeVariable()
        try solver.addConstraint(terms((x, 1)), constant: -40, relation: .equal, strength: .init(priority: 250))
        let strong = try solver.addConstraint(terms((x, 1)), constant: -60, relation: .equal, strength: .init(priority: 251))
        XCTAssertEqual(solver.value(of: x), 60, accuracy: 1e-9)
        solver.removeConstraint(strong)
        XCTAssertEqual(solver.value(of: x), 40, accuracy: 1e-9)
    }

    func testConstantEditsAreIncrementalAndExact() throws {
        // A chain: a = 10, b = a + w, w ≥ 5, b ≤ 200 (w preferred at 50). Moving a keeps the
        // preferred width until b hits its limit.
        var solver = LinearSolver()
        let a = solver.makeVariable(), b = solver.makeVariable(), w = solver.makeVariable()
        let pin = try solver.addConstraint(terms((a, 1)), constant: -10, relation: .equal, strength: .required)
        try solver.addConstraint(terms((b, 1), (a, -1), (w, -1)), constant: 0, relation: .equal, strength: .required)
        try solver.addConstraint(terms((w, 1)), constant: -5, relation: .greaterThanOrEqual, strength: .required)
        try solver.addConstraint(terms((b, 1)), constant: -200, relation: .lessThanOrEqual, strength: .required)
        try solver.addConstraint(terms((w, 1)), constant: -50, relation: .equal, strength: .init(priority: 500))
        XCTAssertEqual(solver.value(of: b), 60, accuracy: 1e-9)
        let before = solver.pivotCount
        try solver.setConstant(pin, -100)
        XCTAssertEqual(solver.value(of: b), 150, accuracy: 1e-9)
        try solver.setConstant(pin, -180)
        XCTAssertEqual(solver.value(of: w), 20, accuracy: 1e-9)
        XCTAssertEqual(solver.value(of: b), 200, accuracy: 1e-9)
        try solver.setConstant(pin, -20)
        XCTAssertEqual(solver.value(of: w), 50, accuracy: 1e-9)
        XCTAssertEqual(solver.value(of: b), 70, accuracy: 1e-9)
        XCTAssertLessThan(solver.pivotCount - before, 12)
        // a = 199 with w ≥ 5 and b ≤ 200 is a contradiction: the edit is refused, a is free again.
        XCTAssertThrowsError(try solver.setConstant(pin, -199))
        XCTAssertEqual(solver.constraintCount, 4)
        XCTAssertEqual(solver.value(of: b) - solver.value(of: a), solver.value(of: w), accuracy: 1e-9)
        XCTAssertLessThanOrEqual(solver.value(of: b), 200 + 1e-9)
    }

    func testEditVariableFollowsSuggestions() throws {
        var solver = LinearSolver()
        let x = solver.makeVariable(), y = solver.makeVariable()
        try solver.addConstraint(terms((y, 1), (x, -2)), constant: -1, relation: .equal, strength: .required)
        try solver.addConstraint(terms((x, 1)), constant: -30, relation: .lessThanOrEqual, strength: .required)
        solver.addEditVariable(x, strength: .init(priority: 750))
        solver.suggestValue(x, 12)
        XCTAssertEqual(solver.value(of: y), 25, accuracy: 1e-9)
        solver.suggestValue(x, 45)
        XCTAssertEqual(solver.value(of: x), 30, accuracy: 1e-9)
        XCTAssertEqual(solver.value(of: y), 61, accuracy: 1e-9)
    }

    func testUnsatisfiableRequiredConstraintNamesTheConflictAndLeavesTheSolverIntact() throws {
        var solver = LinearSolver()
        let x = solver.makeVariable(), y = solver.makeVariable()
        let first = try solver.addConstraint(terms((x, 1)), constant: -100, relation: .equal, strength: .required)
        let sum = try solver.addConstraint(terms((x, 1), (y, 1)), constant: -150, relation: .equal, strength: .required)
        XCTAssertThrowsError(try solver.addConstraint(terms((y, 1)), constant: -80, relation: .equal, strength: .required)) { error in
            let conflict = (error as? LinearSolver.Unsatisfiable)?.conflicting ?? []
            XCTAssertEqual(Set(conflict.dropFirst()), [first, sum])
        }
        XCTAssertEqual(solver.value(of: y), 50, accuracy: 1e-9)
        XCTAssertThrowsError(try solver.addConstraint(terms((y, 1)), constant: -60, relation: .greaterThanOrEqual,
                                                      strength: .required))
        XCTAssertEqual(solver.value(of: x), 100, accuracy: 1e-9)
        XCTAssertEqual(solver.constraintCount, 2)
    }
}
