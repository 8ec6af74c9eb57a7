import Foundation
import KinescopeTestSupport
import XCTest

/// `kinescope record --input SCRIPT`: scripted clicks and drags give recordings that are the
/// same byte for byte on every run and at any number of render threads.
final class InputScriptRecordingTests: XCTestCase {
    func testScriptedPushAndEdgePopRecordIdenticallyOnOneAndTwoThreads() throws {
        let tool = try CommandLineTool.kinescope()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = folder.file("pop.txt")
        try """
        # tap the second row (pushes its detail screen), then drag it back from the left edge
        0.20 click 80 130
        0.90 drag 2 150 -> 150 150 over 0.4
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let arguments = ["record", "navigation", "--frames", "40", "--fps", "20", "--size", "160x240", "--input", script]
        let two = try tool.run(arguments + ["--out", folder.file("two")], environment: ["KINESCOPE_THREADS": "2"])
        let one = try tool.run(arguments + ["--out", folder.file("one")], environment: ["KINESCOPE_THREADS": "1"])
        XCTAssertEqual(two.status, 0, two.standardError)
        XCTAssertEqual(one.status, 0, one.standardError)
        try assertSameFiles(in: folder, "two", "one", count: 40, difference: "between 2 and 1 threads")
        let start = try frame(folder, "two", "frame-000001.png")
        let pushed = try frame(folder, "two", "frame-000018.png")
        let midDrag = try frame(folder, "two", "frame-000024.png")
        XCTAssertNotEqual(start, pushed, "the click pushed the detail screen")
        XCTAssertNotEqual(midDrag, pushed, "the drag moves the detail screen")
        XCTAssertNotEqual(midDrag, start)
        XCTAssertEqual(try frame(folder, "two", "frame-000040.png"), start, "the pop finished: the list as it began")
    }

    func testScriptedFlickRecordsIdenticallyOnOneAndTwoThreads() throws {
        let tool = try CommandLineTool.kinescope()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = folder.file("flick.json")
        try #"[{"time": 0.1, "drag": {"from": [80, 220], "to": [80, 120], "over": 0.1}}]"#
            .write(toFile: script, atomically: true, encoding: .utf8)
        let arguments = ["record", "scroll", "--frames", "16", "--fps", "20", "--size", "160x240", "--input", script]
        let two = try tool.run(arguments + ["--out", folder.file("two.y4m")], environment: ["KINESCOPE_THREADS": "2"])
        let one = try tool.run(arguments + ["--out", folder.file("one.y4m")], environment: ["KINESCOPE_THREADS": "1"])
        XCTAssertEqual(two.status, 0, two.standardError)
        XCTAssertEqual(one.status, 0, one.standardError)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.file("two.y4m")))
        XCTAssertEqual(bytes, try Data(contentsOf: URL(fileURLWithPath: folder.file("one.y4m"))))
        let frames = try Y4MFile(Array(bytes)).frames
        XCTAssertEqual(frames.count, 16)
        XCTAssertNotEqual(frames[0], frames[4], "the flick scrolled the table")
        XCTAssertNotEqual(frames[14], frames[15], "still gliding after the release")
    }

    func testClickAtGivesTheBytesOfTheSameClickInAScript() throws {
        let tool = try CommandLineTool.kinescope()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = folder.file("click.txt")
        try "0.2 click 32 24   # the centre of 64x48\n".write(toFile: script, atomically: true, encoding: .utf8)
        let arguments = ["record", "cycle", "--frames", "8", "--fps", "10", "--size", "64x48"]
        let clicked = try tool.run(arguments + ["--click-at", "0.2", "--out", folder.file("click-at.y4m")])
        let scripted = try tool.run(arguments + ["--input", script, "--out", folder.file("script.y4m")])
        let idle = try tool.run(arguments + ["--out", folder.file("idle.y4m")])
        for run in [clicked, scripted, idle] { XCTAssertEqual(run.status, 0, run.standardError) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.file("click-at.y4m")))
        XCTAssertEqual(bytes, try Data(contentsOf: URL(fileURLWithPath: folder.file("script.y4m"))))
        XCTAssertNotEqual(bytes, try Data(contentsOf: URL(fileURLWithPath: folder.file("idle.y4m"))), "the click starts a flip")
    }

    func testABadScriptIsOneLineNamingTheLineAndNothingIsWritten() throws {
        let tool = try CommandLineTool.kinescope()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = folder.file("bad.txt")
        try "0.1 click 10 10\n0.2 clik 10 10\n".write(toFile: script, atomically: true, encoding: .utf8)
        let bad = try tool.run(["record", "cover", "--frames", "2", "--size", "32x24", "--input", script,
                                "--out", folder.file("out.y4m")])
        XCTAssertEqual(bad.status, 65, bad.standardError)
        XCTAssertEqual(bad.errorLines, ["kinescope: \(script):2: unknown verb 'clik'; expected click, drag, down, move, up, wheel, key or type"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.file("out.y4m")))

        let missing = try tool.run(["record", "cover", "--frames", "2", "--input", folder.file("none.txt"),
                                    "--out", folder.file("out.y4m")])
        XCTAssertEqual(missing.status, 66, missing.standardError)
        XCTAssertEqual(missing.errorLines.count, 1, missing.standardError)

        let both = try tool.run(["record", "cover", "--frames", "2", "--input", script, "--click-at", "0",
                                 "--out", folder.file("out.y4m")])
        XCTAssertEqual(both.status, 64, both.standardError)
        XCTAssertEqual(both.errorLines.count, 1, both.standardError)
    }

    private func frame(_ folder: TemporaryFolder, _ run: String, _ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: folder.file("\(run)/\(name)")))
    }
}
