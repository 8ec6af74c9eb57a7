import Foundation

extension CALayer {
    /// Actions by key, consulted after the delegate: `["position": NSNull()]` turns off the
    /// implicit animation of `position`; a `CAAnimation` replaces it. Default nil.
    public var actions: [String: any CAAction]? {
        get { animationState.actions }
        set { animationState.actions = newValue }
    }

    /// Default values and actions, consulted after `actions`: the action search looks in
    /// `style["actions"]` (a `[String: CAAction]`), then in `style["style"]`, and so on down.
    /// Default nil.
    public var style: [AnyHashable: Any]? {
        get { animationState.style }
        set { animationState.style = newValue }
    }

    /// Apple's action search (`action(forKey:)` calls it): the delegate's
    /// `action(for:forKey:)`, then `actions`, then `style`, then the class's
    /// `defaultAction(forKey:)`, then the property's implicit animation. An `NSNull` found on the
    /// way ends the search with no action; a nil answer goes on to the next step. The last two
    /// steps are skipped for a layer that has
    /// never been shown (see `presentation()`): as on Apple's platforms, a layer that is not
    /// yet part of a displayed tree has nothing to animate from, so a layer made early (a view
    /// controller's stored property, made before the window or the run loop exists) and set up
    /// before it is first drawn appears at once with its values, instead of animating from its
    /// defaults when the window first shows it.
    func searchAction(forKey event: String) -> (any CAAction)? {
        if let answer = delegate?.action(for: self, forKey: event) { return answer is NSNull ? nil : answer }
        if let found = actions?[event] { return found is NSNull ? nil : found }
        var style = self.style
        while let current = style {
            if let table = current["actions"] as? [String: any CAAction], let found = table[event] {
                return found is NSNull ? nil : found
            }
            style = current["style"] as? [AnyHashable: Any]
        }
        guard hasPresentation else { return nil }
        if let found = type(of: self).defaultAction(forKey: event) { return found is NSNull ? nil : found }
        return CALayer.implicitAction(forKey: event)
    }

    /// The implicit action of a property: a `CABasicAnimation` of the key (no values, so it runs
    /// from the value shown before the change to the new one) with the transaction's duration and
    /// timing function (`.default`, the system curve, when the transaction has none); for
    /// `contents`, a fade `CATransition` (the default transition of Apple's table). Nil for keys
    /// that are not animatable, and for `doubleSided` and `shadowPath`, which have no implicit
    /// animation (Apple: no `CGPath` property animates implicitly).
    static func implicitAction(forKey event: String) -> (any CAAction)? {
        guard let key = CALayerKey(rawValue: event), key != .isDoubleSided, key != .shadowPath,
              LayerKeyPath.animatableKeys.contains(key) else { return nil }
        let engine = AnimationEngine.current
        let animation: CAAnimation = key == .contents ? makeDefaultTransition() : CABasicAnimation(keyPath: event)
        animation.duration = engine.transactionDuration
        animation.timingFunction = engine.transactionTimingFunction ?? CAMediaTimingFunction(name: .default)
        return animation
    }

    /// Runs the action for a change of `key` (unless the transaction disables actions), after
    /// the value changed. Presentation copies never run actions.
    func runAction(forChangeOf key: CALayerKey) {
        runAction(forEvent: key.rawValue)
    }

    /// Runs the action for `event` (a property's key, `kCAOnOrderIn`, `kCAOnOrderOut` or
    /// `kCATransition`) unless the transaction disables actions; presentation copies run none.
    func runAction(forEvent event: String) {
        guard !animationState.isPresentationCopy else { return }
        let engine = AnimationEngine.current
        guard !engine.isSuppressingChanges else { return }
        engine.layerDidChange(self, key: event)
    }

    /// Opens the implicit transaction and remembers the layer's values before its first change
    /// in the transaction (what its presentation shows until the commit).
    func prepareForChange() {
        guard !animationState.isPresentationCopy else { return }
        let engine = AnimationEngine.current
        guard !engine.isSuppressingChanges else { return }
        engine.layerWillChange(self)
    }
}
