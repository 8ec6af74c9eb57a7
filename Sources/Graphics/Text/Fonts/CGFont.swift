import CFreeType
import Foundation
import Geometry

/// Core Foundation's string as Core Graphics takes it (`CGFont("Helvetica" as CFString)`):
/// swift-corelibs-foundation exposes no `CFString`, so Kinescope's is a Swift string and the
/// cast ports unchanged.
public typealias CFString = String

/// A glyph index in a font (Core Graphics' `CGGlyph`).
public typealias CGGlyph = UInt16

/// A font face independent of size, as Core Graphics' `CGFont`: what `CATextLayer.font` and
/// `CGContext.setFont(_:)` take, read from an installed font file through fontconfig and
/// FreeType. Metrics are in the face's design units (`unitsPerEm` to the em), as Apple gives
/// them.
public final class CGFont: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The face's file, read once per process and shared with every `UIFont` of it.
    package let file: FontFile
    /// The face's full name ("DejaVu Sans Bold").
    private let faceFullName: String
    /// Face-wide values read once from the file's tables.
    private let numbers: (glyphs: Int, bbox: CGRect, italicAngle: CGFloat, leading: Int32)
    /// A FreeType library and face at design units of the font's own, for the glyph queries
    /// (FreeType allows a library per thread of use; `lock` serialises this one's).
    private let library: FT_Library?
    private let face: FT_Face?
    private let lock = NSLock()
    /// Outlines made so far, in ems (see `outline(of:)`).
    private var outlines: [CGGlyph: CGPath] = [:]

    /// The installed face called `name`: a PostScript name ("DejaVuSans-Bold", what
    /// `UIFont.fontName` gives), a full name or a family name (its regular face); case is
    /// ignored. Apple returns nil for a name it does not know; a name that exists on iOS
    /// ("Helvetica") is usually missing here, so Kinescope gives the face fontconfig substitutes
    /// for it and writes one line on standard error naming both, as `UIFont(name:size:)` does.
    /// Nil only when no installed face can stand in, or its file cannot be read (reported once).
    public convenience init?(_ name: CFString) {
        var descriptor = FontCatalog.descriptor(named: name)
        if descriptor == nil {
            descriptor = FontCatalog.substitute(for: name)
            FontCatalog.reportMissing(name, substitute: descriptor)
        }
        guard let descriptor else { return nil }
        switch FontLibrary.shared.file(at: descriptor.path, index: descriptor.index, debianPackage: nil) {
        case let .success(file): self.init(file: file, fullName: descriptor.fullName)
        case let .failure(error):
            FontLibrary.shared.reportOnce(error)
            return nil
        }
    }

    /// The font whose file's bytes `provider` holds (a TrueType or OpenType file, or the first
    /// face of a collection), as Apple's `CGFont(_:)` of a data provider: nil when they are not a
    /// font, with one line on standard error saying why (Apple returns nil silently). The font
    /// is not registered under its name: `CGFont("its name")` and `UIFont(name:size:)` still look
    /// among the installed fonts (Apple's `CTFontManagerRegisterGraphicsFont` is not provided).
    public convenience init?(_ provider: CGDataProvider) {
        guard let data = provider.data else { return nil }
        switch FontLibrary.shared.file(data: data) {
        case let .success(file): self.init(file: file, fullName: nil)
        case let .failure(error):
            FontLibrary.shared.reportOnce(error)
            return nil
        }
    }

    /// The face in the font file at `path` (Kinescope's addition, beside Apple's
    /// `init?(_ provider:)`): a missing, unreadable or corrupt file throws a `FontError` naming
    /// it.
    public convenience init(contentsOfFile path: String) throws(FontError) {
        let file = try FontLibrary.shared.file(at: path, debianPackage: nil).get()
        self.init(file: file, fullName: nil)
    }

    private init(file: FontFile, fullName: String?) {
        self.file = file
        var library: FT_Library?
        var face: FT_Face?
        if FT_Init_FreeType(&library) == 0, let library {
            _ = FT_New_Memory_Face(library, file.bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                                   FT_Long(file.bytes.count), FT_Long(file.index), &face)
        }
        self.library = library
        self.face = face
        let read = face.map { face -> (Int, CGRect, CGFloat, Int32, String) in
            let f = face.pointee
            let box = CGRect(x: CGFloat(f.bbox.xMin), y: CGFloat(f.bbox.yMin), width: CGFloat(f.bbox.xMax - f.bbox.xMin),
                             height: CGFloat(f.bbox.yMax - f.bbox.yMin))
            var angle: CGFloat = 0
            if let post = FT_Get_Sfnt_Table(face, FT_SFNT_POST)?.assumingMemoryBound(to: TT_Postscript.self) {
                angle = CGFloat(post.pointee.italicAngle) / 65536
            }
            let family = f.family_name.map { String(cString: $0) } ?? file.familyName
            let style = f.style_name.map { String(cString: $0) } ?? ""
            let name = Self.sfntFullName(face) ?? (style.isEmpty || style == "Regular" ? family : "\(family) \(style)")
            return (Int(f.num_glyphs), box, angle, Int32(f.height) - Int32(f.ascender) + Int32(f.descender), name)
        }
        numbers = (read?.0 ?? 0, read?.1 ?? .zero, read?.2 ?? 0, max(0, read?.3 ?? 0))
        faceFullName = fullName ?? read?.4 ?? file.familyName
    }

    /// The full name the face's `name` table gives (name ID 4), Windows Unicode or Mac Roman.
    private static func sfntFullName(_ face: FT_Face) -> String? {
        var fallback: String?
        for index in 0..<FT_Get_Sfnt_Name_Count(face) {
            var entry = FT_SfntName()
            guard FT_Get_Sfnt_Name(face, index, &entry) == 0, entry.name_id == 4, let bytes = entry.string else { continue }
            let data = Data(bytes: bytes, count: Int(entry.string_len))
            if entry.platform_id == 3 || entry.platform_id == 0 {
                if let name = String(data: data, encoding: .utf16BigEndian), !name.isEmpty { return name }
            } else if entry.platform_id == 1, entry.encoding_id == 0, fallback == nil {
                fallback = String(data: data, encoding: .macOSRoman)
            }
        }
        return fallback
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// Runs `body` on the design-unit face under the lock; nil when FreeType made none.
    private func withFace<T>(_ body: (FT_Face) -> T) -> T? {
        guard let face else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return body(face)
    }

    /// The PostScript name ("DejaVuSans-Bold").
    public var postScriptName: CFString? { file.postScriptName }
    /// The full name ("DejaVu Sans Bold").
    public var fullName: CFString? { faceFullName }
    /// Design units per em (2048 for most TrueType faces, 1000 for most CFF ones).
    public var unitsPerEm: Int32 { Int32(file.metrics.unitsPerEm) }
    /// The ascender above the baseline, design units.
    public var ascent: Int32 { Int32(file.metrics.ascender.rounded()) }
    /// The descender, negative below the baseline, design units.
    public var descent: Int32 { Int32(file.metrics.descender.rounded()) }
    /// The line gap between one line's descender and the next one's ascender, design units.
    public var leading: Int32 { numbers.leading }
    /// The height of flat capitals, design units.
    public var capHeight: Int32 { Int32(file.metrics.capHeight.rounded()) }
    /// The height of flat lower-case letters, design units.
    public var xHeight: Int32 { Int32(file.metrics.xHeight.rounded()) }
    /// Degrees counter-clockwise from vertical of the face's upright strokes (negative for a
    /// face leaning right), from its `post` table.
    public var italicAngle: CGFloat { numbers.italicAngle }
    /// The box enclosing every glyph, design units, y up.
    public var fontBBox: CGRect { numbers.bbox }
    /// The number of glyphs in the face.
    public var numberOfGlyphs: Int { numbers.glyphs }

    /// The glyph called `name` in the face's `post` table ("A", "uni00E9"), or 0 (`.notdef`)
    /// when it has none of that name.
    public func getGlyphWithGlyphName(name: CFString) -> CGGlyph {
        withFace { face in
            name.withCString { CGGlyph(truncatingIfNeeded: FT_Get_Name_Index(face, $0)) }
        } ?? 0
    }

    /// The name of `glyph` in the face's `post` table, or nil when the face names no glyphs
    /// or `glyph` is out of range.
    public func name(for glyph: CGGlyph) -> CFString? {
        guard Int(glyph) < numberOfGlyphs else { return nil }
        return withFace { face -> String? in
            var buffer = [CChar](repeating: 0, count: 128)
            guard FT_Get_Glyph_Name(face, FT_UInt(glyph), &buffer, 128) == 0, buffer[0] != 0 else { return nil }
            let name = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            return String(decoding: name, as: UTF8.self)
        } ?? nil
    }

    /// Writes the advance widths of `count` glyphs into `advances`, design units; false (and
    /// nothing written for the rest) at a glyph out of range.
    public func getGlyphAdvances(glyphs: UnsafePointer<CGGlyph>, count: Int,
                                 advances: UnsafeMutablePointer<Int32>) -> Bool {
        guard count >= 0 else { return false }
        return withFace { face -> Bool in
            for i in 0..<count {
                guard Int(glyphs[i]) < numberOfGlyphs,
                      FT_Load_Glyph(face, FT_UInt(glyphs[i]), FT_Int32(FT_LOAD_NO_SCALE)) == 0 else { return false }
                advances[i] = Int32(clamping: face.pointee.glyph.pointee.advance.x)
            }
            return true
        } ?? false
    }

    /// Writes the bounding boxes of `count` glyphs' outlines into `bboxes`, design units, y up
    /// (an empty glyph, the space, has a zero box); false at a glyph out of range.
    public func getGlyphBBoxes(glyphs: UnsafePointer<CGGlyph>, count: Int, bboxes: UnsafeMutablePointer<CGRect>) -> Bool {
        guard count >= 0 else { return false }
        return withFace { face -> Bool in
            for i in 0..<count {
                guard Int(glyphs[i]) < numberOfGlyphs,
                      FT_Load_Glyph(face, FT_UInt(glyphs[i]), FT_Int32(FT_LOAD_NO_SCALE)) == 0 else { return false }
                var box = FT_BBox()
                FT_Outline_Get_CBox(&face.pointee.glyph.pointee.outline, &box)
                bboxes[i] = CGRect(x: CGFloat(box.xMin), y: CGFloat(box.yMin), width: CGFloat(box.xMax - box.xMin),
                                   height: CGFloat(box.yMax - box.yMin))
            }
            return true
        } ?? false
    }

    /// The outline of `glyph` in ems (1 = the font size), y up from the baseline, as Core
    /// Graphics places a glyph in text space; empty for a glyph out of range or without
    /// contours. Made once per glyph and kept.
    package func outline(of glyph: CGGlyph) -> CGPath {
        withFace { face -> CGPath in
            if let known = outlines[glyph] { return known }
            let path = CGMutablePath()
            if Int(glyph) < numberOfGlyphs, FT_Load_Glyph(face, FT_UInt(glyph), FT_Int32(FT_LOAD_NO_SCALE)) == 0,
               face.pointee.glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
                var sink = EmSink(path: path, scale: 1 / CGFloat(max(1, face.pointee.units_per_EM)))
                GlyphOutline.decompose(&face.pointee.glyph.pointee.outline, into: &sink)
                if !path.isEmpty { path.closeSubpath() }
            }
            outlines[glyph] = path
            return path
        } ?? CGMutablePath()
    }

    /// Builds a path from FreeType's outline callbacks, in ems with y up.
    private struct EmSink: OutlineSink {
        let path: CGMutablePath
        let scale: CGFloat
        func point(_ v: FT_Vector) -> CGPoint { CGPoint(x: CGFloat(v.x) * scale, y: CGFloat(v.y) * scale) }
        func move(_ v: FT_Vector) {
            if !path.isEmpty { path.closeSubpath() }
            path.move(to: point(v))
        }
        func line(_ v: FT_Vector) { path.addLine(to: point(v)) }
        func quad(_ c: FT_Vector, _ v: FT_Vector) { path.addQuadCurve(to: point(v), control: point(c)) }
        func cubic(_ c1: FT_Vector, _ c2: FT_Vector, _ v: FT_Vector) {
            path.addCurve(to: point(v), control1: point(c1), control2: point(c2))
        }
    }

    /// The bytes of the face's table `tag` (`0x68656164` 'head'), or nil when it has none.
    public func table(for tag: UInt32) -> CFData? {
        withFace { face -> Data? in
            var length: FT_ULong = 0
            guard FT_Load_Sfnt_Table(face, FT_ULong(tag), 0, nil, &length) == 0, length > 0 else { return nil }
            var bytes = Data(count: Int(length))
            let status = bytes.withUnsafeMutableBytes {
                FT_Load_Sfnt_Table(face, FT_ULong(tag), 0, $0.baseAddress!.assumingMemoryBound(to: FT_Byte.self), &length)
            }
            return status == 0 ? bytes : nil
        } ?? nil
    }

    public static func == (a: CGFont, b: CGFont) -> Bool { a.file === b.file }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(file)) }
    public var description: String { "CGFont(\(file.postScriptName))" }
}
