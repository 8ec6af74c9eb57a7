// Design note. Codecs are the only place where straight alpha meets Kinescope's premultiplied
// BGRA8, so these row kernels run once per decoded or encoded pixel. Premultiplying works on
// whole 32-bit words so that LLVM vectorises it: red and blue share one multiply (two 16-bit
// lanes of one word, `divideBy255` done lane-wise, exact). Un-premultiplying replaces the
// division by alpha with a multiply by a 24-bit reciprocal from a 256-entry table (exact for
// every numerator below 2¹⁶, checked by the tests); the table lookup keeps it scalar, which is
// acceptable because zlib costs 5–30× more per pixel in the encoder.
// Each kernel has a plain reference built on `StraightColor.premultiplied` /
// `PremultipliedColor.straight`; the tests compare both over every (colour, alpha) pair.
// Measured here (release build, thread CPU time, 1920×1080, machine shared with other builds):
// premultiply 1.3 ms (reference 14–22 ms); un-premultiply of a translucent frame 9.3 ms
// (reference 80 ms; an earlier version branching on alpha = 255 took about twice as long).

import Raster

/// Row conversions between straight RGBA8 bytes (PNG order R, G, B, A) and premultiplied BGRA8
/// words.
enum StraightConversion {
    /// Converts `count` pixels of straight RGBA8 bytes to premultiplied words, reading pixel
    /// `i` at `source + 4 · i · step` and writing it to `destination[i · step]` (`step` > 1
    /// serves Adam7 passes, whose pixels sit every `step` columns of a full-width row).
    static func premultiplyRGBA8(_ source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt32>,
                                 count: Int, step: Int = 1) {
        if step == 1 {
            premultiplyLoop(UnsafeRawPointer(source), destination, count: count, step: 1)
        } else {
            premultiplyLoop(UnsafeRawPointer(source), destination, count: count, step: step)
        }
    }

    @inline(__always)
    private static func premultiplyLoop(_ words: UnsafeRawPointer, _ destination: UnsafeMutablePointer<UInt32>,
                                        count: Int, step: Int) {
        var i = 0
        while i < count {
            let k = i &* step
            let v = UInt32(littleEndian: words.loadUnaligned(fromByteOffset: k &* 4, as: UInt32.self))
            destination[k] = premultiplyWord(v)
            i &+= 1
        }
    }

    /// Reduces `count` pixels of host-endian RGBA16 to RGBA8, each channel to `round(c / 257)`
    /// (the nearest 8-bit value; 16-bit `c · 257` gives back 8-bit `c`). Pixel `i` is read at
    /// `source + 4 · i · step` and written at `destination + 4 · i · step`.
    static func reduceRGBA16(_ source: UnsafePointer<UInt16>, to destination: UnsafeMutablePointer<UInt8>,
                             count: Int, step: Int = 1) {
        let total = count &* step &* 4
        var k = 0
        while k < total {
            for c in 0..<4 {
                destination[k &+ c] = reduce16(source[k &+ c])
            }
            k &+= step &* 4
        }
    }

    /// `round(c / 257)`, exact for every 16-bit `c`.
    @inline(__always)
    static func reduce16(_ c: UInt16) -> UInt8 {
        UInt8(truncatingIfNeeded: (UInt32(c) &* 255 &+ 32895) >> 16)
    }

    /// Reference for `reduce16`.
    static func reduce16Reference(_ c: UInt16) -> UInt8 {
        UInt8((2 * Int(c) + 257) / 514)
    }

    /// Premultiplies one straight little-endian RGBA word (`a << 24 | b << 16 | g << 8 | r`),
    /// giving `a << 24 | r' << 16 | g' << 8 | b'` with `c' = round(c · a / 255)`.
    @inline(__always)
    static func premultiplyWord(_ v: UInt32) -> UInt32 {
        let a = v >> 24
        var rb = (v & 0x00FF_00FF) &* a &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var g = ((v >> 8) & 0xFF) &* a &+ 0x80
        g = (g &+ (g >> 8)) >> 8
        return a << 24 | (rb & 0xFF) << 16 | g << 8 | rb >> 16
    }

    /// Reference for `premultiplyRGBA8` with `step == 1`.
    static func premultiplyRGBA8Reference(_ source: [UInt8]) -> [UInt32] {
        stride(from: 0, to: source.count - 3, by: 4).map { i in
            StraightColor(red: source[i], green: source[i + 1], blue: source[i + 2], alpha: source[i + 3])
                .premultiplied.packed
        }
    }

    /// `ceil(2²⁴ / a)` for a in 1...255 (0 for a = 0). `(n · table[a]) >> 24 == n / a` for every
    /// n < 2¹⁶ because `table[a] · a − 2²⁴ < a ≤ 2⁸ = 2²⁴⁻¹⁶`.
    static let reciprocals: [UInt32] = (0..<256).map { (a: Int) -> UInt32 in
        guard a > 0 else { return 0 }
        let scaled: Int = (1 << 24) + a - 1
        return UInt32(scaled / a)
    }

    /// Converts `count` premultiplied words to straight RGBA8 (4 bytes a pixel) or, when
    /// `dropAlpha`, RGB8 (3 bytes; the caller has checked that every pixel is opaque).
    /// Channels are `min(255, round(c · 255 / a))`; a transparent pixel becomes 0, 0, 0, 0.
    static func unpremultiply(_ source: UnsafePointer<UInt32>, to destination: UnsafeMutablePointer<UInt8>,
                              count: Int, dropAlpha: Bool) {
        if dropAlpha {
            var i = 0, o = 0
            while i < count {
                let v = source[i]
                destination[o] = UInt8(truncatingIfNeeded: v >> 16)
                destination[o &+ 1] = UInt8(truncatingIfNeeded: v >> 8)
                destination[o &+ 2] = UInt8(truncatingIfNeeded: v)
                i &+= 1
                o &+= 3
            }
            return
        }
        reciprocals.withUnsafeBufferPointer { table in
            let recip = table.baseAddress!
            let out = UnsafeMutableRawPointer(destination)
            var i = 0
            while i < count {
                let v = source[i]
                let a = v >> 24
                let m = UInt64(recip[Int(a)])
                let half = UInt64(a >> 1)
                @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
                    let n = UInt64((v >> shift) & 0xFF) &* 255 &+ half
                    return UInt32(truncatingIfNeeded: min((n &* m) >> 24, 255))
                }
                let word = a << 24 | channel(0) << 16 | channel(8) << 8 | channel(16)
                out.storeBytes(of: word.littleEndian, toByteOffset: i &* 4, as: UInt32.self)
                i &+= 1
            }
        }
    }

    /// Reference for `unpremultiply(…, dropAlpha: false)`: straight RGBA8 bytes.
    static func unpremultiplyReference(_ source: [UInt32]) -> [UInt8] {
        source.flatMap { word -> [UInt8] in
            let s = PremultipliedColor(packed: word).straight
            return [s.red, s.green, s.blue, s.alpha]
        }
    }

    /// Whether every pixel of `bitmap` has alpha 255.
    static func isOpaque(_ bitmap: Bitmap) -> Bool {
        for y in 0..<bitmap.height {
            let row = bitmap.row(y)
            var all: UInt32 = 0xFF00_0000
            for v in row { all &= v }
            if all != 0xFF00_0000 { return false }
        }
        return true
    }
}
