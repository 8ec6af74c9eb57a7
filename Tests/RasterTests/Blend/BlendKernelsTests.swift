import KinescopeTestSupport
@testable import Raster
import XCTest

/// The blend-mode row kernels: each of the 28 operators against the `Double` reference on
/// random premultiplied pixels, shapes and opacities, and the formulas' known values.
final class BlendKernelsTests: XCTestCase {
    private func randomPremultiplied(_ random: inout SeededRandom) -> UInt32 {
        let a = UInt32.random(in: 0...255, using: &random)
        func channel() -> UInt32 { UInt32.random(in: 0...a, using: &random) }
        return a << 24 | channel() << 16 | channel() << 8 | channel()
    }

    func testEveryOperatorMatchesTheReferenceWithinOneCodeValue() {
        var random = SeededRandom(seed: 28)
        let count = 4000
        var sources = [UInt32](), destinations = [UInt32](), shapes = [UInt8]()
        for i in 0..<count {
            sources.append(randomPremultiplied(&random))
            destinations.append(randomPremultiplied(&random))
            // Full, empty and partial coverage, and the edge alphas 0 and 255.
            shapes.append(i % 5 == 0 ? 255 : (i % 7 == 0 ? 0 : UInt8.random(in: 0...255, using: &random)))
            if i % 11 == 0 { sources[i] |= 0xFF00_0000 }
            if i % 13 == 0 { destinations[i] = 0 }
        }
        for op in BlendOperator.allCases {
            for opacity: UInt8 in [255, 128] {
                var fast = destinations, reference = destinations
                sources.withUnsafeBufferPointer { s in
                    shapes.withUnsafeBufferPointer { m in
                        BlendKernels.blendRow(op, destination: &fast, source: s.baseAddress, solid: .clear,
                                              shape: m.baseAddress, opacity: opacity, count: count, kernels: .fast)
                        BlendKernels.blendRow(op, destination: &reference, source: s.baseAddress, solid: .clear,
                                              shape: m.baseAddress, opacity: opacity, count: count, kernels: .reference)
                    }
                }
                for i in 0..<count {
                    for shift in stride(from: UInt32(0), through: 24, by: 8) {
                        let f = Int(fast[i] >> shift & 0xFF), r = Int(reference[i] >> shift & 0xFF)
                        if abs(f - r) > 1 {
                            XCTFail("\(op) opacity \(opacity): source \(String(sources[i], radix: 16)) over "
                                    + "\(String(destinations[i], radix: 16)) shape \(shapes[i]): fast "
                                    + "\(String(fast[i], radix: 16)), reference \(String(reference[i], radix: 16))")
                            return
                        }
                    }
                }
            }
        }
    }

    private func blend(_ op: BlendOperator, _ source: UInt32, over destination: UInt32, shape: UInt8 = 255) -> UInt32 {
        var d = destination
        var s = source
        var m = shape
        BlendKernels.blendRow(op, destination: &d, source: &s, solid: .clear, shape: &m, opacity: 255, count: 1)
        return d
    }

    func testSeparableModesOnOpaqueColoursFollowTheirFormulas() {
        let red: UInt32 = 0xFFFF_0000, grey: UInt32 = 0xFF80_8080, white: UInt32 = 0xFFFF_FFFF
        XCTAssertEqual(blend(.multiply, grey, over: white), grey)
        XCTAssertEqual(blend(.multiply, red, over: grey), 0xFF80_0000)
        XCTAssertEqual(blend(.screen, 0xFF00_0000, over: grey), grey)
        XCTAssertEqual(blend(.difference, white, over: red), 0xFF00_FFFF)
        XCTAssertEqual(blend(.darken, red, over: grey), 0xFF80_0000)
        XCTAssertEqual(blend(.lighten, red, over: grey), 0xFFFF_8080)
        XCTAssertEqual(blend(.exclusion, white, over: red), 0xFF00_FFFF)
        // Luminosity of white on red: red's hue pushed to the lightness of white, i.e. white.
        XCTAssertEqual(blend(.luminosity, white, over: red), white)
        XCTAssertEqual(blend(.color, red, over: white), white)
    }

    func testPorterDuffOperatorsAreBoundedByTheShape() {
        let blue: UInt32 = 0xFF00_00FF, halfRed: UInt32 = 0x8080_0000
        XCTAssertEqual(blend(.copy, halfRed, over: blue), halfRed)
        XCTAssertEqual(blend(.copy, halfRed, over: blue, shape: 0), blue, "outside the shape nothing changes")
        XCTAssertEqual(blend(.clear, halfRed, over: blue), 0)
        XCTAssertEqual(blend(.clear, halfRed, over: blue, shape: 128) >> 24, 0x7F)
        XCTAssertEqual(blend(.destinationOut, 0xFF00_0000, over: blue), 0)
        XCTAssertEqual(blend(.destinationIn, halfRed, over: blue), 0x8000_0080)
        XCTAssertEqual(blend(.sourceIn, halfRed, over: 0), 0)
        XCTAssertEqual(blend(.plusLighter, 0xFF80_8080, over: 0xFF90_9090), 0xFFFF_FFFF)
        // 255 − (255 − 128) − (255 − 144) = 17 on each colour channel.
        XCTAssertEqual(blend(.plusDarker, 0xFF80_8080, over: 0xFF90_9090), 0xFF11_1111)
        XCTAssertEqual(blend(.xor, 0xFF00_FF00, over: blue), 0)
        // Destination over: D + S·(1 − αd), with D = (128, 0, 0, α 128) and S opaque green.
        XCTAssertEqual(blend(.destinationOver, 0xFF00_FF00, over: halfRed), 0xFF80_7F00)
    }

    func testFullyCoveredRunsOfASolidColourMatchTheScalarLoop() {
        var random = SeededRandom(seed: 8)
        let count = 203
        let destination = (0..<count).map { _ in randomPremultiplied(&random) }
        for color: UInt32 in [0xCC66_3311, 0xFF10_2030, 0x0000_0000] {
            for opacity: UInt8 in [255, 77] {
                var lanes = destination, scalar = destination, reference = destination
                var full = [UInt8](repeating: 255, count: count)
                BlendKernels.blendRow(.normal, destination: &lanes, source: nil, solid: PremultipliedColor(packed: color),
                                      shape: nil, opacity: opacity, count: count, kernels: .fast)
                // Every eighth byte 255 but not every word: the scalar loop runs for all pixels.
                for i in 0..<count {
                    var one = destination[i], m: UInt8 = 255
                    BlendKernels.blendRow(.normal, destination: &one, source: nil, solid: PremultipliedColor(packed: color),
                                          shape: &m, opacity: opacity, count: 1, kernels: .fast)
                    scalar[i] = one
                }
                BlendKernels.blendRow(.normal, destination: &reference, source: nil,
                                      solid: PremultipliedColor(packed: color), shape: &full, opacity: opacity,
                                      count: count, kernels: .reference)
                XCTAssertEqual(lanes, scalar, "colour \(String(color, radix: 16)) opacity \(opacity)")
                for i in 0..<count {
                    for shift in stride(from: UInt32(0), through: 24, by: 8) {
                        XCTAssertLessThanOrEqual(abs(Int(lanes[i] >> shift & 0xFF) - Int(reference[i] >> shift & 0xFF)), 1)
                    }
                }
            }
        }
    }

    func testNormalMatchesTheMaskedFill() throws {
        var random = SeededRandom(seed: 3)
        let size = try PixelSize(width: 64, height: 1)
        let bitmap = Bitmap(size: size), mask = CoverageMask(size: size)
        var row = [UInt32](repeating: 0, count: 64)
        for x in 0..<64 {
            row[x] = randomPremultiplied(&random)
            bitmap.row(0)[x] = row[x]
            mask.row(0)[x] = UInt8.random(in: 0...255, using: &random)
        }
        let color = PremultipliedColor(packed: 0xC040_2010)
        bitmap.fill(color, through: mask, atX: 0, y: 0)
        BlendKernels.blendRow(.normal, destination: &row, source: nil, solid: color, shape: mask.row(0).baseAddress,
                              opacity: 255, count: 64)
        for x in 0..<64 {
            for shift in stride(from: UInt32(0), through: 24, by: 8) {
                XCTAssertLessThanOrEqual(abs(Int(row[x] >> shift & 0xFF) - Int(bitmap.row(0)[x] >> shift & 0xFF)), 1)
            }
        }
    }
}
