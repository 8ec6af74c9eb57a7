import Foundation
import Hosts
import KinescopeTestSupport
import Raster
import XCTest

/// Damage-only presents over many frames, through both segments of MIT-SHM and through
/// XPutImage: the back buffer always holds the last presented frame, and the window shows it.
final class X11DamageTests: XCTestCase {
    private var displayName = ""

    override func setUpWithError() throws {
        displayName = try SuiteDisplay.name()
        unsetenv("KINESCOPE_NO_SHM")
    }

    override func tearDown() {
        unsetenv("KINESCOPE_NO_SHM")
    }

    func testRandomDamageSequenceKeepsBothBuffersAndTheWindowCurrent() throws {
        for forceFallback in [false, true] {
            if forceFallback { setenv("KINESCOPE_NO_SHM", "1", 1) }
            let host = try X11Host(title: "Kinescope damage test", size: PixelSize(width: 120, height: 80),
                                   displayName: displayName)
            var random = SeededRandom(seed: forceFallback ? 11 : 7)
            let first = try host.backBuffer()
            fill(first, seed: 1)
            try host.present()
            let expected = first.copy()
            for step in 0..<24 {
                let back = try host.backBuffer()
                XCTAssertTrue(back.hasSamePixels(as: expected),
                              "\(host.presentationPath), step \(step): the back buffer lost the previous frame")
                let rects = (0..<(1 + random.next(below: 3))).map { _ in
                    PixelRect(x: random.next(in: -10...110), y: random.next(in: -10...70),
                              width: random.next(in: 1...40), height: random.next(in: 1...30))
                }
                for (index, rect) in rects.enumerated() {
                    let seed = UInt32(step * 10 + index + 2)
                    let clipped = rect.intersection(back.bounds)
                    guard !clipped.isEmpty else { continue }
                    fill(back, rect: clipped, seed: seed)
                    fill(expected, rect: clipped, seed: seed)
                }
                try host.present(damage: rects)
            }
            try host.synchronize()
            let client = try XClient(displayName)
            let bounds = PixelRect(size: host.size)
            let pixels = try client.pixels(of: host.windowID, in: bounds)
            XCTAssertNil(firstMismatch(pixels, in: bounds) { expected[x: $0, y: $1].packed },
                         "path \(host.presentationPath)")
        }
    }
}
