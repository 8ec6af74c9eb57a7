import Codecs
import Foundation
import KinescopeTestSupport
import Raster
import Recording
import XCTest

final class PNGSequenceSinkTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() { folder.remove() }

    func testFramesAreNumberedFromOneAndDecodeToTheSamePixels() throws {
        let target = folder.file("nested/recording")
        let sink = try PNGSequenceSink(folder: target)
        let frames = (0..<3).map { i in
            solidFrame(width: 5, height: 4, PremultipliedColor(red: UInt8(i * 100), green: 20, blue: 30, alpha: 255))
        }
        for (i, frame) in frames.enumerated() { try sink.consume(frame, index: i) }
        try sink.finish()
        XCTAssertEqual(folder.contents("nested/recording"), ["frame-000001.png", "frame-000002.png", "frame-000003.png"])
        XCTAssertEqual(sink.framesWritten, 3)
        for (i, frame) in frames.enumerated() {
            XCTAssertTrue(try ImageFile.read(contentsOf: sink.path(forIndex: i)).hasSamePixels(as: frame))
        }
    }

    func testTranslucentFramesSurviveWithinOneStep() throws {
        let sink = try PNGSequenceSink(folder: folder.path, compressionLevel: 6)
        let color = PremultipliedColor(red: 50, green: 0, blue: 99, alpha: 100)
        try sink.consume(solidFrame(width: 3, height: 3, color), index: 0)
        let back = try ImageFile.read(contentsOf: sink.path(forIndex: 0))[x: 1, y: 1]
        XCTAssertEqual(back.alpha, 100)
        XCTAssertLessThanOrEqual(abs(Int(back.red) - 50), 1)
        XCTAssertLessThanOrEqual(abs(Int(back.blue) - 99), 1)
    }

    func testFileNamesGrowBeyondSixDigits() throws {
        let sink = try PNGSequenceSink(folder: folder.path + "/")
        XCTAssertEqual(sink.path(forIndex: 0), folder.path + "/frame-000001.png")
        XCTAssertEqual(sink.path(forIndex: 999_999), folder.path + "/frame-1000000.png")
    }

    func testFolderThatIsAFileIsCannotCreate() throws {
        let path = folder.file("plain")
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data([1])))
        XCTAssertThrowsError(try PNGSequenceSink(folder: path)) {
            guard case .cannotCreate(path, _) = $0 as? RecordingError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try PNGSequenceSink(folder: path + "/below")) {
            guard case .cannotCreate = $0 as? RecordingError else { return XCTFail("\($0)") }
            XCTAssertTrue("\($0)".contains("plain"))
        }
    }

    func testRemovedFolderMakesTheFrameCannotCreate() throws {
        let target = folder.file("gone")
        let sink = try PNGSequenceSink(folder: target)
        try FileManager.default.removeItem(atPath: target)
        XCTAssertThrowsError(try sink.consume(solidFrame(width: 2, height: 2, .white), index: 0)) {
            XCTAssertEqual(($0 as? RecordingError).map { if case .cannotCreate = $0 { true } else { false } }, true, "\($0)")
            XCTAssertTrue("\($0)".contains("gone/frame-000001.png"))
        }
    }

    func testInvalidLevelNegativeIndexAndLateFramesAreRejected() throws {
        XCTAssertThrowsError(try PNGSequenceSink(folder: folder.path, compressionLevel: 10)) {
            XCTAssertEqual($0 as? RecordingError, .invalidCompressionLevel(path: folder.path, level: 10))
        }
        let sink = try PNGSequenceSink(folder: folder.path)
        XCTAssertThrowsError(try sink.consume(solidFrame(width: 2, height: 2, .white), index: -1)) {
            XCTAssertEqual($0 as? RecordingError, .invalidFrameIndex(path: folder.path, index: -1))
        }
        try sink.finish()
        XCTAssertThrowsError(try sink.consume(solidFrame(width: 2, height: 2, .white), index: 0)) {
            XCTAssertEqual($0 as? RecordingError, .alreadyFinished(path: folder.path))
        }
        XCTAssertEqual(folder.contents(), [])
    }

    func testFileNamePatternsFollowPrintfAndRefuseWhatIsNotOneNumber() throws {
        typealias Pattern = PNGSequenceSink.FileNamePattern
        XCTAssertEqual(Pattern("%05d.png")?.name(forNumber: 7), "00007.png")
        XCTAssertEqual(Pattern("shot_%d.png")?.name(forNumber: 123), "shot_123.png")
        XCTAssertEqual(Pattern("%3d.png")?.name(forNumber: 4), "  4.png")
        XCTAssertEqual(Pattern("100%%-%02d.png")?.name(forNumber: 1234), "100%-1234.png", "never cut")
        XCTAssertEqual(Pattern("frame-%06d.png"), .standard)
        for bad in ["frames.png", "%d-%d.png", "%5s.png", "%010d.png", "a/%d.png", "%", "%-3d.png"] {
            XCTAssertNil(Pattern(bad), bad)
        }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let sink = try PNGSequenceSink(folder: folder.path, fileNamePattern: try XCTUnwrap(Pattern("%04d.png")))
        try sink.consume(Bitmap(width: 3, height: 2), index: 4)
        try sink.finish()
        XCTAssertEqual(folder.contents(), ["0005.png"])
    }
}
