/// A layer's own timing: its animations run in the layer's time, which is its superlayer's time
/// mapped through `(t − beginTime) × speed + timeOffset`, so setting `speed` to 0 on a layer
/// pauses every animation in its subtree and `timeOffset` then chooses the moment shown:
///
///     let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
///     layer.speed = 0
///     layer.timeOffset = paused
///
/// Of a layer's timing properties only `beginTime`, `speed` and `timeOffset` change its time;
/// `duration`, `repeatCount`, `repeatDuration`, `autoreverses` and `fillMode` are stored but a
/// layer does not repeat or end (Kinescope's choice; Apple documents no visible effect of them
/// on layers either).
extension CALayer: CAMediaTiming {
    public var beginTime: CFTimeInterval {
        get { animationState.timing.beginTime }
        set { setTiming(\.beginTime, finite(newValue)) }
    }

    public var duration: CFTimeInterval {
        get { animationState.timing.duration }
        set { animationState.timing.duration = newValue }
    }

    public var speed: Float {
        get { Float(animationState.timing.speed) }
        set { setTiming(\.speed, newValue.isFinite ? Double(newValue) : 1) }
    }

    public var timeOffset: CFTimeInterval {
        get { animationState.timing.timeOffset }
        set { setTiming(\.timeOffset, finite(newValue)) }
    }

    public var repeatCount: Float {
        get { Float(animationState.timing.repeatCount) }
        set { animationState.timing.repeatCount = Double(newValue) }
    }

    public var repeatDuration: CFTimeInterval {
        get { animationState.timing.repeatDuration }
        set { animationState.timing.repeatDuration = newValue }
    }

    public var autoreverses: Bool {
        get { animationState.timing.autoreverses }
        set { animationState.timing.autoreverses = newValue }
    }

    public var fillMode: CAMediaTimingFillMode {
        get { animationState.timing.fillMode }
        set { animationState.timing.fillMode = newValue }
    }

    /// Converts `t` from the time of `l` (nil: media time, `CACurrentMediaTime()`, which is the
    /// root layer's time unless the root's own timing changes it) to this layer's time. The
    /// time goes up from `l` to the nearest layer above both and down from there, through only
    /// the layers between the two: with `l` the superlayer, `(t − beginTime) × speed +
    /// timeOffset` exactly, as Apple computes it.
    public func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        guard let l else { return localTime(fromMedia: t) }
        return CALayer.convert(t, from: l, to: self)
    }

    /// Converts `t` from this layer's time to the time of `l` (nil: media time), through only the
    /// layers between the two (see `convertTime(_:from:)`).
    public func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        guard let l else { return mediaTime(fromLocal: t) }
        return CALayer.convert(t, from: self, to: l)
    }

    /// `t` in `source`'s time mapped up to the nearest layer above both (or to media time for
    /// layers of different trees), then down to `destination`'s time.
    private static func convert(_ t: CFTimeInterval, from source: CALayer, to destination: CALayer) -> CFTimeInterval {
        var destinationChain = Set<ObjectIdentifier>()
        var layer: CALayer? = destination
        while let current = layer {
            destinationChain.insert(ObjectIdentifier(current))
            layer = current.timeParent
        }
        var time = t
        layer = source
        while let current = layer, !destinationChain.contains(ObjectIdentifier(current)) {
            time = current.parentTime(fromLocal: time)
            layer = current.timeParent
        }
        let ancestor = layer
        var down: [CALayer] = []
        layer = destination
        while let current = layer, current !== ancestor {
            down.append(current)
            layer = current.timeParent
        }
        for current in down.reversed() { time = current.localTime(fromParent: time) }
        return time
    }

    /// The layer whose time this layer's is derived from: the superlayer, or for a mask the
    /// layer it masks.
    private var timeParent: CALayer? { superlayer ?? maskOwner }

    /// The parent's time `time` mapped to this layer's time.
    private func localTime(fromParent time: CFTimeInterval) -> CFTimeInterval {
        guard !timingIsIdentity else { return time }
        let timing = animationState.timing
        return (time - timing.beginTime) * timing.speed + timing.timeOffset
    }

    /// This layer's time `time` mapped to its parent's (a layer whose speed is 0 maps every time
    /// to its begin time).
    private func parentTime(fromLocal time: CFTimeInterval) -> CFTimeInterval {
        guard !timingIsIdentity else { return time }
        let timing = animationState.timing
        return timing.speed == 0 ? timing.beginTime : (time - timing.timeOffset) / timing.speed + timing.beginTime
    }

    private func setTiming(_ path: WritableKeyPath<MediaTiming, Double>, _ value: Double) {
        guard animationState.timing[keyPath: path] != value else { return }
        animationState.timing[keyPath: path] = value
        markNeedsRender()
    }

    private var timingIsIdentity: Bool {
        let t = animationState.timing
        return t.beginTime == 0 && t.speed == 1 && t.timeOffset == 0
    }

    /// Media time mapped down the ancestors to this layer's time.
    func localTime(fromMedia time: CFTimeInterval) -> CFTimeInterval {
        var chain: [CALayer] = []
        var layer: CALayer? = self
        while let current = layer {
            if !current.timingIsIdentity { chain.append(current) }
            layer = current.timeParent
        }
        var t = time
        for layer in chain.reversed() { t = layer.localTime(fromParent: t) }
        return t
    }

    /// This layer's time `time` mapped up the ancestors to media time.
    func mediaTime(fromLocal time: CFTimeInterval) -> CFTimeInterval {
        var t = time
        var layer: CALayer? = self
        while let current = layer {
            t = current.parentTime(fromLocal: t)
            layer = current.timeParent
        }
        return t
    }

    /// How fast this layer's time runs relative to media time (the product of the speeds above).
    var timeScale: Double {
        var scale = 1.0
        var layer: CALayer? = self
        while let current = layer {
            scale *= current.animationState.timing.speed
            layer = current.superlayer
        }
        return scale
    }
}
