import Foundation

/// The registered classes and the pool of off-screen views of a table or collection view,
/// keyed by reuse identifier. A view leaves its superview when it is enqueued, so only views on
/// screen (and those animating out) are subviews; the pool never holds more views than have been
/// on screen at once.
@MainActor
struct ReuseQueue<View: UIView> {
    private var classes: [String: () -> View] = [:]
    private var pools: [String: [View]] = [:]
    /// Views made by this queue (for tests and the report: how many cells exist).
    private(set) var created = 0

    mutating func register(_ make: (() -> View)?, for identifier: String) {
        classes[identifier] = make
    }

    func isRegistered(_ identifier: String) -> Bool { classes[identifier] != nil }

    /// A pooled view for `identifier` (`reused` true), or a new one of the registered class;
    /// nil when the pool is empty and no class is registered.
    mutating func dequeue(_ identifier: String) -> (view: View, reused: Bool)? {
        if let view = pools[identifier]?.popLast() { return (view, true) }
        guard let make = classes[identifier] else { return nil }
        created += 1
        return (make(), false)
    }

    mutating func enqueue(_ view: View, identifier: String?) {
        view.removeFromSuperview()
        guard let identifier else { return }
        pools[identifier, default: []].append(view)
    }

    var pooledCount: Int { pools.values.reduce(0) { $0 + $1.count } }
}

/// Writes a table or collection view's misuse diagnostics (where UIKit raises) to standard
/// error; tests replace `sink` to read them.
@MainActor
enum ReuseDiagnostics {
    static var sink: (String) -> Void = { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    static func report(_ message: String) { sink(message) }
}

extension UIView {
    /// Swaps a cell's background view: `old` leaves, `new` goes to the back (or just below
    /// `sibling`, for a selected background under the content).
    func replaceCellBackground(_ old: UIView?, with new: UIView?, below sibling: UIView? = nil) {
        old?.removeFromSuperview()
        guard let new else { return }
        if let sibling { insertSubview(new, belowSubview: sibling) } else { insertSubview(new, at: 0) }
        setNeedsLayout()
    }
}
