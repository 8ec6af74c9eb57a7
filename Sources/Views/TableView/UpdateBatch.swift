import Foundation

/// What a batch of row (or item) updates did, in UIKit's terms: deletions, reloads and move
/// sources name the rows before the update; insertions and move destinations name the rows
/// after it. `mapping` turns that into where each old row went.
struct UpdateBatch {
    var deleted: Set<IndexPath> = []
    var inserted: Set<IndexPath> = []
    var reloaded: Set<IndexPath> = []
    /// Old path to new path.
    var moved: [IndexPath: IndexPath] = [:]

    var isEmpty: Bool { deleted.isEmpty && inserted.isEmpty && reloaded.isEmpty && moved.isEmpty }

    /// The counts do not add up: UIKit's NSInternalInconsistencyException text.
    struct Inconsistency: Error, CustomStringConvertible {
        let section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int
        let noun: String
        var description: String {
            "invalid update: invalid number of \(noun)s in section \(section). The number of \(noun)s contained in an "
                + "existing section after the update (\(after)) must be equal to the number of \(noun)s contained in "
                + "that section before the update (\(before)), plus or minus the number of \(noun)s inserted or deleted "
                + "from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(noun)s "
                + "moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        }
    }

    /// Where old rows land, computed per row on demand (O(batch size) each, never O(rows)).
    struct Mapping {
        fileprivate var gone: [[Int]] = []
        fileprivate var arrived: [[Int]] = []
        fileprivate var moved: [IndexPath: IndexPath] = [:]
        fileprivate var deleted: Set<IndexPath> = []

        /// The new path of the old row at `path`, nil when it was deleted.
        func newPath(for path: IndexPath) -> IndexPath? {
            if let to = moved[path] { return to }
            guard path.section >= 0, path.section < gone.count, !deleted.contains(path) else { return nil }
            var survivors = path.row
            for row in gone[path.section] {
                if row < path.row { survivors -= 1 } else { break }
            }
            var position = survivors
            for slot in arrived[path.section] {
                if slot <= position { position += 1 } else { break }
            }
            return IndexPath(row: position, section: path.section)
        }
    }

    /// Checks every section's count (and that every path named lies inside the old or new
    /// counts), then says where each old row goes.
    func mapping(old: [Int], new: [Int], noun: String) throws(Inconsistency) -> Mapping {
        guard old.count == new.count else {
            throw Inconsistency(section: min(old.count, new.count), before: old.count, after: new.count,
                                inserted: 0, deleted: 0, movedIn: 0, movedOut: 0, noun: "section")
        }
        var mapping = Mapping(moved: moved, deleted: deleted)
        for section in old.indices {
            let removed = Set(deleted.filter { $0.section == section }.map(\.row))
            let movedOut = Set(moved.keys.filter { $0.section == section }.map(\.row))
            let added = Set(inserted.filter { $0.section == section }.map(\.row))
            let movedIn = Set(moved.values.filter { $0.section == section }.map(\.row))
            let gone = removed.union(movedOut), arrived = added.union(movedIn)
            let outOfRange = gone.contains { $0 < 0 || $0 >= old[section] } || arrived.contains { $0 < 0 || $0 >= new[section] }
            guard !outOfRange, old[section] - gone.count + arrived.count == new[section],
                  removed.isDisjoint(with: movedOut), added.isDisjoint(with: movedIn) else {
                throw Inconsistency(section: section, before: old[section], after: new[section], inserted: added.count,
                                    deleted: removed.count, movedIn: movedIn.count, movedOut: movedOut.count, noun: noun)
            }
            mapping.gone.append(gone.sorted())
            mapping.arrived.append(arrived.sorted())
        }
        return mapping
    }
}
