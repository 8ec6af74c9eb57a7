import CX11
import Foundation
@testable import Hosts
import Raster
import XCTest

/// The suite's display (`DISPLAY`, an Xvfb with MIT-SHM started by scripts/test).
///
/// One connection to it stays open for the whole test process: an Xvfb started without
/// `-noreset` resets when its last client disconnects, and a client connecting during the reset
/// is refused (measured here: about 1 in 30 `xprop` runs fail in a tight loop without
/// `-noreset`, none with it). Without the keeper, a test opening its window just after the
/// previous test closed one failed now and then.
enum SuiteDisplay {
    nonisolated(unsafe) private static let keeper: OpaquePointer? = XOpenDisplay(nil)

    /// The display name; skips the test when `DISPLAY` is unset.
    static func name() throws -> String {
        guard let value = ProcessInfo.processInfo.environment["DISPLAY"], !value.isEmpty else {
            throw XCTSkip("DISPLAY is not set: run the suite with scripts/test, which starts an Xvfb with MIT-SHM")
        }
        _ = keeper
        return value
    }
}

struct XServerTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A second client connection that inspects and pokes the host's window as another program (a
/// window manager, xdotool) would. Registered with the host's error trap, so a protocol error
/// in a test is recorded rather than ending the process.
final class XClient {
    let display: OpaquePointer

    init(_ name: String) throws {
        guard let display = XOpenDisplay(name) else { throw XServerTestError("cannot open display \(name)") }
        self.display = display
        X11ErrorTrap.register(display)
    }

    deinit {
        XCloseDisplay(display)
        X11ErrorTrap.unregister(display)
    }

    func atom(_ name: String) -> UInt { XInternAtom(display, name, 0) }

    func sync() { XSync(display, 0) }

    /// The window's pixels in `rect`, top byte cleared (Xvfb returns 0 there), row by row.
    func pixels(of window: UInt, in rect: PixelRect) throws -> [UInt32] {
        guard let image = XGetImage(display, window, Int32(rect.x), Int32(rect.y), UInt32(rect.width),
                                    UInt32(rect.height), ~0, ZPixmap)
        else { throw XServerTestError("XGetImage of \(rect) failed") }
        defer { XDestroyImage(image) }
        var result: [UInt32] = []
        result.reserveCapacity(rect.width * rect.height)
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                result.append(UInt32(truncatingIfNeeded: XGetPixel(image, Int32(x), Int32(y))) & 0xFF_FFFF)
            }
        }
        return result
    }

    /// A property's type name, format and raw bytes (32-bit items come back as C longs).
    func property(_ name: String, of window: UInt) -> (type: String, format: Int32, bytes: [UInt8])? {
        var type: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, atom(name), 0, 4096, 0, 0 /* AnyPropertyType */,
                                        &type, &format, &count, &remaining, &data)
        guard status == Success, type != 0, let data else { return nil }
        defer { XFree(data) }
        let itemSize = format == 32 ? MemoryLayout<Int>.size : Int(format) / 8
        let bytes = Array(UnsafeBufferPointer(start: data, count: Int(count) * itemSize))
        let typeName = XGetAtomName(display, type).map { pointer in
            defer { XFree(pointer) }
            return String(cString: pointer)
        } ?? "?"
        return (typeName, format, bytes)
    }

    /// 32-bit property items (atoms, cardinals).
    func longs(_ name: String, of window: UInt) -> [UInt]? {
        guard let value = property(name, of: window), value.format == 32 else { return nil }
        return value.bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt.self)) }
    }

    /// Sends `event` to `window`'s creator, as a window manager or xdotool would.
    func send(_ event: inout XEvent, to window: UInt, mask: Int = 0) {
        XSendEvent(display, window, 0, mask, &event)
        XFlush(display)
    }

    func sendDeleteWindow(to window: UInt) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = atom("WM_PROTOCOLS")
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(bitPattern: atom("WM_DELETE_WINDOW"))
        event.xclient.data.l.1 = 0 /* CurrentTime */
        send(&event, to: window)
    }

    func sendButton(_ type: Int32, button: UInt32, x: Int32, y: Int32, state: UInt32 = 0, time: UInt = 0, to window: UInt) {
        var event = XEvent()
        event.xbutton.type = type
        event.xbutton.time = time
        event.xbutton.window = window
        event.xbutton.root = XDefaultRootWindow(display)
        event.xbutton.x = x
        event.xbutton.y = y
        event.xbutton.button = button
        event.xbutton.state = state
        event.xbutton.same_screen = 1
        send(&event, to: window, mask: type == ButtonPress ? ButtonPressMask : ButtonReleaseMask)
    }

    func sendMotion(x: Int32, y: Int32, time: UInt = 0, to window: UInt) {
        var event = XEvent()
        event.xmotion.type = MotionNotify
        event.xmotion.time = time
        event.xmotion.window = window
        event.xmotion.root = XDefaultRootWindow(display)
        event.xmotion.x = x
        event.xmotion.y = y
        event.xmotion.same_screen = 1
        send(&event, to: window, mask: PointerMotionMask)
    }

    func sendKey(_ type: Int32, keysym: UInt, state: UInt32 = 0, time: UInt = 1000, to window: UInt) {
        var event = XEvent()
        event.xkey.type = type
        event.xkey.window = window
        event.xkey.root = XDefaultRootWindow(display)
        event.xkey.keycode = UInt32(XKeysymToKeycode(display, keysym))
        event.xkey.state = state
        event.xkey.time = time
        event.xkey.same_screen = 1
        send(&event, to: window, mask: type == KeyPress ? KeyPressMask : KeyReleaseMask)
    }
}

/// Collects events until `predicate` holds for one of them. `nextEvents` blocks in `poll`, so
/// this costs no CPU; the limit only keeps a broken host from hanging the suite.
func collectEvents(from host: any Hosts.Host, until predicate: (HostEvent) -> Bool,
                   file: StaticString = #filePath, line: UInt = #line) throws -> [HostEvent] {
    var all: [HostEvent] = []
    var batch: [HostEvent] = []
    for _ in 0..<50 {
        batch.removeAll(keepingCapacity: true)
        try host.nextEvents(timeout: .seconds(1), into: &batch)
        all += batch
        if all.contains(where: predicate) { return all }
    }
    XCTFail("the expected event did not arrive; got \(all)", file: file, line: line)
    return all
}

/// A test pattern with every channel varying, opaque.
func patternPixel(x: Int, y: Int, seed: UInt32 = 0) -> UInt32 {
    0xFF00_0000 | (UInt32(truncatingIfNeeded: (x &* 2_654_435_761) ^ (y &* 40_503) ^ (x << 16)) &+ seed) & 0xFF_FFFF
}

func fill(_ bitmap: Bitmap, rect: PixelRect? = nil, seed: UInt32) {
    let area = rect ?? bitmap.bounds
    for y in area.minY..<area.maxY {
        let row = bitmap.row(y)
        for x in area.minX..<area.maxX { row[x] = patternPixel(x: x, y: y, seed: seed) }
    }
}

func fill(_ bitmap: Bitmap, rect: PixelRect? = nil, color: UInt32) {
    let area = rect ?? bitmap.bounds
    for y in area.minY..<area.maxY {
        bitmap.row(y)[area.minX..<area.maxX].update(repeating: color)
    }
}

/// The first pixel where `actual` (from `XClient.pixels`) differs from `expected(x, y)` in its
/// colour bytes, as a message; `nil` when all match.
func firstMismatch(_ actual: [UInt32], in rect: PixelRect, expected: (Int, Int) -> UInt32) -> String? {
    for y in 0..<rect.height {
        for x in 0..<rect.width {
            let want = expected(rect.x + x, rect.y + y) & 0xFF_FFFF
            let got = actual[y * rect.width + x]
            if got != want {
                return "pixel (\(rect.x + x), \(rect.y + y)) is 0x\(String(got, radix: 16)), expected 0x\(String(want, radix: 16))"
            }
        }
    }
    return nil
}
