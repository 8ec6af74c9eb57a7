@testable import Raster
import KinescopeTestSupport
import XCTest

/// `ImageDrawOptions.aliasedEdges`: hard edges among anti-aliased ones, half-open so that
/// images sharing an edge tile without a seam, identical in every kernel.
final class AliasedEdgesTests: XCTestCase {
    /// A rotated map placing a `w`×`h` image centred at (cx, cy).
    private func rotated(_ w: Double, _ h: Double, degrees: Double, cx: Double, cy: Double) -> ProjectiveTransform {
        ProjectiveTransform.translation(x: -w / 2, y: -h / 2)
            .concatenating(.rotation(radians: degrees * .pi / 180))
            .concatenating(.translation(x: cx, y: cy))
    }

    func testFastKernelsMatchReferenceWithRandomAliasedEdgesAndSourceRects() throws {
        var rng = SeededRandom(seed: 0xED6E)
        for trial in 0..<200 {
            let w = Int.random(in: 1...30, using: &rng), h = Int.random(in: 1...24, using: &rng)
            let chain = MipmappedImage(TransformFixtures.randomImage(width: w, height: h, using: &rng))
            var forward = rotated(Double(w), Double(h), degrees: Double.random(in: -180...180, using: &rng),
                                  cx: Double.random(in: 10...40, using: &rng), cy: Double.random(in: 10...30, using: &rng))
            if trial % 4 == 0 {
                forward = ProjectiveTransform.scale(x: Double.random(in: 0.3...3, using: &rng), y: Double.random(in: 0.3...3, using: &rng))
                    .concatenating(.translation(x: Double.random(in: -5...20, using: &rng), y: Double.random(in: -5...20, using: &rng)))
            } else if trial % 4 == 1 {
                forward = TransformFixtures.perspectiveForward(width: Double(w), height: Double(h),
                                                               degrees: Double.random(in: -70...70, using: &rng),
                                                               eyeDistance: 80, cx: 25, cy: 20)
            }
            let x0 = Double.random(in: -1...Double(w) / 2, using: &rng), y0 = Double.random(in: -1...Double(h) / 2, using: &rng)
            let part = trial % 3 == 0 ? nil : ImageSourceRect(minX: x0, minY: y0,
                                                               maxX: x0 + Double.random(in: 0.3...Double(w), using: &rng),
                                                               maxY: y0 + Double.random(in: 0.3...Double(h), using: &rng))
            let options = ImageDrawOptions(opacity: Bool.random(using: &rng) ? 1 : 0.6,
                                           filter: ImageFilter.allCases.randomElement(using: &rng)!,
                                           aliasedEdges: ImageEdges(rawValue: UInt8.random(in: 0...15, using: &rng)),
                                           sourceRect: part)
            let background = TransformFixtures.randomImage(width: 50, height: 40, using: &rng)
            let expected = background.copy()
            expected.drawImage(chain, inverseTransform: forward.inverted()!, options: options, clip: nil, path: .reference)
            for path in [ImageKernelPath.general, .fastest] {
                let actual = background.copy()
                actual.drawImage(chain, inverseTransform: forward.inverted()!, options: options, clip: nil, path: path)
                if let difference = TransformFixtures.differences(actual, expected) {
                    return XCTFail("trial \(trial) \(path) \(options): \(difference)")
                }
            }
        }
    }

    func testSourceRectDrawsOnlyThatPartWhereTheMapPutsIt() throws {
        let image = MipmappedImage(Bitmap(size: try PixelSize(width: 20, height: 20), filledWith: .white))
        let target = Bitmap(width: 40, height: 40)
        // Scale 2, then move by (1, 1): source pixels 3..<8 × 5..<6 land on 7..<17 × 11..<13.
        let forward = ProjectiveTransform.scale(x: 2, y: 2).concatenating(.translation(x: 1, y: 1))
        target.drawImage(image, inverseTransform: forward.inverted()!,
                         options: ImageDrawOptions(sourceRect: ImageSourceRect(minX: 3, minY: 5, maxX: 8, maxY: 6)))
        for y in 0..<40 {
            for x in 0..<40 {
                let inside = (7..<17).contains(x) && (11..<13).contains(y)
                XCTAssertEqual(target[x: x, y: y], inside ? .white : .clear, "(\(x), \(y))")
            }
        }
    }

    /// Counts pixels by alpha: fully covered, partly covered.
    private func partialPixels(_ bitmap: Bitmap, where include: (Int, Int) -> Bool = { _, _ in true }) -> Int {
        var partial = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where include(x, y) {
                let a = bitmap[x: x, y: y].alpha
                if a != 0 && a != 255 { partial += 1 }
            }
        }
        return partial
    }

    func testAliasedEdgeOfRotatedImageHasNoPartlyCoveredPixels() throws {
        let white = MipmappedImage(Bitmap(size: try PixelSize(width: 30, height: 30), filledWith: .white))
        // Turned 30° about (40, 40): the image's minX edge faces the lower left.
        let map = rotated(30, 30, degrees: 30, cx: 40.3, cy: 40.2).inverted()!
        let soft = Bitmap(width: 80, height: 80), hard = Bitmap(width: 80, height: 80)
        soft.drawImage(white, inverseTransform: map)
        hard.drawImage(white, inverseTransform: map, options: ImageDrawOptions(aliasedEdges: .all))
        XCTAssertGreaterThan(partialPixels(soft), 60, "anti-aliased edges ramp")
        XCTAssertLessThanOrEqual(partialPixels(hard), 1, "hard edges only cover whole pixels (bar centres within 1/4096 px)")

        // Only the minX edge hard: partly covered pixels remain along the three others only.
        let one = Bitmap(width: 80, height: 80)
        one.drawImage(white, inverseTransform: map, options: ImageDrawOptions(aliasedEdges: .minX))
        func source(_ x: Int, _ y: Int) -> (x: Double, y: Double) { map.apply(x: Double(x) + 0.5, y: Double(y) + 0.5)! }
        XCTAssertEqual(partialPixels(one) { x, y in let p = source(x, y); return p.x < 2 && p.y > 2 && p.y < 28 }, 0,
                       "the minX edge is hard")
        XCTAssertGreaterThan(partialPixels(one) { x, y in let p = source(x, y); return p.x > 28 && p.y > 2 && p.y < 28 }, 15,
                             "the maxX edge still ramps")
    }

    func testTwoImagesSharingAHardEdgeTileWithoutSeam() throws {
        // A translucent colour, so a doubled or missing seam pixel would show.
        let colour = PremultipliedColor(red: 60, green: 20, blue: 100, alpha: 128)
        let half = MipmappedImage(Bitmap(size: try PixelSize(width: 15, height: 30), filledWith: colour))
        let whole = MipmappedImage(Bitmap(size: try PixelSize(width: 30, height: 30), filledWith: colour))
        for degrees in [0.0, 17, 45, 90, 200] {
            let forward = rotated(30, 30, degrees: degrees, cx: 40.5, cy: 40.5)
            let expected = Bitmap(width: 80, height: 80)
            expected.drawImage(whole, inverseTransform: forward.inverted()!)
            let actual = Bitmap(width: 80, height: 80)
            actual.drawImage(half, inverseTransform: forward.inverted()!, options: ImageDrawOptions(aliasedEdges: .maxX))
            let right = ProjectiveTransform.translation(x: 15, y: 0).concatenating(forward)
            actual.drawImage(half, inverseTransform: right.inverted()!, options: ImageDrawOptions(aliasedEdges: .minX))
            var differing = 0
            for y in 0..<80 {
                for x in 0..<80 {
                    let a = actual[x: x, y: y], e = expected[x: x, y: y]
                    if max(abs(Int(a.alpha) - Int(e.alpha)), abs(Int(a.blue) - Int(e.blue))) > 1 { differing += 1 }
                }
            }
            XCTAssertEqual(differing, 0, "\(degrees)°: the halves tile like the whole image")
        }
    }
}
