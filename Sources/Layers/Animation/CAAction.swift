import Foundation

/// An object that responds to an event on a layer — for a property change, the event is the
/// property's key (`"position"`). `CAAnimation` is one: running it adds it to the layer under
/// the event's key.
///
/// Returned by `CALayer.action(forKey:)`, the layer's `actions` and `style`, its delegate's
/// `action(for:forKey:)` and `CALayer.defaultAction(forKey:)`.
public protocol CAAction: AnyObject {
    /// Performs the action for `event` on `anObject` (the layer). `dict` carries event
    /// arguments; property changes pass nil.
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// `NSNull` is Core Animation's "no action" marker, as on Apple's platforms: returned by a
/// delegate or stored in `actions` or `style`, it stops the action search with no action
/// (`layer.actions = ["position": NSNull()]` turns off the implicit position animation).
/// Running it does nothing.
extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}
