import Codecs
import Foundation
import KinescopeTestSupport
import Raster
import XCTest

/// A test-only APNG reader: walks the chunks, checks every CRC and the sequence numbers, and
/// decodes each frame by reassembling its data as a PNG of its own (IHDR with the frame's size,
/// the IDAT/fdAT data as IDAT) for libspng, then composites it on the canvas as its fcTL says
/// (only dispose NONE and blend SOURCE, which the sink writes, are supported).
struct APNGFile {
    struct FrameControl: Equatable {
        var width, height, x, y: Int
        var delayNumerator, delayDenominator: Int
        var dispose, blend: UInt8
    }

    var width = 0, height = 0
    var frameCount = 0, plays = 0
    var controls: [FrameControl] = []
    /// The canvas after each frame, premultiplied.
    var frames: [Bitmap] = []

    init(_ bytes: [UInt8]) throws {
        guard bytes.count > 8, Array(bytes[0..<8]) == PNGChunks.signature else { throw TestSupportError("no PNG signature") }
        var offset = 8
        var ihdr: [UInt8] = []
        var expectedSequence: UInt32 = 0
        var pendingData: [[UInt8]] = []
        var pendingControl: FrameControl?
        var sawIEND = false
        func be(_ o: Int) -> Int { Int(PNGChunks.readBigEndian(bytes, at: o)) }
        func flush() throws {
            guard let control = pendingControl else { return }
            var png = PNGChunks.signature
            var header: [UInt8] = []
            PNGChunks.appendBigEndian(UInt32(control.width), to: &header)
            PNGChunks.appendBigEndian(UInt32(control.height), to: &header)
            header += ihdr[8...]
            PNGChunks.append(type: "IHDR", data: header, to: &png)
            for data in pendingData { PNGChunks.append(type: "IDAT", data: data, to: &png) }
            PNGChunks.append(type: "IEND", data: [UInt8](), to: &png)
            let piece = try ImageFile.decode(png, name: "frame \(controls.count)")
            let size = try PixelSize(width: width, height: height)
            let canvas = frames.last?.copy() ?? Bitmap(size: size)
            XCTAssertEqual(control.dispose, 0)
            XCTAssertEqual(control.blend, 0)
            canvas.copy(from: piece, atX: control.x, y: control.y)
            frames.append(canvas)
            controls.append(control)
            pendingData = []
            pendingControl = nil
        }
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { throw TestSupportError("chunk header cut at \(offset)") }
            let length = be(offset)
            guard offset + 12 + length <= bytes.count else { throw TestSupportError("chunk cut at \(offset)") }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            let crc = PNGChunks.readBigEndian(bytes, at: offset + 8 + length)
            guard crc == PNGChunks.crc32(bytes[(offset + 4)..<(offset + 8 + length)]) else { throw TestSupportError("bad CRC in \(type)") }
            offset += 12 + length
            guard !sawIEND else { throw TestSupportError("\(type) after IEND") }
            switch type {
            case "IHDR":
                ihdr = data
                width = be(offset - 12 - length + 8)
                height = be(offset - 12 - length + 12)
            case "acTL":
                frameCount = Int(PNGChunks.readBigEndian(data, at: 0))
                plays = Int(PNGChunks.readBigEndian(data, at: 4))
            case "fcTL":
                try flush()
                guard PNGChunks.readBigEndian(data, at: 0) == expectedSequence else { throw TestSupportError("fcTL out of sequence") }
                expectedSequence += 1
                func u32(_ o: Int) -> Int { Int(PNGChunks.readBigEndian(data, at: o)) }
                pendingControl = FrameControl(width: u32(4), height: u32(8), x: u32(12), y: u32(16),
                                              delayNumerator: Int(data[20]) << 8 | Int(data[21]),
                                              delayDenominator: Int(data[22]) << 8 | Int(data[23]),
                                              dispose: data[24], blend: data[25])
            case "IDAT":
                guard controls.isEmpty else { throw TestSupportError("IDAT after the first frame") }
                pendingData.append(data)
            case "fdAT":
                guard PNGChunks.readBigEndian(data, at: 0) == expectedSequence else { throw TestSupportError("fdAT out of sequence") }
                expectedSequence += 1
                pendingData.append(Array(data[4...]))
            case "IEND":
                try flush()
                sawIEND = true
            default:
                break
            }
        }
        guard sawIEND else { throw TestSupportError("no IEND") }
        guard frameCount == frames.count else { throw TestSupportError("acTL says \(frameCount) frames, the file has \(frames.count)") }
    }

    init(contentsOf path: String) throws {
        try self.init([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }
}

/// A test-only walk over a GIF's blocks (no pixel decoding: ffmpeg does that): the loop
/// extension and each frame's control and descriptor.
struct GIFStructure {
    struct Frame: Equatable {
        var delay: Int
        var disposal: Int
        var transparentIndex: Int?
        var x, y, width, height: Int
        var paletteSize: Int
    }

    var width = 0, height = 0
    /// NETSCAPE2.0 repetitions, nil without the extension.
    var loopRepetitions: Int?
    var frames: [Frame] = []

    init(_ bytes: [UInt8]) throws {
        guard bytes.count >= 13, String(decoding: bytes[0..<6], as: UTF8.self) == "GIF89a" else { throw TestSupportError("not GIF89a") }
        func le(_ o: Int) -> Int { Int(bytes[o]) | Int(bytes[o + 1]) << 8 }
        width = le(6)
        height = le(8)
        var offset = 13
        if bytes[10] & 0x80 != 0 { offset += 3 << (Int(bytes[10] & 7) + 1) }
        var control: (delay: Int, disposal: Int, transparent: Int?) = (0, 0, nil)
        func skipSubBlocks() throws {
            while true {
                guard offset < bytes.count else { throw TestSupportError("sub-blocks cut") }
                let n = Int(bytes[offset])
                offset += 1 + n
                if n == 0 { return }
            }
        }
        while true {
            guard offset < bytes.count else { throw TestSupportError("no trailer") }
            switch bytes[offset] {
            case 0x3B:
                guard offset == bytes.count - 1 else { throw TestSupportError("bytes after the trailer") }
                return
            case 0x21 where bytes[offset + 1] == 0xF9:
                let packed = bytes[offset + 3]
                control = (le(offset + 4), Int(packed >> 2) & 7, packed & 1 != 0 ? Int(bytes[offset + 6]) : nil)
                offset += 8
            case 0x21 where bytes[offset + 1] == 0xFF:
                let name = String(decoding: bytes[(offset + 3)..<(offset + 14)], as: UTF8.self)
                if name == "NETSCAPE2.0" { loopRepetitions = le(offset + 16) }
                offset += 14
                try skipSubBlocks()
            case 0x21:
                offset += 2
                try skipSubBlocks()
            case 0x2C:
                let packed = bytes[offset + 9]
                let paletteSize = packed & 0x80 != 0 ? 1 << (Int(packed & 7) + 1) : 0
                frames.append(Frame(delay: control.delay, disposal: control.disposal, transparentIndex: control.transparent,
                                    x: le(offset + 1), y: le(offset + 3), width: le(offset + 5), height: le(offset + 7),
                                    paletteSize: paletteSize))
                control = (0, 0, nil)
                offset += 10 + 3 * paletteSize + 1
                try skipSubBlocks()
            default:
                throw TestSupportError("unknown block 0x\(String(bytes[offset], radix: 16)) at \(offset)")
            }
        }
    }

    init(contentsOf path: String) throws {
        try self.init([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }
}

/// ffmpeg and ffprobe, for decoding outputs with a third-party decoder.
enum FFmpeg {
    static func path(_ name: String) throws -> String {
        guard let path = Programs.onPath(name) else { throw XCTSkip("\(name) is not installed (scripts/install-deps --test)") }
        return path
    }

    /// Every frame of `input` as straight RGBA bytes, one array a frame, as ffmpeg decodes it
    /// (no frame dropped or repeated).
    /// `filter` (`-vf`) runs before the conversion to RGBA.
    static func decodeRGBA(_ input: String, width: Int, height: Int, inputOptions: [String] = [],
                           filter: String? = nil) throws -> [[UInt8]] {
        let run = try runTool(try path("ffmpeg"), ["-v", "error"] + inputOptions + ["-i", input, "-fps_mode", "passthrough"]
                              + (filter.map { ["-vf", $0] } ?? []) + ["-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        guard run.status == 0 else { throw TestSupportError("ffmpeg failed on \(input)") }
        let bytes = [UInt8](run.output), frameBytes = width * height * 4
        guard bytes.count % frameBytes == 0 else { throw TestSupportError("ffmpeg gave \(bytes.count) bytes, not whole frames") }
        return stride(from: 0, to: bytes.count, by: frameBytes).map { Array(bytes[$0..<($0 + frameBytes)]) }
    }

    /// ffprobe's count of decoded frames and the sum of their durations in seconds.
    static func probe(_ input: String) throws -> (frames: Int, seconds: Double) {
        let run = try runTool(try path("ffprobe"), ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                    "frame=pkt_duration_time", "-of", "csv=p=0", input])
        guard run.status == 0 else { throw TestSupportError("ffprobe failed on \(input)") }
        let lines = String(decoding: run.output, as: UTF8.self).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        return (lines.count, lines.compactMap { Double($0) }.reduce(0, +))
    }
}

extension Bitmap {
    /// Straight RGBA bytes (`c · 255 / a` rounded, as the encoders un-premultiply; transparent
    /// black for alpha 0), in ffmpeg's `rgba` order.
    func straightRGBA() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for p in row(y) {
                let a = p >> 24
                func channel(_ shift: UInt32) -> UInt8 {
                    a == 0 ? 0 : UInt8(min(255, (((p >> shift) & 0xFF) * 255 + a / 2) / a))
                }
                bytes += [channel(16), channel(8), channel(0), UInt8(a)]
            }
        }
        return bytes
    }
}
