// Design note. WebP, WebM (VP9 alpha) and ProRes 4444 store straight alpha, so every frame of
// those formats is un-premultiplied once. A 64 KiB table indexed by (alpha, channel) replaces
// the division; opaque pixels (most of a typical frame) skip the lookups. `referenceRow` does
// the same through `PremultipliedColor.straight`, and the tests compare the two on every
// (channel, alpha) pair.

import Raster

/// Premultiplied BGRA8 words to straight-alpha BGRA8 words (the same byte order: B, G, R, A in
/// memory, which libwebp's `WebPPictureImportBGRA` and ffmpeg's `bgra` read).
enum StraightAlpha {
    /// `min(255, round(c · 255 / a))` at `a << 8 | c`; 0 for a = 0.
    static let table: [UInt8] = (0..<65536).map { (index: Int) -> UInt8 in
        let a = index >> 8, c = index & 0xFF
        guard a > 0 else { return 0 }
        return UInt8(min(255, (c * 255 + a / 2) / a))
    }

    /// Converts `count` premultiplied words at `source` into straight words at `destination`
    /// (which may be `source`). A transparent pixel becomes 0 (transparent black).
    static func convert(_ source: UnsafePointer<UInt32>, to destination: UnsafeMutablePointer<UInt32>, count: Int) {
        table.withUnsafeBufferPointer { table in
            let t = table.baseAddress!
            var i = 0
            while i < count {
                let p = source[i]
                let a = p >> 24
                if a == 255 {
                    destination[i] = p
                } else {
                    let base = Int(a) << 8
                    let r = UInt32(t[base | Int((p >> 16) & 0xFF)]), g = UInt32(t[base | Int((p >> 8) & 0xFF)])
                    let b = UInt32(t[base | Int(p & 0xFF)])
                    destination[i] = a << 24 | r << 16 | g << 8 | b
                }
                i &+= 1
            }
        }
    }

    /// Converts every row of `frame` into `destination`, packed (`frame.width` words a row).
    static func convert(_ frame: Bitmap, into destination: UnsafeMutablePointer<UInt32>) {
        for y in 0..<frame.height {
            convert(UnsafePointer(frame.row(y).baseAddress!), to: destination + y * frame.width, count: frame.width)
        }
    }

    /// Reference for `convert`: one pixel at a time through `PremultipliedColor.straight`.
    static func referenceRow(_ pixels: [UInt32]) -> [UInt32] {
        pixels.map { word in
            let s = PremultipliedColor(packed: word).straight
            return UInt32(s.alpha) << 24 | UInt32(s.red) << 16 | UInt32(s.green) << 8 | UInt32(s.blue)
        }
    }
}
