import Raster
#if canImport(Glibc)
import Glibc
#endif

/// Deterministic test pictures for benchmarks and comparisons.
public enum TestImage {
    /// An opaque picture with the kinds of content a photo or a UI screenshot has: smooth colour
    /// gradients, soft-edged discs, hard-edged blocks, and a band of stripes whose frequency rises
    /// from 1/64 to 1/3 cycles per pixel (the part that aliases when sampled carelessly).
    public static func photo(width: Int, height: Int) -> Bitmap {
        let image = Bitmap(width: width, height: height)
        let w = Double(width), h = Double(height)
        let discs: [(x: Double, y: Double, r: Double, c: (Double, Double, Double))] = [
            (0.22, 0.30, 0.16, (230, 70, 40)), (0.70, 0.35, 0.12, (40, 160, 230)),
            (0.45, 0.72, 0.20, (250, 220, 60)), (0.85, 0.80, 0.09, (120, 230, 110)),
        ]
        for y in 0..<height {
            let row = image.baseAddress + y * image.rowStride
            let v = Double(y) / h
            for x in 0..<width {
                let u = Double(x) / w
                var r = 90 + 80 * sin(6.0 * u + 1.3 * v), g = 110 + 70 * cos(4.0 * v - 2.0 * u)
                var b = 140 + 60 * sin(3.0 * (u + v))
                for d in discs {
                    let dist = ((u - d.x) * (u - d.x) * w * w + (v - d.y) * (v - d.y) * h * h).squareRoot()
                    let t = min(max((d.r * h - dist) / 2.5, 0), 1)
                    r += t * (d.c.0 - r); g += t * (d.c.1 - g); b += t * (d.c.2 - b)
                }
                if v > 0.05, v < 0.15 {
                    let f = 1.0 / 64 + (1.0 / 3 - 1.0 / 64) * u
                    let s = 0.5 + 0.5 * sin(2 * .pi * f * Double(x) * (1 + u))
                    r = 40 + 200 * s; g = r; b = r
                }
                if v > 0.85, v < 0.95, u > 0.05, u < 0.6, (x / 6 + y / 9) % 3 == 0, (x * 7 + y * 3) % 11 < 6 {
                    r = 20; g = 20; b = 30
                }
                let R = UInt32(min(max(r, 0), 255)), G = UInt32(min(max(g, 0), 255)), B = UInt32(min(max(b, 0), 255))
                row[x] = 0xFF00_0000 | R << 16 | G << 8 | B
            }
        }
        return image
    }

    /// `image` with a transparent border of `border` pixels on every side.
    public static func padded(_ image: Bitmap, border: Int) -> Bitmap {
        let result = Bitmap(width: image.width + 2 * border, height: image.height + 2 * border)
        for y in 0..<image.height {
            (result.baseAddress + (y + border) * result.rowStride + border)
                .update(from: image.baseAddress + y * image.rowStride, count: image.width)
        }
        return result
    }
}

/// Peak signal-to-noise ratio over the colour and alpha channels, in dB (∞ when identical).
public func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
    precondition(a.size == b.size, "PSNR of \(a.size) and \(b.size)")
    var sum = 0.0
    for y in 0..<a.height {
        let p = a.baseAddress + y * a.rowStride, q = b.baseAddress + y * b.rowStride
        for x in 0..<a.width {
            for shift in stride(from: 0, through: 24, by: 8) {
                let d = Double(Int(p[x] >> UInt32(shift) & 0xFF) - Int(q[x] >> UInt32(shift) & 0xFF))
                sum += d * d
            }
        }
    }
    let mse = sum / Double(a.width * a.height * 4)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}
