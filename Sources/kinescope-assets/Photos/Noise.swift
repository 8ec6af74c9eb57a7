/// Deterministic hash noise over the integer lattice: `hash(x, y)` is a fixed pseudo-random
/// value for every lattice point, and `value(x, y)` interpolates them smoothly (value noise with
/// quintic fade), so textures need no stored state beyond the seed.
struct ValueNoise: Sendable {
    let seed: UInt64

    /// A pseudo-random value in `0..<1` for the lattice point (`x`, `y`).
    func hash(_ x: Int, _ y: Int) -> Double {
        var h = UInt64(bitPattern: Int64(x)) &* 0x9E37_79B9_7F4A_7C15
        h ^= UInt64(bitPattern: Int64(y)) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= seed
        h = (h ^ (h >> 31)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ (h >> 29)) &* 0x94D0_49BB_1331_11EB
        h ^= h >> 32
        // Through Int: Double's UInt64 initialiser is generic, and slow in debug builds.
        return Double(Int(truncatingIfNeeded: h >> 11)) * 0x1p-53
    }

    /// Smooth noise in `0..<1`, with features about one unit across.
    func value(_ x: Double, _ y: Double) -> Double {
        let fx = x.rounded(.down), fy = y.rounded(.down)
        let ix = Int(fx), iy = Int(fy)
        let tx = x - fx, ty = y - fy
        let sx = tx * tx * tx * (tx * (tx * 6 - 15) + 10)
        let sy = ty * ty * ty * (ty * (ty * 6 - 15) + 10)
        let a = hash(ix, iy), b = hash(ix + 1, iy), c = hash(ix, iy + 1), d = hash(ix + 1, iy + 1)
        let top = a + (b - a) * sx, bottom = c + (d - c) * sx
        return top + (bottom - top) * sy
    }

    /// Fractal sum of `octaves` layers, each twice the frequency and `gain` times the weight of
    /// the one before, normalised to `0..<1`. Each layer is rotated by about 37° from the one
    /// before, which hides the lattice's horizontal and vertical grain.
    func fractal(_ x: Double, _ y: Double, octaves: Int, gain: Double = 0.5) -> Double {
        let c = 0.8, s = 0.6
        var sum = 0.0, weight = 1.0, total = 0.0
        var u = x, v = y
        for octave in 0..<octaves {
            sum += value(u + Double(octave) * 17.31, v) * weight
            total += weight
            weight *= gain
            (u, v) = (2 * (c * u - s * v), 2 * (s * u + c * v))
        }
        return sum / total
    }
}

/// 0 below `edge0`, 1 above `edge1`, a smooth cubic step between.
func smoothstep(_ edge0: Double, _ edge1: Double, _ x: Double) -> Double {
    let t = min(max((x - edge0) / (edge1 - edge0), 0), 1)
    return t * t * (3 - 2 * t)
}
