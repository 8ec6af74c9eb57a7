import Foundation
import Geometry
import Graphics

/// The value of a specialized layer's animatable property (`strokeEnd`, `colors`,
/// `locations`…) as its animations interpolate it: one value, or a list of them (nil for a nil
/// list).
///
/// These properties are not `CALayer` key paths, so the engine runs their animations' timing
/// (begin, duration, repeats, fill mode, timing function) but applies no value: the layer
/// applies the values itself when it makes its render node or its presentation copy
/// (`specializedValue(_:forKey:kind:at:)`).
enum SpecializedValue {
    case single(AnimatableValue)
    case list([AnimatableValue]?)

    /// What a property holds: one value of a kind, or a list of values of a kind.
    enum Kind {
        case single(ValueKind)
        case list(ValueKind)
    }

    /// `value` (an animation's `fromValue`, a keyframe…) as a value of `kind`; nil when it is
    /// not one. Lists take `[Any]` (`[NSNumber]`, `[CGColor]`), every element of the kind.
    init?(_ value: Any?, kind: Kind) {
        switch kind {
        case let .single(k):
            guard let v = AnimatableValue(value, as: k) else { return nil }
            self = .single(v)
        case let .list(k):
            guard let value = unwrapped(value) else { self = .list(nil); return }
            guard let items = value as? [Any] else { return nil }
            var values: [AnimatableValue] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let v = AnimatableValue(item, as: k) else { return nil }
                values.append(v)
            }
            self = .list(values)
        }
    }

    /// The value a `fraction` of the way to `other`: lists of the same length element by
    /// element (Apple interpolates `colors` and `locations` so), others switching halfway.
    func interpolated(to other: SpecializedValue, fraction t: Double) -> SpecializedValue {
        switch (self, other) {
        case let (.single(a), .single(b)): return .single(a.interpolated(to: b, fraction: t))
        case let (.list(a?), .list(b?)) where a.count == b.count:
            return .list(zip(a, b).map { $0.interpolated(to: $1, fraction: t) })
        default: return t < 0.5 ? self : other
        }
    }

    /// `self` with `offset` added (a `byValue`, an additive animation); lists element by
    /// element when their lengths match, else `self`.
    func adding(_ offset: SpecializedValue) -> SpecializedValue {
        switch (self, offset) {
        case let (.single(a), .single(b)): return .single(a.adding(b))
        case let (.list(a?), .list(b?)) where a.count == b.count: return .list(zip(a, b).map { $0.adding($1) })
        default: return self
        }
    }

    var scalar: Double? { if case let .single(.scalar(v)) = self { v } else { nil } }
    var point: CGPoint? { if case let .single(.point(p)) = self { p } else { nil } }
    var color: CGColor? {
        if case let .single(.color(c)) = self { return c.map { CGColor(red: $0.x, green: $0.y, blue: $0.z, alpha: $0.w) } }
        return nil
    }
    var path: CGPath? { if case let .single(.path(p)) = self { p } else { nil } }
    var colors: [CGColor]? {
        guard case let .list(items?) = self else { return nil }
        return items.map { item in
            if case let .color(c?) = item { return CGColor(red: c.x, green: c.y, blue: c.z, alpha: c.w) }
            return CGColor(red: 0, green: 0, blue: 0, alpha: 0)
        }
    }
    var numbers: [Double]? {
        guard case let .list(items?) = self else { return nil }
        return items.map { if case let .scalar(v) = $0 { v } else { 0 } }
    }
}

extension CALayer {
    /// `model` with this layer's animations of `key` applied at media time `mediaTime`, in the
    /// order they were added: basic animations (from/to/by, additive), keyframe animations
    /// (`values`, `keyTimes`, linear or discrete, per-segment timing functions) and groups.
    /// Springs run on their duration with linear pacing.
    func specializedValue(_ model: SpecializedValue, forKey key: String, kind: SpecializedValue.Kind,
                          at mediaTime: CFTimeInterval) -> SpecializedValue {
        guard animationState.hasAppliedAnimations else { return model }
        let time = convertTime(mediaTime, from: nil)
        var value = model
        for record in animationState.records where record.state == .running || record.state == .finished {
            guard let program = record.program else { continue }
            Self.apply(record.animation, program, at: time, key: key, kind: kind, model: model, to: &value)
        }
        return value
    }

    /// The media time a render node shows (the engine's frame time), or a presentation copy's
    /// (the clock's now).
    func specializedTime(forRender: Bool) -> CFTimeInterval {
        let engine = animationState.engine ?? AnimationEngine.current
        return forRender ? engine.frameTime : engine.clock.now
    }

    /// `animation`'s keyframe program for `key` of `kind`, kept on its compiled animation.
    private static func keyframeProgram(_ animation: CAKeyframeAnimation, _ compiled: CompiledAnimation, kind: ValueKind,
                                        key: String) -> KeyframeResult {
        if let kept = compiled.specializedKeyframes, kept.kind == kind { return kept.result }
        let result = KeyframeProgram.make(animation, kind: kind, keyPath: key)
        compiled.specializedKeyframes = (kind, result)
        return result
    }

    private static func apply(_ animation: CAAnimation, _ program: CompiledAnimation, at time: CFTimeInterval,
                              key: String, kind: SpecializedValue.Kind, model: SpecializedValue,
                              to value: inout SpecializedValue) {
        guard let local = program.timing.local(at: time) else { return }
        let eased = program.timingFunction?.output(at: local.fraction) ?? local.fraction
        if let group = animation as? CAAnimationGroup {
            guard case let .group(children) = program.body else { return }
            let childTime = program.timing.duration.isFinite ? eased * program.timing.duration : local.time
            for (child, compiled) in zip(group.animations ?? [], children) {
                apply(child, compiled, at: childTime, key: key, kind: kind, model: model, to: &value)
            }
            return
        }
        guard let property = animation as? CAPropertyAnimation, property.keyPath == key else { return }
        let result: SpecializedValue?
        switch property {
        case let keyframes as CAKeyframeAnimation:
            if case let .single(k) = kind, case let .success(program) = keyframeProgram(keyframes, program, kind: k, key: key) {
                // One value: the whole of CALayer's keyframe evaluation (paths, paced and cubic modes).
                result = .single(program.value(at: eased).value)
            } else {
                result = keyframeValue(keyframes, fraction: eased, kind: kind)
            }
        case let basic as CABasicAnimation:
            let hasFrom = unwrapped(basic.fromValue) != nil, hasTo = unwrapped(basic.toValue) != nil
            let hasBy = unwrapped(basic.byValue) != nil
            let from = hasFrom ? SpecializedValue(basic.fromValue, kind: kind) : nil
            let to = hasTo ? SpecializedValue(basic.toValue, kind: kind) : nil
            let by = hasBy ? SpecializedValue(basic.byValue, kind: kind) : nil
            let start = hasFrom ? from : value
            var end: SpecializedValue?
            if hasTo { end = to } else if let by, let start { end = start.adding(by) } else { end = model }
            if let start, let end { result = start.interpolated(to: end, fraction: eased) } else { result = nil }
        default:
            result = nil
        }
        guard let result else { return }
        value = property.isAdditive ? value.adding(result) : result
    }

    private static func keyframeValue(_ animation: CAKeyframeAnimation, fraction: Double,
                                      kind: SpecializedValue.Kind) -> SpecializedValue? {
        let values = (animation.values ?? []).compactMap { SpecializedValue($0, kind: kind) }
        guard !values.isEmpty, values.count == animation.values?.count else { return nil }
        guard values.count > 1 else { return values[0] }
        var times = (animation.keyTimes ?? []).map { $0.doubleValue }
        if times.count != values.count || times.contains(where: { !$0.isFinite }) {
            times = values.indices.map { Double($0) / Double(values.count - 1) }
        }
        let t = min(1, max(0, fraction.isFinite ? fraction : 0))
        var i = 0
        while i + 2 < times.count && t >= times[i + 1] { i += 1 }
        if animation.calculationMode == .discrete { return t >= times[i + 1] ? values[i + 1] : values[i] }
        let span = times[i + 1] - times[i]
        var s = span > 0 ? min(1, max(0, (t - times[i]) / span)) : 1
        if let functions = animation.timingFunctions, i < functions.count { s = functions[i].output(at: s) }
        return values[i].interpolated(to: values[i + 1], fraction: s)
    }

    /// Runs the action for a specialized property `key` whose value changed from `previous`
    /// (the value shown before), as `CALayer.runAction(forEvent:)` does, except that a basic
    /// animation of the key without values (an implicit action) animates from `previous` to
    /// the new model value, as Core Animation's implicit animations do. An action from
    /// `actions` is copied, not changed.
    func runSpecializedAction(forKey key: String, previous: SpecializedValue) {
        guard !animationState.isPresentationCopy else { return }
        let engine = AnimationEngine.current
        guard !engine.isSuppressingChanges, !engine.actionsDisabled, var action = action(forKey: key) else { return }
        if let basic = action as? CABasicAnimation, basic.keyPath == key, basic.fromValue == nil,
           basic.toValue == nil, basic.byValue == nil, let copy = basic.copy() as? CABasicAnimation {
            copy.fromValue = previous.anyValue
            action = copy
        }
        action.run(forKey: key, object: self, arguments: nil)
    }

    /// The implicit animation of a specialized property: a `CABasicAnimation` of `key` with
    /// the transaction's duration and timing function (`.default` without one), as
    /// `CALayer`'s own properties get.
    static func specializedImplicitAction(forKey key: String) -> CABasicAnimation {
        let engine = AnimationEngine.current
        let animation = CABasicAnimation(keyPath: key)
        animation.duration = engine.transactionDuration
        animation.timingFunction = engine.transactionTimingFunction ?? CAMediaTimingFunction(name: .default)
        return animation
    }

    /// Stores a specialized property and records the change as `CALayer`'s setters do: opens
    /// the implicit transaction, marks the layer for a new render, runs the key's action
    /// (animating from what was shown when `kind` is given) and redraws when the class says
    /// `needsDisplay(forKey:)`.
    func changeSpecialized(_ key: String, animatable kind: SpecializedValue.Kind?,
                           shown: () -> SpecializedValue?, change: () -> Void) {
        let previous = kind == nil || animationState.isPresentationCopy ? nil : shown()
        prepareForChange()
        change()
        markNeedsRender()
        if let previous {
            runSpecializedAction(forKey: key, previous: previous)
        } else {
            runAction(forEvent: key)
        }
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
    }
}

extension SpecializedValue {
    /// The value as Apple's API hands it out (`CGFloat`, `CGPoint`, `CGColor?`, `[CGColor]`,
    /// `[NSNumber]`).
    var anyValue: Any? {
        switch self {
        case let .single(v): return v.anyValue
        case let .list(items?):
            return items.map { item -> Any in
                switch item {
                case let .scalar(v): return NSNumber(value: v)
                default: return item.anyValue as Any
                }
            }
        case .list(nil): return nil
        }
    }
}

extension LayerKeyPath {
    /// The animatable keys of the specialized layers (`CAShapeLayer`, `CAGradientLayer`,
    /// `CATextLayer`, `CAReplicatorLayer`, `CAEmitterLayer`; `CAEmitterLayer`'s
    /// `emitterCells.<name>.<key>` paths too), which those layers animate themselves: the engine times their
    /// animations without complaining that they are not `CALayer` key paths.
    static let specializedKeys: Set<String> = [
        "path", "fillColor", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "miterLimit", "lineDashPhase",
        "colors", "locations", "startPoint", "endPoint", "fontSize", "foregroundColor",
        "instanceDelay", "instanceTransform", "instanceColor", "instanceRedOffset", "instanceGreenOffset",
        "instanceBlueOffset", "instanceAlphaOffset",
        "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth", "birthRate", "lifetime", "velocity",
        "scale", "spin",
        // Views' `KinescopeTransitionAnimator` frame layer.
        "transitionProgress",
    ]
}

/// A layer class with key-value-coded properties of its own (the specialized layers), which
/// `value(forKeyPath:)` and `setValue(_:forKeyPath:)` reach before `CALayer`'s keys.
protocol SpecializedKeyValueCoding: CALayer {
    /// The value of `key` (`.some(nil)` for a nil property), or nil when `key` is not one of the
    /// class's own.
    func specializedKVCValue(forKey key: String) -> Any??
    /// Sets `key` through its setter; false when `key` is not one of the class's own or `value`
    /// has the wrong type.
    func setSpecializedKVCValue(_ value: Any?, forKey key: String) -> Bool
}

/// A layer (of another module: `CATextLayer` in Views) whose contents show animated values:
/// while `redisplaysForAnimations`, the render tree redraws its contents (`display()`) on every
/// frame, as Core Animation redraws a layer whose animated key `needsDisplay(forKey:)`.
package protocol AnimatedContentsSource: CALayer {
    var redisplaysForAnimations: Bool { get }
}

extension CALayer {
    /// For specialized layers of other modules: `model` with the layer's animations of the
    /// scalar property `key` applied, at the frame time (`forRender`) or the clock's time.
    package func animatedScalar(_ model: Double, forKey key: String, forRender: Bool) -> Double {
        specializedValue(.single(.scalar(model)), forKey: key, kind: .single(.scalar),
                         at: specializedTime(forRender: forRender)).scalar ?? model
    }

    /// `animatedScalar(_:forKey:forRender:)` for a colour property.
    package func animatedColor(_ model: CGColor?, forKey key: String, forRender: Bool) -> CGColor? {
        let value = specializedValue(.single(.color(model.map(components))), forKey: key, kind: .single(.color),
                                     at: specializedTime(forRender: forRender))
        guard case let .single(.color(c)) = value else { return model }
        return c.map { CGColor(red: $0.x, green: $0.y, blue: $0.z, alpha: $0.w) }
    }

    /// Whether an animation of one of `keys` applies to the layer now.
    package func hasAnimation(ofKeys keys: Set<String>) -> Bool {
        func animates(_ animation: CAAnimation) -> Bool {
            if let group = animation as? CAAnimationGroup { return (group.animations ?? []).contains(where: animates) }
            return (animation as? CAPropertyAnimation)?.keyPath.map(keys.contains) ?? false
        }
        return animationState.records.contains { ($0.state == .running || $0.state == .finished) && animates($0.animation) }
    }

    /// On a presentation copy, the model layer it was made from; nil on a model layer.
    package var presentationModel: CALayer? { animationState.model }

    /// Records a change of the scalar or colour property `key` (`shown`: the value shown before
    /// it, to animate from; nil for a property that is not animatable), as the specialized
    /// layers' setters do.
    package func changeProperty(_ key: String, shownScalar: Double? = nil, shownColor: CGColor?? = nil,
                                change: () -> Void) {
        let kind: SpecializedValue.Kind? = shownScalar != nil ? .single(.scalar) : shownColor != nil ? .single(.color) : nil
        changeSpecialized(key, animatable: kind, shown: {
            if let shownScalar { return .single(.scalar(shownScalar)) }
            if let shownColor { return .single(.color(shownColor.map(components))) }
            return nil
        }, change: change)
    }

    /// The implicit animation of a specialized property `key` (see
    /// `specializedImplicitAction(forKey:)`).
    package static func implicitAnimation(forSpecializedKey key: String) -> CAAction {
        specializedImplicitAction(forKey: key)
    }
}
