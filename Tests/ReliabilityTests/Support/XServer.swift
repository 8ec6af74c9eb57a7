@testable import Hosts
import CX11
import Foundation
import Glibc
import KinescopeTestSupport
import XCTest

/// A second client of a test server that reads and pokes another program's window, with Xlib's
/// fatal error handlers replaced (through the Hosts module's trap) so that a BadWindow after the
/// window went away is recorded, not fatal.
final class XInspector {
    let display: OpaquePointer

    init(_ name: String) throws {
        guard let display = XOpenDisplay(name) else { throw ReliabilityError("cannot open display \(name)") }
        self.display = display
        X11ErrorTrap.register(display)
    }

    /// Closes the connection; call before the server is killed.
    func close() {
        XCloseDisplay(display)
        X11ErrorTrap.unregister(display)
    }

    func sync() { XSync(display, 0) }

    /// The window's pixels as straight 8-bit (r, g, b), whatever the visual's depth; nil when
    /// the window cannot be read (gone, unmapped).
    func rgb(of window: UInt, width: Int, height: Int) -> [(UInt8, UInt8, UInt8)]? {
        guard let image = XGetImage(display, window, 0, 0, UInt32(width), UInt32(height), ~0, ZPixmap) else { return nil }
        defer { XDestroyImage(image) }
        let masks = [image.pointee.red_mask, image.pointee.green_mask, image.pointee.blue_mask]
        func channel(_ pixel: UInt, _ mask: UInt) -> UInt8 {
            guard mask != 0 else { return 0 }
            let shift = UInt(mask.trailingZeroBitCount), maximum = mask >> shift
            return UInt8(((pixel & mask) >> shift) * 255 / maximum)
        }
        var result: [(UInt8, UInt8, UInt8)] = []
        result.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                let p = UInt(XGetPixel(image, Int32(x), Int32(y)))
                result.append((channel(p, masks[0]), channel(p, masks[1]), channel(p, masks[2])))
            }
        }
        return result
    }

    /// BT.601 limited-range luma of each pixel, as the Y4M recorder computes it.
    func luma(of window: UInt, width: Int, height: Int) -> [Double]? {
        rgb(of: window, width: width, height: height)?.map { r, g, b in
            16 + (65.481 * Double(r) + 128.553 * Double(g) + 24.966 * Double(b)) / 255
        }
    }

    func destroy(_ window: UInt) {
        XDestroyWindow(display, window)
        XSync(display, 0)
    }
}

/// The window of process `pid` on `display`, once mapped (xdotool polls for it); nil when
/// xdotool gives up (20 s) or is not installed.
func windowOf(pid: Int32, display: String) throws -> UInt? {
    guard let xdotool = Programs.onPath("xdotool") else { throw XCTSkip("xdotool is not installed") }
    let child = try Child("/usr/bin/timeout", ["20", xdotool, "search", "--sync", "--onlyvisible", "--pid", String(pid)],
                          environment: ["DISPLAY": display])
    child.wait(limit: 30)
    return String(decoding: child.standardOutput, as: UTF8.self).split(separator: "\n").first.flatMap { UInt($0) }
}

/// Clicks the primary button at (x, y) of `window` through xdotool.
func click(_ window: UInt, x: Int, y: Int, display: String) throws {
    guard let xdotool = Programs.onPath("xdotool") else { throw XCTSkip("xdotool is not installed") }
    let child = try Child(xdotool, ["mousemove", "--window", String(window), String(x), String(y), "click", "1"],
                          environment: ["DISPLAY": display])
    child.wait(limit: 20)
}
