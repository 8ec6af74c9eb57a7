// Transposing a bitmap, for kernels that work along rows: a plane turning about a vertical axis
// is drawn as rows of a transposed band (`PerspectiveFlip`) and transposed back. Eight-by-eight
// blocks in registers: eight row loads, three rounds of de-interleaving pairs of rows
// (`evenHalf`/`oddHalf`, which move one bit of the column index into the row index per round),
// eight row stores; the rounds reverse the bits of both indices, so rows are loaded and stored
// in bit-reversed order. A copy, so the bytes are exact whatever the path.

extension Bitmap {
    /// A new bitmap holding this one's transpose: pixel (x, y) of the result is pixel (y, x) of
    /// this one.
    package func transposed() -> Bitmap {
        let result = Bitmap(width: height, height: width)
        transpose(into: result)
        return result
    }

    /// Writes this bitmap's transpose into `destination`, which is `height` wide and `width` high.
    package func transpose(into destination: Bitmap) {
        precondition(destination.width == height && destination.height == width, "transpose needs swapped sides")
        let w = width, h = height
        let source = UnsafePointer(baseAddress), sourceStride = rowStride
        let out = destination.baseAddress, outStride = destination.rowStride
        func scalar(rows: Range<Int>, columns: Range<Int>) {
            for y in rows {
                for x in columns { out[x &* outStride &+ y] = source[y &* sourceStride &+ x] }
            }
        }
        guard KernelPath.current != .reference else {
            scalar(rows: 0..<h, columns: 0..<w)
            return
        }
        var y = 0
        while y &+ 8 <= h {
            var x = 0
            while x &+ 8 <= w {
                Bitmap.transposeBlock(source + (y &* sourceStride &+ x), sourceStride, out + (x &* outStride &+ y), outStride)
                x &+= 8
            }
            scalar(rows: y..<y + 8, columns: x..<w)
            y &+= 8
        }
        scalar(rows: y..<h, columns: 0..<w)
    }

    @inline(__always)
    private static func transposeBlock(_ source: UnsafePointer<UInt32>, _ sourceStride: Int,
                                       _ out: UnsafeMutablePointer<UInt32>, _ outStride: Int) {
        typealias Row = SIMD8<UInt32>
        @inline(__always) func load(_ r: Int) -> Row {
            UnsafeRawPointer(source + r &* sourceStride).loadUnaligned(as: Row.self)
        }
        @inline(__always) func unzip(_ a: Row, _ b: Row) -> (Row, Row) {
            let t = SIMD16<UInt32>(lowHalf: a, highHalf: b)
            return (t.evenHalf, t.oddHalf)
        }
        // Slot k holds row bitReversed(k): 0 4 2 6 1 5 3 7.
        var v = (load(0), load(4), load(2), load(6), load(1), load(5), load(3), load(7))
        for _ in 0..<3 {
            let (a0, a1) = unzip(v.0, v.4), (a2, a3) = unzip(v.1, v.5)
            let (a4, a5) = unzip(v.2, v.6), (a6, a7) = unzip(v.3, v.7)
            v = (a0, a1, a2, a3, a4, a5, a6, a7)
        }
        @inline(__always) func store(_ row: Row, _ r: Int) {
            UnsafeMutableRawPointer(out + r &* outStride).storeBytes(of: row, as: Row.self)
        }
        store(v.0, 0); store(v.1, 4); store(v.2, 2); store(v.3, 6)
        store(v.4, 1); store(v.5, 5); store(v.6, 3); store(v.7, 7)
    }
}
