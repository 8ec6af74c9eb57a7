import Foundation
import Raster

/// ffmpeg xfade's `hblur`: both images are blurred horizontally by a box that grows to half the
/// width half-way and shrinks again, cross-faded by progress. As xfade's, the box is the `size`
/// pixels from x onwards (not centred), narrowing at the right edge.
struct XfadeHBlurTransition: XfadeTransition {
    static let name = "hblur"
    static let summary = "Both images smear sideways while they cross-fade"

    func draw(from: Bitmap, to: Bitmap, p: Float, into destination: Bitmap, clip: PixelRect) {
        let width = destination.width
        let prog = p <= 0.5 ? p * 2 : (1 - p) * 2
        let size = max(1, min(width, Int(1 + Float(width / 2) * prog)))
        for y in clip.minY..<clip.maxY {
            let a = from.row(y).baseAddress!, b = to.row(y).baseAddress!, out = destination.row(y).baseAddress!
            // Running sums per channel (B, G, R, A) of both rows over [x, x + size).
            var sumA = SIMD4<Float>(repeating: 0), sumB = SIMD4<Float>(repeating: 0)
            @inline(__always) func lanes(_ word: UInt32) -> SIMD4<Float> {
                SIMD4(Float(word & 0xFF), Float((word >> 8) & 0xFF), Float((word >> 16) & 0xFF), Float(word >> 24))
            }
            for x in 0..<size {
                sumA += lanes(a[x])
                sumB += lanes(b[x])
            }
            var count = Float(size)
            for x in 0..<width {
                if x >= clip.minX && x < clip.maxX {
                    let blurredA = sumA / count, blurredB = sumB / count
                    let v = blurredA * p + blurredB * (1 - p)
                    let c = v.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                    let alpha = a[x] >> 24 == b[x] >> 24 && blurredA[3] == Float(a[x] >> 24) ? a[x] >> 24 : UInt32(c[3])
                    out[x] = UInt32(c[0]) | UInt32(c[1]) << 8 | UInt32(c[2]) << 16 | alpha << 24
                }
                if x + size < width {
                    sumA += lanes(a[x + size]) - lanes(a[x])
                    sumB += lanes(b[x + size]) - lanes(b[x])
                } else {
                    sumA -= lanes(a[x])
                    sumB -= lanes(b[x])
                    count -= 1
                }
            }
        }
    }
}
