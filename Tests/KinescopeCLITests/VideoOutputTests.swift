import Foundation
import Glibc
import KinescopeTestSupport
import XCTest

/// `transition` and `record` into WebP, WebM, MP4 and MOV, checked with ffprobe: the extension
/// or `--format` picks the format, options that do not apply are refused, a missing ffmpeg is
/// exit 69 with nothing written, a full device is exit 74, an interrupted WebM or MP4 is
/// finished with the frames drawn so far.
final class VideoOutputTests: XCTestCase {
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

    /// ffprobe's codec name and number of decoded frames of the first video stream.
    private func probe(_ input: String) throws -> (codec: String, frames: Int) {
        let run = try runTool(try program("ffprobe"), ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                                       "stream=codec_name,nb_read_frames", "-of", "csv=p=0", input])
        XCTAssertEqual(run.status, 0, "ffprobe reads \(input)")
        let fields = String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",")
        return (fields.first.map(String.init) ?? "", fields.count > 1 ? Int(fields[1]) ?? -1 : -1)
    }

    func testEachExtensionWritesItsFormatAndFormatOverridesANameWithoutOne() throws {
        for (name, codec) in [("fade.webm", "vp9"), ("fade.mp4", "h264"), ("fade.mov", "prores")] {
            let run = try tool.run(transition(folder.file(name)))
            XCTAssertEqual(run.status, 0, run.standardError)
            XCTAssertEqual(try probe(folder.file(name)).codec, codec)
            XCTAssertEqual(try probe(folder.file(name)).frames, 6, name)
        }
        let webp = try tool.run(transition(folder.file("fade.webp"), extra: ["--loop", "2", "--quality", "80"]))
        XCTAssertEqual(webp.status, 0, webp.standardError)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("fade.webp"))))
        XCTAssertEqual(Array(bytes[0..<4]) + Array(bytes[8..<12]), Array("RIFFWEBP".utf8))
        XCTAssertNotNil(bytes.firstRange(of: Array("ANIM".utf8)), "an animated WebP")
        let record = try tool.run(["record", "cover", "--frames", "4", "--size", "40x30", "--format", "webm",
                                   "--out", folder.file("clip")])
        XCTAssertEqual(record.status, 0, record.standardError)
        XCTAssertEqual(try probe(folder.file("clip")).codec, "vp9")
        // Odd sizes: H.264 is padded, with a warning.
        let odd = try tool.run(transition(folder.file("odd.mp4"), size: "33x25"))
        XCTAssertEqual(odd.status, 0, odd.standardError)
        XCTAssertTrue(odd.standardError.contains("padded with black to 34x26"), odd.standardError)
    }

    func testOptionsThatDoNotApplyAndContradictingNamesAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (transition(folder.file("a.webm"), extra: ["--format", "mp4"]), "the name says a WebM video"),
            (transition(folder.file("a.gif"), extra: ["--quality", "50"]), "has no quality setting"),
            (transition(folder.file("a.mov"), extra: ["--quality", "50"]), "has no quality setting"),
            (transition(folder.file("a.webm"), extra: ["--loop", "2"]), "only an animation loops"),
            (transition(folder.file("a.webm"), extra: ["--crf", "20"]), "only MP4"),
            (transition(folder.file("a.mp4"), extra: ["--preset", "warp"]), "expected one of ultrafast"),
            (transition(folder.file("a.mkv")), "unknown output format 'mkv'"),
            (transition("-", extra: ["--format", "mp4"]), "needs a file, not standard output"),
        ]
        for (arguments, text) in cases {
            let run = try tool.run(arguments)
            XCTAssertEqual(run.status, 64, "\(arguments): \(run.standardError)")
            XCTAssertTrue(run.standardError.contains(text), run.standardError)
        }
        XCTAssertEqual(folder.contents(), [])
    }

    func testWithoutFFmpegOnPathMP4AndMOVExit69AndWriteNothing() throws {
        for name in ["x.mp4", "x.mov"] {
            let run = try tool.run(transition(folder.file(name)), environment: ["PATH": "/kinescope-nothing-here"])
            XCTAssertEqual(run.status, 69, run.standardError)
            XCTAssertEqual(run.errorLines.count, 1, run.standardError)
            XCTAssertTrue(run.standardError.contains("ffmpeg is needed for this format but is not installed"), run.standardError)
            XCTAssertTrue(run.standardError.contains("apt-get install ffmpeg"), run.standardError)
        }
        XCTAssertEqual(folder.contents(), [])
    }

    func testAFullDeviceAndAnUncreatableFileAreClearErrors() throws {
        let full = try tool.run(transition("/dev/full", extra: ["--format", "webp"]))
        XCTAssertEqual(full.status, 74, full.standardError)
        XCTAssertTrue(full.standardError.contains("/dev/full: recording write failed"), full.standardError)
        for name in ["x.webm", "x.mp4"] {
            let run = try tool.run(transition("/proc/\(name)"))
            XCTAssertEqual(run.status, 73, run.standardError)
            XCTAssertTrue(run.standardError.contains("/proc/\(name): cannot create"), run.standardError)
        }
        let device = try tool.run(transition("/dev/full", extra: ["--format", "webm"]))
        XCTAssertEqual(device.status, 73, device.standardError)
        XCTAssertTrue(device.standardError.contains("needs a file it can seek in"), device.standardError)
    }

    func testInterruptedWebMAndMP4AreFinishedWithTheFramesDrawnSoFar() throws {
        for (name, signal) in [("long.webm", SIGINT), ("long.mp4", SIGTERM)] {
            let path = folder.file(name)
            let process = tool.makeProcess(transition(path, frames: 100_000, size: "48x36", extra: name.hasSuffix("mp4") ? ["--preset", "ultrafast"] : []))
            let error = Pipe()
            process.standardError = error
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let errorText = ReadAllInBackground(error.fileHandleForReading)
            XCTAssertTrue(try waitForChanges(in: folder.path) {
                bytesInFiles(in: folder.path, prefix: ".\(name).") > 20_000 || !process.isRunning
            }, "frames are being written")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let message = String(decoding: errorText.wait(), as: UTF8.self)
            XCTAssertEqual(process.terminationStatus, 128 + signal, message)
            XCTAssertEqual(folder.contents().filter { $0.hasPrefix(".") }, [], "no temporary file left")
            let frames = try probe(path).frames
            XCTAssertGreaterThan(frames, 1, message)
            XCTAssertTrue(message.contains("interrupted; \(path) was finished with the \(frames) frames drawn so far"), message)
        }
    }

    func testTwoRunsGiveByteIdenticalFilesForEveryNewFormat() throws {
        for name in ["a.webp", "a.webm", "a.mp4", "a.mov"] {
            var files: [Data] = []
            for run in 0..<2 {
                let path = folder.file("\(run)-\(name)")
                let result = try tool.run(transition(path))
                XCTAssertEqual(result.status, 0, result.standardError)
                files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
            XCTAssertEqual(files[0], files[1], name)
        }
    }
}
