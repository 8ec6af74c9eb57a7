import Raster
import XCTest

final class ColorTests: XCTestCase {
    func testPremultipliedToStraightAndBackIsExactForEveryValidColour() throws {
        for alpha in 0...255 {
            for channel in 0...alpha {
                let c = UInt8(channel), a = UInt8(alpha)
                let color = PremultipliedColor(red: c, green: a - c, blue: c / 2, alpha: a)
                XCTAssertEqual(color.straight.premultiplied, color, "\(color)")
            }
        }
    }

    func testStraightToPremultipliedAndBackIsExactWhenOpaqueAndClearWhenTransparent() throws {
        for channel in 0...255 {
            let c = UInt8(channel)
            let straight = StraightColor(red: c, green: 255 - c, blue: c / 3, alpha: 255)
            XCTAssertEqual(straight.premultiplied.straight, straight)
        }
        XCTAssertEqual(StraightColor(red: 200, green: 10, blue: 90, alpha: 0).premultiplied, .clear)
        XCTAssertEqual(PremultipliedColor.clear.straight, StraightColor(red: 0, green: 0, blue: 0, alpha: 0))
    }

    func testStraightToPremultipliedRoundsEachChannel() throws {
        // 255·128/255 = 128; 100·128/255 = 50.2 → 50; 3·128/255 = 1.5 → 2 (nearest, half up).
        let color = StraightColor(red: 255, green: 100, blue: 3, alpha: 128).premultiplied
        XCTAssertEqual(color.packed, 0x8080_3202)
    }

    func testChannelInitialiserClampsColourToAlphaAndPacksAsARGB() throws {
        let color = PremultipliedColor(red: 200, green: 10, blue: 90, alpha: 50)
        XCTAssertEqual(color.packed, 0x3232_0A32)
        XCTAssertEqual([color.red, color.green, color.blue, color.alpha], [50, 10, 50, 50])
        XCTAssertEqual(PremultipliedColor(red: 1, green: 2, blue: 3, alpha: 255).packed, 0xFF01_0203)
        XCTAssertTrue(PremultipliedColor.black.isOpaque)
        XCTAssertFalse(PremultipliedColor.clear.isOpaque)
    }
}
