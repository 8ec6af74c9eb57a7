import Codecs
import Foundation
import KinescopeTestSupport
import Raster
@testable import Recording
import XCTest

/// One colour-bar frame through every format and back through ffmpeg (libwebp for WebP, which
/// ffmpeg 5.1 cannot decode when animated): lossless formats come back exactly, lossy ones
/// within a stated number of code values at the bar centres (4:2:0 chroma blurs the edges
/// between bars, so the 4 columns either side of each edge are not compared).
///
/// Measured tolerances: Y4M 4:2:0 and MP4 (CRF 18) ±2; WebM ±2 at quality 90 and ±3 at the
/// default 75 (VP9's quantizer, not the colour conversion: quality 100 gives ±2); lossy WebP at
/// quality 90 ±3 (VP8's quantizer); ProRes 4444 and Y4M 4:4:4 ±1 everywhere.
final class ColourBarRoundTripTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        _ = try FFmpeg.path("ffmpeg")
        folder = try TemporaryFolder()
    }

    override func tearDown() { folder?.remove() }

    static let barWidth = 16, height = 16
    /// White, yellow, cyan, green, magenta, red, blue, black, then two greys and a skin tone.
    static let bars: [(UInt8, UInt8, UInt8)] = [(255, 255, 255), (255, 255, 0), (0, 255, 255), (0, 255, 0), (255, 0, 255),
                                                (255, 0, 0), (0, 0, 255), (0, 0, 0), (128, 128, 128), (64, 64, 64),
                                                (224, 172, 140)]

    static func barFrame() -> Bitmap {
        let frame = Bitmap(width: barWidth * bars.count, height: height)
        for (i, bar) in bars.enumerated() {
            frame.fill(PixelRect(x: i * barWidth, y: 0, width: barWidth, height: height),
                       with: PremultipliedColor(red: bar.0, green: bar.1, blue: bar.2, alpha: 255))
        }
        return frame
    }

    private func write(_ sink: any FrameSink, frames: Int = 3) throws {
        let frame = Self.barFrame()
        for i in 0..<frames { try sink.consume(frame, index: i) }
        try sink.finish()
    }

    /// The largest difference of any channel at the bar centres (or everywhere when `whole`)
    /// between `rgba` and the bars.
    private func worstError(_ rgba: [UInt8], width: Int, whole: Bool = false) -> Int {
        var worst = 0
        for y in 0..<Self.height {
            for (i, bar) in Self.bars.enumerated() {
                let columns = whole ? 0..<Self.barWidth : 4..<(Self.barWidth - 4)
                for dx in columns {
                    let o = (y * width + i * Self.barWidth + dx) * 4
                    for (c, expected) in [bar.0, bar.1, bar.2].enumerated() {
                        worst = max(worst, abs(Int(rgba[o + c]) - Int(expected)))
                    }
                    worst = max(worst, 255 - Int(rgba[o + 3]))
                }
            }
        }
        return worst
    }

    func testEveryFormatGivesTheBarsBackWithinItsTolerance() throws {
        let size = Self.barFrame().size, width = size.width
        var results: [String: Int] = [:]

        let png = try PNGSequenceSink(folder: folder.file("png"))
        try write(png, frames: 1)
        results["png"] = worstError(try FFmpeg.decodeRGBA(png.path(forIndex: 0), width: width, height: Self.height)[0], width: width, whole: true)
        try write(try APNGSink(path: folder.file("bars.apng"), size: size))
        results["apng"] = try FFmpeg.decodeRGBA(folder.file("bars.apng"), width: width, height: Self.height)
            .map { worstError($0, width: width, whole: true) }.max()
        try write(try GIFSink(destination: .file(path: folder.file("bars.gif")), size: size, framesPerSecond: 30))
        results["gif"] = try FFmpeg.decodeRGBA(folder.file("bars.gif"), width: width, height: Self.height)
            .map { worstError($0, width: width, whole: true) }.max()
        try write(try WebPSink(destination: .file(path: folder.file("bars.webp")), size: size))
        results["webp"] = try DecodedWebP(path: folder.file("bars.webp")).frames.map { worstError($0, width: width, whole: true) }.max()
        try write(try WebPSink(destination: .file(path: folder.file("lossy.webp")), size: size, compression: .lossy(quality: 90)))
        results["webp lossy"] = try DecodedWebP(path: folder.file("lossy.webp")).frames.map { worstError($0, width: width) }.max()
        try write(try Y4MSink(destination: .file(path: folder.file("bars.y4m")), size: size))
        results["y4m"] = try FFmpeg.decodeRGBA(folder.file("bars.y4m"), width: width, height: Self.height)
            .map { worstError($0, width: width) }.max()
        try write(try Y4MSink(destination: .file(path: folder.file("bars444.y4m")), size: size, chroma: .yuv444))
        results["y4m 444"] = try FFmpeg.decodeRGBA(folder.file("bars444.y4m"), width: width, height: Self.height)
            .map { worstError($0, width: width, whole: true) }.max()
        try write(try WebMSink(path: folder.file("bars.webm"), size: size))
        results["webm"] = try FFmpeg.decodeRGBA(folder.file("bars.webm"), width: width, height: Self.height,
                                                inputOptions: ["-c:v", "libvpx-vp9"]).map { worstError($0, width: width) }.max()
        for q in [90] {
            try write(try WebMSink(path: folder.file("q\(q).webm"), size: size, quality: q))
            results["webm q\(q)"] = try FFmpeg.decodeRGBA(folder.file("q\(q).webm"), width: width, height: Self.height,
                                                inputOptions: ["-c:v", "libvpx-vp9"]).map { worstError($0, width: width) }.max()
        }
        try write(try FFmpegSink(path: folder.file("bars.mp4"), size: size, codec: .h264(crf: 18, preset: "medium")))
        results["mp4"] = try FFmpeg.decodeRGBA(folder.file("bars.mp4"), width: width, height: Self.height)
            .map { worstError($0, width: width) }.max()
        try write(try FFmpegSink(path: folder.file("bars.mov"), size: size, codec: .proRes4444))
        results["mov"] = try FFmpeg.decodeRGBA(folder.file("bars.mov"), width: width, height: Self.height)
            .map { worstError($0, width: width, whole: true) }.max()
        print("colour bars, worst code-value error:", results.sorted { $0.key < $1.key })

        let tolerances: [String: Int] = ["png": 0, "apng": 0, "gif": 0, "webp": 0, "webp lossy": 3, "y4m": 2,
                                         "y4m 444": 2, "webm": 3, "webm q90": 2, "mp4": 2, "mov": 2]
        for (format, tolerance) in tolerances {
            let error = try XCTUnwrap(results[format], format)
            XCTAssertLessThanOrEqual(error, tolerance, "\(format): worst error \(error)")
        }
    }

    /// The bars stretched over a frame of `width`×`height`, as (frame, the x of each bar's centre).
    static func wideBars(width: Int, height: Int) -> (Bitmap, [Int]) {
        let frame = Bitmap(width: width, height: height)
        let barWidth = width / bars.count
        for (i, bar) in bars.enumerated() {
            frame.fill(PixelRect(x: i * barWidth, y: 0, width: i == bars.count - 1 ? width - i * barWidth : barWidth, height: height),
                       with: PremultipliedColor(red: bar.0, green: bar.1, blue: bar.2, alpha: 255))
        }
        return (frame, bars.indices.map { $0 * barWidth + barWidth / 2 })
    }

    func testY4MIsBT709AtHDSizesAndBT601BelowAndFFmpegReadsItWithTheTagsWeGive() throws {
        // ffmpeg reads XCOLORRANGE=LIMITED from the header but no matrix: the matrix is given as
        // the README's pipe recipe gives it (for decoding: the frame's colorspace, which the
        // RGB conversion uses). Without it, an HD stream decodes visibly wrong.
        for (width, height, matrix) in [(1280, 720, Y4MSink.Matrix.bt709), (640, 480, .bt601)] {
            let size = try PixelSize(width: width, height: height)
            XCTAssertEqual(Y4MSink.Matrix.standard(for: size), matrix)
            let (frame, centres) = Self.wideBars(width: width, height: height)
            for chroma in [Y4MSink.Chroma.yuv420, .yuv444] {
                let path = folder.file("bars-\(width)-\(chroma).y4m")
                let sink = try Y4MSink(destination: .file(path: path), size: size, chroma: chroma)
                XCTAssertEqual(sink.matrix, matrix)
                try sink.consume(frame, index: 0)
                try sink.finish()
                let space = matrix == .bt709 ? "bt709" : "smpte170m"
                let decoded = try FFmpeg.decodeRGBA(path, width: width, height: height, filter: "setparams=colorspace=\(space)")
                XCTAssertEqual(decoded.count, 1)
                var worst = 0
                for (i, bar) in Self.bars.enumerated() {
                    let o = (height / 2 * width + centres[i]) * 4
                    for (c, expected) in [bar.0, bar.1, bar.2].enumerated() {
                        worst = max(worst, abs(Int(decoded[0][o + c]) - Int(expected)))
                    }
                }
                XCTAssertLessThanOrEqual(worst, 2, "\(width)x\(height) \(chroma) \(matrix): worst \(worst)")
                if matrix == .bt709 {
                    let untagged = try FFmpeg.decodeRGBA(path, width: width, height: height)
                    let o = (height / 2 * width + centres[3]) * 4  // green
                    XCTAssertGreaterThan(abs(Int(untagged[0][o]) - 0) + abs(Int(untagged[0][o + 2]) - 0), 10,
                                         "read as BT.601, HD green is off: the tags matter")
                }
            }
        }
    }

    func testC444AlphaKeepsTheAlphaAndTheStraightColours() throws {
        let size = try PixelSize(width: 32, height: 8)
        let frame = Bitmap(size: size)
        for x in 0..<32 {
            let a = UInt8(x * 8 + 7)
            for y in 0..<8 { frame[x: x, y: y] = StraightColor(red: 200, green: 40, blue: 90, alpha: a).premultiplied }
        }
        let path = folder.file("alpha.y4m")
        let sink = try Y4MSink(destination: .file(path: path), size: size, chroma: .yuv444Alpha)
        try sink.consume(frame, index: 0)
        try sink.finish()
        let header = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)).prefix(while: { $0 != 10 }), as: UTF8.self)
        XCTAssertEqual(header, "YUV4MPEG2 W32 H8 F60:1 Ip A1:1 C444alpha XCOLORRANGE=LIMITED")
        let decoded = try FFmpeg.decodeRGBA(path, width: 32, height: 8)
        XCTAssertEqual(decoded.count, 1)
        let expected = frame.straightRGBA()
        var worst = 0
        for k in expected.indices {
            // Colour at alpha below 32 is too coarse in premultiplied form to compare.
            if k % 4 != 3 && expected[k - k % 4 + 3] < 32 { continue }
            worst = max(worst, abs(Int(decoded[0][k]) - Int(expected[k])))
        }
        XCTAssertLessThanOrEqual(worst, 2, "alpha exact, colours within 2: worst \(worst)")
        XCTAssertEqual(stride(from: 3, to: expected.count, by: 4).map { decoded[0][$0] },
                       stride(from: 3, to: expected.count, by: 4).map { expected[$0] }, "alpha exact")
    }
}
