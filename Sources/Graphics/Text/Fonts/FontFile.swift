import CFreeType
import CHarfBuzz
import Foundation

/// A font file's bytes, read once and kept for the life of the process (every FreeType face made
/// from it reads glyph outlines straight from them, and HarfBuzz reads its tables from them
/// without a copy), with the metrics that do not depend on size.
package final class FontFile: @unchecked Sendable {
    package let path: String
    /// The face's index in the file (0 unless the file is a collection).
    package let index: Int
    /// Never written after `init`; freed never (files are few and live as long as their caches).
    package let bytes: UnsafeMutableRawBufferPointer
    package let metrics: DesignMetrics
    /// HarfBuzz's view of the face: shaping tables, never changed after `init` (HarfBuzz faces
    /// and fonts are safe to read from several threads).
    package let harfBuzzFace: OpaquePointer
    /// The face at one unit per design unit, for character coverage checks.
    private let designFont: OpaquePointer
    /// The names the file gives itself ("DejaVuSans-Bold", "DejaVu Sans"); the file name
    /// without extension when it has none.
    package let postScriptName: String
    package let familyName: String

    /// Reads `path` and checks with FreeType that it is a font. `debianPackage` goes into the
    /// error when the file is missing.
    package convenience init(path: String, index: Int = 0, debianPackage: String?, library: FT_Library) throws(FontError) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .fileMissing(path: path, debianPackage: debianPackage)
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: "\(error.localizedDescription)")
        }
        try self.init(data: data, path: path, index: index, library: library)
    }

    /// A font from bytes in memory (a `CGDataProvider`'s); `path` names it in errors and keys its
    /// glyph caches, so it must be unique to these bytes.
    package init(data: Data, path: String, index: Int = 0, library: FT_Library) throws(FontError) {
        guard !data.isEmpty else { throw .notAFont(path: path, code: 0x02) }
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        data.copyBytes(to: bytes)
        var face: FT_Face?
        let status = FT_New_Memory_Face(library, bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                                        FT_Long(bytes.count), FT_Long(index), &face)
        guard status == 0, let face else {
            bytes.deallocate()
            throw .notAFont(path: path, code: status)
        }
        defer { FT_Done_Face(face) }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0, face.pointee.units_per_EM > 0 else {
            bytes.deallocate()
            throw .notAFont(path: path, code: 0x17)
        }
        self.path = path
        self.index = index
        self.bytes = bytes
        self.metrics = DesignMetrics(face: face)
        let blob = hb_blob_create(bytes.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(bytes.count),
                                  HB_MEMORY_MODE_READONLY, nil, nil)
        harfBuzzFace = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        designFont = hb_font_create(harfBuzzFace)
        hb_font_make_immutable(designFont)
        let fallbackName = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        postScriptName = FT_Get_Postscript_Name(face).map { String(cString: $0) } ?? fallbackName
        familyName = face.pointee.family_name.map { String(cString: $0) } ?? postScriptName
    }

    /// Whether the face maps `scalar` to a glyph of its own (not `.notdef`).
    package func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(designFont, scalar.value, &glyph) != 0 && glyph != 0
    }
}

/// Vertical metrics in font design units, as the font's `hhea` and `OS/2` tables give them.
package struct DesignMetrics: Sendable {
    package var unitsPerEm: Double
    /// Above the baseline, positive.
    package var ascender: Double
    /// Below the baseline, negative (Apple's sign convention for `UIFont.descender`).
    package var descender: Double
    /// Baseline to baseline: ascender − descender + the font's line gap.
    package var lineHeight: Double
    package var capHeight: Double
    package var xHeight: Double
    /// The underline's centre below the baseline (negative, as in the `post` table) and its
    /// thickness.
    package var underlinePosition: Double
    package var underlineThickness: Double
    /// The strikethrough's centre above the baseline (OS/2 `yStrikeoutPosition` is its top)
    /// and its thickness.
    package var strikeoutPosition: Double
    package var strikeoutThickness: Double

    /// DejaVu Sans's metrics: the layout of text whose font file is missing (it then draws
    /// nothing, but labels keep a sensible size).
    package static let dejaVuSans = DesignMetrics(unitsPerEm: 2048, ascender: 1901, descender: -483, lineHeight: 2384,
                                          capHeight: 1493, xHeight: 1120)

    package init(unitsPerEm: Double, ascender: Double, descender: Double, lineHeight: Double, capHeight: Double, xHeight: Double) {
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender
        self.descender = descender
        self.lineHeight = lineHeight
        self.capHeight = capHeight
        self.xHeight = xHeight
        underlinePosition = -unitsPerEm * 0.1
        underlineThickness = unitsPerEm * 0.05
        strikeoutPosition = xHeight / 2
        strikeoutThickness = underlineThickness
    }

    package init(face: FT_Face) {
        let f = face.pointee
        unitsPerEm = Double(f.units_per_EM)
        ascender = Double(f.ascender)
        descender = Double(f.descender)
        lineHeight = max(Double(f.height), ascender - descender)
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
           table.pointee.version >= 2, table.pointee.version != 0xFFFF, table.pointee.sCapHeight > 0 {
            capHeight = Double(table.pointee.sCapHeight)
            xHeight = Double(table.pointee.sxHeight)
        } else {
            capHeight = Self.glyphHeight(face, "H") ?? ascender * 0.7
            xHeight = Self.glyphHeight(face, "x") ?? ascender * 0.5
        }
        underlineThickness = f.underline_thickness > 0 ? Double(f.underline_thickness) : unitsPerEm * 0.05
        underlinePosition = f.underline_position < 0 ? Double(f.underline_position) : -unitsPerEm * 0.1
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
           table.pointee.version != 0xFFFF, table.pointee.yStrikeoutSize > 0, table.pointee.yStrikeoutPosition > 0 {
            strikeoutThickness = Double(table.pointee.yStrikeoutSize)
            strikeoutPosition = Double(table.pointee.yStrikeoutPosition) - strikeoutThickness / 2
        } else {
            strikeoutThickness = underlineThickness
            strikeoutPosition = xHeight / 2
        }
    }

    /// The top of `scalar`'s outline above the baseline, in font units (for fonts whose OS/2
    /// table predates cap and x heights, as DejaVu's does).
    private static func glyphHeight(_ face: FT_Face, _ scalar: Unicode.Scalar) -> Double? {
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        guard index != 0, FT_Load_Glyph(face, index, FT_Int32(FT_LOAD_NO_SCALE)) == 0, let slot = face.pointee.glyph,
              slot.pointee.metrics.horiBearingY > 0 else { return nil }
        return Double(slot.pointee.metrics.horiBearingY)
    }

    /// `units` at `size` (points or pixels: one em is `size`).
    package func scaled(_ units: Double, to size: Double) -> Double { units * size / unitsPerEm }
}
