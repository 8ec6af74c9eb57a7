import Foundation
import KinescopeTestSupport
import XCTest

/// `kinescope record`: demos run headless on a virtual clock; the same command gives the same
/// bytes. Sizes and frame counts are small to keep the debug build quick.
final class RecordCommandTests: XCTestCase {
    func testRecordingTwiceGivesIdenticalFiles() throws {
        let tool = try CommandLineTool.kinescope()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let arguments = ["record", "cycle", "--frames", "16", "--fps", "10", "--size", "96x72", "--click-at", "0.2"]
        let first = try tool.run(arguments + ["--out", folder.file("a")])
        let second = try tool.run(arguments + ["--out", folder.file("b")], environment: ["KINESCOPE_THREADS": "1"])
        XCTAssertEqual(first.status, 0, first.standardError)
        XCTAssertEqual(second.status, 0, second.standardError)
        try assertSameFiles(in: folder, "a", "b", count: 16, difference: "between runs")
        let start = try Data(contentsOf: URL(fileURLWithPath: folder.file("a/frame-000001.png")))
        let middle = try Data(contentsOf: URL(fileURLWithPath: folder.file("a/frame-000008.png")))
        XCTAssertNotEqual(start, middle, "the click at 0.2 s starts a transition")
    }

    func testY4MRecordingParsesWithOneFramePerStep() throws {
        let tool = try CommandLineTool.kinescope()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try tool.run(["record", "cover", "--seconds", "0.5", "--fps", "10", "--size", "64x48",
                                "--click-at", "0", "--out", folder.file("cover.y4m")])
        XCTAssertEqual(run.status, 0, run.standardError)
        let stream = try Y4MFile(Array(try Data(contentsOf: URL(fileURLWithPath: folder.file("cover.y4m")))))
        XCTAssertEqual(stream.width, 64)
        XCTAssertEqual(stream.height, 48)
        XCTAssertEqual(stream.frames.count, 5)
        XCTAssertTrue(stream.tokens.contains("F10:1"), "\(stream.tokens)")
    }

    func testBadArgumentsExitWithUsage() throws {
        let tool = try CommandLineTool.kinescope()
        for arguments in [["record", "nope", "--out", "/tmp/x"], ["record", "cover"], ["record", "cover", "--out", "/tmp/x", "--frames", "0"]] {
            let run = try tool.run(arguments)
            XCTAssertEqual(run.status, 64, "\(arguments): \(run.standardError)")
            XCTAssertEqual(run.errorLines.count, 1, run.standardError)
        }
        let unwritable = try tool.run(["record", "cover", "--frames", "2", "--out", "/proc/kinescope/out.y4m"])
        XCTAssertEqual(unwritable.status, 73, unwritable.standardError)
    }
}
