import KinescopeTestSupport
@testable import Raster
import XCTest

final class MixKernelTests: XCTestCase {
    func testFastMixMatchesReferenceAtEveryWeight() throws {
        for width in kernelTestWidths {
            var random = SeededRandom(seed: 50 &+ UInt64(width))
            let from = random.bitmapView(width: width, height: 3)
            let to = random.bitmapView(width: width, height: 3)
            for weight: UInt8 in [0, 1, 77, 128, 254, 255, random.nextByte()] {
                for layout in DestinationLayout.allCases {
                    try assertFastMatchesReference(width: width, height: 3, layout: layout, seed: 51,
                                                   "weight \(weight)") { destination, kernels in
                        try destination.mix(from: from, to: to, weight: weight, kernels: kernels)
                    }
                }
            }
        }
    }

    func testMixInPlaceMatchesMixIntoAnotherBitmap() throws {
        var random = SeededRandom(seed: 52)
        for kernels in KernelPath.allCases {
            for width in kernelTestWidths {
                let from = random.bitmapView(width: width, height: 2)
                let to = random.bitmapView(width: width, height: 2)
                let expected = Bitmap(width: width, height: 2)
                try expected.mix(from: from, to: to, weight: 99, kernels: .reference)
                try from.mix(from: from, to: to, weight: 99, kernels: kernels)
                assertSamePixels(from, expected, "\(kernels) in place into from, width \(width)")
            }
        }
    }

    func testMixAtTheEndsGivesExactlyFromAndTo() throws {
        var random = SeededRandom(seed: 53)
        let from = random.bitmap(width: 19, height: 3), to = random.bitmap(width: 19, height: 3)
        let frame = Bitmap(width: 19, height: 3)
        try frame.mix(from: from, to: to, fraction: 0)
        assertSamePixels(frame, from, "fraction 0")
        try frame.mix(from: from, to: to, fraction: 1)
        assertSamePixels(frame, to, "fraction 1")
        try frame.mix(from: from, to: to, fraction: 0.5)
        XCTAssertFalse(frame.hasSamePixels(as: from) || frame.hasSamePixels(as: to), "fraction 0.5 is in between")
    }

    func testMixOfBlackAndWhiteHalfWayIsMidGrey() throws {
        let frame = Bitmap(width: 2, height: 1)
        try frame.mix(from: bitmap(rows: [[0xFF00_0000, 0]]), to: bitmap(rows: [[0xFFFF_FFFF, 0x8080_8080]]),
                      weight: 128)
        XCTAssertEqual(words(of: frame), [[0xFF80_8080, 0x4040_4040]])
    }

    func testMixRejectsBitmapsOfDifferentSizes() throws {
        let frame = Bitmap(width: 4, height: 2)
        let right = Bitmap(width: 4, height: 2), wrong = Bitmap(width: 2, height: 4)
        XCTAssertThrowsError(try frame.mix(from: wrong, to: right, weight: 1)) {
            XCTAssertEqual($0 as? RasterError, .sizeMismatch(wrong.size, frame.size))
        }
        XCTAssertThrowsError(try frame.mix(from: right, to: wrong, fraction: 0.5)) {
            XCTAssertEqual($0 as? RasterError, .sizeMismatch(wrong.size, frame.size))
        }
    }
}
