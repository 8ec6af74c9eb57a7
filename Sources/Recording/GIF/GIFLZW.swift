// Design note. GIF's variable-width LZW, written the way Go's compress/lzw writer (LSB order)
// does it, which every GIF decoder reads: a clear code first; the code width grows by one bit when
// the next code to assign reaches 2^width; at code 4095 a clear code resets the table; the last
// code is followed by end-of-information, after one more width check so the decoder and encoder
// agree on its width. The string table is an open-addressed hash of 2^14 words `key << 12 |
// code`, key = prefix code << 8 | index, so a clear costs one 64 KB fill rather than a 1 M-entry
// direct table. Measured here (release, perf, dithered 1920×1080 fade frames): ≈ 15 ms a frame,
// 29 % of the GIF's time; written first with local functions capturing the coder's variables,
// it spent another quarter of the whole run in the runtime's exclusivity checks on their boxes
// (3.7 → 2.6 s for 60 frames once the state became a struct).

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
        // A struct with mutating methods rather than local functions capturing local variables:
        // captured variables are boxed and every access is checked for exclusivity at run time,
        // which cost a quarter of the encoding time.
        var state = State(minimumCodeSize: minimumCodeSize, blocks: SubBlockWriter(output: output))
        output = []
        state.emit(state.clear)
        guard let first = indices.first else {
            state.emit(state.clear + 1)
            output = state.finish()
            return
        }
        var code = UInt32(first)
        let count = indices.count
        var storage = [UInt32](repeating: invalid, count: 1 << tableBits)
        storage.withUnsafeMutableBufferPointer { table in
            var i = 1
            while i < count {
                let literal = UInt32(indices[i])
                i &+= 1
                let key = code << 8 | literal
                var hash = (key >> 12 ^ key) & State.mask
                var found = false
                while true {
                    let entry = table[Int(hash)]
                    if entry == invalid { break }
                    if entry >> 12 == key {
                        code = entry & maxCode
                        found = true
                        break
                    }
                    hash = (hash &+ 1) & State.mask
                }
                if found { continue }
                state.emit(code)
                code = literal
                guard state.incrementHi(table) else { continue }
                // `hash` is the first free slot of the probe sequence.
                table[Int(hash)] = key << 12 | state.hi
            }
        }
        state.emit(code)
        storage.withUnsafeMutableBufferPointer { _ = state.incrementHi($0) }
        state.emit(state.clear + 1)
        output = state.finish()
    }

    private struct State {
        static let mask = UInt32((1 << tableBits) - 1)
        let minimumCodeSize: Int
        let clear: UInt32
        var width: Int
        var hi: UInt32
        var overflow: UInt32
        var bits: UInt64 = 0
        var bitCount = 0
        var blocks: SubBlockWriter

        init(minimumCodeSize: Int, blocks: SubBlockWriter) {
            self.minimumCodeSize = minimumCodeSize
            clear = UInt32(1) << minimumCodeSize
            width = minimumCodeSize + 1
            hi = clear + 1
            overflow = clear << 1
            self.blocks = blocks
        }

        @inline(__always) mutating func emit(_ code: UInt32) {
            bits |= UInt64(code) << UInt64(bitCount)
            bitCount += width
            while bitCount >= 8 {
                blocks.append(UInt8(truncatingIfNeeded: bits))
                bits >>= 8
                bitCount -= 8
            }
        }

        /// Counts the code just assigned; false when the table was full and has been cleared.
        /// `table` is the string table, cleared with the codes.
        @inline(__always) mutating func incrementHi(_ table: UnsafeMutableBufferPointer<UInt32>) -> Bool {
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
            table.update(repeating: invalid)
            return false
        }

        mutating func finish() -> [UInt8] {
            if bitCount > 0 { blocks.append(UInt8(truncatingIfNeeded: bits)) }
            bitCount = 0
            return blocks.finish()
        }
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

        mutating func finish() -> [UInt8] {
            if output[lengthAt] != 0 { output.append(0) }
            return output
        }
    }
}
