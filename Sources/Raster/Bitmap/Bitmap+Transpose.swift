// DESIGN NOTE — transposing a bitmap, for kernels that work along rows: a plane turning about a
// vertical axis is drawn from its input's transpose (`MipmappedImage.transposed`, read by
// `ScaledColumns`). Eight-by-eight blocks in registers: eight row loads, three rounds of
// de-interleaving pairs of rows (`evenHalf`/`oddHalf`, which move one bit of the column index
// into the row index per round), eight row stores; the rounds reverse the bits of both indices,
// so rows are loaded and stored in bit-reversed order. A copy, so the bytes are exact whatever
// the path.
//
// Order of the blocks: tiles of 128×128 source pixels (64 KB read, 64 KB written: the L2 holds
// both), eight source columns at a time down the tile, so that each destination row is written
// 512 contiguous bytes at a time. Walking eight source rows across the whole width instead
// wrote 32 bytes into each of 1920 destination rows per strip (the other half of each line came
// one strip later, out of L2 or memory). Measured (a stand-alone copy of this loop, release,
// `-target-cpu haswell`, one thread, thread CPU time of a 1920×1080 transpose, best of 8–15,
// variants alternated three or four times on the shared machine, load ≈ 3): source in cache
// 2.1–2.5 → 1.3–1.6 ms; source evicted first (256 MB written), as for a live input,
// 2.1–2.2 → 1.6–1.85 ms. Tried: 64×64 tiles (L1-sized) 2.1 ms, 64×256 and 256×256 as 128×128,
// eight-row strips inside each tile (rows read in order) 1.8–1.9 ms, whole-height columns of
// eight 1.1–2.0 ms. The loop is memory-bound (perf: the eight row loads take most samples);
// Swift has no non-temporal store, so streaming stores (which would save the destination's
// read-for-ownership) were not tried.

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
        // Square source tiles of 128 (a multiple of 8), see the design note.
        let blockWidth = w & ~7, blockHeight = h & ~7, tile = 128
        var tileY = 0
        while tileY < blockHeight {
            let tileBottom = min(tileY &+ tile, blockHeight)
            var tileX = 0
            while tileX < blockWidth {
                let tileRight = min(tileX &+ tile, blockWidth)
                var x = tileX
                while x < tileRight {
                    var y = tileY
                    while y < tileBottom {
                        Bitmap.transposeBlock(source + (y &* sourceStride &+ x), sourceStride,
                                              out + (x &* outStride &+ y), outStride)
                        y &+= 8
                    }
                    x &+= 8
                }
                tileX = tileRight
            }
            tileY = tileBottom
        }
        scalar(rows: 0..<blockHeight, columns: blockWidth..<w)
        scalar(rows: blockHeight..<h, columns: 0..<w)
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
