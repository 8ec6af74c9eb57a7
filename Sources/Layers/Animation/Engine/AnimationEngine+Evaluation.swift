extension AnimationEngine {
    /// Moves every animating layer to `time`: marks it for a new render (with its ancestors)
    /// and finishes its animations that ended; a layer none of whose animations still runs
    /// leaves the set, so it costs nothing on later frames.
    func evaluate(at time: CFTimeInterval) {
        guard !animatingLayers.isEmpty else { return }
        var remaining: [CALayer] = []
        remaining.reserveCapacity(animatingLayers.count)
        for layer in animatingLayers {
            let running = layer.advanceAnimations(to: time, engine: self)
            layer.markNeedsRender()
            if running {
                remaining.append(layer)
            } else {
                animatingIDs.remove(ObjectIdentifier(layer))
            }
        }
        animatingLayers = remaining
    }

    /// Runs `body` with layer changes invisible to the transaction machinery: no implicit
    /// transaction, no actions. For changes the system makes itself while rendering (a layer's
    /// `display()` setting its contents), which Core Animation does not animate.
    func withoutActions<Result>(_ body: () throws -> Result) rethrows -> Result {
        suppressionDepth += 1
        defer { suppressionDepth -= 1 }
        return try body()
    }

    var isSuppressingChanges: Bool { suppressionDepth > 0 }
}
