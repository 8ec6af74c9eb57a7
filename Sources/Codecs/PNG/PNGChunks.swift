/// PNG's chunk layer: the 8-byte signature, then chunks of `length (4, big-endian) · type (4) ·
/// data · CRC-32 of type and data (4)`. Animated PNG is built on it: the APNG writer takes the
/// `IDAT` data PNGEncoder produced for a frame and re-wraps it as `fdAT` chunks.
///
/// ```swift
/// var file = PNGChunks.signature
/// PNGChunks.append(type: "IEND", data: [], to: &file)
/// ```
package enum PNGChunks {
    /// The first eight bytes of every PNG file.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// One chunk of a PNG stream: its four-letter type and the range of its data in the stream.
    package struct Chunk {
        package var type: String
        package var data: Range<Int>
    }

    /// Appends the chunk `type` (four ASCII letters) holding `data` to `bytes`.
    package static func append(type: String, data: some Collection<UInt8>, to bytes: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4, "a PNG chunk type has four letters")
        appendBigEndian(UInt32(data.count), to: &bytes)
        let start = bytes.count
        bytes += typeBytes
        bytes += data
        appendBigEndian(crc32(bytes[start...]), to: &bytes)
    }

    /// The chunks of a complete PNG stream in order, or nil when it does not start with the
    /// signature or a chunk runs past the end. CRCs are not checked: this reads streams PNGEncoder
    /// has just written.
    package static func chunks(of png: [UInt8]) -> [Chunk]? {
        guard png.count >= 8, Array(png[0..<8]) == signature else { return nil }
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = Int(readBigEndian(png, at: offset))
            let dataStart = offset + 8
            guard length <= png.count - dataStart - 4 else { return nil }
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            chunks.append(Chunk(type: type, data: dataStart..<(dataStart + length)))
            offset = dataStart + length + 4
        }
        return offset == png.count ? chunks : nil
    }

    /// Appends `value` as four big-endian bytes.
    package static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// Appends `value` as two big-endian bytes.
    package static func appendBigEndian(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
    }

    /// The big-endian 32-bit number at `offset`.
    package static func readBigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// CRC-32 (ISO 3309, as PNG and zlib use it) of `bytes`.
    package static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }
}
