import Foundation
import KinescopeTestSupport
import XCTest

/// `kinescope demo scroll` seen from outside, under the test X server (scripts/test sets
/// DISPLAY): wheel clicks over the table scroll it, and a fast drag released flicks it, which
/// goes on moving after the release and comes to rest. The window is read back with
/// `import -window` (ImageMagick), the input sent with xdotool.
final class ScrollDemoWindowTests: XCTestCase {
    private static let size = (width: 320, height: 240)
    /// The table's rows, left of the scroll indicator: the carousel takes the top 32 % of the
    /// window, the indicator the right edge (it fades in and out on its own).
    private static let tableRows = (minY: 90, maxY: 236, maxX: 300)

    func testWheelClicksScrollTheTableAndAFlickDeceleratesToRest() throws {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
            throw XCTSkip("DISPLAY is not set; scripts/test runs these tests under an Xvfb of its own")
        }
        guard let xdotool = Programs.onPath("xdotool") else { throw XCTSkip("xdotool is not installed") }
        guard let importTool = Programs.onPath("import") else { throw XCTSkip("ImageMagick's import is not installed") }
        let tool = try CommandLineTool.kinescope()
        let size = Self.size
        let process = tool.makeProcess(["demo", "scroll", "--size", "\(size.width)x\(size.height)"])
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let errors = ReadAllInBackground(error.fileHandleForReading)
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 90, execute: watchdog)
        defer {
            watchdog.cancel()
            if process.isRunning { process.terminate() }
        }

        let search = try runHelper(xdotool, ["search", "--sync", "--pid", String(process.processIdentifier)])
        let window = try XCTUnwrap(search.output.split(separator: "\n").first.map(String.init), "no window")
        func rows() throws -> [UInt8] {
            let rgb = Array(try runTool(importTool, ["-window", window, "-depth", "8", "rgb:-"]).output)
            guard rgb.count == size.width * size.height * 3 else { return [] }
            let t = Self.tableRows
            return (t.minY..<t.maxY).flatMap { y in rgb[(y * size.width) * 3..<(y * size.width + t.maxX) * 3] }
        }
        // A read can take less than a frame: reads a few frames apart tell rest from motion.
        func rowsLater() throws -> [UInt8] {
            Thread.sleep(forTimeInterval: 0.06)
            return try rows()
        }
        func settled(_ reads: Int = 200) throws -> [UInt8]? {
            var before = try rows()
            for _ in 0..<reads {
                let again = try rowsLater()
                if again == before && !again.isEmpty { return again }
                before = again
            }
            return nil
        }

        let start = try XCTUnwrap(try settled(), "the window never showed a steady first frame")
        try runHelper(xdotool, ["mousemove", "--window", window, "160", "170", "click", "--repeat", "3", "5"])
        var scrolled: [UInt8]?
        for _ in 0..<400 where scrolled == nil {
            let shown = try rows()
            if !shown.isEmpty && shown != start { scrolled = shown }
        }
        XCTAssertNotNil(scrolled, "three wheel clicks over the table moved its rows")
        let afterWheel = try XCTUnwrap(try settled(), "the table came to rest after the wheel")
        XCTAssertTrue(afterWheel != start, "the wheel scrolled the table")

        // A drag of 150 pixels up in about 0.1 s (some 1 700 pixels per second), then the release.
        // The release follows the last move at once: a pause before it would slow the flick.
        var drag = ["mousemove", "--window", window, "160", "235", "mousedown", "1"]
        for y in stride(from: 205, through: 85, by: -30) {
            drag += ["sleep", "0.017", "mousemove", "--window", window, "160", String(y)]
        }
        try runHelper(xdotool, drag + ["mouseup", "1"])
        // The last drag moves may show a frame or two after the release; a flick goes on for
        // many more, each read back different from the one before, until three reads in a row
        // agree (two could: a loaded machine may leave the demo a frame late now and then).
        var previous = try rows(), changes = 0, same = 0
        var rest: [UInt8]?
        for _ in 0..<300 where rest == nil {
            let shown = try rowsLater()
            if shown.isEmpty { continue }
            if shown == previous {
                same += 1
                if same == 2 { rest = shown }
            } else {
                changes += 1
                same = 0
            }
            previous = shown
        }
        XCTAssertGreaterThanOrEqual(changes, 3, "the flicked table goes on moving after the release")
        let resting = try XCTUnwrap(rest, "the flicked table came to rest (two reads equal)")
        XCTAssertTrue(resting != afterWheel, "the flick scrolled the table")

        try runHelper(xdotool, ["key", "--window", window, "q"])
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, String(decoding: errors.wait(), as: UTF8.self))
    }
}
