import Foundation
import Kinescope
import KinescopeTestSupport
import XCTest

/// The examples of chapter 6, "Specialized Layers", of Nick Lockwood's *iOS Core Animation:
/// Advanced Techniques*, ported from its Objective-C listings to Swift the way a UIKit developer
/// would (the same calls, Swift's spelling), each run headless in a view controller's view as
/// the book runs it, and checked for what the book's figure shows: the pixels that must be
/// there, then a golden of the whole page (±2 per channel; at most 400 pixels beyond:
/// antialiased edges and text may round differently with other CPU flags).
final class SpecializedLayersChapterTests: XCTestCase {
    /// Listing 6.1: a stick figure stroked by a `CAShapeLayer` (red, 5 points, round joins and
    /// caps, clear fill).
    func testStickFigure() throws {
        try onMain {
            let page = try BookPage()
            let path = UIBezierPath()
            path.move(to: CGPoint(x: 175, y: 100))
            path.addArc(withCenter: CGPoint(x: 150, y: 100), radius: 25, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
            path.move(to: CGPoint(x: 150, y: 125))
            path.addLine(to: CGPoint(x: 150, y: 175))
            path.addLine(to: CGPoint(x: 125, y: 225))
            path.move(to: CGPoint(x: 150, y: 175))
            path.addLine(to: CGPoint(x: 175, y: 225))
            path.move(to: CGPoint(x: 100, y: 150))
            path.addLine(to: CGPoint(x: 200, y: 150))
            let shapeLayer = CAShapeLayer()
            shapeLayer.strokeColor = UIColor.red.cgColor
            shapeLayer.fillColor = UIColor.clear.cgColor
            shapeLayer.lineWidth = 5
            shapeLayer.lineJoin = .round
            shapeLayer.lineCap = .round
            shapeLayer.path = path.cgPath
            page.containerView.layer.addSublayer(shapeLayer)
            let frame = page.show()
            for point in [(175, 100), (125, 100), (150, 75), (150, 150), (150, 160), (110, 150), (190, 150), (163, 200)] {
                XCTAssertEqual(frame.rgb(point.0, point.1), RGB(255, 0, 0), "stroked at \(point)")
            }
            XCTAssertEqual(frame.rgb(150, 100), RGB(255, 255, 255), "the head is not filled")
            XCTAssertEqual(frame.rgb(98, 150), RGB(255, 0, 0), "a round cap reaches 2.5 points past the arm's end")
            XCTAssertEqual(frame.rgb(96, 150), RGB(255, 255, 255))
            assertBitmap(frame, matchesGolden: "stick-figure", tolerance: BookPage.tolerance)
        }
    }

    /// Listing 6.2: a rectangle with three rounded corners, from
    /// `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`.
    func testRectangleWithThreeRoundedCorners() throws {
        try onMain {
            let page = try BookPage()
            let rect = CGRect(x: 50, y: 50, width: 100, height: 100)
            let radii = CGSize(width: 20, height: 20)
            let corners: UIRectCorner = [.topRight, .bottomRight, .bottomLeft]
            let path = UIBezierPath(roundedRect: rect, byRoundingCorners: corners, cornerRadii: radii)
            let shapeLayer = CAShapeLayer()
            shapeLayer.path = path.cgPath
            page.containerView.layer.addSublayer(shapeLayer)
            let frame = page.show()
            XCTAssertEqual(frame.rgb(51, 51), RGB(0, 0, 0), "the top left corner stays square (black fill, the default)")
            XCTAssertEqual(frame.rgb(148, 52), RGB(255, 255, 255), "the top right corner is cut round")
            XCTAssertEqual(frame.rgb(52, 148), RGB(255, 255, 255), "and the bottom left")
            XCTAssertEqual(frame.rgb(100, 100), RGB(0, 0, 0))
            assertBitmap(frame, matchesGolden: "rounded-corners", tolerance: BookPage.tolerance)
        }
    }

    /// Listing 6.3: justified, wrapped text in a `CATextLayer`, its font a `CGFont` made from
    /// the system font's name.
    func testTextLayerWithACGFont() throws {
        try onMain {
            let page = try BookPage()
            let labelView = UIView(frame: CGRect(x: 20, y: 20, width: 280, height: 200))
            page.containerView.addSubview(labelView)
            let textLayer = CATextLayer()
            textLayer.frame = labelView.bounds
            labelView.layer.addSublayer(textLayer)
            textLayer.foregroundColor = UIColor.black.cgColor
            textLayer.alignmentMode = .justified
            textLayer.isWrapped = true
            let font = UIFont.systemFont(ofSize: 15)
            let fontName = font.fontName as CFString
            let fontRef = CGFont(fontName)
            textLayer.font = fontRef
            textLayer.fontSize = font.pointSize
            textLayer.string = BookPage.lorem
            textLayer.contentsScale = UIScreen.main.scale
            let frame = page.show()
            let lines = frame.inkedRowBands(x: 20..<300, y: 20..<220)
            XCTAssertGreaterThanOrEqual(lines.count, 6, "the text wraps onto many lines")
            for band in lines.dropLast() {
                let ink = frame.inkedColumns(x: 20..<300, y: band)
                XCTAssertLessThanOrEqual(ink.lowerBound, 22, "each line starts at the left edge")
                XCTAssertGreaterThanOrEqual(ink.upperBound, 295, "and, justified, reaches the right edge")
            }
            let last = try XCTUnwrap(lines.last)
            XCTAssertLessThan(frame.inkedColumns(x: 20..<300, y: last).upperBound, 295, "the last line is not stretched")
            XCTAssertEqual(CGFont(fontName)?.postScriptName, font.fontName)
            assertBitmap(frame, matchesGolden: "text-layer", tolerance: BookPage.tolerance)
        }
    }

    /// Listing 6.5: `LayerLabel`, a `UILabel` subclass backed by a `CATextLayer` that it
    /// keeps in step with its text, colour and font.
    func testLayerLabel() throws {
        try onMain {
            let page = try BookPage()
            let label = LayerLabel(frame: CGRect(x: 20, y: 40, width: 280, height: 120))
            label.text = BookPage.lorem
            label.textColor = .blue
            label.font = UIFont.systemFont(ofSize: 15)
            label.setUp()
            page.containerView.addSubview(label)
            let frame = page.show()
            XCTAssertTrue(label.layer is CATextLayer)
            let lines = frame.inkedRowBands(x: 20..<300, y: 40..<160)
            XCTAssertGreaterThanOrEqual(lines.count, 4, "the layer draws the label's text, wrapped")
            let ink = try XCTUnwrap(frame.darkest(x: 20..<300, y: 40..<160))
            XCTAssertGreaterThan(ink.blue, 200, "in the label's blue")
            XCTAssertLessThan(ink.red, 60)
            assertBitmap(frame, matchesGolden: "layer-label", tolerance: BookPage.tolerance)
        }
    }

    /// Listings 6.6 and 6.7: two cubes of six coloured faces in `CATransformLayer`s under a
    /// perspective `sublayerTransform`, the second turned 45° about x and y.
    func testTransformLayerCubes() throws {
        try onMain {
            let page = try BookPage(width: 400, height: 300)
            var pt = CATransform3DIdentity
            pt.m34 = -1.0 / 500.0
            page.containerView.layer.sublayerTransform = pt
            var c1t = CATransform3DIdentity
            c1t = CATransform3DTranslate(c1t, -100, 0, 0)
            let cube1 = page.cube(with: c1t)
            page.containerView.layer.addSublayer(cube1)
            var c2t = CATransform3DIdentity
            c2t = CATransform3DTranslate(c2t, 100, 0, 0)
            c2t = CATransform3DRotate(c2t, -.pi / 4, 1, 0, 0)
            c2t = CATransform3DRotate(c2t, -.pi / 4, 0, 1, 0)
            let cube2 = page.cube(with: c2t)
            page.containerView.layer.addSublayer(cube2)
            let frame = page.show()
            // The first cube faces us square on: its front face (face 1, z +50) is all we see.
            XCTAssertEqual(frame.rgb(100, 150), BookPage.faceColors[0])
            XCTAssertEqual(frame.rgb(100 - 45, 150 - 45), BookPage.faceColors[0])
            // Turned, the second shows three faces, the front, and two of its sides.
            let seen = Set([(300, 150), (300, 110), (300, 190), (260, 150), (340, 150), (270, 120), (330, 180)]
                .map { frame.rgb($0.0, $0.1) }).intersection(BookPage.faceColors)
            XCTAssertEqual(seen.count, 3, "three faces of the turned cube show: \(seen)")
            XCTAssertEqual(frame.rgb(200, 150), RGB(255, 255, 255), "between the cubes, the page")
            assertBitmap(frame, matchesGolden: "transform-layer-cubes", tolerance: BookPage.tolerance)
        }
    }

    /// Listings 6.8 and 6.9: a diagonal red-to-blue gradient, and a red, yellow and green one
    /// with locations 0, 0.25 and 0.5.
    func testGradients() throws {
        try onMain {
            let page = try BookPage(width: 420, height: 200)
            let simple = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            let multi = UIView(frame: CGRect(x: 220, y: 0, width: 200, height: 200))
            page.containerView.addSubview(simple)
            page.containerView.addSubview(multi)

            let gradientLayer = CAGradientLayer()
            gradientLayer.frame = simple.bounds
            simple.layer.addSublayer(gradientLayer)
            gradientLayer.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
            gradientLayer.startPoint = CGPoint(x: 0, y: 0)
            gradientLayer.endPoint = CGPoint(x: 1, y: 1)

            let multiLayer = CAGradientLayer()
            multiLayer.frame = multi.bounds
            multi.layer.addSublayer(multiLayer)
            multiLayer.colors = [UIColor.red.cgColor, UIColor.yellow.cgColor, UIColor.green.cgColor]
            multiLayer.locations = [0.0, 0.25, 0.5]
            multiLayer.startPoint = CGPoint(x: 0, y: 0)
            multiLayer.endPoint = CGPoint(x: 1, y: 1)

            let frame = page.show()
            XCTAssertEqual(frame.rgb(0, 0), RGB(255, 0, 0), tolerance: 3)
            XCTAssertEqual(frame.rgb(199, 199), RGB(0, 0, 255), tolerance: 3)
            XCTAssertEqual(frame.rgb(100, 100), RGB(128, 0, 128), tolerance: 3, "halfway along the diagonal")
            XCTAssertEqual(frame.rgb(220 + 50, 50), RGB(255, 255, 0), tolerance: 3, "yellow a quarter of the way")
            XCTAssertEqual(frame.rgb(220 + 150, 150), RGB(0, 255, 0), tolerance: 3, "green from halfway on")
            XCTAssertEqual(frame.rgb(220 + 199, 0), RGB(0, 255, 0), tolerance: 3, "the far corners are halfway")
            assertBitmap(frame, matchesGolden: "gradients", tolerance: BookPage.tolerance)
        }
    }

    /// Listing 6.10: ten white squares from one, by a replicator turning each copy π/5 about a
    /// point 200 points below its centre and taking 0.1 off its blue and green.
    func testReplicatorRingOfSquares() throws {
        try onMain {
            let page = try BookPage(width: 500, height: 500, background: .black)
            let replicator = CAReplicatorLayer()
            replicator.frame = page.containerView.bounds
            page.containerView.layer.addSublayer(replicator)
            replicator.instanceCount = 10
            var transform = CATransform3DIdentity
            transform = CATransform3DTranslate(transform, 0, 200, 0)
            transform = CATransform3DRotate(transform, .pi / 5.0, 0, 0, 1)
            transform = CATransform3DTranslate(transform, 0, -200, 0)
            replicator.instanceTransform = transform
            replicator.instanceBlueOffset = -0.1
            replicator.instanceGreenOffset = -0.1
            let layer = CALayer()
            layer.frame = CGRect(x: 100.0, y: 100.0, width: 100.0, height: 100.0)
            layer.backgroundColor = UIColor.white.cgColor
            replicator.addSublayer(layer)
            let frame = page.show()
            XCTAssertEqual(frame.rgb(150, 150), RGB(255, 255, 255), "the square itself")
            // Instance k is turned k·36° about (250, 450), the point 200 below the replicator's
            // centre; its square's centre starts at (150, 150).
            for k in 1..<10 {
                let angle = Double(k) * .pi / 5
                let dx = 150.0 - 250, dy = 150.0 - 450
                let x = 250 + dx * cos(angle) - dy * sin(angle), y = 450 + dx * sin(angle) + dy * cos(angle)
                guard x > 5, x < 495, y > 5, y < 495 else { continue }
                let fade = UInt8((255 * (1 - 0.1 * Double(k))).rounded())
                XCTAssertEqual(frame.rgb(Int(x), Int(y)), RGB(255, fade, fade), tolerance: 2, "instance \(k) at (\(Int(x)), \(Int(y)))")
            }
            assertBitmap(frame, matchesGolden: "replicator-squares", tolerance: BookPage.tolerance)
        }
    }

    /// Listing 6.11: `ReflectionView`, backed by a replicator that draws a second, upside-down
    /// copy 2 points below the view with 0.4 of its opacity.
    func testReflectionView() throws {
        try onMain {
            let page = try BookPage()
            let reflection = ReflectionView(frame: CGRect(x: 60, y: 20, width: 200, height: 120))
            let image = UIImageView(frame: reflection.bounds)
            image.image = BookPage.stripes(size: reflection.bounds.size)
            reflection.addSubview(image)
            page.containerView.addSubview(reflection)
            let frame = page.show()
            XCTAssertEqual(frame.rgb(100, 30), RGB(255, 0, 0), "the top stripe, red")
            XCTAssertEqual(frame.rgb(100, 130), RGB(0, 0, 255), "the bottom stripe, blue")
            // Mirrored below the gap: blue first (0.4 of it over white), red last.
            XCTAssertEqual(frame.rgb(100, 141), RGB(255, 255, 255), "the 2-point gap")
            XCTAssertEqual(frame.rgb(100, 150), RGB(153, 153, 255), tolerance: 2)
            XCTAssertEqual(frame.rgb(100, 255), RGB(255, 153, 153), tolerance: 2)
            assertBitmap(frame, matchesGolden: "reflection-view", tolerance: BookPage.tolerance)
        }
    }

    /// Listing 6.12: a view backed by a `CAScrollLayer`, panned by a gesture recogniser that
    /// scrolls the layer by the drag.
    func testScrollLayerPannedByADrag() throws {
        try onMain {
            let page = try BookPage()
            let scrollView = ScrollLayerView(frame: CGRect(x: 60, y: 60, width: 200, height: 200))
            let image = UIImageView(image: BookPage.stripes(size: CGSize(width: 400, height: 400)))
            scrollView.addSubview(image)
            page.containerView.addSubview(scrollView)
            var frame = page.show()
            XCTAssertEqual(frame.rgb(160, 70), RGB(255, 0, 0), "the image's top stripe")
            page.host.drag(from: CGPoint(x: 200, y: 220), to: CGPoint(x: 150, y: 100), duration: 0.3)
            page.host.advance(by: 0.1)
            frame = page.frame()
            XCTAssertEqual(scrollView.bounds.origin, CGPoint(x: 50, y: 120), "scrolled by the drag")
            XCTAssertEqual(frame.rgb(40, 160), RGB(255, 255, 255), "clipped to the view")
            assertBitmap(frame, matchesGolden: "scroll-layer", tolerance: BookPage.tolerance)
        }
    }

    /// Listing 6.13: a 2048-point `CATiledLayer` in a scroll view whose delegate draws each
    /// 256-point tile from an image of its own (made here: the book's are snowman photographs),
    /// found from the clip's box.
    func testTiledLayerDrawsTheVisibleTiles() throws {
        try onMain {
            let page = try BookPage(framesPerSecond: 20)
            let scrollView = UIScrollView(frame: page.containerView.bounds)
            page.containerView.addSubview(scrollView)
            let tiles = TileSource()
            let tileLayer = CATiledLayer()
            tileLayer.frame = CGRect(x: 0, y: 0, width: 2048, height: 2048)
            tileLayer.delegate = tiles
            scrollView.layer.addSublayer(tileLayer)
            scrollView.contentSize = tileLayer.frame.size
            tileLayer.setNeedsDisplay()
            var frame = page.show()
            page.host.advance(by: 0.5)
            frame = page.frame()
            XCTAssertEqual(frame.rgb(100, 100), TileSource.color(column: 0, row: 0))
            XCTAssertEqual(frame.rgb(300, 300), TileSource.color(column: 1, row: 1))
            XCTAssertEqual(Set(tiles.drawn.map { "\($0.column),\($0.row)" }), ["0,0", "0,1", "1,0", "1,1"],
                           "only the tiles on screen are drawn")
            scrollView.setContentOffset(CGPoint(x: 1024, y: 512), animated: false)
            page.host.advance(by: 0.5)
            frame = page.frame()
            XCTAssertEqual(frame.rgb(10, 10), TileSource.color(column: 4, row: 2))
            assertBitmap(frame, matchesGolden: "tiled-layer", tolerance: BookPage.tolerance)
        }
    }

    /// Listing 6.14: fire from a `CAEmitterLayer` — orange sparks thrown every way from the
    /// centre, fading, composited additively — after one second; the same frame every run.
    func testEmitterFire() throws {
        try onMain {
            @MainActor func run() throws -> Bitmap {
                // 10 frames a second: the frame at 1 s is the same at any rate (the simulation is
                // closed-form), and a debug build composites 150 large sparks slowly.
                let page = try BookPage(background: .black, framesPerSecond: 10)
                let emitter = CAEmitterLayer()
                emitter.frame = page.containerView.bounds
                page.containerView.layer.addSublayer(emitter)
                emitter.renderMode = .additive
                emitter.emitterPosition = CGPoint(x: emitter.frame.size.width / 2.0, y: emitter.frame.size.height / 2.0)
                let cell = CAEmitterCell()
                cell.contents = BookPage.spark().cgImage
                cell.birthRate = 150
                cell.lifetime = 5.0
                cell.color = UIColor(red: 1, green: 0.5, blue: 0.1, alpha: 1.0).cgColor
                cell.alphaSpeed = -0.4
                cell.velocity = 50
                cell.velocityRange = 50
                cell.emissionRange = .pi * 2.0
                emitter.emitterCells = [cell]
                _ = page.show()
                page.host.advance(by: 1)
                return page.frame()
            }
            let frame = try run()
            let centre = frame.rgb(160, 160)
            XCTAssertEqual(centre.red, 255, "sparks pile up at the centre, added together")
            XCTAssertGreaterThan(centre.green, 200)
            XCTAssertEqual(frame.rgb(5, 5), RGB(0, 0, 0), "none has gone 150 points in a second")
            let lit = (0..<320).filter { x in frame.rgb(x, 160).red > 40 }
            XCTAssertGreaterThan(lit.count, 60, "the sparks spread out from the centre")
            XCTAssertTrue(frame.hasSamePixels(as: try run()), "the same fire every run")
            assertBitmap(frame, matchesGolden: "emitter-fire", tolerance: BookPage.tolerance)
        }
    }
}

/// Listing 6.5.
final class LayerLabel: UILabel {
    override class var layerClass: AnyClass { CATextLayer.self }

    var textLayer: CATextLayer { layer as! CATextLayer }

    func setUp() {
        text = text
        textColor = textColor
        font = font
        textLayer.alignmentMode = .justified
        textLayer.isWrapped = true
        layer.display()
    }

    override var text: String? {
        didSet { textLayer.string = text }
    }

    override var textColor: UIColor! {
        didSet { textLayer.foregroundColor = textColor.cgColor }
    }

    override var font: UIFont! {
        didSet {
            let fontName = font.fontName as CFString
            let fontRef = CGFont(fontName)
            textLayer.font = fontRef
            textLayer.fontSize = font.pointSize
        }
    }
}

/// Listing 6.11.
final class ReflectionView: UIView {
    override class var layerClass: AnyClass { CAReplicatorLayer.self }

    override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    private func setUp() {
        let layer = self.layer as! CAReplicatorLayer
        layer.instanceCount = 2
        var transform = CATransform3DIdentity
        let verticalOffset = bounds.size.height + 2
        transform = CATransform3DTranslate(transform, 0, verticalOffset, 0)
        transform = CATransform3DScale(transform, 1, -1, 0)
        layer.instanceTransform = transform
        layer.instanceAlphaOffset = -0.6
    }
}

/// Listing 6.12 (the book's `ScrollView`).
final class ScrollLayerView: UIView {
    override class var layerClass: AnyClass { CAScrollLayer.self }

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.masksToBounds = true
        let recognizer = UIPanGestureRecognizer(target: self, action: ScrollLayerView.pan)
        addGestureRecognizer(recognizer)
    }

    func pan(_ recognizer: UIPanGestureRecognizer) {
        var offset = bounds.origin
        offset.x -= recognizer.translation(in: self).x
        offset.y -= recognizer.translation(in: self).y
        (layer as! CAScrollLayer).scroll(to: offset)
        recognizer.setTranslation(.zero, in: self)
    }
}

/// Listing 6.13's delegate: tile (column, row) is a colour of its own with its number on it.
final class TileSource: NSObject, CALayerDelegate {
    private(set) var drawn: [(column: Int, row: Int)] = []

    static func color(column: Int, row: Int) -> RGB {
        RGB(UInt8(40 + column * 25), UInt8(200 - row * 20), UInt8(60 + (column + row) % 4 * 40))
    }

    func draw(_ layer: CALayer, in ctx: CGContext) {
        let tileLayer = layer as! CATiledLayer
        let bounds = ctx.boundingBoxOfClipPath
        let x = Int(floor(bounds.origin.x / tileLayer.tileSize.width))
        let y = Int(floor(bounds.origin.y / tileLayer.tileSize.height))
        drawn.append((x, y))
        let c = Self.color(column: x, row: y)
        let tileImage = UIGraphicsImageRenderer(size: CGSize(width: 256, height: 256)).image { context in
            UIColor(red: CGFloat(c.red) / 255, green: CGFloat(c.green) / 255, blue: CGFloat(c.blue) / 255, alpha: 1).setFill()
            context.fill(CGRect(x: 0, y: 0, width: 256, height: 256))
            ("\(x),\(y)" as NSString).draw(at: CGPoint(x: 100, y: 120),
                                           withAttributes: [.font: UIFont.systemFont(ofSize: 24), .foregroundColor: UIColor.white])
        }
        UIGraphicsPushContext(ctx)
        tileImage.draw(in: bounds)
        UIGraphicsPopContext()
    }
}

/// A page of the book: a headless window whose root view controller's view holds
/// `containerView`, the view the listings add their layers to.
@MainActor
final class BookPage {
    static let tolerance = ImageTolerance(perChannel: 2, maxDifferingPixels: 400)
    static let lorem = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Quisque massa arcu, eleifend vel varius in, facilisis pulvinar leo. Nunc quis nunc at mauris pharetra condimentum ut ac neque. Nunc elementum, libero ut porttitor dictum, diam odio congue lacus, vel fringilla sapien diam at purus."
    /// The cube faces' colours (the book picks them at random).
    static let faceColors: [RGB] = [RGB(230, 60, 50), RGB(60, 180, 75), RGB(40, 90, 220), RGB(240, 200, 40),
                                    RGB(150, 70, 200), RGB(50, 200, 210)]

    let host: HeadlessHost
    let window: UIWindow
    let containerView: UIView

    init(width: CGFloat = 320, height: CGFloat = 320, background: UIColor = .white, framesPerSecond: Int = 60) throws {
        host = try HeadlessHost(size: CGSize(width: width, height: height), framesPerSecond: framesPerSecond)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
        let controller = UIViewController()
        window.rootViewController = controller
        controller.view.backgroundColor = background
        containerView = UIView(frame: controller.view.bounds)
        controller.view.addSubview(containerView)
    }

    /// Shows the window and returns its first frame.
    func show() -> Bitmap {
        host.show(window)
        return frame()
    }

    func frame() -> Bitmap { host.snapshot().cgImage!.bitmap }

    /// Listing 6.6's `faceWithTransform:` (with a fixed colour per face).
    func face(with transform: CATransform3D, color: RGB) -> CALayer {
        let face = CALayer()
        face.frame = CGRect(x: -50, y: -50, width: 100, height: 100)
        face.backgroundColor = UIColor(red: CGFloat(color.red) / 255, green: CGFloat(color.green) / 255,
                                       blue: CGFloat(color.blue) / 255, alpha: 1.0).cgColor
        face.transform = transform
        return face
    }

    /// Listing 6.6's `cubeWithTransform:`.
    func cube(with transform: CATransform3D) -> CALayer {
        let cube = CATransformLayer()
        var ct = CATransform3DMakeTranslation(0, 0, 50)
        cube.addSublayer(face(with: ct, color: Self.faceColors[0]))
        ct = CATransform3DMakeTranslation(50, 0, 0)
        ct = CATransform3DRotate(ct, .pi / 2, 0, 1, 0)
        cube.addSublayer(face(with: ct, color: Self.faceColors[1]))
        ct = CATransform3DMakeTranslation(0, -50, 0)
        ct = CATransform3DRotate(ct, .pi / 2, 1, 0, 0)
        cube.addSublayer(face(with: ct, color: Self.faceColors[2]))
        ct = CATransform3DMakeTranslation(0, 50, 0)
        ct = CATransform3DRotate(ct, -.pi / 2, 1, 0, 0)
        cube.addSublayer(face(with: ct, color: Self.faceColors[3]))
        ct = CATransform3DMakeTranslation(-50, 0, 0)
        ct = CATransform3DRotate(ct, -.pi / 2, 0, 1, 0)
        cube.addSublayer(face(with: ct, color: Self.faceColors[4]))
        ct = CATransform3DMakeTranslation(0, 0, -50)
        ct = CATransform3DRotate(ct, .pi, 0, 1, 0)
        cube.addSublayer(face(with: ct, color: Self.faceColors[5]))
        let containerSize = containerView.bounds.size
        cube.position = CGPoint(x: containerSize.width / 2.0, y: containerSize.height / 2.0)
        cube.transform = transform
        return cube
    }

    /// An image of `size` in horizontal stripes: red at the top, then white, green, white and
    /// blue at the bottom (the book's photographs, made here).
    static func stripes(size: CGSize) -> UIImage {
        UIGraphicsImageRenderer(size: size).image { context in
            let colors: [UIColor] = [.red, .white, .green, .white, .blue]
            let h = size.height / CGFloat(colors.count)
            for (i, color) in colors.enumerated() {
                color.setFill()
                context.fill(CGRect(x: 0, y: CGFloat(i) * h, width: size.width, height: h))
            }
        }
    }

    /// The book's `Spark.png`: a soft white dot 32 points across.
    static func spark() -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 32, height: 32)).image { context in
            let space = CGColorSpaceCreateDeviceRGB()
            let gradient = CGGradient(colorsSpace: space, colors: [UIColor.white.cgColor, UIColor(white: 1, alpha: 0).cgColor] as CFArray,
                                      locations: [0, 1])!
            context.cgContext.drawRadialGradient(gradient, startCenter: CGPoint(x: 16, y: 16), startRadius: 0,
                                                 endCenter: CGPoint(x: 16, y: 16), endRadius: 16, options: [])
        }
    }
}

/// An opaque colour read back from a frame.
struct RGB: Hashable, CustomStringConvertible {
    var red: UInt8, green: UInt8, blue: UInt8
    init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
    var description: String { "(\(red), \(green), \(blue))" }
}

func XCTAssertEqual(_ a: RGB, _ b: RGB, tolerance: Int, _ message: String = "", file: StaticString = #filePath,
                    line: UInt = #line) {
    let close = abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
        && abs(Int(a.blue) - Int(b.blue)) <= tolerance
    XCTAssertTrue(close, "\(a) is not within \(tolerance) of \(b) \(message)", file: file, line: line)
}

extension Bitmap {
    func rgb(_ x: Int, _ y: Int) -> RGB {
        let p = self[x: x, y: y]
        return RGB(p.red, p.green, p.blue)
    }

    /// Whether a pixel is ink: clearly darker than the white page.
    private func inked(_ x: Int, _ y: Int) -> Bool {
        let p = self[x: x, y: y]
        return Int(p.red) + Int(p.green) + Int(p.blue) < 3 * 200
    }

    /// The bands of rows in `y` with ink somewhere in `x`: the lines of a text.
    func inkedRowBands(x: Range<Int>, y: Range<Int>) -> [Range<Int>] {
        var bands: [Range<Int>] = []
        var start: Int?
        for row in y {
            let ink = x.contains { inked($0, row) }
            if ink, start == nil { start = row }
            if !ink, let s = start {
                bands.append(s..<row)
                start = nil
            }
        }
        if let s = start { bands.append(s..<y.upperBound) }
        return bands
    }

    /// The columns from the first to the last with ink in the rows `y`.
    func inkedColumns(x: Range<Int>, y: Range<Int>) -> Range<Int> {
        let columns = x.filter { column in y.contains { inked(column, $0) } }
        guard let first = columns.first, let last = columns.last else { return x.lowerBound..<x.lowerBound }
        return first..<(last + 1)
    }

    /// The darkest pixel in the area (the ink's colour), or nil when it is all page.
    func darkest(x: Range<Int>, y: Range<Int>) -> RGB? {
        var best: RGB?
        var lowest = Int.max
        for row in y {
            for column in x {
                let c = rgb(column, row)
                let sum = Int(c.red) + Int(c.green) + Int(c.blue)
                if sum < lowest {
                    lowest = sum
                    best = c
                }
            }
        }
        return lowest < 3 * 200 ? best : nil
    }
}
