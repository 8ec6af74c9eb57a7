import KinescopeTestSupport
import Raster
import XCTest
@testable import Transitions

/// The page curl's fast path against its per-pixel reference, and the curl's geometry.
final class PageCurlRendererTests: XCTestCase {
    typealias F = TransitionFixtures

    /// Random styles (directions of every kind, tiny to huge radii, pages smaller than the
    /// frame, shadows on and off, both backsides and shadings) at random progress: the fast path
    /// must give exactly the reference's bytes, banded or not.
    func testFastPathMatchesReferenceOnRandomGeometry() throws {
        var random = SeededRandom(seed: 41)
        let from = random.bitmap(width: 61, height: 47), to = random.bitmap(width: 61, height: 47)
        let backsideImage = random.bitmap(width: 13, height: 9), shadingImage = random.bitmap(width: 32, height: 32)
        let directions: [(Double, Double)] = [(0, -1), (1, 0), (-1, 0), (0, 1), (-0.26, -0.97), (0.7, 0.7), (-3, 1), (1e-9, 1)]
        for trial in 0..<120 {
            let direction = trial < directions.count ? directions[trial]
                : (Double(random.next(in: -100...100)) / 50, Double(random.next(in: -100...100)) / 50 + 0.01)
            let radius = [0.01, 0.7, 3, 9, 25, 400][random.next(below: 6)]
            let page: PixelRect? = random.next(below: 3) == 0
                ? PixelRect(x: random.next(in: -5...20), y: random.next(in: -5...20),
                            width: random.next(in: 0...60), height: random.next(in: 0...50)) : nil
            let shadowArea: PixelRect? = random.next(below: 4) == 0 ? PixelRect(x: 10, y: 5, width: 30, height: 30) : nil
            let style = PageCurlStyle(
                direction: direction, radius: radius, page: page,
                backside: random.next(below: 2) == 0 ? .translucent(whiteness: UInt8(random.next(below: 256)))
                    : .image(backsideImage),
                shading: random.next(below: 2) == 0 ? .procedural : .image(shadingImage),
                shadowWidth: [0, 0.5, 4, 12][random.next(below: 4)],
                shadowAmount: Double(random.next(in: 0...10)) / 10, shadowArea: shadowArea)
            let progress = Double(random.next(in: 0...1000)) / 1000
            let renderer = PageCurlRenderer(style: style)
            let reference = Bitmap(size: from.size), fast = Bitmap(size: from.size)
            renderer.render(from: from, to: to, progress: progress, into: reference, clip: reference.bounds,
                            kernels: .reference)
            for band in stride(from: 0, to: from.height, by: 16) {
                let clip = PixelRect(x: 0, y: band, width: from.width, height: min(16, from.height - band))
                renderer.render(from: from, to: to, progress: progress, into: fast, clip: clip, kernels: .fast)
            }
            assertBitmap(fast, matches: reference, name: "curl-fast-vs-reference-\(trial)")
        }
    }

    /// The same comparison at 16:9 for the styles the transitions use.
    func testFastPathMatchesReferenceForTheSystemCurls() throws {
        var random = SeededRandom(seed: 7)
        let from = random.bitmap(width: 120, height: 68), to = random.bitmap(width: 120, height: 68)
        for edge in [ScreenEdge.bottom, .top, .left, .right] {
            let renderer = PageCurlRenderer(style: SystemPageCurl(edge: edge, reversed: false).style(for: from.size))
            for progress in stride(from: 0.0, through: 1.0, by: 0.1) {
                assertFastMatchesReference(renderer, from, to, progress, name: "system-curl-\(edge)-\(progress)")
            }
        }
    }

    /// Larger frames, finer progress and the Core Image curls with and without shadow: runs that
    /// only appear at this scale (far page copied beside the folded part, cylinder chunks wholly
    /// on its lower half) meet the reference too.
    func testFastPathMatchesReferenceOnLargerFrames() throws {
        var random = SeededRandom(seed: 19)
        let from = random.bitmap(width: 160, height: 90), to = random.bitmap(width: 160, height: 90)
        var styles = [ScreenEdge.bottom, .left].map { SystemPageCurl(edge: $0, reversed: false).style(for: from.size) }
        for (angle, shadow) in [(0.3, 0.0), (2.0, 0.5), (-2.6, 1.0)] {
            styles.append(PageCurlStyle(direction: CoreImagePageCurl.direction(angle: angle), radius: 17, page: nil,
                                        backside: .translucent(whiteness: 191), shading: .procedural,
                                        shadowWidth: shadow * 34, shadowAmount: 0.7, shadowArea: nil))
        }
        for (index, style) in styles.enumerated() {
            let renderer = PageCurlRenderer(style: style)
            for progress in stride(from: 0.25, through: 0.75, by: 0.1) {
                assertFastMatchesReference(renderer, from, to, progress, name: "curl-large-\(index)-\(progress)")
            }
        }
    }

    /// Frames wide enough that the folded interior and the cylinder run past one block of the
    /// two-pass runs (`CurlPlans.block` pixels), with a flat shade from a shading image too:
    /// plans kept block by block meet the reference.
    func testTwoPassRunsLongerThanABlockMatchTheReference() throws {
        var random = SeededRandom(seed: 23)
        let width = 3 * CurlPlans.block + 37
        let from = random.bitmap(width: width, height: 40), to = random.bitmap(width: width, height: 40)
        // Rows along the cylinder: a 130 px radius spans ≈ 500 px of a row.
        let alongCylinder = SystemPageCurl(edge: .bottom, reversed: false).style(for: PixelSize(uncheckedWidth: width, height: 1080))
        // Rows across a narrow curl, nearly square to the fold: the folded part's interior spans
        // ≈ 400 px of a row at 0.6.
        var across = SystemPageCurl(edge: .left, reversed: false).style(for: from.size)
        across.direction = (1, 0.02)
        across.radius = 20
        var shaded = across
        shaded.shading = .image(random.bitmap(width: 32, height: 32))
        for (index, style) in [alongCylinder, across, shaded].enumerated() {
            let renderer = PageCurlRenderer(style: style)
            for progress in [0.45, 0.6] {
                assertFastMatchesReference(renderer, from, to, progress, name: "curl-blocks-\(index)-\(progress)")
            }
        }
    }

    /// One frame through the fast path (whole) against the reference.
    private func assertFastMatchesReference(_ renderer: PageCurlRenderer, _ from: Bitmap, _ to: Bitmap, _ progress: Double,
                                            name: String) {
        let reference = Bitmap(size: from.size), fast = Bitmap(size: from.size)
        renderer.render(from: from, to: to, progress: progress, into: reference, clip: reference.bounds, kernels: .reference)
        renderer.render(from: from, to: to, progress: progress, into: fast, clip: fast.bounds, kernels: .fast)
        assertBitmap(fast, matches: reference, name: name)
    }

    /// `Lanes.tapsInside` gives `Lanes.taps`'s bytes over the range the curl uses it on (x − 0.5 up
    /// to width − 1 − 1/512, wider than its documented precondition), and `Lanes.squareRoot` the
    /// scalar square roots.
    func testInsideSamplingAndSquareRootMatchTheGeneralOnes() throws {
        var random = SeededRandom(seed: 23)
        let image = PixelSource(random.bitmap(width: 29, height: 17))
        for _ in 0..<20_000 {
            var x = Lanes.Floats(), y = Lanes.Floats()
            for lane in 0..<8 {
                // x − 0.5 in 0 ..< width − 1 − 1/512, including values just inside both ends.
                let edge = random.next(below: 4)
                let fx = edge == 0 ? Double(random.next(below: 64)) / 65536
                    : edge == 1 ? 27.998 - Double(random.next(below: 64)) / 65536 : Double(random.next(below: 1 << 20)) / 37450.3
                x[lane] = Float(0.5 + min(fx, 27.998))
                y[lane] = Float(0.5 + Double(random.next(below: 1 << 20)) / (Double(1 << 20) / 15.998))
            }
            XCTAssertEqual(Lanes.sample(image, Lanes.tapsInside(image, x: x, y: y)), Lanes.bilinear(image, x: x, y: y), "at \(x), \(y)")
            let values = Lanes.Floats((0..<8).map { _ in Float(bitPattern: UInt32(truncatingIfNeeded: random.next()) & 0x7F7F_FFFF) })
            let roots = Lanes.squareRoot(values)
            for lane in 0..<8 {
                XCTAssertEqual(roots[lane].bitPattern, values[lane].squareRoot().bitPattern, "sqrt \(values[lane])")
            }
        }
    }
}
