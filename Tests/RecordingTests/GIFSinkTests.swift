@testable import Recording
import Codecs
import Foundation
import KinescopeTestSupport
import Raster
import XCTest

/// GIF: ffprobe counts the frames and their durations, ffmpeg decodes them (exact for frames of
/// at most 256 colours, within a stated error for photographs), transparency survives pixels
/// turning transparent again, the loop extension says what `loopCount` asks, two runs are
/// byte-identical, and an abandoned recording leaves nothing.
final class GIFSinkTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() { folder.remove() }

    private func record(_ frames: [Bitmap], name: String = "out.gif", fps: Int = 30, loop: Int = 0) throws -> String {
        let path = folder.file(name)
        let sink = try GIFSink(destination: .file(path: path), size: frames[0].size, framesPerSecond: fps, loopCount: loop)
        for (i, frame) in frames.enumerated() { try sink.consume(frame, index: i) }
        try sink.finish()
        return path
    }

    /// A frame of `width`×`height` whose every pixel is a different colour drawn from `colours`
    /// distinct values (seeded), so that LZW runs long enough to fill and clear its table.
    private func noiseFrame(width: Int, height: Int, colours: Int, seed: UInt64) -> Bitmap {
        var random = SeededRandom(seed: seed)
        let palette = (0..<colours).map { (i: Int) -> PremultipliedColor in
            let r = UInt8((i * 37) & 0xFF), g = UInt8((i * 91 + 7) & 0xFF)
            let b = UInt8((i * 13 + i / 3) & 0xFF)
            return PremultipliedColor(red: r, green: g, blue: b, alpha: 255)
        }
        let frame = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { frame[x: x, y: y] = palette[Int(random.next() % UInt64(colours))] }
        }
        return frame
    }

    func testFramesOfAtMost256ColoursDecodeExactlyThroughFFmpeg() throws {
        let flat = [solidFrame(width: 24, height: 16, PremultipliedColor(red: 12, green: 200, blue: 77, alpha: 255)),
                    solidFrame(width: 24, height: 16, PremultipliedColor(red: 250, green: 3, blue: 128, alpha: 255))]
        let noise = [noiseFrame(width: 96, height: 96, colours: 256, seed: 1), noiseFrame(width: 96, height: 96, colours: 5, seed: 2),
                     noiseFrame(width: 96, height: 96, colours: 2, seed: 3)]
        for (name, frames) in [("flat.gif", flat), ("noise.gif", noise)] {
            let path = try record(frames, name: name)
            let decoded = try FFmpeg.decodeRGBA(path, width: frames[0].width, height: frames[0].height)
            XCTAssertEqual(decoded.count, frames.count, name)
            for (i, frame) in frames.enumerated() where i < decoded.count {
                XCTAssertTrue(decoded[i] == frame.straightRGBA(), "\(name) frame \(i) decodes exactly")
            }
        }
    }

    func testASquareMovingOverACheckerboardIsCroppedAndDecodesExactly() throws {
        // A red square moving diagonally over a checkerboard: each later frame stores only the
        // rectangle around its old and new positions, drawn over the frame before.
        var frames: [Bitmap] = []
        for i in 0..<5 {
            let frame = Bitmap(width: 40, height: 30)
            for y in 0..<30 {
                for x in 0..<40 {
                    frame[x: x, y: y] = (x / 3 + y / 3) % 2 == 0 ? .white : PremultipliedColor(red: 20, green: 40, blue: 160, alpha: 255)
                }
            }
            for y in (2 + 4 * i)..<(10 + 4 * i) {
                for x in (3 + 5 * i)..<(11 + 5 * i) { frame[x: x, y: y] = PremultipliedColor(red: 230, green: 10, blue: 10, alpha: 255) }
            }
            frames.append(frame)
        }
        let path = try record(frames)
        let structure = try GIFStructure(contentsOf: path)
        XCTAssertTrue(structure.frames.allSatisfy { $0.transparentIndex == nil && $0.disposal == 1 }, "opaque: no transparency")
        XCTAssertEqual(structure.frames[1], .init(delay: 4, disposal: 1, transparentIndex: nil, x: 3, y: 2, width: 13, height: 12,
                                                  paletteSize: 4))
        let decoded = try FFmpeg.decodeRGBA(path, width: 40, height: 30)
        XCTAssertEqual(decoded.count, 5)
        for (i, frame) in frames.enumerated() where i < decoded.count {
            XCTAssertTrue(decoded[i] == frame.straightRGBA(), "frame \(i) decodes exactly")
        }
    }

    func testPhotographicFramesDecodeWithinTheStatedError() throws {
        let photo = try ImageFile.read(contentsOf: "\(Programs.assets)/PhotoLandscape-512.png")
        let other = try ImageFile.read(contentsOf: "\(Programs.assets)/PhotoTexture-512.png")
        let size = try PixelSize(width: 64, height: 48)
        let a = try photo.view(of: PixelRect(x: 200, y: 150, width: 64, height: 48)).copy()
        let b = try other.view(of: PixelRect(x: 100, y: 100, width: 64, height: 48)).copy()
        var frames: [Bitmap] = []
        for i in 0..<4 {
            let frame = Bitmap(size: size)
            try frame.mix(from: a, to: b, fraction: Float(i) / 3)
            frames.append(frame)
        }
        let path = try record(frames)
        let decoded = try FFmpeg.decodeRGBA(path, width: 64, height: 48)
        XCTAssertEqual(decoded.count, 4)
        for (i, frame) in frames.enumerated() where i < decoded.count {
            let source = frame.straightRGBA()
            var total = 0, worst = 0
            for k in source.indices where k % 4 != 3 {
                let e = abs(Int(source[k]) - Int(decoded[i][k]))
                total += e
                worst = max(worst, e)
            }
            let mean = Double(total) / Double(source.count * 3 / 4)
            // Stated tolerance: mean absolute error ≤ 5 levels a channel, worst ≤ 32 (ordered
            // dithering alone moves a pixel by up to ±8; measured here: mean 3.6–4.3, worst ≤ 17).
            XCTAssertLessThanOrEqual(mean, 5, "frame \(i): mean error \(mean), worst \(worst)")
            XCTAssertLessThanOrEqual(worst, 32, "frame \(i): mean error \(mean), worst \(worst)")
        }
    }

    func testUnchangedPixelsOfADitheredFrameAreStoredAsTransparentWithTheKeptPalette() throws {
        // A photograph in which every frame changes one pixel in nine (spread over the whole
        // frame, so the changed rectangle is all of it): the first frame's palette still fits,
        // the unchanged pixels keep their entry and are written as the transparent index, so the
        // GIF is under 4.5 whole frames (each later frame stores a ninth of its pixels), and decodes as closely as one frame does.
        let photo = try ImageFile.read(contentsOf: "\(Programs.assets)/PhotoLandscape-512.png")
        let a = try photo.view(of: PixelRect(x: 200, y: 150, width: 96, height: 64)).copy()
        var frames: [Bitmap] = []
        for i in 0..<8 {
            let frame = a.copy()
            for y in 0..<a.height {
                for x in 0..<a.width where (x + 3 * y + i) % 9 == 0 {
                    let p = a[x: x, y: y]
                    frame[x: x, y: y] = PremultipliedColor(red: p.red / 2 + 100, green: p.green / 2, blue: 255 - p.blue, alpha: 255)
                }
            }
            frames.append(frame)
        }
        let single = try Data(contentsOf: URL(fileURLWithPath: try record([frames[0]], name: "one.gif"))).count
        let path = try record(frames)
        let size = try Data(contentsOf: URL(fileURLWithPath: path)).count
        XCTAssertLessThan(2 * size, 9 * single, "8 frames: \(size) bytes, one frame: \(single) (measured: 26566 and 6893)")
        let structure = try GIFStructure(contentsOf: path)
        XCTAssertTrue(structure.frames.allSatisfy { $0.transparentIndex == 255 && $0.paletteSize == 256 },
                      "255 colours and the keep index")
        let decoded = try FFmpeg.decodeRGBA(path, width: a.width, height: a.height)
        XCTAssertEqual(decoded.count, 8)
        for (i, frame) in frames.enumerated() where i < decoded.count {
            let source = frame.straightRGBA()
            var total = 0
            for k in source.indices where k % 4 != 3 { total += abs(Int(source[k]) - Int(decoded[i][k])) }
            XCTAssertEqual(decoded[i][3], 255, "opaque")
            XCTAssertLessThanOrEqual(Double(total) / Double(source.count * 3 / 4), 5, "frame \(i): mean error")
        }
    }

    func testDelaysTrackTheRecordingAndAbove50FPSTheGIFPlaysAt50() throws {
        let frames = (0..<30).map { i in solidFrame(width: 8, height: 8, PremultipliedColor(red: UInt8(i * 8), green: 0, blue: 0, alpha: 255)) }
        let at30 = try GIFStructure(contentsOf: try record(frames, name: "30.gif", fps: 30))
        XCTAssertEqual(at30.frames.count, 30)
        XCTAssertEqual(at30.frames.map(\.delay).reduce(0, +), 100, "30 frames at 30 fps last 1 s")
        XCTAssertEqual(Array(at30.frames.map(\.delay).prefix(6)), [3, 4, 3, 3, 4, 3])
        let probe30 = try FFmpeg.probe(folder.file("30.gif"))
        XCTAssertEqual(probe30.frames, 30)
        XCTAssertEqual(probe30.seconds, 1, accuracy: 0.001)

        let sixty = (0..<60).map { i in solidFrame(width: 8, height: 8, PremultipliedColor(red: UInt8(i * 4), green: 9, blue: 0, alpha: 255)) }
        let path = try record(sixty, name: "60.gif", fps: 60)
        let at60 = try GIFStructure(contentsOf: path)
        XCTAssertEqual(at60.frames.count, 50, "one second at 50 fps")
        XCTAssertTrue(at60.frames.allSatisfy { $0.delay == 2 })
        let probe60 = try FFmpeg.probe(path)
        XCTAssertEqual(probe60.frames, 50)
        XCTAssertEqual(probe60.seconds, 1, accuracy: 0.001)
        // The first and the last frames of the recording are both shown.
        let decoded = try FFmpeg.decodeRGBA(path, width: 8, height: 8)
        XCTAssertEqual(decoded.first?.prefix(3), [0, 9, 0])
        XCTAssertEqual(decoded.last?.prefix(3), [236, 9, 0])
        XCTAssertEqual(GIFSink.effectiveFramesPerSecond(60), 50)
        XCTAssertEqual(GIFSink.effectiveFramesPerSecond(24), 24)
    }

    func testFramesAreCroppedToWhatChangedAndTransparencyIsRestored() throws {
        // A square moving over a transparent background: each frame's old square must become
        // transparent again, which needs the previous frame disposed to background.
        var frames: [Bitmap] = []
        for i in 0..<5 {
            let frame = Bitmap(width: 32, height: 20)
            for y in 4..<12 {
                for x in (2 + 4 * i)..<(10 + 4 * i) { frame[x: x, y: y] = PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255) }
            }
            frame[x: 31, y: 19] = PremultipliedColor(red: 100, green: 50, blue: 0, alpha: 100)  // alpha < 128: transparent
            frames.append(frame)
        }
        frames.append(frames[4])  // unchanged
        let path = try record(frames)
        let structure = try GIFStructure(contentsOf: path)
        XCTAssertEqual(structure.frames.count, 6)
        XCTAssertEqual(structure.frames[0].width * structure.frames[0].height, 32 * 20)
        XCTAssertLessThan(structure.frames[1].width, 32, "later frames store only what changed")
        XCTAssertEqual(structure.frames[5].width * structure.frames[5].height, 1)
        XCTAssertEqual(structure.frames.map(\.disposal), [2, 2, 2, 2, 1, 1],
                       "frames 0–3 are cleared (their square turns transparent next), 4 and 5 are kept")
        XCTAssertNotNil(structure.frames[0].transparentIndex)

        let decoded = try FFmpeg.decodeRGBA(path, width: 32, height: 20)
        XCTAssertEqual(decoded.count, 6)
        for (i, frame) in frames.enumerated() where i < decoded.count {
            for y in 0..<20 {
                for x in 0..<32 {
                    let k = 4 * (y * 32 + x)
                    let visible = frame[x: x, y: y].alpha >= 128
                    XCTAssertEqual(decoded[i][k + 3], visible ? 255 : 0, "frame \(i) alpha at (\(x), \(y))")
                    if visible { XCTAssertEqual(Array(decoded[i][k..<(k + 3)]), [0, 0, 255], "frame \(i) at (\(x), \(y))") }
                }
            }
        }
    }

    func testTheTemporaryFileIsAValidGIFAfterEveryFrameWritten() throws {
        let frames = movingSquareFrames(count: 5)
        let sink = try GIFSink(destination: .file(path: folder.file("live.gif")), size: frames[0].size, framesPerSecond: 30)
        for (i, frame) in frames.enumerated() {
            try sink.consume(frame, index: i)
            let temporary = try XCTUnwrap(folder.contents().first { $0.hasPrefix(".live.gif.") })
            let structure = try GIFStructure(contentsOf: folder.file(temporary))
            // Frames are written two late: one waits for its slot to close, one for the next.
            XCTAssertEqual(structure.frames.count, max(0, i - 1), "after frame \(i)")
            XCTAssertEqual(sink.framesWritten, max(0, i - 1))
            if i >= 2 { XCTAssertEqual(try FFmpeg.probe(folder.file(temporary)).frames, i - 1) }
        }
        try sink.finish()
        XCTAssertEqual(try GIFStructure(contentsOf: folder.file("live.gif")).frames.count, 5)
        XCTAssertEqual(folder.contents().filter { $0.hasPrefix(".") }, [])
    }

    func testLoopExtensionMatchesTheLoopCount() throws {
        let frames = [solidFrame(width: 4, height: 4, .black), solidFrame(width: 4, height: 4, .white)]
        XCTAssertEqual(try GIFStructure(contentsOf: try record(frames, name: "forever.gif", loop: 0)).loopRepetitions, 0)
        XCTAssertNil(try GIFStructure(contentsOf: try record(frames, name: "once.gif", loop: 1)).loopRepetitions)
        XCTAssertEqual(try GIFStructure(contentsOf: try record(frames, name: "three.gif", loop: 3)).loopRepetitions, 2,
                       "browsers play NETSCAPE2.0 repetitions + 1 times")
        XCTAssertThrowsError(try GIFSink(destination: .file(path: folder.file("bad.gif")), size: frames[0].size, loopCount: 65536))
    }

    func testTwoRecordingsAreByteIdenticalAndAbandonedOnesLeaveNothing() throws {
        let frames = movingSquareFrames()
        let a = try Data(contentsOf: URL(fileURLWithPath: try record(frames, name: "a.gif")))
        let b = try Data(contentsOf: URL(fileURLWithPath: try record(frames, name: "b.gif")))
        XCTAssertEqual(a, b)
        try FileManager.default.removeItem(atPath: folder.file("a.gif"))
        try FileManager.default.removeItem(atPath: folder.file("b.gif"))
        do {
            let sink = try GIFSink(destination: .file(path: folder.file("abandoned.gif")), size: frames[0].size)
            try sink.consume(frames[0], index: 0)
            try sink.consume(frames[1], index: 1)
        }
        do {
            let sink = try GIFSink(destination: .file(path: folder.file("empty.gif")), size: frames[0].size)
            try sink.finish()
        }
        XCTAssertEqual(folder.contents(), [])
    }

    func testLZWOutputOfKnownInputMatchesAHandDecodedStream() {
        // Indices 0 1 0 1 0 1 with a 2-bit minimum code size: clear (4), 0, 1, 6 ("0 1"), 6,
        // end (5). Codes are 3 bits wide until code 8 is assigned (after the first 6, as a
        // decoder assigns it on reading that 6), then 4: widths 3 3 3 3 4 4, 20 bits, LSB first.
        var bytes: [UInt8] = []
        [UInt8]([0, 1, 0, 1, 0, 1]).withUnsafeBufferPointer { GIFLZW.encode($0, minimumCodeSize: 2, into: &bytes) }
        var packed = 0, shift = 0
        for (code, width) in [(4, 3), (0, 3), (1, 3), (6, 3), (6, 4), (5, 4)] {
            packed |= code << shift
            shift += width
        }
        XCTAssertEqual(bytes, [2, 3, UInt8(packed & 0xFF), UInt8((packed >> 8) & 0xFF), UInt8(packed >> 16), 0])
    }
}
