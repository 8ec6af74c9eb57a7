import Foundation

extension AttributeScopes {
    /// UIKit's attributes for Swift's `AttributedString`, as Apple's `AttributeScopes.UIKitAttributes`:
    /// each one is an `NSAttributedString.Key` of this module under its Swift name, so that
    ///
    /// ```swift
    /// var title = AttributedString("Buy")
    /// title.font = .boldSystemFont(ofSize: 20)
    /// title.foregroundColor = .systemRed
    /// label.attributedText = NSAttributedString(title)
    /// ```
    ///
    /// ports as it is. Foundation's own attributes (`link`, `languageIdentifier`…) are in the
    /// scope too, but do not cross to `NSAttributedString` (Kinescope's text draws none). Not here (Kinescope's text stack does not draw them): `tracking`,
    /// `obliqueness`, `expansion`, `attachment`, `textEffect` and the accessibility attributes.
    public struct UIKitAttributes: AttributeScope {
        /// The font (`NSAttributedString.Key.font`).
        public let font: FontAttribute
        /// The text colour.
        public let foregroundColor: ForegroundColorAttribute
        /// The colour behind the text.
        public let backgroundColor: BackgroundColorAttribute
        /// Points added after each character.
        public let kern: KernAttribute
        /// The paragraph's layout, read at its first character.
        public let paragraphStyle: ParagraphStyleAttribute
        /// The underline.
        public let underlineStyle: UnderlineStyleAttribute
        /// The underline's colour (default: the text colour).
        public let underlineColor: UnderlineColorAttribute
        /// The line through the text.
        public let strikethroughStyle: StrikethroughStyleAttribute
        /// The strikethrough's colour (default: the text colour).
        public let strikethroughColor: StrikethroughColorAttribute
        /// The outline's width in percent of the point size; negative fills and strokes.
        public let strokeWidth: StrokeWidthAttribute
        /// The outline's colour (default: the text colour).
        public let strokeColor: StrokeColorAttribute
        /// A blurred shadow under the glyphs.
        public let shadow: ShadowAttribute
        /// Points the glyphs are raised above the baseline.
        public let baselineOffset: BaselineOffsetAttribute
        /// 0 turns ligatures off; 1, the default, keeps them.
        public let ligature: LigatureAttribute
        /// Foundation's own attributes (`link`, `languageIdentifier`…).
        public let foundation: FoundationAttributes

        /// `NSAttributedString.Key.font`: a `UIFont`.
        public enum FontAttribute: AttributedStringKey {
            public typealias Value = UIFont
            public static let name = NSAttributedString.Key.font.rawValue
        }
        /// `NSAttributedString.Key.foregroundColor`: the text's `UIColor`.
        public enum ForegroundColorAttribute: AttributedStringKey {
            public typealias Value = UIColor
            public static let name = NSAttributedString.Key.foregroundColor.rawValue
        }
        /// `NSAttributedString.Key.backgroundColor`: the `UIColor` behind the text.
        public enum BackgroundColorAttribute: AttributedStringKey {
            public typealias Value = UIColor
            public static let name = NSAttributedString.Key.backgroundColor.rawValue
        }
        /// `NSAttributedString.Key.kern`: points added after each character.
        public enum KernAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = NSAttributedString.Key.kern.rawValue
        }
        /// `NSAttributedString.Key.paragraphStyle`, read at each paragraph's first character.
        public enum ParagraphStyleAttribute: AttributedStringKey {
            public typealias Value = NSParagraphStyle
            public static let name = NSAttributedString.Key.paragraphStyle.rawValue
        }
        /// `NSAttributedString.Key.underlineStyle`.
        public enum UnderlineStyleAttribute: AttributedStringKey {
            public typealias Value = NSUnderlineStyle
            public static let name = NSAttributedString.Key.underlineStyle.rawValue
        }
        /// `NSAttributedString.Key.underlineColor`; without it, the foreground colour.
        public enum UnderlineColorAttribute: AttributedStringKey {
            public typealias Value = UIColor
            public static let name = NSAttributedString.Key.underlineColor.rawValue
        }
        /// `NSAttributedString.Key.strikethroughStyle`.
        public enum StrikethroughStyleAttribute: AttributedStringKey {
            public typealias Value = NSUnderlineStyle
            public static let name = NSAttributedString.Key.strikethroughStyle.rawValue
        }
        /// `NSAttributedString.Key.strikethroughColor`; without it, the foreground colour.
        public enum StrikethroughColorAttribute: AttributedStringKey {
            public typealias Value = UIColor
            public static let name = NSAttributedString.Key.strikethroughColor.rawValue
        }
        /// `NSAttributedString.Key.strokeWidth`, in percent of the point size (negative: fill
        /// and stroke).
        public enum StrokeWidthAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = NSAttributedString.Key.strokeWidth.rawValue
        }
        /// `NSAttributedString.Key.strokeColor`; without it, the foreground colour.
        public enum StrokeColorAttribute: AttributedStringKey {
            public typealias Value = UIColor
            public static let name = NSAttributedString.Key.strokeColor.rawValue
        }
        /// `NSAttributedString.Key.shadow`: an `NSShadow`.
        public enum ShadowAttribute: AttributedStringKey {
            public typealias Value = NSShadow
            public static let name = NSAttributedString.Key.shadow.rawValue
        }
        /// `NSAttributedString.Key.baselineOffset`: points above the baseline.
        public enum BaselineOffsetAttribute: AttributedStringKey {
            public typealias Value = CGFloat
            public static let name = NSAttributedString.Key.baselineOffset.rawValue
        }
        /// `NSAttributedString.Key.ligature`: 0 turns ligatures off, 1 (the default) keeps them.
        public enum LigatureAttribute: AttributedStringKey {
            public typealias Value = Int
            public static let name = NSAttributedString.Key.ligature.rawValue
        }
    }

    /// UIKit's attribute scope, for key paths such as `\.uiKit`.
    public var uiKit: UIKitAttributes.Type { UIKitAttributes.self }
}

extension AttributeDynamicLookup {
    /// Lets an `AttributedString`, a run or an `AttributeContainer` read and set UIKit's
    /// attributes by their Swift names (`string.font = …`).
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.UIKitAttributes, T>) -> T {
        self[T.self]
    }
}

/// Moves UIKit's attributes between `AttributeContainer`s and `NSAttributedString` attribute
/// dictionaries. Each key is read with its value's type, so a dictionary value of another type
/// (an `Int` under `.underlineStyle`, say, which UIKit also accepts) is converted where it has a
/// meaning and dropped where it has none.
enum UIKitAttributeBridge {
    typealias Scope = AttributeScopes.UIKitAttributes

    /// The dictionary holding `container`'s UIKit attributes.
    static func dictionary(of container: AttributeContainer) -> [NSAttributedString.Key: Any] {
        var result: [NSAttributedString.Key: Any] = [:]
        func put<K: AttributedStringKey>(_ key: K.Type) where K.Value: Sendable {
            if let value = container[K.self] { result[NSAttributedString.Key(K.name)] = value }
        }
        put(Scope.FontAttribute.self)
        put(Scope.ForegroundColorAttribute.self)
        put(Scope.BackgroundColorAttribute.self)
        put(Scope.KernAttribute.self)
        put(Scope.ParagraphStyleAttribute.self)
        put(Scope.UnderlineStyleAttribute.self)
        put(Scope.UnderlineColorAttribute.self)
        put(Scope.StrikethroughStyleAttribute.self)
        put(Scope.StrikethroughColorAttribute.self)
        put(Scope.StrokeWidthAttribute.self)
        put(Scope.StrokeColorAttribute.self)
        put(Scope.ShadowAttribute.self)
        put(Scope.BaselineOffsetAttribute.self)
        put(Scope.LigatureAttribute.self)
        return result
    }

    /// The container holding the UIKit attributes of `attributes` that have a Swift value.
    static func container(of attributes: [NSAttributedString.Key: Any]) -> AttributeContainer {
        var result = AttributeContainer()
        func number(_ key: NSAttributedString.Key) -> CGFloat? {
            switch attributes[key] {
            case let value as CGFloat: value
            case let value as Double: CGFloat(value)
            case let value as Int: CGFloat(value)
            case let value as NSNumber: CGFloat(value.doubleValue)
            default: nil
            }
        }
        func lines(_ key: NSAttributedString.Key) -> NSUnderlineStyle? {
            switch attributes[key] {
            case let value as NSUnderlineStyle: value
            case let value as Int: NSUnderlineStyle(rawValue: value)
            case let value as NSNumber: NSUnderlineStyle(rawValue: value.intValue)
            default: nil
            }
        }
        result[Scope.FontAttribute.self] = attributes[.font] as? UIFont
        result[Scope.ForegroundColorAttribute.self] = attributes[.foregroundColor] as? UIColor
        result[Scope.BackgroundColorAttribute.self] = attributes[.backgroundColor] as? UIColor
        result[Scope.KernAttribute.self] = number(.kern)
        result[Scope.ParagraphStyleAttribute.self] = attributes[.paragraphStyle] as? NSParagraphStyle
        result[Scope.UnderlineStyleAttribute.self] = lines(.underlineStyle)
        result[Scope.UnderlineColorAttribute.self] = attributes[.underlineColor] as? UIColor
        result[Scope.StrikethroughStyleAttribute.self] = lines(.strikethroughStyle)
        result[Scope.StrikethroughColorAttribute.self] = attributes[.strikethroughColor] as? UIColor
        result[Scope.StrokeWidthAttribute.self] = number(.strokeWidth)
        result[Scope.StrokeColorAttribute.self] = attributes[.strokeColor] as? UIColor
        result[Scope.ShadowAttribute.self] = attributes[.shadow] as? NSShadow
        result[Scope.BaselineOffsetAttribute.self] = number(.baselineOffset)
        result[Scope.LigatureAttribute.self] = number(.ligature).flatMap { $0.isFinite ? Int(exactly: $0.rounded()) : nil }
        return result
    }
}

extension AttributeContainer {
    /// The container of the UIKit attributes in `dictionary`, as Apple's `AttributeContainer(_:)`
    /// (`AttributeContainer([.font: UIFont.boldSystemFont(ofSize: 20)])`); keys outside UIKit's
    /// scope, and values of a type their key does not take, are left out.
    public init(_ dictionary: [NSAttributedString.Key: Any]) {
        self = UIKitAttributeBridge.container(of: dictionary)
    }
}

extension NSAttributedString {
    /// The same text with its UIKit attributes, as Apple's `NSAttributedString(_:)`; attributes
    /// of other scopes (Foundation's `link`, which Kinescope's text does not draw, among them)
    /// are left out.
    public convenience init(_ attributedString: AttributedString) {
        let result = NSMutableAttributedString(string: "")
        for run in attributedString.runs {
            let text = String(attributedString.characters[run.range])
            result.append(NSAttributedString(string: text, attributes: UIKitAttributeBridge.dictionary(of: run.attributes)))
        }
        self.init(attributedString: result)
    }
}

extension AttributedString {
    /// The same text with the attributes UIKit's scope names, as Apple's `AttributedString(_:)`;
    /// keys outside it are left out, and so is a value whose type the key does not take.
    public init(_ attributedString: NSAttributedString) {
        var result = AttributedString()
        let whole = NSRange(location: 0, length: attributedString.length)
        let text = attributedString.string as NSString
        attributedString.enumerateAttributes(in: whole, options: []) { attributes, range, _ in
            result.append(AttributedString(text.substring(with: range), attributes: UIKitAttributeBridge.container(of: attributes)))
        }
        self = result
    }
}
