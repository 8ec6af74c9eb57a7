@testable import Raster
import KinescopeTestSupport
import XCTest

enum TransformFixtures {
    /// Random valid premultiplied pixels: all opaque, or about a third opaque and a tenth transparent.
    static func randomImage(width: Int, height: Int, opaque: Bool = false, using rng: inout SeededRandom) -> Bitmap {
        let image = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let pick = Int.random(in: 0..<10, using: &rng)
                let a: UInt8 = opaque || pick < 3 ? 255 : pick == 3 ? 0 : UInt8.random(in: 0...255, using: &rng)
                image[x: x, y: y] = PremultipliedColor(red: UInt8.random(in: 0...a, using: &rng),
                                                 green: UInt8.random(in: 0...a, using: &rng),
                                                 blue: UInt8.random(in: 0...a, using: &rng), alpha: a)
            }
        }
        return image
    }

    /// A forward map that places a `width`×`height` image centred at (`cx`, `cy`) after turning
    /// it by `degrees` about its vertical axis, seen from `eyeDistance` (Core Animation's
    /// `m34 = −1/eyeDistance`), then scaling by `scale`.
    static func perspectiveForward(width: Double, height: Double, degrees: Double, eyeDistance: Double,
                                   cx: Double, cy: Double, scale: Double = 1) -> ProjectiveTransform {
        let t = degrees * .pi / 180
        // Centred plane point (X, Y, 0) turned about y: (X·cos t, Y, −X·sin t); with m34 = −1/d
        // the divisor is w' = 1 + z·m34 = 1 + X·sin t/d, negative (behind the eye) for X < −d/sin t.
        let c = cos(t), s = sin(t)
        let centre = ProjectiveTransform.translation(x: -width / 2, y: -height / 2)
        let rotate = ProjectiveTransform(scale * c, 0, 0, 0, scale, 0, s / eyeDistance, 0, 1)
        return centre.concatenating(rotate).concatenating(.translation(x: cx, y: cy))
    }

    /// Every pixel the two bitmaps differ at, as text naming the first few.
    static func differences(_ a: Bitmap, _ b: Bitmap, limit: Int = 5) -> String? {
        precondition(a.size == b.size)
        var found: [String] = []
        var count = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a[x: x, y: y] != b[x: x, y: y] {
                count += 1
                if found.count < limit { found.append("(\(x),\(y)): \(a[x: x, y: y]) vs \(b[x: x, y: y])") }
            }
        }
        return count == 0 ? nil : "\(count) pixels differ, first: " + found.joined(separator: "; ")
    }
}
