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
}
