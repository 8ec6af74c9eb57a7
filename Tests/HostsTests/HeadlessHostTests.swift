import Foundation
@testable import Hosts
import Raster
import XCTest

final class HeadlessHostTests: XCTestCase {
    private func makeHost(width: Int = 32, height: Int = 24) throws -> HeadlessHost {
        try HeadlessHost(size: PixelSize(width: width, height: height))
    }

    func testPresentCountsFramesAndKeepsACopyOfTheLastOne() throws {
        let host = try makeHost()
        XCTAssertNil(host.lastFrame)
        let frame = try host.backBuffer()
        fill(frame, seed: 5)
        try host.present()
        XCTAssertEqual(host.frameCount, 1)
        let copy = try XCTUnwrap(host.lastFrame)
        XCTAssertTrue(copy.hasSamePixels(as: frame))
        XCTAssertNotEqual(copy.baseAddress, frame.baseAddress, "the last frame is a copy, not the back buffer")

        frame[x: 0, y: 0] = .white
        XCTAssertNotEqual(host.lastFrame?[x: 0, y: 0], .white, "drawing the next frame does not touch the copy")
        try host.present(damage: [])
        XCTAssertEqual(host.frameCount, 2, "a present without damage is still a frame")
        XCTAssertEqual(host.lastDamage, [])
    }

    func testOnlyDamagedPixelsReachTheLastFrameCopy() throws {
        let host = try makeHost()
        let frame = try host.backBuffer()
        fill(frame, color: 0xFF00_00FF)
        try host.present()
        fill(frame, color: 0xFFFF_0000)
        let rect = PixelRect(x: 4, y: 5, width: 6, height: 7)
        try host.present(damage: [rect, PixelRect(x: 30, y: 20, width: 10, height: 10)])
        XCTAssertEqual(host.lastDamage, [rect, PixelRect(x: 30, y: 20, width: 2, height: 4)])
        let copy = try XCTUnwrap(host.lastFrame)
        for y in 0..<copy.height {
            for x in 0..<copy.width {
                let inside = rect.contains(x: x, y: y) || (x >= 30 && y >= 20)
                XCTAssertEqual(copy[x: x, y: y].packed, inside ? 0xFFFF_0000 : 0xFF00_00FF, "pixel (\(x), \(y))")
            }
        }
    }

    func testObserverSeesEachFrameBeforeItIsShown() throws {
        let host = try makeHost()
        var observed: [UInt32] = []
        host.presentObserver = { frame, _ in observed.append(frame[x: 1, y: 1].packed) }
        let frame = try host.backBuffer()
        for value: UInt32 in [0xFF11_1111, 0xFF22_2222] {
            fill(frame, color: value)
            try host.present()
        }
        XCTAssertEqual(observed, [0xFF11_1111, 0xFF22_2222])
    }

    func testInjectedEventsComeBackInOrderAndFiniteWaitsDoNotBlock() throws {
        let host = try makeHost()
        var events: [HostEvent] = []
        XCTAssertEqual(try host.nextEvents(timeout: .seconds(3600), into: &events), .timedOut,
                       "headless time is virtual: a finite wait returns at once")
        let sequence: [HostEvent] = [
            .pointerDown(.primary, x: 1, y: 2, modifiers: [.shift]),
            .keyDown(KeyEvent(keysym: 0x61, text: "a")),
            .closeRequested,
        ]
        sequence.forEach(host.inject)
        XCTAssertEqual(try host.nextEvents(timeout: nil, into: &events), .events)
        XCTAssertEqual(events, sequence)
    }

    func testWakeUpEndsAnUnlimitedWait() throws {
        let host = try makeHost()
        let waker = host.waker
        let waiter = ThreadIdentity.current
        Thread {
            waiter.waitUntilBlockedInPoll()
            waker.wakeUp()
        }.start()
        var events: [HostEvent] = []
        XCTAssertEqual(try host.nextEvents(timeout: nil, into: &events), .wokenUp)
        XCTAssertEqual(events, [])
    }

    func testResizeReportsTheNewSizeAndPresentsWhole() throws {
        let host = try makeHost()
        try host.present()
        let newSize = try PixelSize(width: 50, height: 10)
        host.resize(to: newSize)
        XCTAssertEqual(host.size, newSize)
        XCTAssertEqual(try host.nextEvents(timeout: .zero), [.resized(newSize)])
        XCTAssertNil(host.lastFrame)
        let frame = try host.backBuffer()
        XCTAssertEqual(frame.size, newSize)
        try host.present(damage: [PixelRect(x: 0, y: 0, width: 1, height: 1)])
        XCTAssertEqual(host.lastDamage, [PixelRect(size: newSize)])
    }

    func testSelectionsKeepTheirTextInMemorySeparately() throws {
        let host = try HeadlessHost(size: PixelSize(width: 4, height: 4))
        XCTAssertNil(host.text(in: .clipboard))
        host.setText("copied", in: .clipboard)
        host.setText("selected", in: .primary)
        XCTAssertEqual(host.text(in: .clipboard), "copied")
        XCTAssertEqual(host.text(in: .primary, timeout: .zero), "selected")
        host.setText(nil, in: .clipboard)
        XCTAssertNil(host.text(in: .clipboard))
        XCTAssertEqual(host.text(in: .primary), "selected")
    }
}

final class HostSupportTests: XCTestCase {
    func testDamageIsClippedEmptiesDroppedAndManyRectanglesMerged() {
        let bounds = PixelRect(x: 0, y: 0, width: 100, height: 50)
        var result: [PixelRect] = []
        clipDamage([PixelRect(x: -5, y: -5, width: 10, height: 10), PixelRect(x: 200, y: 0, width: 5, height: 5),
                    PixelRect(x: 10, y: 10, width: 0, height: 5)], to: bounds, into: &result)
        XCTAssertEqual(result, [PixelRect(x: 0, y: 0, width: 5, height: 5)])

        let many = (0..<20).map { PixelRect(x: $0 * 4, y: $0, width: 2, height: 2) }
        clipDamage(many, to: bounds, limit: 16, into: &result)
        XCTAssertEqual(result, [PixelRect(x: 0, y: 0, width: 78, height: 21)])
    }

    func testNativeFormatIsRecognisedAndBadMasksAreRejected() throws {
        let native = try XCTUnwrap(X11PixelFormat(bitsPerPixel: 32, redMask: 0xFF_0000, greenMask: 0xFF00, blueMask: 0xFF))
        XCTAssertTrue(native.isNative)
        let bgr = try XCTUnwrap(X11PixelFormat(bitsPerPixel: 32, redMask: 0xFF, greenMask: 0xFF00, blueMask: 0xFF_0000))
        XCTAssertFalse(bgr.isNative)
        XCTAssertNil(X11PixelFormat(bitsPerPixel: 24, redMask: 0xFF_0000, greenMask: 0xFF00, blueMask: 0xFF))
        XCTAssertNil(X11PixelFormat(bitsPerPixel: 16, redMask: 0xF800, greenMask: 0x0FE0, blueMask: 0x1F), "overlapping masks")
        XCTAssertNil(X11PixelFormat(bitsPerPixel: 16, redMask: 0xA800, greenMask: 0x07E0, blueMask: 0x1F), "non-contiguous mask")
        XCTAssertNil(X11PixelFormat(bitsPerPixel: 32, redMask: 0x3FF0_0000, greenMask: 0xFFC00, blueMask: 0x3FF), "10-bit channels")
        XCTAssertNil(X11PixelFormat(bitsPerPixel: 16, redMask: 0x1F_0000, greenMask: 0x07E0, blueMask: 0x1F), "mask beyond 16 bits")
    }

    func testConverterRoundsEachChannelToNearestForEveryValue() throws {
        let formats = [
            try XCTUnwrap(X11PixelFormat(bitsPerPixel: 16, redMask: 0xF800, greenMask: 0x07E0, blueMask: 0x1F)),
            try XCTUnwrap(X11PixelFormat(bitsPerPixel: 16, redMask: 0x7C00, greenMask: 0x03E0, blueMask: 0x1F)),
            try XCTUnwrap(X11PixelFormat(bitsPerPixel: 32, redMask: 0xFF, greenMask: 0xFF00, blueMask: 0xFF_0000)),
        ]
        for format in formats {
            let converter = X11PixelConverter(format: format)
            for value in UInt32(0)...255 {
                let pixel = 0xFF00_0000 | value << 16 | (255 - value) << 8 | (value ^ 0x5A)
                var expected: UInt32 = 0
                for (channel, mask) in [(value, format.redMask), (255 - value, format.greenMask), (value ^ 0x5A, format.blueMask)] {
                    let shift = UInt32(mask.trailingZeroBitCount)
                    let maximum = Double(mask >> shift)
                    expected |= UInt32((Double(channel) * maximum / 255).rounded()) << shift
                }
                XCTAssertEqual(converter.convert(pixel), expected, "\(format), value \(value)")
            }
        }
    }

    func testConverterWritesOnlyTheRectangleIntoImageRows() throws {
        let format = try XCTUnwrap(X11PixelFormat(bitsPerPixel: 16, redMask: 0xF800, greenMask: 0x07E0, blueMask: 0x1F))
        let converter = X11PixelConverter(format: format)
        let frame = Bitmap(size: try PixelSize(width: 8, height: 4), filledWith: .white)
        let bytesPerLine = 20
        var image = [UInt8](repeating: 0xAB, count: bytesPerLine * 4)
        image.withUnsafeMutableBytes { bytes in
            converter.convert(PixelRect(x: 2, y: 1, width: 3, height: 2), of: frame, into: bytes.baseAddress!, bytesPerLine: bytesPerLine)
        }
        for y in 0..<4 {
            for x in 0..<10 {
                let word = UInt16(image[y * bytesPerLine + 2 * x]) | UInt16(image[y * bytesPerLine + 2 * x + 1]) << 8
                let inside = (2..<5).contains(x) && (1..<3).contains(y)
                XCTAssertEqual(word, inside ? 0xFFFF : 0xABAB, "word (\(x), \(y))")
            }
        }
    }

    func testKeysymTextCoversLatin1UnicodeLegacyKeypadAndEditingKeys() {
        XCTAssertEqual(textForKeysym(0x41), "A")
        XCTAssertEqual(textForKeysym(0xE9), "é")
        XCTAssertEqual(textForKeysym(0x0100_20AC), "€")
        XCTAssertEqual(textForKeysym(0x0101_F600), "😀")
        XCTAssertEqual(textForKeysym(0x20AC), "€")
        XCTAssertEqual(textForKeysym(0xFF0D), "\r")
        XCTAssertEqual(textForKeysym(0xFF8D), "\r")
        XCTAssertEqual(textForKeysym(0xFF08), "\u{8}")
        XCTAssertEqual(textForKeysym(0xFF1B), "\u{1B}")
        XCTAssertEqual(textForKeysym(0xFFB7), "7")
        XCTAssertEqual(textForKeysym(0xFFAB), "+")
        XCTAssertEqual(textForKeysym(0x6C1), "а", "Cyrillic_a, through libX11's table")
        XCTAssertEqual(textForKeysym(0x7E1), "α", "Greek_alpha")
        XCTAssertEqual(textForKeysym(0x1B1), "ą", "aogonek (Latin-2)")
        XCTAssertEqual(textForKeysym(0xFF51), "", "Left types nothing")
        XCTAssertEqual(textForKeysym(0xFFE1), "", "Shift_L types nothing")
        XCTAssertEqual(textForKeysym(0x0100_D800), "", "a surrogate is not a character")
    }

    func testErrorMessagesNameTheInputAndTheWayOut() {
        XCTAssertEqual(HostError.displayUnavailable(display: nil).description.contains("DISPLAY is not set"), true)
        XCTAssertTrue(HostError.unsupportedVisual(visualClass: 3, depth: 8, bitsPerPixel: 8).description.contains("PseudoColor"))
        XCTAssertTrue(HostError.invalidWindowSize(width: 0, height: 5).description.contains("0x5"))
        XCTAssertTrue(HostError.connectionLost(display: ":3").description.contains("\":3\""))
    }
}
