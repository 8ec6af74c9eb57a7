import Foundation
import Geometry
import Graphics
import KinescopeTestSupport
import Layers
import Raster
import XCTest

/// Layer trees whose properties hold NaN, infinities, huge, zero and negative values render
/// through the Compositor without trapping, on one thread and on several; Apple's documented
/// rules hold (opacity outside 0…1 is clamped); Kinescope's documented choices hold for the
/// values Apple leaves undefined (a non-finite frame is ignored; a layer whose geometry is not
/// finite, or whose transform is singular, draws nothing; NaN opacity is transparent).
final class NumericLayerTests: XCTestCase {
    private var engine: AnimationEngine!
    private let clock = VirtualClock(now: 50)

    override func setUp() {
        engine = AnimationEngine(clock: clock)
        engine.makeCurrent()
    }

    override func tearDown() {
        AnimationEngine.resignCurrent()
        engine = nil
    }

    static let size = (width: 64, height: 48)

    private func root() -> CALayer {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: Self.size.width, height: Self.size.height)
        root.position = CGPoint(x: Self.size.width / 2, y: Self.size.height / 2)
        root.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 1)
        return root
    }

    private func render(_ root: CALayer, threads: Int = 1) -> Bitmap {
        let bitmap = Bitmap(width: Self.size.width, height: Self.size.height)
        Compositor(threadCount: threads).render(root.makeRenderNode(), into: bitmap)
        return bitmap
    }

    /// An ordinary child layer: a red square with a picture, a border and a shadow.
    private func child(_ random: inout SeededRandom, image: CGImage) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 16)
        layer.position = CGPoint(x: 30, y: 22)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.8)
        layer.contents = image
        layer.borderColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        layer.borderWidth = 2
        layer.cornerRadius = 4
        layer.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        layer.shadowOpacity = 0.5
        layer.shadowRadius = 3
        return layer
    }

    /// Sets one property of `layer` to a nasty value; returns its name for messages.
    private func spoil(_ layer: CALayer, _ random: inout SeededRandom) -> String {
        let v = Nasty.draw(&random), f = Nasty.floats[random.next(below: Nasty.floats.count)]
        switch random.next(below: 19) {
        case 0: layer.bounds = Nasty.rect(&random); return "bounds \(layer.bounds)"
        case 1: layer.position = Nasty.point(&random); return "position \(layer.position)"
        case 2: layer.anchorPoint = Nasty.point(&random); return "anchorPoint \(layer.anchorPoint)"
        case 3: layer.transform = Nasty.transform3D(&random); return "transform"
        case 4: layer.sublayerTransform = Nasty.transform3D(&random); return "sublayerTransform"
        case 5:
            // Scales of 100–300 are ordinary numbers but blur a shadow over thousands of pixels
            // a side (seconds per frame in a debug build); extreme ones are kept.
            let scale = v.isFinite && abs(v) > 8 && abs(v) < 1e6 ? v / 40 : v
            layer.transform = CATransform3DMakeScale(scale, scale, 1)
            return "scale \(scale)"
        case 6: layer.zPosition = v; layer.anchorPointZ = Nasty.draw(&random); return "zPosition \(v)"
        case 7: layer.opacity = f; return "opacity \(f)"
        case 8: layer.cornerRadius = v; layer.masksToBounds = true; return "cornerRadius \(v)"
        case 9: layer.borderWidth = v; return "borderWidth \(v)"
        case 10:
            // Huge finite radii are valid but cost a 12 000-pixel blur per band in a debug build;
            // `testHugeShadowRadius…` covers them once.
            layer.shadowRadius = v.isFinite && abs(v) > 40 ? 40 : v
            return "shadowRadius \(layer.shadowRadius)"
        case 11: layer.shadowOffset = CGSize(width: v, height: Nasty.draw(&random)); return "shadowOffset \(v)"
        case 12: layer.shadowOpacity = f; return "shadowOpacity \(f)"
        case 13: layer.contentsRect = Nasty.rect(&random); return "contentsRect \(layer.contentsRect)"
        case 14: layer.contentsCenter = Nasty.rect(&random); return "contentsCenter \(layer.contentsCenter)"
        case 15: layer.contentsScale = v; return "contentsScale \(v)"
        case 16: layer.frame = Nasty.rect(&random); return "frame \(layer.frame)"
        case 17:
            let mask = CALayer()
            mask.frame = CGRect(x: 2, y: 2, width: 10, height: 8)
            mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            mask.transform = Nasty.transform3D(&random)
            layer.mask = mask
            return "mask with a nasty transform"
        default:
            layer.backgroundColor = CGColor(red: v, green: Nasty.draw(&random), blue: 0.5, alpha: v)
            return "backgroundColor components \(v)"
        }
    }

    func testTreesWithNastyPropertiesRenderTheSameOnOneAndThreeThreads() throws {
        var random = SeededRandom(seed: 808)
        let image = CGImage(bitmap: random.bitmap(width: 16, height: 12))
        for index in 0..<300 {
            let tree = root()
            var spoiled: [String] = []
            var parent = tree
            for _ in 0..<random.next(in: 1...3) {
                let layer = child(&random, image: image)
                for _ in 0..<random.next(in: 1...3) { spoiled.append(spoil(layer, &random)) }
                parent.addSublayer(layer)
                if random.next(below: 2) == 0 { parent = layer }
            }
            if index % 10 == 0 { spoiled.append("root: " + spoil(tree, &random)) }
            let one = render(tree), three = render(tree, threads: 3)
            XCTAssertTrue(one.hasSamePixels(as: three), "case \(index) (\(spoiled)): bands on three threads differ from one")
        }
    }

    func testOpacityOutsideZeroToOneIsClampedAndNaNIsTransparent() throws {
        var random = SeededRandom(seed: 909)
        let image = CGImage(bitmap: random.bitmap(width: 16, height: 12))
        func scene(opacity: Float) -> Bitmap {
            let tree = root()
            var ignored = SeededRandom(seed: 1)
            let layer = child(&ignored, image: image)
            layer.opacity = opacity
            tree.addSublayer(layer)
            return render(tree)
        }
        XCTAssertTrue(scene(opacity: 2).hasSamePixels(as: scene(opacity: 1)), "Apple: values above 1 are clamped to 1")
        XCTAssertTrue(scene(opacity: .infinity).hasSamePixels(as: scene(opacity: 1)))
        XCTAssertTrue(scene(opacity: -1).hasSamePixels(as: scene(opacity: 0)), "Apple: values below 0 are clamped to 0")
        XCTAssertTrue(scene(opacity: .nan).hasSamePixels(as: scene(opacity: 0)), "Kinescope: NaN opacity draws nothing")
        XCTAssertFalse(scene(opacity: 1).hasSamePixels(as: scene(opacity: 0)), "the scene must show the layer at all")
    }

    func testNonFiniteGeometryZeroSizeAndSingularTransformsDrawNothing() throws {
        var random = SeededRandom(seed: 1010)
        let image = CGImage(bitmap: random.bitmap(width: 16, height: 12))
        let background = render(root())
        let spoilers: [(String, (CALayer) -> Void)] = [
            ("zero size", { $0.bounds = .zero }),
            ("zero width", { $0.bounds.size.width = 0 }),
            ("scale 0", { $0.transform = CATransform3DMakeScale(0, 1, 1) }),
            ("NaN transform", { $0.transform.m11 = .nan }),
            ("infinite transform", { $0.transform.m41 = .infinity }),
            ("NaN position", { $0.position = CGPoint(x: CGFloat.nan, y: 3) }),
            ("NaN bounds", { $0.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10) }),
            ("infinite bounds", { $0.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10) }),
            ("NaN anchor", { $0.anchorPoint = CGPoint(x: CGFloat.nan, y: 0.5) }),
            ("hidden", { $0.isHidden = true }),
        ]
        for (name, spoil) in spoilers {
            let tree = root()
            let layer = child(&random, image: image)
            layer.shadowOpacity = 0
            spoil(layer)
            tree.addSublayer(layer)
            XCTAssertTrue(render(tree).hasSamePixels(as: background), "\(name): the layer must draw nothing")
        }
    }

    /// A shadow radius clamps to a 2048-pixel deviation; a blurred shadow mask that would exceed
    /// the 16384-pixel limit (a layer much wider than the frame) must not trap.
    func testHugeShadowRadiusOnALayerMuchWiderThanTheFrameDoesNotTrap() throws {
        for width in [20_000.0, 60] {
            let tree = root()
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: width, height: 30)
            layer.position = CGPoint(x: 32, y: 24)
            layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            layer.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            layer.shadowOpacity = 1
            layer.shadowRadius = width == 60 ? 12 : 1e9
            tree.addSublayer(layer)
            XCTAssertFalse(render(tree).hasSamePixels(as: render(root())), "the layer is drawn (width \(width))")
        }
    }

    func testNonFiniteFrameIsIgnored() throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 1, y: 2, width: 30, height: 40)
        for bad in [CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1), CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1),
                    CGRect(x: 0, y: -CGFloat.infinity, width: 1, height: 1)] {
            layer.frame = bad
            XCTAssertEqual(layer.frame, CGRect(x: 1, y: 2, width: 30, height: 40), "setting \(bad) leaves the frame alone")
        }
    }

    /// Explicit animations between nasty values, sampled through their whole run.
    func testAnimationsBetweenNastyValuesRenderAtEveryFrame() throws {
        var random = SeededRandom(seed: 1111)
        let image = CGImage(bitmap: random.bitmap(width: 16, height: 12))
        let tree = root()
        let layer = child(&random, image: image)
        // A shadow on a layer scaled up 100-fold blurs thousands of pixels a side per band
        // (seconds per frame in a debug build); shadows have their own cases above.
        layer.shadowOpacity = 0
        tree.addSublayer(layer)
        engine.tick()
        _ = tree.makeRenderNode()
        let keyPaths: [(String, () -> Any)] = [
            ("position", { Nasty.point(&random) }), ("bounds", { Nasty.rect(&random) }),
            ("opacity", { Nasty.floats[random.next(below: Nasty.floats.count)] }),
            ("transform", { Nasty.transform3D(&random) }), ("cornerRadius", { Nasty.draw(&random) }),
            ("shadowRadius", { [CGFloat.nan, .infinity, -.infinity, -5, 0, 30][random.next(below: 6)] }),
            ("transform.rotation.z", { Nasty.draw(&random) }),
            ("transform.scale", { Nasty.draw(&random) }), ("borderWidth", { Nasty.draw(&random) }),
        ]
        for index in 0..<120 {
            let (keyPath, value) = keyPaths[index % keyPaths.count]
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.fromValue = value()
            animation.toValue = value()
            animation.duration = [0.5, 0, Double.nan, Double.infinity, -1][index % 5]
            animation.repeatCount = Nasty.floats[random.next(below: Nasty.floats.count)]
            animation.speed = index % 7 == 0 ? .nan : 1
            layer.add(animation, forKey: "nasty-\(index % 4)")
            for _ in 0..<6 {
                engine.advance(by: 0.1)
                _ = render(tree)
            }
        }
        layer.removeAllAnimations()
        engine.advance(by: 0.1)
        XCTAssertFalse(render(tree).hasSamePixels(as: render(root())), "after the animations the layer shows again")
    }
}
