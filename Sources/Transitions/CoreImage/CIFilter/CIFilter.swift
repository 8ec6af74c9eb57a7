import Foundation
import Geometry
import Layers
import Raster

/// Core Image's filter object, for the transition filters: `CIFilter(name: "CIBarsSwipeTransition")`
/// with Apple's keys, defaults, attributes and `outputImage`, driven by `inputTime` from 0 to 1.
///
/// Every registered transition whose name starts with "CI" is a filter. As on iOS, a new filter
/// already holds its default values. Names are case-sensitive, as Apple's are; an unknown name
/// gives nil and writes the closest known names to standard error.
///
/// Points and rectangles are in Core Image coordinates: pixels with the origin at the bottom left
/// and y up (`CIVector(x:y:)`, `CIVector(cgRect:)`). Angles are radians counter-clockwise.
/// `inputExtent` and `inputCenter` default to the input image's extent and its centre rather than
/// Apple's fixed `[0 0 300 300]` and `[150 150]` (which describe a 300×300 image); `attributes`
/// still reports Apple's values as `kCIAttributeDefault`, and `value(forKey:)` answers with the
/// image's extent (or Apple's values while no image is set).
///
/// Bad values: Apple's `setValue(_:forKey:)` silently accepts anything. Here a value of the wrong
/// type, NaN or infinite, out of range, an empty extent or an unknown key is refused: the previous
/// value stays, the error is recorded in `lastError` and `errors`, and one line naming the filter,
/// key, value and valid range goes to standard error. `setValidatedValue(_:forKey:)` throws instead.
///
/// Like Apple's, the class is not thread-safe; its `outputImage` and `transition` are immutable
/// snapshots that may be used anywhere.
///
/// ```swift
/// let filter = CIFilter(name: "CIBarsSwipeTransition")!
/// filter.setValue(CIImage(cgImage: old), forKey: kCIInputImageKey)
/// filter.setValue(CIImage(cgImage: new), forKey: kCIInputTargetImageKey)
/// filter.setValue(0.4, forKey: kCIInputTimeKey)
/// let frame = filter.outputImage
/// ```
public final class CIFilter: CustomStringConvertible {
    /// The filter's name, e.g. "CIBarsSwipeTransition".
    public let name: String
    let type: any Transition.Type
    private var parameterValues: [String: TransitionParameterValue] = [:]
    private var imageValues: [String: CIImage] = [:]
    private var time = 0.0

    /// The most recent value `setValue(_:forKey:)` refused, if any.
    public private(set) var lastError: CIFilterError?
    /// Every value `setValue(_:forKey:)` refused, oldest first (cleared by `setDefaults()`).
    public private(set) var errors: [CIFilterError] = []

    /// The filter called `name` (exact spelling), holding its defaults; nil, with a diagnostic on
    /// standard error naming the closest filters, when there is none.
    public init?(name: String) {
        guard let type = Self.transitionTypes.first(where: { $0.name == name }) else {
            let suggestions = Self.closestNames(to: name)
            Self.diagnose("CIFilter(name: \"\(name)\"): no such filter"
                          + (suggestions.isEmpty ? "" : "; did you mean \(suggestions.joined(separator: ", "))?"))
            return nil
        }
        self.name = name
        self.type = type
    }

    /// The filter called `name` with `parameters` set through `setValue(_:forKey:)`.
    public convenience init?(name: String, parameters: [String: Any]?) {
        self.init(name: name)
        for (key, value) in (parameters ?? [:]).sorted(by: { $0.key < $1.key }) {
            setValue(value, forKey: key)
        }
    }

    /// Names of the filters in `category` (`kCICategoryTransition`…), or of all filters for nil.
    public static func filterNames(inCategory category: String?) -> [String] {
        filterNames(inCategories: category.map { [$0] })
    }

    /// Names of the filters in every one of `categories`, or of all filters for nil.
    public static func filterNames(inCategories categories: [String]?) -> [String] {
        guard let categories else { return transitionTypes.map { $0.name } }
        let known = Self.categories
        return categories.allSatisfy { known.contains($0) } ? transitionTypes.map { $0.name } : []
    }

    /// The display name of the filter called `filterName` ("Bars Swipe"), or nil.
    public static func localizedName(forFilterName filterName: String) -> String? {
        transitionTypes.first(where: { $0.name == filterName }).map(displayName(of:))
    }

    /// The categories every transition filter belongs to.
    static let categories = [kCICategoryTransition, kCICategoryVideo, kCICategoryStillImage,
                             kCICategoryHighDynamicRange, kCICategoryBuiltIn]

    /// The registered transitions that are Core Image filters.
    static var transitionTypes: [any Transition.Type] {
        TransitionRegistry.all.filter { $0.name.hasPrefix("CI") }
    }

    // MARK: keys

    /// The input keys: the images, the parameters in declaration order, then `inputTime`.
    public var inputKeys: [String] {
        imageKeys + type.parameters.map(\.key) + [kCIInputTimeKey]
    }

    /// The output keys: `outputImage`.
    public var outputKeys: [String] { [kCIOutputImageKey] }

    var imageKeys: [String] {
        [kCIInputImageKey, kCIInputTargetImageKey] + Self.extraImageInputs(of: type).map(\.key)
    }

    static func extraImageInputs(of type: any Transition.Type) -> [CIImageInput] {
        (type as? any CoreImageTransition.Type)?.imageInputs ?? []
    }

    // MARK: values

    /// Restores every parameter and `inputTime` to its default and clears `errors`; images stay.
    public func setDefaults() {
        parameterValues = [:]
        time = 0
        errors = []
        lastError = nil
    }

    /// Sets an input as Apple's key-value coding does, but refuses bad values: the previous value
    /// stays, the error goes to `lastError`/`errors` and one line to standard error. Numbers may be
    /// `Double`, `Float`, `CGFloat`, `Int` or `NSNumber`; points and rectangles `CIVector`s in Core
    /// Image coordinates; colours `CIColor`s with components in 0…1; images `CIImage`s. `nil`
    /// restores a parameter's default or removes an image.
    public func setValue(_ value: Any?, forKey key: String) {
        do {
            try setValidatedValue(value, forKey: key)
        } catch {
            errors.append(error)
            lastError = error
            Self.diagnose("\(error); keeping \(describe(self.value(forKey: key, recordingErrors: false)))")
        }
    }

    /// `setValue(_:forKey:)` that throws the refusal instead of recording it.
    public func setValidatedValue(_ value: Any?, forKey key: String) throws(CIFilterError) {
        if key == kCIOutputImageKey { throw .readOnlyKey(filter: name, key: key) }
        if imageKeys.contains(key) {
            guard let value else {
                imageValues[key] = nil
                return
            }
            guard let image = value as? CIImage else {
                throw .wrongType(filter: name, key: key, value: describe(value), expected: "CIImage")
            }
            imageValues[key] = image
            return
        }
        if key == kCIInputTimeKey {
            guard let value else {
                time = 0
                return
            }
            guard let number = Self.number(value) else {
                throw .wrongType(filter: name, key: key, value: describe(value), expected: "a number (NSNumber)")
            }
            guard number.isFinite, (0...1).contains(number) else {
                throw .invalidValue(filter: name, key: key, value: describe(value), valid: "0...1")
            }
            time = number
            return
        }
        guard let parameter = type.parameters.first(where: { $0.key == key }) else {
            throw .unknownKey(filter: name, key: key, known: inputKeys)
        }
        guard let value else {
            parameterValues[key] = nil
            return
        }
        let converted = try convert(value, for: parameter)
        do {
            _ = try parameter.validate(converted, transition: name)
        } catch {
            throw .invalidValue(filter: name, key: key, value: describe(value), valid: Self.validValues(parameter))
        }
        parameterValues[key] = converted
    }

    /// The value of an input (as Apple returns it: `NSNumber`, `CIVector`, `CIColor`, `CIImage`),
    /// or `outputImage` for `kCIOutputImageKey`. An unknown key gives nil and is recorded as
    /// `setValue` records refusals.
    public func value(forKey key: String) -> Any? {
        value(forKey: key, recordingErrors: true)
    }

    private func value(forKey key: String, recordingErrors: Bool) -> Any? {
        if key == kCIOutputImageKey { return outputImage }
        if imageKeys.contains(key) { return imageValues[key] }
        if key == kCIInputTimeKey { return NSNumber(value: time) }
        guard let parameter = type.parameters.first(where: { $0.key == key }) else {
            if recordingErrors {
                let error = CIFilterError.unknownKey(filter: name, key: key, known: inputKeys)
                errors.append(error)
                lastError = error
                Self.diagnose("\(error)")
            }
            return nil
        }
        if let stored = parameterValues[key] { return appleValue(stored, key: key) }
        // A fixed default is the transition's own (y down): show it in Core Image coordinates.
        if case let .point(p?) = parameter.kind {
            if CIFilterTransitionKinds.isOffset(key, of: type) { return CIVector(x: p.x, y: -p.y) }
            if let height = imageValues[kCIInputImageKey]?.extent.height { return CIVector(x: p.x, y: height - p.y) }
        }
        return appleValue(parameter.defaultValue, key: key)
    }

    // MARK: output

    /// The transition at `inputTime` between `inputImage` and `inputTargetImage`, rendered when its
    /// pixels are first needed; nil until both images are set. Images of different sizes are
    /// placed at the origin (bottom left) of an extent that holds both, transparent elsewhere.
    public var outputImage: CIImage? {
        guard let source = imageValues[kCIInputImageKey], let target = imageValues[kCIInputTargetImageKey] else {
            return nil
        }
        let transition = self.transition
        let progress = time
        let size = PixelSize(uncheckedWidth: max(source.pixelSize.width, target.pixelSize.width),
                             height: max(source.pixelSize.height, target.pixelSize.height))
        return CIImage(size: size) {
            let from = Self.placed(source.bitmap, in: size), to = Self.placed(target.bitmap, in: size)
            let out = Bitmap(size: size)
            try? TransitionRenderer().render(transition, from: from, to: to, progress: progress, into: out)
            return out
        }
    }

    /// The configured transition, a snapshot of the current values (not `inputTime`, which is the
    /// progress the caller passes). Its points and rectangles are converted from Core Image
    /// coordinates for each frame, so `CATransition.filter` draws what `outputImage` shows.
    public var transition: any Transition {
        var images: [String: Bitmap] = [:]
        for input in Self.extraImageInputs(of: type) {
            images[input.key] = imageValues[input.key]?.bitmap
        }
        return type.coreImageConfigured(values: parameterValues, images: images)
    }

    /// The name and every input's current value.
    public var description: String {
        "CIFilter(\(name): " + type.parameters.map { "\($0.key)=\(describe(value(forKey: $0.key, recordingErrors: false)))" }
            .joined(separator: " ") + " inputTime=\(time))"
    }

    // MARK: helpers

    /// `bitmap` at the bottom left of a transparent `size` (itself when the sizes match).
    static func placed(_ bitmap: Bitmap, in size: PixelSize) -> Bitmap {
        guard bitmap.size != size else { return bitmap }
        let canvas = Bitmap(size: size)
        canvas.copy(from: bitmap, atX: 0, y: size.height - bitmap.height)
        return canvas
    }

    static func number(_ value: Any) -> Double? {
        switch value {
        case let v as Double: v
        case let v as Float: Double(v)
        case let v as CGFloat: Double(v)
        case let v as Int: Double(v)
        case is Bool: nil
        case let v as NSNumber: v.doubleValue
        case let v as any BinaryInteger: Double(v)
        case let v as any BinaryFloatingPoint: Double(v)
        default: nil
        }
    }

    private func convert(_ value: Any, for parameter: TransitionParameter) throws(CIFilterError) -> TransitionParameterValue {
        func wrong(_ expected: String) -> CIFilterError {
            .wrongType(filter: name, key: parameter.key, value: describe(value), expected: expected)
        }
        switch parameter.kind {
        case .scalar, .angle:
            guard let number = Self.number(value) else { throw wrong("a number (NSNumber)") }
            return .number(number)
        case .point:
            guard let vector = value as? CIVector, vector.count == 2 else { throw wrong("a CIVector [x y]") }
            return .point(vector.cgPointValue)
        case .rect:
            guard let vector = value as? CIVector, vector.count == 4 else { throw wrong("a CIVector [x y width height]") }
            return .rect(vector.cgRectValue)
        case .color:
            guard let color = value as? CIColor else { throw wrong("a CIColor") }
            return .color(color.transitionColor)
        case .choice:
            guard let text = value as? String else { throw wrong("a string") }
            return .name(text)
        }
    }

    static func validValues(_ parameter: TransitionParameter) -> String {
        switch parameter.kind {
        case .rect: "a CIVector [x y width height] with finite values and width and height > 0"
        case .point: "a CIVector [x y] with finite values"
        default: parameter.validValues
        }
    }

    /// A stored value as Apple's object; `.automatic` resolved against the input image.
    private func appleValue(_ value: TransitionParameterValue, key: String) -> Any {
        switch value {
        case let .number(v): return NSNumber(value: v)
        case let .point(p): return CIVector(cgPoint: p)
        case let .rect(r): return CIVector(cgRect: r)
        case let .color(c): return CIColor(c)
        case let .name(n): return n
        case .automatic:
            let kind = type.parameters.first(where: { $0.key == key })?.kind
            let imageExtent = imageValues[kCIInputImageKey]?.extent
            if case .rect = kind {
                return CIVector(cgRect: imageExtent ?? CGRect(x: 0, y: 0, width: 300, height: 300))
            }
            var around = imageExtent ?? CGRect(x: 0, y: 0, width: 300, height: 300)
            if case let .rect(r)? = parameterValues[kCIInputExtentKey] { around = r }
            return CIVector(x: around.midX, y: around.midY)
        }
    }

    private func describe(_ value: Any?) -> String {
        switch value {
        case nil: "nil"
        case let v as CIVector: v.stringRepresentation
        case let v as CIColor: "CIColor(\(v.stringRepresentation))"
        case let v as String: "\"\(v)\""
        case let v?: "\(v)"
        }
    }

    static func diagnose(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Up to three filter names closest to `name` by edit distance, ignoring case.
    static func closestNames(to name: String) -> [String] {
        let wanted = Array(name.lowercased())
        let scored = transitionTypes.map { ($0.name, editDistance(wanted, Array($0.name.lowercased()))) }
        let limit = max(3, wanted.count / 2)
        return scored.filter { $0.1 <= limit }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
    }

    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, cb) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

extension Transition {
    /// This transition as `CIFilter` configures it: `values` (Core Image coordinates) over the
    /// defaults, and `images` for its image inputs.
    static func coreImageConfigured(values: [String: TransitionParameterValue], images: [String: Bitmap]) -> any Transition {
        var parameters = TransitionParameters(defaultsOf: Self.parameters, transition: Self.name)
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            if let updated = try? parameters.setting(key, to: value, for: Self.self) { parameters = updated }
        }
        return CIFilterTransition<Self>(coreImageParameters: parameters, explicitKeys: Set(values.keys), images: images)
    }
}
