@testable import Recording
import Codecs
import Foundation
import KinescopeTestSupport
import Raster
import XCTest

/// Test frames: an opaque gradient with a translucent square moving over it, one frame repeated
/// (an unchanged frame), and a last frame with a transparent hole (alpha 0 and 60).
func movingSquareFrames(width: Int = 40, height: Int = 30, count: Int = 8) -> [Bitmap] {
    var frames: [Bitmap] = []
    for i in 0..<count {
        let frame = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                frame[x: x, y: y] = PremultipliedColor(red: UInt8(x * 255 / width), green: UInt8(y * 255 / height), blue: 90, alpha: 255)
            }
        }
        let step = i == 4 ? 3 : i  // frame 4 repeats frame 3
        for y in 5..<15 {
            for x in (2 + 3 * step)..<(12 + 3 * step) where x < width {
                frame[x: x, y: y] = PremultipliedColor(red: 200, green: 20, blue: 20, alpha: 200)
            }
        }
        if i == count - 1 {
            for y in 20..<26 {
                for x in 4..<12 { frame[x: x, y: y] = x < 8 ? .clear : PremultipliedColor(red: 30, green: 30, blue: 0, alpha: 60) }
            }
        }
        frames.append(frame)
    }
    return frames
}

/// APNG: decoded frames equal the PNG sequence of the same frames (our own reader over libspng,
/// and ffmpeg), frame regions are cropped to what changed, the delay is exactly 1/fps, the frame
/// count is patched, and an abandoned or empty recording leaves nothing.
final class APNGSinkTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() { folder.remove() }

    private func record(_ frames: [Bitmap], name: String = "out.apng", fps: Int = 30, loop: Int = 0,
                        crops: Bool = true) throws -> String {
        let path = folder.file(name)
        let sink = try APNGSink(path: path, size: frames[0].size, framesPerSecond: fps, loopCount: loop, cropsToChanges: crops)
        for (i, frame) in frames.enumerated() { try sink.consume(frame, index: i) }
        try sink.finish()
        return path
    }

    private func pngSequence(_ frames: [Bitmap]) throws -> [Bitmap] {
        let sink = try PNGSequenceSink(folder: folder.file("sequence"))
        for (i, frame) in frames.enumerated() { try sink.consume(frame, index: i) }
        try sink.finish()
        return try frames.indices.map { try ImageFile.read(contentsOf: sink.path(forIndex: $0)) }
    }

    func testDecodedFramesAreIdenticalToThePNGSequenceAndCroppedToWhatChanged() throws {
        let frames = movingSquareFrames()
        let expected = try pngSequence(frames)
        for crops in [true, false] {
            let file = try APNGFile(contentsOf: try record(frames, name: "crop-\(crops).apng", crops: crops))
            XCTAssertEqual(file.width, 40)
            XCTAssertEqual(file.height, 30)
            XCTAssertEqual(file.frameCount, frames.count)
            XCTAssertEqual(file.plays, 0)
            for (i, frame) in file.frames.enumerated() {
                XCTAssertTrue(frame.hasSamePixels(as: expected[i]), "frame \(i) (crops \(crops)) differs from frame-\(i + 1).png")
            }
            XCTAssertTrue(file.controls.allSatisfy { $0.delayNumerator == 1 && $0.delayDenominator == 30 })
            XCTAssertEqual(file.controls[0], .init(width: 40, height: 30, x: 0, y: 0, delayNumerator: 1, delayDenominator: 30,
                                                   dispose: 0, blend: 0))
            if crops {
                // The square moves 3 px right: the changed columns span 2+3(i−1) ..< 12+3i.
                XCTAssertEqual(file.controls[1], .init(width: 13, height: 10, x: 2, y: 5, delayNumerator: 1, delayDenominator: 30,
                                                       dispose: 0, blend: 0))
                XCTAssertEqual(file.controls[4].width * file.controls[4].height, 1, "an unchanged frame stores one pixel")
            } else {
                XCTAssertTrue(file.controls.allSatisfy { $0.width == 40 && $0.height == 30 })
            }
        }
    }

    func testFFmpegDecodesTheSameFramesAndCountsThemAtTheRecordingsRate() throws {
        let frames = movingSquareFrames(count: 12)
        let path = try record(frames, fps: 24)
        let decoded = try FFmpeg.decodeRGBA(path, width: 40, height: 30)
        XCTAssertEqual(decoded.count, 12)
        for (i, frame) in frames.enumerated() {
            XCTAssertEqual(decoded[i], frame.straightRGBA(), "ffmpeg's frame \(i)")
        }
        let probe = try FFmpeg.probe(path)
        XCTAssertEqual(probe.frames, 12)
        XCTAssertEqual(probe.seconds, 0.5, accuracy: 0.002)
    }

    func testTheTemporaryFileIsAValidAPNGAfterEveryFrame() throws {
        // What a crash (SIGKILL, power loss) would leave beside the target: whole frames.
        let frames = movingSquareFrames(count: 4)
        let expected = try pngSequence(frames)
        let sink = try APNGSink(path: folder.file("live.apng"), size: frames[0].size)
        for (i, frame) in frames.enumerated() {
            try sink.consume(frame, index: i)
            let temporary = try XCTUnwrap(folder.contents().first { $0.hasPrefix(".live.apng.") })
            let file = try APNGFile(contentsOf: folder.file(temporary))
            XCTAssertEqual(file.frames.count, i + 1)
            XCTAssertTrue(file.frames[i].hasSamePixels(as: expected[i]), "frame \(i)")
        }
        try sink.finish()
        XCTAssertEqual(try APNGFile(contentsOf: folder.file("live.apng")).frames.count, 4)
        XCTAssertEqual(folder.contents().filter { $0.hasPrefix(".") }, [])
    }

    func testLoopCountIsWrittenAndOutOfRangeValuesAreRefused() throws {
        let frames = movingSquareFrames(count: 2)
        XCTAssertEqual(try APNGFile(contentsOf: try record(frames, name: "three.apng", loop: 3)).plays, 3)
        XCTAssertEqual(try APNGFile(contentsOf: try record(frames, name: "max.apng", loop: 65535)).plays, 65535)
        for bad in [-1, 65536] {
            XCTAssertThrowsError(try APNGSink(path: folder.file("bad.apng"), size: frames[0].size, loopCount: bad)) {
                XCTAssertEqual($0 as? RecordingError, .invalidLoopCount(path: folder.file("bad.apng"), count: bad))
            }
        }
        XCTAssertEqual(RecordingError.invalidLoopCount(path: "x.apng", count: -1).description,
                       "x.apng: loop count -1 is invalid; use 0...65535 (0 plays for ever)")
    }

    func testTwoRecordingsOfTheSameFramesAreByteIdentical() throws {
        let frames = movingSquareFrames()
        let a = try Data(contentsOf: URL(fileURLWithPath: try record(frames, name: "a.apng")))
        let b = try Data(contentsOf: URL(fileURLWithPath: try record(frames, name: "b.apng")))
        XCTAssertEqual(a, b)
    }

    func testAbandonedOrEmptyRecordingsLeaveNothingAndFramesMustMatch() throws {
        let frames = movingSquareFrames(count: 3)
        do {
            let sink = try APNGSink(path: folder.file("abandoned.apng"), size: frames[0].size)
            try sink.consume(frames[0], index: 0)
        }
        do {
            let sink = try APNGSink(path: folder.file("empty.apng"), size: frames[0].size)
            try sink.finish()
        }
        XCTAssertEqual(folder.contents(), [], "no file and no temporary file")
        let sink = try APNGSink(path: folder.file("x.apng"), size: frames[0].size)
        XCTAssertThrowsError(try sink.consume(frames[0], index: 1))
        XCTAssertThrowsError(try sink.consume(solidFrame(width: 4, height: 4, .black), index: 0))
        try sink.consume(frames[0], index: 0)
        try sink.finish()
        XCTAssertThrowsError(try sink.consume(frames[1], index: 1)) {
            XCTAssertEqual($0 as? RecordingError, .alreadyFinished(path: folder.file("x.apng")))
        }
        XCTAssertEqual(try APNGFile(contentsOf: folder.file("x.apng")).frames.count, 1)
    }
}
