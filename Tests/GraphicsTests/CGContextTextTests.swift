import Foundation
import Geometry
import Graphics
import Raster
import XCTest

/// `CGContext`'s glyph drawing from a `CGFont`: glyph outlines at the font size in text space,
/// through the text matrix and the CTM, y up; the drawing modes; the text state's place in
/// (and out of) the graphics state.
final class CGContextTextTests: XCTestCase {
    private func makeContext() throws -> (CGContext, CGFont) {
        let context = try XCTUnwrap(CGContext(width: 100, height: 100))
        context.setFillColor(.white)
        context.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        context.setFillColor(.black)
        let font = try XCTUnwrap(CGFont("DejaVuSans" as CFString))
        context.setFont(font)
        context.setFontSize(60)
        return (context, font)
    }

    /// Rows (y down) and columns with dark pixels.
    private func ink(_ bitmap: Bitmap) -> (rows: Set<Int>, columns: Set<Int>) {
        var rows = Set<Int>(), columns = Set<Int>()
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap[x: x, y: y].red < 128 {
                rows.insert(y)
                columns.insert(x)
            }
        }
        return (rows, columns)
    }

    func testAGlyphStandsOnItsBaselineYUp() throws {
        let (context, font) = try makeContext()
        let l = font.getGlyphWithGlyphName(name: "L")
        context.showGlyphs([l], at: [CGPoint(x: 10, y: 20)])
        let (rows, columns) = ink(context.bitmap)
        // Baseline 20 points up from the bottom: row 80 (y down); the cap height is 0.729 em.
        XCTAssertEqual(rows.max(), 79)
        XCTAssertEqual(Double(rows.min() ?? 0), 80 - 0.729 * 60, accuracy: 1)
        XCTAssertEqual(Double(columns.min() ?? 0), 10 + 0.098 * 60, accuracy: 1.5, "the stem after the side bearing")
        // An L: the foot is wide at the bottom, the stem narrow at the top.
        let width = { (row: Int) in (0..<100).filter { context.bitmap[x: $0, y: row].red < 128 }.count }
        XCTAssertGreaterThan(width(77), 2 * width(45))
    }

    func testAFlippedTextMatrixUndoesAFlippedContext() throws {
        let (plain, font) = try makeContext()
        let l = font.getGlyphWithGlyphName(name: "L")
        plain.showGlyphs([l], at: [CGPoint(x: 10, y: 20)])
        let (flipped, _) = try makeContext()
        flipped.translateBy(x: 0, y: 100)
        flipped.scaleBy(x: 1, y: -1)
        flipped.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
        flipped.showGlyphs([l], at: [CGPoint(x: 10, y: -80)])
        XCTAssertTrue(flipped.bitmap.hasSamePixels(as: plain.bitmap), "UIKit code's flip, undone for the glyphs")
        let (upsideDown, _) = try makeContext()
        upsideDown.translateBy(x: 0, y: 100)
        upsideDown.scaleBy(x: 1, y: -1)
        upsideDown.showGlyphs([l], at: [CGPoint(x: 10, y: 80)])
        XCTAssertEqual(ink(upsideDown.bitmap).rows.min(), 80, "without it the glyph hangs from its baseline, as on Apple")
    }

    func testDrawingModesStrokeClipAndLeaveThePathAlone() throws {
        let (filled, font) = try makeContext()
        let h = font.getGlyphWithGlyphName(name: "H")
        filled.setFontSize(90)
        filled.showGlyphs([h], at: [CGPoint(x: 5, y: 10)])
        // The left stem on row 50 of the filled glyph.
        let inked = (0..<100).filter { filled.bitmap[x: $0, y: 50].red < 128 }
        let stemStart = try XCTUnwrap(inked.first)
        let stemEnd = try XCTUnwrap(inked.first { $0 > stemStart && !inked.contains($0 + 1) })
        XCTAssertGreaterThan(stemEnd - stemStart, 5, "a stem some 9 points wide")

        let (context, _) = try makeContext()
        context.setTextDrawingMode(.stroke)
        context.setStrokeColor(.black)
        context.setLineWidth(1)
        context.setFontSize(90)
        context.showGlyphs([h], at: [CGPoint(x: 5, y: 10)])
        XCTAssertGreaterThan(context.bitmap[x: (stemStart + stemEnd) / 2, y: 50].red, 200, "an outline, not a fill")
        XCTAssertLessThan(min(context.bitmap[x: stemStart, y: 50].red, context.bitmap[x: stemStart - 1, y: 50].red), 160,
                          "the stem's edge is stroked")

        let (clipped, _) = try makeContext()
        clipped.move(to: CGPoint(x: 0, y: 0))
        clipped.addLine(to: CGPoint(x: 5, y: 0))
        clipped.setTextDrawingMode(.clip)
        clipped.showGlyphs([h], at: [CGPoint(x: 10, y: 20)])
        XCTAssertFalse(clipped.isPathEmpty, "the current path is kept")
        XCTAssertEqual(clipped.currentPointOfPath, CGPoint(x: 5, y: 0))
        clipped.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        clipped.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        // The same stem at 60 points from x 10: two points in from its left edge.
        let inStem = 10 + Int(Double(stemStart - 5) * 60 / 90) + 2
        XCTAssertEqual(clipped.bitmap[x: inStem, y: 60].green, 0, "red inside the glyph")
        XCTAssertEqual(clipped.bitmap[x: 50, y: 10].green, 255, "white outside it")
    }

    func testTextStateAndBadInput() throws {
        let (context, font) = try makeContext()
        context.textMatrix = CGAffineTransform(translationX: 3, y: 4)
        XCTAssertEqual(context.textPosition, CGPoint(x: 3, y: 4))
        context.saveGState()
        context.textPosition = CGPoint(x: 7, y: 8)
        context.setFontSize(0)
        context.restoreGState()
        XCTAssertEqual(context.textPosition, CGPoint(x: 7, y: 8), "the text matrix is not part of the graphics state")
        context.textMatrix = .identity
        let before = context.bitmap.copy()
        context.showGlyphs([font.getGlyphWithGlyphName(name: "H")], at: [CGPoint(x: CGFloat.nan, y: 10)])
        context.showGlyphs([CGGlyph.max, 0], at: [CGPoint(x: 10, y: 10)])
        context.setFontSize(.infinity)
        context.showGlyphs([font.getGlyphWithGlyphName(name: "H")], at: [CGPoint(x: 10, y: 10)])
        XCTAssertTrue(context.bitmap.hasSamePixels(as: before), "NaN positions, missing glyphs and an infinite size draw nothing")
        context.setFontSize(60)
        context.showGlyphs([font.getGlyphWithGlyphName(name: "H")], at: [CGPoint(x: 10, y: 10)])
        XCTAssertFalse(context.bitmap.hasSamePixels(as: before), "the restored size draws")
    }
}
