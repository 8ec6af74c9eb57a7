import Codecs
import Foundation
import KinescopeTestSupport
import Raster
import XCTest

/// The command line's options that choose which frames are written and how they are named:
/// `--out frames/%05d.png`, stills (`--at`) and ranges (`--range`).
final class StillsAndRangesTests: XCTestCase {
    static let anchor = TransitionCommandTests.anchor
    static let cone = TransitionCommandTests.cone

    private var folder: TemporaryFolder!
    private var tool: CommandLineTool!

    override func setUpWithError() throws {
        tool = try CommandLineTool.kinescope()
        folder = try TemporaryFolder()
    }

    override func tearDown() { folder?.remove() }

    private func transition(_ extra: [String]) throws -> CommandLineTool.Run {
        try tool.run(["transition", "fade", "--from", Self.anchor, "--to", Self.cone, "--size", "64x48"] + extra)
    }

    func testAPrintfPatternNamesTheFramesAndMatchesTheDefaultNames() throws {
        // The folder is created as for a plain folder output.
        let run = try transition(["--frames", "3", "--out", folder.file("named") + "/%05d.png"])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(folder.contents("named"), ["00001.png", "00002.png", "00003.png"])
        let plain = try transition(["--frames", "3", "--out", folder.file("plain")])
        XCTAssertEqual(plain.status, 0, plain.standardError)
        for i in 1...3 {
            let a = try Data(contentsOf: URL(fileURLWithPath: folder.file("named") + String(format: "/%05d.png", i)))
            let b = try Data(contentsOf: URL(fileURLWithPath: folder.file("plain") + String(format: "/frame-%06d.png", i)))
            XCTAssertEqual(a, b, "frame \(i) has the same bytes under either name")
        }
    }

    private func png(_ path: String) throws -> Bitmap { try ImageFile.read(contentsOf: path) }

    func testATransitionStillIsThatFrameOfTheSequenceAndARangeIsThatSliceOfIt() throws {
        let full = try transition(["--frames", "11", "--out", folder.file("full") + "/"])
        XCTAssertEqual(full.status, 0, full.standardError)
        let frame = { (i: Int) throws -> Bitmap in try self.png(self.folder.file("full") + String(format: "/frame-%06d.png", i + 1)) }

        let still = try transition(["--at", "0.3", "--out", folder.file("still.png")])
        XCTAssertEqual(still.status, 0, still.standardError)
        XCTAssertTrue(try png(folder.file("still.png")).hasSamePixels(as: try frame(3)), "progress 0.3 is frame 3 of 11")

        let part = try transition(["--frames", "11", "--range", "0.2-0.55", "--out", folder.file("part") + "/"])
        XCTAssertEqual(part.status, 0, part.standardError)
        XCTAssertEqual(folder.contents("part").count, 4, "frames 2, 3, 4 and 5 (progress 0.2…0.5)")
        for k in 0..<4 {
            let written = try png(folder.file("part") + String(format: "/frame-%06d.png", k + 1))
            XCTAssertTrue(written.hasSamePixels(as: try frame(k + 2)), "range frame \(k) is frame \(k + 2)")
        }
    }

    func testOutOfRangeStillsAndRangesAreUsageErrors() throws {
        for (arguments, mention) in [(["--at", "1.5", "--out", folder.file("a.png")], "--at 1.5"),
                                     (["--at", "-0.1", "--out", folder.file("a.png")], "--at -0.1"),
                                     (["--at", "nan", "--out", folder.file("a.png")], "--at nan"),
                                     (["--at", "0.5", "--out", folder.file("a.gif")], "one PNG file"),
                                     (["--at", "0.5", "--out", folder.file("dir") + "/"], "one PNG file"),
                                     (["--at", "0.5", "--range", "0-1", "--out", folder.file("a.png")], "one of them"),
                                     (["--range", "0.8-0.2", "--out", folder.file("r") + "/"], "--range 0.8-0.2"),
                                     (["--range", "0.5-1.2", "--out", folder.file("r") + "/"], "--range 0.5-1.2"),
                                     (["--range", "0.51-0.52", "--frames", "3", "--out", folder.file("r") + "/"], "no frame of 3")] {
            let run = try transition(arguments)
            XCTAssertEqual(run.status, 64, "\(arguments): \(run.standardError)")
            XCTAssertTrue(run.standardError.contains(mention), "\(arguments): \(run.standardError)")
        }
        XCTAssertEqual(folder.contents(), [], "nothing written")
    }

    func testARecordStillIsTheFrameShownAtThatTime() throws {
        let base = ["record", "cover", "--size", "48x36", "--fps", "20"]
        let run = try tool.run(base + ["--frames", "12", "--out", folder.file("frames") + "/"])
        XCTAssertEqual(run.status, 0, run.standardError)
        let still = try tool.run(base + ["--at", "0.43", "--out", folder.file("still.png")])
        XCTAssertEqual(still.status, 0, still.standardError)
        let expected = try png(folder.file("frames") + "/frame-000009.png")  // 0.43 s · 20 fps → frame 8
        XCTAssertTrue(try png(folder.file("still.png")).hasSamePixels(as: expected))
        let late = try tool.run(base + ["--frames", "12", "--at", "0.6", "--out", folder.file("late.png")])
        XCTAssertEqual(late.status, 64, late.standardError)
        XCTAssertTrue(late.standardError.contains("ends before 0.6 s"), late.standardError)
    }
}
