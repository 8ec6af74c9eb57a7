import Foundation

/// The heights of a section's rows and their running sums, for a table view's layout.
///
/// Rows of one height (a fixed `rowHeight`, or one estimate for all) cost O(1) memory and time:
/// a million rows are a count and a height. Rows of different heights live in a Fenwick tree
/// (binary indexed tree), built in O(n) once per reload: the offset of a row, the row at an
/// offset and changing one row's height are each O(log n), so a scroll step never walks the rows.
struct RowHeights {
    private(set) var count: Int
    private var uniform: Double
    /// 1-based Fenwick sums, empty while every row is `uniform`.
    private var tree: [Double] = []
    private var values: [Double] = []

    init(count: Int, height: CGFloat) {
        self.count = max(0, count)
        uniform = Self.valid(height)
    }

    init(count: Int, height: (Int) -> CGFloat) {
        self.count = max(0, count)
        uniform = 0
        values = (0..<self.count).map { Self.valid(height($0)) }
        buildTree()
    }

    /// A height as layout uses it: NaN, infinite and negative count as 0; capped at 10⁷
    /// points, so sums of a million rows stay exact enough for pixel positions.
    static func valid(_ height: CGFloat) -> Double {
        height.isFinite && height > 0 ? min(Double(height), 1e7) : 0
    }

    var isUniform: Bool { tree.isEmpty }

    var total: CGFloat { isUniform ? CGFloat(uniform * Double(count)) : CGFloat(prefix(count)) }

    func height(of row: Int) -> CGFloat {
        guard row >= 0, row < count else { return 0 }
        return CGFloat(isUniform ? uniform : values[row])
    }

    /// The distance from the first row's top to `row`'s top (`row` may be `count`: the end).
    func offset(of row: Int) -> CGFloat {
        let row = min(max(row, 0), count)
        return CGFloat(isUniform ? uniform * Double(row) : prefix(row))
    }

    /// The row whose extent holds `y` (measured from the first row's top), clamped to the rows;
    /// rows of zero height are skipped forwards. -1 when there are no rows.
    func row(at y: CGFloat) -> Int {
        guard count > 0 else { return -1 }
        let y = Double(y)
        if isUniform {
            guard uniform > 0, y.isFinite else { return y > 0 ? count - 1 : 0 }
            return min(count - 1, max(0, Int((y / uniform).rounded(.down))))
        }
        // The number of rows whose sums stay at or below y.
        var index = 0, remaining = y, step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = index + step
            if next <= count, tree[next] <= remaining {
                index = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return min(index, count - 1)
    }

    /// Changes one row's height (turning uniform rows into a tree on first change).
    mutating func setHeight(_ height: CGFloat, of row: Int) {
        guard row >= 0, row < count else { return }
        let value = Self.valid(height)
        if isUniform {
            guard value != uniform else { return }
            values = Array(repeating: uniform, count: count)
            values[row] = value
            buildTree()
            return
        }
        let delta = value - values[row]
        guard delta != 0 else { return }
        values[row] = value
        var i = row + 1
        while i <= count {
            tree[i] += delta
            i += i & -i
        }
    }

    private mutating func buildTree() {
        tree = [0] + values
        guard count > 0 else { return }
        for i in 1...count {
            let parent = i + (i & -i)
            if parent <= count { tree[parent] += tree[i] }
        }
    }

    private func prefix(_ n: Int) -> Double {
        var sum = 0.0, i = n
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }
}
