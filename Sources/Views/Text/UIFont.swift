import Geometry

/// A font at a size, as UIKit's `UIFont`, drawn through FreeType.
///
/// The system font is DejaVu Sans (regular and bold) from Debian's `fonts-dejavu-core`;
/// `UIFont(name:size:)` also knows DejaVu Sans Mono and DejaVu Serif, and
/// `UIFont(contentsOfFile:size:)` opens any TrueType or OpenType file. Metrics are in points and
/// come from the font's design (unhinted), as UIKit's do. One point is one pixel at scale 1;
/// glyphs are rasterized at the scale of the context they are drawn into.
///
/// If a system font's file is missing, a one-line message on standard error names the file and
/// the package to install; the font still exists, keeps DejaVu Sans's metrics (so layouts keep
/// their size) and draws nothing.
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

    private init(fontName: String, familyName: String, file: FontFile?, design: DesignMetrics, size: CGFloat) {
        self.fontName = fontName
        self.familyName = familyName
        self.file = file
        self.design = design
        pointSize = size > 0 && size.isFinite ? size : 12
    }

    /// A catalog font; a missing or broken file is reported once and gives a font that draws
    /// nothing.
    private convenience init(descriptor: FontDescriptor, path: String, debianPackage: String, size: CGFloat) {
        let file: FontFile?
        switch FontLibrary.shared.file(at: path, debianPackage: debianPackage) {
        case .success(let opened): file = opened
        case .failure(let error):
            FontLibrary.shared.reportOnce(error)
            file = nil
        }
        self.init(fontName: descriptor.postScriptName, familyName: descriptor.familyName, file: file,
                  design: file?.metrics ?? .dejaVuSans, size: size)
    }

    private convenience init(descriptor: FontDescriptor, size: CGFloat) {
        self.init(descriptor: descriptor, path: FontCatalog.path(of: descriptor), debianPackage: FontCatalog.debianPackage,
                  size: size)
    }

    /// The font called `name` (a PostScript name such as "DejaVuSans-Bold", a full name such as
    /// "DejaVu Sans Bold", or a family name for its regular face; case is ignored), or nil when
    /// Kinescope does not know the name or its file is missing (reported once on standard error).
    public convenience init?(name: String, size: CGFloat) {
        guard let descriptor = FontCatalog.descriptor(named: name) else { return nil }
        let path = FontCatalog.path(of: descriptor)
        if case .failure(let error) = FontLibrary.shared.file(at: path, debianPackage: FontCatalog.debianPackage) {
            FontLibrary.shared.reportOnce(error)
            return nil
        }
        self.init(descriptor: descriptor, path: path, debianPackage: FontCatalog.debianPackage, size: size)
    }

    /// The font in the TrueType or OpenType file at `path` (Kinescope's addition: UIKit
    /// registers font files through Core Text instead). The file is read once per process.
    public convenience init(contentsOfFile path: String, size: CGFloat) throws(FontError) {
        let file = try FontLibrary.shared.file(at: path, debianPackage: nil).get()
        self.init(fontName: file.postScriptName, familyName: file.familyName, file: file, design: file.metrics, size: size)
    }

    /// A catalog-style font whose file is `path`, for tests of a missing file: it reports the
    /// failure once, naming `debianPackage`, and draws nothing.
    package convenience init(systemFontFileAt path: String, debianPackage: String, size: CGFloat) {
        self.init(descriptor: FontCatalog.systemRegular, path: path, debianPackage: debianPackage, size: size)
    }

    /// The regular system font (DejaVu Sans).
    public static func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(descriptor: FontCatalog.systemRegular, size: fontSize)
    }

    /// The bold system font (DejaVu Sans Bold).
    public static func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(descriptor: FontCatalog.systemBold, size: fontSize)
    }

    /// The system font of `weight`: DejaVu comes in two weights here, so `.semibold` and heavier
    /// give the bold face and the rest the regular one.
    public static func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        weight.rawValue >= Weight.semibold.rawValue ? boldSystemFont(ofSize: fontSize) : systemFont(ofSize: fontSize)
    }

    /// The same face at another size.
    public func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(fontName: fontName, familyName: familyName, file: file, design: design, size: fontSize)
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

    /// The families `UIFont(name:size:)` knows, whether or not their files are installed.
    public static var familyNames: [String] {
        var seen: Set<String> = []
        return FontCatalog.fonts.map(\.familyName).filter { seen.insert($0).inserted }
    }

    /// The PostScript names of the faces in `familyName`.
    public static func fontNames(forFamilyName familyName: String) -> [String] {
        FontCatalog.fonts.filter { $0.familyName.lowercased() == familyName.lowercased() }.map(\.postScriptName)
    }

    /// The glyph cache for drawing at `scale` pixels per point; nil when the font draws nothing.
    func glyphCache(scale: CGFloat) -> GlyphCache? {
        guard let file, scale > 0, scale.isFinite else { return nil }
        return FontLibrary.shared.glyphCache(for: file, pixelSize: Double(pointSize * scale))
    }

    /// How many FreeType calls drawing this font at `scale` has made so far in this process
    /// (glyph lookups, loads and kerning pairs); text already drawn makes none.
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
    }
}
