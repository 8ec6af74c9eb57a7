import Geometry
import Graphics

extension CALayer {
    /// The value at `keyPath`, as Core Animation's key-value coding gives it: an animatable
    /// property or field (`"opacity"`, `"position.x"`, `"transform.rotation.z"`, `"bounds.size"`;
    /// numbers come back as `CGFloat`), another property by its key (`"contentsGravity"`,
    /// `"duration"`, `"name"`…, in its own type), or a value stored earlier under a key that is
    /// not a layer property (layers accept any key, a common way to tag them), else the class's
    /// `defaultValue(forKey:)`.
    public func value(forKeyPath keyPath: String) -> Any? {
        if let special = (self as? any SpecializedKeyValueCoding)?.specializedKVCValue(forKey: keyPath) { return special }
        switch keyPath {
        // The layer's own objects, as Apple answers them (not equal copies).
        case "backgroundColor": return backgroundColor
        case "borderColor": return borderColor
        case "shadowColor": return shadowColor
        case "shadowPath": return shadowPath
        default: break
        }
        if let path = LayerKeyPath(keyPath) { return path.get(modelValues).anyValue }
        if let value = plainPropertyValue(forKey: keyPath) { return value }
        return animationState.customValues[keyPath] ?? type(of: self).defaultValue(forKey: keyPath)
    }

    /// The values of the properties that are not animated through key paths, by key.
    private func plainPropertyValue(forKey key: String) -> Any?? {
        if let timing = mediaTimingValue(forKey: key) { return timing }
        return switch key {
        case "maskedCorners": maskedCorners
        case "contentsGravity": contentsGravity
        case "contentsScale": contentsScale
        case "minificationFilter": minificationFilter
        case "minificationFilterBias": minificationFilterBias
        case "magnificationFilter": magnificationFilter
        case "allowsGroupOpacity": allowsGroupOpacity
        case "allowsEdgeAntialiasing": allowsEdgeAntialiasing
        case "opaque": isOpaque
        case "cornerCurve": cornerCurve
        case "edgeAntialiasingMask": edgeAntialiasingMask
        case "geometryFlipped": isGeometryFlipped
        case "shouldRasterize": shouldRasterize
        case "name": .some(name)
        case "contentsFormat": contentsFormat
        case "needsDisplayOnBoundsChange": needsDisplayOnBoundsChange
        case "drawsAsynchronously": drawsAsynchronously
        case "preferredDynamicRange": preferredDynamicRange
        case "toneMapMode": toneMapMode
        case "contentsHeadroom": contentsHeadroom
        case "wantsExtendedDynamicRangeContent": wantsExtendedDynamicRangeContent
        case "wantsDynamicContentScaling": wantsDynamicContentScaling
        case "filters": .some(filters)
        case "backgroundFilters": .some(backgroundFilters)
        case "compositingFilter": .some(compositingFilter)
        case "mask": .some(mask)
        case "sublayers": .some(sublayers)
        default: nil
        }
    }

    /// Sets one of the properties `plainPropertyValue(forKey:)` reads; false when `key` is not
    /// one of them or `value` has the wrong type.
    private func setPlainProperty(_ value: Any?, forKey key: String) -> Bool {
        if let set = setMediaTimingValue(value, forKey: key) { return set }
        func number() -> Double? { scalarValue(value) }
        switch key {
        case "maskedCorners":
            if let v = value as? CACornerMask { maskedCorners = v } else if let v = number() { maskedCorners = CACornerMask(rawValue: UInt(max(0, v))) } else { return false }
        case "contentsGravity":
            if let v = value as? CALayerContentsGravity { contentsGravity = v } else if let v = value as? String { contentsGravity = .init(rawValue: v) } else { return false }
        case "minificationFilter", "magnificationFilter":
            let filter = (value as? CALayerContentsFilter) ?? (value as? String).map(CALayerContentsFilter.init(rawValue:))
            guard let filter else { return false }
            if key == "minificationFilter" { minificationFilter = filter } else { magnificationFilter = filter }
        case "contentsScale": guard let v = number() else { return false }; contentsScale = CGFloat(v)
        case "minificationFilterBias": guard let v = number() else { return false }; minificationFilterBias = Float(v)
        case "allowsGroupOpacity": guard let v = value as? Bool else { return false }; allowsGroupOpacity = v
        case "allowsEdgeAntialiasing": guard let v = value as? Bool else { return false }; allowsEdgeAntialiasing = v
        case "opaque": guard let v = value as? Bool else { return false }; isOpaque = v
        case "cornerCurve":
            if let v = value as? CALayerCornerCurve { cornerCurve = v } else if let v = value as? String { cornerCurve = .init(rawValue: v) } else { return false }
        case "edgeAntialiasingMask":
            if let v = value as? CAEdgeAntialiasingMask { edgeAntialiasingMask = v } else if let v = number() { edgeAntialiasingMask = CAEdgeAntialiasingMask(rawValue: UInt32(clamping: Int(max(0, min(15, v))))) } else { return false }
        case "geometryFlipped": guard let v = value as? Bool else { return false }; isGeometryFlipped = v
        case "shouldRasterize": guard let v = value as? Bool else { return false }; shouldRasterize = v
        case "name": guard value == nil || value is String else { return false }; name = value as? String
        case "contentsFormat":
            if let v = value as? CALayerContentsFormat { contentsFormat = v } else if let v = value as? String { contentsFormat = .init(rawValue: v) } else { return false }
        case "needsDisplayOnBoundsChange": guard let v = value as? Bool else { return false }; needsDisplayOnBoundsChange = v
        case "drawsAsynchronously": guard let v = value as? Bool else { return false }; drawsAsynchronously = v
        case "preferredDynamicRange":
            if let v = value as? CADynamicRange { preferredDynamicRange = v } else if let v = value as? String { preferredDynamicRange = .init(rawValue: v) } else { return false }
        case "toneMapMode":
            if let v = value as? CAToneMapMode { toneMapMode = v } else if let v = value as? String { toneMapMode = .init(rawValue: v) } else { return false }
        case "contentsHeadroom": guard let v = number() else { return false }; contentsHeadroom = CGFloat(v)
        case "wantsExtendedDynamicRangeContent": guard let v = value as? Bool else { return false }; wantsExtendedDynamicRangeContent = v
        case "wantsDynamicContentScaling": guard let v = value as? Bool else { return false }; wantsDynamicContentScaling = v
        case "filters": guard value == nil || value is [Any] else { return false }; filters = value as? [Any]
        case "backgroundFilters": guard value == nil || value is [Any] else { return false }; backgroundFilters = value as? [Any]
        case "compositingFilter": compositingFilter = value
        case "mask": guard value == nil || value is CALayer else { return false }; mask = value as? CALayer
        case "sublayers": guard value == nil || value is [CALayer] else { return false }; sublayers = value as? [CALayer]
        default: return false
        }
        return true
    }

    /// Sets the value at `keyPath` (see `value(forKeyPath:)`), through the property's setter, so
    /// the change runs its action like any other: `layer.setValue(CGFloat.pi, forKeyPath:
    /// "transform.rotation.z")` turns the layer half round, animated. A value of the wrong type
    /// for a property, or a key of a property that is not animatable, is ignored with a
    /// diagnostic; other keys store the value.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        let engine = AnimationEngine.current
        if let special = self as? any SpecializedKeyValueCoding, special.specializedKVCValue(forKey: keyPath) != nil {
            if !special.setSpecializedKVCValue(value, forKey: keyPath) {
                engine.diagnose("setValue(_:forKeyPath: \"\(keyPath)\"): \(value.map { "\(type(of: $0))" } ?? "nil") is not a value of that property; ignored")
            }
            return
        }
        guard let path = LayerKeyPath(keyPath) else {
            if plainPropertyValue(forKey: keyPath) != nil {
                if !setPlainProperty(value, forKey: keyPath) {
                    engine.diagnose("setValue(_:forKeyPath: \"\(keyPath)\"): \(value.map { "\(type(of: $0))" } ?? "nil") is not a value of that property; ignored")
                }
                return
            }
            let base = String(keyPath.prefix { $0 != "." })
            if CALayerKey(rawValue: base) != nil || keyPath.contains(".") {
                engine.diagnose("setValue(_:forKeyPath:) supports layer properties, their animatable fields and plain keys; '\(keyPath)' ignored")
            } else {
                animationState.customValues[keyPath] = value
                if type(of: self).needsDisplay(forKey: keyPath) { setNeedsDisplay() }
            }
            return
        }
        if value == nil || value is CGColor {
            // A colour is stored as given (its own colour space), not rebuilt from components.
            let color = value as? CGColor
            switch keyPath {
            case "backgroundColor": backgroundColor = color; return
            case "borderColor": borderColor = color; return
            case "shadowColor": shadowColor = color; return
            default: break
            }
        }
        guard let typed = AnimatableValue(value, as: path.kind) else {
            engine.diagnose("setValue(_:forKeyPath: \"\(keyPath)\"): \(value.map { "\(type(of: $0))" } ?? "nil") is not a \(path.kind.rawValue); ignored")
            return
        }
        var values = modelValues
        path.set(typed, in: &values)
        let p = values.properties
        switch path.key {
        case .bounds: bounds = p.bounds
        case .position: position = p.position
        case .zPosition: zPosition = p.zPosition
        case .anchorPoint: anchorPoint = p.anchorPoint
        case .anchorPointZ: anchorPointZ = p.anchorPointZ
        case .transform: transform = p.transform
        case .sublayerTransform: sublayerTransform = p.sublayerTransform
        case .opacity: opacity = p.opacity
        case .isHidden: isHidden = p.isHidden
        case .masksToBounds: masksToBounds = p.masksToBounds
        case .isDoubleSided: isDoubleSided = p.isDoubleSided
        case .cornerRadius: cornerRadius = p.cornerRadius
        case .borderWidth: borderWidth = p.borderWidth
        case .borderColor: borderColor = p.borderColor
        case .backgroundColor: backgroundColor = p.backgroundColor
        case .shadowColor: shadowColor = p.shadowColor
        case .shadowOpacity: shadowOpacity = p.shadowOpacity
        case .shadowOffset: shadowOffset = p.shadowOffset
        case .shadowRadius: shadowRadius = p.shadowRadius
        case .shadowPath: shadowPath = p.shadowPath
        case .contentsRect: contentsRect = p.contentsRect
        case .contentsCenter: contentsCenter = p.contentsCenter
        case .contents: contents = values.contents
        case .rasterizationScale: rasterizationScale = p.rasterizationScale
        default: break
        }
    }

    /// `value(forKeyPath:)` for a single key.
    public func value(forKey key: String) -> Any? { value(forKeyPath: key) }

    /// `setValue(_:forKeyPath:)` for a single key.
    public func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }
}
