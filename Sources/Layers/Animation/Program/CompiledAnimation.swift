import Foundation
import Geometry
import Raster

/// An animation as it runs: made from the layer's copy of a `CAAnimation` when its transaction
/// commits (Apple's `Any?` values converted and checked once), then applied frame after frame
/// to the layer's presentation values.
final class CompiledAnimation {
    /// Timing with the begin time resolved (in the parent's time: the layer's, or the group's).
    let timing: MediaTiming
    let timingFunction: CAMediaTimingFunction?
    let body: Body
    /// For a keyframe animation of a specialized layer's single-value key (which `body` does not
    /// hold, the key not being `CALayer`'s), its program for that key's kind, compiled on first
    /// use and kept for the animation's life (paced modes measure the path once, not per frame).
    var specializedKeyframes: (kind: ValueKind, result: KeyframeResult)?

    enum Body {
        /// No effect (a bare `CAAnimation`, or one whose key path or values are unusable).
        case none
        case property(PropertyProgram)
        case group([CompiledAnimation])
        case transition(TransitionProgram)
    }

    init(timing: MediaTiming, timingFunction: CAMediaTimingFunction?, body: Body) {
        self.timing = timing
        self.timingFunction = timingFunction
        self.body = body
    }

    /// Applies the animation's state at `parentTime` to `values` (nothing outside its active
    /// period unless its fill mode says so).
    func apply(at parentTime: CFTimeInterval, to values: inout PresentationValues) {
        guard let local = timing.local(at: parentTime) else { return }
        let eased = timingFunction?.output(at: local.fraction) ?? local.fraction
        switch body {
        case .none:
            break
        case let .property(program):
            program.apply(eased: eased, local: local, to: &values)
        case let .group(children):
            let childTime = timing.duration.isFinite ? eased * timing.duration : local.time
            for child in children { child.apply(at: childTime, to: &values) }
        case let .transition(program):
            let progress = program.start + (program.end - program.start) * eased
            values.transition = TransitionFrame(from: program.from, transition: program.transition,
                                                progress: min(1, max(0, progress)), buffers: program.buffers)
        }
    }

    /// Compiles `animation`. `begin` is the parent time of a `beginTime` of 0; `previous` the
    /// layer's values before its transaction (for a basic animation with no values).
    static func compile(_ animation: CAAnimation, begin: CFTimeInterval, previous: PresentationValues?,
                        snapshot: Bitmap?, diagnose: (String) -> Void) -> CompiledAnimation {
        var timing = MediaTiming(animation)
        timing.beginTime = animation.beginTime == 0 ? begin : animation.beginTime
        var function = animation.timingFunction
        let body: Body
        switch animation {
        case let transition as any LayerTransitionAnimation:
            let start = Double(transition.startProgress.isFinite ? transition.startProgress : 0)
            let end = Double(transition.endProgress.isFinite ? transition.endProgress : 1)
            body = .transition(TransitionProgram(transition: transition.makeFrameTransition(), from: snapshot,
                                                 start: min(1, max(0, start)), end: min(1, max(0, end))))
        case let group as CAAnimationGroup:
            let children = (group.animations ?? []).map {
                compile($0, begin: 0, previous: previous, snapshot: snapshot, diagnose: diagnose)
            }
            body = .group(children)
        case let property as CAPropertyAnimation:
            let program = PropertyProgram.make(property, previous: previous, diagnose: diagnose)
            if let keyframes = property as? CAKeyframeAnimation,
               keyframes.calculationMode == .paced || keyframes.calculationMode == .cubicPaced {
                function = nil
            }
            if property is CASpringAnimation { function = nil }
            body = program.map(Body.property) ?? .none
        default:
            body = .none
        }
        return CompiledAnimation(timing: timing, timingFunction: function, body: body)
    }
}

/// A transition in progress: the layer's appearance before (nil: it had none, transparent),
/// the transition that draws it, and the progress range.
struct TransitionProgram {
    let transition: any FrameTransition
    let from: Bitmap?
    let start: Double
    let end: Double
    /// What the compositor keeps between the animation's frames: `from`'s mip chain (levels,
    /// transposed copy), built once since `from` never changes, and the frames' bitmaps.
    let buffers = TransitionBuffers()
}

/// What a transition draws for one frame of a layer.
struct TransitionFrame {
    let from: Bitmap?
    let transition: any FrameTransition
    let progress: Double
    let buffers: TransitionBuffers
}

/// A property animation resolved for one key path.
struct PropertyProgram {
    let path: LayerKeyPath
    let additive: Bool
    let cumulative: Bool
    let valueFunction: CAValueFunction?
    let curve: Curve
    let spring: SpringSolver?

    /// A start or end value, fixed or taken from the property's current value at each frame.
    enum End {
        case fixed(AnimatableValue)
        case underlying
        case underlyingPlus(AnimatableValue)
    }

    enum Curve {
        case basic(from: End, to: End)
        case keyframes(KeyframeProgram)
    }

    func apply(eased: Double, local: LocalTime, to values: inout PresentationValues) {
        let underlying = path.get(values)
        let zero = valueFunction?.identityInput ?? .zero(path.kind)
        let base = additive || valueFunction != nil ? zero : underlying
        var value: AnimatableValue
        var angle: Double?
        switch curve {
        case let .basic(fromEnd, toEnd):
            let from = resolve(fromEnd, base), to = resolve(toEnd, base)
            let progress = spring.map { $0.progress(at: local.time) } ?? eased
            value = from.interpolated(to: to, fraction: progress)
            if cumulative && local.iteration > 0 {
                value = value.adding(to.subtracting(from).scaled(by: local.iteration))
            }
        case let .keyframes(program):
            (value, angle) = program.value(at: eased)
            if cumulative && local.iteration > 0 {
                value = value.adding(program.last.subtracting(program.first).scaled(by: local.iteration))
            }
        }
        if let valueFunction { value = .transform(valueFunction.transform(value)) }
        if additive { value = underlying.adding(value) }
        path.set(value, in: &values)
        if let angle, let mode = (curve.keyframes?.rotation) {
            let turn = mode == .rotateAutoReverse ? angle + .pi : angle
            values.properties.transform = CATransform3DConcat(CATransform3DMakeRotation(CGFloat(turn), 0, 0, 1),
                                                              values.properties.transform)
        }
    }

    private func resolve(_ end: End, _ base: AnimatableValue) -> AnimatableValue {
        switch end {
        case let .fixed(value): value
        case .underlying: base
        case let .underlyingPlus(offset): base.adding(offset)
        }
    }

    /// Resolves a property animation, or reports (through `diagnose`) why it has no effect.
    static func make(_ animation: CAPropertyAnimation, previous: PresentationValues?,
                     diagnose: (String) -> Void) -> PropertyProgram? {
        let name = animation.keyPath ?? "nil"
        guard let keyPath = animation.keyPath, let path = LayerKeyPath(keyPath) else {
            // Applied by the layer itself.
            if LayerKeyPath.specializedKeys.contains(name) || name.hasPrefix("emitterCells.") { return nil }
            diagnose("\(type(of: animation)) key path '\(name)' is not an animatable CALayer property; the animation has no effect")
            return nil
        }
        var function = animation.valueFunction
        if function != nil && path.kind != .transform {
            diagnose("valueFunction ignored on '\(keyPath)': it applies to transform key paths")
            function = nil
        }
        let kind = function?.inputKind ?? path.kind
        let curve: Curve
        var spring: SpringSolver?
        switch animation {
        case let keyframes as CAKeyframeAnimation:
            switch KeyframeProgram.make(keyframes, kind: kind, keyPath: keyPath) {
            case let .success(program): curve = .keyframes(program)
            case let .failure(error):
                diagnose(error.message(keyPath: keyPath))
                return nil
            }
        case let basic as CABasicAnimation:
            func convert(_ value: Any?, _ label: String) -> (ok: Bool, value: AnimatableValue?) {
                guard let value = unwrapped(value) else { return (true, nil) }
                guard let typed = AnimatableValue(value, as: kind) else {
                    diagnose("\(type(of: basic)) \(label) for '\(keyPath)' (\(type(of: value))) is not a \(kind.rawValue); the animation has no effect")
                    return (false, nil)
                }
                return (true, typed)
            }
            let from = convert(basic.fromValue, "fromValue"), to = convert(basic.toValue, "toValue")
            let by = convert(basic.byValue, "byValue")
            guard from.ok, to.ok, by.ok else { return nil }
            let ends: (End, End)
            switch (from.value, to.value, by.value) {
            case let (f?, t?, _): ends = (.fixed(f), .fixed(t))
            case let (f?, nil, b?): ends = (.fixed(f), .fixed(f.adding(b)))
            case let (nil, t?, b?): ends = (.fixed(t.subtracting(b)), .fixed(t))
            case let (f?, nil, nil): ends = (.fixed(f), .underlying)
            case let (nil, t?, nil): ends = (.underlying, .fixed(t))
            case let (nil, nil, b?): ends = (.underlying, .underlyingPlus(b))
            case (nil, nil, nil):
                if let previous, function == nil, !animation.isAdditive {
                    ends = (.fixed(path.get(previous)), .underlying)
                } else {
                    ends = (.underlying, .underlying)
                }
            }
            curve = .basic(from: ends.0, to: ends.1)
            if let springAnimation = basic as? CASpringAnimation { spring = springAnimation.solver }
        default:
            return nil
        }
        return PropertyProgram(path: path, additive: animation.isAdditive, cumulative: animation.isCumulative,
                               valueFunction: function, curve: curve, spring: spring)
    }
}

extension PropertyProgram.Curve {
    var keyframes: KeyframeProgram? {
        if case let .keyframes(program) = self { return program }
        return nil
    }
}
