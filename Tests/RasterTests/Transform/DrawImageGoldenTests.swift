@testable import Raster
import KinescopeTestSupport
import XCTest

/// What the image kernel draws, checked against images built by hand.
final class DrawImageGoldenTests: XCTestCase {
    private let paths: [ImageKernelPath] = [.reference, .general, .fastest]

    func testIdentityMapReproducesSourceExactlyForEveryFilterAndPath() {
        var rng = SeededRandom(seed: 1)
        let source = TransformFixtures.randomImage(width: 23, height: 17, using: &rng)
        for filter in ImageFilter.allCases {
            for path in paths {
                let frame = Bitmap(width: 23, height: 17)
                frame.drawImage(MipmappedImage(source), inverseTransform: .identity,
                                options: ImageDrawOptions(filter: filter), clip: nil, path: path)
                XCTAssertNil(TransformFixtures.differences(frame, source), "\(filter) \(path)")
            }
        }
    }

    func testIdentityMapCompositesSourceOverOpaqueBackground() {
        var rng = SeededRandom(seed: 2)
        let source = TransformFixtures.randomImage(width: 9, height: 7, using: &rng)
        let frame = Bitmap(size: source.size, filledWith: PremultipliedColor(packed: 0xFF20_4060))
        frame.drawImage(source, inverseTransform: .identity)
        for y in 0..<7 {
            for x in 0..<9 {
                let s = source[x: x, y: y]
                let ia = 255 - UInt32(s.alpha)
                func over(_ c: UInt8, _ d: UInt32) -> UInt8 { UInt8(UInt32(c) + divideBy255(d * ia)) }
                let expected = PremultipliedColor(packed: UInt32(over(s.alpha, 255)) << 24 | UInt32(over(s.red, 0x20)) << 16
                                                  | UInt32(over(s.green, 0x40)) << 8 | UInt32(over(s.blue, 0x60)))
                XCTAssertEqual(frame[x: x, y: y], expected, "pixel (\(x), \(y))")
            }
        }
    }

    func testQuarterTurnMatchesHandRotatedCopy() {
        var rng = SeededRandom(seed: 3)
        let w = 6, h = 4
        let source = TransformFixtures.randomImage(width: w, height: h, using: &rng)
        // Turned 90° clockwise on screen (y down): source (x, y) lands at (h − y, x); the frame is h×w.
        let forward = ProjectiveTransform.rotation(radians: .pi / 2).concatenating(.translation(x: Double(h), y: 0))
        let expected = Bitmap(width: h, height: w)
        for j in 0..<w {
            for i in 0..<h { expected[x: i, y: j] = source[x: j, y: h - 1 - i] }
        }
        for filter in [ImageFilter.nearest, .bilinear] {
            for path in paths {
                let frame = Bitmap(width: h, height: w)
                frame.drawImage(MipmappedImage(source), inverseTransform: forward.inverted()!,
                                options: ImageDrawOptions(filter: filter), clip: nil, path: path)
                XCTAssertNil(TransformFixtures.differences(frame, expected), "\(filter) \(path)")
            }
        }
    }

    func testThirtyDegreeEdgeIsAntialiasedWithoutStaircase() {
        let white = Bitmap(size: try! PixelSize(width: 40, height: 40), filledWith: .white)
        let forward = ProjectiveTransform.translation(x: -20, y: -20)
            .concatenating(.rotation(radians: .pi / 6)).concatenating(.translation(x: 32, y: 32))
        for antialiased in [true, false] {
            let frame = Bitmap(width: 64, height: 64)
            frame.drawImage(white, inverseTransform: forward.inverted()!,
                            options: ImageDrawOptions(edgeAntialiasing: antialiased))
            var partial = 0
            for y in 0..<64 {
                for x in 0..<64 where frame[x: x, y: y].alpha != 0 && frame[x: x, y: y].alpha != 255 { partial += 1 }
            }
            if antialiased {
                // Perimeter ≈ 160 px; every edge pixel whose centre is within half a pixel is partial.
                XCTAssertGreaterThan(partial, 120, "anti-aliased edges should have many partially covered pixels")
                // Across an edge along a row, alpha climbs 0 → 255 through intermediate values, monotonically.
                let y = 32
                var row = (0..<64).map { Int(frame[x: $0, y: y].alpha) }
                let first = row.firstIndex { $0 == 255 }!
                row = Array(row[0...first])
                XCTAssertEqual(row, row.sorted(), "alpha should rise monotonically into the image: \(row)")
                XCTAssertTrue(row.contains { $0 > 0 && $0 < 255 }, "no intermediate alpha on the left edge: \(row)")
            } else {
                XCTAssertEqual(partial, 0, "without anti-aliasing every pixel is in or out")
            }
        }
    }

    func testAntialiasedCoverageApproximatesArea() {
        // A half-pixel-shifted opaque square covers half of each edge pixel.
        let white = Bitmap(size: try! PixelSize(width: 4, height: 4), filledWith: .white)
        let frame = Bitmap(width: 8, height: 8)
        frame.drawImage(white, inverseTransform: ProjectiveTransform.translation(x: 2.5, y: 2).inverted()!,
                        options: ImageDrawOptions(filter: .nearest))
        XCTAssertEqual(frame[x: 2, y: 3].alpha, 128)
        XCTAssertEqual(frame[x: 3, y: 3].alpha, 255)
        XCTAssertEqual(frame[x: 6, y: 3].alpha, 128)
        XCTAssertEqual(frame[x: 7, y: 3].alpha, 0)
        XCTAssertEqual(frame[x: 4, y: 1].alpha, 0)
    }

    func testPlanePartlyBehindTheEyeIsClippedAndDrawsOnlyInFront() {
        var rng = SeededRandom(seed: 4)
        let source = TransformFixtures.randomImage(width: 64, height: 48, using: &rng)
        // Eye 20 px away, plane turned 70°: its left part (X < −21) lies behind the eye.
        let forward = TransformFixtures.perspectiveForward(width: 64, height: 48, degrees: 70, eyeDistance: 20,
                                                           cx: 40, cy: 30)
        let inverse = forward.inverted()!
        let background = Bitmap(size: try! PixelSize(width: 80, height: 60), filledWith: PremultipliedColor(packed: 0xFF11_2233))
        for path in paths {
            let frame = background.copy()
            frame.drawImage(MipmappedImage(source), inverseTransform: inverse, options: ImageDrawOptions(), clip: nil, path: path)
            var drawn = 0
            for y in 0..<60 {
                for x in 0..<80 where frame[x: x, y: y] != background[x: x, y: y] {
                    drawn += 1
                    let X = Double(x) + 0.5, Y = Double(y) + 0.5
                    let w = inverse.m20 * X + inverse.m21 * Y + inverse.m22
                    XCTAssertGreaterThan(w, 0, "\(path): pixel (\(x), \(y)) drawn although it sees the plane behind the eye")
                }
            }
            XCTAssertGreaterThan(drawn, 100, "\(path): the part in front should be drawn")
        }
    }

    func testPlaneEntirelyBehindTheEyeDrawsNothing() {
        let source = Bitmap(size: try! PixelSize(width: 10, height: 10), filledWith: .white)
        let frame = Bitmap(width: 20, height: 20)
        // w = −1 everywhere.
        frame.drawImage(source, inverseTransform: ProjectiveTransform(-1, 0, 0, 0, -1, 0, 0, 0, -1))
        frame.drawImage(source, inverseTransform: ProjectiveTransform(1, 0, 0, 0, 1, 0, 0.001, 0, -1))
        XCTAssertTrue(frame.hasSamePixels(as: Bitmap(width: 20, height: 20)))
    }

    func testNonFiniteOrSingularMatricesDrawNothing() {
        let source = Bitmap(size: try! PixelSize(width: 10, height: 10), filledWith: .white)
        let background = Bitmap(size: try! PixelSize(width: 16, height: 16), filledWith: PremultipliedColor(packed: 0xFF01_0203))
        var matrices: [ProjectiveTransform] = [ProjectiveTransform(0, 0, 5, 0, 0, 5, 0, 0, 1)]
        for index in 0..<9 {
            for bad in [Double.nan, .infinity, -.infinity] {
                var m = ProjectiveTransform.identity
                withUnsafeMutableBytes(of: &m) { $0.storeBytes(of: bad, toByteOffset: index * 8, as: Double.self) }
                matrices.append(m)
            }
        }
        for m in matrices {
            for path in paths {
                let frame = background.copy()
                frame.drawImage(MipmappedImage(source), inverseTransform: m, options: ImageDrawOptions(), clip: nil, path: path)
                XCTAssertTrue(frame.hasSamePixels(as: background), "\(m) \(path) drew something")
            }
        }
    }

    func testClipRectLimitsEveryChangedPixel() {
        var rng = SeededRandom(seed: 5)
        let source = TransformFixtures.randomImage(width: 30, height: 30, using: &rng)
        let forward = ProjectiveTransform.rotation(radians: 0.4).concatenating(.translation(x: 12, y: 3))
        let background = TransformFixtures.randomImage(width: 40, height: 40, using: &rng)
        let clip = PixelRect(x: 7, y: 9, width: 19, height: 13)
        let full = background.copy()
        full.drawImage(source, inverseTransform: forward.inverted()!)
        let clipped = background.copy()
        clipped.drawImage(source, inverseTransform: forward.inverted()!, clip: clip)
        for y in 0..<40 {
            for x in 0..<40 {
                let expected = clip.contains(x: x, y: y) ? full[x: x, y: y] : background[x: x, y: y]
                XCTAssertEqual(clipped[x: x, y: y], expected, "pixel (\(x), \(y))")
            }
        }
    }

    func testHorizontalBandsGiveTheSameBytesAsOneDraw() {
        var rng = SeededRandom(seed: 6)
        let source = TransformFixtures.randomImage(width: 120, height: 90, using: &rng)
        let chain = MipmappedImage(source)
        let maps = [
            TransformFixtures.perspectiveForward(width: 120, height: 90, degrees: 55, eyeDistance: 150, cx: 50, cy: 40, scale: 0.7),
            ProjectiveTransform.scale(x: 0.3, y: 0.45).concatenating(.rotation(radians: 0.5)).concatenating(.translation(x: 30, y: 10)),
            ProjectiveTransform.scale(x: 0.8, y: 0.6).concatenating(.translation(x: 3.3, y: 7.7)),
        ]
        let background = TransformFixtures.randomImage(width: 100, height: 80, using: &rng)
        for forward in maps {
            let whole = background.copy()
            whole.drawImage(chain, inverseTransform: forward.inverted()!)
            let banded = background.copy()
            var y = 0
            for height in [1, 7, 13, 2, 30, 5, 22] {
                banded.drawImage(chain, inverseTransform: forward.inverted()!, clip: PixelRect(x: 0, y: y, width: 100, height: height))
                y += height
            }
            XCTAssertEqual(y, 80)
            XCTAssertNil(TransformFixtures.differences(banded, whole), "\(forward)")
            XCTAssertFalse(whole.hasSamePixels(as: background))
        }
    }

    func testNearestFilterEnlargesIntoBlocks() {
        var rng = SeededRandom(seed: 7)
        let source = TransformFixtures.randomImage(width: 3, height: 2, using: &rng)
        let frame = Bitmap(width: 12, height: 8)
        frame.drawImage(source, inverseTransform: ProjectiveTransform.scale(x: 4, y: 4).inverted()!,
                        options: ImageDrawOptions(filter: .nearest))
        for y in 0..<8 {
            for x in 0..<12 { XCTAssertEqual(frame[x: x, y: y], source[x: x / 4, y: y / 4], "pixel (\(x), \(y))") }
        }
    }

    func testOpacityScalesEveryChannel() {
        let source = Bitmap(size: try! PixelSize(width: 4, height: 4), filledWith: PremultipliedColor(packed: 0xFFC8_6432))
        let frame = Bitmap(width: 4, height: 4)
        frame.drawImage(source, inverseTransform: .identity, options: ImageDrawOptions(opacity: 0.5))
        XCTAssertEqual(frame[x: 1, y: 1], PremultipliedColor(packed: 0x8064_3219))
        let none = Bitmap(width: 4, height: 4)
        none.drawImage(source, inverseTransform: .identity, options: ImageDrawOptions(opacity: 0))
        XCTAssertTrue(none.hasSamePixels(as: Bitmap(width: 4, height: 4)))
    }

    /// A 1-pixel checkerboard shrunk 16× must come out as even grey with mip-mapping, and does
    /// not without it (which is what the mip chain is for).
    func testMipmappingRemovesAliasingOfShrunkCheckerboard() {
        let size = 512
        let board = Bitmap(width: size, height: size)
        for y in 0..<size {
            for x in 0..<size { board[x: x, y: y] = (x + y) % 2 == 0 ? .white : .black }
        }
        let chain = MipmappedImage(board)
        func spread(_ filter: ImageFilter, offset: Double) -> (mean: Double, range: Int) {
            let forward = ProjectiveTransform.scale(x: 1.0 / 16, y: 1.0 / 16)
                .concatenating(.rotation(radians: 0.2)).concatenating(.translation(x: 24 + offset, y: 20 + offset))
            let frame = Bitmap(width: 80, height: 80)
            frame.drawImage(chain, inverseTransform: forward.inverted()!, options: ImageDrawOptions(filter: filter))
            var values: [Int] = []
            for y in 0..<80 {
                for x in 0..<80 where frame[x: x, y: y].alpha == 255 { values.append(Int(frame[x: x, y: y].green)) }
            }
            return (Double(values.reduce(0, +)) / Double(values.count), values.max()! - values.min()!)
        }
        for offset in [0.0, 0.3, 0.7] {
            let mipped = spread(.mipmappedBilinear, offset: offset)
            XCTAssertEqual(mipped.mean, 127.5, accuracy: 3, "offset \(offset)")
            XCTAssertLessThanOrEqual(mipped.range, 8, "mipmapped grey should be even, offset \(offset)")
            XCTAssertGreaterThan(spread(.bilinear, offset: offset).range, 100, "level-0 bilinear should alias, offset \(offset)")
        }
        XCTAssertEqual(chain.builtLevelCount, 5, "a 1/16 scale reads level 4")
    }
}
