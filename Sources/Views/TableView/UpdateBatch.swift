import Foundation

/// What a batch of row (or item) and section updates did, in UIKit's terms: deletions, reloads
/// and move sources name rows and sections before the update; insertions and move
/// destinations name them after it. Row deletions name old sections, row insertions new ones.
/// `mapping` turns that into where each old row went.
struct UpdateBatch {
    var deleted: Set<IndexPath> = []
    var inserted: Set<IndexPath> = []
    var reloaded: Set<IndexPath> = []
    /// Old path to new path.
    var moved: [IndexPath: IndexPath] = [:]
    var deletedSections: Set<Int> = []
    var insertedSections: Set<Int> = []
    var reloadedSections: Set<Int> = []
    /// Old section to new section.
    var movedSections: [Int: Int] = [:]

    var isEmpty: Bool {
        deleted.isEmpty && inserted.isEmpty && reloaded.isEmpty && moved.isEmpty && !changesSections
    }

    var changesSections: Bool {
        !deletedSections.isEmpty || !insertedSections.isEmpty || !reloadedSections.isEmpty || !movedSections.isEmpty
    }

    /// The counts do not add up: UIKit's NSInternalInconsistencyException text.
    struct Inconsistency: Error, CustomStringConvertible {
        /// The section whose rows do not add up; nil when the number of sections does not.
        let section: Int?
        let before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int
        let noun: String
        var description: String {
            guard let section else {
                let view = noun == "item" ? "collection view" : "table view"
                return "invalid update: invalid number of sections. The number of sections contained in the "
                    + "\(view) after the update (\(after)) must be equal to the number of sections contained in the "
                    + "\(view) before the update (\(before)), plus or minus the number of sections inserted or "
                    + "deleted (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of sections "
                    + "moved (\(movedIn) moved in, \(movedOut) moved out), each index inside the counts."
            }
            return "invalid update: invalid number of \(noun)s in section \(section). The number of \(noun)s contained in an "
                + "existing section after the update (\(after)) must be equal to the number of \(noun)s contained in "
                + "that section before the update (\(before)), plus or minus the number of \(noun)s inserted or deleted "
                + "from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(noun)s "
                + "moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        }
    }

    /// Where old rows land, computed per row on demand (O(batch size) each, never O(rows)).
    struct Mapping {
        /// Per old section: its new index, nil when deleted or reloaded (its rows are replaced).
        fileprivate(set) var sectionTarget: [Int?] = []
        /// Per old section, the rows that left it; per new section, the rows that arrived.
        fileprivate var gone: [[Int]] = []
        fileprivate var arrived: [[Int]] = []
        fileprivate var moved: [IndexPath: IndexPath] = [:]
        fileprivate var deleted: Set<IndexPath> = []

        /// The new index of the old section, nil when it was deleted or reloaded.
        func newSection(for section: Int) -> Int? {
            sectionTarget.indices.contains(section) ? sectionTarget[section] : nil
        }

        /// The new path of the old row at `path`, nil when it or its section was deleted
        /// (or its section reloaded).
        func newPath(for path: IndexPath) -> IndexPath? {
            if let to = moved[path] { return to }
            guard let target = newSection(for: path.section), !deleted.contains(path) else { return nil }
            var survivors = path.row
            for row in gone[path.section] {
                if row < path.row { survivors -= 1 } else { break }
            }
            var position = survivors
            for slot in arrived[target] {
                if slot <= position { position += 1 } else { break }
            }
            return IndexPath(row: position, section: target)
        }
    }

    /// Where old sections go: nil for deleted ones (reloaded ones keep their index); throws
    /// when the section counts do not add up.
    private func sectionTargets(old: Int, new: Int, noun: String) throws(Inconsistency) -> [Int?] {
        let movedOut = Set(movedSections.keys), movedIn = Set(movedSections.values)
        let gone = deletedSections.union(movedOut), arrived = insertedSections.union(movedIn)
        let outOfRange = gone.union(reloadedSections).contains { $0 < 0 || $0 >= old }
            || arrived.contains { $0 < 0 || $0 >= new }
        guard !outOfRange, old - gone.count + arrived.count == new, deletedSections.isDisjoint(with: movedOut),
              insertedSections.isDisjoint(with: movedIn), reloadedSections.isDisjoint(with: gone),
              movedIn.count == movedSections.count else {
            throw Inconsistency(section: nil, before: old, after: new, inserted: insertedSections.count,
                                deleted: deletedSections.count, movedIn: movedIn.count, movedOut: movedOut.count,
                                noun: noun)
        }
        guard changesSections else { return Array(0..<old) }
        let goneSorted = gone.sorted(), arrivedSorted = arrived.sorted()
        var targets: [Int?] = Array(repeating: nil, count: old)
        var goneIndex = 0, arrivedIndex = 0, position = 0
        for section in 0..<old {
            if goneIndex < goneSorted.count, goneSorted[goneIndex] == section {
                goneIndex += 1
                targets[section] = movedSections[section]
                continue
            }
            while arrivedIndex < arrivedSorted.count, arrivedSorted[arrivedIndex] <= position {
                arrivedIndex += 1
                position += 1
            }
            targets[section] = position
            position += 1
        }
        return targets
    }

    /// Adds each path's row to its section's set in `rows` and counts it; false when a path
    /// names a section outside `rows` or a row already there (deleted and moved, say).
    private static func tally(_ paths: some Sequence<IndexPath>, into rows: inout [Set<Int>],
                              counts: inout [Int]) -> Bool {
        var consistent = true
        for path in paths {
            guard rows.indices.contains(path.section), rows[path.section].insert(path.row).inserted else {
                consistent = false
                continue
            }
            counts[path.section] += 1
        }
        return consistent
    }

    /// Checks the section count and every surviving section's row count (and that every path
    /// named lies inside the old or new counts), then says where each old row goes.
    func mapping(old: [Int], new: [Int], noun: String) throws(Inconsistency) -> Mapping {
        let targets = try sectionTargets(old: old.count, new: new.count, noun: noun)
        var mapping = Mapping(moved: moved, deleted: deleted)
        mapping.sectionTarget = targets.enumerated().map { reloadedSections.contains($0.offset) ? nil : $0.element }
        var goneRows = Array(repeating: Set<Int>(), count: old.count)
        var arrivedRows = Array(repeating: Set<Int>(), count: new.count)
        var removed = Array(repeating: 0, count: old.count), movedOut = removed
        var added = Array(repeating: 0, count: new.count), movedIn = added
        let tallied = [
            Self.tally(deleted, into: &goneRows, counts: &removed),
            Self.tally(moved.keys, into: &goneRows, counts: &movedOut),
            Self.tally(inserted, into: &arrivedRows, counts: &added),
            Self.tally(moved.values, into: &arrivedRows, counts: &movedIn),
        ]
        let stray = tallied.contains(false)
        for section in old.indices {
            guard let target = targets[section], !reloadedSections.contains(section) else { continue }
            let outOfRange = goneRows[section].contains { $0 < 0 || $0 >= old[section] }
                || arrivedRows[target].contains { $0 < 0 || $0 >= new[target] }
            guard !stray, !outOfRange,
                  old[section] - goneRows[section].count + arrivedRows[target].count == new[target] else {
                throw Inconsistency(section: target, before: old[section], after: new[target], inserted: added[target],
                                    deleted: removed[section], movedIn: movedIn[target], movedOut: movedOut[section],
                                    noun: noun)
            }
        }
        mapping.gone = goneRows.map { $0.sorted() }
        mapping.arrived = arrivedRows.map { $0.sorted() }
        return mapping
    }
}
