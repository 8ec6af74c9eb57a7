@testable import Recording
import Foundation
import KinescopeTestSupport
import Raster
import XCTest

final class Y4MSinkTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() { folder.remove() }

    private func record(_ frames: [Bitmap], chroma: Y4MSink.Chroma = .yuv420, name: String = "out.y4m") throws -> (String, Y4MFile) {
        let path = folder.file(name)
        let sink = try Y4MSink(destination: .file(path: path), size: frames[0].size, chroma: chroma)
        for (i, frame) in frames.enumerated() { try sink.consume(frame, index: i) }
        try sink.finish()
        return (path, try Y4MFile([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
    }

    func testHeaderAndFrameSizesFor420And444() throws {
        let frames = [solidFrame(width: 6, height: 4, .black), solidFrame(width: 6, height: 4, .white)]
        let (_, y420) = try record(frames)
        XCTAssertEqual(y420.tokens, ["YUV4MPEG2", "W6", "H4", "F60:1", "Ip", "A1:1", "C420jpeg", "XYSCSS=420JPEG", "XCOLORRANGE=LIMITED"])
        XCTAssertEqual(y420.frames.count, 2)
        XCTAssertEqual(y420.frames[0].count, 6 * 4 + 2 * 3 * 2)
        let (_, y444) = try record(frames, chroma: .yuv444, name: "full.y4m")
        XCTAssertEqual(Array(y444.tokens.suffix(3)), ["C444", "XYSCSS=444", "XCOLORRANGE=LIMITED"])
        XCTAssertEqual(y444.frames[1].count, 6 * 4 * 3)
        XCTAssertEqual(Y4MSink.header(size: try PixelSize(width: 1920, height: 1080), framesPerSecond: 30, chroma: .yuv444),
                       "YUV4MPEG2 W1920 H1080 F30:1 Ip A1:1 C444 XYSCSS=444 XCOLORRANGE=LIMITED\n")
    }

    func testKnownColoursGiveBT601LimitedRangeValues() throws {
        let cases: [(PremultipliedColor, (UInt8, UInt8, UInt8))] = [
            (.black, (16, 128, 128)), (.white, (235, 128, 128)),
            (PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255), (81, 90, 240)),
            (PremultipliedColor(red: 0, green: 255, blue: 0, alpha: 255), (145, 54, 34)),
            (PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255), (41, 240, 110)),
            // Composited over black: half-transparent red records as dark red, clear as black.
            (PremultipliedColor(red: 128, green: 0, blue: 0, alpha: 128), (49, 109, 184)),
            (.clear, (16, 128, 128)),
        ]
        for chroma in [Y4MSink.Chroma.yuv420, .yuv444] {
            let frames = cases.map { solidFrame(width: 3, height: 3, $0.0) }
            let (_, file) = try record(frames, chroma: chroma, name: "colours.y4m")
            for (i, (color, expected)) in cases.enumerated() {
                let s = file.sample(frame: i, x: 2, y: 2)
                XCTAssertTrue(s == expected, "\(color) gave \(s), expected \(expected) (\(chroma))")
            }
        }
    }

    func testChromaIsTheMeanOfEachTwoByTwoBlock() throws {
        // Left column red, right column blue: each chroma sample averages two of each.
        let frame = Bitmap(width: 2, height: 2)
        frame[x: 0, y: 0] = PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255)
        frame[x: 0, y: 1] = PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255)
        frame[x: 1, y: 0] = PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255)
        frame[x: 1, y: 1] = PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255)
        let (_, file) = try record([frame])
        let expected = bt601(127.5, 0, 127.5)
        let s = file.sample(frame: 0, x: 0, y: 0)
        XCTAssertEqual(Double(s.1), expected.1, accuracy: 0.51)
        XCTAssertEqual(Double(s.2), expected.2, accuracy: 0.51)
        XCTAssertEqual(file.sample(frame: 0, x: 0, y: 0).0, 81)
        XCTAssertEqual(file.sample(frame: 0, x: 1, y: 1).0, 41)
    }

    func testFastConversionMatchesReferenceOnRandomFramesOfOddSizes() throws {
        var rng = SeededRandom(seed: 601)
        for (width, height) in [(1, 1), (5, 3), (17, 10), (64, 33)] {
            let big = Bitmap(width: width + 3, height: height + 2)
            for y in 0..<big.height {
                for x in 0..<big.width {
                    let a = UInt8.random(in: 0...255, using: &rng)
                    big[x: x, y: y] = PremultipliedColor(red: .random(in: 0...a, using: &rng), green: .random(in: 0...a, using: &rng),
                                                          blue: .random(in: 0...a, using: &rng), alpha: a)
                }
            }
            let frame = try big.view(of: PixelRect(x: 2, y: 1, width: width, height: height))
            for subsampled in [true, false] {
                let count = YCbCrConversion.planeBytes(frame.size, subsampled: subsampled)
                var planes = [UInt8](repeating: 0xAB, count: count)
                YCbCrConversion.convert(frame, subsampled: subsampled, into: &planes)
                XCTAssertEqual(planes, YCbCrConversion.referenceFrame(frame, subsampled: subsampled),
                               "\(width)x\(height) subsampled \(subsampled)")
            }
        }
    }

    func testFixedPointIsWithinOneStepOfFloatingPointFormula() {
        for r in stride(from: 0, through: 255, by: 15) {
            for g in stride(from: 0, through: 255, by: 17) {
                for b in stride(from: 0, through: 255, by: 5) {
                    let p = PremultipliedColor(red: UInt8(r), green: UInt8(g), blue: UInt8(b), alpha: 255).packed
                    let exact = bt601(Double(r), Double(g), Double(b))
                    let c = YCbCrConversion.chromaScaled(p)
                    XCTAssertEqual(Double(YCbCrConversion.luma(p)), exact.0, accuracy: 1)
                    XCTAssertEqual(Double((c.cb + 0x8000) >> 16), exact.1, accuracy: 1)
                    XCTAssertEqual(Double((c.cr + 0x8000) >> 16), exact.2, accuracy: 1)
                }
            }
        }
    }

    func testOutputAppearsOnlyWhenFinished() throws {
        let path = folder.file("late.y4m")
        let sink = try Y4MSink(destination: .file(path: path), size: try PixelSize(width: 2, height: 2))
        try sink.consume(solidFrame(width: 2, height: 2, .white), index: 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(folder.contents().count, 1)
        XCTAssertTrue(folder.contents()[0].hasPrefix(".late.y4m."))
        try sink.finish()
        try sink.finish()
        XCTAssertEqual(folder.contents(), ["late.y4m"])
    }

    func testAbandonedRecordingLeavesNothing() throws {
        do {
            let sink = try Y4MSink(destination: .file(path: folder.file("abandoned.y4m")), size: try PixelSize(width: 2, height: 2))
            try sink.consume(solidFrame(width: 2, height: 2, .white), index: 0)
        }
        XCTAssertEqual(folder.contents(), [])
    }

    func testFramesOutOfOrderWrongSizeOrAfterFinishAreRejected() throws {
        let path = folder.file("strict.y4m")
        let sink = try Y4MSink(destination: .file(path: path), size: try PixelSize(width: 4, height: 4))
        XCTAssertThrowsError(try sink.consume(solidFrame(width: 4, height: 4, .black), index: 1)) {
            XCTAssertEqual($0 as? RecordingError, .frameOutOfOrder(path: path, expected: 0, actual: 1))
        }
        XCTAssertThrowsError(try sink.consume(solidFrame(width: 4, height: 5, .black), index: 0)) {
            XCTAssertEqual($0 as? RecordingError, .frameSizeMismatch(path: path, expected: try! PixelSize(width: 4, height: 4),
                                                                      actual: try! PixelSize(width: 4, height: 5), index: 0))
            XCTAssertTrue("\($0)".contains(path))
        }
        try sink.consume(solidFrame(width: 4, height: 4, .black), index: 0)
        try sink.finish()
        XCTAssertThrowsError(try sink.consume(solidFrame(width: 4, height: 4, .black), index: 1)) {
            XCTAssertEqual($0 as? RecordingError, .alreadyFinished(path: path))
        }
        XCTAssertEqual(try Y4MFile([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))).frames.count, 1)
    }

    func testInvalidFrameRateAndEmptySizeAreRejected() throws {
        let path = folder.file("bad.y4m")
        for rate in [0, 1001] {
            XCTAssertThrowsError(try Y4MSink(destination: .file(path: path), size: try PixelSize(width: 2, height: 2), framesPerSecond: rate)) {
                XCTAssertEqual($0 as? RecordingError, .invalidFrameRate(path: path, framesPerSecond: rate))
            }
        }
        XCTAssertThrowsError(try Y4MSink(destination: .file(path: path), size: try PixelSize(width: 0, height: 2))) {
            XCTAssertEqual($0 as? RecordingError, .emptyFrameSize(path: path, size: try! PixelSize(width: 0, height: 2)))
        }
        XCTAssertEqual(folder.contents(), [])
    }

    func testMissingFolderIsCannotCreate() throws {
        let path = folder.file("no/such/folder/out.y4m")
        XCTAssertThrowsError(try Y4MSink(destination: .file(path: path), size: try PixelSize(width: 2, height: 2))) {
            guard case let .cannotCreate(p, reason) = $0 as? RecordingError else { return XCTFail("\($0)") }
            XCTAssertEqual(p, path)
            XCTAssertTrue(reason.contains("ENOENT"), reason)
        }
    }

    func testFullDeviceIsWriteFailed() throws {
        let fd = open("/dev/full", O_WRONLY)
        guard fd >= 0 else { throw XCTSkip("/dev/full is not available") }
        defer { close(fd) }
        XCTAssertThrowsError(try Y4MSink(destination: .fileDescriptor(fd, name: "/dev/full"), size: try PixelSize(width: 2, height: 2))) {
            guard case let .writeFailed(path, reason) = $0 as? RecordingError else { return XCTFail("\($0)") }
            XCTAssertEqual(path, "/dev/full")
            XCTAssertTrue(reason.contains("ENOSPC"), reason)
        }
    }

    func testPipeDestinationReceivesTheStreamAsFramesArrive() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]) }
        let sink = try Y4MSink(destination: .fileDescriptor(fds[1], name: "pipe"), size: try PixelSize(width: 4, height: 2),
                               framesPerSecond: 25, chroma: .yuv444)
        try sink.consume(solidFrame(width: 4, height: 2, PremultipliedColor(red: 0, green: 255, blue: 0, alpha: 255)), index: 0)
        try sink.finish()
        close(fds[1])
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[..<n]
        }
        let file = try Y4MFile(bytes)
        XCTAssertEqual(file.tokens[3], "F25:1")
        XCTAssertTrue(file.sample(frame: 0, x: 3, y: 1) == (145, 54, 34))
    }

    func testFFprobeAcceptsTheStreamAndFFmpegDecodesTheColour() throws {
        guard let ffprobe = Programs.onPath("ffprobe"), let ffmpeg = Programs.onPath("ffmpeg") else {
            throw XCTSkip("ffprobe/ffmpeg not installed")
        }
        let orange = PremultipliedColor(red: 240, green: 140, blue: 20, alpha: 255)
        for (chroma, pixelFormat) in [(Y4MSink.Chroma.yuv420, "yuv420p"), (.yuv444, "yuv444p")] {
            let frames = (0..<3).map { _ in solidFrame(width: 34, height: 18, orange) }
            let (path, _) = try record(frames, chroma: chroma, name: "probe-\(pixelFormat).y4m")
            let probe = try runTool(ffprobe, ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                          "stream=width,height,pix_fmt,r_frame_rate,nb_read_frames", "-of", "default=nw=1", path])
            XCTAssertEqual(probe.status, 0)
            let text = String(decoding: probe.output, as: UTF8.self)
            for line in ["width=34", "height=18", "pix_fmt=\(pixelFormat)", "r_frame_rate=60/1", "nb_read_frames=3"] {
                XCTAssertTrue(text.contains(line), "ffprobe output lacks \(line):\n\(text)")
            }
            let decoded = try runTool(ffmpeg, ["-v", "error", "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
            XCTAssertEqual(decoded.status, 0)
            XCTAssertEqual(decoded.output.count, 34 * 18 * 3)
            let middle = (9 * 34 + 17) * 3
            let rgb = Array(decoded.output[middle..<middle + 3])
            for (got, want) in zip(rgb, [orange.red, orange.green, orange.blue]) {
                XCTAssertEqual(Double(got), Double(want), accuracy: 3, "ffmpeg decoded \(rgb) for \(orange)")
            }
        }
    }
}
