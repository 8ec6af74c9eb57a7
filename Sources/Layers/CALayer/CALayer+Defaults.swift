import Geometry

extension CALayer {
    /// `CALayer`'s own default for `key` (see `defaultValue(forKey:)`).
    static func builtInDefault(forKey key: String) -> Any? {
        let p = LayerProperties()
        if let property = CALayerKey(rawValue: key) {
            switch property {
            case .bounds, .position: return nil  // as Apple's: no default value for either
            case .zPosition: return p.zPosition
            case .anchorPoint: return p.anchorPoint
            case .anchorPointZ: return p.anchorPointZ
            case .transform: return p.transform
            case .sublayerTransform: return p.sublayerTransform
            case .opacity: return p.opacity
            case .isHidden: return p.isHidden
            case .masksToBounds: return p.masksToBounds
            case .isDoubleSided: return p.isDoubleSided
            case .cornerRadius: return p.cornerRadius
            case .maskedCorners: return p.maskedCorners
            case .borderWidth: return p.borderWidth
            case .borderColor: return p.borderColor
            case .shadowColor: return p.shadowColor
            case .shadowOpacity: return p.shadowOpacity
            case .shadowOffset: return p.shadowOffset
            case .shadowRadius: return p.shadowRadius
            case .contentsRect: return p.contentsRect
            case .contentsCenter: return p.contentsCenter
            case .contentsGravity: return p.contentsGravity
            case .contentsScale: return p.contentsScale
            case .minificationFilter: return p.minificationFilter
            case .magnificationFilter: return p.magnificationFilter
            case .allowsGroupOpacity: return p.allowsGroupOpacity
            case .allowsEdgeAntialiasing: return p.allowsEdgeAntialiasing
            case .isOpaque: return p.isOpaque
            case .cornerCurve: return p.cornerCurve
            case .edgeAntialiasingMask: return p.edgeAntialiasingMask
            case .isGeometryFlipped: return p.isGeometryFlipped
            case .shouldRasterize: return p.shouldRasterize
            case .rasterizationScale: return p.rasterizationScale
            case .backgroundColor, .shadowPath, .contents, .mask, .sublayers, .minificationFilterBias: return nil
            }
        }
        switch key {
        case "beginTime", "timeOffset", "repeatDuration": return CFTimeInterval(0)
        case "duration": return CFTimeInterval.infinity
        case "speed": return Float(1)
        case "repeatCount": return Float(0)
        case "autoreverses", "needsDisplayOnBoundsChange", "drawsAsynchronously": return false
        case "fillMode": return CAMediaTimingFillMode.removed
        case "contentsFormat": return CALayerContentsFormat.RGBA8Uint
        case "preferredDynamicRange": return CADynamicRange.standard
        case "toneMapMode": return CAToneMapMode.automatic
        case "contentsHeadroom": return CGFloat(0)
        case "wantsExtendedDynamicRangeContent": return false
        default: return nil
        }
    }

    /// Gives a new instance of a subclass the defaults its class declares
    /// (`defaultValue(forKey:)`) where they differ from `CALayer`'s, without running actions.
    func applyClassDefaults() {
        let layerClass = type(of: self)
        for key in CALayerKey.allCases {
            guard let value = layerClass.defaultValue(forKey: key.rawValue),
                  !isBuiltInDefault(value, forKey: key) else { continue }
            applyDefault(value, forKey: key)
        }
        for key in ["beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode"] {
            guard let value = layerClass.defaultValue(forKey: key) else { continue }
            var timing = animationState.timing
            switch (key, value) {
            case ("beginTime", let v as Double): timing.beginTime = finite(v)
            case ("duration", let v as Double): timing.duration = nonNegative(v)
            case ("timeOffset", let v as Double): timing.timeOffset = finite(v)
            case ("repeatDuration", let v as Double): timing.repeatDuration = nonNegative(v)
            case ("speed", let v as Float): timing.speed = v.isFinite ? Double(v) : 1
            case ("repeatCount", let v as Float): timing.repeatCount = nonNegative(Double(v))
            case ("autoreverses", let v as Bool): timing.autoreverses = v
            case ("fillMode", let v as CAMediaTimingFillMode): timing.fillMode = v
            default: AnimationEngine.current.diagnose("\(layerClass).defaultValue(forKey: \"\(key)\") is a \(type(of: value)); ignored")
            }
            animationState.timing = timing
        }
        if let value = layerClass.defaultValue(forKey: "contentsFormat") as? CALayerContentsFormat { contentsFormat = value }
        if let value = layerClass.defaultValue(forKey: "needsDisplayOnBoundsChange") as? Bool { needsDisplayOnBoundsChange = value }
        if let value = layerClass.defaultValue(forKey: "drawsAsynchronously") as? Bool { drawsAsynchronously = value }
    }

    private func isBuiltInDefault(_ value: Any, forKey key: CALayerKey) -> Bool {
        guard let builtIn = CALayer.builtInDefault(forKey: key.rawValue) else { return false }
        guard let a = value as? any Equatable else { return false }
        return isEqual(a, builtIn)
    }

    /// Stores a subclass's default for a property key straight into the model (a new layer
    /// has no presentation, so nothing animates), converting numbers as key-value coding does.
    private func applyDefault(_ value: Any, forKey key: CALayerKey) {
        AnimationEngine.current.withoutActions {
            if let path = LayerKeyPath(key.rawValue) {
                guard let typed = AnimatableValue(value, as: path.kind) else {
                    AnimationEngine.current.diagnose("\(type(of: self)).defaultValue(forKey: \"\(key.rawValue)\") is a \(type(of: value)), not a \(path.kind.rawValue); ignored")
                    return
                }
                var values = modelValues
                path.set(typed, in: &values)
                properties = values.properties
                contents = values.contents
                return
            }
            switch (key, value) {
            case (.maskedCorners, let v as CACornerMask): properties.maskedCorners = v
            case (.contentsGravity, let v as CALayerContentsGravity): properties.contentsGravity = v
            case (.contentsGravity, let v as String): properties.contentsGravity = CALayerContentsGravity(rawValue: v)
            case (.minificationFilter, let v as CALayerContentsFilter): properties.minificationFilter = v
            case (.magnificationFilter, let v as CALayerContentsFilter): properties.magnificationFilter = v
            case (.contentsScale, _): if let v = scalarValue(value) { properties.contentsScale = CGFloat(v) }
            case (.allowsGroupOpacity, let v as Bool): properties.allowsGroupOpacity = v
            case (.allowsEdgeAntialiasing, let v as Bool): properties.allowsEdgeAntialiasing = v
            case (.isOpaque, let v as Bool): properties.isOpaque = v
            case (.cornerCurve, let v as CALayerCornerCurve): properties.cornerCurve = v
            case (.cornerCurve, let v as String): properties.cornerCurve = CALayerCornerCurve(rawValue: v)
            case (.edgeAntialiasingMask, let v as CAEdgeAntialiasingMask): properties.edgeAntialiasingMask = v
            case (.isGeometryFlipped, let v as Bool): properties.isGeometryFlipped = v
            case (.shouldRasterize, let v as Bool): properties.shouldRasterize = v
            default:
                AnimationEngine.current.diagnose("\(type(of: self)).defaultValue(forKey: \"\(key.rawValue)\") is a \(type(of: value)); ignored")
            }
        }
    }
}

/// Whether `a` equals `b` (when `b` has `a`'s type).
private func isEqual<T: Equatable>(_ a: T, _ b: Any) -> Bool {
    guard let b = b as? T else { return false }
    return a == b
}
