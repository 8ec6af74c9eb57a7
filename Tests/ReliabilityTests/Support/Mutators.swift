import KinescopeTestSupport

/// Seeded damage to PNG and JPEG files, one strategy per case, each described in a few words so
/// that a failing case can be named and replayed (`KINESCOPE_FUZZ_CASE`).
///
/// PNG protects every chunk with a CRC, so flipping bits mostly tests the CRC check. The
/// strategies that matter edit a chunk and then recompute its CRC, which is what a hostile file
/// does: they reach the header checks, the zlib inflater, the scanline filters and the
/// interlacing arithmetic.
struct Mutator {
    var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    mutating func pick<T>(_ values: [T]) -> T { values[random.next(below: values.count)] }
    mutating func randomBytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in random.nextByte() } }
    mutating func chance(_ percent: Int) -> Bool { random.next(below: 100) < percent }

    /// Interesting 32-bit values for lengths and sizes: zero, one, the limits around 16384 and
    /// 2³¹, all ones, and a random one.
    mutating func edgeUInt32() -> UInt32 {
        pick([0, 1, 2, 255, 16383, 16384, 16385, 65535, 65536, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF,
              UInt32(truncatingIfNeeded: random.next())])
    }

    mutating func flipBits(_ bytes: inout [UInt8], from start: Int) -> String {
        let count = random.next(in: 1...8)
        for _ in 0..<count {
            let at = random.next(in: start...(bytes.count - 1))
            bytes[at] ^= 1 << UInt8(random.next(below: 8))
        }
        return "flip \(count) bits"
    }

    mutating func overwriteBytes(_ bytes: inout [UInt8], from start: Int) -> String {
        let count = random.next(in: 1...6)
        for _ in 0..<count {
            bytes[random.next(in: start...(bytes.count - 1))] = pick([0x00, 0xFF, 0x7F, 0x80, random.nextByte()])
        }
        return "overwrite \(count) bytes"
    }

    mutating func truncate(_ bytes: inout [UInt8]) -> String {
        let keep = random.next(in: 1...(bytes.count - 1))
        bytes.removeLast(bytes.count - keep)
        return "truncate to \(keep)"
    }

    mutating func splice(_ bytes: inout [UInt8], with other: [UInt8]) -> String {
        let cut = random.next(in: 1...(bytes.count - 1)), from = random.next(below: other.count)
        bytes = Array(bytes[..<cut]) + other[from...]
        return "splice at \(cut) from \(from)"
    }
}

extension Mutator {
    /// One seeded PNG mutation of `seed` that changes it (a draw that happens to change nothing,
    /// such as a chunk moved to where it was, is drawn again); returns the bytes and what was done.
    mutating func mutatePNG(_ seed: [UInt8], other: [UInt8]) -> (bytes: [UInt8], what: String) {
        var result = mutatePNGOnce(seed, other: other)
        for _ in 0..<8 where result.bytes == seed { result = mutatePNGOnce(seed, other: other) }
        return result
    }

    private mutating func mutatePNGOnce(_ seed: [UInt8], other: [UInt8]) -> (bytes: [UInt8], what: String) {
        var bytes = seed
        let chunks = PNGChunk.list(bytes)
        let strategy = random.next(below: 13)
        switch strategy {
        case 0:
            let what = flipBits(&bytes, from: 8)
            return (bytes, what)
        case 1:
            let what = overwriteBytes(&bytes, from: 8)
            return (bytes, what)
        case 2:
            let what = truncate(&bytes)
            return (bytes, what)
        case 3:
            let chunk = pick(chunks)
            let value = chance(30) ? UInt32(clamping: chunk.length + random.next(in: -3...3)) : edgeUInt32()
            PNGChunk.writeUInt32(value, into: &bytes, at: chunk.offset)
            return (bytes, "\(chunk.type) length \(value)")
        case 4:
            let chunk = pick(chunks)
            bytes[chunk.crcOffset + random.next(below: 4)] ^= UInt8(random.next(in: 1...255))
            return (bytes, "\(chunk.type) CRC damaged")
        case 5:
            // IHDR fields with a valid CRC: huge or zero sizes, bad depth, colour type, methods.
            let ihdr = chunks[0]
            var what = "IHDR"
            if chance(70) {
                let width = edgeUInt32(), height = chance(50) ? edgeUInt32() : UInt32(random.next(in: 1...64))
                PNGChunk.writeUInt32(width, into: &bytes, at: ihdr.dataOffset)
                PNGChunk.writeUInt32(height, into: &bytes, at: ihdr.dataOffset + 4)
                what += " \(width)x\(height)"
            }
            if chance(40) {
                let field = random.next(below: 5)
                let value = pick([0, 1, 2, 3, 4, 6, 8, 16, 255, random.nextByte()])
                bytes[ihdr.dataOffset + 8 + field] = value
                what += " field \(8 + field) = \(value)"
            }
            PNGChunk.fixCRC(ihdr, in: &bytes)
            return (bytes, what)
        case 6:
            // Garbage inside the compressed data, CRC fixed: the inflater meets it.
            guard let idat = chunks.first(where: { $0.type == "IDAT" }), idat.length > 0 else { return (bytes, "no IDAT") }
            let start = idat.dataOffset + random.next(below: idat.length)
            let count = min(random.next(in: 1...32), idat.crcOffset - start)
            for i in 0..<count { bytes[start + i] = random.nextByte() }
            PNGChunk.fixCRC(idat, in: &bytes)
            return (bytes, "IDAT garbage \(count) at \(start - idat.dataOffset)")
        case 7:
            // Bits flipped inside any chunk's data with its CRC fixed (PLTE, tRNS, IDAT, IHDR).
            let candidates = chunks.filter { $0.length > 0 }
            let chunk = pick(candidates)
            for _ in 0..<random.next(in: 1...4) {
                bytes[chunk.dataOffset + random.next(below: chunk.length)] ^= 1 << UInt8(random.next(below: 8))
            }
            PNGChunk.fixCRC(chunk, in: &bytes)
            return (bytes, "\(chunk.type) data bits, CRC fixed")
        case 8:
            // Chunk order: drop, duplicate or move one.
            let chunk = pick(chunks)
            let whole = Array(bytes[chunk.offset..<chunk.end])
            switch random.next(below: 3) {
            case 0:
                bytes.removeSubrange(chunk.offset..<chunk.end)
                return (bytes, "drop \(chunk.type)")
            case 1:
                let target = pick(chunks).offset
                bytes.insert(contentsOf: whole, at: target)
                return (bytes, "duplicate \(chunk.type)")
            default:
                bytes.removeSubrange(chunk.offset..<chunk.end)
                let rest = PNGChunk.list(bytes)
                let target = rest.isEmpty ? 8 : pick(rest).offset
                bytes.insert(contentsOf: whole, at: target)
                return (bytes, "move \(chunk.type)")
            }
        case 9:
            // Extra chunks with valid CRCs: unknown critical, unknown ancillary, text with
            // garbage, a compressed-text chunk, a second palette, an oversized tRNS.
            let type = pick(["ABCD", "abCD", "tEXt", "zTXt", "iCCP", "PLTE", "tRNS", "gAMA", "sBIT", "IDAT", "IEND", "acTL"])
            let data = randomBytes(pick([0, 1, 3, 12, 100, 800, random.next(below: 2000)]))
            let target = pick(Array(chunks.dropFirst())).offset
            bytes.insert(contentsOf: PNGChunk.make(type, data), at: target)
            return (bytes, "insert \(type) of \(data.count)")
        case 10:
            let what = splice(&bytes, with: other)
            return (bytes, what)
        case 11:
            // A zlib header or Adler-32 damaged, CRC fixed.
            guard let idat = chunks.first(where: { $0.type == "IDAT" }), idat.length >= 6 else { return (bytes, "no IDAT") }
            let at = chance(50) ? idat.dataOffset + random.next(below: 2) : idat.crcOffset - 1 - random.next(below: 4)
            bytes[at] ^= UInt8(random.next(in: 1...255))
            PNGChunk.fixCRC(idat, in: &bytes)
            return (bytes, "zlib header/trailer byte \(at)")
        default:
            return synthesizedPNG()
        }
    }

    /// A PNG built from scratch around stored zlib blocks: random header values (mostly valid
    /// combinations), random scanlines with any filter byte, a right or wrong amount of data.
    mutating func synthesizedPNG() -> (bytes: [UInt8], what: String) {
        let combos: [(UInt8, [UInt8])] = [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])]
        let combo = pick(combos)
        var colorType = combo.0
        var depth = pick(combo.1)
        if chance(10) { colorType = random.nextByte() }
        if chance(10) { depth = random.nextByte() }
        let width = random.next(in: 1...48), height = random.next(in: 1...48)
        let interlace: UInt8 = chance(30) ? 1 : (chance(5) ? random.nextByte() : 0)
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)] ?? 1
        let rowBytes = (width * channels * Int(depth) + 7) / 8
        var scanlines: [UInt8] = []
        let rows = interlace == 1 ? height * 2 : height
        for _ in 0..<rows {
            scanlines.append(chance(90) ? UInt8(random.next(below: 5)) : random.nextByte())
            scanlines += randomBytes(rowBytes)
        }
        let tamper = random.next(below: 4)
        if tamper == 1 { scanlines.removeLast(random.next(in: 1...min(scanlines.count, 40))) }
        if tamper == 2 { scanlines += randomBytes(random.next(in: 1...300)) }
        var ihdr = PNGChunk.bigEndian(UInt32(width)) + PNGChunk.bigEndian(UInt32(height))
        ihdr += [depth, colorType, 0, 0, interlace]
        var file = PNGChunk.signature + PNGChunk.make("IHDR", ihdr)
        if colorType == 3 || chance(10) {
            file += PNGChunk.make("PLTE", randomBytes(3 * pick([1, 2, 16, 256, random.next(in: 0...300)])))
        }
        if chance(20) { file += PNGChunk.make("tRNS", randomBytes(pick([1, 2, 6, 16, 256, random.next(below: 300)]))) }
        let stream = PNGChunk.storedZlib(scanlines)
        if chance(30), stream.count > 2 {
            let cut = random.next(in: 1...(stream.count - 1))
            file += PNGChunk.make("IDAT", Array(stream[..<cut])) + PNGChunk.make("IDAT", Array(stream[cut...]))
        } else {
            file += PNGChunk.make("IDAT", stream)
        }
        file += PNGChunk.make("IEND", [])
        return (file, "synthesized type \(colorType) depth \(depth) \(width)x\(height) interlace \(interlace) tamper \(tamper)")
    }

    /// A valid re-encoding of `seed`: its IDAT data split into chunks of random sizes. Must
    /// decode to the same pixels as the seed.
    mutating func resplitIDAT(_ seed: [UInt8]) -> [UInt8] {
        let chunks = PNGChunk.list(seed)
        let idats = chunks.filter { $0.type == "IDAT" }
        let stream = idats.flatMap { seed[$0.dataOffset..<$0.crcOffset] }
        var out = Array(seed[..<idats[0].offset])
        var offset = 0
        while offset < stream.count {
            let count = min(stream.count - offset, random.next(in: 1...max(1, stream.count / 3)))
            out += PNGChunk.make("IDAT", Array(stream[offset..<offset + count]))
            offset += count
        }
        out += seed[idats.last!.end...]
        return out
    }
}

/// JPEG marker segments, for the JPEG strategies.
enum JPEGSegments {
    struct Segment {
        let marker: UInt8
        /// Offset of the 0xFF that starts the marker.
        let offset: Int
        /// Length field's value (includes its own two bytes); 0 for markers without one.
        let length: Int
        var dataOffset: Int { offset + 4 }
        var end: Int { offset + 2 + length }
    }

    /// The marker segments up to and including the first SOS (entropy-coded data follows it).
    static func list(_ bytes: [UInt8]) -> [Segment] {
        var segments: [Segment] = []
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard offset + 2 + length <= bytes.count else { break }
            segments.append(Segment(marker: marker, offset: offset, length: length))
            if marker == 0xDA { break }
            offset += 2 + length
        }
        return segments
    }
}

extension Mutator {
    /// One seeded JPEG mutation of `seed` that changes it; returns the bytes and what was done.
    mutating func mutateJPEG(_ seed: [UInt8], other: [UInt8]) -> (bytes: [UInt8], what: String) {
        var result = mutateJPEGOnce(seed, other: other)
        for _ in 0..<8 where result.bytes == seed { result = mutateJPEGOnce(seed, other: other) }
        return result
    }

    private mutating func mutateJPEGOnce(_ seed: [UInt8], other: [UInt8]) -> (bytes: [UInt8], what: String) {
        var bytes = seed
        let segments = JPEGSegments.list(bytes)
        guard let sos = segments.last, sos.marker == 0xDA else {
            let what = flipBits(&bytes, from: 3)
            return (bytes, what)
        }
        let scanStart = sos.end
        let scanEnd = max(scanStart + 1, bytes.count - 2)
        switch random.next(below: 12) {
        case 0:
            let what = flipBits(&bytes, from: 3)
            return (bytes, what)
        case 1:
            let what = overwriteBytes(&bytes, from: 3)
            return (bytes, what)
        case 2:
            let what = truncate(&bytes)
            return (bytes, what)
        case 3:
            let segment = pick(segments)
            let value = chance(40) ? max(0, segment.length + random.next(in: -4...4)) : Int(pick([0, 1, 2, 3, 0xFFFF, random.next(below: 0x10000)]))
            bytes[segment.offset + 2] = UInt8(truncatingIfNeeded: value >> 8)
            bytes[segment.offset + 3] = UInt8(truncatingIfNeeded: value)
            return (bytes, "marker \(String(segment.marker, radix: 16)) length \(value)")
        case 4:
            // Frame header: sizes at the limits, precision, component count and sampling.
            guard let sof = segments.first(where: { [0xC0, 0xC1, 0xC2].contains($0.marker) }) else { return (bytes, "no SOF") }
            var what = "SOF"
            if chance(70) {
                let height = pick([0, 1, 8, 4096, 16384, 16385, 20000, 65500, 65535, random.next(below: 0x10000)])
                let width = pick([0, 1, 8, 4096, 16384, 16385, 20000, 65500, 65535, random.next(below: 0x10000)])
                bytes[sof.dataOffset + 1] = UInt8(height >> 8); bytes[sof.dataOffset + 2] = UInt8(height & 0xFF)
                bytes[sof.dataOffset + 3] = UInt8(width >> 8); bytes[sof.dataOffset + 4] = UInt8(width & 0xFF)
                what += " \(width)x\(height)"
            } else {
                let field = pick([0, 5, 7, 8, 10, 11])
                let at = sof.dataOffset + field
                guard at < sof.end else { return (bytes, "SOF short") }
                let value = pick([0, 1, 2, 3, 4, 0x11, 0x22, 0x44, 0xFF, 12, 16, random.nextByte()])
                bytes[at] = value
                what += " byte \(field) = \(value)"
            }
            return (bytes, what)
        case 5, 6:
            // Garbage in Huffman or quantisation tables.
            let tables = segments.filter { $0.marker == 0xC4 || $0.marker == 0xDB }
            guard let table = tables.isEmpty ? nil : pick(tables), table.length > 3 else { return (bytes, "no table") }
            let count = random.next(in: 1...8)
            for _ in 0..<count { bytes[table.dataOffset + random.next(below: table.length - 2)] = random.nextByte() }
            return (bytes, "\(table.marker == 0xC4 ? "DHT" : "DQT") \(count) bytes")
        case 7:
            // Entropy-coded data: random bytes, stray markers, restart markers.
            let count = random.next(in: 1...24)
            for _ in 0..<count {
                let at = random.next(in: scanStart...(scanEnd - 1))
                if chance(30), at + 1 < bytes.count {
                    bytes[at] = 0xFF
                    bytes[at + 1] = pick([0x00, 0xD0, 0xD3, 0xD7, 0xD8, 0xD9, 0xDA, 0xC4, 0xFF, random.nextByte()])
                } else {
                    bytes[at] = random.nextByte()
                }
            }
            return (bytes, "scan data \(count) edits")
        case 8:
            // Scan header: component selectors, spectral selection, approximation.
            let count = random.next(in: 1...3)
            for _ in 0..<count { bytes[sos.dataOffset + random.next(below: sos.length - 2)] = random.nextByte() }
            return (bytes, "SOS header \(count) bytes")
        case 9:
            // Segment order: drop, duplicate, or add a restart interval or a big APP segment.
            let segment = pick(segments)
            let whole = Array(bytes[segment.offset..<segment.end])
            switch random.next(below: 4) {
            case 0:
                bytes.removeSubrange(segment.offset..<segment.end)
                return (bytes, "drop marker \(String(segment.marker, radix: 16))")
            case 1:
                bytes.insert(contentsOf: whole, at: pick(segments).offset)
                return (bytes, "duplicate marker \(String(segment.marker, radix: 16))")
            case 2:
                let interval = pick([0, 1, 2, 0xFFFF, random.next(below: 0x10000)])
                bytes.insert(contentsOf: [0xFF, 0xDD, 0x00, 0x04, UInt8(interval >> 8), UInt8(interval & 0xFF)], at: sos.offset)
                return (bytes, "DRI \(interval)")
            default:
                let size = pick([2, 3, 100, 65533])
                bytes.insert(contentsOf: [0xFF, 0xE1, UInt8(size >> 8), UInt8(size & 0xFF)] + randomBytes(size - 2), at: 2)
                return (bytes, "APP1 of \(size)")
            }
        case 10:
            let what = splice(&bytes, with: other)
            return (bytes, what)
        default:
            // Progressive files: many tiny scans; others: a second frame.
            let count = random.next(in: 2...40)
            let scan = Array(bytes[sos.offset..<min(bytes.count, sos.end + random.next(in: 0...64))])
            for _ in 0..<count { bytes.insert(contentsOf: scan, at: max(sos.offset, bytes.count - 2)) }
            return (bytes, "repeat scan \(count)x")
        }
    }
}
