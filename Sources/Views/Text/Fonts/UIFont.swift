import Graphics
import Geometry

/// A font at a size, as UIKit's `UIFont`: a face fontconfig lists, shaped by HarfBuzz and drawn
/// through FreeType.
///
/// The system font is DejaVu Sans (Debian's `fonts-dejavu-core`) in the weight asked for
/// (DejaVu has ExtraLight, Book and Bold), or fontconfig's "sans-serif" when DejaVu is not
/// installed. `UIFont(name:size:)` finds any installed face by PostScript, full or family name;
/// `UIFont(contentsOfFile:size:)` opens any TrueType or OpenType file. Characters a font lacks
/// are drawn in the face fontconfig picks for them (CJK, Arabic, Devanagari, emoji). Metrics are
/// in points and come from the font's design (unhinted), as UIKit's do. One point is one pixel
/// at scale 1; glyphs are rasterized at the scale of the context they are drawn into.
///
/// ```swift
/// let title = UIFont.boldSystemFont(ofSize: 24)
/// let code = UIFont(name: "DejaVuSansMono", size: 13)
/// ```
public final class UIFont: Hashable, CustomStringConvertible, Sendable {
    /// The size of one em, in points. Sizes that are zero, negative or not finite become 12, the
    /// default AppKit documents for such sizes.
    public let pointSize: CGFloat
    /// The PostScript name, e.g. "DejaVuSans-Bold".
    public let fontName: String
    /// The family, e.g. "DejaVu Sans".
    public let familyName: String
    /// Nil when the file could not be used (the font then draws nothing).
    let file: FontFile?
    let design: DesignMetrics
    /// The face's fontconfig weight and slant, for `withSize` and the bold/italic variants.
    let weight: Int
    let isItalic: Bool

    private init(fontName: String, familyName: String, file: FontFile?, design: DesignMetrics, size: CGFloat,
                 weight: Int = 80, isItalic: Bool = false) {
        self.fontName = fontName
        self.familyName = familyName
        self.file = file
        self.design = design
        self.weight = weight
        self.isItalic = isItalic
        pointSize = size > 0 && size.isFinite ? min(size, 100_000) : 12
    }

    /// A fontconfig face; a missing or broken file is reported once and gives a font that
    /// draws nothing.
    private convenience init(descriptor: FontDescriptor, debianPackage: String?, size: CGFloat) {
        let file: FontFile?
        switch FontLibrary.shared.file(at: descriptor.path, index: descriptor.index, debianPackage: debianPackage) {
        case .success(let opened): file = opened
        case .failure(let error):
            FontLibrary.shared.reportOnce(error)
            file = nil
        }
        self.init(fontName: descriptor.postScriptName, familyName: descriptor.familyName, file: file,
                  design: file?.metrics ?? .dejaVuSans, size: size, weight: descriptor.weight, isItalic: descriptor.isItalic)
    }

    /// The font called `name`: an installed face's PostScript name ("DejaVuSans-Bold"), full name
    /// ("DejaVu Sans Bold") or family name (its regular face); case is ignored.
    ///
    /// UIKit returns nil for a name it does not know, but a name that exists on iOS
    /// ("Helvetica Neue") is usually missing here: Kinescope then uses the face fontconfig
    /// substitutes for it and writes one line on standard error naming both (once per name).
    /// Nil only when fontconfig has no font at all.
    public convenience init?(name: String, size: CGFloat) {
        if let descriptor = FontCatalog.descriptor(named: name) {
            self.init(descriptor: descriptor, debianPackage: nil, size: size)
            return
        }
        let substitute = FontCatalog.substitute(for: name)
        FontCatalog.reportMissing(name, substitute: substitute)
        guard let substitute else { return nil }
        self.init(descriptor: substitute, debianPackage: nil, size: size)
    }

    /// The font in the TrueType or OpenType file at `path` (Kinescope's addition: UIKit
    /// registers font files through Core Text instead). The file is read once per process;
    /// a missing, unreadable or corrupt file throws a `FontError` naming it.
    public convenience init(contentsOfFile path: String, size: CGFloat) throws(FontError) {
        let file = try FontLibrary.shared.file(at: path, debianPackage: nil).get()
        self.init(fontName: file.postScriptName, familyName: file.familyName, file: file, design: file.metrics, size: size)
    }

    /// A system-style font whose file is `path`, for tests of a missing file: it reports the
    /// failure once, naming `debianPackage`, and draws nothing.
    package convenience init(systemFontFileAt path: String, debianPackage: String, size: CGFloat) {
        let descriptor = FontDescriptor(postScriptName: "DejaVuSans", familyName: "DejaVu Sans", fullName: "DejaVu Sans",
                                        path: path, index: 0, weight: 80, slant: 0, width: 100)
        self.init(descriptor: descriptor, debianPackage: debianPackage, size: size)
    }

    /// The system family's face nearest `weight` (fontconfig's scale) and slant.
    private static func system(size: CGFloat, weight: Int, italic: Bool) -> UIFont {
        if let face = FontCatalog.face(family: FontCatalog.systemFamily, weight: weight, italic: italic) {
            return UIFont(descriptor: face, debianPackage: FontCatalog.debianPackage, size: size)
        }
        let missing = FontError.fileMissing(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                            debianPackage: FontCatalog.debianPackage)
        FontLibrary.shared.reportOnce(missing)
        return UIFont(fontName: "DejaVuSans", familyName: FontCatalog.preferredSystemFamily, file: nil, design: .dejaVuSans,
                      size: size)
    }

    /// The regular system font (DejaVu Sans Book).
    public static func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        system(size: fontSize, weight: 80, italic: false)
    }

    /// The bold system font (DejaVu Sans Bold).
    public static func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        system(size: fontSize, weight: 200, italic: false)
    }

    /// The italic system font (DejaVu Sans Oblique).
    public static func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        system(size: fontSize, weight: 80, italic: true)
    }

    /// The system font's face nearest `weight`: UIKit's weights map to fontconfig's (ultraLight
    /// 40 … regular 80, semibold 180, bold 200, black 210) and the installed face closest to
    /// that is used (DejaVu Sans: ExtraLight for ultraLight to light, Book up to medium, Bold
    /// from semibold).
    public static func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        system(size: fontSize, weight: weight.fontconfigWeight, italic: false)
    }

    /// The same face at another size.
    public func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(fontName: fontName, familyName: familyName, file: file, design: design, size: fontSize, weight: weight,
               isItalic: isItalic)
    }

    /// Points above the baseline that the font's tallest glyphs reach (positive).
    public var ascender: CGFloat { CGFloat(design.scaled(design.ascender, to: Double(pointSize))) }
    /// Points below the baseline that descenders reach, negative as in UIKit.
    public var descender: CGFloat { CGFloat(design.scaled(design.descender, to: Double(pointSize))) }
    /// Baseline to baseline, in points: ascender − descender + leading.
    public var lineHeight: CGFloat { CGFloat(design.scaled(design.lineHeight, to: Double(pointSize))) }
    /// The extra space the font puts between lines, in points.
    public var leading: CGFloat { lineHeight - ascender + descender }
    /// The height of capital letters, in points.
    public var capHeight: CGFloat { CGFloat(design.scaled(design.capHeight, to: Double(pointSize))) }
    /// The height of lower-case x, in points.
    public var xHeight: CGFloat { CGFloat(design.scaled(design.xHeight, to: Double(pointSize))) }

    /// UIKit's standard sizes, in points.
    public static var labelFontSize: CGFloat { 17 }
    public static var buttonFontSize: CGFloat { 18 }
    public static var systemFontSize: CGFloat { 14 }
    public static var smallSystemFontSize: CGFloat { 12 }

    /// The installed families, as fontconfig lists them, sorted.
    public static var familyNames: [String] {
        Array(Set(FontCatalog.faces.map(\.familyName))).sorted()
    }

    /// The PostScript names of the installed faces of `familyName` (case is ignored), lightest
    /// first; empty for a family that is not installed.
    public static func fontNames(forFamilyName familyName: String) -> [String] {
        var seen: Set<String> = []
        return FontCatalog.faces.filter { $0.familyName.lowercased() == familyName.lowercased() }
            .map(\.postScriptName).filter { seen.insert($0).inserted }
    }

    /// The glyph cache for drawing at `scale` pixels per point; nil when the font draws nothing.
    func glyphCache(scale: CGFloat) -> GlyphCache? {
        guard let file, scale > 0, scale.isFinite else { return nil }
        return FontLibrary.shared.glyphCache(for: file, pixelSize: Double(pointSize * scale))
    }

    /// How many FreeType glyph loads drawing this font at `scale` has made so far in this
    /// process; text already drawn makes none.
    package func freeTypeCallCount(scale: CGFloat = 1) -> Int {
        glyphCache(scale: scale)?.freeTypeCallCount ?? 0
    }

    public static func == (lhs: UIFont, rhs: UIFont) -> Bool {
        lhs.fontName == rhs.fontName && lhs.pointSize == rhs.pointSize && lhs.file === rhs.file
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fontName)
        hasher.combine(pointSize)
    }

    public var description: String { "UIFont(\(fontName), \(pointSize) pt)" }
}

extension UIFont {
    /// A font weight, with UIKit's raw values (−1 lightest … 1 heaviest, regular 0).
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)

        /// fontconfig's weight for this one, interpolated between UIKit's named weights.
        var fontconfigWeight: Int {
            let table: [(CGFloat, Double)] = [(-0.8, 40), (-0.6, 45), (-0.4, 50), (0, 80), (0.23, 100), (0.3, 180),
                                              (0.4, 200), (0.56, 205), (0.62, 210)]
            guard rawValue.isFinite else { return 80 }
            if rawValue <= table[0].0 { return 40 }
            for (a, b) in zip(table, table.dropFirst()) where rawValue <= b.0 {
                return Int((a.1 + (b.1 - a.1) * Double((rawValue - a.0) / (b.0 - a.0))).rounded())
            }
            return 210
        }
    }
}
