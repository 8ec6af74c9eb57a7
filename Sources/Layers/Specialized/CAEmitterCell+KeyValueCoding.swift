import Foundation
import Geometry
import Graphics

extension CAEmitterCell {
    /// The animatable properties (Apple's header marks them so) and what they hold. `contents`
    /// does not interpolate: a basic animation switches images half way, a keyframe animation at
    /// its key times (a flip-book with `calculationMode` `.discrete`).
    static let animatableKeys: [String: SpecializedValue.Kind] = {
        var keys: [String: SpecializedValue.Kind] = ["color": .single(.color), "contentsRect": .single(.rect),
                                                     "contents": .single(.image)]
        for key in ["birthRate", "lifetime", "lifetimeRange", "emissionLatitude", "emissionLongitude", "emissionRange",
                    "velocity", "velocityRange", "xAcceleration", "yAcceleration", "zAcceleration", "scale",
                    "scaleRange", "scaleSpeed", "spin", "spinRange", "redRange", "greenRange", "blueRange",
                    "alphaRange", "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed"] {
            keys[key] = .single(.scalar)
        }
        return keys
    }()

    /// The value of the property `key` (Apple's key names: `"enabled"` for `isEnabled`; numbers
    /// as `Float` or `CGFloat`, as the property is typed), or a value stored earlier under a key
    /// that is not a property (cells, like layers, accept any key), else
    /// `defaultValue(forKey:)`.
    public func value(forKey key: String) -> Any? {
        if let value = propertyValue(forKey: key) { return value }
        return customValues[key] ?? type(of: self).defaultValue(forKey: key)
    }

    /// Sets the property `key` (numbers may come as any numeric type or `NSNumber`), or stores
    /// the value under a key that is not a property. A value of the wrong type for a property
    /// is ignored with a diagnostic.
    public func setValue(_ value: Any?, forKey key: String) {
        guard propertyValue(forKey: key) != nil else {
            customValues[key] = value
            return
        }
        if !setProperty(value, forKey: key) {
            AnimationEngine.current.diagnose("CAEmitterCell.setValue(_:forKey: \"\(key)\"): \(value.map { "\(type(of: $0))" } ?? "nil") is not a value of that property; ignored")
        }
    }

    /// The value at `keyPath`: a key of this cell, or `emitterCells.<name>.<key>` into the
    /// sub-cell named `name` (nested as deep as the cells go), as Apple's cells answer it.
    public func value(forKeyPath keyPath: String) -> Any? {
        guard let (cell, key) = CAEmitterCell.resolve(keyPath, in: self) else { return nil }
        return cell.value(forKey: key)
    }

    /// Sets the value at `keyPath` (see `value(forKeyPath:)`); a path to no sub-cell is
    /// ignored with a diagnostic.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let (cell, key) = CAEmitterCell.resolve(keyPath, in: self) else {
            AnimationEngine.current.diagnose("CAEmitterCell.setValue(_:forKeyPath: \"\(keyPath)\"): no emitter cell on that path; ignored")
            return
        }
        cell.setValue(value, forKey: key)
    }

    /// The cell a key path reaches from `cell` and the key left for it: `"birthRate"` is
    /// `cell`'s own, `"emitterCells.spark.birthRate"` its sub-cell named `spark`'s. Nil when a
    /// named cell is missing.
    static func resolve(_ keyPath: String, in cell: CAEmitterCell) -> (CAEmitterCell, String)? {
        guard keyPath.hasPrefix("emitterCells."), keyPath.count > 13 else { return (cell, keyPath) }
        guard let (next, rest) = named(in: cell.emitterCells, keyPath) else { return nil }
        return resolve(rest, in: next)
    }

    /// For a path `emitterCells.<name>.<rest>`: the cell of `cells` named `name` and `rest`.
    static func named(in cells: [CAEmitterCell]?, _ keyPath: String) -> (CAEmitterCell, String)? {
        let parts = keyPath.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "emitterCells" else { return nil }
        let name = String(parts[1])
        guard let cell = cells?.first(where: { $0.name == name }) else { return nil }
        return (cell, String(parts[2]))
    }

    private func propertyValue(forKey key: String) -> Any?? {
        if let timing = mediaTimingValue(forKey: key) { return timing }
        return switch key {
        case "name": .some(name)
        case "enabled", "isEnabled": isEnabled
        case "birthRate": birthRate
        case "lifetime": lifetime
        case "lifetimeRange": lifetimeRange
        case "emissionLatitude": emissionLatitude
        case "emissionLongitude": emissionLongitude
        case "emissionRange": emissionRange
        case "velocity": velocity
        case "velocityRange": velocityRange
        case "xAcceleration": xAcceleration
        case "yAcceleration": yAcceleration
        case "zAcceleration": zAcceleration
        case "scale": scale
        case "scaleRange": scaleRange
        case "scaleSpeed": scaleSpeed
        case "spin": spin
        case "spinRange": spinRange
        case "color": .some(color)
        case "redRange": redRange
        case "greenRange": greenRange
        case "blueRange": blueRange
        case "alphaRange": alphaRange
        case "redSpeed": redSpeed
        case "greenSpeed": greenSpeed
        case "blueSpeed": blueSpeed
        case "alphaSpeed": alphaSpeed
        case "contents": .some(contents)
        case "contentsRect": contentsRect
        case "contentsScale": contentsScale
        case "minificationFilter": minificationFilter
        case "magnificationFilter": magnificationFilter
        case "minificationFilterBias": minificationFilterBias
        case "emitterCells": .some(emitterCells)
        case "style": .some(style)
        default: nil
        }
    }

    private func setProperty(_ value: Any?, forKey key: String) -> Bool {
        if let set = setMediaTimingValue(value, forKey: key) { return set }
        let number = scalarValue(value)
        func float(_ set: (Float) -> Void) -> Bool {
            guard let number else { return false }
            set(Float(number))
            return true
        }
        func cgFloat(_ set: (CGFloat) -> Void) -> Bool {
            guard let number else { return false }
            set(CGFloat(number))
            return true
        }
        func bool(_ set: (Bool) -> Void) -> Bool {
            guard let b = value as? Bool ?? (value as? NSNumber)?.boolValue else { return false }
            set(b)
            return true
        }
        func filter(_ set: (CALayerContentsFilter) -> Void) -> Bool {
            guard let f = (value as? CALayerContentsFilter) ?? (value as? String).map(CALayerContentsFilter.init(rawValue:)) else { return false }
            set(f)
            return true
        }
        switch key {
        case "name":
            guard value == nil || value is String else { return false }
            name = value as? String
            return true
        case "enabled", "isEnabled": return bool { isEnabled = $0 }
        case "birthRate": return float { birthRate = $0 }
        case "lifetime": return float { lifetime = $0 }
        case "lifetimeRange": return float { lifetimeRange = $0 }
        case "emissionLatitude": return cgFloat { emissionLatitude = $0 }
        case "emissionLongitude": return cgFloat { emissionLongitude = $0 }
        case "emissionRange": return cgFloat { emissionRange = $0 }
        case "velocity": return cgFloat { velocity = $0 }
        case "velocityRange": return cgFloat { velocityRange = $0 }
        case "xAcceleration": return cgFloat { xAcceleration = $0 }
        case "yAcceleration": return cgFloat { yAcceleration = $0 }
        case "zAcceleration": return cgFloat { zAcceleration = $0 }
        case "scale": return cgFloat { scale = $0 }
        case "scaleRange": return cgFloat { scaleRange = $0 }
        case "scaleSpeed": return cgFloat { scaleSpeed = $0 }
        case "spin": return cgFloat { spin = $0 }
        case "spinRange": return cgFloat { spinRange = $0 }
        case "color":
            guard let v = SpecializedValue(value, kind: .single(.color)), case let .single(.color(c)) = v else { return false }
            color = (value as? CGColor) ?? c.map { CGColor(red: $0.x, green: $0.y, blue: $0.z, alpha: $0.w) }
            return true
        case "redRange": return float { redRange = $0 }
        case "greenRange": return float { greenRange = $0 }
        case "blueRange": return float { blueRange = $0 }
        case "alphaRange": return float { alphaRange = $0 }
        case "redSpeed": return float { redSpeed = $0 }
        case "greenSpeed": return float { greenSpeed = $0 }
        case "blueSpeed": return float { blueSpeed = $0 }
        case "alphaSpeed": return float { alphaSpeed = $0 }
        case "contents":
            contents = value
            return true
        case "contentsRect":
            guard let v = SpecializedValue(value, kind: .single(.rect)), case let .single(.rect(r)) = v else { return false }
            contentsRect = r
            return true
        case "contentsScale": return cgFloat { contentsScale = $0 }
        case "minificationFilter": return filter { minificationFilter = $0 }
        case "magnificationFilter": return filter { magnificationFilter = $0 }
        case "minificationFilterBias": return float { minificationFilterBias = $0 }
        case "emitterCells":
            guard value == nil || value is [CAEmitterCell] else { return false }
            emitterCells = value as? [CAEmitterCell]
            return true
        case "style":
            guard value == nil || value is [AnyHashable: Any] else { return false }
            style = value as? [AnyHashable: Any]
            return true
        default: return false
        }
    }
}
