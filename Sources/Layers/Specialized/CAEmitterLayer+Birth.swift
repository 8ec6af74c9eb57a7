import Foundation
import Geometry
import Graphics

/// How the layer's and its cells' values reach the particles: birth epochs opened and closed
/// by changes and by animation frames, the animatable keys, and key-value coding.
extension CAEmitterLayer {
    /// The animatable layer keys (Apple's header) and what they hold.
    static let birthKeys: [String: SpecializedValue.Kind] = [
        "birthRate": .single(.scalar), "lifetime": .single(.scalar), "emitterPosition": .single(.point),
        "emitterZPosition": .single(.scalar), "emitterSize": .single(.size), "emitterDepth": .single(.scalar),
        "velocity": .single(.scalar), "scale": .single(.scalar), "spin": .single(.scalar),
    ]
    static let birthKeySet = Set(birthKeys.keys)

    /// What the getters read: the model's values, or on a presentation copy the values shown.
    var shownBirth: BirthParameters {
        guard let model = animationState.model as? CAEmitterLayer else { return birth }
        return model.presentedBirth(at: model.specializedTime(forRender: false))
    }

    /// The model's values with the animations of the layer's keys applied at media time `time`.
    func presentedBirth(at time: CFTimeInterval) -> BirthParameters {
        guard animationState.hasAppliedAnimations else { return birth }
        var b = birth
        func scalar(_ key: String, _ model: Double) -> Double {
            specializedValue(.single(.scalar(model)), forKey: key, kind: .single(.scalar), at: time).scalar ?? model
        }
        b.birthRate = Float(scalar("birthRate", Double(b.birthRate)))
        b.lifetime = Float(scalar("lifetime", Double(b.lifetime)))
        b.velocity = Float(scalar("velocity", Double(b.velocity)))
        b.scale = Float(scalar("scale", Double(b.scale)))
        b.spin = Float(scalar("spin", Double(b.spin)))
        b.zPosition = CGFloat(scalar("emitterZPosition", Double(b.zPosition)))
        b.depth = CGFloat(scalar("emitterDepth", Double(b.depth)))
        if case let .single(.point(p)) = specializedValue(.single(.point(b.position)), forKey: "emitterPosition",
                                                         kind: .single(.point), at: time) { b.position = p }
        if case let .single(.size(s)) = specializedValue(.single(.size(b.size)), forKey: "emitterSize",
                                                        kind: .single(.size), at: time) { b.size = s }
        return b
    }

    private static func wrap(_ b: BirthParameters, key: String) -> SpecializedValue? {
        switch key {
        case "birthRate": .single(.scalar(Double(b.birthRate)))
        case "lifetime": .single(.scalar(Double(b.lifetime)))
        case "velocity": .single(.scalar(Double(b.velocity)))
        case "scale": .single(.scalar(Double(b.scale)))
        case "spin": .single(.scalar(Double(b.spin)))
        case "emitterZPosition": .single(.scalar(Double(b.zPosition)))
        case "emitterDepth": .single(.scalar(Double(b.depth)))
        case "emitterPosition": .single(.point(b.position))
        case "emitterSize": .single(.size(b.size))
        default: nil
        }
    }

    /// Changes one of the layer's values through its setter: the particles already born keep
    /// the old value (the open epoch closes at this instant), the key's action runs (an
    /// implicit animation for the animatable keys), and the new value reaches the particles
    /// born from now on, or, when an animation was just added to carry the change, the values
    /// it shows from the next frame.
    func setBirth<Value: Equatable>(_ field: WritableKeyPath<BirthParameters, Value>, _ value: Value, key: String) {
        var changed = birth
        changed[keyPath: field] = value
        guard changed != birth else { return }
        guard !animationState.isPresentationCopy else {
            birth = changed
            openBirth = changed
            return
        }
        closeBirthEpoch()
        let kind = Self.birthKeys[key]
        changeSpecialized(key, animatable: kind, shown: {
            Self.wrap(presentedBirth(at: specializedTime(forRender: false)), key: key)
        }) { birth = changed }
        let carried = kind != nil && animationState.records.contains {
            $0.state == .pending && ($0.animation as? CAPropertyAnimation)?.keyPath == key
        }
        if carried {
            openAnimated = true
        } else {
            openBirth = presentedBirth(at: AnimationEngine.current.frameTime)
        }
    }

    /// Before a change made through the layer: brings the open epoch up to this instant and
    /// closes it, so the particles born until now keep the values they were born with.
    func closeBirthEpoch() {
        guard !animationState.isPresentationCopy else { return }
        sampleBirths()
        closeEpoch(endingWith: openBirth)
    }

    /// Brings the open epoch up to the current frame: when the values a particle born now
    /// would take (the model's with the animations applied, and the cells' as they are or as
    /// their `emitterCells.<name>.<key>` animations show them) differ from the open epoch's,
    /// the epoch closes now and a new one opens with them. While an animation of the layer's
    /// values runs, the closed epoch runs from the values at its start to those now.
    /// Called before each simulation; a delayed replicator instance (time shifted) records
    /// nothing.
    func sampleBirths() {
        guard RenderTimeShift.seconds == 0, !animationState.isPresentationCopy else { return }
        let media = AnimationEngine.current.frameTime
        let animated = animationState.hasAppliedAnimations
        let animatesBirth = animated && hasAnimation(ofKeys: Self.birthKeySet)
        let animatesCells = animated && hasCellAnimation
        let presented = animatesBirth ? presentedBirth(at: media) : birth
        let cellsNow = animatesCells || !EmitterCellValues.describe(openCells, emitterCells)
            ? cellValues(at: media, animated: animatesCells) : openCells
        defer {
            openAnimated = animatesBirth
            if animationState.hasBeenPresented, let now = emitterTime(atMedia: media) { lastSampleTime = now }
        }
        guard presented != openBirth || cellsNow != openCells else { return }
        closeEpoch(endingWith: animatesBirth && openAnimated ? presented : openBirth)
        openBirth = presented
        openCells = cellsNow
    }

    /// Closes the open epoch now, its continuous values ending at `end`; a new one opens with
    /// the open values. Nothing happens before the layer has been shown or the emitter has
    /// started (a change then applies from the start), or twice at one instant. An epoch in
    /// which nothing could be born is not kept.
    private func closeEpoch(endingWith end: BirthParameters) {
        guard animationState.hasBeenPresented, let now = emitterTime(atMedia: AnimationEngine.current.frameTime),
              now > birthStart else { return }
        if end != openBirth, lastSampleTime > birthStart, lastSampleTime < now {
            // The values held still until the last frame and have moved since.
            keep(EmitterSimulation.Epoch(openBirth, openBirth, cells: openCells, from: birthStart, before: lastSampleTime,
                                         salt: openSalt))
            keep(EmitterSimulation.Epoch(openBirth, end, cells: openCells, from: lastSampleTime, before: now,
                                         salt: salt(at: lastSampleTime)))
        } else {
            keep(EmitterSimulation.Epoch(openBirth, end, cells: openCells, from: birthStart, before: now, salt: openSalt))
        }
        birthStart = now
        birthHistory.removeAll { $0.bornBefore + $0.lifetimeHorizon < now }
        if birthHistory.count > Self.maximumBirthEpochs { birthHistory.removeFirst(birthHistory.count - Self.maximumBirthEpochs) }
        openSalt = salt(at: now)
    }

    /// Keeps `epoch` unless nothing could be born in it.
    private func keep(_ epoch: EmitterSimulation.Epoch) {
        if epoch.emits && epoch.cells.contains(where: \.emits) { birthHistory.append(epoch) }
    }

    /// The salt of an epoch opened at emitter time `time`: mixed into its random stream once
    /// earlier particles may share its birth indices, and fixed when it opens, so dropping
    /// older epochs later changes no particle.
    private func salt(at time: Double) -> UInt64 {
        birthHistory.isEmpty ? 0
            : (UInt64(openBirth.birthRate.bitPattern) &* 0xD6E8_FEB8_6659_FD93 ^ time.bitPattern &* 0x9E37_79B9_7F4A_7C15) | 1
    }

    /// Whether an animation of a cell's key (`emitterCells.<name>.<key>`) applies now.
    private var hasCellAnimation: Bool {
        func animates(_ animation: CAAnimation) -> Bool {
            if let group = animation as? CAAnimationGroup { return (group.animations ?? []).contains(where: animates) }
            return (animation as? CAPropertyAnimation)?.keyPath?.hasPrefix("emitterCells.") ?? false
        }
        return animationState.records.contains { ($0.state == .running || $0.state == .finished) && animates($0.animation) }
    }

    /// The cells' values at media time `media`, with their key-path animations applied when
    /// `animated`.
    private func cellValues(at media: CFTimeInterval, animated: Bool) -> [EmitterCellValues] {
        (emitterCells ?? []).map { cell in
            let lookup = animated ? cell.name.map { name in
                { (key: String, model: SpecializedValue) -> SpecializedValue? in
                    let last = key.split(separator: ".").last.map(String.init) ?? key
                    guard let kind = CAEmitterCell.animatableKeys[last] else { return nil }
                    return self.specializedValue(model, forKey: "emitterCells.\(name).\(key)", kind: kind, at: media)
                }
            } : nil
            return EmitterCellValues(cell, deep: true, animated: lookup)
        }
    }

    func specializedKVCValue(forKey key: String) -> Any?? {
        if key.hasPrefix("emitterCells.") {
            guard let (cell, rest) = CAEmitterCell.named(in: emitterCells, key) else { return .some(nil) }
            return .some(cell.value(forKeyPath: rest))
        }
        switch key {
        case "emitterCells": return .some(emitterCells)
        case "birthRate": return birthRate
        case "lifetime": return lifetime
        case "emitterPosition": return emitterPosition
        case "emitterZPosition": return emitterZPosition
        case "emitterSize": return emitterSize
        case "emitterDepth": return emitterDepth
        case "emitterShape": return emitterShape
        case "emitterMode": return emitterMode
        case "renderMode": return renderMode
        case "preservesDepth": return preservesDepth
        case "velocity": return velocity
        case "scale": return scale
        case "spin": return spin
        case "seed": return seed
        default: return nil
        }
    }

    func setSpecializedKVCValue(_ value: Any?, forKey key: String) -> Bool {
        if key.hasPrefix("emitterCells.") {
            guard let (cell, rest) = CAEmitterCell.named(in: emitterCells, key),
                  CAEmitterCell.resolve(rest, in: cell) != nil else {
                AnimationEngine.current.diagnose("CAEmitterLayer.setValue(_:forKeyPath: \"\(key)\"): no emitter cell on that path; ignored")
                return true
            }
            closeBirthEpoch()
            cell.setValue(value, forKeyPath: rest)
            openCells = cellValues(at: AnimationEngine.current.frameTime, animated: hasCellAnimation)
            markNeedsRender()
            return true
        }
        let number = scalarValue(value)
        switch key {
        case "emitterCells":
            guard value == nil || value is [CAEmitterCell] else { return false }
            emitterCells = value as? [CAEmitterCell]
        case "birthRate", "lifetime", "velocity", "scale", "spin", "emitterZPosition", "emitterDepth":
            guard let number else { return false }
            switch key {
            case "birthRate": birthRate = Float(number)
            case "lifetime": lifetime = Float(number)
            case "velocity": velocity = Float(number)
            case "scale": scale = Float(number)
            case "spin": spin = Float(number)
            case "emitterZPosition": emitterZPosition = CGFloat(number)
            default: emitterDepth = CGFloat(number)
            }
        case "emitterPosition":
            guard case let .single(.point(p))? = SpecializedValue(value, kind: .single(.point)) else { return false }
            emitterPosition = p
        case "emitterSize":
            guard case let .single(.size(s))? = SpecializedValue(value, kind: .single(.size)) else { return false }
            emitterSize = s
        case "emitterShape":
            guard let v = (value as? CAEmitterLayerEmitterShape) ?? (value as? String).map(CAEmitterLayerEmitterShape.init(rawValue:)) else { return false }
            emitterShape = v
        case "emitterMode":
            guard let v = (value as? CAEmitterLayerEmitterMode) ?? (value as? String).map(CAEmitterLayerEmitterMode.init(rawValue:)) else { return false }
            emitterMode = v
        case "renderMode":
            guard let v = (value as? CAEmitterLayerRenderMode) ?? (value as? String).map(CAEmitterLayerRenderMode.init(rawValue:)) else { return false }
            renderMode = v
        case "preservesDepth":
            guard let b = value as? Bool ?? (value as? NSNumber)?.boolValue else { return false }
            preservesDepth = b
        case "seed":
            guard let number, number.isFinite else { return false }
            seed = UInt32(truncatingIfNeeded: Int64(max(-1e18, min(1e18, number))))
        default: return false
        }
        return true
    }
}

extension EmitterCellValues {
    /// The values of `cells` and their sub-cells as they are.
    static func snapshot(_ cells: [CAEmitterCell]?) -> [EmitterCellValues] {
        (cells ?? []).map { EmitterCellValues($0, deep: true) }
    }
}
