import CX11
import Foundation
@testable import Hosts
import KinescopeTestSupport
import Raster
import XCTest

/// Keys typed into an X11Host through the server's XKB layout and Xlib's input method, on an Xvfb
/// of its own (the layouts set here must not leak into other tests). Keys come from `xdotool`
/// (XTEST, as a real keyboard) and from raw keycodes sent with `XSendEvent`.
final class X11TextInputTests: XCTestCase {
    private var server: OwnXServer?
    private var host: X11Host?
    private var client: XClient?

    override func setUpWithError() throws {
        let server = try OwnXServer(["-screen", "0", "320x240x24"])
        self.server = server
        let host = try X11Host(size: PixelSize(width: 100, height: 80), displayName: server.displayName)
        try host.synchronize()
        let client = try XClient(server.displayName)
        XSetInputFocus(client.display, host.windowID, RevertToParent, 0)
        client.sync()
        self.host = host
        self.client = client
    }

    override func tearDown() {
        host = nil
        client = nil
        server?.stop()
        server = nil
    }

    /// The texts of the key presses until Return (the end marker), which is left out.
    private func typedTexts() throws -> [String] {
        let host = try XCTUnwrap(host)
        let events = try collectEvents(from: host) { if case let .keyDown(key) = $0 { key.keysym == 0xFF0D } else { false } }
        return events.compactMap { event in
            guard case let .keyDown(key) = event, key.keysym != 0xFF0D, !key.text.isEmpty else { return nil }
            return key.text
        }
    }

    private func xdotool(_ arguments: [String]) throws {
        try XTool.run("xdotool", arguments, display: XCTUnwrap(server).displayName)
    }

    private func setLayout(_ arguments: [String]) throws {
        let display = try XCTUnwrap(server).displayName
        try XTool.run("setxkbmap", ["-display", display] + arguments, display: display)
        try XCTUnwrap(host).synchronize()
    }

    func testInputMethodIsActive() throws {
        let status = try XCTUnwrap(host).inputMethodStatus
        guard case .active = status else { return XCTFail("\(status)") }
    }

    func testDeadAcuteThenETypesEAcute() throws {
        try setLayout(["us", "-variant", "intl"])
        try xdotool(["key", "dead_acute", "e", "Return"])
        XCTAssertEqual(try typedTexts(), ["é"])
    }

    func testMultiKeySequenceTypesComposedCharacter() throws {
        try setLayout(["us", "-option", "compose:ralt"])
        try xdotool(["key", "Multi_key", "apostrophe", "e", "Multi_key", "o", "c", "Return"])
        XCTAssertEqual(try typedTexts(), ["é", "©"])
    }

    func testDeadKeyFollowedByKeyWithoutCompositionTypesNothingForTheDeadKey() throws {
        try setLayout(["us", "-variant", "intl"])
        try xdotool(["key", "dead_acute", "x", "Return"])
        XCTAssertEqual(try typedTexts().joined(), "", "Xlib's compose aborts the sequence and drops both keys")
    }

    func testGermanLayoutSwapsZAndYAndTypesUmlautsFromTheSameKeycodes() throws {
        let client = try XCTUnwrap(client), host = try XCTUnwrap(host)
        // Keycodes of the US keys Y, Z and semicolon (evdev 29, 52, 47 + 8 as Xorg numbers them).
        let keyY: UInt32 = 29, keyZ: UInt32 = 52, keySemicolon: UInt32 = 47
        let returnCode = UInt32(XKeysymToKeycode(client.display, 0xFF0D))
        func press(_ keycodes: [UInt32]) {
            for keycode in keycodes + [returnCode] {
                var event = XEvent()
                event.xkey.type = KeyPress
                event.xkey.window = host.windowID
                event.xkey.root = XDefaultRootWindow(client.display)
                event.xkey.keycode = keycode
                event.xkey.time = 1000
                event.xkey.same_screen = 1
                client.send(&event, to: host.windowID, mask: KeyPressMask)
            }
            client.sync()
        }
        try setLayout(["us"])
        press([keyY, keyZ, keySemicolon])
        XCTAssertEqual(try typedTexts(), ["y", "z", ";"])

        try setLayout(["de"])
        press([keyY, keyZ, keySemicolon])
        XCTAssertEqual(try typedTexts(), ["z", "y", "ö"], "the host must follow the server's new keymap")

        try xdotool(["type", "--delay", "0", "zyöÄ"])
        try xdotool(["key", "Return"])
        XCTAssertEqual(try typedTexts().joined(), "zyöÄ")
    }

    func testControlKeepsTheKeysOwnTextRatherThanAControlCharacter() throws {
        try setLayout(["us"])
        try xdotool(["key", "ctrl+a", "Return"])
        XCTAssertEqual(try typedTexts(), ["a"])
    }
}
