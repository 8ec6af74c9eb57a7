import Foundation
import Geometry
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// `UIButton.Configuration`'s attributed text and transformers, its `background`
/// (`UIBackgroundConfiguration`), template images and the activity indicator.
final class UIButtonConfigurationContentTests: XCTestCase {
    func testEnumsHaveUIKitsRawValues() {
        typealias C = UIButton.Configuration
        XCTAssertEqual([C.CornerStyle.fixed, .dynamic, .small, .medium, .large, .capsule].map(\.rawValue), [-1, 0, 1, 2, 3, 4])
        XCTAssertEqual([C.Size.medium, .small, .mini, .large].map(\.rawValue), [0, 1, 2, 3])
        XCTAssertEqual(NSDirectionalRectEdge.all.rawValue, 15)
        XCTAssertEqual(NSDirectionalRectEdge.trailing.rawValue, 8)
    }

    func testTitleIsTheTextOfTheAttributedTitle() throws {
        onMain {
            var configuration = UIButton.Configuration.plain()
            var title = AttributedString("Big")
            title.font = .systemFont(ofSize: 30)
            configuration.attributedTitle = title
            XCTAssertEqual(configuration.title, "Big")
            configuration.title = "Plain"
            XCTAssertEqual(configuration.attributedTitle, AttributedString("Plain"), "setting the title drops the attributes")
            configuration.subtitle = "Sub"
            XCTAssertEqual(configuration.attributedSubtitle.map { String($0.characters) }, "Sub")
            configuration.title = nil
            XCTAssertNil(configuration.attributedTitle)
        }
    }

    func testAttributedTitleDrawsItsRunsFontAndColour() throws {
        ControlFixture.run { _ in
            var configuration = UIButton.Configuration.plain()
            configuration.title = "Go"
            let plainHeight = UIButton(configuration: configuration).intrinsicContentSize.height
            var title = AttributedString("G")
            title.font = .systemFont(ofSize: 40)
            title.foregroundColor = .red
            title += AttributedString("o")
            configuration.attributedTitle = title
            let button = UIButton(configuration: configuration)
            XCTAssertGreaterThan(button.intrinsicContentSize.height, plainHeight + 20, "the run's font sizes the button")
            let image = composite(button)
            XCTAssertGreaterThan(count(image, where: isRed), 20, "the run's colour wins over the tint")
            XCTAssertGreaterThan(count(image, where: isBlue), 5, "the other run keeps the configuration's colour (the tint)")
        }
    }

    func testTextAttributesTransformerChangesEachRunsAttributes() throws {
        ControlFixture.run { _ in
            var configuration = UIButton.Configuration.plain()
            configuration.title = "Hello"
            var seen: [UIColor?] = []
            configuration.titleTextAttributesTransformer = UIConfigurationTextAttributesTransformer { incoming in
                seen.append(incoming.foregroundColor)
                var outgoing = incoming
                outgoing.foregroundColor = .red
                outgoing.font = .systemFont(ofSize: 34)
                return outgoing
            }
            let button = UIButton(configuration: configuration)
            XCTAssertEqual(seen.first ?? nil, button.tintColor, "the transformer gets the configuration's colour")
            XCTAssertGreaterThan(button.intrinsicContentSize.height, 40, "…and its font changes the size")
            let image = composite(button)
            XCTAssertGreaterThan(count(image, where: isRed), 20)
            XCTAssertEqual(count(image, where: isBlue), 0)
            let copy = configuration
            XCTAssertEqual(copy, configuration, "a copy of a transformer is equal to it")
            configuration.titleTextAttributesTransformer = UIConfigurationTextAttributesTransformer { $0 }
            XCTAssertNotEqual(copy, configuration, "another transformer is not")
        }
    }

    func testBackgroundColourReplacesTheStylesAndPassesItsTransformer() throws {
        ControlFixture.run { _ in
            @MainActor func centre(_ configuration: UIButton.Configuration) -> (red: Int, green: Int, blue: Int, alpha: Int) {
                let button = UIButton(configuration: configuration)
                button.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
                return straightColor(composite(button), 20, 3)
            }
            var plain = UIButton.Configuration.plain()
            plain.background.backgroundColor = .green
            let green = centre(plain)
            XCTAssertEqual([green.red, green.green, green.blue, green.alpha], [0, 255, 0, 255], "a plain button gets a background")
            var filled = UIButton.Configuration.filled()
            filled.baseBackgroundColor = .red
            filled.background.backgroundColorTransformer = .grayscale
            let gray = centre(filled)
            XCTAssertEqual(gray.red, 54, accuracy: 1, "red's luminance, 0.2126")
            XCTAssertEqual(gray.red, gray.green)
            XCTAssertEqual(gray.green, gray.blue)
            filled.background.backgroundColorTransformer = UIConfigurationColorTransformer { $0.withAlphaComponent(0.5) }
            XCTAssertEqual(centre(filled).alpha, 128, accuracy: 1)
        }
    }

    func testCornerRadiusFollowsTheSizeUntilSetAndFixedUsesIt() throws {
        ControlFixture.run { _ in
            @MainActor func cornerAlpha(_ configuration: UIButton.Configuration) -> Int {
                let button = UIButton(configuration: configuration)
                button.frame = CGRect(x: 0, y: 0, width: 80, height: 40)
                return straightColor(composite(button), 1, 1).alpha
            }
            var configuration = UIButton.Configuration.filled()
            XCTAssertEqual(configuration.background.cornerRadius, 6, "medium")
            configuration.buttonSize = .large
            XCTAssertEqual(configuration.background.cornerRadius, 8, "follows the size")
            XCTAssertLessThan(cornerAlpha(configuration), 128)
            configuration.cornerStyle = .fixed
            configuration.background.cornerRadius = 0
            XCTAssertEqual(configuration.background.cornerRadius, 0)
            configuration.buttonSize = .mini
            XCTAssertEqual(configuration.background.cornerRadius, 0, "…and stays once set")
            XCTAssertEqual(cornerAlpha(configuration), 255, "square corners")
            configuration.background.cornerRadius = 19
            XCTAssertEqual(cornerAlpha(configuration), 0)
            configuration.cornerStyle = .small
            XCTAssertGreaterThan(cornerAlpha(configuration), 200, ".small ignores the background's radius: 4 points leave (1, 1) mostly covered")
        }
    }

    func testStrokeInsetsAndOutsetPlaceTheStroke() throws {
        ControlFixture.run { _ in
            var configuration = UIButton.Configuration.plain()
            configuration.cornerStyle = .fixed
            configuration.background.cornerRadius = 0
            configuration.background.backgroundColor = .green
            configuration.background.strokeColor = .red
            configuration.background.strokeWidth = 2
            configuration.background.backgroundInsets = NSDirectionalEdgeInsets(top: 0, leading: 6, bottom: 0, trailing: 0)
            let button = UIButton(configuration: configuration)
            button.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
            var image = composite(button)
            XCTAssertEqual(straightColor(image, 3, 15).alpha, 0, "the leading inset leaves the edge empty")
            XCTAssertEqual(rgb(image, 6, 15), [255, 0, 0], "the stroke lies inside the background's edge")
            XCTAssertEqual(rgb(image, 9, 15), [0, 255, 0])
            configuration.background.strokeOutset = 3
            button.configuration = configuration
            image = composite(button)
            XCTAssertEqual(rgb(image, 3, 15), [255, 0, 0], "an outset moves it out")
            XCTAssertEqual(rgb(image, 6, 15), [0, 255, 0])
            configuration.background.strokeColor = nil
            button.configuration = configuration
            XCTAssertEqual(rgb(composite(button), 3, 15), [0, 122, 255], "no stroke colour: the tint")
            var background = UIBackgroundConfiguration.clear()
            XCTAssertEqual(background.resolvedBackgroundColor(for: .red), .clear)
            background.backgroundColor = nil
            XCTAssertEqual(background.resolvedBackgroundColor(for: .red), .red)
            background.strokeColorTransformer = UIConfigurationColorTransformer { _ in .blue }
            XCTAssertEqual(background.resolvedStrokeColor(for: .red), .blue)
        }
    }

    func testLayoutMarginsJoinTheInsetsOnTheEdgesAsked() throws {
        ControlFixture.run { _ in
            var configuration = UIButton.Configuration.filled()
            configuration.cornerStyle = .fixed
            configuration.background.cornerRadius = 0
            configuration.background.edgesAddingLayoutMarginsToBackgroundInsets = [.top]
            let button = UIButton(configuration: configuration)
            button.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
            button.layoutMargins = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
            button.setNeedsLayout()
            let image = composite(button)
            XCTAssertEqual(straightColor(image, 20, 5).alpha, 0, "the top margin")
            XCTAssertEqual(straightColor(image, 20, 15).alpha, 255)
            XCTAssertEqual(straightColor(image, 2, 15).alpha, 255, "not the leading one")
        }
    }

    func testTemplateImagesTakeTheForegroundColourOthersKeepTheirOwn() throws {
        ControlFixture.run { _ in
            var configuration = UIButton.Configuration.filled()
            configuration.contentInsets = .zero
            configuration.cornerStyle = .fixed
            configuration.background.cornerRadius = 0
            configuration.image = solid(.red, 10, 10).withRenderingMode(.alwaysTemplate)
            let template = composite(UIButton(configuration: configuration))
            XCTAssertEqual(rgb(template, 5, 5), [255, 255, 255], "filled: white, the foreground")
            configuration.imageColorTransformer = UIConfigurationColorTransformer { _ in .green }
            XCTAssertEqual(rgb(composite(UIButton(configuration: configuration)), 5, 5), [0, 255, 0])
            configuration.image = solid(.red, 10, 10)
            XCTAssertEqual(rgb(composite(UIButton(configuration: configuration)), 5, 5), [255, 0, 0], "an automatic image")
        }
    }

    func testActivityIndicatorTakesTheImagesPlaceAndSpins() throws {
        try ControlFixture.run { fixture in
            var configuration = UIButton.Configuration.filled()
            configuration.title = "Saving"
            configuration.image = solid(.red, 10, 10)
            configuration.imagePadding = 4
            let withImage = UIButton(configuration: configuration).intrinsicContentSize.width
            configuration.showsActivityIndicator = true
            configuration.activityIndicatorColorTransformer = UIConfigurationColorTransformer { _ in .green }
            let button = UIButton(configuration: configuration)
            XCTAssertEqual(button.intrinsicContentSize.width - withImage, 10, "a 20-point indicator for a 10-point image")
            fixture.window.addSubview(button)
            let indicator = try XCTUnwrap(allSubviews(of: button).compactMap { $0 as? UIActivityIndicatorView }.first)
            XCTAssertTrue(indicator.isAnimating)
            XCTAssertEqual(indicator.color, .green)
            let image = composite(button)
            XCTAssertEqual(count(image, where: isRed), 0, "no image")
            XCTAssertGreaterThan(count(image, where: { $0.green > 150 && $0.red < 100 && $0.blue < 100 }), 5, "the indicator's spokes")
            configuration.showsActivityIndicator = false
            button.configuration = configuration
            XCTAssertFalse(indicator.isAnimating)
            XCTAssertGreaterThan(count(composite(button), where: isRed), 50, "the image is back")
        }
    }

    /// An outlined capsule with a semibold attributed title, a fixed-corner button with a
    /// stroke outset and a template image, a two-run title (red, then underlined), and a button
    /// showing its activity indicator, at 2×. Titles are FreeType text: ±24 per channel on at
    /// most 400 pixels.
    func testGoldenBackgroundsAndAttributedTitles() throws {
        ControlFixture.run { _ in
            var outlined = UIButton.Configuration.plain()
            outlined.background.strokeWidth = 1
            outlined.cornerStyle = .capsule
            var title = AttributedString("Outline")
            title.font = .systemFont(ofSize: 15, weight: .semibold)
            outlined.attributedTitle = title
            let first = UIButton(configuration: outlined)
            first.frame.origin = CGPoint(x: 8, y: 8)

            var framed = UIButton.Configuration.tinted()
            framed.cornerStyle = .fixed
            framed.background.cornerRadius = 2
            framed.background.strokeWidth = 2
            framed.background.strokeColor = .systemOrange
            framed.background.strokeOutset = 2
            framed.image = solid(.red, 12, 12).withRenderingMode(.alwaysTemplate)
            framed.imagePadding = 4
            framed.title = "Frame"
            let second = UIButton(configuration: framed)
            second.frame.origin = CGPoint(x: 100, y: 10)

            var runs = UIButton.Configuration.gray()
            var red = AttributedString("Red ")
            red.foregroundColor = .systemRed
            var underlined = AttributedString("under")
            underlined.underlineStyle = .single
            runs.attributedTitle = red + underlined
            let third = UIButton(configuration: runs)
            third.frame.origin = CGPoint(x: 8, y: 56)

            var busy = UIButton.Configuration.filled()
            busy.title = "Saving"
            busy.showsActivityIndicator = true
            busy.imagePadding = 6
            let fourth = UIButton(configuration: busy)
            fourth.frame.origin = CGPoint(x: 120, y: 56)
            assertBitmap(stage(width: 220, height: 100, [first, second, third, fourth]), matchesGolden: "configuration-backgrounds",
                         tolerance: ImageTolerance(perChannel: 24, maxDifferingPixels: 400))
        }
    }

    func testGrayscaleKeepsLuminanceAndAlphaAndTransformersCompareByIdentity() throws {
        onMain {
            let gray = UIConfigurationColorTransformer.grayscale(UIColor(red: 0, green: 1, blue: 0, alpha: 0.5))
            var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
            XCTAssertTrue(gray.getRed(&red, green: &green, blue: &blue, alpha: &alpha))
            XCTAssertEqual(red, 0.7152, accuracy: 0.01, "green's luminance")
            XCTAssertEqual(green, red, accuracy: 0.001)
            XCTAssertEqual(blue, red, accuracy: 0.001)
            XCTAssertEqual(alpha, 0.5, accuracy: 0.001)
            XCTAssertEqual(UIConfigurationColorTransformer.grayscale, .grayscale)
            XCTAssertNotEqual(UIConfigurationColorTransformer { $0 }, UIConfigurationColorTransformer { $0 })
        }
    }
}

private func rgb(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [Int] {
    let c = straightColor(bitmap, x, y)
    return [c.red, c.green, c.blue]
}

private func count(_ bitmap: Bitmap, where test: ((red: Int, green: Int, blue: Int, alpha: Int)) -> Bool) -> Int {
    var n = 0
    for y in 0..<bitmap.height {
        for x in 0..<bitmap.width where test(straightColor(bitmap, x, y)) { n += 1 }
    }
    return n
}

private func isRed(_ c: (red: Int, green: Int, blue: Int, alpha: Int)) -> Bool { c.alpha > 128 && c.red > 200 && c.green < 80 && c.blue < 80 }
private func isBlue(_ c: (red: Int, green: Int, blue: Int, alpha: Int)) -> Bool { c.alpha > 128 && c.blue > 200 && c.red < 80 }

@MainActor
private func allSubviews(of view: UIView) -> [UIView] {
    view.subviews + view.subviews.flatMap(allSubviews)
}
