import CWebP
import Foundation
import KinescopeTestSupport
import Raster
@testable import Recording
import XCTest

/// An animated WebP decoded by libwebp's own `WebPAnimDecoder` (ffmpeg 5.1 cannot decode
/// animated WebP): each frame as straight RGBA, the time it ends (ms), the loop count.
struct DecodedWebP {
    var frames: [[UInt8]] = []
    var endTimes: [Int] = []
    var loopCount = -1
    var width = 0, height = 0

    init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var options = WebPAnimDecoderOptions()
        guard kinescope_WebPAnimDecoderOptionsInit(&options) != 0 else { throw TestSupportError("libwebp version mismatch") }
        options.color_mode = MODE_RGBA
        try bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let decoder = kinescope_WebPAnimDecoderNew(&data, &options) else { throw TestSupportError("\(path) is not a WebP") }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { throw TestSupportError("no animation info") }
            width = Int(info.canvas_width)
            height = Int(info.canvas_height)
            loopCount = Int(info.loop_count)
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
                    throw TestSupportError("frame \(frames.count) does not decode")
                }
                frames.append(Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)))
                endTimes.append(Int(timestamp))
            }
        }
    }
}

/// WebP: lossless frames decode exactly with their millisecond timestamps and loop count, lossy
/// ones stay close with their alpha, two runs give the same bytes, and bad settings, an empty or
/// abandoned recording and a full device fail clearly.
final class WebPSinkTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() { folder.remove() }

    private func record(_ frames: [Bitmap], name: String = "out.webp", fps: Int = 30, loop: Int = 0,
                        compression: WebPSink.Compression = .lossless) throws -> String {
        let path = folder.file(name)
        let sink = try WebPSink(destination: .file(path: path), size: frames[0].size, framesPerSecond: fps,
                                loopCount: loop, compression: compression)
        for (i, frame) in frames.enumerated() { try sink.consume(frame, index: i) }
        try sink.finish()
        return path
    }

    func testLosslessFramesDecodeExactlyWithTheirTimestampsAndLoopCount() throws {
        let frames = movingSquareFrames()
        let decoded = try DecodedWebP(path: try record(frames, loop: 3))
        XCTAssertEqual(decoded.loopCount, 3)
        XCTAssertEqual(decoded.width, 40)
        // libwebp merges frame 4 (a repeat of frame 3) into frame 3, lasting both their times.
        var expected = frames.map { $0.straightRGBA() }
        expected.remove(at: 4)
        XCTAssertEqual(decoded.frames.count, expected.count)
        for (i, frame) in decoded.frames.enumerated() where i < expected.count {
            XCTAssertTrue(frame == expected[i], "frame \(i) decodes exactly")
        }
        // Frame i starts at round(1000 i / 30) ms: 0, 33, 67, 100, (133), 167, 200, 233; the last ends at 267.
        XCTAssertEqual(decoded.endTimes, [33, 67, 100, 167, 200, 233, 267])
    }

    func testLossyFramesKeepTheirAlphaAndStayCloseToTheSource() throws {
        let frames = movingSquareFrames()
        let decoded = try DecodedWebP(path: try record(frames, compression: .lossy(quality: 90)))
        let source = frames[0].straightRGBA(), frame = decoded.frames[0]
        var totalError = 0
        for i in stride(from: 0, to: source.count, by: 4) {
            XCTAssertEqual(frame[i + 3], source[i + 3], "alpha of pixel \(i / 4) is kept")
            for c in 0..<3 { totalError += abs(Int(frame[i + c]) - Int(source[i + c])) }
        }
        // 4:2:0 VP8 smears the saturated square's edges (up to 140 levels on its border pixels in
        // a 40×30 frame); the mean stays small. Flat areas are checked by the colour-bar test.
        XCTAssertLessThan(Double(totalError) / Double(source.count / 4 * 3), 6, "mean error a channel")
    }

    func testTwoRecordingsAreByteIdenticalAndAbandonedOrEmptyOnesLeaveNothing() throws {
        let frames = movingSquareFrames()
        let first = try Data(contentsOf: URL(fileURLWithPath: try record(frames, name: "a.webp")))
        let second = try Data(contentsOf: URL(fileURLWithPath: try record(frames, name: "b.webp")))
        XCTAssertEqual(first, second)
        do {
            let sink = try WebPSink(destination: .file(path: folder.file("abandoned.webp")), size: frames[0].size)
            try sink.consume(frames[0], index: 0)
        }
        do {
            let empty = try WebPSink(destination: .file(path: folder.file("empty.webp")), size: frames[0].size)
            try empty.finish()
        }
        XCTAssertEqual(folder.contents().sorted(), ["a.webp", "b.webp"])
    }

    func testBadSettingsAndAFullDeviceFailClearly() throws {
        let size = try PixelSize(width: 8, height: 8)
        XCTAssertThrowsError(try WebPSink(destination: .file(path: folder.file("q.webp")), size: size,
                                          compression: .lossy(quality: 101))) { error in
            XCTAssertEqual(error as? RecordingError, .invalidQuality(path: folder.file("q.webp"), quality: 101))
        }
        XCTAssertThrowsError(try WebPSink(destination: .file(path: folder.file("big.webp")),
                                          size: try PixelSize(width: 20000, height: 8)))
        let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
        defer { close(fd) }
        let sink = try WebPSink(destination: .fileDescriptor(fd, name: "/dev/full"), size: size)
        try sink.consume(solidFrame(width: 8, height: 8, PremultipliedColor(red: 1, green: 2, blue: 3, alpha: 255)), index: 0)
        XCTAssertThrowsError(try sink.finish()) { error in
            guard case let .writeFailed(path, reason) = error as? RecordingError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "/dev/full")
            XCTAssertTrue(reason.contains("ENOSPC"), reason)
        }
    }

    func testStraightAlphaTableMatchesTheReferenceForEveryChannelAndAlpha() {
        var words: [UInt32] = []
        for a in 0..<256 {
            for c in 0...a { words.append(UInt32(a) << 24 | UInt32(c) << 16 | UInt32(a - c) << 8 | UInt32(c / 2)) }
        }
        var out = [UInt32](repeating: 0, count: words.count)
        words.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { StraightAlpha.convert(source.baseAddress!, to: $0.baseAddress!, count: words.count) }
        }
        XCTAssertEqual(out, StraightAlpha.referenceRow(words))
    }
}
