@testable import Codecs
import Foundation
import KinescopeTestSupport
import Raster
import XCTest

final class PNGEncoderTests: XCTestCase {
    func testOpaqueRoundTripGivesIdenticalPixelsAtEveryLevel() throws {
        var rng = SeededRandom(seed: 1)
        let bitmap = makeBitmap(width: 37, height: 23) { _, _ in
            PremultipliedColor(packed: 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &rng))
        }
        for level in [0, 1, 6, 9] {
            let decoded = try ImageFile.decode(try PNGEncoder.encode(bitmap, compressionLevel: level), name: "level\(level)")
            XCTAssertTrue(decoded.hasSamePixels(as: bitmap), "level \(level)")
        }
    }

    func testEveryRowFilterDecodesExactlyAndTheBytesRepeat() throws {
        // A smooth gradient with noise, so that the adaptive choice (levels 4–9) picks Sub, Up,
        // Average and Paeth on different rows; decoded by libspng, which checks every filter.
        // Rows 0–9 grow by a constant step (Sub), 10–19 repeat random columns (Up), 20–39 are
        // smooth in both directions with a little noise.
        var rng = SeededRandom(seed: 7)
        let columns = (0..<45).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let bitmap = makeBitmap(width: 45, height: 40) { x, y in
            if y < 10 { return PremultipliedColor(red: UInt8(x * 5), green: UInt8(x * 3), blue: UInt8(y), alpha: 255) }
            if y < 20 { return PremultipliedColor(red: columns[x], green: columns[44 - x], blue: columns[(x * 7) % 45], alpha: 255) }
            let noise = UInt8.random(in: 0...2, using: &rng)
            return PremultipliedColor(red: UInt8(x * 2 + y * 3) &+ noise, green: UInt8(y * 6), blue: UInt8((x * y) / 8), alpha: 255)
        }
        var filterTypes = Set<UInt8>()
        for level in 0...9 {
            let png = try PNGEncoder.encode(bitmap, compressionLevel: level)
            XCTAssertEqual(png, try PNGEncoder.encode(bitmap, compressionLevel: level), "level \(level) repeats")
            XCTAssertTrue(try ImageFile.decode(png, name: "level\(level)").hasSamePixels(as: bitmap), "level \(level)")
            let chunks = try XCTUnwrap(PNGChunks.chunks(of: png))
            XCTAssertEqual(chunks.map(\.type), ["IHDR", "IDAT", "IEND"])
            for chunk in chunks {
                let crc = PNGChunks.crc32(png[(chunk.data.lowerBound - 4)..<chunk.data.upperBound])
                XCTAssertEqual(crc, PNGChunks.readBigEndian(png, at: chunk.data.upperBound), "\(chunk.type) CRC at level \(level)")
            }
            if level >= 4 {
                let raw = try XCTUnwrap(try? inflateZlib(Array(png[chunks[1].data])))
                for y in 0..<bitmap.height { filterTypes.insert(raw[y * (45 * 3 + 1)]) }
            }
        }
        XCTAssertGreaterThanOrEqual(filterTypes.count, 3, "the adaptive filter used \(filterTypes.sorted())")
        let translucent = makeBitmap(width: 19, height: 7) { x, y in PremultipliedColor(red: UInt8(x), green: 0, blue: UInt8(y), alpha: 128) }
        for level in [1, 5] {
            XCTAssertEqual(try ImageFile.decode(try PNGEncoder.encode(translucent, compressionLevel: level), name: "rgba").size, translucent.size)
        }
    }

    /// The data of a zlib stream, through the `python3` program's zlib (an independent inflater).
    private func inflateZlib(_ bytes: [UInt8]) throws -> [UInt8] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = folder.file("in.z"), output = folder.file("out.raw")
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", "import sys, zlib; open(sys.argv[2], 'wb').write(zlib.decompress(open(sys.argv[1], 'rb').read()))",
                             input, output]
        try process.run()
        process.waitUntilExit()
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
    }

    func testTranslucentRoundTripIsWithinOneStepPerChannel() throws {
        // Every alpha (rows) against colour values spread over 0...alpha (columns).
        let bitmap = makeBitmap(width: 64, height: 256) { x, y in
            let a = UInt8(y)
            let c = UInt8(Int(a) * x / 63)
            return PremultipliedColor(red: c, green: a - c, blue: UInt8(Int(c) / 2), alpha: a)
        }
        let decoded = try ImageFile.decode(try PNGEncoder.encode(bitmap), name: "translucent")
        XCTAssertEqual(decoded.size, bitmap.size)
        var worst = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let p = bitmap[x: x, y: y], q = decoded[x: x, y: y]
                XCTAssertEqual(p.alpha, q.alpha)
                for (u, v) in [(p.red, q.red), (p.green, q.green), (p.blue, q.blue)] {
                    worst = max(worst, abs(Int(u) - Int(v)))
                }
                XCTAssertLessThanOrEqual(q.red, q.alpha)
            }
        }
        XCTAssertLessThanOrEqual(worst, 1)
    }

    func testOpaqueBitmapIsStoredAsRGBAndTranslucentAsRGBA() throws {
        let opaque = Bitmap(size: try PixelSize(width: 4, height: 3), filledWith: .white)
        let translucent = Bitmap(size: try PixelSize(width: 4, height: 3), filledWith: PremultipliedColor(packed: 0x8040_2010))
        let colourTypeOffset = 8 + 8 + 9
        XCTAssertEqual(try PNGEncoder.encode(opaque)[colourTypeOffset], 2)
        XCTAssertEqual(try PNGEncoder.encode(translucent)[colourTypeOffset], 6)
        let bitDepthOffset = colourTypeOffset - 1
        XCTAssertEqual(try PNGEncoder.encode(translucent)[bitDepthOffset], 8)
    }

    func testTransparentPixelsBecomeTransparentBlack() throws {
        let bitmap = Bitmap(size: try PixelSize(width: 3, height: 2), filledWith: .clear)
        bitmap[x: 1, y: 1] = PremultipliedColor(packed: 0x0101_0101)
        let decoded = try ImageFile.decode(try PNGEncoder.encode(bitmap), name: "clear")
        XCTAssertEqual(decoded[x: 0, y: 0], .clear)
        XCTAssertEqual(decoded[x: 1, y: 1], PremultipliedColor(packed: 0x0101_0101))
    }

    func testViewWithRowStrideEncodesOnlyItsRectangle() throws {
        let big = makeBitmap(width: 20, height: 10) { x, y in
            PremultipliedColor(red: UInt8(x * 10), green: UInt8(y * 20), blue: 7, alpha: 255)
        }
        let view = try big.view(of: PixelRect(x: 3, y: 2, width: 9, height: 5))
        let decoded = try ImageFile.decode(try PNGEncoder.encode(view), name: "view")
        XCTAssertTrue(decoded.hasSamePixels(as: view.copy()))
    }

    func testHigherCompressionLevelGivesSmallerFile() throws {
        let bitmap = makeBitmap(width: 128, height: 128) { x, y in
            PremultipliedColor(red: UInt8(x * 2), green: UInt8(y * 2), blue: UInt8((x ^ y) & 0xFF), alpha: 255)
        }
        let stored = try PNGEncoder.encode(bitmap, compressionLevel: 0)
        let smallest = try PNGEncoder.encode(bitmap, compressionLevel: 9)
        XCTAssertGreaterThan(stored.count, 128 * 128 * 3)
        XCTAssertLessThan(smallest.count, stored.count / 4)
    }

    func testCompressionLevelOutsideZeroToNineThrows() {
        let bitmap = Bitmap(width: 2, height: 2)
        for level in [-1, 10] {
            assertCodecError(try PNGEncoder.encode(bitmap, compressionLevel: level), mentioning: "\(level)") {
                $0 == .invalidCompressionLevel(level)
            }
        }
    }

    func testEmptyBitmapThrows() {
        assertCodecError(try PNGEncoder.encode(Bitmap(width: 0, height: 5)), mentioning: "0x5") {
            $0 == .emptyBitmap(width: 0, height: 5)
        }
    }
}

final class PNGWriteTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    override func tearDown() {
        folder.remove()
    }

    private let red = Bitmap(size: try! PixelSize(width: 5, height: 4), filledWith: PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
    private let blue = Bitmap(size: try! PixelSize(width: 3, height: 3), filledWith: PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))

    func testWriteCreatesReadableFileAndLeavesNoTemporaryFile() throws {
        let path = folder.file("red.png")
        try PNGEncoder.write(red, to: path)
        XCTAssertTrue(try ImageFile.read(contentsOf: path).hasSamePixels(as: red))
        XCTAssertEqual(folder.contents(), ["red.png"])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o644)
    }

    func testWriteReplacesAnExistingFile() throws {
        let path = folder.file("picture.png")
        try PNGEncoder.write(red, to: path)
        try PNGEncoder.write(blue, to: path)
        XCTAssertTrue(try ImageFile.read(contentsOf: path).hasSamePixels(as: blue))
        XCTAssertEqual(folder.contents(), ["picture.png"])
    }

    func testWriteIntoMissingFolderThrowsCannotCreate() {
        let path = folder.file("missing/red.png")
        assertCodecError(try PNGEncoder.write(red, to: path), mentioning: path) {
            if case .cannotCreate = $0 { true } else { false }
        }
        XCTAssertEqual(folder.contents(), [])
    }

    func testWriteBelowARegularFileThrowsCannotCreate() throws {
        _ = try folder.write([1, 2, 3], to: "plain")
        let path = folder.file("plain/red.png")
        assertCodecError(try PNGEncoder.write(red, to: path), mentioning: path) {
            if case .cannotCreate = $0 { true } else { false }
        }
        XCTAssertEqual(folder.contents(), ["plain"])
    }

    func testWriteIntoReadOnlyFolderThrowsCannotCreateAndLeavesNothing() throws {
        guard geteuid() != 0 else { throw XCTSkip("root ignores folder permissions") }
        let locked = folder.file("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        chmod(locked, 0o555)
        defer { chmod(locked, 0o755) }
        assertCodecError(try PNGEncoder.write(red, to: "\(locked)/red.png"), mentioning: "locked/red.png") {
            if case .cannotCreate = $0 { true } else { false }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: locked), [])
    }

    func testWriteIntoAFolderNobodyCanWriteThrowsCannotCreate() {
        // /proc refuses new files even to root, so this runs whoever runs the tests.
        assertCodecError(try PNGEncoder.write(red, to: "/proc/kinescope-codecs-test.png"), mentioning: "/proc/kinescope-codecs-test.png") {
            if case .cannotCreate = $0 { true } else { false }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/proc/kinescope-codecs-test.png"))
    }

    func testWriteOverAFolderThrowsCannotCreateAndKeepsTheFolder() throws {
        let path = folder.file("taken")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        assertCodecError(try PNGEncoder.write(red, to: path), mentioning: path) {
            if case .cannotCreate = $0 { true } else { false }
        }
        XCTAssertEqual(folder.contents(), ["taken"])
    }

    func testDiskFullDuringWriteThrowsWriteFailedAndKeepsTheOldFile() throws {
        let path = folder.file("frame.png")
        try PNGEncoder.write(red, to: path)
        let fullAfterTenBytes = FileSink(
            write: { fd, bytes, count in
                var info = stat()
                fstat(fd, &info)
                if info.st_size >= 10 {
                    errno = ENOSPC
                    return -1
                }
                return Glibc.write(fd, bytes, min(count, 10))
            },
            sync: { Glibc.fsync($0) })
        assertCodecError(try PNGEncoder.write(blue, to: path, compressionLevel: 6, sink: fullAfterTenBytes),
                         mentioning: "ENOSPC") {
            if case .writeFailed(path, _) = $0 { true } else { false }
        }
        XCTAssertTrue(try ImageFile.read(contentsOf: path).hasSamePixels(as: red))
        XCTAssertEqual(folder.contents(), ["frame.png"])
    }

    func testSyncFailureThrowsWriteFailedAndLeavesNothing() throws {
        let path = folder.file("frame.png")
        let failingSync = FileSink(write: { Glibc.write($0, $1, $2) }, sync: { _ in errno = EIO; return -1 })
        assertCodecError(try PNGEncoder.write(red, to: path, compressionLevel: 6, sink: failingSync), mentioning: "EIO") {
            if case .writeFailed(path, _) = $0 { true } else { false }
        }
        XCTAssertEqual(folder.contents(), [])
    }

    func testShortAndInterruptedWritesAreResumed() throws {
        let path = folder.file("frame.png")
        let interruptions = Counter()
        let trickle = FileSink(
            write: { fd, bytes, count in
                if interruptions.increment() % 3 == 0 {
                    errno = EINTR
                    return -1
                }
                return Glibc.write(fd, bytes, min(count, 7))
            },
            sync: { Glibc.fsync($0) })
        try PNGEncoder.write(red, to: path, compressionLevel: 6, sink: trickle)
        XCTAssertTrue(try ImageFile.read(contentsOf: path).hasSamePixels(as: red))
        XCTAssertGreaterThan(interruptions.value, 10)
    }

    func testWritingToDevFullReportsNoSpaceLeft() throws {
        let fd = open("/dev/full", O_WRONLY)
        guard fd >= 0 else { throw XCTSkip("/dev/full is not available") }
        defer { close(fd) }
        let bytes = try PNGEncoder.encode(red)
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageCodecError) in
                try AtomicFileWriter.writeAll(buffer, to: fd, path: "/dev/full", sink: .system)
            }
        }
        XCTAssertThrowsError(try result.get()) { error in
            guard case let .writeFailed(path, reason) = error as? ImageCodecError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(path, "/dev/full")
            XCTAssertTrue(reason.contains("ENOSPC"), reason)
        }
    }
}

/// A thread-safe counter for the write stubs (which must be `@Sendable`).
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() -> Int { lock.withLock { count += 1; return count } }
}
