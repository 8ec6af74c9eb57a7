import Foundation

extension AnimationEngine {
    /// Opens an implicit transaction if none is open: every layer change belongs to one.
    func ensureTransaction() {
        if transactions.isEmpty { transactions.append(TransactionFrame(isImplicit: true)) }
    }

    func beginTransaction() {
        transactions.append(TransactionFrame(isImplicit: false))
    }

    func commitTransaction() {
        guard let top = transactions.last, !top.isImplicit else {
            diagnose("CATransaction.commit() without a matching begin() is ignored")
            return
        }
        commitTransactionFrame()
        if flushWhenExplicitEnds, transactions.count == 1, transactions[0].isImplicit {
            flushWhenExplicitEnds = false
            commitTransactionFrame()
        }
    }

    func flush() {
        guard !transactions.isEmpty else { return }
        if transactions.count == 1, transactions[0].isImplicit {
            commitTransactionFrame()
        } else {
            flushWhenExplicitEnds = true
        }
    }

    /// Pops the innermost transaction: seals its completion block and, for the outermost one,
    /// starts the animations added while it was open.
    func commitTransactionFrame() {
        guard let frame = transactions.popLast() else { return }
        frame.completion?.seal(turn: turn)
        if transactions.isEmpty {
            flushWhenExplicitEnds = false
            commitOutermost()
        }
    }

    /// The outermost commit: every animation added since the last one starts now.
    private func commitOutermost() {
        let now = clock.now
        let pending = pendingAnimations
        let before = changedLayers
        pendingAnimations = []
        pendingCompactionThreshold = 256
        changedLayers = [:]
        if !before.isEmpty || !pending.isEmpty { committedChangesSinceEvaluation = true }
        for (layer, record) in pending where record.state == .pending {
            let previous = before[ObjectIdentifier(layer)]?.before
            record.start(on: layer, at: layer.convertTime(now, from: nil), previous: previous, engine: self)
            register(layer)
        }
    }

    /// Adds `layer` to the layers evaluated every frame.
    func register(_ layer: CALayer) {
        layer.animationState.engine = self
        layer.markNeedsRender()
        let state = layer.animationState
        if animatingIDs.insert(ObjectIdentifier(state)).inserted {
            animatingLayers.append(AnimatingLayer(layer: layer, state: state))
        }
    }

    // MARK: Values

    func transactionValue(forKey key: String) -> Any? {
        for frame in transactions.reversed() {
            if key == kCATransactionCompletionBlock, let group = frame.completion { return group.block }
            if let value = frame.values[key] { return value }
        }
        return nil
    }

    var transactionDuration: CFTimeInterval {
        scalarValue(transactionValue(forKey: kCATransactionAnimationDuration)) ?? 0.25
    }

    var transactionTimingFunction: CAMediaTimingFunction? {
        transactionValue(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    var actionsDisabled: Bool {
        switch transactionValue(forKey: kCATransactionDisableActions) {
        case let flag as Bool: flag
        case let other: (scalarValue(other) ?? 0) != 0
        }
    }

    func setTransactionValue(_ value: Any?, forKey key: String) {
        ensureTransaction()
        let frame = transactions[transactions.count - 1]
        switch key {
        case kCATransactionCompletionBlock:
            if value != nil && !(value is () -> Void) {
                diagnose("CATransaction value for \(key) must be a () -> Void block; ignored")
                return
            }
            setCompletionBlock(value as? () -> Void)
            return
        case kCATransactionAnimationDuration:
            guard value == nil || (scalarValue(value).map { $0.isFinite && $0 >= 0 } ?? false) else {
                diagnose("CATransaction value for \(key) must be a number of seconds >= 0, got \(String(describing: value!)); ignored")
                return
            }
        case kCATransactionAnimationTimingFunction:
            guard value == nil || value is CAMediaTimingFunction else {
                diagnose("CATransaction value for \(key) must be a CAMediaTimingFunction; ignored")
                return
            }
        case kCATransactionDisableActions:
            guard value == nil || value is Bool || scalarValue(value) != nil else {
                diagnose("CATransaction value for \(key) must be a Bool; ignored")
                return
            }
        default:
            break
        }
        frame.values[key] = value
    }

    func setCompletionBlock(_ block: (() -> Void)?) {
        ensureTransaction()
        let frame = transactions[transactions.count - 1]
        frame.completion?.seal(turn: turn)
        frame.completion = block.map { CompletionGroup(block: $0, engine: self) }
    }

    /// The completion groups an animation added now waits on: the current block of every open
    /// transaction.
    var openCompletionGroups: [CompletionGroup] {
        transactions.compactMap(\.completion)
    }

    func groupBecameDue(_ group: CompletionGroup) {
        dueGroups.append(group)
    }

    // MARK: Layer changes

    /// Called before a layer's model value changes: opens the implicit transaction and, for a
    /// layer that has a presentation, remembers what it shows before its first change in the
    /// transaction (before an implicit animation replaces a running one), which is where the
    /// implicit animations start from and what `presentation()` shows until the commit.
    func layerWillChange(_ layer: CALayer) {
        ensureTransaction()
        let id = ObjectIdentifier(layer)
        guard changedLayers[id] == nil, layer.hasPresentation else { return }
        changedLayers[id] = (layer, layer.presentationValues(at: clock.now, base: layer.modelValues))
    }

    /// Called after a layer's `key` changed: runs the action Core Animation's search finds for
    /// it, unless the transaction disables actions.
    func layerDidChange(_ layer: CALayer, key: String) {
        guard !actionsDisabled, let action = layer.action(forKey: key) else { return }
        action.run(forKey: key, object: layer, arguments: nil)
    }

    /// Gives an animation added in the current transaction the transaction's duration (when its
    /// own is 0, NaN or negative) and timing function (when it has none). Inside a group, a child
    /// whose duration is 0 takes the group's duration, as on Apple's platforms (the documentation's own example
    /// groups a fade of 1 s with a scale that sets no duration, in a group of 1 s), so a group of
    /// 4 s whose children set no duration runs them all over 4 s. Children keep a nil timing
    /// function (linear in the group's time, which the group's function already paces).
    /// It changes `animation` and its children in place: it is given only the layer's own copy
    /// (`CAAnimation.layerCopy()`, which copies a group's children too), never the caller's.
    func applyTransactionDefaults(to animation: CAAnimation) {
        if !(animation.duration > 0) { animation.duration = transactionDuration }
        if animation.timingFunction == nil, let function = transactionTimingFunction, !(animation is CASpringAnimation) {
            animation.timingFunction = function
        }
        func inherit(_ group: CAAnimationGroup) {
            for child in group.animations ?? [] {
                if !(child.duration > 0) { child.duration = group.duration }
                if let inner = child as? CAAnimationGroup { inherit(inner) }
            }
        }
        if let group = animation as? CAAnimationGroup { inherit(group) }
    }
}
