import Geometry
import Graphics
import Views
import XCTest

/// UIFont: names, metrics from the font's design, sizes, and the errors for unusable files.
final class UIFontTests: XCTestCase {
    func testSystemFontsAreDejaVuSansWithDesignMetrics() throws {
        let font = UIFont.systemFont(ofSize: 20)
        XCTAssertEqual(font.fontName, "DejaVuSans")
        XCTAssertEqual(font.familyName, "DejaVu Sans")
        XCTAssertEqual(font.pointSize, 20)
        // DejaVu Sans: 2048 units per em, hhea ascender 1901, descender −483, no line gap.
        XCTAssertEqual(font.ascender, 20 * 1901 / 2048, accuracy: 1e-9)
        XCTAssertEqual(font.descender, -20 * 483 / 2048, accuracy: 1e-9, "descender is negative, as in UIKit")
        XCTAssertEqual(font.lineHeight, font.ascender - font.descender, accuracy: 1e-9)
        XCTAssertEqual(font.leading, 0, accuracy: 1e-9)
        XCTAssertEqual(font.capHeight, 20 * 1493 / 2048, accuracy: 1e-9, "from the OS/2 table")
        XCTAssertLessThan(font.xHeight, font.capHeight)
        let bold = UIFont.boldSystemFont(ofSize: 20)
        XCTAssertEqual(bold.fontName, "DejaVuSans-Bold")
        XCTAssertNotEqual(bold, font)
        XCTAssertEqual(UIFont.systemFont(ofSize: 20, weight: .semibold), bold)
        XCTAssertEqual(UIFont.systemFont(ofSize: 20, weight: .medium), font)
    }

    func testNamedFontsResolveByPostScriptFullAndFamilyName() throws {
        XCTAssertEqual(try XCTUnwrap(UIFont(name: "DejaVuSans-Bold", size: 12)).fontName, "DejaVuSans-Bold")
        XCTAssertEqual(try XCTUnwrap(UIFont(name: "DejaVu Sans Bold", size: 12)).fontName, "DejaVuSans-Bold")
        XCTAssertEqual(try XCTUnwrap(UIFont(name: "dejavu sans mono", size: 12)).fontName, "DejaVuSansMono")
        XCTAssertEqual(try XCTUnwrap(UIFont(name: "DejaVu Serif", size: 12)).familyName, "DejaVu Serif")
        let substitute = try XCTUnwrap(UIFont(name: "Helvetica Neue", size: 12), "an iOS name gets fontconfig's substitute")
        XCTAssertFalse(substitute.familyName.isEmpty)
        XCTAssertTrue(Set(UIFont.familyNames).isSuperset(of: ["DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif"]))
        XCTAssertEqual(UIFont.familyNames, UIFont.familyNames.sorted())
        let faces = UIFont.fontNames(forFamilyName: "DejaVu Sans")
        XCTAssertTrue(Set(faces).isSuperset(of: ["DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique"]), "\(faces)")
        XCTAssertEqual(UIFont.fontNames(forFamilyName: "No Such Family"), [])
        XCTAssertEqual(UIFont.italicSystemFont(ofSize: 12).fontName, "DejaVuSans-Oblique")
        XCTAssertEqual(UIFont.systemFont(ofSize: 12, weight: .ultraLight).fontName, "DejaVuSans-ExtraLight")
    }

    func testSizesThatAreNotPositiveBecomeTwelvePointsAndWithSizeKeepsTheFace() throws {
        XCTAssertEqual(UIFont.systemFont(ofSize: 0).pointSize, 12)
        XCTAssertEqual(UIFont.systemFont(ofSize: -3).pointSize, 12)
        XCTAssertEqual(UIFont.systemFont(ofSize: .nan).pointSize, 12)
        let bigger = UIFont.boldSystemFont(ofSize: 10).withSize(30)
        XCTAssertEqual(bigger, UIFont.boldSystemFont(ofSize: 30))
        XCTAssertEqual(bigger.lineHeight, 3 * UIFont.boldSystemFont(ofSize: 10).lineHeight, accuracy: 1e-9)
    }

    func testOpeningAFontFileByPath() throws {
        let font = try UIFont(contentsOfFile: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf", size: 14)
        XCTAssertEqual(font.fontName, "DejaVuSansMono")
        XCTAssertEqual(font.familyName, "DejaVu Sans Mono")
        let wide = "MMMM".size(withAttributes: [.font: font]).width
        let narrow = "iiii".size(withAttributes: [.font: font]).width
        XCTAssertEqual(wide, narrow, "a monospaced face gives every glyph the same advance")
    }

    func testMissingFontFileErrorNamesThePathAndThePackageOnOneLine() throws {
        let path = "/nonexistent/kinescope-fonts/Nothing.ttf"
        XCTAssertThrowsError(try UIFont(contentsOfFile: path, size: 12)) { error in
            XCTAssertEqual(error as? FontError, .fileMissing(path: path, debianPackage: nil))
        }
        let message = FontError.fileMissing(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                                            debianPackage: "fonts-dejavu-core").description
        XCTAssertTrue(message.contains("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), message)
        XCTAssertTrue(message.contains("install the Debian package fonts-dejavu-core"), message)
        XCTAssertFalse(message.contains("\n"), "one line")
    }

    func testAFileThatIsNotAFontIsReportedAsSuch() throws {
        let path = NSTemporaryDirectory() + "kinescope-not-a-font-\(getpid()).ttf"
        try Data("this is not a font".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try UIFont(contentsOfFile: path, size: 12)) { error in
            guard case .notAFont(let reported, let code)? = error as? FontError else {
                return XCTFail("expected notAFont, got \(error)")
            }
            XCTAssertEqual(reported, path)
            XCTAssertNotEqual(code, 0)
            XCTAssertTrue("\(error)".contains("expected a TrueType or OpenType font file"), "\(error)")
        }
    }
}
