import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest
@testable import Layers

/// Scrolling by moving pixels: a frame made by moving the scrolled layer's pixels and redrawing
/// `FrameDamage.redraw` must equal a whole render of the new tree, byte for byte.
final class ScrollBlitTests: XCTestCase {
    func testRandomScrollsOfATableMovingPixelsEqualAWholeRender() throws {
        for (threads, scale) in [(1, 1.0), (3, 1.0), (1, 2.0)] {
            for variant in TableScene.Variant.allCases {
                var random = SeededRandom(seed: 0x5C_0011 + UInt64(threads) * 31 + UInt64(scale) * 7
                                          + UInt64(variant.rawValue))
                let stats = try runRandomScrolls(frames: 80, threads: threads, scale: scale, variant: variant,
                                                 random: &random)
                let label = "\(variant), \(threads) threads, scale \(scale): \(stats)"
                if variant == .translucentScrollLayerOverPattern {
                    XCTAssertEqual(stats.moved, 0, "pixels under a translucent scroll layer are not one colour: \(label)")
                } else {
                    XCTAssertGreaterThan(stats.moved, 25, "whole-pixel scrolls move pixels: \(label)")
                }
                XCTAssertGreaterThan(stats.fractional, 3, label)
            }
        }
    }

    func testScrollByWholePixelsRedrawsOnlyTheUncoveredBand() throws {
        try onEngine {
            let scene = TableScene(variant: .plain, scale: 1)
            for layer in [scene.header, scene.indicator, scene.badge] { layer.isHidden = true }
            let frame = scene.frame
            let before = scene.root.makeRenderNode()
            scene.scroll(by: CGPoint(x: 0, y: 7))
            let damage = RenderNode.frameDamage(from: before, to: scene.root.makeRenderNode(), in: frame, scrollBlit: true)
            let scroll = try XCTUnwrap(damage.scroll)
            XCTAssertEqual(scroll, ScrollBlit(rect: PixelRect(x: 10, y: 14, width: 120, height: 90), dx: 0, dy: -7))
            XCTAssertEqual(damage.redraw, [PixelRect(x: 10, y: 97, width: 120, height: 7)], "the band scrolled into view")
            XCTAssertEqual(damage.changed, [frame], "the moved rectangle is more than half the frame: all of it is pushed")
        }
    }

    func testFractionalScrollIsDrawnWithoutMovingPixels() throws {
        try checkOrdinaryDamage(step: 2.5, scrollBlit: true)
    }

    func testScrollBlitSwitchedOffGivesTheOrdinaryDamage() throws {
        try checkOrdinaryDamage(step: 9, scrollBlit: false)
    }

    /// A scroll by `step` points gives no scroll and the damage `RenderNode.damage` finds.
    private func checkOrdinaryDamage(step: CGFloat, scrollBlit: Bool) throws {
        try onEngine {
            let scene = TableScene(variant: .plain, scale: 1)
            let before = scene.root.makeRenderNode()
            scene.scroll(by: CGPoint(x: 0, y: step))
            let after = scene.root.makeRenderNode()
            let damage = RenderNode.frameDamage(from: before, to: after, in: scene.frame, scrollBlit: scrollBlit)
            XCTAssertNil(damage.scroll, "step \(step)")
            XCTAssertEqual(damage.redraw, RenderNode.damage(from: before, to: after, in: scene.frame), "step \(step)")
            XCTAssertEqual(damage.changed, damage.redraw, "step \(step)")
        }
    }

    func testRotatedScrollLayerIsDrawnWithoutMovingPixels() throws {
        try onEngine {
            let scene = TableScene(variant: .plain, scale: 1)
            scene.scrollLayer.transform = CATransform3DMakeRotation(0.2, 0, 0, 1)
            let before = scene.root.makeRenderNode()
            scene.scroll(by: CGPoint(x: 0, y: 5))
            let damage = RenderNode.frameDamage(from: before, to: scene.root.makeRenderNode(), in: scene.frame, scrollBlit: true)
            XCTAssertNil(damage.scroll)
        }
    }

    func testBlitMovesPixelsWithinTheRectangleOnly() {
        let bitmap = Bitmap(width: 8, height: 6)
        for y in 0..<6 { for x in 0..<8 { bitmap[x: x, y: y] = PremultipliedColor(packed: 0xFF00_0000 | UInt32(y * 16 + x)) } }
        bitmap.move(ScrollBlit(rect: PixelRect(x: 1, y: 1, width: 5, height: 4), dx: -1, dy: 2))
        // Row 3 now holds row 1's pixels 2…5 at 1…4; rows 1–2 and column 5 keep theirs; outside
        // the rectangle nothing moved.
        XCTAssertEqual(bitmap[x: 1, y: 3].packed & 0xFF, 1 * 16 + 2)
        XCTAssertEqual(bitmap[x: 4, y: 4].packed & 0xFF, 2 * 16 + 5)
        XCTAssertEqual(bitmap[x: 5, y: 3].packed & 0xFF, 3 * 16 + 5)
        XCTAssertEqual(bitmap[x: 2, y: 1].packed & 0xFF, 1 * 16 + 2)
        XCTAssertEqual(bitmap[x: 6, y: 3].packed & 0xFF, 3 * 16 + 6)
        XCTAssertEqual(bitmap[x: 1, y: 5].packed & 0xFF, 5 * 16 + 1)
    }
}

/// Counts of the kinds of frames in a run of random scrolls.
struct ScrollRunStats: CustomStringConvertible {
    var moved = 0
    var drawn = 0
    var fractional = 0
    var description: String { "\(moved) moved, \(drawn) drawn, \(fractional) fractional" }
}

/// Scrolls a table by random steps (whole points, some a quarter point off — a fractional pixel
/// at scales 1 and 2 — sometimes sideways) with
/// random edits besides, for `frames` frames; each frame, the previous one with the scroll's
/// pixels moved and `redraw` re-composited must equal a whole render of the new tree.
func runRandomScrolls(frames: Int, threads: Int, scale: Double, variant: TableScene.Variant,
                      random: inout SeededRandom) throws -> ScrollRunStats {
    try onEngine {
        let scene = TableScene(variant: variant, scale: scale)
        let frame = scene.frame
        let transform = Homography(CGAffineTransform(scaleX: scale, y: scale))
        let compositor = Compositor(threadCount: threads)
        var shown = scene.root.makeRenderNode()
        let incremental = Bitmap(width: frame.width, height: frame.height)
        compositor.render(shown, into: incremental, transform: transform, background: .black)
        var stats = ScrollRunStats()
        for index in 0..<frames {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            var step = CGPoint(x: 0, y: CGFloat(random.next(in: -14...14)))
            if random.next(below: 8) == 0 { step.y += 0.25 }
            if random.next(below: 6) == 0 { step.x = CGFloat(random.next(in: -6...6)) }
            let origin = scene.scrollLayer.bounds.origin
            scene.scroll(by: step)
            // At the ends the offset is clamped, which may make a fractional step whole.
            let moved = (scene.scrollLayer.bounds.origin.y - origin.y) * scale
            let fractional = moved != moved.rounded()
            let edits = scene.randomEdits(&random)
            CATransaction.commit()
            let next = scene.root.makeRenderNode()
            let damage = RenderNode.frameDamage(from: shown, to: next, transform: transform, in: frame, scrollBlit: true)
            if fractional {
                stats.fractional += 1
                XCTAssertNil(damage.scroll, "frame \(index): a fractional step cannot move pixels")
            }
            if damage.scroll != nil { stats.moved += 1 } else { stats.drawn += 1 }
            compositor.render(next, into: incremental, transform: transform, background: .black, damage: damage)
            let whole = Bitmap(width: frame.width, height: frame.height)
            compositor.render(next, into: whole, transform: transform, background: .black)
            if let (x, y) = firstDifference(incremental, whole) {
                XCTFail("\(variant), frame \(index), step \(step), edits \(edits), \(threads) threads, scale \(scale): "
                        + "pixel (\(x), \(y)) is \(incremental[x: x, y: y]) after \(damage), whole render \(whole[x: x, y: y])")
                return stats
            }
            shown = next
        }
        return stats
    }
}

private func onEngine<T>(_ body: () throws -> T) throws -> T {
    let engine = AnimationEngine(clock: VirtualClock())
    return try engine.withCurrent(body)
}

/// A table-like layer tree: a clipped scroll layer of rows (backgrounds, rounded thumbnails
/// with images and borders, text-like bars), a sticky header and a scroll indicator that stay
/// in place on screen, and over it all a translucent badge; what lies under the rows depends on
/// the variant.
final class TableScene {
    enum Variant: Int, CaseIterable, CustomStringConvertible {
        /// An opaque white scroll layer.
        case plain
        /// A scroll layer without a background, on a uniform grey container inside the root.
        case clearScrollLayerOnContainer
        /// A translucent scroll layer over a picture: pixels cannot move.
        case translucentScrollLayerOverPattern

        var description: String {
            switch self {
            case .plain: "opaque scroll layer"
            case .clearScrollLayerOnContainer: "clear scroll layer on a grey container"
            case .translucentScrollLayerOverPattern: "translucent scroll layer over a picture"
            }
        }
    }

    let root = rootLayer(width: 160, height: 120)
    let scrollLayer = CALayer()
    let header = CALayer()
    let indicator = CALayer()
    let badge = CALayer()
    private(set) var rows: [CALayer] = []
    let variant: Variant
    let frame: PixelRect
    private let rowHeight: CGFloat = 13
    private let rowCount = 40

    init(variant: Variant, scale: Double) {
        self.variant = variant
        frame = PixelRect(x: 0, y: 0, width: Int(160 * scale), height: Int(120 * scale))
        let container = CALayer()
        container.frame = CGRect(x: 4, y: 6, width: 150, height: 110)
        root.addSublayer(container)
        switch variant {
        case .plain:
            scrollLayer.backgroundColor = .white
        case .clearScrollLayerOnContainer:
            container.backgroundColor = CGColor(gray: 0.8, alpha: 1)
        case .translucentScrollLayerOverPattern:
            container.addSublayer(imageLayer(quadrantImage(width: 150, height: 110), frame: container.bounds))
            scrollLayer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.5)
        }
        container.addSublayer(scrollLayer)
        scrollLayer.frame = CGRect(x: 6, y: 8, width: 120, height: 90)
        scrollLayer.masksToBounds = true
        let sprite = quadrantImage(width: 24, height: 18)
        for index in 0..<rowCount {
            let row = CALayer()
            row.frame = CGRect(x: 0, y: CGFloat(index) * rowHeight, width: 160, height: rowHeight)
            if index % 3 != 2 { row.backgroundColor = CGColor(gray: index % 2 == 0 ? 0.97 : 0.9, alpha: 1) }
            let thumbnail = imageLayer(sprite, frame: CGRect(x: 2, y: 1.5, width: 11, height: 10))
            thumbnail.cornerRadius = 3
            thumbnail.masksToBounds = true
            thumbnail.borderWidth = 1
            thumbnail.borderColor = CGColor(gray: 0, alpha: 0.3)
            row.addSublayer(thumbnail)
            let bar = CALayer()
            bar.frame = CGRect(x: 16, y: 3.25, width: CGFloat(30 + index * 7 % 60), height: 6.5)
            bar.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: CGFloat(index % 5) / 5, alpha: 1)
            bar.cornerRadius = 2
            row.addSublayer(bar)
            scrollLayer.addSublayer(row)
            rows.append(row)
        }
        header.backgroundColor = CGColor(red: 0.3, green: 0.5, blue: 0.9, alpha: 0.85)
        header.bounds = CGRect(x: 0, y: 0, width: 120, height: 11)
        header.anchorPoint = .zero
        scrollLayer.addSublayer(header)
        indicator.backgroundColor = CGColor(gray: 0, alpha: 0.35)
        indicator.cornerRadius = 1.5
        indicator.bounds = CGRect(x: 0, y: 0, width: 3, height: 20)
        indicator.anchorPoint = .zero
        scrollLayer.addSublayer(indicator)
        badge.frame = CGRect(x: 96, y: 70, width: 40, height: 24)
        badge.backgroundColor = CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 0.5)
        badge.cornerRadius = 6
        root.addSublayer(badge)
        placeFloatingLayers()
    }

    /// Moves the scroll layer's bounds by `step`, as a scroll view's content offset does.
    func scroll(by step: CGPoint) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        var bounds = scrollLayer.bounds
        let maxY = CGFloat(rowCount) * rowHeight - bounds.height
        bounds.origin.x = min(40, max(-10, bounds.origin.x + step.x))
        bounds.origin.y = min(maxY, max(-20, bounds.origin.y + step.y))
        scrollLayer.bounds = bounds
        placeFloatingLayers()
    }

    /// Random changes besides the scroll; returns what they were.
    func randomEdits(_ random: inout SeededRandom) -> [String] {
        var edits: [String] = []
        if random.next(below: 5) == 0 {
            let row = rows[random.next(below: rows.count)]
            row.backgroundColor = CGColor(red: CGFloat(random.next(below: 256)) / 255, green: 0.6, blue: 0.4, alpha: 1)
            edits.append("row colour")
        }
        if random.next(below: 8) == 0 {
            let row = rows[random.next(below: rows.count)]
            row.sublayers?.last?.frame.size.width = CGFloat(random.next(in: 10...90))
            edits.append("bar width")
        }
        if random.next(below: 8) == 0 {
            badge.position = CGPoint(x: random.next(in: 20...150), y: random.next(in: 10...110))
            edits.append("badge moved")
        }
        if random.next(below: 12) == 0 {
            header.isHidden.toggle()
            edits.append("header hidden")
        }
        return edits
    }

    /// The header pinned to the top of the visible area, the indicator at the right edge in
    /// proportion to the offset.
    private func placeFloatingLayers() {
        let bounds = scrollLayer.bounds
        header.position = CGPoint(x: bounds.minX, y: bounds.minY)
        let content = CGFloat(rowCount) * rowHeight
        let progress = max(0, min(1, bounds.minY / (content - bounds.height)))
        indicator.position = CGPoint(x: bounds.maxX - 5, y: bounds.minY + 2 + progress * (bounds.height - 24))
    }
}
