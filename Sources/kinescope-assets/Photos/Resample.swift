import Raster

extension Bitmap {
    /// The pixels of `rect` scaled to `size` × `size` by area averaging (each output pixel is
    /// the mean of the source area it covers, fractional pixels weighted by their overlap).
    /// For opaque pictures: alpha is set to 255. `rect` must lie inside the bitmap.
    func areaScaled(from rect: PixelRect, toSquare size: Int) -> Bitmap {
        let columns = overlapWeights(source: rect.width, destination: size)
        let rows = overlapWeights(source: rect.height, destination: size)
        var horizontal = [Double](repeating: 0, count: rect.height * size * 3)
        for y in 0..<rect.height {
            let source = row(rect.y + y)
            for (i, weights) in columns.enumerated() {
                var r = 0.0, g = 0.0, b = 0.0
                for (index, weight) in weights {
                    let pixel = Int(source[rect.x + index])
                    r += Double((pixel >> 16) & 0xFF) * weight
                    g += Double((pixel >> 8) & 0xFF) * weight
                    b += Double(pixel & 0xFF) * weight
                }
                let o = (y * size + i) * 3
                horizontal[o] = r
                horizontal[o + 1] = g
                horizontal[o + 2] = b
            }
        }
        let result = Bitmap(width: size, height: size)
        for (j, weights) in rows.enumerated() {
            let target = result.row(j)
            for i in 0..<size {
                var r = 0.0, g = 0.0, b = 0.0
                for (index, weight) in weights {
                    let o = (index * size + i) * 3
                    r += horizontal[o] * weight
                    g += horizontal[o + 1] * weight
                    b += horizontal[o + 2] * weight
                }
                target[i] = 0xFF00_0000 | quantize(r / 255) << 16 | quantize(g / 255) << 8 | quantize(b / 255)
            }
        }
        return result
    }
}

/// For each of `destination` cells spread over `source` pixels, the source pixels it overlaps
/// and the share of the cell each one covers (the shares of a cell add up to 1).
private func overlapWeights(source: Int, destination: Int) -> [[(Int, Double)]] {
    let scale = Double(source) / Double(destination)
    return (0..<destination).map { i in
        let start = Double(i) * scale, end = Double(i + 1) * scale
        var weights: [(Int, Double)] = []
        var k = Int(start.rounded(.down))
        while Double(k) < end, k < source {
            let overlap = min(end, Double(k + 1)) - max(start, Double(k))
            if overlap > 0 { weights.append((k, overlap / scale)) }
            k += 1
        }
        return weights
    }
}
