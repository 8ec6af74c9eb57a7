import Foundation

/// UIKit's index-path accessors, which Foundation on Linux lacks (Apple's come from UIKit's
/// overlay): a table's path is `[section, row]`, a collection view's `[section, item]`.
extension IndexPath {
    /// A table view's path to `row` in `section`.
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    /// A collection view's path to `item` in `section`.
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }

    /// The first index (UIKit traps on a path of another length; here a missing index reads 0).
    public var section: Int {
        get { count > 0 ? self[0] : 0 }
        set { if count > 0 { self[0] = newValue } else { self = IndexPath(indexes: [newValue, 0]) } }
    }
    /// The second index, a table's row (a missing index reads 0).
    public var row: Int {
        get { count > 1 ? self[1] : 0 }
        set { self = IndexPath(indexes: [section, newValue]) }
    }
    /// The second index, a collection view's item: the same as `row`.
    public var item: Int {
        get { row }
        set { row = newValue }
    }
}
