import Foundation
import Geometry
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// Shaping (HarfBuzz), fallback (fontconfig), bidi (fribidi) and the attributes drawn, as small
/// goldens on white, plus the metrics and diagnostics around them.
final class TextShapingTests: XCTestCase {
    private let tolerance = ImageTolerance(perChannel: 24, maxDifferingPixels: 6)

    private func render(width: Int, height: Int, _ body: () -> Void) throws -> Bitmap {
        let image = UIGraphicsImageRenderer(size: CGSize(width: width, height: height)).image { context in
            UIColor.white.setFill()
            context.cgContext.fill(CGRect(x: 0, y: 0, width: width, height: height))
            body()
        }
        return try XCTUnwrap(image.cgImage?.bitmap)
    }

    private func font(_ size: CGFloat) -> UIFont { .systemFont(ofSize: size) }

    func testLatinKerningAndLigatures() throws {
        let attributes: [NSAttributedString.Key: Any] = [.font: font(22)]
        let bitmap = try render(width: 170, height: 34) {
            "AVATAR office".draw(at: CGPoint(x: 4, y: 4), withAttributes: attributes)
        }
        assertBitmap(bitmap, matchesGolden: "latin-kerning-ligatures", tolerance: tolerance)
        let pair = "AV".size(withAttributes: attributes).width
        let apart = "A".size(withAttributes: attributes).width + "V".size(withAttributes: attributes).width
        XCTAssertLessThan(pair, apart - 0.5, "GPOS kerning pulls A and V together")
        var noLigatures = attributes
        noLigatures[.ligature] = 0
        let joined = try render(width: 80, height: 34) { "ffi fl".draw(at: CGPoint(x: 4, y: 4), withAttributes: attributes) }
        let separate = try render(width: 80, height: 34) { "ffi fl".draw(at: CGPoint(x: 4, y: 4), withAttributes: noLigatures) }
        XCTAssertFalse(joined.hasSamePixels(as: separate), ".ligature 0 turns the fi/fl ligatures off")
    }

    func testArabicIsJoinedAndRightToLeftUnderNaturalAlignment() throws {
        let attributes: [NSAttributedString.Key: Any] = [.font: font(20)]
        let text = "مرحبا بالعالم"
        let bitmap = try render(width: 180, height: 34) {
            text.draw(in: CGRect(x: 4, y: 4, width: 172, height: 28), withAttributes: attributes)
        }
        assertBitmap(bitmap, matchesGolden: "arabic-joined-rtl", tolerance: tolerance)
        let ink = try XCTUnwrap(inkBox(bitmap.ink(darkerThan: 200)))
        XCTAssertGreaterThan(ink.maxX, 168, "natural alignment puts an Arabic line at the right edge")
        XCTAssertGreaterThan(ink.minX, 40)
        let joined = text.size(withAttributes: attributes).width
        let isolated = text.unicodeScalars.reduce(0.0) { $0 + String($1).size(withAttributes: attributes).width }
        XCTAssertNotEqual(joined, isolated, accuracy: 0.5, "joining forms differ from isolated letters")
    }

    func testHebrewAndMixedDirectionsReorderPerLine() throws {
        let attributes: [NSAttributedString.Key: Any] = [.font: font(18)]
        let bitmap = try render(width: 180, height: 30) {
            "abc שלום 123".draw(in: CGRect(x: 4, y: 4, width: 172, height: 24), withAttributes: attributes)
        }
        assertBitmap(bitmap, matchesGolden: "mixed-ltr-hebrew", tolerance: tolerance)
        let hebrew = try render(width: 180, height: 30) {
            "שלום עולם".draw(in: CGRect(x: 4, y: 4, width: 172, height: 24), withAttributes: attributes)
        }
        XCTAssertGreaterThan(try XCTUnwrap(inkBox(hebrew.ink(darkerThan: 200))).maxX, 168, "a Hebrew paragraph aligns right")
    }

    func testDevanagariIsReorderedInAFallbackFont() throws {
        let bitmap = try render(width: 150, height: 40) {
            "नमस्ते दुनिया".draw(at: CGPoint(x: 4, y: 4), withAttributes: [.font: font(20)])
        }
        assertBitmap(bitmap, matchesGolden: "devanagari", tolerance: tolerance)
        XCTAssertNotNil(inkBox(bitmap.ink(darkerThan: 200)))
    }

    func testChineseAndJapaneseComeFromTheFallbackFont() throws {
        let bitmap = try render(width: 170, height: 34) {
            "你好，世界 かな".draw(at: CGPoint(x: 4, y: 4), withAttributes: [.font: font(20)])
        }
        assertBitmap(bitmap, matchesGolden: "chinese-fallback", tolerance: tolerance)
        let runs = inkColumnRuns(bitmap.ink(darkerThan: 160))
        XCTAssertGreaterThanOrEqual(runs.count, 6, "ideographs, not one .notdef box after another: \(runs)")
    }

    func testWrappingAndEachTruncationMode() throws {
        let text = "The quick brown fox jumps over the lazy dog"
        for mode: NSLineBreakMode in [.byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead,
                                      .byTruncatingTail, .byTruncatingMiddle] {
            let style = NSMutableParagraphStyle()
            style.lineBreakMode = mode
            let attributed = NSAttributedString(string: text, attributes: [.font: font(14), .paragraphStyle: style])
            let bitmap = try render(width: 120, height: 40) {
                attributed.draw(with: CGRect(x: 2, y: 2, width: 116, height: 36), options: .usesLineFragmentOrigin,
                                context: nil)
            }
            assertBitmap(bitmap, matchesGolden: "wrap-\(mode.rawValue)", tolerance: tolerance)
        }
        let plain = NSAttributedString(string: text, attributes: [.font: font(14)])
        let cut = try render(width: 120, height: 40) {
            plain.draw(with: CGRect(x: 2, y: 2, width: 116, height: 36), options: .usesLineFragmentOrigin, context: nil)
        }
        let ellipsis = try render(width: 120, height: 40) {
            plain.draw(with: CGRect(x: 2, y: 2, width: 116, height: 36),
                       options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine], context: nil)
        }
        assertBitmap(ellipsis, matches: try render(width: 120, height: 40) {
            let style = NSMutableParagraphStyle()
            style.lineBreakMode = .byTruncatingTail
            NSAttributedString(string: text, attributes: [.font: font(14), .paragraphStyle: style])
                .draw(with: CGRect(x: 2, y: 2, width: 116, height: 36), options: .usesLineFragmentOrigin, context: nil)
        }, name: "truncates-last-visible-line")
        XCTAssertFalse(cut.hasSamePixels(as: ellipsis), ".truncatesLastVisibleLine ends the last line in an ellipsis")
    }

    func testUnderlineStrikethroughStrokeAndShadow() throws {
        let shadow = NSShadow()
        shadow.shadowOffset = CGSize(width: 2, height: 2)
        shadow.shadowBlurRadius = 3
        shadow.shadowColor = UIColor(red: 0, green: 0, blue: 0.6, alpha: 0.6)
        let text = NSMutableAttributedString(string: "Under ", attributes: [.font: font(18),
                                                                             .underlineStyle: NSUnderlineStyle.single.rawValue])
        text.append(NSAttributedString(string: "thick ", attributes: [.font: font(18), .underlineStyle: NSUnderlineStyle.thick.rawValue,
                                                                       .underlineColor: UIColor.red]))
        text.append(NSAttributedString(string: "double", attributes: [.font: font(18), .underlineStyle: NSUnderlineStyle.double.rawValue]))
        let second = NSMutableAttributedString(string: "Strike ", attributes: [.font: font(18),
                                                                                .strikethroughStyle: NSUnderlineStyle.single.rawValue])
        second.append(NSAttributedString(string: "Outline", attributes: [.font: UIFont.boldSystemFont(ofSize: 20),
                                                                          .strokeWidth: 3, .strokeColor: UIColor.blue]))
        let third = NSMutableAttributedString(string: "Shadow ", attributes: [.font: UIFont.boldSystemFont(ofSize: 20),
                                                                               .shadow: shadow])
        third.append(NSAttributedString(string: "both", attributes: [.font: UIFont.boldSystemFont(ofSize: 20), .strokeWidth: -4,
                                                                      .foregroundColor: UIColor.yellow, .strokeColor: UIColor.black,
                                                                      .backgroundColor: UIColor(white: 0.85, alpha: 1)]))
        let bitmap = try render(width: 170, height: 96) {
            text.draw(at: CGPoint(x: 4, y: 2))
            second.draw(at: CGPoint(x: 4, y: 32))
            third.draw(at: CGPoint(x: 4, y: 64))
        }
        assertBitmap(bitmap, matchesGolden: "decorations-stroke-shadow", tolerance: tolerance)
    }

    func testParagraphStyleIndentsSpacingAndAlignment() throws {
        let style = NSMutableParagraphStyle()
        style.firstLineHeadIndent = 20
        style.headIndent = 6
        style.tailIndent = -6
        style.lineSpacing = 4
        style.paragraphSpacing = 8
        style.alignment = .justified
        let text = NSAttributedString(string: "Justified text with indents wraps here.\nSecond paragraph",
                                      attributes: [.font: font(12), .paragraphStyle: style])
        let bitmap = try render(width: 140, height: 90) {
            text.draw(in: CGRect(x: 2, y: 2, width: 136, height: 86))
        }
        assertBitmap(bitmap, matchesGolden: "paragraph-style", tolerance: tolerance)
        let plain = NSAttributedString(string: "a\nb", attributes: [.font: font(12)])
        let spaced = NSAttributedString(string: "a\nb", attributes: [.font: font(12), .paragraphStyle: style])
        XCTAssertEqual(spaced.size().height, plain.size().height + 4 + 8, accuracy: 1e-6,
                       "line spacing and paragraph spacing between the two paragraphs")
        let tall = NSMutableParagraphStyle()
        tall.lineHeightMultiple = 2
        XCTAssertEqual(NSAttributedString(string: "x", attributes: [.font: font(12), .paragraphStyle: tall]).size().height,
                       2 * font(12).lineHeight, accuracy: 1e-6)
        tall.maximumLineHeight = 10
        XCTAssertEqual(NSAttributedString(string: "x", attributes: [.font: font(12), .paragraphStyle: tall]).size().height,
                       10, accuracy: 1e-6)
    }

    func testLineHeightIsAscenderMinusDescenderPlusLeadingForDejaVuSans() throws {
        let font = UIFont.systemFont(ofSize: 2048)
        // FreeType reports DejaVu Sans (2048 units per em): ascender 1901, descender −483, height 2384.
        XCTAssertEqual(font.ascender, 1901, accuracy: 1e-9)
        XCTAssertEqual(font.descender, -483, accuracy: 1e-9)
        XCTAssertEqual(font.lineHeight, font.ascender - font.descender + font.leading, accuracy: 1e-9)
        XCTAssertEqual(font.lineHeight, 2384, accuracy: 1e-9)
        XCTAssertEqual(font.leading, 0, accuracy: 1e-9)
        XCTAssertGreaterThan(font.capHeight, 0)
        XCTAssertGreaterThan(font.xHeight, 0)
        XCTAssertLessThan(font.xHeight, font.capHeight)
    }

    func testSizeWithAttributesGrowsWithKern() throws {
        var previous = -CGFloat.infinity
        for kern in stride(from: -2.0, through: 6.0, by: 0.5) {
            let width = "Kerning grows".size(withAttributes: [.font: font(14), .kern: kern]).width
            XCTAssertGreaterThan(width, previous, "kern \(kern)")
            previous = width
        }
        XCTAssertEqual("ab".size(withAttributes: [.font: font(14), .kern: 3]).width,
                       "ab".size(withAttributes: [.font: font(14)]).width + 6, accuracy: 1e-6, "kern follows every character")
    }

    func testBoundingRectWrapsWithLineFragmentOriginAndStartsAtTheBaselineWithout() throws {
        let attributes: [NSAttributedString.Key: Any] = [.font: font(14)]
        let text = "one two three four five six"
        let wrapped = text.boundingRect(with: CGSize(width: 60, height: CGFloat.greatestFiniteMagnitude),
                                        options: .usesLineFragmentOrigin, attributes: attributes, context: nil)
        XCTAssertEqual(wrapped.minY, 0)
        XCTAssertLessThanOrEqual(wrapped.width, 60)
        XCTAssertGreaterThan(wrapped.height, 2.5 * font(14).lineHeight)
        let single = text.boundingRect(with: CGSize(width: 60, height: 100), options: [], attributes: attributes, context: nil)
        XCTAssertEqual(single.minY, -font(14).ascender, accuracy: 1e-6)
        XCTAssertEqual(single.height, font(14).lineHeight, accuracy: 1e-6)
        let context = NSStringDrawingContext()
        context.minimumScaleFactor = 0.5
        let shrunk = text.boundingRect(with: CGSize(width: 120, height: 30), options: .usesLineFragmentOrigin,
                                       attributes: attributes, context: context)
        XCTAssertLessThan(context.actualScaleFactor, 1)
        XCTAssertLessThanOrEqual(shrunk.width, 120 + 1e-6)
    }

    func testMissingFontNameIsReportedOnceAndFallsBack() throws {
        let name = "Kinescope Missing Face \(getpid())"
        let output = try captureStandardError {
            XCTAssertNotNil(UIFont(name: name, size: 12))
            XCTAssertNotNil(UIFont(name: name, size: 14))
        }
        let lines = output.split(separator: "\n").filter { $0.contains(name) }
        XCTAssertEqual(lines.count, 1, "one diagnostic per name: \(output)")
        XCTAssertTrue(lines.first?.contains("substitute") ?? false, output)
    }

    func testACorruptFontFileIsAnErrorNamingIt() throws {
        let path = NSTemporaryDirectory() + "kinescope-corrupt-\(getpid()).ttf"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        bytes = bytes.prefix(64)
        try bytes.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try UIFont(contentsOfFile: path, size: 12)) { error in
            XCTAssertTrue("\(error)".contains(path), "\(error)")
        }
    }

    func testUILabelShrinksToFitAndDrawsAttributedRuns() throws {
        try onMain {
            let label = makeLabel("A long label that does not fit", width: 120, height: 24) {
                $0.adjustsFontSizeToFitWidth = true
                $0.minimumScaleFactor = 0.4
            }
            let ink = try XCTUnwrap(inkBox(composite(label)))
            XCTAssertLessThanOrEqual(ink.maxX, 120)
            XCTAssertGreaterThan(ink.width, 90, "shrunk, not truncated: the text still spans the label")
            let attributed = NSMutableAttributedString(string: "Red ", attributes: [.foregroundColor: UIColor.red])
            attributed.append(NSAttributedString(string: "Blue", attributes: [.foregroundColor: UIColor.blue]))
            let colours = makeLabel(nil, width: 120, height: 24) { $0.attributedText = attributed }
            let frame = composite(colours)
            var sawRed = false, sawBlue = false
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let p = frame[x: x, y: y]
                    if p.packed == 0xFFFF_0000 { sawRed = true }
                    if p.packed == 0xFF00_00FF { sawBlue = true }
                }
            }
            XCTAssertTrue(sawRed && sawBlue, "each run keeps its colour")
        }
    }

    /// Runs `body` with standard error going to a file, and returns what was written.
    private func captureStandardError(_ body: () -> Void) throws -> String {
        let path = NSTemporaryDirectory() + "kinescope-stderr-\(getpid()).txt"
        FileManager.default.createFile(atPath: path, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = open(path, O_WRONLY)
        let saved = dup(2)
        dup2(file, 2)
        body()
        dup2(saved, 2)
        close(saved)
        close(file)
        return try String(contentsOfFile: path, encoding: .utf8)
    }
}

private extension Bitmap {
    /// A transparent bitmap, opaque black where this one (text on white) has red below
    /// `threshold`: so the alpha-based ink helpers see the text.
    func ink(darkerThan threshold: UInt32) -> Bitmap {
        let copy = Bitmap(size: size)
        for y in 0..<height {
            for x in 0..<width where self[x: x, y: y].packed >> 16 & 0xFF < threshold { copy.row(y)[x] = 0xFF00_0000 }
        }
        return copy
    }
}
