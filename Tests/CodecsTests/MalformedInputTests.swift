@testable import Codecs
import CSPNG
import CTurboJPEG
import Foundation
import KinescopeTestSupport
import Raster
import XCTest

private func isTruncated(_ e: ImageCodecError) -> Bool { if case .truncated = e { true } else { false } }
private func isCorrupt(_ e: ImageCodecError) -> Bool { if case .corrupt = e { true } else { false } }
private func isTooLarge(_ e: ImageCodecError) -> Bool { if case .dimensionsTooLarge = e { true } else { false } }

final class MalformedPNGTests: XCTestCase {
    private let png = try! PNGFixture.rgba8(width: 40, height: 30) { x, y in
        (UInt8(x * 6), UInt8(y * 8), UInt8((x * y) & 0xFF), UInt8(100 + x))
    }

    func testTruncationAtEveryStructuralOffsetIsReportedAsTruncated() throws {
        let idat = try XCTUnwrap(PNGChunk.first("IDAT", in: png))
        let iend = try XCTUnwrap(PNGChunk.first("IEND", in: png))
        let offsets = [1, 4, 7, 8, 12, 20, 32, 33, idat.offset + 4, idat.dataOffset + 2, idat.dataOffset + idat.length / 2,
                       idat.crcOffset, iend.offset]
        for offset in offsets {
            assertCodecError(try ImageFile.decode(Array(png[..<offset]), name: "cut.png"), mentioning: "cut.png", isTruncated)
        }
    }

    func testFlippedCRCIsCorrupt() throws {
        for type in ["IHDR", "IDAT"] {
            var bytes = png
            let chunk = try XCTUnwrap(PNGChunk.first(type, in: bytes))
            bytes[chunk.crcOffset] ^= 0x01
            assertCodecError(try ImageFile.decode(bytes, name: "crc.png"), mentioning: "CRC", isCorrupt)
        }
    }

    func testFlippedDataByteInsideIDATIsCorrupt() throws {
        var bytes = png
        let idat = try XCTUnwrap(PNGChunk.first("IDAT", in: bytes))
        bytes[idat.dataOffset + idat.length / 2] ^= 0x5A
        PNGChunk.fixCRC(idat, in: &bytes)
        assertCodecError(try ImageFile.decode(bytes, name: "zlib.png"), mentioning: "zlib.png", isCorrupt)
    }

    func testChunkLengthOverflowIsCorrupt() throws {
        for length: UInt32 in [0xFFFF_FFFF, 0x8000_0000] {
            var bytes = png
            let idat = try XCTUnwrap(PNGChunk.first("IDAT", in: bytes))
            PNGChunk.writeUInt32(length, into: &bytes, at: idat.offset)
            assertCodecError(try ImageFile.decode(bytes, name: "length.png"), mentioning: "length.png", isCorrupt)
        }
    }

    func testChunkLengthBeyondTheEndOfFileIsTruncated() throws {
        var bytes = png
        let idat = try XCTUnwrap(PNGChunk.first("IDAT", in: bytes))
        PNGChunk.writeUInt32(0x7FFF_FFFF, into: &bytes, at: idat.offset)
        assertCodecError(try ImageFile.decode(bytes, name: "long.png"), mentioning: "long.png") {
            isTruncated($0) || isCorrupt($0)
        }
    }

    private func withIHDR(width: UInt32, height: UInt32, colorType: UInt8? = nil, of source: [UInt8]) throws -> [UInt8] {
        var bytes = source
        let ihdr = try XCTUnwrap(PNGChunk.first("IHDR", in: bytes))
        PNGChunk.writeUInt32(width, into: &bytes, at: ihdr.dataOffset)
        PNGChunk.writeUInt32(height, into: &bytes, at: ihdr.dataOffset + 4)
        if let colorType { bytes[ihdr.dataOffset + 9] = colorType }
        PNGChunk.fixCRC(ihdr, in: &bytes)
        return bytes
    }

    func testAbsurdDimensionsAreRefusedBeforeDecoding() throws {
        let huge = try withIHDR(width: 100_000, height: 100_000, of: png)
        assertCodecError(try ImageFile.decode(huge, name: "huge.png"), mentioning: "100000x100000", isTooLarge)
        let wide = try withIHDR(width: 16385, height: 1, of: png)
        assertCodecError(try ImageFile.decode(wide, name: "wide.png"), mentioning: "16385x1", isTooLarge)
        let manyPixels = try withIHDR(width: 16384, height: 4097, of: png)
        assertCodecError(try ImageFile.decode(manyPixels, name: "many.png"), mentioning: "16384x4097", isTooLarge)
    }

    func testZeroWidthIsCorrupt() throws {
        let zero = try withIHDR(width: 0, height: 5, of: png)
        assertCodecError(try ImageFile.decode(zero, name: "zero.png"), mentioning: "zero.png", isCorrupt)
    }

    func testSixteenThousandPixelSquareIDATBombIsRefused() throws {
        // A valid 1-bit 16384×16384 image: 32 MiB of zero samples compress to a few kilobytes.
        let side = 16384
        var options = PNGFixture.Options()
        options.colorType = SPNG_COLOR_TYPE_GRAYSCALE
        options.bitDepth = 1
        let bomb = try PNGFixture.encode(width: side, height: side, raw: [UInt8](repeating: 0, count: side / 8 * side), options: options)
        XCTAssertLessThan(bomb.count, 200_000)
        assertCodecError(try ImageFile.decode(bomb, name: "bomb.png"), mentioning: "16384x16384", isTooLarge)
        // The same stream claiming 8-bit RGBA: a gigabyte of pixels from the same small file.
        let rgba = try withIHDR(width: UInt32(side), height: UInt32(side), colorType: 6, of: bomb)
        var patched = rgba
        let ihdr = try XCTUnwrap(PNGChunk.first("IHDR", in: patched))
        patched[ihdr.dataOffset + 8] = 8
        PNGChunk.fixCRC(ihdr, in: &patched)
        assertCodecError(try ImageFile.decode(patched, name: "bomb-rgba.png"), mentioning: "16384x16384", isTooLarge)
    }

    func testSignatureFollowedByGarbageIsCorruptOrTruncated() {
        var rng = SeededRandom(seed: 7)
        for length in [1, 10, 100, 5000] {
            let bytes = PNGDecoder.signature + (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            assertCodecError(try ImageFile.decode(bytes, name: "garbage.png"), mentioning: "garbage.png") {
                isCorrupt($0) || isTruncated($0)
            }
        }
    }

    func testRandomMutationsNeverCrash() {
        var rng = SeededRandom(seed: 42)
        var failures = 0
        for _ in 0..<400 {
            var bytes = png
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                bytes[Int.random(in: 8..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            if Bool.random(using: &rng) { bytes.removeLast(Int.random(in: 0..<bytes.count / 2, using: &rng)) }
            do {
                let bitmap = try ImageFile.decode(bytes, name: "fuzz.png")
                XCTAssertLessThanOrEqual(bitmap.size.area, ImageLimits.maxPixelCount)
            } catch {
                XCTAssertTrue(error.description.hasPrefix("fuzz.png: "), error.description)
                failures += 1
            }
        }
        XCTAssertGreaterThan(failures, 200, "mutations should mostly be detected (CRC)")
    }
}

final class MalformedJPEGTests: XCTestCase {
    private let jpeg = try! JPEGFixture.compress(width: 48, height: 32, pixels: JPEGFixture.gradientRGB(width: 48, height: 32),
                                                 format: TJPF_RGB, subsampling: TJSAMP_420)

    /// Offset just past the first start-of-scan header.
    private func scanDataOffset(_ bytes: [UInt8]) throws -> Int {
        let sos = try XCTUnwrap(bytes.windows(ofCount: 2).first { $0.first == 0xFF && $0.last == 0xDA }?.startIndex)
        let length = Int(bytes[sos + 2]) << 8 | Int(bytes[sos + 3])
        return sos + 2 + length
    }

    func testTruncatedJPEGIsReportedAsTruncated() throws {
        let scan = try scanDataOffset(jpeg)
        for offset in [1, 2, 20, 100, scan, scan + 10, (scan + jpeg.count) / 2, jpeg.count - 2] {
            assertCodecError(try ImageFile.decode(Array(jpeg[..<offset]), name: "cut.jpg"), mentioning: "cut.jpg", isTruncated)
        }
    }

    func testCorruptEntropyCodedDataIsCorrupt() throws {
        var bytes = jpeg
        let scan = try scanDataOffset(bytes)
        for i in 0..<24 { bytes[scan + 8 + i] = [0x00, 0xFF, 0xD5][i % 3] }
        assertCodecError(try ImageFile.decode(bytes, name: "huffman.jpg"), mentioning: "huffman.jpg") {
            isCorrupt($0)
        }
    }

    func testMarkerFollowedByGarbageNeverCrashes() {
        var rng = SeededRandom(seed: 9)
        for length in [1, 16, 300, 4000] {
            let bytes: [UInt8] = [0xFF, 0xD8, 0xFF] + (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            assertCodecError(try ImageFile.decode(bytes, name: "garbage.jpg"), mentioning: "garbage.jpg") {
                isCorrupt($0) || isTruncated($0) || {
                    if case .unsupported = $0 { true } else { false }
                }($0)
            }
        }
    }

    func testRandomMutationsNeverCrash() {
        var rng = SeededRandom(seed: 4242)
        for _ in 0..<300 {
            var bytes = jpeg
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                bytes[Int.random(in: 3..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            if Bool.random(using: &rng) { bytes.removeLast(Int.random(in: 0..<bytes.count / 2, using: &rng)) }
            do {
                let bitmap = try ImageFile.decode(bytes, name: "fuzz.jpg")
                XCTAssertLessThanOrEqual(bitmap.size.area, ImageLimits.maxPixelCount)
            } catch {
                XCTAssertTrue(error.description.hasPrefix("fuzz.jpg: "), error.description)
            }
        }
    }

    func testHugeDeclaredSizeIsRefusedBeforeDecoding() throws {
        var bytes = jpeg
        let sof = try XCTUnwrap(bytes.windows(ofCount: 2).first { $0.first == 0xFF && $0.last == 0xC0 }?.startIndex)
        // SOF0: length(2) precision(1) height(2) width(2)
        for (i, byte) in [0x4E, 0x20, 0x4E, 0x20].enumerated() { bytes[sof + 5 + i] = UInt8(byte) }
        assertCodecError(try ImageFile.decode(bytes, name: "huge.jpg"), mentioning: "20000x20000", isTooLarge)
        // libjpeg itself refuses sides above 65500.
        for i in 0..<4 { bytes[sof + 5 + i] = 0xFF }
        assertCodecError(try ImageFile.decode(bytes, name: "huger.jpg"), mentioning: "huger.jpg", isCorrupt)
    }
}

final class ImageFileInputTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() { folder.remove() }

    func testFormatIsChosenBySignatureNotExtension() throws {
        let png = try PNGFixture.rgba8(width: 2, height: 2) { _, _ in (9, 8, 7, 255) }
        let jpeg = try JPEGFixture.compress(width: 8, height: 8, pixels: [UInt8](repeating: 90, count: 8 * 8 * 3),
                                            format: TJPF_RGB, subsampling: TJSAMP_444)
        XCTAssertEqual(try ImageFile.read(contentsOf: try folder.write(png, to: "really-a-png.jpg"))[x: 0, y: 0],
                       PremultipliedColor(red: 9, green: 8, blue: 7, alpha: 255))
        XCTAssertEqual(try ImageFile.read(contentsOf: try folder.write(jpeg, to: "really-a-jpeg.png")).size,
                       try PixelSize(width: 8, height: 8))
    }

    func testMissingFileIsFileNotFound() {
        let path = folder.file("nothing-here.png")
        assertCodecError(try ImageFile.read(contentsOf: path), mentioning: path) { $0 == .fileNotFound(path: path) }
        let below = folder.file("nothing/here.png")
        assertCodecError(try ImageFile.read(contentsOf: below), mentioning: below) { $0 == .fileNotFound(path: below) }
    }

    func testFolderIsUnreadable() {
        assertCodecError(try ImageFile.read(contentsOf: folder.path), mentioning: folder.path) {
            if case let .unreadable(_, reason) = $0 { reason.contains("folder") } else { false }
        }
    }

    func testDeviceIsRefusedWithoutReading() {
        assertCodecError(try ImageFile.read(contentsOf: "/dev/zero"), mentioning: "/dev/zero") {
            if case .unreadable = $0 { true } else { false }
        }
    }

    func testNamedPipeIsRefusedWithoutBlocking() throws {
        let path = folder.file("pipe.png")
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        assertCodecError(try ImageFile.read(contentsOf: path), mentioning: "not a regular file") {
            if case .unreadable(path, _) = $0 { true } else { false }
        }
    }

    func testPermissionDeniedIsUnreadable() throws {
        guard geteuid() != 0 else { throw XCTSkip("root reads any file") }
        let path = try folder.write([0x89, 0x50], to: "secret.png")
        chmod(path, 0)
        assertCodecError(try ImageFile.read(contentsOf: path), mentioning: "EACCES") {
            if case .unreadable(path, _) = $0 { true } else { false }
        }
    }

    func testEmptyFileAndEmptyBufferAreEmpty() throws {
        let path = try folder.write([], to: "empty.png")
        assertCodecError(try ImageFile.read(contentsOf: path), mentioning: path) { $0 == .empty(name: path) }
        assertCodecError(try ImageFile.decode([], name: "memory"), mentioning: "memory") { $0 == .empty(name: "memory") }
    }

    func testRandomGarbageIsNotAnImage() throws {
        var rng = SeededRandom(seed: 3)
        for length in [3, 8, 64, 10_000] {
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            bytes[0] = 0x42
            let path = try folder.write(bytes, to: "garbage-\(length).bin")
            assertCodecError(try ImageFile.read(contentsOf: path), mentioning: path) { $0 == .notAnImage(name: path) }
        }
        assertCodecError(try ImageFile.decode(Array("GIF89a".utf8), name: "gif"), mentioning: "not a PNG or JPEG") {
            $0 == .notAnImage(name: "gif")
        }
    }

    func testFileOverTheSizeLimitIsRefusedBeforeReading() throws {
        let path = try folder.write([UInt8](repeating: 1, count: 100), to: "big.png")
        XCTAssertThrowsError(try FileReader.readAll(path: path, limit: 99)) { error in
            XCTAssertEqual(error as? ImageCodecError, .fileTooLarge(path: path, byteCount: 100))
        }
        XCTAssertEqual(try FileReader.readAll(path: path, limit: 100).count, 100)
    }
}
