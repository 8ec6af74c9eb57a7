import Foundation
import Geometry
import Graphics
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// `UIButton`'s per-state content, looks and layout, against UIKit's documented behaviour.
final class UIButtonTests: XCTestCase {
    func testCustomButtonDefaultsAreUIKits() throws {
        onMain {
            let button = UIButton(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
            XCTAssertEqual(button.buttonType, .custom)
            XCTAssertEqual(button.state, .normal)
            XCTAssertNil(button.currentTitle)
            XCTAssertNil(button.currentAttributedTitle)
            XCTAssertNil(button.currentImage)
            XCTAssertNil(button.currentBackgroundImage)
            XCTAssertEqual(button.currentTitleColor, .white, "UIKit documents white")
            XCTAssertEqual(button.currentTitleShadowColor, .white, "UIKit documents white")
            XCTAssertEqual(button.titleLabel?.font, .systemFont(ofSize: 15))
            XCTAssertEqual(button.titleLabel?.lineBreakMode, .byTruncatingMiddle)
            XCTAssertEqual(button.titleLabel?.shadowOffset, .zero)
            XCTAssertNotNil(button.imageView)
            XCTAssertEqual(button.contentEdgeInsets, .zero)
            XCTAssertEqual(button.titleEdgeInsets, .zero)
            XCTAssertEqual(button.imageEdgeInsets, .zero)
            XCTAssertTrue(button.adjustsImageWhenHighlighted)
            XCTAssertTrue(button.adjustsImageWhenDisabled)
            XCTAssertEqual(button.contentHorizontalAlignment, .center)
            XCTAssertEqual(button.contentVerticalAlignment, .center)
            XCTAssertEqual(button.tintColor, .systemBlue)
            XCTAssertEqual(button.intrinsicContentSize, .zero, "no content, no insets")
            XCTAssertEqual(UIButton(type: .custom).frame, .zero)
        }
    }

    func testButtonTypesHaveUIKitsRawValues() throws {
        XCTAssertEqual(UIButton.ButtonType.custom.rawValue, 0)
        XCTAssertEqual(UIButton.ButtonType.system.rawValue, 1)
        XCTAssertEqual(UIButton.ButtonType.detailDisclosure.rawValue, 2)
        XCTAssertEqual(UIButton.ButtonType.infoLight.rawValue, 3)
        XCTAssertEqual(UIButton.ButtonType.infoDark.rawValue, 4)
        XCTAssertEqual(UIButton.ButtonType.contactAdd.rawValue, 5)
        XCTAssertEqual(UIButton.ButtonType.close.rawValue, 7)
        XCTAssertEqual(UIButton.ButtonType.roundedRect, .system)
        XCTAssertEqual(UIControl.ContentHorizontalAlignment.trailing.rawValue, 5)
        XCTAssertEqual(UIControl.ContentVerticalAlignment.fill.rawValue, 3)
    }

    func testSystemButtonTitleIsInTheTintColourAndGrayWhenDisabled() throws {
        onMain {
            let button = UIButton(type: .system)
            button.setTitle("Go", for: .normal)
            var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
            button.currentTitleColor.getRed(&red, green: &green, blue: &blue, alpha: &alpha)
            XCTAssertEqual([red, green, blue, alpha].map { ($0 * 255).rounded() }, [0, 122, 255, 255], "system blue")
            XCTAssertEqual(button.titleLabel?.textColor, .systemBlue)
            button.tintColor = .red
            XCTAssertEqual(button.currentTitleColor, .red)
            XCTAssertEqual(button.titleLabel?.textColor, .red, "the label follows the tint")
            button.isEnabled = false
            XCTAssertEqual(button.currentTitleColor, .systemGray)
            button.setTitleColor(.green, for: .normal)
            XCTAssertEqual(button.currentTitleColor, .green, "a normal value beats the system default")
        }
    }

    func testAStateWithoutItsOwnValueUsesTheNormalValue() throws {
        onMain {
            let button = UIButton(type: .custom)
            let normalImage = solidImage(.red), selectedImage = solidImage(.green), both = solidImage(.blue)
            button.setTitle("normal", for: .normal)
            button.setTitle("selected", for: .selected)
            button.setTitleColor(.red, for: .normal)
            button.setTitleColor(.green, for: .highlighted)
            button.setImage(normalImage, for: .normal)
            button.setImage(selectedImage, for: .selected)
            button.setBackgroundImage(normalImage, for: .normal)
            button.setTitleShadowColor(.blue, for: .normal)
            XCTAssertEqual(button.title(for: .highlighted), "normal")
            XCTAssertEqual(button.title(for: .disabled), "normal")
            XCTAssertEqual(button.title(for: [.selected, .highlighted]), "normal",
                           "no value for the combination: the normal one, not the selected one (as UIKit)")
            XCTAssertEqual(button.titleColor(for: .selected), .red)
            XCTAssertEqual(button.titleColor(for: .highlighted), .green)
            XCTAssertTrue(button.image(for: [.selected, .highlighted]) === normalImage)
            XCTAssertTrue(button.backgroundImage(for: .disabled) === normalImage)
            XCTAssertEqual(button.titleShadowColor(for: .selected), .blue)
            XCTAssertNil(button.attributedTitle(for: .normal))
            button.setImage(both, for: [.selected, .highlighted])
            XCTAssertTrue(button.image(for: [.selected, .highlighted]) === both, "an exact combination wins")
            button.setTitle(nil, for: .selected)
            XCTAssertEqual(button.title(for: .selected), "normal", "setting nil removes the state's own value")
        }
    }

    func testCurrentValuesFollowTheState() throws {
        onMain {
            let button = UIButton(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
            let normalImage = solidImage(.red), selectedImage = solidImage(.green), disabledBackground = solidImage(.blue)
            button.setTitle("Off", for: .normal)
            button.setTitle("On", for: .selected)
            button.setTitleColor(.yellow, for: .selected)
            button.setImage(normalImage, for: .normal)
            button.setImage(selectedImage, for: .selected)
            button.setBackgroundImage(disabledBackground, for: .disabled)
            XCTAssertEqual(button.currentTitle, "Off")
            XCTAssertEqual(button.titleLabel?.text, "Off")
            button.isSelected = true
            XCTAssertEqual(button.state, .selected)
            XCTAssertEqual(button.currentTitle, "On")
            XCTAssertEqual(button.titleLabel?.text, "On", "the label shows the current title")
            XCTAssertEqual(button.currentTitleColor, .yellow)
            XCTAssertEqual(button.titleLabel?.textColor, .yellow)
            XCTAssertTrue(button.currentImage === selectedImage)
            XCTAssertTrue(button.imageView?.image === selectedImage)
            XCTAssertNil(button.currentBackgroundImage)
            button.isSelected = false
            button.isEnabled = false
            XCTAssertEqual(button.state, .disabled)
            XCTAssertEqual(button.currentTitle, "Off")
            XCTAssertEqual(button.currentTitleColor, .white)
            XCTAssertTrue(button.currentBackgroundImage === disabledBackground)
            XCTAssertTrue(button.currentImage === normalImage, "current values are the images as set")
        }
    }

    func testAttributedTitleIsPreferredAndDrawnInItsFirstStyle() throws {
        onMain {
            let button = UIButton(frame: CGRect(x: 0, y: 0, width: 160, height: 40))
            button.titleLabel?.font = .systemFont(ofSize: 12)
            button.setTitle("plain", for: .normal)
            button.setTitleColor(.red, for: .normal)
            let big = UIFont.boldSystemFont(ofSize: 20)
            button.setAttributedTitle(NSAttributedString(string: "styled", attributes: [.font: big, .foregroundColor: UIColor.green]),
                                      for: .normal)
            XCTAssertEqual(button.currentTitle, "styled")
            XCTAssertEqual(button.currentAttributedTitle?.string, "styled")
            XCTAssertEqual(button.titleLabel?.text, "styled")
            XCTAssertEqual(button.titleLabel?.font, big)
            XCTAssertEqual(button.titleLabel?.textColor, .green)
            button.setAttributedTitle(NSAttributedString(string: "bare"), for: .highlighted)
            button.isHighlighted = true
            XCTAssertEqual(button.titleLabel?.text, "bare")
            XCTAssertEqual(button.titleLabel?.font, .systemFont(ofSize: 12), "no .font: the label's own font")
            XCTAssertEqual(button.titleLabel?.textColor, .red, "no .foregroundColor: the title colour")
            button.isHighlighted = false
            button.setAttributedTitle(nil, for: .normal)
            XCTAssertEqual(button.titleLabel?.text, "plain")
            XCTAssertEqual(button.titleLabel?.font, .systemFont(ofSize: 12), "the developer's font comes back")
            XCTAssertEqual(button.titleLabel?.textColor, .red)
        }
    }

    func testChangingTheTitleLabelsFontLaysTheButtonOutAgain() throws {
        try onMain {
            let button = UIButton(frame: CGRect(x: 0, y: 0, width: 200, height: 60))
            button.setTitle("Wide title", for: .normal)
            button.layoutIfNeeded()
            let small = try XCTUnwrap(button.titleLabel?.frame)
            XCTAssertGreaterThan(small.width, 0)
            button.titleLabel?.font = .systemFont(ofSize: 30)
            button.layoutIfNeeded()
            let large = try XCTUnwrap(button.titleLabel?.frame)
            XCTAssertGreaterThan(large.width, small.width * 1.5)
            XCTAssertEqual(large.midX, 100, accuracy: 1, "still centred")
        }
    }

    func testImageThenTitleSideBySideCentredInTheBounds() throws {
        try onMain {
            let button = UIButton(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
            button.setImage(solidImage(.red, width: 20, height: 10), for: .normal)
            button.setTitle("Hi", for: .normal)
            button.layoutIfNeeded()
            let image = try XCTUnwrap(button.imageView?.frame), title = try XCTUnwrap(button.titleLabel?.frame)
            let titleSize = try XCTUnwrap(button.titleLabel?.sizeThatFits(.zero))
            XCTAssertEqual(image.size, CGSize(width: 20, height: 10))
            XCTAssertEqual(title.size, titleSize)
            XCTAssertEqual(title.minX, image.maxX, "the title follows the image")
            XCTAssertEqual(image.minX, ((120 - 20 - titleSize.width) / 2).rounded(), "the pair is centred")
            XCTAssertEqual(image.midY, 20, accuracy: 0.5)
            XCTAssertEqual(title.midY, 20, accuracy: 0.5)
            XCTAssertEqual(button.titleRect(forContentRect: button.contentRect(forBounds: button.bounds)), title)
        }
    }

    func testAlignmentsAndContentEdgeInsetsPlaceTheContent() throws {
        onMain {
            let button = UIButton(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
            button.setImage(solidImage(.red, width: 20, height: 10), for: .normal)
            button.contentEdgeInsets = UIEdgeInsets(top: 4, left: 8, bottom: 6, right: 10)
            XCTAssertEqual(button.contentRect(forBounds: button.bounds), CGRect(x: 8, y: 4, width: 102, height: 30))
            button.contentHorizontalAlignment = .left
            button.contentVerticalAlignment = .top
            button.layoutIfNeeded()
            XCTAssertEqual(button.imageView?.frame, CGRect(x: 8, y: 4, width: 20, height: 10))
            button.contentHorizontalAlignment = .trailing
            button.contentVerticalAlignment = .bottom
            button.layoutIfNeeded()
            XCTAssertEqual(button.imageView?.frame, CGRect(x: 90, y: 24, width: 20, height: 10))
            XCTAssertEqual(button.effectiveContentHorizontalAlignment, .right)
        }
    }

    func testFillAlignmentsGiveTheImageViewTheContentRectForItsContentMode() throws {
        onMain {
            let button = UIButton(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
            button.setImage(solidImage(.red, width: 4, height: 4), for: .normal)
            button.contentHorizontalAlignment = .fill
            button.contentVerticalAlignment = .fill
            button.imageView?.contentMode = .scaleAspectFit
            button.contentEdgeInsets = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 40)
            let bitmap = composite(button)
            XCTAssertEqual(button.imageView?.frame, CGRect(x: 0, y: 0, width: 40, height: 40))
            XCTAssertEqual(bitmap[x: 20, y: 20], .red, "the 4-point image scaled up to the 40-point square")
            XCTAssertEqual(bitmap[x: 60, y: 20].alpha, 0)
            button.contentEdgeInsets = UIEdgeInsets(top: 30, left: 50, bottom: 30, right: 50)
            button.layoutIfNeeded()
            XCTAssertEqual(button.imageView?.frame.size, .zero, "insets larger than the bounds leave no room")
        }
    }

    func testOppositeImageAndTitleInsetsMoveThemApart() throws {
        try onMain {
            let button = UIButton(frame: CGRect(x: 0, y: 0, width: 160, height: 40))
            button.setImage(solidImage(.red, width: 20, height: 20), for: .normal)
            button.setTitle("Title", for: .normal)
            button.layoutIfNeeded()
            let image = try XCTUnwrap(button.imageView?.frame), title = try XCTUnwrap(button.titleLabel?.frame)
            button.imageEdgeInsets = UIEdgeInsets(top: 0, left: -5, bottom: 0, right: 5)
            button.titleEdgeInsets = UIEdgeInsets(top: 0, left: 5, bottom: 0, right: -5)
            button.layoutIfNeeded()
            XCTAssertEqual(button.imageView?.frame, image.offsetBy(dx: -5, dy: 0))
            XCTAssertEqual(button.titleLabel?.frame, title.offsetBy(dx: 5, dy: 0), "the common spacing idiom: 10 points apart")
        }
    }

    func testSizeToFitGivesTheContentPlusContentEdgeInsets() throws {
        try onMain {
            let button = UIButton(type: .system)
            button.setImage(solidImage(.red, width: 20, height: 30), for: .normal)
            button.setTitle("Size me", for: .normal)
            let title = try XCTUnwrap(button.titleLabel?.sizeThatFits(.zero))
            button.contentEdgeInsets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
            button.titleEdgeInsets = UIEdgeInsets(top: 50, left: 50, bottom: 50, right: 50)
            let expected = CGSize(width: 20 + title.width + 6, height: max(30, title.height) + 4)
            XCTAssertEqual(button.intrinsicContentSize, expected, "title and image insets are not counted")
            button.sizeToFit()
            XCTAssertEqual(button.bounds.size, expected)
        }
    }

    func testSystemButtonFadesItsTitleWhilePressed() throws {
        onMain {
            let window = makeWindow()
            window.isHidden = false
            let button = UIButton(type: .system)
            button.frame = CGRect(x: 20, y: 20, width: 100, height: 40)
            button.setTitle("Press", for: .normal)
            button.setImage(solidImage(.red), for: .normal)
            window.addSubview(button)
            XCTAssertEqual(button.titleLabel?.alpha, 1)
            window.sendTouch(.began, at: CGPoint(x: 50, y: 40), timestamp: 0)
            XCTAssertEqual(button.state, .highlighted)
            XCTAssertEqual(button.titleLabel?.alpha ?? 0, 0.2, accuracy: 1e-6)
            XCTAssertEqual(button.imageView?.alpha ?? 0, 0.2, accuracy: 1e-6)
            XCTAssertTrue(button.imageView?.image?.cgImage === button.currentImage?.cgImage, "a system button fades, it does not darken")
            window.sendTouch(.ended, at: CGPoint(x: 50, y: 40), timestamp: 0.1)
            XCTAssertEqual(button.titleLabel?.alpha, 1)
        }
    }

    func testCustomButtonDrawsItsImageDarkerWhilePressed() throws {
        onMain {
            let window = makeWindow()
            window.isHidden = false
            let button = UIButton(frame: CGRect(x: 20, y: 20, width: 100, height: 40))
            let image = solidImage(.red)
            button.setImage(image, for: .normal)
            button.setBackgroundImage(solidImage(.white), for: .normal)
            window.addSubview(button)
            window.sendTouch(.began, at: CGPoint(x: 50, y: 40), timestamp: 0)
            XCTAssertTrue(button.currentImage === image, "the current image is the one set")
            XCTAssertEqual(pixel(button.imageView?.image, 1, 1), PremultipliedColor(red: 140, green: 0, blue: 0, alpha: 255),
                           "mixed with black at 45 %")
            XCTAssertEqual(button.titleLabel?.alpha, 1, "custom buttons do not fade")
            window.sendTouch(.ended, at: CGPoint(x: 50, y: 40), timestamp: 0.1)
            XCTAssertTrue(button.imageView?.image === image)
            button.adjustsImageWhenHighlighted = false
            button.isHighlighted = true
            XCTAssertTrue(button.imageView?.image === image)
        }
    }

    func testDisabledButtonDrawsItsImageLighter() throws {
        onMain {
            let button = UIButton(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            let image = solidImage(.blue)
            button.setImage(image, for: .normal)
            button.isEnabled = false
            XCTAssertEqual(pixel(button.imageView?.image, 0, 0), PremultipliedColor(red: 102, green: 102, blue: 255, alpha: 255),
                           "mixed with white at 40 %")
            button.adjustsImageWhenDisabled = false
            XCTAssertTrue(button.imageView?.image === image)
        }
    }

    func testShowsTouchWhenHighlightedGlowsAtTheCentreWhilePressed() throws {
        onMain {
            let button = UIButton(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
            button.backgroundColor = .black
            XCTAssertFalse(button.showsTouchWhenHighlighted)
            button.isHighlighted = true
            XCTAssertEqual(composite(button)[x: 30, y: 30], .black, "no glow by default")
            button.showsTouchWhenHighlighted = true
            let centre = composite(button)[x: 30, y: 30]
            XCTAssertGreaterThan(centre.straight.red, 200, "white glow at the centre: \(centre)")
            XCTAssertEqual(composite(button)[x: 2, y: 2], .black, "the glow is 40 points across")
            button.isHighlighted = false
            XCTAssertEqual(composite(button)[x: 30, y: 30], .black, "gone when released")
        }
    }

    func testSystemGlyphButtonsShowTheirGlyphInTheTint() throws {
        onMain {
            for type in [UIButton.ButtonType.infoLight, .infoDark, .detailDisclosure, .contactAdd] {
                let button = UIButton(type: type)
                XCTAssertEqual(button.currentImage?.size, CGSize(width: 22, height: 22), "\(type)")
                XCTAssertEqual(button.intrinsicContentSize, CGSize(width: 22, height: 22), "\(type)")
                button.sizeToFit()
                let bitmap = composite(button)
                let ring = bitmap[x: 11, y: 1]
                XCTAssertEqual(ring.alpha, 255, "\(type): the ring")
                XCTAssertEqual(ring.straight, StraightColor(red: 0, green: 122, blue: 255), "\(type): in system blue")
                XCTAssertEqual(bitmap[x: 1, y: 1].alpha, 0, "\(type): outside the ring")
                XCTAssertEqual(bitmap[x: 20, y: 20].alpha, 0, "\(type): outside the ring")
                XCTAssertEqual(bitmap[x: 11, y: 11].alpha, 255, "\(type): the stem or the plus")
                button.tintColor = .red
                XCTAssertEqual(composite(button)[x: 11, y: 1], .red, "\(type): the glyph follows the tint")
            }
            let close = UIButton(type: .close)
            XCTAssertEqual(close.intrinsicContentSize, CGSize(width: 30, height: 30))
            let custom = UIButton(type: .infoLight)
            let mine = solidImage(.green)
            custom.setImage(mine, for: .normal)
            custom.tintColor = .red
            XCTAssertTrue(custom.currentImage === mine, "the app's image is not replaced by the glyph")
        }
    }

    func testPrimaryActionGivesTitleAndRunsOnTap() throws {
        onMain {
            let log = EventLog()
            let button = UIButton(primaryAction: UIAction(title: "Run") { log.append($0.title) })
            XCTAssertEqual(button.buttonType, .system)
            XCTAssertEqual(button.currentTitle, "Run")
            button.sendActions(for: .primaryActionTriggered)
            XCTAssertEqual(log.entries, ["Run"])
        }
    }

    func testTitleShadowIsDrawnAtTheLabelsShadowOffset() throws {
        try onMain {
            let button = UIButton(frame: CGRect(x: 0, y: 0, width: 60, height: 30))
            button.contentHorizontalAlignment = .fill // a wide label: the shadow is not cut at its edge
            button.setTitle("I", for: .normal)
            button.titleLabel?.font = .boldSystemFont(ofSize: 20)
            let plain = try XCTUnwrap(inkBox(composite(button), alphaAbove: 0))
            button.setTitleShadowColor(.red, for: .normal)
            button.titleLabel?.shadowOffset = CGSize(width: 3, height: 0)
            let bitmap = composite(button)
            let shadowed = try XCTUnwrap(inkBox(bitmap))
            XCTAssertEqual(shadowed.width, plain.width + 3, "the shadow sticks out 3 points to the right")
            let right = bitmap[x: shadowed.x + shadowed.width - 1, y: shadowed.y + shadowed.height / 2]
            XCTAssertGreaterThan(right.straight.red, 100, "the shadow is red: \(right)")
            XCTAssertEqual(right.straight.green, 0)
        }
    }

    /// A dark button with a red 16-point square and "OK" in white, centred side by side. Text
    /// anti-aliasing may differ between FreeType releases: the tolerance (±24 per channel on at
    /// most 40 of 4 000 pixels) allows that, not a moved glyph or image.
    func testGoldenButtonWithImageAndTitle() throws {
        try onMain {
            let button = UIButton(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
            button.backgroundColor = UIColor(white: 0.2, alpha: 1)
            button.setImage(solidImage(.red, width: 16, height: 16), for: .normal)
            button.setTitle("OK", for: .normal)
            button.titleLabel?.font = .boldSystemFont(ofSize: 17)
            let bitmap = composite(button)
            let image = try XCTUnwrap(button.imageView?.frame)
            XCTAssertEqual(bitmap[x: Int(image.midX), y: Int(image.midY)], .red)
            let title = try XCTUnwrap(button.titleLabel?.frame)
            let ink = try XCTUnwrap(inkBox(titleInk(bitmap, in: title)))
            XCTAssertGreaterThan(ink.width, 10, "the title is drawn")
            assertBitmap(bitmap, matchesGolden: "image-and-title", tolerance: ImageTolerance(perChannel: 24, maxDifferingPixels: 40))
        }
    }

    /// The info, add and close glyphs on white, each button sized to fit. Drawn by arithmetic
    /// alone (no text, no resampling), so compared exactly.
    func testGoldenSystemGlyphs() throws {
        onMain {
            let stage = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
            stage.backgroundColor = .white
            for (type, x) in [(UIButton.ButtonType.infoLight, 6.0), (.contactAdd, 36), (.close, 64)] {
                let button = UIButton(type: type)
                button.sizeToFit()
                button.center = CGPoint(x: x + button.bounds.width / 2, y: 20)
                stage.addSubview(button)
            }
            assertBitmap(composite(stage), matchesGolden: "system-glyphs")
        }
    }
}

/// A `width`×`height` image filled with `color`.
private func solidImage(_ color: PremultipliedColor, width: Int = 4, height: Int = 4) -> UIImage {
    UIImage(cgImage: CGImage(bitmap: Bitmap(size: try! PixelSize(width: width, height: height), filledWith: color)))
}

/// The pixels of `bitmap` within `rect` that are brighter than the button's dark gray
/// background, as an alpha-only bitmap for `inkBox`.
private func titleInk(_ bitmap: Bitmap, in rect: CGRect) -> Bitmap {
    let ink = Bitmap(width: bitmap.width, height: bitmap.height)
    for y in max(0, Int(rect.minY))..<min(bitmap.height, Int(rect.maxY)) {
        for x in max(0, Int(rect.minX))..<min(bitmap.width, Int(rect.maxX)) where bitmap[x: x, y: y].straight.green > 120 {
            ink[x: x, y: y] = .white
        }
    }
    return ink
}
