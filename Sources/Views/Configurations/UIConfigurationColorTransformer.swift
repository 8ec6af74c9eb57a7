import Foundation

/// A function from one colour to another that a configuration applies to the colour it resolved
/// (a button's background, stroke, image or activity indicator), as UIKit's
/// `UIConfigurationColorTransformer`.
///
/// Two transformers are equal when they are the same value (copies of one transformer); two made
/// from equal-looking closures are not, as closures cannot be compared.
public struct UIConfigurationColorTransformer: Hashable {
    private let function: IdentifiedFunction<UIColor>

    /// The function.
    public var transform: (UIColor) -> UIColor { function.body }

    /// A transformer running `transform`.
    public init(_ transform: @escaping (UIColor) -> UIColor) {
        function = IdentifiedFunction(transform)
    }

    /// `transform(color)`.
    public func callAsFunction(_ color: UIColor) -> UIColor { function.body(color) }

    /// The colour's gray of the same luminance (Rec. 709 weights of its red, green and blue), with
    /// its alpha. Apple documents "a grayscale version of the original color" without a formula.
    @MainActor public static let grayscale = UIConfigurationColorTransformer { color in
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        guard color.getRed(&red, green: &green, blue: &blue, alpha: &alpha) else { return color }
        return UIColor(white: 0.2126 * red + 0.7152 * green + 0.0722 * blue, alpha: alpha)
    }
}

/// A function from one set of text attributes to another that a configuration applies to its
/// title's and subtitle's attributes (font, colour…) before drawing them, as UIKit's
/// `UIConfigurationTextAttributesTransformer`:
///
/// ```swift
/// configuration.titleTextAttributesTransformer = UIConfigurationTextAttributesTransformer { incoming in
///     var outgoing = incoming
///     outgoing.font = .boldSystemFont(ofSize: 20)
///     return outgoing
/// }
/// ```
///
/// Equal when they are the same value, as `UIConfigurationColorTransformer`.
public struct UIConfigurationTextAttributesTransformer: Hashable {
    private let function: IdentifiedFunction<AttributeContainer>

    /// The function.
    public var transform: (AttributeContainer) -> AttributeContainer { function.body }

    /// A transformer running `transform`.
    public init(_ transform: @escaping (AttributeContainer) -> AttributeContainer) {
        function = IdentifiedFunction(transform)
    }

    /// `transform(attributes)`.
    public func callAsFunction(_ attributes: AttributeContainer) -> AttributeContainer { function.body(attributes) }
}

/// A function of a value to a value of its type, with an identity that copies share, so that
/// configurations holding one can be compared and hashed.
private struct IdentifiedFunction<Value>: Hashable {
    let body: (Value) -> Value
    private let identity = Identity()

    init(_ body: @escaping (Value) -> Value) { self.body = body }

    static func == (a: Self, b: Self) -> Bool { a.identity === b.identity }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(identity)) }
}

/// What makes copies of one transformer equal and other transformers not.
private final class Identity {}
