import Foundation
import Geometry
import Graphics
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// `CATextLayer`: Apple's defaults, raw values and animatability, text wrapped, truncated and
/// aligned, a `fontSize` animation mid-way, sharpness at `contentsScale`, and a view whose
/// `layerClass` is `CATextLayer`.
final class TextLayerTests: XCTestCase {
    private var engine: AnimationEngine!
    private var clock: VirtualClock!
    private var diagnostics: [String] = []

    override func setUp() {
        clock = VirtualClock(now: 100)
        engine = AnimationEngine(clock: clock)
        engine.diagnosticHandler = { [unowned self] in self.diagnostics.append($0) }
        engine.makeCurrent()
    }

    override func tearDown() { AnimationEngine.resignCurrent() }

    func testDefaultsAndRawValuesAreApples() {
        let layer = CATextLayer()
        XCTAssertNil(layer.string)
        XCTAssertEqual(layer.fontSize, 36)
        XCTAssertEqual(layer.foregroundColor, .white)
        XCTAssertEqual(layer.font as? String, "Helvetica")
        XCTAssertFalse(layer.isWrapped)
        XCTAssertEqual(layer.truncationMode, .none)
        XCTAssertEqual(layer.alignmentMode, .natural)
        XCTAssertTrue(layer.needsDisplayOnBoundsChange)
        XCTAssertEqual([CATextLayerTruncationMode.none, .start, .middle, .end].map(\.rawValue),
                       ["none", "start", "middle", "end"])
        XCTAssertEqual([CATextLayerAlignmentMode.natural, .left, .right, .center, .justified].map(\.rawValue),
                       ["natural", "left", "right", "center", "justified"])
        XCTAssertEqual(CATextLayer.defaultValue(forKey: "fontSize") as? CGFloat, 36)
    }

    func testFontSizeAndColourAnimateImplicitlyTheOthersDoNot() {
        let layer = shownLayer()
        layer.string = "Other"
        layer.isWrapped = true
        layer.alignmentMode = .center
        layer.truncationMode = .end
        XCTAssertNil(layer.animationKeys())
        layer.fontSize = 20
        XCTAssertEqual(layer.animationKeys(), ["fontSize"])
        let other = shownLayer()
        other.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        XCTAssertEqual(other.animationKeys(), ["foregroundColor"])
    }

    func testWrappedTruncatedAndAlignedText() {
        let cases: [(String, (CATextLayer) -> Void)] = [
            ("wrapped-left", { $0.isWrapped = true; $0.alignmentMode = .left }),
            ("wrapped-center", { $0.isWrapped = true; $0.alignmentMode = .center }),
            ("truncated-end", { $0.truncationMode = .end }),
            ("truncated-middle", { $0.truncationMode = .middle; $0.alignmentMode = .right }),
        ]
        for (name, configure) in cases {
            let layer = textLayer("The quick brown fox jumps over the lazy dog")
            configure(layer)
            assertBitmap(render(layer), matchesGolden: "text-\(name)")
        }
    }

    func testFirstLineIsAtTheTopAndTruncationShortensTheLine() throws {
        let clipped = textLayer("The quick brown fox jumps over the lazy dog")
        let clippedInk = try XCTUnwrap(inkBox(render(clipped)))
        XCTAssertLessThan(clippedInk.minY, 8, "the first line starts at the top, not centred")
        let truncated = textLayer("The quick brown fox jumps over the lazy dog")
        truncated.truncationMode = .end
        let truncatedInk = try XCTUnwrap(inkBox(render(truncated)))
        XCTAssertLessThan(truncatedInk.maxX, 158, "the ellipsis ends the line inside the bounds")
        let wrapped = textLayer("The quick brown fox jumps over the lazy dog")
        wrapped.isWrapped = true
        XCTAssertGreaterThan(inkRowBands(render(wrapped)).count, 1, "wrapped text takes several lines")
    }

    func testFontSizeHalfwayThroughAnAnimation() throws {
        let layer = textLayer("Grow")
        layer.fontSize = 10
        show(layer)
        let small = try XCTUnwrap(inkBox(render(layer)))
        let grow = CABasicAnimation(keyPath: "fontSize")
        grow.fromValue = 10
        grow.toValue = 30
        grow.duration = 1
        grow.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(grow, forKey: "grow")
        engine.advance(by: 0)
        engine.advance(by: 0.5)
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).fontSize, 20, accuracy: 1e-9)
        let image = render(layer)
        assertBitmap(image, matchesGolden: "text-font-size-half")
        let half = try XCTUnwrap(inkBox(image))
        XCTAssertGreaterThan(half.height, small.height + small.height / 2, "drawn at 20 points, not 10")
        XCTAssertTrue(diagnostics.isEmpty, "\(diagnostics)")
    }

    func testContentsScaleKeepsTextSharp() throws {
        let layer = textLayer("Sharp")
        layer.contentsScale = 2
        layer.displayIfNeeded()
        let image = try XCTUnwrap(layer.contents as? CGImage)
        XCTAssertEqual(image.width, 320, "the backing image has two pixels per point")
    }

    func testAttributedStringKeepsItsOwnAttributes() throws {
        let layer = textLayer("")
        layer.string = NSAttributedString(string: "Red", attributes: [
            .foregroundColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1), .font: UIFont.systemFont(ofSize: 20),
        ])
        let image = render(layer)
        let ink = try XCTUnwrap(inkBox(image, alphaAbove: 250))
        let p = image[x: ink.minX + 1, y: ink.minY + ink.height / 2]
        XCTAssertGreaterThan((p.packed >> 16) & 0xFF, (p.packed >> 8) & 0xFF, "the run's colour, not the layer's white")
    }

    func testBadInputDrawsNothingAndDoesNotTrap() {
        let layer = textLayer("Text")
        layer.fontSize = .nan
        _ = render(layer)
        layer.fontSize = -5
        _ = render(layer)
        layer.fontSize = 1e9
        _ = render(layer)
        layer.fontSize = 12
        layer.string = 42
        XCTAssertNil(inkBox(render(layer)), "a value that is not a string draws nothing")
        layer.string = "Text"
        layer.font = "No Such Font Family"
        XCTAssertNotNil(inkBox(render(layer)), "an unknown font falls back to the system font")
        layer.truncationMode = CATextLayerTruncationMode(rawValue: "sideways")
        _ = render(layer)
    }

    func testViewWhoseLayerClassIsCATextLayerDrawsItsText() throws {
        try onMain {
            let view = TextBackedView(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
            let layer = try XCTUnwrap(view.layer as? CATextLayer)
            layer.string = "Label"
            layer.fontSize = 18
            layer.foregroundColor = CGColor(gray: 0, alpha: 1)
            XCTAssertNotNil(inkBox(composite(view)), "the text layer draws although the view is its delegate")
        }
    }

    final class TextBackedView: UIView {
        override class var layerClass: AnyClass { CATextLayer.self }
    }

    // MARK: Helpers

    private func textLayer(_ string: String) -> CATextLayer {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 160, height: 60)
        layer.position = CGPoint(x: 80, y: 30)
        layer.string = string
        layer.fontSize = 14
        layer.font = "DejaVu Sans"
        return layer
    }

    private func shownLayer() -> CATextLayer {
        let layer = textLayer("Shown")
        show(layer)
        return layer
    }

    private func show(_ layer: CALayer) {
        engine.commitImplicitTransaction()
        engine.prepareFrame()
        _ = layer.makeRenderNode()
        engine.finishFrame()
    }

    private func render(_ layer: CALayer) -> Bitmap {
        let bitmap = Bitmap(width: Int(layer.bounds.width), height: Int(layer.bounds.height))
        Compositor(threadCount: 1).render(layer.makeRenderNode(), into: bitmap,
                                          transform: Homography(CATransform3DMakeTranslation(-layer.frame.minX, -layer.frame.minY, 0)))
        return bitmap
    }
}
