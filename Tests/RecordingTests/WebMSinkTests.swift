import Foundation
import KinescopeTestSupport
import Raster
@testable import Recording
import XCTest

/// WebM: ffprobe sees one VP9 track with BT.709 tags, AlphaMode 1, the frame count and duration;
/// ffmpeg's libvpx-vp9 decoder gives the alpha back; two runs give the same bytes; a file cut
/// off before `finish()` (no Cues, unknown sizes) still plays.
final class WebMSinkTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() { folder.remove() }

    private func record(_ frames: [Bitmap], name: String = "out.webm", fps: Int = 30, alpha: Bool = true) throws -> String {
        let path = folder.file(name)
        let sink = try WebMSink(path: path, size: frames[0].size, framesPerSecond: fps, quality: 80, hasAlpha: alpha,
                                keyframeInterval: 4)
        for (i, frame) in frames.enumerated() { try sink.consume(frame, index: i) }
        try sink.finish()
        return path
    }

    private func probe(_ path: String, _ entries: String) throws -> String {
        let run = try runTool(try FFmpeg.path("ffprobe"), ["-v", "error", "-show_entries", entries, "-of", "default=nw=1", path])
        XCTAssertEqual(run.status, 0)
        return String(decoding: run.output, as: UTF8.self)
    }

    func testFFprobeSeesOneTaggedVP9TrackWithAlphaModeFramesAndDuration() throws {
        let path = try record(movingSquareFrames())
        let text = try probe(path, "stream=codec_name,width,height,color_space,color_range,color_primaries,color_transfer:stream_tags=alpha_mode:format=duration")
        for line in ["codec_name=vp9", "width=40", "height=30", "color_space=bt709", "color_range=tv",
                     "color_primaries=bt709", "color_transfer=bt709", "TAG:alpha_mode=1", "duration=0.267000"] {
            XCTAssertTrue(text.contains(line), "\(line) in \(text)")
        }
        XCTAssertEqual(try FFmpeg.probe(path).frames, 8)
    }

    func testLibvpxDecodesTheAlphaBackAndTheColoursOfOpaqueAreas() throws {
        let frames = movingSquareFrames()
        let path = try record(frames)
        let decoded = try FFmpeg.decodeRGBA(path, width: 40, height: 30, inputOptions: ["-c:v", "libvpx-vp9"])
        XCTAssertEqual(decoded.count, 8)
        for (index, frame) in decoded.enumerated() {
            let source = frames[index].straightRGBA()
            var alphaError = 0, colourError = 0, opaque = 0
            for i in stride(from: 0, to: source.count, by: 4) {
                alphaError = max(alphaError, abs(Int(frame[i + 3]) - Int(source[i + 3])))
                if source[i + 3] == 255 {
                    opaque += 1
                    for c in 0..<3 { colourError += abs(Int(frame[i + c]) - Int(source[i + c])) }
                }
            }
            XCTAssertLessThanOrEqual(alphaError, 12, "frame \(index): alpha comes back (VP9 at cq 13 on hard edges)")
            XCTAssertLessThan(Double(colourError) / Double(3 * opaque), 6, "frame \(index): mean colour error (hard edges in 4:2:0)")
        }
        // The last frame's hole: alpha 0 and 60 come back as 0 and about 60.
        let last = decoded[7]
        XCTAssertLessThanOrEqual(last[(22 * 40 + 5) * 4 + 3], 8)
        XCTAssertEqual(Double(last[(22 * 40 + 9) * 4 + 3]), 60, accuracy: 10)
    }

    func testTwoRecordingsAreByteIdenticalAndOpaqueOnesHaveNoAlphaStream() throws {
        let frames = movingSquareFrames()
        let a = try Data(contentsOf: URL(fileURLWithPath: try record(frames, name: "a.webm")))
        let b = try Data(contentsOf: URL(fileURLWithPath: try record(frames, name: "b.webm")))
        XCTAssertEqual(a, b)
        let opaque = try record(frames, name: "opaque.webm", alpha: false)
        XCTAssertFalse(try probe(opaque, "stream_tags=alpha_mode").contains("alpha_mode"))
        XCTAssertEqual(try FFmpeg.probe(opaque).frames, 8)
    }

    func testAFileCutOffBeforeFinishStillPlaysAsALiveStream() throws {
        let frames = movingSquareFrames()
        let path = folder.file("cut.webm")
        let sink = try WebMSink(path: path, size: frames[0].size, framesPerSecond: 30, keyframeInterval: 4)
        for i in 0..<6 { try sink.consume(frames[i], index: i) }
        // What a SIGKILL leaves: the temporary file as it is now (no Cues, unknown sizes).
        let temporary = try XCTUnwrap(folder.contents().first { $0.hasPrefix(".cut.webm.") })
        try FileManager.default.copyItem(atPath: folder.file(temporary), toPath: folder.file("copy.webm"))
        let decoded = try FFmpeg.decodeRGBA(folder.file("copy.webm"), width: 40, height: 30, inputOptions: ["-c:v", "libvpx-vp9"])
        XCTAssertEqual(decoded.count, 6)
        try sink.finish()
        XCTAssertEqual(try FFmpeg.probe(path).frames, 6)
        XCTAssertEqual(folder.contents().sorted(), ["copy.webm", "cut.webm"])
    }

    func testEBMLSizesAndIntegersUseTheShortestValidEncoding() {
        var w = EBMLWriter()
        w.size(126)
        w.size(127)  // 0xFF alone would mean "unknown"
        w.unsigned(0x83, 0)
        w.signed(0xFB, -33)
        XCTAssertEqual(w.bytes, [0xFE, 0x40, 0x7F, 0x83, 0x81, 0x00, 0xFB, 0x81, 0xDF])
        XCTAssertEqual(EBMLWriter.eightByteSize(5), [0x01, 0, 0, 0, 0, 0, 0, 5])
        XCTAssertThrowsError(try WebMSink(path: "/tmp/x.webm", size: try PixelSize(width: 8, height: 8), quality: -1))
    }
}
