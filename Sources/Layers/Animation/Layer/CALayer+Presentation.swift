import Geometry

extension CALayer {
    /// A copy of the layer as it is shown now: every committed animation applied at the current
    /// media time to the model values. Changes not yet committed do not show, as on Apple's
    /// platforms: a layer changed in the open transaction shows what it showed just before its
    /// first change. Made with `init(layer:)` (so a
    /// subclass's copy is of the subclass); the copy has no superlayer or sublayers, and
    /// `model()` leads back to this layer. Nil while the layer has never been shown (never part
    /// of a render tree made for the screen after a commit: a layer just made, or one that
    /// was never added to a displayed tree), as Apple returns for a layer the render server has
    /// not seen; a presentation copy returns itself.
    public func presentation() -> Self? {
        if animationState.isPresentationCopy { return self }
        let engine = animationState.engine ?? AnimationEngine.current
        let current = AnimationEngine.current
        guard animationState.hasBeenPresented else { return nil }
        let values = current.changedLayers[ObjectIdentifier(self)]?.before
            ?? presentationValues(at: engine.clock.now, base: modelValues)
        let copy = type(of: self).init(layer: self)
        copy.animationState.model = self
        copy.properties = values.properties
        copy.contents = values.contents
        return copy
    }

    /// The model layer a presentation copy was made from; the layer itself otherwise.
    public func model() -> Self {
        (animationState.model as? Self) ?? self
    }

    /// The layer's model values, as animations see them before applying.
    var modelValues: PresentationValues {
        PresentationValues(properties: properties, contents: contents, transition: nil)
    }

    /// `base` with every committed animation of the layer applied at `mediaTime`, in the order
    /// they were added.
    func presentationValues(at mediaTime: CFTimeInterval, base: PresentationValues) -> PresentationValues {
        guard animationState.hasAppliedAnimations else { return base }
        var values = base
        let time = convertTime(mediaTime, from: nil)
        for record in animationState.records where record.state == .running || record.state == .finished {
            record.program?.apply(at: time, to: &values)
        }
        return values
    }

    /// What the render tree shows: the model values (as changed so far; the run loop commits
    /// before it renders) with the animations applied at the engine's frame time.
    var renderValues: PresentationValues {
        guard animationState.hasAppliedAnimations, let engine = animationState.engine else { return modelValues }
        return presentationValues(at: engine.frameTime - RenderTimeShift.seconds, base: modelValues)
    }

    /// Whether the layer has been shown: part of a render tree made after a commit (see
    /// `LayerAnimationState.hasBeenPresented`).
    var hasPresentation: Bool { animationState.hasBeenPresented }
}
