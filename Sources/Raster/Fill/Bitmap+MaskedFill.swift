extension Bitmap {
    /// Blends `color` source-over through `mask`, placed with its top-left pixel at (`x`, `y`):
    /// each pixel gets `color · coverage · opacity`, with both products rounded exactly
    /// (`divideBy255`). Pixels outside this bitmap are skipped. This is how shapes (rounded
    /// backgrounds, borders, shadows) reach a frame after the rasterizer made their coverage.
    public func fill(_ color: PremultipliedColor, through mask: CoverageMask, atX x: Int, y: Int, opacity: UInt8 = 255) {
        fill(color, through: mask, atX: x, y: y, opacity: opacity, kernels: .current)
    }

    /// `fill(_:through:atX:y:opacity:)` through a chosen kernel set; the two are byte-identical.
    package func fill(_ color: PremultipliedColor, through mask: CoverageMask, atX x: Int, y: Int, opacity: UInt8,
                      kernels: KernelPath) {
        let placed = PixelRect(x: x, y: y, width: mask.width, height: mask.height).intersection(bounds)
        guard !placed.isEmpty, color.alpha != 0, opacity != 0 else { return }
        let kernel = kernels.rowKernels.maskedFill
        for row in placed.minY..<placed.maxY {
            let coverage = mask.baseAddress + (row - y) * mask.rowStride + (placed.minX - x)
            kernel(baseAddress + row * rowStride + placed.minX, color.packed, coverage, placed.width, opacity)
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
