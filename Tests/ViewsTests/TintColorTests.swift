import Geometry
import Graphics
import Raster
import Views
import XCTest

/// `tintColor` inherited down the hierarchy with `tintColorDidChange()`, `tintAdjustmentMode`,
/// and template images drawn in the tint.
final class TintColorTests: XCTestCase {
    func testTheTintIsInheritedUntilAViewSetsItsOwn() {
        onMain {
            let window = makeWindow()
            let container = UIView(), leaf = UIView()
            window.addSubview(container)
            container.addSubview(leaf)
            XCTAssertEqual(leaf.tintColor, .systemBlue)
            window.tintColor = .systemRed
            XCTAssertEqual(leaf.tintColor, .systemRed, "from the window")
            container.tintColor = .systemGreen
            XCTAssertEqual(leaf.tintColor, .systemGreen)
            XCTAssertEqual(window.tintColor, .systemRed)
            container.tintColor = nil
            XCTAssertEqual(leaf.tintColor, .systemRed, "nil inherits again")
        }
    }

    func testAChangeReachesTheViewsThatInheritItAndAMoveIntoAnotherTintToo() {
        onMain {
            let root = TintRecorder(), inheriting = TintRecorder(), own = TintRecorder(), belowOwn = TintRecorder()
            root.addSubview(inheriting)
            root.addSubview(own)
            own.addSubview(belowOwn)
            own.tintColor = .systemPink
            for view in [root, inheriting, own, belowOwn] { view.changes = 0 }
            root.tintColor = .systemOrange
            XCTAssertEqual([root.changes, inheriting.changes, own.changes, belowOwn.changes], [1, 1, 0, 0])

            let moved = TintRecorder()
            UIView().addSubview(moved)
            own.addSubview(moved)
            XCTAssertEqual(moved.changes, 1, "moved from blue into pink")
            own.addSubview(moved)
            XCTAssertEqual(moved.changes, 1, "same tint: no call")
        }
    }

    func testDimmingGraysTheTintForTheSubtreeAndReadsBackAsDimmed() {
        onMain {
            let root = UIView(), leaf = TintRecorder()
            root.addSubview(leaf)
            root.tintColor = .systemRed
            leaf.changes = 0
            XCTAssertEqual(leaf.tintAdjustmentMode, .normal, "automatic reads as the effective mode")
            root.tintAdjustmentMode = .dimmed
            XCTAssertEqual(leaf.tintAdjustmentMode, .dimmed)
            XCTAssertEqual(leaf.changes, 1)
            let c = leaf.tintColor.cgColor
            XCTAssertEqual(c.red, c.green, accuracy: 1e-9, "gray")
            XCTAssertEqual(c.green, c.blue, accuracy: 1e-9)
            leaf.tintAdjustmentMode = .normal
            XCTAssertEqual(leaf.tintColor, .systemRed)
        }
    }

    func testATemplateImageIsDrawnInTheTintAndRedrawnWhenItChanges() {
        onMain {
            let image = Self.halfCoveredSquare()
            let view = UIImageView(image: image.withRenderingMode(.alwaysTemplate))
            XCTAssertEqual(view.image?.renderingMode, .alwaysTemplate)
            view.tintColor = .red
            XCTAssertEqual(composite(view)[x: 1, y: 1], PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
            XCTAssertEqual(composite(view)[x: 1, y: 3], PremultipliedColor(red: 128, green: 0, blue: 0, alpha: 128),
                           "half alpha: half the tint")
            view.tintColor = .blue
            XCTAssertEqual(composite(view)[x: 1, y: 1], PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))
            let original = UIImageView(image: image)
            original.tintColor = .red
            XCTAssertEqual(composite(original)[x: 1, y: 1], PremultipliedColor(red: 0, green: 255, blue: 0, alpha: 255),
                           "an automatic image in an image view is drawn as it is")
        }
    }

    func testWithTintColorPaintsThePixelsAndKeepsTheRenderingMode() {
        onMain {
            let tinted = Self.halfCoveredSquare().withTintColor(.blue)
            XCTAssertEqual(tinted.renderingMode, .automatic)
            XCTAssertEqual(pixel(tinted, 0, 0), PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))
            XCTAssertEqual(pixel(tinted, 0, 3), PremultipliedColor(red: 0, green: 0, blue: 128, alpha: 128))
            XCTAssertEqual(Self.halfCoveredSquare().withTintColor(.red, renderingMode: .alwaysOriginal).renderingMode, .alwaysOriginal)
        }
    }

    func testASystemButtonDrawsItsImageAsATemplateUnlessItIsOriginal() {
        onMain {
            let button = UIButton(type: .system)
            button.setImage(Self.halfCoveredSquare(), for: .normal)
            XCTAssertEqual(button.imageView?.image?.renderingMode, .alwaysTemplate)
            button.setImage(Self.halfCoveredSquare().withRenderingMode(.alwaysOriginal), for: .normal)
            XCTAssertEqual(button.imageView?.image?.renderingMode, .alwaysOriginal)
            let custom = UIButton(type: .custom)
            custom.setImage(Self.halfCoveredSquare(), for: .normal)
            XCTAssertEqual(custom.imageView?.image?.renderingMode, .automatic)
        }
    }

    /// 4×4 points: opaque green on top, green at half alpha below.
    @MainActor private static func halfCoveredSquare() -> UIImage {
        let bitmap = Bitmap(width: 4, height: 4)
        for y in 0..<4 {
            for x in 0..<4 {
                bitmap[x: x, y: y] = y < 2 ? PremultipliedColor(red: 0, green: 255, blue: 0, alpha: 255)
                    : PremultipliedColor(red: 0, green: 128, blue: 0, alpha: 128)
            }
        }
        return UIImage(cgImage: CGImage(bitmap: bitmap))
    }
}

@MainActor
private final class TintRecorder: UIView {
    var changes = 0

    override func tintColorDidChange() {
        super.tintColorDidChange()
        changes += 1
    }
}
