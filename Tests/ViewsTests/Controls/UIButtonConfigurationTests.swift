import Foundation
import Geometry
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// `UIButton.Configuration`: the styles' defaults, sizes from insets and paddings, colours from
/// the tint and the base colours, corner styles, states, the primary action, and the look.
final class UIButtonConfigurationTests: XCTestCase {
    func testDefaultsAreApples() throws {
        onMain {
            let configuration = UIButton.Configuration.filled()
            XCTAssertNil(configuration.title)
            XCTAssertNil(configuration.subtitle)
            XCTAssertNil(configuration.image)
            XCTAssertEqual(configuration.imagePadding, 0)
            XCTAssertEqual(configuration.titlePadding, 0)
            XCTAssertEqual(configuration.imagePlacement, .leading)
            XCTAssertEqual(configuration.buttonSize, .medium)
            XCTAssertEqual(configuration.cornerStyle, .dynamic)
            XCTAssertEqual(configuration.contentInsets, NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12))
            var large = configuration
            large.buttonSize = .large
            XCTAssertEqual(large.contentInsets.leading, 20, "the insets follow the size until set")
            large.contentInsets = .zero
            large.buttonSize = .small
            XCTAssertEqual(large.contentInsets, .zero, "…and stay once set")
            XCTAssertEqual(UIButton.Configuration.bordered(), .gray())
            XCTAssertEqual(UIButton.Configuration.borderedProminent(), .filled())
            XCTAssertNotEqual(UIButton.Configuration.plain(), .filled())
        }
    }

    func testSizeIsContentPlusInsetsAndPaddings() throws {
        ControlFixture.run { _ in
            var configuration = UIButton.Configuration.plain()
            configuration.image = solid(.red, 20, 10)
            configuration.contentInsets = NSDirectionalEdgeInsets(top: 3, leading: 5, bottom: 4, trailing: 6)
            let imageOnly = UIButton(configuration: configuration)
            XCTAssertEqual(imageOnly.intrinsicContentSize, CGSize(width: 31, height: 17))
            XCTAssertEqual(imageOnly.bounds.size, CGSize(width: 31, height: 17), "sized to fit")
            configuration.title = "Title"
            let withTitle = UIButton(configuration: configuration).intrinsicContentSize
            configuration.imagePadding = 8
            let padded = UIButton(configuration: configuration).intrinsicContentSize
            XCTAssertEqual(padded.width - withTitle.width, 8)
            configuration.imagePlacement = .top
            let stacked = UIButton(configuration: configuration).intrinsicContentSize
            XCTAssertGreaterThan(stacked.height, padded.height + 10, "image over the title")
            configuration.imagePlacement = .leading
            configuration.subtitle = "Sub"
            configuration.titlePadding = 2
            let twoLines = UIButton(configuration: configuration).intrinsicContentSize
            XCTAssertGreaterThan(twoLines.height, padded.height + 10, "the subtitle adds a line")
        }
    }

    func testColoursComeFromTheStyleTheTintAndTheBaseColours() throws {
        ControlFixture.run { _ in
            @MainActor func centre(_ make: (inout UIButton.Configuration) -> Void, _ base: UIButton.Configuration,
                        tint: UIColor = .systemBlue) -> (red: Int, green: Int, blue: Int, alpha: Int) {
                var configuration = base
                make(&configuration)
                let button = UIButton(configuration: configuration)
                button.tintColor = tint
                button.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
                return straightColor(composite(button), 20, 15)
            }
            let filled = centre({ _ in }, .filled())
            XCTAssertEqual([filled.red, filled.green, filled.blue, filled.alpha], [0, 122, 255, 255], "the tint")
            let tinted = centre({ _ in }, .tinted(), tint: .red)
            XCTAssertEqual(tinted.alpha, 38, accuracy: 1, "the tint at 15 %")
            XCTAssertEqual(tinted.red, 255)
            let based = centre({ $0.baseBackgroundColor = .green }, .filled())
            XCTAssertEqual([based.red, based.green, based.blue], [0, 255, 0])
            XCTAssertEqual(centre({ _ in }, .plain()).alpha, 0, "no background")
        }
    }

    func testTapRunsThePrimaryActionAndStatesChangeTheLook() throws {
        ControlFixture.run { fixture in
            var runs = 0
            var configuration = UIButton.Configuration.filled()
            configuration.title = "Go"
            let button = UIButton(configuration: configuration, primaryAction: UIAction { _ in runs += 1 })
            button.frame.origin = CGPoint(x: 10, y: 10)
            fixture.window.addSubview(button)
            XCTAssertEqual(button.buttonType, .system)
            fixture.tap(CGPoint(x: 20, y: 20))
            XCTAssertEqual(runs, 1)
            let normal = straightColor(composite(button), 3, 3)
            UIView.performWithoutAnimation { button.isHighlighted = true }
            let pressed = straightColor(composite(button), 3, 3)
            XCTAssertLessThan(pressed.alpha, normal.alpha, "pressed draws lighter")
            button.isHighlighted = false
            button.isEnabled = false
            let disabled = straightColor(composite(button), 3, 3)
            XCTAssertEqual(disabled.alpha, 31, accuracy: 1, "tertiarySystemFill: (118, 118, 128) at 12 %")
            XCTAssertEqual(disabled.red, 118, accuracy: 4)
            XCTAssertGreaterThan(disabled.blue, disabled.red)
            button.configuration = nil
            XCTAssertNil(button.configuration)
            XCTAssertEqual(straightColor(composite(button), 3, 3).alpha, 0, "back to the classic (empty) look")
        }
    }

    func testUpdateHandlerRunsOnStateChangesAndMaySetTheConfiguration() throws {
        ControlFixture.run { fixture in
            var configuration = UIButton.Configuration.filled()
            configuration.title = "Play"
            let button = UIButton(configuration: configuration)
            var calls = 0
            button.configurationUpdateHandler = { button in
                calls += 1
                var updated = button.configuration
                updated?.title = button.isHighlighted ? "Playing" : "Play"
                button.configuration = updated
            }
            XCTAssertEqual(calls, 1, "setting the handler runs it once, not again for what it sets")
            button.frame.origin = CGPoint(x: 10, y: 10)
            fixture.window.addSubview(button)
            fixture.window.sendTouch(.began, at: CGPoint(x: 15, y: 15), timestamp: fixture.clock.now)
            XCTAssertEqual(button.configuration?.title, "Playing")
            fixture.window.sendTouch(.ended, at: CGPoint(x: 15, y: 15), timestamp: fixture.clock.now + 0.05)
            XCTAssertEqual(button.configuration?.title, "Play")
            XCTAssertEqual(calls, 3)
        }
    }

    func testCornerStyles() throws {
        ControlFixture.run { _ in
            @MainActor func cornerAlpha(_ style: UIButton.Configuration.CornerStyle) -> Int {
                var configuration = UIButton.Configuration.filled()
                configuration.cornerStyle = style
                let button = UIButton(configuration: configuration)
                button.frame = CGRect(x: 0, y: 0, width: 80, height: 40)
                return straightColor(composite(button), 2, 2).alpha
            }
            XCTAssertEqual(cornerAlpha(.small), 255, "4-point corners leave (2, 2) covered")
            XCTAssertLessThan(cornerAlpha(.large), 10, "10-point corners do not")
            XCTAssertLessThan(cornerAlpha(.capsule), 10)
        }
    }

    /// Filled, tinted, gray and plain buttons, a capsule with a subtitle, and a disabled one,
    /// at 2×. Titles are FreeType text: ±24 per channel on at most 400 pixels.
    func testGoldenConfigurations() throws {
        ControlFixture.run { _ in
            let styles: [UIButton.Configuration] = [.filled(), .tinted(), .gray(), .plain()]
            var buttons: [UIView] = styles.enumerated().map { index, base in
                var configuration = base
                configuration.title = "Button"
                let button = UIButton(configuration: configuration)
                button.frame.origin = CGPoint(x: 8 + 84 * CGFloat(index % 2), y: 8 + 44 * CGFloat(index / 2))
                return button
            }
            var capsule = UIButton.Configuration.filled()
            capsule.title = "Buy"
            capsule.subtitle = "£4.99"
            capsule.cornerStyle = .capsule
            capsule.image = solid(.green, 12, 12)
            capsule.imagePadding = 6
            let buy = UIButton(configuration: capsule)
            buy.frame.origin = CGPoint(x: 8, y: 96)
            var off = UIButton.Configuration.filled()
            off.title = "Off"
            let disabled = UIButton(configuration: off)
            disabled.isEnabled = false
            disabled.frame.origin = CGPoint(x: 110, y: 100)
            buttons += [buy, disabled]
            assertBitmap(stage(width: 180, height: 150, buttons), matchesGolden: "configurations",
                         tolerance: ImageTolerance(perChannel: 24, maxDifferingPixels: 400))
        }
    }
}
