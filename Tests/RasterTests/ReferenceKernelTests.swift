import KinescopeTestSupport
@testable import Raster
import XCTest

/// The scalar reference kernels against values worked out by hand, so that "fast equals reference"
/// means "fast is right".
final class ReferenceKernelTests: XCTestCase {
    private let black: UInt32 = 0xFF00_0000
    private let white: UInt32 = 0xFFFF_FFFF
    private let halfWhite: UInt32 = 0x8080_8080

    func testDivideBy255RoundsToNearestForEveryProductOfTwoBytes() throws {
        for t in UInt32(0)...65025 {
            XCTAssertEqual(divideBy255(t), (2 * t + 255) / 510, "t = \(t)")
        }
    }

    func testHalfWhiteOverOpaqueBlackIsMidGrey() throws {
        // Colour: 128 + 0·127/255 = 128; alpha: 128 + 255·127/255 = 255.
        XCTAssertEqual(ReferenceKernels.sourceOver(halfWhite, black), 0xFF80_8080)
    }

    func testHalfRedOverOpaqueBlueKeepsPartOfTheBlue() throws {
        // Premultiplied red at alpha 128 over blue: blue 255·127/255 = 127, red 128, alpha 255.
        XCTAssertEqual(ReferenceKernels.sourceOver(0x8080_0000, 0xFF00_00FF), 0xFF80_007F)
    }

    func testOpaqueSourceReplacesAndTransparentSourceKeepsTheDestination() throws {
        XCTAssertEqual(ReferenceKernels.sourceOver(0xFF12_3456, 0x8040_2010), 0xFF12_3456)
        XCTAssertEqual(ReferenceKernels.sourceOver(0, 0x8040_2010), 0x8040_2010)
    }

    func testOpacityScalesEveryChannelBeforeBlending() throws {
        // 0xFF336699 at opacity 64: 51·64/255 = 12.8 → 13, 102·64/255 = 25.6 → 26,
        // 153·64/255 = 38.4 → 38, alpha 64; over black the alpha becomes 64 + 191 = 255.
        let destination = bitmap(rows: [[black]])
        ReferenceKernels.sourceOver(destination.baseAddress, from: [0xFF33_6699], count: 1, opacity: 64)
        XCTAssertEqual(words(of: destination), [[0xFF0D_1A26]])
    }

    func testWhiteAtOpacity128OverBlackIsMidGrey() throws {
        let destination = bitmap(rows: [[black]])
        ReferenceKernels.sourceOver(destination.baseAddress, from: [white], count: 1, opacity: 128)
        XCTAssertEqual(words(of: destination), [[0xFF80_8080]])
    }

    func testCoverageAndOpacityCombineIntoOneRoundedFactor() throws {
        // Coverage 128 at opacity 255 → factor 128; 128·128/255 = 64.25 → 64; coverage 0 → nothing.
        let destination = bitmap(rows: [[black, 0, 0x4020_1008]])
        ReferenceKernels.sourceOver(destination.baseAddress, from: [white, white, white],
                                    coverage: [128, 128, 0], count: 1, opacity: 255)
        ReferenceKernels.sourceOver(destination.baseAddress + 1, from: [white], coverage: [128],
                                    count: 1, opacity: 128)
        ReferenceKernels.sourceOver(destination.baseAddress + 2, from: [white], coverage: [0],
                                    count: 1, opacity: 255)
        XCTAssertEqual(words(of: destination), [[0xFF80_8080, 0x4040_4040, 0x4020_1008]])
    }

    func testMixGivesFromAtWeightZeroToAtWeight255AndTheRoundedBlendBetween() throws {
        let from: UInt32 = 0xFF00_0000, to: UInt32 = 0xFFFF_FFFF
        XCTAssertEqual(ReferenceKernels.mix(from, to, weight: 0), from)
        XCTAssertEqual(ReferenceKernels.mix(from, to, weight: 255), to)
        // 255·128/255 = 128 per colour channel; alpha (255·127 + 255·128)/255 = 255.
        XCTAssertEqual(ReferenceKernels.mix(from, to, weight: 128), 0xFF80_8080)
        // Transparent to half white at weight 51 (20 %): 128·51/255 = 25.6 → 26.
        XCTAssertEqual(ReferenceKernels.mix(0, halfWhite, weight: 51), 0x1A1A_1A1A)
    }

    func testSourceOverFillOfHalfWhiteOnRedLightensIt() throws {
        // Red: 128 + 255·127/255 = 255; green and blue: 128; alpha 255.
        let destination = bitmap(rows: [[0xFFFF_0000, 0]])
        ReferenceKernels.fillSourceOver(destination.baseAddress, count: 2, color: halfWhite)
        XCTAssertEqual(words(of: destination), [[0xFFFF_8080, halfWhite]])
    }

    func testCopyMovesOverlappingPixelsLikeMemmove() throws {
        let row = bitmap(rows: [[1, 2, 3, 4, 5, 6]])
        ReferenceKernels.copy(row.baseAddress + 1, from: row.baseAddress, count: 4)
        XCTAssertEqual(words(of: row), [[1, 1, 2, 3, 4, 6]])
        ReferenceKernels.copy(row.baseAddress, from: row.baseAddress + 2, count: 4)
        XCTAssertEqual(words(of: row), [[2, 3, 4, 6, 4, 6]])
    }

    func testResultsOfValidInputsAreValidPremultipliedColours() throws {
        var random = SeededRandom(seed: 11)
        for _ in 0..<20_000 {
            let s = random.premultipliedColor().packed, d = random.premultipliedColor().packed
            let weight = random.nextByte()
            for result in [ReferenceKernels.sourceOver(s, d), ReferenceKernels.mix(s, d, weight: UInt32(weight)),
                           ReferenceKernels.scale(s, by: UInt32(weight))] {
                let color = PremultipliedColor(packed: result)
                XCTAssertTrue(color.red <= color.alpha && color.green <= color.alpha && color.blue <= color.alpha,
                              "\(color) from \(String(s, radix: 16)), \(String(d, radix: 16)), \(weight)")
            }
        }
    }
}
