import Geometry

extension CALayer {
    /// The value at `keyPath`, as Core Animation's key-value coding gives it: an animatable
    /// property or field (`"opacity"`, `"position.x"`, `"transform.rotation.z"`, `"bounds.size"`;
    /// numbers come back as `CGFloat`), or a value stored earlier under a key that is not a layer
    /// property (layers accept any key, a common way to tag them). Nil otherwise.
    public func value(forKeyPath keyPath: String) -> Any? {
        if let path = LayerKeyPath(keyPath) { return path.get(modelValues).anyValue }
        return animationState.customValues[keyPath]
    }

    /// Sets the value at `keyPath` (see `value(forKeyPath:)`), through the property's setter, so
    /// the change runs its action like any other: `layer.setValue(CGFloat.pi, forKeyPath:
    /// "transform.rotation.z")` turns the layer half round, animated. A value of the wrong type
    /// for a property, or a key of a property that is not animatable, is ignored with a
    /// diagnostic; other keys store the value.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        let engine = AnimationEngine.current
        guard let path = LayerKeyPath(keyPath) else {
            let base = String(keyPath.prefix { $0 != "." })
            if CALayerKey(rawValue: base) != nil || keyPath.contains(".") {
                engine.diagnose("setValue(_:forKeyPath:) supports animatable layer properties and plain keys; '\(keyPath)' ignored")
            } else {
                animationState.customValues[keyPath] = value
            }
            return
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
