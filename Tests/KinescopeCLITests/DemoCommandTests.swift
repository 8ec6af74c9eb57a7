import Foundation
import KinescopeTestSupport
import XCTest

/// `kinescope demo NAME` and the live commands' display errors: an unknown demo is a usage
/// error (64); without a display, or with one that cannot be reached, `demo` and `view` exit
/// 69 with one line that suggests the headless `kinescope record`; under the test X server
/// each demo opens its window, reacts to a click, quits on `q` with 0 and prints its frame
/// statistics with `--stats`.
final class DemoCommandTests: XCTestCase {
    private var tool: CommandLineTool!

    override func setUpWithError() throws {
        tool = try CommandLineTool.kinescope()
    }

    func testUnknownDemoIsAUsageErrorNamingTheDemos() throws {
        let run = try tool.run(["demo", "nosuch"])
        XCTAssertEqual(run.status, 64, run.standardError)
        XCTAssertEqual(run.errorLines.count, 1, run.standardError)
        XCTAssertTrue(run.standardError.contains("nosuch") && run.standardError.contains("gallery"), run.standardError)
    }

    func testWithoutAReachableDisplayLiveCommandsExit69SuggestingRecord() throws {
        // ":250" names a display no server listens on; "" is no display at all.
        for display in ["", ":250"] {
            for arguments in [["demo", "cycle"], ["view"], []] {
                let run = try tool.run(arguments, environment: ["DISPLAY": display])
                XCTAssertEqual(run.status, 69, "\(arguments) with DISPLAY='\(display)': \(run.standardError)")
                XCTAssertEqual(run.errorLines.count, 1, run.standardError)
                XCTAssertTrue(run.standardError.contains("kinescope record"), run.standardError)
            }
        }
    }

    func testEachDemoOpensReactsToAClickAndQuitsWithItsStatistics() throws {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
            throw XCTSkip("DISPLAY is not set; scripts/test runs these tests under an Xvfb of its own")
        }
        guard let xdotool = Programs.onPath("xdotool") else { throw XCTSkip("xdotool is not installed") }
        guard let importTool = Programs.onPath("import") else { throw XCTSkip("ImageMagick's import is not installed") }
        for name in ["cycle", "cover", "bars", "gallery", "transactions"] {
            let process = tool.makeProcess(["demo", name, "--size", "96x72", "--stats"])
            let error = Pipe()
            process.standardError = error
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let errors = ReadAllInBackground(error.fileHandleForReading)
            let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
            DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
            defer { watchdog.cancel() }

            let search = try runHelper(xdotool, ["search", "--sync", "--pid", String(process.processIdentifier)])
            let window = try XCTUnwrap(search.output.split(separator: "\n").first.map(String.init), "\(name): no window")
            XCTAssertTrue(try runHelper(xdotool, ["getwindowname", window]).output.contains(name), "\(name): the title names it")
            func shown() throws -> [UInt8] { Array(try runTool(importTool, ["-window", window, "-depth", "8", "rgb:-"]).output) }
            // The first read may come before the first present; wait until two reads agree.
            var before = try shown()
            for _ in 0..<100 {
                let again = try shown()
                if again == before && !again.isEmpty { break }
                before = again
            }
            try runHelper(xdotool, ["mousemove", "--window", window, "48", "36", "click", "1"])
            var changed = false
            for _ in 0..<1000 where !changed { changed = try shown() != before }
            XCTAssertTrue(changed, "\(name): the window changed after the click")
            try runHelper(xdotool, ["key", "--window", window, "q"])
            process.waitUntilExit()
            let text = String(decoding: errors.wait(), as: UTF8.self)
            XCTAssertEqual(process.terminationStatus, 0, "\(name): \(text)")
            XCTAssertTrue(text.contains(" presented ("), "\(name): --stats prints the frame statistics: \(text)")
        }
    }
}
