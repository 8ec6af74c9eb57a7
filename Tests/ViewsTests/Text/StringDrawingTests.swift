import Geometry
import Graphics
import Layers
import Raster
import Views
import XCTest

/// `String.draw(at:withAttributes:)`, `draw(in:withAttributes:)` and `size(withAttributes:)` in
/// UIKit image contexts: placement, colour, scale, clipping, the context's alpha.
final class StringDrawingTests: XCTestCase {
    private func render(width: Int, height: Int, scale: CGFloat = 1, _ body: (CGContext) -> Void) throws -> Bitmap {
        let format = UIGraphicsImageRenderer.Format()
        format.scale = scale
        let image = UIGraphicsImageRenderer(size: CGSize(width: width, height: height), format: format).image { context in
            body(context.cgContext)
        }
        return try XCTUnwrap(image.cgImage?.bitmap)
    }

    func testDrawAtPointPutsTheTextBelowAndRightOfThePoint() throws {
        let font = UIFont.systemFont(ofSize: 20)
        let bitmap = try render(width: 200, height: 60) { _ in
            "Draw".draw(at: CGPoint(x: 30, y: 10), withAttributes: [.font: font])
        }
        let ink = try XCTUnwrap(inkBox(bitmap))
        XCTAssertEqual(ink.minX, 30, accuracy: 3, "left side bearing of D is small")
        let baseline = 10 + Int(font.ascender.rounded())
        XCTAssertEqual(ink.maxY, baseline, "no descenders: ink ends on the baseline")
        XCTAssertEqual(ink.minY, baseline - Int(font.capHeight.rounded()), accuracy: 1, "capital D reaches the cap height")
        let size = "Draw".size(withAttributes: [.font: font])
        XCTAssertEqual(CGFloat(ink.maxX - 30), size.width, accuracy: 3, "ink ends near the advance width")
        XCTAssertEqual(size.height, font.lineHeight, accuracy: 1e-9)
    }

    func testDefaultAttributesAreTwelvePointBlackAndColourIsRead() throws {
        let plain = try render(width: 100, height: 30) { _ in "Default".draw(at: .zero, withAttributes: nil) }
        let twelve = try render(width: 100, height: 30) { _ in
            "Default".draw(at: .zero, withAttributes: [.font: UIFont.systemFont(ofSize: 12)])
        }
        XCTAssertTrue(plain.hasSamePixels(as: twelve), "the default font is the 12-point system font")
        let opaque = try XCTUnwrap(inkBox(plain, alphaAbove: 254))
        XCTAssertEqual(plain[x: opaque.minX, y: opaque.minY].packed, 0xFF00_0000, "black")
        let red = try render(width: 100, height: 30) { _ in
            "Default".draw(at: .zero, withAttributes: [.foregroundColor: UIColor.red])
        }
        XCTAssertEqual(red[x: opaque.minX, y: opaque.minY].packed, 0xFFFF_0000, "foregroundColor is used")
    }

    func testScaleTwoContextsRasterizeAtTwiceTheSize() throws {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 16)]
        let one = try XCTUnwrap(inkBox(try render(width: 120, height: 40) { _ in
            "Scale".draw(at: CGPoint(x: 10, y: 5), withAttributes: attributes)
        }))
        let two = try XCTUnwrap(inkBox(try render(width: 120, height: 40, scale: 2) { _ in
            "Scale".draw(at: CGPoint(x: 10, y: 5), withAttributes: attributes)
        }))
        XCTAssertEqual(Double(two.width), 2 * Double(one.width), accuracy: 4)
        XCTAssertEqual(Double(two.height), 2 * Double(one.height), accuracy: 3)
        XCTAssertEqual(two.minX, 20, accuracy: 3)
    }

    func testDrawInRectWrapsAndClipsToTheRect() throws {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 14)]
        let rect = CGRect(x: 10, y: 10, width: 70, height: 40)
        let bitmap = try render(width: 150, height: 100) { _ in
            "wrapped into a small rectangle of text".draw(in: rect, withAttributes: attributes)
        }
        let ink = try XCTUnwrap(inkBox(bitmap))
        XCTAssertGreaterThanOrEqual(ink.minX, 10)
        XCTAssertLessThanOrEqual(ink.maxX, 80, "nothing right of the rect")
        XCTAssertGreaterThanOrEqual(ink.minY, 10)
        XCTAssertLessThanOrEqual(ink.maxY, 50, "nothing below the rect")
        XCTAssertEqual(inkRowBands(bitmap).count, 2, "as many whole lines as 40 points hold")
    }

    func testTheContextsAlphaAndTransformApply() throws {
        let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.boldSystemFont(ofSize: 20)]
        let half = try render(width: 100, height: 40) { context in
            context.setAlpha(0.5)
            "Half".draw(at: CGPoint(x: 5, y: 5), withAttributes: attributes)
        }
        let maxAlpha = (0..<half.height).flatMap { y in half.row(y).map { $0 >> 24 } }.max() ?? 0
        XCTAssertEqual(Int(maxAlpha), 128, accuracy: 1, "context alpha 0.5 halves full coverage")
        let moved = try render(width: 100, height: 40) { context in
            context.translateBy(x: 20, y: 3)
            "Half".draw(at: CGPoint(x: 5, y: 5), withAttributes: attributes)
        }
        let full = try render(width: 100, height: 40) { _ in
            "Half".draw(at: CGPoint(x: 25, y: 8), withAttributes: attributes)
        }
        XCTAssertTrue(moved.hasSamePixels(as: full), "a translated context draws the same pixels, moved")
    }

    func testSizeWithAttributesCountsLinesAndWidestLine() throws {
        let font = UIFont.systemFont(ofSize: 15)
        let one = "short".size(withAttributes: [.font: font])
        let two = "short\nmuch longer line".size(withAttributes: [.font: font])
        XCTAssertEqual(two.height, 2 * font.lineHeight, accuracy: 1e-9)
        XCTAssertGreaterThan(two.width, one.width * 2)
        XCTAssertEqual("".size(withAttributes: [.font: font]), .zero)
        XCTAssertEqual("a\tb".size(withAttributes: [.font: font]).width,
                       28 + "b".size(withAttributes: [.font: font]).width, "tab stops every 28 points")
    }
}
