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

    /// Converts `t` from the time of `l` (nil: media time, `CACurrentMediaTime()`) to this
    /// layer's time.
    public func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        localTime(fromMedia: l.map { $0.mediaTime(fromLocal: t) } ?? t)
    }

    /// Converts `t` from this layer's time to the time of `l` (nil: media time).
    public func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        let media = mediaTime(fromLocal: t)
        return l.map { $0.localTime(fromMedia: media) } ?? media
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
            layer = current.superlayer
        }
        var t = time
        for layer in chain.reversed() {
            let timing = layer.animationState.timing
            t = (t - timing.beginTime) * timing.speed + timing.timeOffset
        }
        return t
    }

    /// This layer's time `time` mapped up the ancestors to media time (a layer whose speed is 0
    /// maps every time to its begin time).
    func mediaTime(fromLocal time: CFTimeInterval) -> CFTimeInterval {
        var t = time
        var layer: CALayer? = self
        while let current = layer {
            let timing = current.animationState.timing
            if !current.timingIsIdentity {
                t = timing.speed == 0 ? timing.beginTime : (t - timing.timeOffset) / timing.speed + timing.beginTime
            }
            layer = current.superlayer
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
