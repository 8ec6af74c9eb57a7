import Foundation
import KinescopeTestSupport
import Raster
@testable import Recording
import XCTest

/// MP4 and MOV through the ffmpeg program: tags, sizes, determinism, alpha in ProRes 4444, and a
/// failing ffmpeg reported with its last error line and nothing left behind.
final class FFmpegSinkTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        _ = try FFmpeg.path("ffmpeg")
        folder = try TemporaryFolder()
    }

    override func tearDown() { folder?.remove() }

    private func record(_ frames: [Bitmap], name: String, codec: FFmpegSink.Codec) throws -> String {
        let path = folder.file(name)
        let sink = try FFmpegSink(path: path, size: frames[0].size, framesPerSecond: 30, codec: codec)
        for (i, frame) in frames.enumerated() { try sink.consume(frame, index: i) }
        try sink.finish()
        return path
    }

    private func streamInfo(_ path: String) throws -> String {
        let run = try runTool(try FFmpeg.path("ffprobe"), ["-v", "error", "-show_entries",
            "stream=codec_name,profile,width,height,pix_fmt,color_space,color_range,color_primaries,color_transfer",
            "-of", "default=nw=1", path])
        return String(decoding: run.output, as: UTF8.self)
    }

    func testMP4IsTaggedBT709PaddedToEvenSizesAndByteIdenticalAcrossRuns() throws {
        let frames = movingSquareFrames(width: 41, height: 29)
        let a = try record(frames, name: "a.mp4", codec: .h264(crf: 18, preset: "medium"))
        let b = try record(frames, name: "b.mp4", codec: .h264(crf: 18, preset: "medium"))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: a)), try Data(contentsOf: URL(fileURLWithPath: b)))
        let info = try streamInfo(a)
        for line in ["codec_name=h264", "profile=High", "width=42", "height=30", "pix_fmt=yuv420p", "color_space=bt709",
                     "color_range=tv", "color_primaries=bt709", "color_transfer=bt709"] {
            XCTAssertTrue(info.contains(line), "\(line) in \(info)")
        }
        XCTAssertEqual(try FFmpeg.probe(a).frames, 8)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: a)))
        let moov = try XCTUnwrap(bytes.firstRange(of: Array("moov".utf8))), mdat = try XCTUnwrap(bytes.firstRange(of: Array("mdat".utf8)))
        XCTAssertLessThan(moov.lowerBound, mdat.lowerBound, "+faststart puts the index first")
        XCTAssertEqual(folder.contents().sorted(), ["a.mp4", "b.mp4"])
    }

    func testMOVIsProRes4444WhoseAlphaComesBack() throws {
        let frames = movingSquareFrames()
        let path = try record(frames, name: "alpha.mov", codec: .proRes4444)
        let info = try streamInfo(path)
        for line in ["codec_name=prores", "profile=4444", "color_space=bt709", "color_primaries=bt709"] {
            XCTAssertTrue(info.contains(line), "\(line) in \(info)")
        }
        let decoded = try FFmpeg.decodeRGBA(path, width: 40, height: 30)
        XCTAssertEqual(decoded.count, 8)
        let source = frames[7].straightRGBA(), frame = decoded[7]
        var worstAlpha = 0
        for i in stride(from: 3, to: source.count, by: 4) { worstAlpha = max(worstAlpha, abs(Int(frame[i]) - Int(source[i]))) }
        XCTAssertLessThanOrEqual(worstAlpha, 1, "ProRes keeps alpha at 16 bits")
        XCTAssertEqual(Array(frame[((22 * 40 + 5) * 4)...((22 * 40 + 5) * 4 + 3)]).last, 0, "a transparent pixel stays transparent")
    }

    func testAFailingFFmpegIsNamedWithItsLastErrorLineAndLeavesNothing() throws {
        let script = folder.file("fake-ffmpeg")
        try "#!/bin/sh\necho 'first line' >&2\necho 'Conversion failed: simulated' >&2\nexit 1\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let path = folder.file("broken.mp4")
        let sink = try FFmpegSink(path: path, size: try PixelSize(width: 16, height: 16), codec: .h264(crf: 23, preset: "fast"),
                                  ffmpeg: script)
        let frame = solidFrame(width: 16, height: 16, PremultipliedColor(red: 9, green: 9, blue: 9, alpha: 255))
        var failure: RecordingError?
        do {
            for i in 0..<400 { try sink.consume(frame, index: i) }
            try sink.finish()
        } catch {
            failure = error
        }
        guard case let .writeFailed(failedPath, reason) = failure else { return XCTFail("expected writeFailed, got \(String(describing: failure))") }
        XCTAssertEqual(failedPath, path)
        XCTAssertTrue(reason.contains("exited with status 1: Conversion failed: simulated"), reason)
        XCTAssertEqual(folder.contents(), ["fake-ffmpeg"], "no temporary file left")
    }

    func testAMissingProgramAndBadSettingsAreRefusedBeforeAnythingIsCreated() throws {
        XCTAssertNil(FFmpegProcess.locate("kinescope-no-such-program"))
        let size = try PixelSize(width: 8, height: 8)
        XCTAssertThrowsError(try FFmpegSink(path: folder.file("a.mp4"), size: size, codec: .h264(crf: 52, preset: "medium")))
        XCTAssertThrowsError(try FFmpegSink(path: folder.file("a.mp4"), size: size, codec: .h264(crf: 20, preset: "warp")))
        XCTAssertEqual(folder.contents(), [])
    }
}
