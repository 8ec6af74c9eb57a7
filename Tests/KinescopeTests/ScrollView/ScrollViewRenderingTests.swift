import Kinescope
import KinescopeTestSupport
import XCTest

/// What a scroll step costs the compositor: the content's drawings and render nodes are reused,
/// only the scroll view's area is re-composited, and the result is the full redraw's bytes.
final class ScrollViewRenderingTests: XCTestCase {
    func testScrollStepReusesContentNodesAndMatchesAFullRedraw() throws {
        try onMain {
            let scene = try makeScrollScene(contentSize: CGSize(width: 120, height: 600), windowSize: CGSize(width: 200, height: 150),
                                            scrollFrame: CGRect(x: 20, y: 20, width: 120, height: 100))
            let drawn = (0..<3).map { index in
                let view = DrawCountingView(frame: CGRect(x: 0, y: CGFloat(index) * 60, width: 120, height: 60))
                view.backgroundColor = UIColor(white: 0.9, alpha: 1)
                scene.scrollView.addSubview(view)
                return view
            }
            scene.frame()
            let nodes = drawn.map { $0.layer.makeRenderNode() }
            XCTAssertEqual(drawn.map(\.draws), [1, 1, 1])
            for step in 1...3 {
                scene.host.scroll(at: CGPoint(x: 60, y: 60), dy: 1)
                XCTAssertEqual(scene.scrollView.contentOffset.y, CGFloat(step) * 40)
                XCTAssertEqual(drawn.map(\.draws), [1, 1, 1], "the content is not drawn again")
                for (view, node) in zip(drawn, nodes) {
                    XCTAssertTrue(view.layer.makeRenderNode() === node, "the content's render nodes are reused")
                }
                let area = PixelRect(x: 18, y: 18, width: 124, height: 104)
                XCTAssertFalse(scene.host.lastDamage.isEmpty)
                for rect in scene.host.lastDamage {
                    XCTAssertEqual(rect.intersection(area), rect, "only the scroll view's area is composited")
                }
                let shown = try XCTUnwrap(scene.host.lastFrame).copy()
                let full = Bitmap(width: 200, height: 150)
                Compositor(threadCount: 1).render(scene.window.layer.makeRenderNode(), into: full, background: .black)
                assertBitmap(shown, matches: full, name: "scroll-step-\(step)")
            }
        }
    }

    func testIndicatorShowsWhileScrollingAndFadesOut() throws {
        try onMain {
            let scene = try makeScrollScene()
            XCTAssertEqual(Self.indicatorPixels(scene), 0, "hidden at rest")
            scene.host.scroll(at: CGPoint(x: 100, y: 75), dy: 5)
            XCTAssertGreaterThan(Self.indicatorPixels(scene), 20, "a bar at the right edge")
            scene.host.advance(by: 0.4)
            XCTAssertGreaterThan(Self.indicatorPixels(scene), 20, "still shown")
            scene.host.advance(by: 0.5)
            XCTAssertEqual(Self.indicatorPixels(scene), 0, "faded out")
            scene.scrollView.flashScrollIndicators()
            scene.frame()
            XCTAssertGreaterThan(Self.indicatorPixels(scene), 20, "flashed")
            scene.scrollView.showsVerticalScrollIndicator = false
            scene.frame()
            XCTAssertEqual(Self.indicatorPixels(scene), 0)
        }
    }

    /// Pixels of the right-hand strip where the vertical indicator is drawn that differ from the
    /// content's colours there (the stripes stop 6 points short of the right edge: see below).
    @MainActor
    private static func indicatorPixels(_ scene: ScrollScene) -> Int {
        let image = scene.host.snapshot().cgImage!.bitmap
        var count = 0
        for y in 0..<150 {
            for x in 194..<197 {
                let pixel = image[x: x, y: y]
                if pixel != PremultipliedColor(red: 255, green: 255, blue: 255, alpha: 255) { count += 1 }
            }
        }
        return count
    }
}
