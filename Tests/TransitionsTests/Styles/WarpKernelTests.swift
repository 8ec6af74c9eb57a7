import KinescopeTestSupport
import Raster
import XCTest
@testable import Transitions

/// The fast paths of the ripple, the suck and the camera iris against their per-pixel
/// references, and the lane arithmetic against plain integer formulas.
final class WarpKernelTests: XCTestCase {
    /// Random images with transparent and translucent runs, at sizes that leave partial vectors.
    private func images(seed: UInt64, width: Int = 53, height: Int = 37) -> (Bitmap, Bitmap) {
        var random = SeededRandom(seed: seed)
        return (random.bitmap(width: width, height: height), random.bitmap(width: width, height: height))
    }

    private func compare(_ name: String, size: PixelSize, draw: (Bitmap, PixelRect, KernelPath) -> Void) {
        let reference = Bitmap(size: size), fast = Bitmap(size: size)
        draw(reference, reference.bounds, .reference)
        for band in stride(from: 0, to: size.height, by: 7) {
            draw(fast, PixelRect(x: 0, y: band, width: size.width, height: min(7, size.height - band)), .fast)
        }
        assertBitmap(fast, matches: reference, name: name)
    }

    func testRippleFastPathMatchesReference() throws {
        for (seed, width, height) in [(3, 53, 37), (6, 131, 97)] {
            let (from, to) = images(seed: UInt64(seed), width: width, height: height)
            let table = Bitmap(width: Ripple.scratchCount(width: width, height: height), height: 1)
            for progress in stride(from: 0.0, through: 1.0, by: 0.0625) {
                compare("ripple-\(width)-\(progress)", size: from.size) { out, clip, kernels in
                    Ripple(progress: progress, from: from, to: to, scratch: table.baseAddress)
                        .render(into: out, clip: clip, kernels: kernels)
                }
            }
        }
    }

    /// Drawn in one clip, the fast path takes rows in mirrored pairs (one entries pass and table
    /// read for both); clips that hold a row but not its mirror take rows alone. Both against the
    /// reference, at even and odd heights.
    func testRippleRowsInMirroredPairsMatchTheReference() throws {
        for (seed, width, height) in [(7, 61, 40), (8, 131, 97)] {
            let (from, to) = images(seed: UInt64(seed), width: width, height: height)
            let table = Bitmap(width: Ripple.scratchCount(width: width, height: height), height: 1)
            for progress in [0.2, 0.45, 0.55, 0.8] {
                let ripple = Ripple(progress: progress, from: from, to: to, scratch: table.baseAddress)
                XCTAssertEqual(ripple.mirror(3), height - 4)
                let reference = Bitmap(size: from.size)
                ripple.render(into: reference, clip: reference.bounds, kernels: .reference)
                let whole = Bitmap(size: from.size), cut = Bitmap(size: from.size)
                ripple.render(into: whole, clip: whole.bounds, kernels: .fast)
                for rows in [0..<height / 3, height / 3..<height] {
                    ripple.render(into: cut, clip: PixelRect(x: 0, y: rows.lowerBound, width: width, height: rows.count),
                                  kernels: .fast)
                }
                assertBitmap(whole, matches: reference, name: "ripple-pairs-\(width)-\(progress)")
                assertBitmap(cut, matches: reference, name: "ripple-pairs-cut-\(width)-\(progress)")
            }
        }
    }

    /// The ripple's table (distances rounded to 3/8192 of a wavelength) against its formula at
    /// the exact distance: displacement within 0.07 px, weights and light within one level.
    func testRippleTableFollowsItsFormula() throws {
        var random = SeededRandom(seed: 21)
        let (width, height) = (197, 131)
        let (from, to) = images(seed: 22, width: width, height: height)
        let table = Bitmap(width: Ripple.scratchCount(width: width, height: height), height: 1)
        for progress in [0.2, 0.45, 0.7] {
            let ripple = Ripple(progress: progress, from: from, to: to, scratch: table.baseAddress)
            for _ in 0..<400 {
                let x = Float(random.nextByte() % 197) + 0.5 - ripple.cx, y = Float(random.nextByte() % 131) + 0.5 - ripple.cy
                let r = (x * x + y * y).squareRoot()
                let exact = Ripple.effect(distance: Lanes.Floats(repeating: r), front: ripple.front, wavelength: ripple.wavelength,
                                          train: ripple.train, blend: ripple.blend, amplitude: ripple.amplitude, light: ripple.light)
                let index = Int((min(max((r - (ripple.front - ripple.train)) * ripple.steps, 0), Float(Ripple.entries - 1))).rounded())
                let push = Float(bitPattern: table.baseAddress[index]), packed = table.baseAddress[Ripple.entries + index]
                XCTAssertEqual(push * r, exact.push[0] * r, accuracy: 0.07, "r \(r)")
                func signedLight(_ p: UInt32) -> Int { (p >> 16 & 1 == 1 ? 1 : -1) * Int(p >> 8 & 0xFF) }
                XCTAssertLessThanOrEqual(abs(Int(packed & 0xFF) - Int(exact.packed[0] & 0xFF)), 1, "r \(r)")
                XCTAssertLessThanOrEqual(abs(signedLight(packed) - signedLight(exact.packed[0])), 1, "r \(r)")
            }
        }
    }

    /// `Lanes.tapsInside` gives `Lanes.taps`' taps for positions inside the margin.
    func testTapsInsideMatchTaps() throws {
        var random = SeededRandom(seed: 23)
        let image = random.bitmap(width: 41, height: 29)
        let source = PixelSource(image)
        for _ in 0..<2000 {
            var x = Lanes.Floats(), y = Lanes.Floats()
            for i in 0..<8 {
                x[i] = 0.5 + Float(random.nextByte()) / 255 * 39
                y[i] = 0.5 + Float(random.nextByte()) / 255 * 27
            }
            let inside = Lanes.tapsInside(source, x: x, y: y), general = Lanes.taps(source, x: x, y: y)
            XCTAssertEqual(inside.offset, general.offset)
            XCTAssertEqual(inside.wx, general.wx)
            XCTAssertEqual(inside.wy, general.wy)
        }
    }

    func testSuckFastPathMatchesReference() throws {
        let (from, to) = images(seed: 4)
        let table = Bitmap(width: from.height + 1, height: 1)
        for progress in stride(from: 0.0, through: 1.0, by: 0.0625) {
            compare("suck-\(progress)", size: from.size) { out, clip, kernels in
                Suck(progress: progress, from: from, to: to, table: table.baseAddress)
                    .render(into: out, clip: clip, kernels: kernels)
            }
        }
    }

    func testCameraIrisFastPathMatchesReference() throws {
        let (from, to) = images(seed: 5, width: 71, height: 44)
        for aperture in stride(from: 0.0, through: 1.0, by: 0.05) {
            compare("iris-\(aperture)", size: from.size) { out, clip, kernels in
                CameraIris.render(aperture: aperture, inside: from, blades: to, into: out, clip: clip, kernels: kernels)
            }
        }
    }

    /// `Lanes.mix`, `scale`, `darken`, `wash` and `sourceOver` against the scalar formulas with
    /// exact `/255` rounding, on random premultiplied pixels and weights.
    func testLaneArithmeticMatchesScalarFormulas() throws {
        var random = SeededRandom(seed: 9)
        func channel(_ p: UInt32, _ shift: UInt32) -> UInt32 { p >> shift & 0xFF }
        for _ in 0..<2000 {
            var a = Lanes.Pixels(), b = Lanes.Pixels(), w = Lanes.Pixels()
            for i in 0..<8 {
                a[i] = random.premultipliedColor().packed
                b[i] = random.premultipliedColor().packed
                w[i] = UInt32(random.nextByte())
            }
            let mixed = Lanes.mix(a, b, weight: w), scaled = Lanes.scale(a, by: w)
            let darkened = Lanes.darken(a, keep: w), over = Lanes.sourceOver(a, b)
            let washed = Lanes.wash(a, toward: w[0])
            for i in 0..<8 {
                for shift: UInt32 in [0, 8, 16, 24] {
                    let x = channel(a[i], shift), y = channel(b[i], shift), k = w[i], alpha = a[i] >> 24
                    XCTAssertEqual(channel(mixed[i], shift), divideBy255(x * (255 - k) + y * k))
                    XCTAssertEqual(channel(scaled[i], shift), divideBy255(x * k))
                    XCTAssertEqual(channel(darkened[i], shift), shift == 24 ? divideBy255(x * k) + 255 - k : divideBy255(x * k))
                    XCTAssertEqual(channel(over[i], shift), x + divideBy255(y * (255 - alpha)))
                    XCTAssertEqual(channel(washed[i], shift),
                                   shift == 24 ? x : divideBy255(x * (255 - w[0]) + alpha * w[0]))
                }
            }
        }
    }

    /// Bilinear sampling at pixel centres returns the pixels; half-way between two it returns
    /// their truncated average; positions beyond the edges clamp to the edge pixels.
    func testBilinearSamplesPixelCentresExactlyAndClampsAtEdges() throws {
        var random = SeededRandom(seed: 12)
        let image = random.bitmap(width: 9, height: 5)
        let source = PixelSource(image)
        for y in 0..<5 {
            var x = Lanes.Floats(), row = Lanes.Floats()
            for i in 0..<8 { x[i] = Float(i) + 0.5; row[i] = Float(y) + 0.5 }
            let sample = Lanes.bilinear(source, x: x, y: row)
            for i in 0..<8 { XCTAssertEqual(sample[i], image[x: i, y: y].packed) }
        }
        let beyond = Lanes.bilinear(source, x: Lanes.Floats(repeating: 400), y: Lanes.Floats(repeating: -7))
        XCTAssertEqual(beyond[0], image[x: 8, y: 0].packed)
        let between = Lanes.bilinear(source, x: Lanes.Floats(repeating: 1), y: Lanes.Floats(repeating: 0.5))
        let left = image[x: 0, y: 0].packed, right = image[x: 1, y: 0].packed
        for shift: UInt32 in [0, 8, 16, 24] {
            XCTAssertEqual(between[0] >> shift & 0xFF, ((left >> shift & 0xFF) * 128 + (right >> shift & 0xFF) * 128) >> 8)
        }
    }
}
