// Core Image's string constants, with Apple's names and Apple's values, so that code written
// against Core Image (`filter.setValue(image, forKey: kCIInputImageKey)`,
// `attributes[kCIAttributeSliderMax]`) compiles and behaves the same.

/// The filter's name (`attributes[kCIAttributeFilterName]`).
public let kCIAttributeFilterName = "CIAttributeFilterName"
/// The filter's localized display name.
public let kCIAttributeFilterDisplayName = "CIAttributeFilterDisplayName"
/// A description of a filter or an input.
public let kCIAttributeDescription = "CIAttributeDescription"
/// The first macOS version with the filter.
public let kCIAttributeFilterAvailable_Mac = "CIAttributeFilterAvailable_Mac"
/// The first iOS version with the filter.
public let kCIAttributeFilterAvailable_iOS = "CIAttributeFilterAvailable_iOS"
/// The categories the filter belongs to (an array of `kCICategory…` strings).
public let kCIAttributeFilterCategories = "CIAttributeFilterCategories"
/// The class name of an input's values: `"NSNumber"`, `"CIVector"`, `"CIColor"`, `"CIImage"`.
public let kCIAttributeClass = "CIAttributeClass"
/// The meaning of an input's values (`kCIAttributeType…`).
public let kCIAttributeType = "CIAttributeType"
/// The smallest value an input accepts.
public let kCIAttributeMin = "CIAttributeMin"
/// The largest value an input accepts.
public let kCIAttributeMax = "CIAttributeMax"
/// The smallest value a slider for the input should offer.
public let kCIAttributeSliderMin = "CIAttributeSliderMin"
/// The largest value a slider for the input should offer.
public let kCIAttributeSliderMax = "CIAttributeSliderMax"
/// An input's default value.
public let kCIAttributeDefault = "CIAttributeDefault"
/// The value for which an input has no effect.
public let kCIAttributeIdentity = "CIAttributeIdentity"
/// An input's key.
public let kCIAttributeName = "CIAttributeName"
/// An input's localized display name.
public let kCIAttributeDisplayName = "CIAttributeDisplayName"

/// A parametric time, 0…1.
public let kCIAttributeTypeTime = "CIAttributeTypeTime"
/// A plain number.
public let kCIAttributeTypeScalar = "CIAttributeTypeScalar"
/// A distance in pixels.
public let kCIAttributeTypeDistance = "CIAttributeTypeDistance"
/// An angle in radians.
public let kCIAttributeTypeAngle = "CIAttributeTypeAngle"
/// A position `[x y]` in working-space coordinates (origin bottom left, y up).
public let kCIAttributeTypePosition = "CIAttributeTypePosition"
/// An offset `[dx dy]` (y up).
public let kCIAttributeTypeOffset = "CIAttributeTypeOffset"
/// A rectangle `[x y w h]` (origin bottom left, y up).
public let kCIAttributeTypeRectangle = "CIAttributeTypeRectangle"
/// A colour whose alpha is used.
public let kCIAttributeTypeColor = "CIAttributeTypeColor"
/// A colour whose alpha is ignored.
public let kCIAttributeTypeOpaqueColor = "CIAttributeTypeOpaqueColor"
/// An image.
public let kCIAttributeTypeImage = "CIAttributeTypeImage"

/// Filters that transition between two images.
public let kCICategoryTransition = "CICategoryTransition"
/// Filters that work on video.
public let kCICategoryVideo = "CICategoryVideo"
/// Filters that work on still images.
public let kCICategoryStillImage = "CICategoryStillImage"
/// Filters that ship with the system.
public let kCICategoryBuiltIn = "CICategoryBuiltIn"
/// Filters that accept extended-range values.
public let kCICategoryHighDynamicRange = "CICategoryHighDynamicRange"

/// The starting image of a transition.
public let kCIInputImageKey = "inputImage"
/// The ending image of a transition.
public let kCIInputTargetImageKey = "inputTargetImage"
/// A transition's parametric time.
public let kCIInputTimeKey = "inputTime"
/// The region an effect runs in.
public let kCIInputExtentKey = "inputExtent"
/// The centre of an effect.
public let kCIInputCenterKey = "inputCenter"
/// An angle.
public let kCIInputAngleKey = "inputAngle"
/// A width.
public let kCIInputWidthKey = "inputWidth"
/// A radius.
public let kCIInputRadiusKey = "inputRadius"
/// A scale.
public let kCIInputScaleKey = "inputScale"
/// A colour.
public let kCIInputColorKey = "inputColor"
/// A mask image.
public let kCIInputMaskImageKey = "inputMaskImage"
/// A shading image.
public let kCIInputShadingImageKey = "inputShadingImage"
/// The filter's result.
public let kCIOutputImageKey = "outputImage"
