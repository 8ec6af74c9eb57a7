import Geometry
import Graphics
import KinescopeTestSupport
import Layers
import Raster
import XCTest
@testable import Transitions

/// Issue 5's "done when" usage, written as a Core Animation developer writes it (the Core
/// Animation Programming Guide's "Animating a transition" listing with a bars-swipe filter): a
/// `CIBarsSwipeTransition` set as the `filter` of a `CATransition`, the transition added to both
/// image layers, and their `isHidden` flags swapped in the same transaction.
final class CATransitionBarsSwipeTests: XCTestCase {
    private var clock: VirtualClock!
    private var engine: AnimationEngine!

    override func setUp() {
        clock = VirtualClock(now: 10)
        engine = AnimationEngine(clock: clock)
        engine.makeCurrent()
    }

    override func tearDown() {
        AnimationEngine.resignCurrent()
    }

    private let size = BarsSwipeFixtures.size

    private func render(_ root: CALayer) -> Bitmap {
        let frame = Bitmap(size: size)
        Compositor(threadCount: 1).render(root.makeRenderNode(), into: frame)
        return frame
    }

    /// The scene before the change: a root holding the old image layer (shown) and the new one
    /// (hidden), committed and rendered once.
    private func scene() -> (root: CALayer, old: CALayer, new: CALayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        root.position = CGPoint(x: CGFloat(size.width) / 2, y: CGFloat(size.height) / 2)
        let old = CALayer(), new = CALayer()
        for (layer, image) in [(old, BarsSwipeFixtures.old), (new, BarsSwipeFixtures.new)] {
            layer.frame = root.bounds
            layer.contents = CGImage(bitmap: image.copy())
            root.addSublayer(layer)
        }
        new.isHidden = true
        engine.tick()
        _ = render(root)
        return (root, old, new)
    }

    /// Runs the usage and returns the frames at 0, 0.25, 0.5, 0.75 and 1.1 seconds.
    private func runUsage() throws -> (frames: [Bitmap], filter: CIFilter, old: CALayer, new: CALayer) {
        let (root, old, new) = scene()
        let filter = try XCTUnwrap(CIFilter(name: "CIBarsSwipeTransition"))
        filter.setDefaults()
        filter.setValue(3.14, forKey: "inputAngle")
        filter.setValue(30.0, forKey: "inputWidth")
        filter.setValue(10.0, forKey: "inputBarOffset")
        XCTAssertNil(filter.lastError, "every value is inside its range")

        CATransaction.begin()
        let transition = CATransition()
        transition.startProgress = 0
        transition.endProgress = 1.0
        transition.filter = filter
        transition.duration = 1.0
        old.add(transition, forKey: "transition")
        new.add(transition, forKey: "transition")
        old.isHidden = true
        new.isHidden = false
        CATransaction.commit()

        var frames: [Bitmap] = []
        engine.advance(by: 0)
        frames.append(render(root))
        for _ in 0..<3 {
            engine.advance(by: 0.25)
            frames.append(render(root))
        }
        engine.advance(by: 0.35)
        frames.append(render(root))
        return (frames, filter, old, new)
    }

    func testBarsSwipeOverTwoImageLayersShowsBothImagesInBarsThenOnlyTheNewOne() throws {
        let (frames, _, old, new) = try runUsage()
        assertBitmap(frames[0], matches: BarsSwipeFixtures.old, name: "bars-start", tolerance: .exact)
        for (index, time) in [(1, 0.25), (2, 0.5), (3, 0.75)] {
            let census = BarsSwipeFixtures.census(frames[index])
            XCTAssertEqual(census.other, 0, "at \(time) s every pixel comes from one of the two images (or a bar's edge row)")
            XCTAssertGreaterThan(census.old, size.area / 20, "at \(time) s the old image still shows")
            XCTAssertGreaterThan(census.new, size.area / 20, "at \(time) s the new image shows")
            let splits = Set(census.bands.map(\.old))
            XCTAssertGreaterThan(splits.count, 1, "at \(time) s the bars are at different places: staggered bars, not one wipe")
        }
        for band in BarsSwipeFixtures.census(frames[2]).bands {
            XCTAssertTrue(band.old > 0 && band.new > 0,
                          "half way every bar shows both images: rows \(band.rows) old \(band.old), new \(band.new)")
        }
        let early = BarsSwipeFixtures.census(frames[1]), late = BarsSwipeFixtures.census(frames[3])
        XCTAssertGreaterThan(late.new, early.new, "the new image gains ground")
        assertBitmap(frames[4], matches: BarsSwipeFixtures.new, name: "bars-end", tolerance: .exact)
        XCTAssertTrue(old.isHidden)
        XCTAssertFalse(new.isHidden)
        XCTAssertNil(old.animation(forKey: kCATransition), "removed when finished")
    }

    func testBarsSwipeHalfWayMatchesGoldenAndTheFilterDrawnDirectly() throws {
        let (frames, filter, _, _) = try runUsage()
        assertBitmap(frames[2], matchesGolden: "bars-swipe-0.5", tolerance: .exact)
        let direct = Bitmap(size: size)
        filter.transition.render(from: BarsSwipeFixtures.old, to: BarsSwipeFixtures.new, progress: 0.5,
                                 into: direct, clip: direct.bounds, scratch: TransitionScratch())
        // Two layers, each swiping against nothing, composite to the one-layer swipe except on
        // the anti-aliased pixels along bar edges, where each layer's partial coverage lets a
        // little of what is behind show (measured: 130 pixels, at most 32 apart).
        assertBitmap(frames[2], matches: direct, name: "bars-direct-0.5",
                     tolerance: ImageTolerance(perChannel: 40, maxDifferingPixels: 0))
        let exact = BitmapComparison(actual: frames[2], expected: direct, tolerance: .exact)
        XCTAssertLessThanOrEqual(exact.differingPixels, 2 * size.width, "only bar edges differ")
    }
}

/// The two 120×90 images: the old one red with a horizontal green ramp, the new one blue with a
/// vertical green ramp, so any pixel tells which image it came from even when shifted.
enum BarsSwipeFixtures {
    static let size = PixelSize(uncheckedWidth: 120, height: 90)

    static let old: Bitmap = {
        let b = Bitmap(size: size)
        for y in 0..<size.height {
            for x in 0..<size.width {
                b[x: x, y: y] = PremultipliedColor(red: 230, green: UInt8(x), blue: 20, alpha: 255)
            }
        }
        return b
    }()

    static let new: Bitmap = {
        let b = Bitmap(size: size)
        for y in 0..<size.height {
            for x in 0..<size.width {
                b[x: x, y: y] = PremultipliedColor(red: 20, green: UInt8(2 * y), blue: 230, alpha: 255)
            }
        }
        return b
    }()

    struct Census {
        struct Band {
            let rows: Range<Int>
            var old = 0, new = 0
        }
        var old = 0, new = 0, other = 0
        var bands: [Band]
    }

    /// Counts pixels that are the new image's pixel at the same place, pixels of the old image
    /// (red, any shift), and others, per 30-row bar. Others on the rows where two bars meet are
    /// not counted: angle 3.14 is not quite π, so those rows are anti-aliased bar edges.
    static func census(_ frame: Bitmap) -> Census {
        var census = Census(bands: stride(from: 0, to: size.height, by: 30).map { Census.Band(rows: $0..<min($0 + 30, size.height)) })
        for y in 0..<frame.height {
            let band = y / 30
            for x in 0..<frame.width {
                let p = frame[x: x, y: y]
                if p == new[x: x, y: y] {
                    census.new += 1
                    census.bands[band].new += 1
                } else if p.alpha == 255 && p.red >= 200 && p.blue <= 40 {
                    census.old += 1
                    census.bands[band].old += 1
                } else if [29, 0, 1].contains(y % 30) {
                    continue
                } else {
                    census.other += 1
                }
            }
        }
        return census
    }
}
