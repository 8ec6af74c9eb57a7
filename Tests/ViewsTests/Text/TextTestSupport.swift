import Geometry
import Layers
import Raster
import Views
import XCTest

/// The box of pixels with any alpha in `bitmap`, or nil when it is fully transparent.
func inkBox(_ bitmap: Bitmap, alphaAbove threshold: UInt8 = 0) -> PixelRect? {
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
    for y in 0..<bitmap.height {
        let row = bitmap.row(y)
        for x in 0..<bitmap.width where UInt8(truncatingIfNeeded: row[x] >> 24) > threshold {
            minX = min(minX, x)
            maxX = max(maxX, x + 1)
            minY = min(minY, y)
            maxY = max(maxY, y + 1)
        }
    }
    guard minX < maxX else { return nil }
    return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
}

/// The runs of consecutive values of `range` for which `hasInk` holds, as half-open ranges.
func inkRuns(_ range: Range<Int>, _ hasInk: (Int) -> Bool) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var start: Int?
    for i in range {
        if hasInk(i) {
            if start == nil { start = i }
        } else if let s = start {
            runs.append(s..<i)
            start = nil
        }
    }
    if let s = start { runs.append(s..<range.upperBound) }
    return runs
}

/// Bands of rows holding ink, top to bottom.
func inkRowBands(_ bitmap: Bitmap) -> [Range<Int>] {
    inkRuns(0..<bitmap.height) { y in bitmap.row(y).contains { $0 >> 24 != 0 } }
}

/// Runs of columns holding ink within `rows`, left to right.
func inkColumnRuns(_ bitmap: Bitmap, rows: Range<Int>? = nil, columns: Range<Int>? = nil) -> [Range<Int>] {
    let rows = rows ?? 0..<bitmap.height
    return inkRuns(columns ?? 0..<bitmap.width) { x in rows.contains { bitmap[x: x, y: $0].alpha != 0 } }
}

/// A label of `size` at the origin with `text` in the 17-point system font.
@MainActor
func makeLabel(_ text: String?, width: CGFloat, height: CGFloat, configure: (UILabel) -> Void = { _ in }) -> UILabel {
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: width, height: height))
    label.text = text
    configure(label)
    return label
}
