import Foundation

/// The actions a swipe reveals on one edge of a table row, as UIKit's
/// `UISwipeActionsConfiguration`. The first action sits at the outer edge of the row (the
/// right edge for trailing actions, the left for leading ones) and the others follow inward.
@MainActor
open class UISwipeActionsConfiguration {
    /// The actions, the first outermost. An empty list disables the swipe on that edge.
    public let actions: [UIContextualAction]
    /// Whether swiping the row past 60 % of its width (and releasing) performs the first
    /// action without a tap. Default true, as in UIKit. When false, dragging past the actions'
    /// width meets resistance.
    open var performsFirstActionWithFullSwipe = true

    /// A configuration showing `actions`.
    public init(actions: [UIContextualAction]) {
        self.actions = actions
    }
}
