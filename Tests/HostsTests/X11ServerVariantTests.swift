import CX11
import Foundation
import KinescopeTestSupport
@testable import Hosts
import Raster
import XCTest

/// A server without MIT-SHM (`Xvfb -extension MIT-SHM`): the host falls back to XPutImage.
final class X11WithoutSharedMemoryTests: XCTestCase {
    private var server: OwnXServer?

    override func setUpWithError() throws {
        server = try OwnXServer(["-extension", "MIT-SHM", "-screen", "0", "320x240x24"])
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    func testHostFallsBackToPutImageAndFramesReadBackExactly() throws {
        let name = try XCTUnwrap(server).displayName
        let host = try X11Host(size: PixelSize(width: 80, height: 50), displayName: name)
        XCTAssertEqual(host.presentationPath, .putImage(.extensionMissing))
        fill(try host.backBuffer(), seed: 11)
        try host.present()
        let rect = PixelRect(x: 5, y: 7, width: 30, height: 20)
        fill(try host.backBuffer(), rect: rect, seed: 12)
        try host.present(damage: [rect])
        try host.synchronize()
        let client = try XClient(name)
        let bounds = PixelRect(size: host.size)
        let pixels = try client.pixels(of: host.windowID, in: bounds)
        XCTAssertNil(firstMismatch(pixels, in: bounds) { x, y in
            patternPixel(x: x, y: y, seed: rect.contains(x: x, y: y) ? 12 : 11)
        })
    }
}

/// A 16-bit (RGB 565) screen: frames are converted per damaged rectangle, through MIT-SHM.
final class X11Depth16Tests: XCTestCase {
    private var server: OwnXServer?

    override func setUpWithError() throws {
        server = try OwnXServer(["-screen", "0", "320x240x16"])
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    func testFramesAreConvertedTo565AcrossDoubleBufferedPartialPresents() throws {
        let name = try XCTUnwrap(server).displayName
        let host = try X11Host(size: PixelSize(width: 64, height: 40), displayName: name)
        XCTAssertEqual(host.presentationPath, .sharedMemory)
        XCTAssertEqual(host.pixelFormat.bitsPerPixel, 16)

        let expected = Bitmap(size: host.size)
        fill(try host.backBuffer(), seed: 21)
        fill(expected, seed: 21)
        try host.present()
        // Each partial present goes to the other image, which must also catch up with the damage
        // of the present before it.
        for (index, rect) in [PixelRect(x: 2, y: 3, width: 20, height: 10), PixelRect(x: 30, y: 20, width: 25, height: 15),
                              PixelRect(x: 10, y: 8, width: 5, height: 30)].enumerated() {
            let frame = try host.backBuffer()
            fill(frame, rect: rect, seed: UInt32(30 + index))
            fill(expected, rect: rect, seed: UInt32(30 + index))
            try host.present(damage: [rect])
        }
        try host.synchronize()
        let client = try XClient(name)
        let bounds = PixelRect(size: host.size)
        let pixels = try client.pixels(of: host.windowID, in: bounds)
        XCTAssertNil(firstMismatch(pixels, in: bounds) { x, y in reference565(expected[x: x, y: y].packed) })
    }

    /// Independent of `X11PixelConverter`: each channel rounded to 5, 6, 5 bits.
    private func reference565(_ pixel: UInt32) -> UInt32 {
        let r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
        let r5 = Int((Double(r) * 31 / 255).rounded()), g6 = Int((Double(g) * 63 / 255).rounded())
        let b5 = Int((Double(b) * 31 / 255).rounded())
        return UInt32(r5 << 11 | g6 << 5 | b5)
    }
}

/// The X server dies under a live host: `nextEvents` throws instead of Xlib exiting the process.
final class X11ConnectionLossTests: XCTestCase {
    private var server: OwnXServer?

    override func setUpWithError() throws {
        server = try OwnXServer(["-screen", "0", "320x240x24"])
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    func testServerExitIsReportedAsConnectionLostAndTheProcessSurvives() throws {
        let server = try XCTUnwrap(server)
        let host = try X11Host(size: PixelSize(width: 40, height: 30), displayName: server.displayName)
        fill(try host.backBuffer(), seed: 1)
        try host.present()
        try host.synchronize()
        server.stop()

        var events: [HostEvent] = []
        var lost: HostError?
        for _ in 0..<20 where lost == nil {
            do {
                events.removeAll()
                try host.nextEvents(timeout: .seconds(1), into: &events)
            } catch {
                lost = error
            }
        }
        XCTAssertEqual(lost, .connectionLost(display: server.displayName))
        XCTAssertThrowsError(try host.present()) {
            XCTAssertEqual($0 as? HostError, .connectionLost(display: server.displayName))
        }
        XCTAssertThrowsError(try host.backBuffer())
    }
}

/// Runs `kinescope-x11-probe` (built next to the test runner) in environments the test process
/// itself cannot have: a private IPC namespace, where the server cannot attach our segment.
final class X11ProbeTests: XCTestCase {
    private var probe = ""
    private var displayName = ""

    override func setUpWithError() throws {
        displayName = try SuiteDisplay.name()
        let runner = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var directory = URL(fileURLWithPath: runner).deletingLastPathComponent()
        if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
        probe = directory.appendingPathComponent("kinescope-x11-probe").path
        guard FileManager.default.isExecutableFile(atPath: probe) else {
            throw XCTSkip("\(probe) is not built: `swift build --build-tests` (or the CMake build) builds it")
        }
    }

    private func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = displayName
        environment["KINESCOPE_NO_SHM"] = nil
        environment.merge(extra) { $1 }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testAttachFailureInAnotherIPCNamespaceFallsBackToPutImage() throws {
        let check = try run(["/usr/bin/unshare", "--ipc", "/bin/true"])
        guard check.status == 0 else {
            throw XCTSkip("unshare --ipc is not permitted here (needs root or user namespaces): \(check.output)")
        }
        let result = try run(["/usr/bin/unshare", "--ipc", probe, "present"])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("path: XPutImage (the server could not attach the segment (X error 10))"), result.output)
        XCTAssertTrue(result.output.contains("readback: ok"), result.output)
    }

    func testEnvironmentSwitchForcesPutImageInAFreshProcess() throws {
        let shared = try run([probe, "present"])
        XCTAssertEqual(shared.status, 0, shared.output)
        XCTAssertTrue(shared.output.contains("path: MIT-SHM"), shared.output)
        let forced = try run([probe, "present"], environment: ["KINESCOPE_NO_SHM": "1"])
        XCTAssertEqual(forced.status, 0, forced.output)
        XCTAssertTrue(forced.output.contains("path: XPutImage (KINESCOPE_NO_SHM=1)"), forced.output)
        XCTAssertTrue(forced.output.contains("readback: ok"), forced.output)
    }
}
