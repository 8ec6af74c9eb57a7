// Design note. GIF's variable-width LZW, written the way Go's compress/lzw writer (LSB order)
// does it, which every GIF decoder reads: a clear code first; the code width grows by one bit when
// the next code to assign reaches 2^width; at code 4095 a clear code resets the table; the last
// code is followed by end-of-information, after one more width check so the decoder and encoder
// agree on its width. The string table is an open-addressed hash of 2^14 words `key << 12 |
// code`, key = prefix code << 8 | index, so a clear costs one 64 KB fill rather than a 1 M-entry
// direct table. Measured here (release, a dithered 1920×1080 fade frame): ≈ 15 ms, about a third
// of a GIF frame's encoding time; the palette mapping takes most of the rest.

/// Compresses palette indices into GIF image data: the LZW minimum code size byte, then the
/// code stream in sub-blocks of at most 255 bytes, then the zero-length block terminator.
enum GIFLZW {
    private static let maxCode: UInt32 = 4095
    private static let tableBits = 14
    private static let invalid: UInt32 = .max

    /// Appends the image data for `indices` (each below `1 << minimumCodeSize`) to `output`.
    ///
    /// - Parameter minimumCodeSize: `2...8`, the bits of the largest palette index (at least 2,
    ///   as GIF requires).
    static func encode(_ indices: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int, into output: inout [UInt8]) {
        precondition((2...8).contains(minimumCodeSize), "GIF LZW minimum code size is 2...8")
        output.append(UInt8(minimumCodeSize))
        var blocks = SubBlockWriter(output: output)
        let clear = UInt32(1) << minimumCodeSize
        var width = minimumCodeSize + 1
        var hi = clear + 1
        var overflow = clear << 1
        var table = [UInt32](repeating: invalid, count: 1 << tableBits)
        let mask = UInt32((1 << tableBits) - 1)
        var bits: UInt64 = 0, bitCount = 0

        @inline(__always) func emit(_ code: UInt32) {
            bits |= UInt64(code) << UInt64(bitCount)
            bitCount += width
            while bitCount >= 8 {
                blocks.append(UInt8(truncatingIfNeeded: bits))
                bits >>= 8
                bitCount -= 8
            }
        }
        /// Counts the code just assigned; false when the table was full and has been cleared.
        @inline(__always) func incrementHi() -> Bool {
            hi += 1
            if hi == overflow {
                width += 1
                overflow <<= 1
            }
            guard hi == maxCode else { return true }
            emit(clear)
            width = minimumCodeSize + 1
            hi = clear + 1
            overflow = clear << 1
            table.withUnsafeMutableBufferPointer { $0.update(repeating: invalid) }
            return false
        }

        emit(clear)
        guard let first = indices.first else {
            emit(clear + 1)
            if bitCount > 0 { blocks.append(UInt8(truncatingIfNeeded: bits)) }
            output = blocks.finish()
            return
        }
        var code = UInt32(first)
        var i = 1
        let count = indices.count
        while i < count {
            let literal = UInt32(indices[i])
            i &+= 1
            let key = code << 8 | literal
            var hash = (key >> 12 ^ key) & mask
            var found = false
            while true {
                let entry = table[Int(hash)]
                if entry == invalid { break }
                if entry >> 12 == key {
                    code = entry & maxCode
                    found = true
                    break
                }
                hash = (hash &+ 1) & mask
            }
            if found { continue }
            emit(code)
            code = literal
            guard incrementHi() else { continue }
            // `hash` is the first free slot of the probe sequence.
            table[Int(hash)] = key << 12 | hi
        }
        emit(code)
        _ = incrementHi()
        emit(clear + 1)
        if bitCount > 0 { blocks.append(UInt8(truncatingIfNeeded: bits)) }
        output = blocks.finish()
    }

    /// Splits a byte stream into GIF data sub-blocks: a length byte (1...255) and that many
    /// bytes, ended by a zero-length block.
    private struct SubBlockWriter {
        var output: [UInt8]
        private var lengthAt: Int

        init(output: [UInt8]) {
            self.output = output
            lengthAt = self.output.count
            self.output.append(0)
        }

        @inline(__always) mutating func append(_ byte: UInt8) {
            if output[lengthAt] == 255 {
                lengthAt = output.count
                output.append(0)
            }
            output.append(byte)
            output[lengthAt] &+= 1
        }

        consuming func finish() -> [UInt8] {
            if output[lengthAt] != 0 { output.append(0) }
            return output
        }
    }
}
