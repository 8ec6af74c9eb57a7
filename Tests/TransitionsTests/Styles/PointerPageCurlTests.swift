import KinescopeTestSupport
import Raster
import XCTest
@testable import Transitions

/// The pointer-placed page curl (`UIPageViewController`'s drag): its fast path against the
/// reference, and its geometry.
final class PointerPageCurlTests: XCTestCase {
    /// Random corners and targets (every corner of the page, drags in every direction, short
    /// and long, on the whole frame and on a half page): fast and reference give the same bytes.
    func testFastPathMatchesReferenceForPointerGeometry() throws {
        var random = SeededRandom(seed: 77)
        let from = random.bitmap(width: 64, height: 48), to = random.bitmap(width: 64, height: 48)
        for trial in 0..<80 {
            let page = trial % 3 == 0 ? PixelRect(x: 32, y: 0, width: 32, height: 48) : PixelRect(x: 0, y: 0, width: 64, height: 48)
            let corner = (x: Double(random.next(below: 2) == 0 ? page.minX : page.maxX),
                          y: Double(random.next(below: 2) == 0 ? page.minY : page.maxY))
            let target = (x: corner.x + Double(random.next(in: -140...140)), y: corner.y + Double(random.next(in: -60...60)))
            let curl = PointerPageCurl(page: page, radius: [2, 6, 12][random.next(below: 3)])
            let reference = Bitmap(size: from.size), fast = Bitmap(size: from.size)
            let scratch = TransitionScratch()
            curl.render(from: from, to: to, corner: corner, target: target, into: reference, clip: reference.bounds,
                        kernels: .reference, scratch: scratch)
            curl.render(from: from, to: to, corner: corner, target: target, into: fast, clip: fast.bounds,
                        kernels: .fast, scratch: scratch)
            assertBitmap(fast, matches: reference, name: "pointer-curl-fast-vs-reference-\(trial)")
        }
    }

    /// No travel is exactly the flat page; the corner carried far past the spine is exactly
    /// the page beneath.
    func testNoTravelIsFromAndAFullTurnIsTo() throws {
        var random = SeededRandom(seed: 5)
        let from = random.bitmap(width: 40, height: 30), to = random.bitmap(width: 40, height: 30)
        let curl = PointerPageCurl(page: PixelRect(x: 0, y: 0, width: 40, height: 30), radius: 5)
        let out = Bitmap(size: from.size)
        curl.render(from: from, to: to, corner: (40, 30), target: (40, 30), into: out, clip: out.bounds, scratch: TransitionScratch())
        assertBitmap(out, matches: from, name: "pointer-curl-rest")
        curl.render(from: from, to: to, corner: (40, 30), target: (40 - 2 * 40 - 40, 30), into: out, clip: out.bounds,
                    scratch: TransitionScratch())
        assertBitmap(out, matches: to, name: "pointer-curl-turned")
    }

    /// The folded corner lands on the target: with the corner carried 20 px left, the pixel
    /// just inside the target shows the back of the page (not the flat page nor `to`), and the
    /// pixels beyond the fold's reach are untouched `from`.
    func testTheCornerFollowsTheTarget() throws {
        let from = Bitmap(size: try PixelSize(width: 40, height: 30), filledWith: PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))
        let to = Bitmap(size: try PixelSize(width: 40, height: 30), filledWith: PremultipliedColor(red: 0, green: 255, blue: 0, alpha: 255))
        let curl = PointerPageCurl(page: PixelRect(x: 0, y: 0, width: 40, height: 30), radius: 4)
        let out = Bitmap(size: from.size)
        curl.render(from: from, to: to, corner: (40, 30), target: (20, 30), into: out, clip: out.bounds, scratch: TransitionScratch())
        let folded = out.row(29)[21], far = out.row(10)[2], uncovered = out.row(29)[39]
        XCTAssertNotEqual(folded, from.row(29)[21], "the folded-over back reaches the target")
        XCTAssertEqual(far, from.row(10)[2], "far from the fold the page lies flat")
        XCTAssertGreaterThan(uncovered >> 8 & 0xFF, uncovered & 0xFF, "green (to), possibly shadowed, not blue (from)")
    }
}
