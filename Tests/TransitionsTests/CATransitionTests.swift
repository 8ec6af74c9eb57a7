import Geometry
import Graphics
import KinescopeTestSupport
@testable import Layers
import Raster
import XCTest
@testable import Transitions

final class CATransitionTests: XCTestCase {
    private var clock: VirtualClock!
    private var engine: AnimationEngine!
    private var diagnostics: [String] = []

    override func setUp() {
        clock = VirtualClock(now: 50)
        engine = AnimationEngine(clock: clock)
        diagnostics = []
        engine.diagnosticHandler = { [unowned self] in self.diagnostics.append($0) }
        engine.makeCurrent()
    }

    override func tearDown() {
        AnimationEngine.resignCurrent()
    }

    private let size = TransitionFixtures.size
    private lazy var before = CGImage(bitmap: TransitionFixtures.from.copy())
    private lazy var after = CGImage(bitmap: TransitionFixtures.to.copy())

    /// A root layer the size of the fixtures holding one layer that shows `before`, committed
    /// and rendered once (so it has an appearance to transition from).
    private func scene() -> (root: CALayer, layer: CALayer) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        root.position = CGPoint(x: CGFloat(size.width) / 2, y: CGFloat(size.height) / 2)
        let layer = CALayer()
        layer.frame = root.bounds
        layer.contents = before
        root.addSublayer(layer)
        engine.tick()
        _ = render(root)
        return (root, layer)
    }

    private func render(_ root: CALayer, threads: Int = 1, compositor: Compositor? = nil) -> Bitmap {
        let frame = Bitmap(size: size)
        (compositor ?? Compositor(threadCount: threads)).render(root.makeRenderNode(), into: frame)
        return frame
    }

    /// The frame the registered transition `name` draws between the fixtures at `progress`.
    private func expected(_ transition: any FrameTransition, progress: Double,
                          to: Bitmap = TransitionFixtures.to) -> Bitmap {
        let out = Bitmap(size: size)
        transition.render(from: TransitionFixtures.from, to: to, progress: progress, into: out,
                          clip: out.bounds, scratch: TransitionScratch())
        return out
    }

    private func assertSame(_ actual: Bitmap, _ expected: Bitmap, _ label: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        let comparison = BitmapComparison(actual: actual, expected: expected, tolerance: .exact)
        XCTAssertTrue(comparison.passes(.exact), "\(label): \(comparison.differingPixels) pixels differ, first \(String(describing: comparison.firstDifference))",
                      file: file, line: line)
    }

    /// A linear transition of `duration` 1 s added to the scene's layer as its contents change.
    private func transition(_ configure: (CATransition) -> Void = { _ in }) -> (root: CALayer, layer: CALayer) {
        let (root, layer) = scene()
        let transition = CATransition()
        transition.duration = 1
        transition.timingFunction = CAMediaTimingFunction(name: .linear)
        configure(transition)
        layer.add(transition, forKey: nil)
        CATransaction.setDisableActions(true)
        layer.contents = after
        return (root, layer)
    }

    func testFadeMidwayIsTheBlendOfTheImagesBeforeAndAfterTheChange() throws {
        let (root, _) = transition()
        engine.advance(by: 0)
        assertSame(render(root), TransitionFixtures.from, "start")
        engine.advance(by: 0.5)
        let middle = render(root)
        let fade = try TransitionRegistry.make(named: "fade")
        assertSame(middle, expected(fade, progress: 0.5), "half way")
        let pixel = middle[x: 5, y: 5], a = TransitionFixtures.from[x: 5, y: 5], b = TransitionFixtures.to[x: 5, y: 5]
        XCTAssertEqual(Int(pixel.red), (Int(a.red) + Int(b.red)) / 2, accuracy: 1)
        XCTAssertEqual(Int(pixel.blue), (Int(a.blue) + Int(b.blue)) / 2, accuracy: 1)
        engine.advance(by: 0.6)
        assertSame(render(root), TransitionFixtures.to, "after the end: the live layer")
    }

    func testPushWithSubtypeDrawsTheRegisteredTransition() throws {
        let (root, _) = transition {
            $0.type = .push
            $0.subtype = .fromRight
        }
        engine.advance(by: 0)
        engine.advance(by: 0.25)
        let push = try TransitionRegistry.make(named: "push", parameters: ["subtype": "fromRight"])
        assertSame(render(root), expected(push, progress: 0.25), "push from the right at 25 %")
        assertSame(render(root, threads: 3), render(root, threads: 1), "any number of bands")
    }

    func testExtraTypesByRawValue() throws {
        let (root, _) = transition { $0.type = CATransitionType(rawValue: "cube") }
        engine.advance(by: 0.5)
        let cube = try TransitionRegistry.make(named: "cube")
        assertSame(render(root), expected(cube, progress: 0.5), "cube")
        XCTAssertTrue(diagnostics.isEmpty, "\(diagnostics)")
    }

    /// The compositor keeps the snapshot's mip chain for the whole animation and forgets the live
    /// side's when its pixels change: over frames whose live contents change (or not), at progresses
    /// where halved levels are read, and on one or three bands, every frame equals a fresh one.
    /// Each compositor is kept, so its scratch bitmaps (the live side) keep their addresses and
    /// a chain not forgotten would be taken for the next frame's live side. The frames of render
    /// trees still held are never drawn over by later frames (their bitmaps are reused only once
    /// free).
    func testCompositedFramesWithALiveLayerEqualFreshFramesWhileTheSnapshotChainIsKept() throws {
        let marked = TransitionFixtures.to.copy()
        marked.fill(PixelRect(x: 20, y: 10, width: 40, height: 30), with: PremultipliedColor(red: 250, green: 250, blue: 10, alpha: 255))
        let reversed = TransitionFixtures.from.copy()
        reversed.fill(PixelRect(x: 50, y: 30, width: 30, height: 20), with: PremultipliedColor(red: 10, green: 0, blue: 90, alpha: 255))
        let lives: [(CGImage, Bitmap)] = [(after, TransitionFixtures.to), (CGImage(bitmap: marked), marked),
                                          (CGImage(bitmap: marked), marked), (CGImage(bitmap: reversed), reversed),
                                          (after, TransitionFixtures.to)]
        for (type, subtype) in [("cube", "fromLeft"), ("cube", "fromTop"), ("oglFlip", "fromRight"), ("flipFromLeft", nil)] {
            let (root, layer) = transition {
                $0.type = CATransitionType(rawValue: type)
                $0.subtype = subtype.map(CATransitionSubtype.init(rawValue:))
            }
            let start = clock.now
            let drawn = try TransitionRegistry.make(named: type, parameters: subtype.map { ["subtype": $0] } ?? [:])
            let compositors = [Compositor(threadCount: 1), Compositor(threadCount: 3)]
            var kept: MipmappedImage?
            var held: [(node: RenderNode, pixels: Bitmap)] = []
            for (frame, (image, pixels)) in lives.enumerated() {
                CATransaction.setDisableActions(true)
                layer.contents = image
                let progress = [0.3, 0.45, 0.48, 0.55, 0.62][frame]
                engine.tick(to: start + progress)
                let label = "\(type) \(subtype ?? "") frame \(frame) at \(progress)"
                let fresh = expected(drawn, progress: progress, to: pixels)
                assertSame(render(root, compositor: compositors[frame % 2]), fresh, label)
                let running = try XCTUnwrap(root.makeRenderNode()?.children.first?.transition, label)
                XCTAssertLessThanOrEqual(running.buffers.mipmaps.count, 2, "\(label): the snapshot's and the live side's chains only")
                let chain = running.buffers.mipmaps.chain(for: try XCTUnwrap(running.from))
                XCTAssertTrue(kept == nil || kept === chain, "\(label): the snapshot's chain should be kept")
                kept = chain
                if frame % 2 == 1, let image = running.frame.frame(computing: { nil }) {
                    held.append((root.makeRenderNode()!, image.base.copy()))
                }
                for (index, old) in held.enumerated() {
                    let image = try XCTUnwrap(old.node.children.first?.transition?.frame.frame(computing: { nil }))
                    XCTAssertTrue(image.base.hasSamePixels(as: old.pixels), "\(label): held frame \(index) was drawn over")
                }
            }
        }
    }

    /// The live side (the layer drawn without its transition) is drawn once while it does not
    /// change and drawn again when it does; every frame equals a fresh one either way, on one
    /// band and on three.
    func testLiveSideIsDrawnAgainOnlyWhenItChanges() throws {
        let marked = TransitionFixtures.to.copy()
        marked.fill(PixelRect(x: 20, y: 10, width: 40, height: 30), with: PremultipliedColor(red: 250, green: 250, blue: 10, alpha: 255))
        let markedImage = CGImage(bitmap: marked)
        let (root, layer) = transition { $0.type = CATransitionType(rawValue: "flipFromLeft") }
        let start = clock.now
        let drawn = try TransitionRegistry.make(named: "flipFromLeft")
        var keptNode: RenderNode?
        let frames: [(progress: Double, contents: CGImage?, pixels: Bitmap, redrawn: Bool)] = [
            (0.2, nil, TransitionFixtures.to, true), (0.3, nil, TransitionFixtures.to, false),
            (0.45, markedImage, marked, true), (0.55, nil, marked, false), (0.7, after, TransitionFixtures.to, true),
        ]
        for (index, frame) in frames.enumerated() {
            if let contents = frame.contents {
                CATransaction.setDisableActions(true)
                layer.contents = contents
            }
            engine.tick(to: start + frame.progress)
            let label = "frame \(index) at \(frame.progress)"
            assertSame(render(root, threads: index % 2 == 0 ? 1 : 3), expected(drawn, progress: frame.progress, to: frame.pixels), label)
            let running = try XCTUnwrap(root.makeRenderNode()?.children.first?.transition, label)
            let side = try XCTUnwrap(running.buffers.takeLiveSide(PixelSize(width: size.width, height: size.height)), label)
            running.buffers.keepLiveSide(side)
            XCTAssertEqual(keptNode !== side.node, frame.redrawn, "\(label): drawn again should be \(frame.redrawn)")
            XCTAssertTrue(side.bitmap.hasSamePixels(as: frame.pixels), "\(label): the live side's pixels")
            keptNode = side.node
        }
    }

    func testUnknownTypeFallsBackToFadeWithDiagnostic() throws {
        let (root, _) = transition { $0.type = CATransitionType(rawValue: "noSuchTransition") }
        engine.advance(by: 0.5)
        assertSame(render(root), expected(try TransitionRegistry.make(named: "fade"), progress: 0.5), "fade")
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertTrue(diagnostics.first?.contains("noSuchTransition") == true, "\(diagnostics)")
    }

    func testProgressRangeIsStoredAsGivenAndClampedWhenDrawn() throws {
        let (root, layer) = transition {
            $0.startProgress = -1
            $0.endProgress = 0.5
        }
        let stored = try XCTUnwrap(layer.animation(forKey: kCATransition) as? CATransition)
        XCTAssertEqual(stored.startProgress, -1)
        XCTAssertEqual(stored.endProgress, 0.5)
        engine.advance(by: 0.5)
        let fade = try TransitionRegistry.make(named: "fade")
        assertSame(render(root), expected(fade, progress: 0.25), "from 0 (-1 clamped) to 0.5, half way")
        engine.advance(by: 0.375)
        assertSame(render(root), expected(fade, progress: 0.4375), "0.5 × 0.875")
    }

    func testFilterOverridesTypeAndSubtype() throws {
        let filter = try XCTUnwrap(CIFilter(name: "CIDissolveTransition"))
        let (root, _) = transition {
            $0.type = .push
            $0.filter = filter
        }
        engine.advance(by: 0.5)
        assertSame(render(root), expected(filter.transition, progress: 0.5), "the filter's transition")
    }

    func testTransitionIsKeptUnderTransitionKeyAndCopied() throws {
        let (_, layer) = scene()
        let transition = CATransition()
        transition.type = .moveIn
        transition.subtype = .fromTop
        layer.add(transition, forKey: "mine")
        XCTAssertNil(layer.animation(forKey: "mine"))
        let stored = try XCTUnwrap(layer.animation(forKey: kCATransition) as? CATransition)
        XCTAssertFalse(stored === transition)
        XCTAssertEqual(stored.type, .moveIn)
        XCTAssertEqual(stored.subtype, .fromTop)
        XCTAssertEqual(stored.duration, 0.25, "the transaction's duration")
    }

    func testTypeAndSubtypeRawValuesAreApples() throws {
        XCTAssertEqual([CATransitionType.fade, .moveIn, .push, .reveal].map(\.rawValue), ["fade", "moveIn", "push", "reveal"])
        XCTAssertEqual([CATransitionSubtype.fromLeft, .fromRight, .fromTop, .fromBottom].map(\.rawValue),
                       ["fromLeft", "fromRight", "fromTop", "fromBottom"])
        XCTAssertEqual(CATransition().type, .fade)
        XCTAssertNil(CATransition().subtype)
    }

    func testImplicitContentsActionIsAFadeCATransition() throws {
        let (root, layer) = scene()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.contents = after
        let implicit = try XCTUnwrap(layer.animation(forKey: kCATransition) as? CATransition)
        XCTAssertEqual(implicit.type, .fade)
        XCTAssertEqual(implicit.duration, 1)
        engine.advance(by: 0.5)
        assertSame(render(root), expected(try TransitionRegistry.make(named: "fade"), progress: 0.5), "implicit fade")
    }

    func testTransitionOfTranslucentLayerAppliesItsOpacityOnce() throws {
        let (root, layer) = transition()
        CATransaction.setDisableActions(true)
        layer.opacity = 0.5
        engine.advance(by: 0.5)
        let frame = render(root)
        let blended = expected(try TransitionRegistry.make(named: "fade"), progress: 0.5)
        let p = frame[x: 10, y: 10], e = blended[x: 10, y: 10]
        XCTAssertEqual(Int(p.alpha), Int(e.alpha) / 2, accuracy: 1)
        XCTAssertEqual(Int(p.red), Int(e.red) / 2, accuracy: 1)
    }
}
