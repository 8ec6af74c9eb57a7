import Geometry
import Graphics
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// UILabel: where its ink goes (alignment, vertical centring, wrapping, truncation), its sizes,
/// when it re-renders, and a golden image.
final class UILabelTests: XCTestCase {
    func testInkLiesWhereTheTextIsAndNowhereElse() throws {
        try onMain {
            let label = makeLabel("Hello", width: 200, height: 40) { $0.textAlignment = .left }
            let frame = composite(label)
            let ink = try XCTUnwrap(inkBox(frame), "the label draws its text")
            let textSize = label.sizeThatFits(.zero)
            XCTAssertLessThanOrEqual(ink.minX, 2, "left-aligned text starts at the left edge")
            XCTAssertLessThanOrEqual(ink.maxX, Int(textSize.width) + 1, "no ink beyond the text's width")
            XCTAssertGreaterThanOrEqual(CGFloat(ink.width), textSize.width - 4, "ink spans the text's width")
            let top = (40 - label.font.lineHeight) / 2
            XCTAssertGreaterThanOrEqual(CGFloat(ink.minY), top.rounded(.down), "ink starts below the centred line's top")
            XCTAssertLessThanOrEqual(CGFloat(ink.maxY), (top + label.font.lineHeight).rounded(.up))
            XCTAssertGreaterThanOrEqual(ink.height, Int(label.font.capHeight.rounded(.down)), "capital H is drawn whole")
            let opaqueInk = try XCTUnwrap(inkBox(frame, alphaAbove: 250))
            XCTAssertGreaterThan(opaqueInk.width, 20, "stems are fully covered")
            let black = frame[x: opaqueInk.minX, y: opaqueInk.minY + opaqueInk.height / 2]
            XCTAssertEqual(black.packed & 0xFF_FFFF, 0, "default text colour is black")
        }
    }

    func testTextColourIsBlendedPremultiplied() throws {
        try onMain {
            let label = makeLabel("Wide", width: 100, height: 30) {
                $0.textColor = UIColor(red: 1, green: 0, blue: 0, alpha: 0.5)
            }
            let frame = composite(label)
            var maxAlpha: UInt8 = 0
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let p = frame[x: x, y: y].packed
                    let alpha = UInt8(p >> 24), red = UInt8(p >> 16 & 0xFF)
                    XCTAssertLessThanOrEqual(red, alpha, "premultiplied at (\(x), \(y))")
                    XCTAssertEqual(p & 0xFFFF, 0, "no green or blue at (\(x), \(y))")
                    maxAlpha = max(maxAlpha, alpha)
                }
            }
            XCTAssertEqual(Int(maxAlpha), 128, accuracy: 1, "full coverage of a half-transparent colour")
            _ = try XCTUnwrap(inkBox(frame))
        }
    }

    func testCentreAlignmentCentresTheInkAndRightAlignmentMovesItRight() throws {
        try onMain {
            @MainActor func ink(_ alignment: NSTextAlignment) throws -> PixelRect {
                try XCTUnwrap(inkBox(composite(makeLabel("Centre me", width: 240, height: 30) { $0.textAlignment = alignment })))
            }
            let left = try ink(.left), centre = try ink(.center), right = try ink(.right), natural = try ink(.natural)
            XCTAssertEqual(natural, left, "natural alignment is left to right")
            XCTAssertEqual(centre.width, left.width, accuracy: 1, "alignment moves lines (by fractions of a pixel too)")
            XCTAssertEqual(Double(centre.minX + centre.maxX) / 2, 120, accuracy: 2.5, "ink centred in the bounds")
            XCTAssertGreaterThanOrEqual(right.maxX, 237, "right-aligned ink ends at the right edge")
            XCTAssertLessThanOrEqual(right.maxX, 240)
            XCTAssertEqual(right.width, left.width)
        }
    }

    func testWordWrappingMakesTwoLinesAndOneLineLabelsDoNot() throws {
        try onMain {
            let text = "Kinescope flipFromLeft"
            let oneLineWidth = makeLabel(text, width: 10, height: 10).sizeThatFits(.zero).width
            let width = (oneLineWidth * 0.75).rounded()
            let wrapped = composite(makeLabel(text, width: width, height: 60) { $0.numberOfLines = 0 })
            let bands = inkRowBands(wrapped)
            XCTAssertEqual(bands.count, 2, "two lines of ink: \(bands)")
            if bands.count == 2 {
                let lineHeight = UIFont.systemFont(ofSize: 17).lineHeight
                XCTAssertEqual(CGFloat(bands[1].lowerBound - bands[0].lowerBound), lineHeight, accuracy: 2.5,
                               "lines one line height apart (K and f tops)")
                let firstLine = try XCTUnwrap(inkBox(try wrapped.view(of: PixelRect(x: 0, y: bands[0].lowerBound,
                                                                              width: wrapped.width, height: bands[0].count))))
                XCTAssertLessThan(CGFloat(firstLine.maxX), width, "the first line fits the width")
            }
            let single = composite(makeLabel(text, width: width, height: 60))
            XCTAssertEqual(inkRowBands(single).count, 1, "numberOfLines 1 keeps one line")
            let limited = composite(makeLabel("one two three four five six seven", width: 60, height: 200) { $0.numberOfLines = 2 })
            XCTAssertEqual(inkRowBands(limited).count, 2, "numberOfLines 2 stops at two lines")
            let byHeight = composite(makeLabel("one two three four five six seven", width: 60, height: 45) { $0.numberOfLines = 0 })
            XCTAssertEqual(inkRowBands(byHeight).count, 2, "numberOfLines 0 shows the whole lines the height holds")
        }
    }

    func testNewlinesBreakLinesWhenLinesAreUnlimited() throws {
        onMain {
            let label = makeLabel("top\nbottom", width: 200, height: 60) { $0.numberOfLines = 0 }
            XCTAssertEqual(inkRowBands(composite(label)).count, 2)
            XCTAssertEqual(label.sizeThatFits(.zero).height, (2 * label.font.lineHeight).rounded(.up))
        }
    }

    func testTailTruncationEndsInAnEllipsisAtTheRightEdge() throws {
        try onMain {
            let text = "Kinescope renders Core Animation transitions in software"
            let label = makeLabel(text, width: 150, height: 30)
            let frame = composite(label)
            let ink = try XCTUnwrap(inkBox(frame))
            XCTAssertGreaterThan(ink.maxX, 150 - 15, "truncated text reaches the right edge region")
            XCTAssertLessThanOrEqual(ink.maxX, 150)
            let ellipsisWidth = Int("…".size(withAttributes: [.font: label.font!]).width)
            let tail = ink.maxX - ellipsisWidth * 4 / 5
            let dots = inkColumnRuns(frame, columns: tail..<ink.maxX)
            XCTAssertEqual(dots.count, 3, "the last glyph is three dots: \(dots)")
            let dotRows = inkRowBands(try frame.view(of: PixelRect(x: ink.maxX - ellipsisWidth / 2, y: 0,
                                                                    width: ellipsisWidth / 2, height: 30)))
            XCTAssertEqual(dotRows.count, 1)
            XCTAssertLessThanOrEqual(dotRows.first?.count ?? 99, 4, "dots sit on the baseline, only a few rows tall")

            let clipped = composite(makeLabel(text, width: 150, height: 30) { $0.lineBreakMode = .byClipping })
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(inkBox(clipped)).maxX, 149, "clipping cuts glyphs at the edge")
            let clippedEnd = try XCTUnwrap(inkBox(try clipped.view(of: PixelRect(x: tail, y: 0, width: 150 - tail, height: 30))))
            XCTAssertGreaterThan(clippedEnd.height, 6, "and draws letters there, not an ellipsis")
            let fits = composite(makeLabel("Short", width: 150, height: 30))
            let shortInk = try XCTUnwrap(inkBox(fits))
            XCTAssertLessThan(shortInk.maxX, 60, "text that fits is not truncated")
        }
    }

    func testHeadAndMiddleTruncationPutTheEllipsisFirstAndInside() throws {
        try onMain {
            let text = "abcdefghijklmnopqrstuvwxyz0123456789"
            let ellipsisWidth = Int("…".size(withAttributes: [.font: UIFont.systemFont(ofSize: 17)]).width)
            let head = composite(makeLabel(text, width: 120, height: 30) { $0.lineBreakMode = .byTruncatingHead })
            let headInk = try XCTUnwrap(inkBox(head))
            XCTAssertEqual(inkColumnRuns(head, columns: headInk.minX..<(headInk.minX + ellipsisWidth)).count, 3,
                           "head truncation starts with the ellipsis")
            let middle = composite(makeLabel(text, width: 120, height: 30) { $0.lineBreakMode = .byTruncatingMiddle })
            let middleInk = try XCTUnwrap(inkBox(middle))
            XCTAssertGreaterThan(middleInk.maxX, 100, "middle truncation keeps the end")
            let runs = inkColumnRuns(middle, rows: 0..<30)
            XCTAssertGreaterThan(runs.count, 6)
        }
    }

    func testSizeThatFitsGrowsWithTheTextAndSizeToFitApplies() throws {
        onMain {
            let label = makeLabel("Hi", width: 10, height: 10)
            let short = label.sizeThatFits(CGSize(width: 10, height: 10))
            label.text = "Hi there, Kinescope"
            let long = label.sizeThatFits(CGSize(width: 10, height: 10))
            XCTAssertGreaterThan(long.width, short.width * 4, "longer text is wider")
            XCTAssertEqual(long.height, label.font.lineHeight.rounded(.up), "one line tall")
            XCTAssertEqual(short.height, long.height)
            XCTAssertEqual(long.width, long.width.rounded(), "whole points")
            label.font = .systemFont(ofSize: 34)
            let bigger = label.sizeThatFits(.zero)
            XCTAssertEqual(bigger.width, long.width * 2, accuracy: long.width * 0.1, "twice the size, about twice as wide")
            label.numberOfLines = 0
            let wrapped = label.sizeThatFits(CGSize(width: bigger.width * 0.6, height: 0))
            XCTAssertEqual(wrapped.height, (2 * label.font.lineHeight).rounded(.up), "wrapping at a narrower width adds a line")
            XCTAssertLessThanOrEqual(wrapped.width, bigger.width * 0.6)
            label.frame.size.width = bigger.width * 0.6
            label.sizeToFit()
            XCTAssertEqual(label.bounds.size, wrapped, "sizeToFit wraps at the current width")
            XCTAssertEqual(label.frame.origin, .zero, "and keeps the origin")
            label.preferredMaxLayoutWidth = 0
            XCTAssertEqual(label.intrinsicContentSize, bigger, "intrinsic size without a preferred width: one line")
            label.text = ""
            XCTAssertEqual(label.sizeThatFits(.zero), .zero)
        }
    }

    func testRendersOnlyWhenTextFontColourOrSizeChange() throws {
        try onMain {
            let label = makeLabel("Steady", width: 120, height: 30)
            _ = composite(label)
            let first = try XCTUnwrap(label.layer.contents as? CGImage)
            _ = composite(label)
            label.text = "Steady"
            label.textColor = .black
            label.textAlignment = .natural
            _ = composite(label)
            XCTAssertTrue(label.layer.contents as? CGImage === first, "no change, no new image")
            for change in [{ label.text = "Changed" }, { label.textColor = .red }, { label.font = .boldSystemFont(ofSize: 17) },
                           { label.bounds.size = CGSize(width: 140, height: 30) }, { label.textAlignment = .right }] {
                let before = label.layer.contents as? CGImage
                change()
                _ = composite(label)
                XCTAssertFalse(label.layer.contents as? CGImage === before, "a change renders a new image")
            }
            let contents = try XCTUnwrap(label.layer.contents as? CGImage)
            XCTAssertEqual(contents.width, 140, "the image follows the bounds")
            label.text = nil
            _ = composite(label)
            XCTAssertNil(label.layer.contents, "no text, no contents")
        }
    }

    func testSecondRenderOfTheSameGlyphsMakesNoFreeTypeCalls() throws {
        onMain {
            let font = UIFont.systemFont(ofSize: 19.5)
            let label = makeLabel("Glyph cache: AVATAR Wo", width: 300, height: 40) { $0.font = font }
            let before = font.freeTypeCallCount()
            _ = composite(label)
            let afterFirst = font.freeTypeCallCount()
            XCTAssertGreaterThan(afterFirst, before, "the first render rasterizes through FreeType")
            label.textColor = .blue
            let frame = composite(label)
            XCTAssertEqual(font.freeTypeCallCount(), afterFirst, "a redraw reuses cached glyphs, kerning and lookups")
            XCTAssertNotNil(inkBox(frame), "and still draws")
            label.text = "Glyph cache: AVATAR Wo"
            _ = composite(label)
            XCTAssertEqual(font.freeTypeCallCount(), afterFirst, "the same text again: still none")
            XCTAssertEqual(UIFont.systemFont(ofSize: 19.5).freeTypeCallCount(), afterFirst, "the cache is per font and size")
        }
    }

    func testMissingFontFileDrawsNothingAndKeepsMetrics() throws {
        onMain {
            let font = UIFont(systemFontFileAt: "/nonexistent/kinescope/DejaVuSans.ttf", debianPackage: "fonts-dejavu-core",
                              size: 20)
            let label = makeLabel("Invisible", width: 100, height: 30) { $0.font = font }
            let frame = composite(label)
            XCTAssertNil(inkBox(frame))
            XCTAssertNil(label.layer.contents, "nothing drawn, no contents")
            XCTAssertEqual(font.lineHeight, 20 * 2384 / 2048, accuracy: 1e-9, "DejaVu Sans's metrics stand in")
            XCTAssertEqual(label.sizeThatFits(.zero).width, 0)
        }
    }

    func testUnicodeIsDrawnAndMissingGlyphsShowTheNotdefBox() throws {
        try onMain {
            let missing = composite(makeLabel("\u{E000}", width: 40, height: 30))
            for character in ["Ω", "ж", "λ", "€", "é", "ß"] {
                let frame = composite(makeLabel(character, width: 40, height: 30))
                XCTAssertNotNil(inkBox(frame), "\(character) drawn")
                XCTAssertFalse(frame.hasSamePixels(as: missing), "\(character) has its own glyph, not the box")
            }
            let box = try XCTUnwrap(inkBox(missing), "a private-use character shows the .notdef box")
            XCTAssertGreaterThan(box.height, 8)
            let runs = inkColumnRuns(missing, rows: (box.minY + box.height / 2)..<(box.minY + box.height / 2 + 1))
            XCTAssertEqual(runs.count, 2, "a hollow box: two sides across its middle row")
            XCTAssertNil(inkBox(composite(makeLabel("\u{200B}\u{FEFF}\t", width: 40, height: 30))),
                         "invisible characters draw nothing, not boxes")
        }
    }

    /// Black DejaVu Sans 24 pt on white, centred. Exact on this machine (FreeType 2.12); the
    /// tolerance (±24 per channel on at most 60 of 14 400 pixels) absorbs the anti-aliasing
    /// differences between FreeType releases, not a moved or missing glyph.
    func testGoldenKinescopeFlipFromLeftAt24Points() throws {
        onMain {
            let label = makeLabel("Kinescope — flipFromLeft", width: 360, height: 40) {
                $0.font = .systemFont(ofSize: 24)
                $0.textAlignment = .center
                $0.backgroundColor = .white
            }
            assertBitmap(composite(label), matchesGolden: "kinescope-flipFromLeft-24pt",
                         tolerance: ImageTolerance(perChannel: 24, maxDifferingPixels: 60))
        }
    }
}
