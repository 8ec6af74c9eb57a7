import Glibc
import Raster

/// Where two frames of one size differ: the animated formats (APNG, GIF) store each frame after
/// the first as only this rectangle, drawn over what the previous frame left.
enum ChangedRegion {
    /// The smallest rectangle holding every pixel whose word differs between `a` and `b`, or nil
    /// when they are identical. Rows are compared with `memcmp` first; only the rows that differ
    /// are searched for their first and last differing columns.
    static func between(_ a: Bitmap, _ b: Bitmap) -> PixelRect? {
        precondition(a.size == b.size, "changed region of frames of different sizes")
        let width = a.width, rowBytes = width * 4
        var top = -1, bottom = -1
        for y in 0..<a.height where memcmp(a.row(y).baseAddress!, b.row(y).baseAddress!, rowBytes) != 0 {
            if top < 0 { top = y }
            bottom = y
        }
        guard top >= 0 else { return nil }
        var left = width, right = -1
        for y in top...bottom {
            let p = a.row(y).baseAddress!, q = b.row(y).baseAddress!
            var x = 0
            while x < left, p[x] == q[x] { x &+= 1 }
            guard x < width else { continue }
            left = min(left, x)
            var r = width - 1
            while r > right, p[r] == q[r] { r &-= 1 }
            right = max(right, r)
        }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    /// Copies `frame`'s pixels into `stored` (same size), so that the next frame can be compared
    /// with it; the sink does not keep the caller's bitmap.
    static func copy(_ frame: Bitmap, into stored: Bitmap) {
        for y in 0..<frame.height {
            stored.row(y).baseAddress!.update(from: frame.row(y).baseAddress!, count: frame.width)
        }
    }
}
