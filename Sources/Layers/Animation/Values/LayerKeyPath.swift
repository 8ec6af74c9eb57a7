import Geometry
import Graphics

/// Everything an animation can change on a layer at one instant: the compositor's properties,
/// the contents, and the state of a transition in progress.
struct PresentationValues {
    var properties: LayerProperties
    var contents: Any?
    /// The transition (a `CATransition`, or the implicit fade of `contents`) drawing the layer
    /// now, with its progress.
    var transition: TransitionFrame?
}

/// An animatable key path of `CALayer`, parsed: a property (`position`) and optionally a
/// field of it (`position.x`, `bounds.size.width`, `transform.rotation.z`,
/// `shadowOffset.height`), with the type of value it holds.
struct LayerKeyPath: Equatable, CustomStringConvertible {
    let key: CALayerKey
    let field: Field

    /// A part of a property's value.
    enum Field: Equatable {
        case whole
        case x, y
        case width, height
        case origin, originX, originY, size, sizeWidth, sizeHeight
        case transform(TransformField)
    }

    /// The keys Core Animation animates (Apple's table of animatable properties, plus
    /// `anchorPointZ`, `contentsCenter` and `rasterizationScale`, which the property reference
    /// marks animatable).
    /// `doubleSided` and `shadowPath` are animatable but have no implicit animation, as on
    /// Apple's platforms.
    static let animatableKeys: Set<CALayerKey> = [
        .bounds, .position, .zPosition, .anchorPoint, .anchorPointZ, .transform, .sublayerTransform,
        .opacity, .isHidden, .masksToBounds, .isDoubleSided, .cornerRadius, .borderWidth, .borderColor,
        .backgroundColor, .shadowColor, .shadowOpacity, .shadowOffset, .shadowRadius, .shadowPath,
        .contentsRect, .contentsCenter, .contents, .rasterizationScale,
    ]

    /// Parses `path`; nil for a property that cannot be animated or a field it does not have.
    init?(_ path: String) {
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        guard let first = parts.first, let key = CALayerKey(rawValue: first), Self.animatableKeys.contains(key) else {
            return nil
        }
        self.key = key
        guard parts.count == 2 else {
            field = .whole
            return
        }
        let rest = parts[1]
        switch (Self.baseKind(key), rest) {
        case (.point, "x"): field = .x
        case (.point, "y"): field = .y
        case (.size, "width"): field = .width
        case (.size, "height"): field = .height
        case (.rect, "origin"): field = .origin
        case (.rect, "origin.x"): field = .originX
        case (.rect, "origin.y"): field = .originY
        case (.rect, "size"): field = .size
        case (.rect, "size.width"): field = .sizeWidth
        case (.rect, "size.height"): field = .sizeHeight
        case (.transform, _):
            guard let transformField = TransformField(rawValue: rest) else { return nil }
            field = .transform(transformField)
        default: return nil
        }
    }

    init(key: CALayerKey, field: Field = .whole) {
        self.key = key
        self.field = field
    }

    /// The type of the whole property.
    static func baseKind(_ key: CALayerKey) -> ValueKind {
        switch key {
        case .bounds, .contentsRect, .contentsCenter: .rect
        case .position, .anchorPoint: .point
        case .shadowOffset: .size
        case .transform, .sublayerTransform: .transform
        case .backgroundColor, .borderColor, .shadowColor: .color
        case .isHidden, .masksToBounds, .isDoubleSided: .bool
        case .contents: .image
        case .shadowPath: .path
        default: .scalar
        }
    }

    /// The type of value at this path.
    var kind: ValueKind {
        switch field {
        case .whole: Self.baseKind(key)
        case .x, .y, .width, .height, .originX, .originY, .sizeWidth, .sizeHeight: .scalar
        case .origin: .point
        case .size: .size
        case let .transform(f): f.kind
        }
    }

    var description: String {
        switch field {
        case .whole: key.rawValue
        case .x: key.rawValue + ".x"
        case .y: key.rawValue + ".y"
        case .width: key.rawValue + ".width"
        case .height: key.rawValue + ".height"
        case .origin: key.rawValue + ".origin"
        case .originX: key.rawValue + ".origin.x"
        case .originY: key.rawValue + ".origin.y"
        case .size: key.rawValue + ".size"
        case .sizeWidth: key.rawValue + ".size.width"
        case .sizeHeight: key.rawValue + ".size.height"
        case let .transform(f): key.rawValue + "." + f.rawValue
        }
    }

    /// The value at this path.
    func get(_ values: PresentationValues) -> AnimatableValue {
        let whole = Self.wholeValue(key, values)
        switch (field, whole) {
        case (.whole, _): return whole
        case let (.x, .point(p)): return .scalar(Double(p.x))
        case let (.y, .point(p)): return .scalar(Double(p.y))
        case let (.width, .size(s)): return .scalar(Double(s.width))
        case let (.height, .size(s)): return .scalar(Double(s.height))
        case let (.origin, .rect(r)): return .point(r.origin)
        case let (.originX, .rect(r)): return .scalar(Double(r.origin.x))
        case let (.originY, .rect(r)): return .scalar(Double(r.origin.y))
        case let (.size, .rect(r)): return .size(r.size)
        case let (.sizeWidth, .rect(r)): return .scalar(Double(r.size.width))
        case let (.sizeHeight, .rect(r)): return .scalar(Double(r.size.height))
        case let (.transform(f), .transform(t)): return TransformFields(t).value(of: f)
        default: return whole
        }
    }

    /// Stores `value` at this path (a value of another kind is ignored).
    func set(_ value: AnimatableValue, in values: inout PresentationValues) {
        guard value.kind == kind else { return }
        if field == .whole {
            Self.setWhole(key, value, &values)
            return
        }
        var whole = Self.wholeValue(key, values)
        switch (field, whole, value) {
        case let (.x, .point(p), .scalar(v)): whole = .point(CGPoint(x: v, y: Double(p.y)))
        case let (.y, .point(p), .scalar(v)): whole = .point(CGPoint(x: Double(p.x), y: v))
        case let (.width, .size(s), .scalar(v)): whole = .size(CGSize(width: v, height: Double(s.height)))
        case let (.height, .size(s), .scalar(v)): whole = .size(CGSize(width: Double(s.width), height: v))
        case let (.origin, .rect(r), .point(p)): whole = .rect(CGRect(origin: p, size: r.size))
        case let (.originX, .rect(r), .scalar(v)): whole = .rect(CGRect(x: CGFloat(v), y: r.origin.y, width: r.size.width, height: r.size.height))
        case let (.originY, .rect(r), .scalar(v)): whole = .rect(CGRect(x: r.origin.x, y: CGFloat(v), width: r.size.width, height: r.size.height))
        case let (.size, .rect(r), .size(s)): whole = .rect(CGRect(origin: r.origin, size: s))
        case let (.sizeWidth, .rect(r), .scalar(v)): whole = .rect(CGRect(x: r.origin.x, y: r.origin.y, width: CGFloat(v), height: r.size.height))
        case let (.sizeHeight, .rect(r), .scalar(v)): whole = .rect(CGRect(x: r.origin.x, y: r.origin.y, width: r.size.width, height: CGFloat(v)))
        case let (.transform(f), .transform(t), _):
            var fields = TransformFields(t)
            fields.set(f, to: value)
            whole = .transform(fields.transform)
        default: return
        }
        Self.setWhole(key, whole, &values)
    }

    private static func wholeValue(_ key: CALayerKey, _ values: PresentationValues) -> AnimatableValue {
        let p = values.properties
        switch key {
        case .bounds: return .rect(p.bounds)
        case .position: return .point(p.position)
        case .zPosition: return .scalar(Double(p.zPosition))
        case .anchorPoint: return .point(p.anchorPoint)
        case .anchorPointZ: return .scalar(Double(p.anchorPointZ))
        case .transform: return .transform(p.transform)
        case .sublayerTransform: return .transform(p.sublayerTransform)
        case .opacity: return .scalar(Double(p.opacity))
        case .isHidden: return .bool(p.isHidden)
        case .masksToBounds: return .bool(p.masksToBounds)
        case .isDoubleSided: return .bool(p.isDoubleSided)
        case .cornerRadius: return .scalar(Double(p.cornerRadius))
        case .borderWidth: return .scalar(Double(p.borderWidth))
        case .borderColor: return AnimatableValue(p.borderColor, as: .color) ?? .color(nil)
        case .backgroundColor: return AnimatableValue(p.backgroundColor, as: .color) ?? .color(nil)
        case .shadowColor: return AnimatableValue(p.shadowColor, as: .color) ?? .color(nil)
        case .shadowOpacity: return .scalar(Double(p.shadowOpacity))
        case .shadowOffset: return .size(p.shadowOffset)
        case .shadowRadius: return .scalar(Double(p.shadowRadius))
        case .shadowPath: return .path(p.shadowPath)
        case .contentsRect: return .rect(p.contentsRect)
        case .contentsCenter: return .rect(p.contentsCenter)
        case .contentsScale: return .scalar(Double(p.contentsScale))
        case .rasterizationScale: return .scalar(Double(p.rasterizationScale))
        case .contents: return .image(values.contents as? CGImage)
        default: return .scalar(0)
        }
    }

    private static func setWhole(_ key: CALayerKey, _ value: AnimatableValue, _ values: inout PresentationValues) {
        switch (key, value) {
        case let (.bounds, .rect(r)): values.properties.bounds = r
        case let (.position, .point(p)): values.properties.position = p
        case let (.zPosition, .scalar(v)): values.properties.zPosition = CGFloat(v)
        case let (.anchorPoint, .point(p)): values.properties.anchorPoint = p
        case let (.anchorPointZ, .scalar(v)): values.properties.anchorPointZ = CGFloat(v)
        case let (.transform, .transform(t)): values.properties.transform = t
        case let (.sublayerTransform, .transform(t)): values.properties.sublayerTransform = t
        case let (.opacity, .scalar(v)): values.properties.opacity = Float(v)
        case let (.isHidden, .bool(b)): values.properties.isHidden = b
        case let (.masksToBounds, .bool(b)): values.properties.masksToBounds = b
        case let (.isDoubleSided, .bool(b)): values.properties.isDoubleSided = b
        case let (.cornerRadius, .scalar(v)): values.properties.cornerRadius = CGFloat(v)
        case let (.borderWidth, .scalar(v)): values.properties.borderWidth = CGFloat(v)
        case let (.borderColor, .color(c)): values.properties.borderColor = cgColor(c)
        case let (.backgroundColor, .color(c)): values.properties.backgroundColor = cgColor(c)
        case let (.shadowColor, .color(c)): values.properties.shadowColor = cgColor(c)
        case let (.shadowOpacity, .scalar(v)): values.properties.shadowOpacity = Float(v)
        case let (.shadowOffset, .size(s)): values.properties.shadowOffset = s
        case let (.shadowRadius, .scalar(v)): values.properties.shadowRadius = CGFloat(v)
        case let (.shadowPath, .path(path)): values.properties.shadowPath = path
        case let (.contentsRect, .rect(r)): values.properties.contentsRect = r
        case let (.contentsCenter, .rect(r)): values.properties.contentsCenter = r
        case let (.contentsScale, .scalar(v)): values.properties.contentsScale = CGFloat(v)
        case let (.rasterizationScale, .scalar(v)): values.properties.rasterizationScale = CGFloat(v)
        case let (.contents, .image(i)): values.contents = i
        default: break
        }
    }
}

private func cgColor(_ c: SIMD4<Double>?) -> CGColor? {
    c.map { CGColor(red: $0.x, green: $0.y, blue: $0.z, alpha: $0.w) }
}
