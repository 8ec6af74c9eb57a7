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
}
