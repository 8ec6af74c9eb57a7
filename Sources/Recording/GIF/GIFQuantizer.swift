// Design note. A frame's palette is kept for the frames after it while it still fits them, and
// replaced by a new one (median cut of that frame) when it no longer does. A sink sees frames
// one at a time and keeps none, so one global palette would need a second rendering pass, which
// a live viewer recording cannot have; a palette reused while it fits gives the same benefit
// where it matters: pixels that changed little keep their index, so the sink can write them as
// the transparent "keep what is shown" index (ffmpeg's `transdiff`), and LZW packs those runs.
//
// - At most 256 distinct colours (255 with transparency: UI, flat art): those exact colours, no
//   dithering, so flat colours decode exactly. No "keep" index there: on `record cover` at
//   480×360 (60 frames) it grew the GIF from 72 KB to 86 KB — the changed rectangle already
//   leaves out what did not change, and the extra entry pushes palettes to the next power of two.
// - More: median cut over a 15-bit (5 bits a channel) histogram of every stored pixel into 255
//   colours (the 256th entry is the transparent index); each box is split at the weighted median
//   of its longest side, the box with the largest population × side first; each palette colour
//   is the mean of its box's pixels at full precision. The previous frame's palette is kept when
//   its error over this frame's histogram (count × squared distance of each cell's mean to its
//   nearest palette colour) is at most `reuseTolerance` × the new palette's, plus `reuseSlack`
//   (12 level², summed over the channels) a pixel.
// - Dithering: 8×8 ordered (Bayer), ±8 levels a channel as ffmpeg's `paletteuse=dither=bayer` at
//   its default scale, in frame coordinates. Chosen over error diffusion for size: a pixel's index
//   depends only on its own colour and position, so a pixel whose colour did not move across a
//   palette boundary keeps its index and becomes "keep" (error diffusion carries every change to
//   the pixels after it, so in a fade almost every index changes every frame). A pixel whose
//   colour is in the palette is never dithered. The nearest colour is looked up in an 18-bit (6
//   bits a channel) table filled lazily, nearest to each cell's centre, kept while the palette is.
// - Alpha below 128 is transparent (one palette entry); above, the straight (un-premultiplied)
//   colour is shown opaque.
// Measured here (release, perf, 1920×1080 fade frames of two photographs): 25 ms a frame for the
// straight conversion, distinct-colour count and dithered mapping, 4 ms for the median cut.

import Raster

/// Chooses a frame's palette and maps its pixels to palette indices.
struct GIFQuantizer {
    /// A frame's palette and the index of each pixel.
    struct Result {
        /// Colours as `0xRRGGBB`, at most 256 (transparent entry included).
        var palette: [UInt32]
        /// The palette entry for transparent pixels, when the pixels include some or `keepable`.
        var transparentIndex: Int?
        /// One index a pixel, row by row.
        var indices: [UInt8]
        /// True when the frame was dithered to a median-cut palette: the sink may then write
        /// pixels whose colour equals what the canvas already shows as `transparentIndex`.
        var keepable: Bool
    }

    /// How much worse than a new palette the kept one may fit a frame (in summed squared error).
    static let reuseTolerance = 1.5
    /// How much worse than a new palette the kept one may fit a frame, in squared levels (summed
    /// over the channels) a pixel: small next to the ±8 levels of dithering.
    static let reuseSlack = 12.0

    /// The 8×8 Bayer matrix, values 0...63.
    static let bayer: [Int32] = {
        var m: [Int32] = [0]
        var n = 1
        while n < 8 {
            var next = [Int32](repeating: 0, count: 4 * n * n)
            for y in 0..<n {
                for x in 0..<n {
                    let v = 4 * m[y * n + x]
                    next[y * 2 * n + x] = v
                    next[y * 2 * n + x + n] = v + 2
                    next[(y + n) * 2 * n + x] = v + 3
                    next[(y + n) * 2 * n + x + n] = v + 1
                }
            }
            m = next
            n *= 2
        }
        return m
    }()

    /// Nearest entry of `kept` for each 18-bit cell, -1 until looked up.
    private var nearest = [Int16](repeating: -1, count: 1 << 18)
    /// The median-cut palette of an earlier frame, reused while it fits.
    private var kept: [UInt32]?
    private var straight: [UInt32] = []

    /// The palette and indices for `pixels`, which sit at (`originX`, `originY`) in the frame
    /// (the dither pattern follows frame coordinates).
    mutating func quantize(_ pixels: Bitmap, originX: Int, originY: Int) -> Result {
        let width = pixels.width, height = pixels.height
        var hasTransparent = false
        straight = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, initialized in
            var k = 0
            for y in 0..<height {
                let row = UnsafePointer(pixels.row(y).baseAddress!)
                for x in 0..<width {
                    let p = row[x]
                    let a = p >> 24
                    if a < 128 {
                        hasTransparent = true
                        buffer[k] = 0
                    } else if a == 255 {
                        buffer[k] = p
                    } else {
                        let r = min(255, (((p >> 16) & 0xFF) * 255 + a / 2) / a)
                        let g = min(255, (((p >> 8) & 0xFF) * 255 + a / 2) / a)
                        let b = min(255, ((p & 0xFF) * 255 + a / 2) / a)
                        buffer[k] = 0xFF00_0000 | r << 16 | g << 8 | b
                    }
                    k &+= 1
                }
            }
            initialized = k
        }
        let limit = hasTransparent ? 255 : 256
        var exact = ColourIndex()
        var distinct: [UInt32] = []
        var last: UInt32 = 0
        for c in straight where c != 0 && c != last {
            last = c
            if exact.index(of: c) == nil {
                if distinct.count == limit {
                    distinct.removeAll()
                    break
                }
                exact.insert(c, index: distinct.count)
                distinct.append(c)
            }
        }
        var indices = [UInt8](repeating: 0, count: straight.count)
        if !distinct.isEmpty || !straight.contains(where: { $0 != 0 }) {
            // Every colour fits: exact, no dithering.
            let transparent = distinct.count
            last = 0
            var lastIndex: UInt8 = 0
            for (i, c) in straight.enumerated() {
                if c == 0 {
                    indices[i] = UInt8(transparent)
                } else {
                    if c != last {
                        last = c
                        lastIndex = UInt8(exact.index(of: c)!)
                    }
                    indices[i] = lastIndex
                }
            }
            let palette = distinct.map { $0 & 0xFF_FFFF } + (hasTransparent ? [0] : [])
            return Result(palette: palette, transparentIndex: hasTransparent ? transparent : nil, indices: indices,
                          keepable: false)
        }

        let histogram = Histogram(straight)
        let fresh = Self.medianCut(histogram, colours: 255)
        let palette: [UInt32]
        if let kept, histogram.error(of: kept, nearest: &nearest) <= Self.reuseTolerance * fresh.error + Self.reuseSlack * Double(histogram.population) {
            palette = kept
        } else {
            palette = fresh.palette
            nearest.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
            kept = palette
        }
        var paletteIndex = ColourIndex()
        for (i, c) in palette.enumerated() where paletteIndex.index(of: c | 0xFF00_0000) == nil {
            paletteIndex.insert(c | 0xFF00_0000, index: i)
        }
        let transparent = palette.count
        let straight = straight
        straight.withUnsafeBufferPointer { source in
            indices.withUnsafeMutableBufferPointer { out in
                nearest.withUnsafeMutableBufferPointer { nearest in
                    Self.bayer.withUnsafeBufferPointer { bayer in
                        for y in 0..<height {
                            let bayerRow = ((originY + y) & 7) * 8
                            for x in 0..<width {
                                let i = y * width + x
                                let c = source[i]
                                if c == 0 {
                                    out[i] = UInt8(transparent)
                                    continue
                                }
                                if let exactIndex = paletteIndex.index(of: c) {
                                    out[i] = UInt8(exactIndex)
                                    continue
                                }
                                let d = bayer[bayerRow + ((originX + x) & 7)] / 4 - 8
                                let r = min(255, max(0, Int32((c >> 16) & 0xFF) + d))
                                let g = min(255, max(0, Int32((c >> 8) & 0xFF) + d))
                                let b = min(255, max(0, Int32(c & 0xFF) + d))
                                out[i] = UInt8(Self.nearestCached(r, g, b, in: palette, table: nearest))
                            }
                        }
                    }
                }
            }
        }
        return Result(palette: palette + [0], transparentIndex: transparent, indices: indices, keepable: true)
    }

    /// The palette entry nearest to the centre of (r, g, b)'s 18-bit cell, through `table`.
    @inline(__always)
    static func nearestCached(_ r: Int32, _ g: Int32, _ b: Int32, in palette: [UInt32],
                              table: UnsafeMutableBufferPointer<Int16>) -> Int {
        let cell = Int((r >> 2) << 12 | (g >> 2) << 6 | (b >> 2))
        var n = table[cell]
        if n < 0 {
            n = Int16(nearestIndex(to: (r | 2) & ~1, (g | 2) & ~1, (b | 2) & ~1, in: palette))
            table[cell] = n
        }
        return Int(n)
    }

    /// The palette entry nearest to (r, g, b) in squared RGB distance; the lowest index on ties.
    static func nearestIndex(to r: Int32, _ g: Int32, _ b: Int32, in palette: [UInt32]) -> Int {
        var best = 0, bestDistance = Int32.max
        for (i, c) in palette.enumerated() {
            let dr = Int32((c >> 16) & 0xFF) - r, dg = Int32((c >> 8) & 0xFF) - g, db = Int32(c & 0xFF) - b
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance {
                bestDistance = distance
                best = i
            }
        }
        return best
    }

    /// The colours of a frame's opaque pixels, counted in 15-bit cells (5 bits a channel) with
    /// the sum of each cell's exact colours.
    struct Histogram {
        var counts = [Int](repeating: 0, count: 1 << 15)
        var sums = [Int](repeating: 0, count: 3 << 15)
        /// The cells with at least one pixel, in increasing order.
        var cells: [Int] = []
        var population = 0

        /// Counts `pixels` (`0xFFRRGGBB`; 0 marks a transparent pixel, not counted).
        init(_ pixels: [UInt32]) {
            for c in pixels where c != 0 {
                let r = Int((c >> 16) & 0xFF), g = Int((c >> 8) & 0xFF), b = Int(c & 0xFF)
                let cell = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
                counts[cell] += 1
                sums[3 * cell] += r
                sums[3 * cell + 1] += g
                sums[3 * cell + 2] += b
            }
            for cell in 0..<(1 << 15) where counts[cell] > 0 {
                cells.append(cell)
                population += counts[cell]
            }
        }

        /// The mean colour of an occupied cell.
        func mean(_ cell: Int) -> (Int32, Int32, Int32) {
            let n = counts[cell], half = n / 2
            return (Int32((sums[3 * cell] + half) / n), Int32((sums[3 * cell + 1] + half) / n), Int32((sums[3 * cell + 2] + half) / n))
        }

        /// Σ count × squared distance from each cell's mean to its nearest entry of `palette`,
        /// looked up through `nearest` (the 18-bit table kept for `palette`).
        func error(of palette: [UInt32], nearest: inout [Int16]) -> Double {
            var total = 0
            nearest.withUnsafeMutableBufferPointer { table in
                for cell in cells {
                    let (r, g, b) = mean(cell)
                    let c = palette[GIFQuantizer.nearestCached(r, g, b, in: palette, table: table)]
                    let dr = Int32((c >> 16) & 0xFF) - r, dg = Int32((c >> 8) & 0xFF) - g, db = Int32(c & 0xFF) - b
                    total += counts[cell] * Int(dr * dr + dg * dg + db * db)
                }
            }
            return Double(total)
        }
    }

    /// Up to `colours` colours (`0xRRGGBB`) for `histogram` by median cut, and the error of the
    /// cut: Σ count × squared distance from each cell's mean to its box's colour.
    static func medianCut(_ histogram: Histogram, colours: Int) -> (palette: [UInt32], error: Double) {
        let counts = histogram.counts, sums = histogram.sums
        var cells = histogram.cells

        struct Box {
            var range: Range<Int>
            var population: Int
            var longestSide: Int
            var axis: Int
        }
        func component(_ cell: Int, _ axis: Int) -> Int { (cell >> (10 - 5 * axis)) & 31 }
        func makeBox(_ range: Range<Int>) -> Box {
            var low = [31, 31, 31], high = [0, 0, 0], population = 0
            for k in range {
                let cell = cells[k]
                population += counts[cell]
                for axis in 0..<3 {
                    let v = component(cell, axis)
                    low[axis] = min(low[axis], v)
                    high[axis] = max(high[axis], v)
                }
            }
            var axis = 0
            for a in 1..<3 where high[a] - low[a] > high[axis] - low[axis] { axis = a }
            return Box(range: range, population: population, longestSide: high[axis] - low[axis], axis: axis)
        }

        guard !cells.isEmpty else { return ([0], 0) }
        var boxes = [makeBox(0..<cells.count)]
        while boxes.count < colours {
            var chosen = -1, bestScore = 0
            for (i, box) in boxes.enumerated() where box.range.count > 1 {
                let score = box.population * box.longestSide
                if score > bestScore {
                    bestScore = score
                    chosen = i
                }
            }
            guard chosen >= 0 else { break }
            let box = boxes[chosen]
            let axis = box.axis
            cells[box.range].sort { (component($0, axis), $0) < (component($1, axis), $1) }
            var running = 0, split = box.range.lowerBound + 1
            for k in box.range {
                running += counts[cells[k]]
                if 2 * running >= box.population {
                    split = min(max(k + 1, box.range.lowerBound + 1), box.range.upperBound - 1)
                    break
                }
            }
            boxes[chosen] = makeBox(box.range.lowerBound..<split)
            boxes.append(makeBox(split..<box.range.upperBound))
        }
        var error = 0
        let palette = boxes.map { box in
            var r = 0, g = 0, b = 0
            for k in box.range {
                let cell = cells[k]
                r += sums[3 * cell]
                g += sums[3 * cell + 1]
                b += sums[3 * cell + 2]
            }
            let n = box.population, half = box.population / 2
            let colour = (Int32((r + half) / n), Int32((g + half) / n), Int32((b + half) / n))
            for k in box.range {
                let (cr, cg, cb) = histogram.mean(cells[k])
                let dr = cr - colour.0, dg = cg - colour.1, db = cb - colour.2
                error += counts[cells[k]] * Int(dr * dr + dg * dg + db * db)
            }
            return UInt32(colour.0) << 16 | UInt32(colour.1) << 8 | UInt32(colour.2)
        }
        return (palette, Double(error))
    }
}
/// A small open-addressed map from colour (`0xFFRRGGBB`, never 0) to palette index, for up to
/// 256 colours.
private struct ColourIndex {
    private var keys = [UInt32](repeating: 0, count: 1024)
    private var values = [Int16](repeating: 0, count: 1024)

    @inline(__always) func index(of colour: UInt32) -> Int? {
        var h = Int((colour &* 0x9E37_79B1) >> 22)
        while true {
            let k = keys[h]
            if k == colour { return Int(values[h]) }
            if k == 0 { return nil }
            h = (h + 1) & 1023
        }
    }

    mutating func insert(_ colour: UInt32, index: Int) {
        var h = Int((colour &* 0x9E37_79B1) >> 22)
        while keys[h] != 0 { h = (h + 1) & 1023 }
        keys[h] = colour
        values[h] = Int16(index)
    }
}
