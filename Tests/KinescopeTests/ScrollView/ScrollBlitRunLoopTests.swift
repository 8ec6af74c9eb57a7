import Kinescope
import KinescopeTestSupport
import XCTest

/// The run loop scrolls by moving the pixels already in the back buffer: wheel steps (whole
/// points) take that path, a flick's fractional offsets the ordinary one, and either way the
/// host holds exactly a whole re-composite of the same tree.
final class ScrollBlitRunLoopTests: XCTestCase {
    func testWheelStepsMovePixelsAndAFlickMatchesAWholeRenderEveryFrame() throws {
        try onMain { try Self.checkWheelAndFlick() }
    }

    @MainActor private static func checkWheelAndFlick() throws {
        let scene = try makeScrollScene(contentSize: CGSize(width: 120, height: 2000),
                                        windowSize: CGSize(width: 200, height: 150),
                                        scrollFrame: CGRect(x: 20, y: 20, width: 120, height: 100))
        scene.frame()
        let loop = scene.host.runLoop
        @MainActor func assertShownIsAWholeRender(_ what: String) throws {
            let shown = try XCTUnwrap(scene.host.lastFrame)
            let whole = Bitmap(width: 200, height: 150)
            Compositor(threadCount: 1).render(scene.window.layer.makeRenderNode(), into: whole, background: loop.background)
            if let (x, y) = firstPixelDifference(shown, whole) {
                XCTFail("\(what): pixel (\(x), \(y)) shows \(shown[x: x, y: y]), a whole render \(whole[x: x, y: y]); "
                        + "last damage \(scene.host.lastDamage)")
            }
        }
        for step in 1...5 {
            let moved = loop.statistics.scrolledFrames
            scene.host.scroll(at: CGPoint(x: 60, y: 60), dy: 1)
            XCTAssertEqual(loop.statistics.scrolledFrames, moved + 1, "wheel step \(step) moves the pixels")
            try assertShownIsAWholeRender("wheel step \(step)")
        }
        let before = scene.scrollView.contentOffset.y
        scene.host.drag(from: CGPoint(x: 60, y: 110), to: CGPoint(x: 60, y: 30), duration: 0.05)
        for frame in 0..<90 {
            scene.host.advance(by: 1.0 / 60)
            try assertShownIsAWholeRender("flick frame \(frame)")
        }
        XCTAssertGreaterThan(scene.scrollView.contentOffset.y, before + 100, "the flick went on after the release")
    }
}

private func firstPixelDifference(_ a: Bitmap, _ b: Bitmap) -> (Int, Int)? {
    for y in 0..<a.height {
        let ra = a.row(y), rb = b.row(y)
        for x in 0..<a.width where ra[x] != rb[x] { return (x, y) }
    }
    return nil
}
