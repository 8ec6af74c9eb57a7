/// The scalar reference for `BlendKernels`: one pixel at a time in `Double`, each operator written
/// straight from its formula (see `BlendOperator`), the shape applied as `D + m·(r − D)`.
package enum BlendReference {
    package static func blend(_ op: BlendOperator, source: UInt32, destination: UInt32, shape: UInt8,
                              opacity: UInt8) -> UInt32 {
        let o = Double(opacity) / 255, m = Double(shape) / 255
        let s = unit(source).map { $0 * o }
        let d = unit(destination)
        let (sa, da) = (s[3], d[3])
        var r = [Double](repeating: 0, count: 4)
        switch op {
        case .clear, .copy, .sourceIn, .sourceOut, .sourceAtop, .destinationOver, .destinationIn, .destinationOut,
             .destinationAtop, .xor:
            let (fa, fb) = porterDuffFactors(op, sa: sa, da: da)
            for c in 0..<4 { r[c] = min(1, fa * s[c] + fb * d[c]) }
        case .plusLighter:
            for c in 0..<4 { r[c] = min(1, s[c] + d[c]) }
        case .plusDarker:
            r[3] = min(1, sa + da)
            for c in 0..<3 { r[c] = max(0, r[3] - (sa - s[c]) - (da - d[c])) }
        default:
            // PDF blend: the colour channels through B on unpremultiplied colours.
            let cs = (0..<3).map { sa > 0 ? s[$0] / sa : 0 }
            let cb = (0..<3).map { da > 0 ? d[$0] / da : 0 }
            let b = blendFunction(op, backdrop: cb, source: cs)
            for c in 0..<3 { r[c] = (1 - da) * s[c] + (1 - sa) * d[c] + sa * da * b[c] }
            r[3] = sa + da - sa * da
        }
        var out: UInt32 = 0
        for c in 0..<4 {
            let mixed = d[c] + m * (r[c] - d[c])
            out |= UInt32((min(max(mixed, 0), 1) * 255).rounded()) << shift(c)
        }
        return out
    }

    private static func porterDuffFactors(_ op: BlendOperator, sa: Double, da: Double) -> (Double, Double) {
        switch op {
        case .clear: (0, 0)
        case .copy: (1, 0)
        case .sourceIn: (da, 0)
        case .sourceOut: (1 - da, 0)
        case .sourceAtop: (da, 1 - sa)
        case .destinationOver: (1 - da, 1)
        case .destinationIn: (0, sa)
        case .destinationOut: (0, 1 - sa)
        case .destinationAtop: (1 - da, sa)
        case .xor: (1 - da, 1 - sa)
        default: (1, 1 - sa)
        }
    }

    private static func blendFunction(_ op: BlendOperator, backdrop cb: [Double], source cs: [Double]) -> [Double] {
        func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
        func clipColor(_ c: [Double]) -> [Double] {
            let l = lum(c), n = c.min()!, x = c.max()!
            var c = c
            if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
            if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
            return c
        }
        func setLum(_ c: [Double], _ l: Double) -> [Double] {
            let delta = l - lum(c)
            return clipColor(c.map { $0 + delta })
        }
        func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
        func setSat(_ c: [Double], _ s: Double) -> [Double] {
            let x = c.max()!, n = c.min()!
            guard x > n else { return [0, 0, 0] }
            return c.map { ($0 - n) * s / (x - n) }
        }
        func separable(_ f: (Double, Double) -> Double) -> [Double] { (0..<3).map { f(cb[$0], cs[$0]) } }
        func hardLight(_ b: Double, _ s: Double) -> Double {
            s <= 0.5 ? b * 2 * s : (b + (2 * s - 1)) - b * (2 * s - 1)
        }
        switch op {
        case .multiply: return separable { $0 * $1 }
        case .screen: return separable { $0 + $1 - $0 * $1 }
        case .overlay: return separable { b, s in hardLight(s, b) }
        case .darken: return separable { min($0, $1) }
        case .lighten: return separable { max($0, $1) }
        case .colorDodge: return separable { b, s in b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) }
        case .colorBurn: return separable { b, s in b == 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) }
        case .softLight:
            return separable { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }
        case .hardLight: return separable(hardLight)
        case .difference: return separable { abs($0 - $1) }
        case .exclusion: return separable { $0 + $1 - 2 * $0 * $1 }
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        default: return cs
        }
    }

    private static func unit(_ p: UInt32) -> [Double] {
        [Double(p >> 16 & 0xFF) / 255, Double(p >> 8 & 0xFF) / 255, Double(p & 0xFF) / 255, Double(p >> 24) / 255]
    }

    /// Bit position of component `c` (r, g, b, a) in a BGRA word.
    private static func shift(_ c: Int) -> UInt32 { [16, 8, 0, 24][c] }
}
