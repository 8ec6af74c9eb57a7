extension Bitmap {
    /// Blends `color` source-over through `mask`, placed with its top-left pixel at (`x`, `y`):
    /// each pixel gets `color · coverage · opacity`, with both products rounded exactly
    /// (`divideBy255`). Pixels outside this bitmap are skipped. This is how shapes (rounded
    /// backgrounds, borders, shadows) reach a frame after the rasterizer made their coverage.
    public func fill(_ color: PremultipliedColor, through mask: CoverageMask, atX x: Int, y: Int, opacity: UInt8 = 255) {
        let placed = PixelRect(x: x, y: y, width: mask.width, height: mask.height).intersection(bounds)
        guard !placed.isEmpty, color.alpha != 0, opacity != 0 else { return }
        let c = color.packed
        let channels = (a: c >> 24, r: c >> 16 & 0xFF, g: c >> 8 & 0xFF, b: c & 0xFF)
        for row in placed.minY..<placed.maxY {
            let coverage = mask.row(row - y).baseAddress! + (placed.minX - x)
            let pixels = self.row(row).baseAddress! + placed.minX
            for i in 0..<placed.width {
                let k = divideBy255(UInt32(coverage[i]) &* UInt32(opacity))
                guard k != 0 else { continue }
                let a = divideBy255(channels.a &* k)
                guard a != 0 else { continue }
                let keep = 255 &- a
                let d = pixels[i]
                @inline(__always) func blend(_ source: UInt32, _ shift: UInt32) -> UInt32 {
                    (divideBy255(source &* k) &+ divideBy255((d >> shift & 0xFF) &* keep)) << shift
                }
                pixels[i] = (a &+ divideBy255((d >> 24) &* keep)) << 24
                    | blend(channels.r, 16) | blend(channels.g, 8) | blend(channels.b, 0)
            }
        }
    }

    /// Copies the alpha channel of `self`, from (`x`, `y`), into `mask` (same size as the copied
    /// region): how a mask layer's drawing becomes coverage.
    public func copyAlpha(atX x: Int = 0, y: Int = 0, into mask: CoverageMask) {
        let region = PixelRect(x: x, y: y, width: mask.width, height: mask.height).intersection(bounds)
        for row in 0..<mask.height {
            let out = mask.row(row)
            let sourceRow = y + row
            guard sourceRow >= region.minY, sourceRow < region.maxY else {
                out.update(repeating: 0)
                continue
            }
            let pixels = self.row(sourceRow)
            for i in 0..<mask.width {
                let sx = x + i
                out[i] = sx >= region.minX && sx < region.maxX ? UInt8(truncatingIfNeeded: pixels[sx] >> 24) : 0
            }
        }
    }
}
