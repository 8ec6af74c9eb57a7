import Foundation
import Glibc
import KinescopeTestSupport
import XCTest

/// `transition` and `record` into one animated file (`.apng`, `.gif`), checked with ffmpeg and
/// ffprobe: an APNG decodes to exactly the PNG folder of the same run, a GIF has the frames and
/// durations the run asked for, `--loop` reaches the file, an interrupted render is finished
/// with the frames drawn so far, and a file size limit keeps whole frames.
final class AnimatedOutputTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var tool: CommandLineTool!

    override func setUpWithError() throws {
        tool = try CommandLineTool.kinescope()
        folder = try TemporaryFolder()
    }

    override func tearDown() { folder?.remove() }

    private func transition(_ out: String, frames: Int = 6, size: String = "32x24", extra: [String] = []) -> [String] {
        ["transition", "fade", "--from", TransitionCommandTests.anchor, "--to", TransitionCommandTests.cone,
         "--frames", String(frames), "--size", size, "--fps", "30", "--out", out] + extra
    }

    private func program(_ name: String) throws -> String {
        guard let path = Programs.onPath(name) else { throw XCTSkip("\(name) is not installed (scripts/install-deps --test)") }
        return path
    }

    /// ffmpeg's frames of `input` as raw RGBA, concatenated, every frame kept as it is.
    private func decode(_ input: String, inputOptions: [String] = []) throws -> Data {
        let run = try runTool(try program("ffmpeg"), ["-v", "error"] + inputOptions
                              + ["-i", input, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        XCTAssertEqual(run.status, 0, "ffmpeg decodes \(input)")
        return run.output
    }

    /// ffprobe's frame count and total duration (sum of the frames' durations), in seconds.
    private func probe(_ input: String) throws -> (frames: Int, seconds: Double) {
        let run = try runTool(try program("ffprobe"), ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                       "frame=pkt_duration_time", "-of", "csv=p=0", input])
        XCTAssertEqual(run.status, 0, "ffprobe reads \(input)")
        let lines = String(decoding: run.output, as: UTF8.self).split(separator: "\n")
        return (lines.count, lines.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.reduce(0, +))
    }

    func testTransitionToAPNGDecodesToThePNGFolderOfTheSameRun() throws {
        for out in ["fade.apng", "frames"] {
            let run = try tool.run(transition(folder.file(out)))
            XCTAssertEqual(run.status, 0, run.standardError)
        }
        let animated = try decode(folder.file("fade.apng"))
        let sequence = try decode(folder.file("frames/frame-%06d.png"), inputOptions: ["-framerate", "30"])
        XCTAssertEqual(animated.count, 6 * 32 * 24 * 4)
        XCTAssertTrue(animated == sequence, "every APNG frame equals its PNG file")
        let probed = try probe(folder.file("fade.apng"))
        XCTAssertEqual(probed.frames, 6)
        XCTAssertEqual(probed.seconds, 0.2, accuracy: 0.001)
        // `--format apng` with a .png name writes the same file.
        let run = try tool.run(transition(folder.file("fade.png"), extra: ["--format", "apng"]))
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder.file("fade.png"))),
                       try Data(contentsOf: URL(fileURLWithPath: folder.file("fade.apng"))))
    }

    func testTransitionAndRecordToGIFHaveTheFramesAndDurationsAskedFor() throws {
        let run = try tool.run(transition(folder.file("fade.gif")))
        XCTAssertEqual(run.status, 0, run.standardError)
        // 30 fps: delays of 3, 3 and 4 cs, said in one warning line.
        XCTAssertEqual(run.errorLines.count, 1, run.standardError)
        XCTAssertTrue(run.standardError.contains("GIF delays are whole centiseconds"), run.standardError)
        XCTAssertTrue(run.standardError.contains("3 or 4 cs"), run.standardError)
        let even = try tool.run(transition(folder.file("even.gif")) + ["--fps", "25"])
        XCTAssertEqual(even.standardError, "", "no warning at 25 fps (4 cs each)")
        let probed = try probe(folder.file("fade.gif"))
        XCTAssertEqual(probed.frames, 6)
        XCTAssertEqual(probed.seconds, 0.2, accuracy: 0.001)

        // 60 fps: the GIF plays at 50, with one warning line naming the rate.
        let demo = ["record", "cover", "--frames", "30", "--size", "48x36", "--fps", "60"]
        let first = try tool.run(demo + ["--out", folder.file("cover.gif")])
        XCTAssertEqual(first.status, 0, first.standardError)
        XCTAssertEqual(first.errorLines.count, 1, first.standardError)
        XCTAssertTrue(first.standardError.contains("GIF plays at most 50 frames per second"), first.standardError)
        XCTAssertTrue(first.standardError.contains("50 fps"), first.standardError)
        let cover = try probe(folder.file("cover.gif"))
        XCTAssertEqual(cover.frames, 25)
        XCTAssertEqual(cover.seconds, 0.5, accuracy: 0.001)
        XCTAssertEqual(try decode(folder.file("cover.gif")).count, 25 * 48 * 36 * 4)
        let second = try tool.run(demo + ["--out", folder.file("again.gif")])
        XCTAssertEqual(second.status, 0, second.standardError)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder.file("cover.gif"))),
                       try Data(contentsOf: URL(fileURLWithPath: folder.file("again.gif"))), "byte-identical runs")
    }

    func testAGIFCanGoToStandardOutputAsTheSameBytesAsItsFile() throws {
        let run = try tool.run(transition("-", extra: ["--format", "gif"]))
        XCTAssertEqual(run.status, 0, run.standardError)
        let path = folder.file("piped.gif")
        try run.standardOutput.write(to: URL(fileURLWithPath: path))
        let written = try tool.run(transition(folder.file("file.gif")))
        XCTAssertEqual(written.status, 0, written.standardError)
        XCTAssertEqual(run.standardOutput, try Data(contentsOf: URL(fileURLWithPath: folder.file("file.gif"))),
                       "the stream is the file's bytes")
        XCTAssertEqual(try probe(path).frames, 6)
    }

    func testLoopReachesTheFile() throws {
        var run = try tool.run(transition(folder.file("three.apng"), frames: 2, extra: ["--loop", "3"]))
        XCTAssertEqual(run.status, 0, run.standardError)
        let apng = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("three.apng"))))
        // acTL data sits after the signature (8), IHDR (25) and acTL's length and type (8).
        XCTAssertEqual(Array(apng[37..<41]), Array("acTL".utf8))
        XCTAssertEqual(Array(apng[41..<49]), [0, 0, 0, 2, 0, 0, 0, 3], "2 frames, 3 plays")

        run = try tool.run(transition(folder.file("once.gif"), frames: 2, extra: ["--loop", "1"]))
        XCTAssertEqual(run.status, 0, run.standardError)
        let once = try Data(contentsOf: URL(fileURLWithPath: folder.file("once.gif")))
        XCTAssertNil(once.range(of: Data("NETSCAPE2.0".utf8)), "played once: no loop extension")
        run = try tool.run(transition(folder.file("forever.gif"), frames: 2))
        let forever = try Data(contentsOf: URL(fileURLWithPath: folder.file("forever.gif")))
        let at = try XCTUnwrap(forever.range(of: Data("NETSCAPE2.0".utf8)))
        XCTAssertEqual(Array(forever[at.upperBound..<(at.upperBound + 5)]), [3, 1, 0, 0, 0], "repetitions 0: for ever")
    }

    func testInterruptedAnimationsAreFinishedWithTheFramesDrawnSoFar() throws {
        for (name, signal) in [("long.gif", SIGINT), ("long.apng", SIGTERM)] {
            let path = folder.file(name)
            let process = tool.makeProcess(transition(path, frames: 100_000, size: "48x36"))
            let error = Pipe()
            process.standardError = error
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let errorText = ReadAllInBackground(error.fileHandleForReading)
            XCTAssertTrue(try waitForChanges(in: folder.path) {
                bytesInFiles(in: folder.path, prefix: ".\(name).") > 40_000 || !process.isRunning
            }, "frames are being written")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let message = String(decoding: errorText.wait(), as: UTF8.self)
            XCTAssertEqual(process.terminationStatus, 128 + signal, message)
            XCTAssertEqual(folder.contents().filter { $0.hasPrefix(".") }, [], "no temporary file left")
            let probed = try probe(path)
            XCTAssertGreaterThan(probed.frames, 1)
            XCTAssertLessThan(probed.frames, 100_000)
            XCTAssertEqual(try decode(path).count, probed.frames * 48 * 36 * 4, "every frame decodes")
            XCTAssertTrue(message.contains("interrupted; \(path) was finished with the "), message)
        }
    }

    func testFileSizeLimitKeepsTheWholeFramesBeforeIt() throws {
        for name in ["limit.gif", "limit.apng"] {
            let path = folder.file(name)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "trap '' XFSZ; ulimit -f 64; exec \"$0\" \"$@\"", tool.url.path]
                + transition(path, frames: 400, size: "64x48")
            let error = Pipe()
            process.standardError = error
            try process.run()
            let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 74, message)
            XCTAssertTrue(message.contains("frames before it were kept"), message)
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            XCTAssertLessThanOrEqual(size, 64 * 1024)
            let probed = try probe(path)
            XCTAssertGreaterThan(probed.frames, 1, message)
            XCTAssertEqual(try decode(path).count, probed.frames * 64 * 48 * 4, "every kept frame decodes")
        }
    }
}
