import Geometry

/// What a view keeps for Auto Layout, made the first time any of it is touched, so a view that
/// never meets a constraint carries one nil pointer and nothing else.
@MainActor
final class ViewLayoutState {
    /// Constraints installed on the view (it is their items' nearest common ancestor).
    var constraints: [NSLayoutConstraint] = []
    var translatesAutoresizingMask = true
    var hugging: (horizontal: UILayoutPriority, vertical: UILayoutPriority)
    var compressionResistance: (horizontal: UILayoutPriority, vertical: UILayoutPriority) = (.defaultHigh, .defaultHigh)
    /// UIKit asks every view of a constraint-based hierarchy for `updateConstraints()` once.
    var needsUpdateConstraints = true
    /// The margins set with `layoutMargins`, before the system minimum and the safe area; nil
    /// until set (a plain view then has 8 points on every side, a root view none).
    var layoutMargins: UIEdgeInsets?
    var guides: [UILayoutGuide] = []
    var marginsGuide: UILayoutGuide?
    var safeAreaGuide: UILayoutGuide?
    /// A scroll view's `contentLayoutGuide` and `frameLayoutGuide`, made on first use.
    var scrollContentGuide: UILayoutGuide?
    var scrollFrameGuide: UILayoutGuide?
    /// Whether a constraint places something by the frame guide's position, so each scroll
    /// changes the solution.
    var scrollFrameGuidePlacesViews = false
    /// Set on the view and its ancestors once a constraint is installed in its subtree (or it is a
    /// stack view); the layout engine looks only into subtrees that have it.
    var usesAutoLayoutBelow = false
    /// Whether the view's frame feeds its hierarchy's engine (so a frame change must be seen).
    var isInEngine = false

    /// The view's variables in the engine that last used it.
    var engineSlot: LayoutEngine.Slot?

    /// Only on the topmost view of a hierarchy (the window, or the root of a detached tree).
    var engine: LayoutEngine?
    /// For the topmost view: constraints, views or guides changed beyond a constant.
    var engineNeedsSync = true
    /// For the topmost view: active constraints whose constant changed since the last pass.
    var changedConstants: [NSLayoutConstraint] = []

    init(defaultHugging: UILayoutPriority) {
        hugging = (defaultHugging, defaultHugging)
    }
}
