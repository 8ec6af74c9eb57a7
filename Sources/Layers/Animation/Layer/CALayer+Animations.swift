extension CALayer {
    /// Adds a copy of `anim` to the layer under `key` (of a group, a copy of the whole tree of
    /// groups and children, so that what runs is independent of later changes to the caller's
    /// objects and the layer never changes them), replacing (and stopping, with
    /// `finished == false`) any animation already under that key. The copy starts when the
    /// current transaction's outermost level commits — at the end of the run-loop turn for the
    /// implicit transaction — at that moment (or at its `beginTime`, if not 0, in the layer's
    /// time). A duration of 0 becomes the transaction's `animationDuration`; a nil timing
    /// function becomes the transaction's, if it has one. A transition animation
    /// (`CATransition`) is always stored under `kCATransition` ("transition"), and captures the
    /// layer's current appearance as its starting image.
    ///
    /// With a nil `key` the animation runs but cannot be looked up or removed by key.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        let engine = AnimationEngine.current
        engine.ensureTransaction()
        let copy = anim.layerCopy()
        engine.applyTransactionDefaults(to: copy)
        let isTransition = copy is any LayerTransitionAnimation
        let key = isTransition ? kCATransition : key
        if let key { removeAnimation(forKey: key) }
        let record = AnimationRecord(key: key, animation: copy, groups: engine.openCompletionGroups,
                                     snapshot: isTransition ? snapshotOfLastRender() : nil)
        animationState.records.append(record)
        if engine.pendingAnimations.count >= engine.pendingCompactionThreshold {
            // Replaced animations of a transaction that never commits (no run loop) must not
            // pile up; the threshold doubles so that many live additions stay linear in cost.
            engine.pendingAnimations.removeAll { $0.record.state != .pending }
            engine.pendingCompactionThreshold = max(256, 2 * engine.pendingAnimations.count)
        }
        engine.pendingAnimations.append((self, record))
    }

    /// Stops and removes the animation under `key` (its delegate hears `finished == false`);
    /// the layer shows its model value again at the next frame.
    public func removeAnimation(forKey key: String) {
        guard let index = animationState.records.firstIndex(where: { $0.key == key }) else { return }
        let record = animationState.records.remove(at: index)
        stop(record)
    }

    /// Stops and removes every animation of the layer.
    public func removeAllAnimations() {
        let records = animationState.records
        animationState.records = []
        for record in records { stop(record) }
    }

    /// The keys of the layer's animations, in the order they were added; nil when it has none
    /// (as Apple returns). Animations added without a key are not listed.
    public func animationKeys() -> [String]? {
        let keys = animationState.records.compactMap(\.key)
        return keys.isEmpty ? nil : keys
    }

    /// The layer's copy of the animation under `key`. Changing it does not change the animation
    /// that runs (Apple's copies cannot be changed at all).
    public func animation(forKey key: String) -> CAAnimation? {
        animationState.records.first { $0.key == key }?.animation
    }

    private func stop(_ record: AnimationRecord) {
        let wasCommitted = record.state == .running || record.state == .finished
        let wasRunning = record.state == .running
        record.state = .removed
        record.releaseGroups()
        if wasRunning, let delegate = record.animation.delegate {
            let engine = record.engine ?? AnimationEngine.current
            let animation = record.animation
            engine.queuedCallbacks.append { delegate.animationDidStop(animation, finished: false) }
        }
        if wasCommitted { markNeedsRender() }
    }

    /// Moves the layer's animations to `mediaTime`: notes the ones that started, finishes the
    /// ones past their end (removing them unless `isRemovedOnCompletion` is false) and queues
    /// their delegate callbacks. Returns whether any animation still runs.
    func advanceAnimations(to mediaTime: CFTimeInterval, engine: AnimationEngine) -> Bool {
        let time = convertTime(mediaTime, from: nil)
        var running = false
        var finishedAny = false
        for record in animationState.records where record.state == .running {
            let delegate = record.animation.delegate
            let animation = record.animation
            if !record.didNotifyStart && time >= record.beginTime {
                record.didNotifyStart = true
                if let delegate { engine.queuedCallbacks.append { delegate.animationDidStart(animation) } }
            }
            if time >= record.endTime {
                record.state = animation.isRemovedOnCompletion ? .removed : .finished
                finishedAny = true
                if let delegate { engine.queuedCallbacks.append { delegate.animationDidStop(animation, finished: true) } }
                record.releaseGroups()
            } else {
                running = true
            }
        }
        if finishedAny { animationState.records.removeAll { $0.state == .removed } }
        return running
    }

    /// The earliest media time at which one of the layer's running animations has an effect
    /// (its begin time, or now when it fills backwards or has begun); nil when none runs.
    func nextAnimationStart(after mediaTime: CFTimeInterval) -> CFTimeInterval? {
        var earliest: CFTimeInterval?
        let local = convertTime(mediaTime, from: nil)
        for record in animationState.records where record.state == .running {
            let begin = record.beginTime
            let fills = record.program?.timing.fillMode.fillsBackwards ?? false
            if begin <= local || fills { return mediaTime }
            let media = mediaTime + (begin - local) / max(1e-9, abs(timeScale))
            earliest = min(earliest ?? media, media)
        }
        return earliest
    }
}

extension CAAnimation {
    /// The copy a layer keeps of an animation added to it: `copy()`, and for a group the
    /// children copied in turn (`CAAnimationGroup.copy()` shares them).
    func layerCopy() -> CAAnimation {
        let copy = copy() as? CAAnimation ?? self
        if let group = copy as? CAAnimationGroup {
            group.animations = group.animations?.map { $0.layerCopy() }
        }
        return copy
    }
}
