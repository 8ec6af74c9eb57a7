import Foundation
import Geometry

extension CIFilter {
    /// Apple's attribute dictionary: `kCIAttributeFilterName`, `kCIAttributeFilterDisplayName`,
    /// `kCIAttributeFilterCategories`, and for every input key a dictionary with
    /// `kCIAttributeClass`, `kCIAttributeType`, `kCIAttributeDisplayName`,
    /// `kCIAttributeDescription` and, for numbers, `kCIAttributeDefault`, `kCIAttributeMin`,
    /// `kCIAttributeMax`, `kCIAttributeSliderMin`, `kCIAttributeSliderMax`
    /// (`kCIAttributeIdentity` too for `inputTime`).
    ///
    /// Minimums are Apple's. Where Apple gives no maximum the largest accepted value is reported
    /// (values above it are refused). Angles have no minimum or maximum: any finite angle is
    /// reduced into −π…π. Defaults of `inputExtent` and `inputCenter` are Apple's `[0 0 300 300]`
    /// and `[150 150]`; the filter itself follows the input image (see `CIFilter`).
    public var attributes: [String: Any] {
        var result: [String: Any] = [
            kCIAttributeFilterName: name,
            kCIAttributeFilterDisplayName: Self.displayName(of: type),
            kCIAttributeFilterCategories: Self.categories,
        ]
        result[kCIInputImageKey] = imageAttributes("Image",
                                                   "The image to use as an input for the effect.")
        result[kCIInputTargetImageKey] = imageAttributes("Target Image", "The target image for a transition.")
        for input in Self.extraImageInputs(of: type) {
            result[input.key] = imageAttributes(input.displayName, input.description)
        }
        result[kCIInputTimeKey] = [
            kCIAttributeClass: "NSNumber",
            kCIAttributeType: kCIAttributeTypeTime,
            kCIAttributeDisplayName: "Time",
            kCIAttributeDescription: "The parametric time of the transition. This value drives the transition from start (at time 0) to end (at time 1).",
            kCIAttributeDefault: NSNumber(value: 0.0),
            kCIAttributeIdentity: NSNumber(value: 0.0),
            kCIAttributeMin: NSNumber(value: 0.0),
            kCIAttributeMax: NSNumber(value: 1.0),
            kCIAttributeSliderMin: NSNumber(value: 0.0),
            kCIAttributeSliderMax: NSNumber(value: 1.0),
        ] as [String: Any]
        for parameter in type.parameters {
            result[parameter.key] = attributes(of: parameter)
        }
        return result
    }

    private func imageAttributes(_ displayName: String, _ description: String) -> [String: Any] {
        [kCIAttributeClass: "CIImage", kCIAttributeType: kCIAttributeTypeImage,
         kCIAttributeDisplayName: displayName, kCIAttributeDescription: description]
    }

    private func attributes(of parameter: TransitionParameter) -> [String: Any] {
        let info = (type as? any CoreImageTransition.Type)?.attributeInfo[parameter.key]
        var entry: [String: Any] = [
            kCIAttributeDisplayName: info?.displayName ?? Self.displayName(forKey: parameter.key),
            kCIAttributeDescription: info?.description ?? "",
        ]
        switch parameter.kind {
        case let .scalar(value, range):
            entry[kCIAttributeClass] = "NSNumber"
            entry[kCIAttributeType] = info?.attributeType ?? kCIAttributeTypeScalar
            entry[kCIAttributeDefault] = NSNumber(value: value)
            entry[kCIAttributeMin] = NSNumber(value: range.lowerBound)
            entry[kCIAttributeMax] = NSNumber(value: range.upperBound)
            let slider = info?.slider ?? range
            entry[kCIAttributeSliderMin] = NSNumber(value: slider.lowerBound)
            entry[kCIAttributeSliderMax] = NSNumber(value: slider.upperBound)
        case let .angle(value):
            entry[kCIAttributeClass] = "NSNumber"
            entry[kCIAttributeType] = kCIAttributeTypeAngle
            entry[kCIAttributeDefault] = NSNumber(value: value)
            let slider = info?.slider ?? -Double.pi...Double.pi
            entry[kCIAttributeSliderMin] = NSNumber(value: slider.lowerBound)
            entry[kCIAttributeSliderMax] = NSNumber(value: slider.upperBound)
        case let .point(value):
            entry[kCIAttributeClass] = "CIVector"
            let offset = CIFilterTransitionKinds.isOffset(parameter.key, of: type)
            entry[kCIAttributeType] = info?.attributeType ?? (offset ? kCIAttributeTypeOffset : kCIAttributeTypePosition)
            // Stored y-down in the transition; Apple's attributes are y-up. Offsets flip sign;
            // a fixed position would need the image height, which attributes do not know.
            if let value {
                entry[kCIAttributeDefault] = offset ? CIVector(x: value.x, y: -value.y) : CIVector(cgPoint: value)
            } else {
                entry[kCIAttributeDefault] = CIVector(x: 150, y: 150)
            }
        case let .rect(value):
            entry[kCIAttributeClass] = "CIVector"
            entry[kCIAttributeType] = info?.attributeType ?? kCIAttributeTypeRectangle
            entry[kCIAttributeDefault] = CIVector(cgRect: value ?? CGRect(x: 0, y: 0, width: 300, height: 300))
        case let .color(value):
            entry[kCIAttributeClass] = "CIColor"
            entry[kCIAttributeType] = info?.attributeType ?? kCIAttributeTypeColor
            entry[kCIAttributeDefault] = CIColor(value)
        case let .choice(value, _):
            entry[kCIAttributeClass] = "NSString"
            entry[kCIAttributeDefault] = value
        }
        return entry
    }

    /// A filter's display name: Apple's for the Core Image transitions, else the name without
    /// "CI" and split into words.
    static func displayName(of type: any Transition.Type) -> String {
        if let ci = type as? any CoreImageTransition.Type { return ci.displayName }
        return displayName(forKey: String(type.name.dropFirst(2)))
    }

    /// "inputShadowAmount" → "Shadow Amount".
    static func displayName(forKey key: String) -> String {
        let bare = key.hasPrefix("input") ? String(key.dropFirst(5)) : key
        var words = "", previous: Character?
        for c in bare {
            if c.isUppercase, let p = previous, p.isLowercase { words.append(" ") }
            words.append(c)
            previous = c
        }
        return words
    }
}

/// Which point parameters are offsets, for transitions that say so and those that do not.
enum CIFilterTransitionKinds {
    static func isOffset(_ key: String, of type: any Transition.Type) -> Bool {
        if let info = (type as? any CoreImageTransition.Type)?.attributeInfo[key] {
            return info.attributeType == kCIAttributeTypeOffset
        }
        return key.hasSuffix("Offset")
    }
}
