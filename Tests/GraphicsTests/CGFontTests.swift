import Foundation
import Geometry
import XCTest
@testable import Graphics

/// `CGFont` on the real installed faces (fontconfig finds them, FreeType reads them): names,
/// design metrics, glyph queries and tables, and bad input.
final class CGFontTests: XCTestCase {
    private func dejaVu() throws -> CGFont {
        try XCTUnwrap(CGFont("DejaVuSans" as CFString), "DejaVu Sans is installed by scripts/install-deps")
    }

    func testAFaceByPostScriptNameHasItsDesignMetrics() throws {
        let font = try dejaVu()
        XCTAssertEqual(font.postScriptName, "DejaVuSans")
        XCTAssertEqual(font.fullName, "DejaVu Sans")
        XCTAssertEqual(font.unitsPerEm, 2048)
        XCTAssertEqual(font.ascent, 1901)
        XCTAssertEqual(font.descent, -483)
        XCTAssertEqual(font.capHeight, 1493)
        XCTAssertEqual(font.xHeight, 1120)
        XCTAssertEqual(font.italicAngle, 0)
        XCTAssertGreaterThan(font.numberOfGlyphs, 3000)
        XCTAssertLessThan(font.fontBBox.minY, 0, "descenders reach below the baseline")
        XCTAssertGreaterThan(font.fontBBox.maxY, CGFloat(font.ascent) - 200)
        XCTAssertEqual(CGFont("dejavu sans" as CFString), font, "a family name, any case, gives its regular face")
    }

    func testAnObliqueFaceLeansRight() throws {
        let oblique = try XCTUnwrap(CGFont("DejaVuSans-Oblique" as CFString))
        XCTAssertLessThan(oblique.italicAngle, -5)
    }

    func testGlyphNamesAdvancesAndBoxes() throws {
        let font = try dejaVu()
        let a = font.getGlyphWithGlyphName(name: "A")
        let i = font.getGlyphWithGlyphName(name: "i")
        XCTAssertNotEqual(a, 0)
        XCTAssertEqual(font.name(for: a), "A")
        XCTAssertEqual(font.getGlyphWithGlyphName(name: "no-such-glyph"), 0)
        XCTAssertNil(font.name(for: CGGlyph(font.numberOfGlyphs)))
        var advances = [Int32](repeating: 0, count: 2)
        XCTAssertTrue(font.getGlyphAdvances(glyphs: [a, i], count: 2, advances: &advances))
        XCTAssertEqual(advances[0], 1401)
        XCTAssertLessThan(advances[1], advances[0])
        var boxes = [CGRect](repeating: .zero, count: 1)
        XCTAssertTrue(font.getGlyphBBoxes(glyphs: [a], count: 1, bboxes: &boxes))
        XCTAssertEqual(boxes[0].minY, 0, "a capital A stands on the baseline")
        XCTAssertEqual(boxes[0].maxY, CGFloat(font.capHeight))
        XCTAssertFalse(font.getGlyphAdvances(glyphs: [CGGlyph.max], count: 1, advances: &advances))
    }

    func testTablesAreReadByTag() throws {
        let font = try dejaVu()
        let head = try XCTUnwrap(font.table(for: 0x6865_6164))
        XCTAssertEqual(head.count, 54)
        XCTAssertEqual(Array(head[12..<16]), [0x5F, 0x0F, 0x3C, 0xF5], "the head table's magic number")
        XCTAssertNil(font.table(for: 0x5A5A_5A5A))
    }

    func testAnIOSNameGetsFontconfigsSubstitute() throws {
        let helvetica = try XCTUnwrap(CGFont("Helvetica" as CFString), "fontconfig substitutes a sans-serif face")
        XCTAssertNotNil(helvetica.postScriptName)
    }

    func testMissingAndCorruptFilesThrowNamingThem() throws {
        XCTAssertThrowsError(try CGFont(contentsOfFile: "/nonexistent/font.ttf")) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/font.ttf"), "\(error)")
        }
        let corrupt = FileManager.default.temporaryDirectory.appendingPathComponent("corrupt-\(UUID()).ttf")
        try Data("not a font".utf8).write(to: corrupt)
        defer { try? FileManager.default.removeItem(at: corrupt) }
        XCTAssertThrowsError(try CGFont(contentsOfFile: corrupt.path)) { error in
            XCTAssertTrue("\(error)".contains(corrupt.lastPathComponent), "\(error)")
        }
    }

    func testAFontFromADataProviderIsTheFaceItsBytesHold() throws {
        let installed = try dejaVu()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: installed.file.path))
        let provider = try XCTUnwrap(CGDataProvider(data: bytes as CFData))
        let font = try XCTUnwrap(CGFont(provider), "the bytes of an installed TrueType file")
        XCTAssertEqual(font.postScriptName, "DejaVuSans")
        XCTAssertEqual(font.fullName, "DejaVu Sans")
        XCTAssertEqual(font.unitsPerEm, installed.unitsPerEm)
        XCTAssertEqual(font.ascent, installed.ascent)
        XCTAssertEqual(font.numberOfGlyphs, installed.numberOfGlyphs)
        XCTAssertNotEqual(font, installed, "another font object, from other bytes")
        let glyphs = ["K", "i", "n", "e", "s", "c", "o", "p"].map { font.getGlyphWithGlyphName(name: $0) }
        XCTAssertFalse(glyphs.contains(0), "every name is a glyph of the face")
        var advances = [Int32](repeating: 0, count: glyphs.count), expected = advances
        XCTAssertTrue(font.getGlyphAdvances(glyphs: glyphs, count: glyphs.count, advances: &advances))
        XCTAssertTrue(installed.getGlyphAdvances(glyphs: glyphs, count: glyphs.count, advances: &expected))
        XCTAssertEqual(advances, expected)
        // Drawn through a context, the glyph is the installed font's, pixel for pixel.
        func drawn(_ font: CGFont) throws -> [UInt32] {
            let context = try XCTUnwrap(CGContext(width: 80, height: 80))
            context.setFillColor(CGColor(gray: 1, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 80, height: 80))
            context.setFillColor(CGColor(gray: 0, alpha: 1))
            context.setFont(font)
            context.setFontSize(50)
            context.showGlyphs([font.getGlyphWithGlyphName(name: "g")], at: [CGPoint(x: 10, y: 25)])
            let bitmap = context.bitmap
            return (0..<bitmap.height).flatMap { y in (0..<bitmap.width).map { bitmap[x: $0, y: y].packed } }
        }
        let ink = try drawn(font)
        XCTAssertTrue(ink.contains { $0 != 0xFFFF_FFFF }, "the glyph is drawn")
        XCTAssertEqual(ink, try drawn(installed))
    }

    func testDataThatIsNotAFontGivesNoFont() throws {
        XCTAssertNil(CGFont(try XCTUnwrap(CGDataProvider(data: Data("not a font at all".utf8) as CFData))))
        XCTAssertNil(CGFont(try XCTUnwrap(CGDataProvider(data: Data() as CFData))))
        var truncated = try Data(contentsOf: URL(fileURLWithPath: try dejaVu().file.path))
        truncated.removeSubrange(64...)
        XCTAssertNil(CGFont(try XCTUnwrap(CGDataProvider(data: truncated as CFData))), "the first 64 bytes of a font")
    }
}
