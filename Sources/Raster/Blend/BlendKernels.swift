/// Row kernels for `BlendOperator`s other than plain source-over fills.
///
/// Design note: the operator is chosen once per row, never per pixel; pixels whose coverage is
/// zero are skipped before any arithmetic (a stroke's box is mostly empty); the arithmetic is
/// `Float` on unit components with one rounding per stored channel. The Porter–Duff operators
/// and `normal` run in integers (`divideBy255`), exact to the rounding of each product. The
/// scalar reference (`BlendReference`, `Double`, written from the formulas) agrees within one
/// code value on every operator (tested on random pixels).
public enum BlendKernels {
    /// Blends `count` pixels of `destination` with the source: `source[i]` when `source` is given,
    /// else `solid`; premultiplied, scaled by `opacity`, painted through `shape` (nil: full
    /// coverage). See `BlendOperator` for the formulas.
    public static func blendRow(_ op: BlendOperator, destination: UnsafeMutablePointer<UInt32>,
                                source: UnsafePointer<UInt32>?, solid: PremultipliedColor,
                                shape: UnsafePointer<UInt8>?, opacity: UInt8, count: Int) {
        blendRow(op, destination: destination, source: source, solid: solid, shape: shape, opacity: opacity,
                 count: count, kernels: KernelPath.current)
    }

    /// `blendRow` through the chosen implementation (the reference is `BlendReference`).
    package static func blendRow(_ op: BlendOperator, destination: UnsafeMutablePointer<UInt32>,
                                 source: UnsafePointer<UInt32>?, solid: PremultipliedColor,
                                 shape: UnsafePointer<UInt8>?, opacity: UInt8, count: Int, kernels: KernelPath) {
        guard count > 0 else { return }
        if kernels == .reference {
            for i in 0..<count {
                let m = shape?[i] ?? 255
                guard m != 0 else { continue }
                destination[i] = BlendReference.blend(op, source: source?[i] ?? solid.packed, destination: destination[i],
                                                      shape: m, opacity: opacity)
            }
            return
        }
        switch op {
        case .normal:
            normalRow(destination, source, solid.packed, shape, opacity, count)
        case .clear: integerRow(destination, source, solid.packed, shape, opacity, count) { _, _, _, _ in 0 }
        case .copy: integerRow(destination, source, solid.packed, shape, opacity, count) { s, _, _, _ in s }
        case .sourceIn:
            integerRow(destination, source, solid.packed, shape, opacity, count) { s, _, _, da in divideBy255(s &* da) }
        case .sourceOut:
            integerRow(destination, source, solid.packed, shape, opacity, count) { s, _, _, da in
                divideBy255(s &* (255 &- da))
            }
        case .sourceAtop:
            integerRow(destination, source, solid.packed, shape, opacity, count) { s, d, sa, da in
                divideBy255(s &* da &+ d &* (255 &- sa))
            }
        case .destinationOver:
            integerRow(destination, source, solid.packed, shape, opacity, count) { s, d, _, da in
                d &+ divideBy255(s &* (255 &- da))
            }
        case .destinationIn:
            integerRow(destination, source, solid.packed, shape, opacity, count) { _, d, sa, _ in divideBy255(d &* sa) }
        case .destinationOut:
            integerRow(destination, source, solid.packed, shape, opacity, count) { _, d, sa, _ in
                divideBy255(d &* (255 &- sa))
            }
        case .destinationAtop:
            integerRow(destination, source, solid.packed, shape, opacity, count) { s, d, sa, da in
                divideBy255(s &* (255 &- da) &+ d &* sa)
            }
        case .xor:
            integerRow(destination, source, solid.packed, shape, opacity, count) { s, d, sa, da in
                divideBy255(s &* (255 &- da) &+ d &* (255 &- sa))
            }
        case .plusLighter:
            integerRow(destination, source, solid.packed, shape, opacity, count) { s, d, _, _ in min(255, s &+ d) }
        case .plusDarker:
            plusDarkerRow(destination, source, solid.packed, shape, opacity, count)
        case .multiply: pdfRow(.multiply, destination, source, solid.packed, shape, opacity, count)
        case .screen: pdfRow(.screen, destination, source, solid.packed, shape, opacity, count)
        case .overlay: pdfRow(.overlay, destination, source, solid.packed, shape, opacity, count)
        case .darken: pdfRow(.darken, destination, source, solid.packed, shape, opacity, count)
        case .lighten: pdfRow(.lighten, destination, source, solid.packed, shape, opacity, count)
        case .colorDodge: pdfRow(.colorDodge, destination, source, solid.packed, shape, opacity, count)
        case .colorBurn: pdfRow(.colorBurn, destination, source, solid.packed, shape, opacity, count)
        case .softLight: pdfRow(.softLight, destination, source, solid.packed, shape, opacity, count)
        case .hardLight: pdfRow(.hardLight, destination, source, solid.packed, shape, opacity, count)
        case .difference: pdfRow(.difference, destination, source, solid.packed, shape, opacity, count)
        case .exclusion: pdfRow(.exclusion, destination, source, solid.packed, shape, opacity, count)
        case .hue: pdfRow(.hue, destination, source, solid.packed, shape, opacity, count)
        case .saturation: pdfRow(.saturation, destination, source, solid.packed, shape, opacity, count)
        case .color: pdfRow(.color, destination, source, solid.packed, shape, opacity, count)
        case .luminosity: pdfRow(.luminosity, destination, source, solid.packed, shape, opacity, count)
        }
    }

    /// Source-over. With a solid colour, coverage is read 8 bytes at a time: an empty stretch is
    /// skipped, and a fully covered one (the inside of a clip path or a shape) is stored as it is
    /// for an opaque colour, or blended 8 pixels at a time in SIMD lanes. Otherwise an opaque
    /// source at full coverage is stored as it is (most of a gradient or a transparency layer),
    /// and the rest is `S·k + D·(1 − αS·k)`, each product rounded: the same rounding everywhere,
    /// so the lanes and the scalar loop give the same bytes.
    private static func normalRow(_ destination: UnsafeMutablePointer<UInt32>, _ source: UnsafePointer<UInt32>?,
                                  _ solid: UInt32, _ shape: UnsafePointer<UInt8>?, _ opacity: UInt8, _ count: Int) {
        let o = UInt32(opacity)
        let storesRuns = source == nil && opacity == 255 && solid >> 24 == 255
        // A solid colour at full coverage: S·o over D, 8 pixels at a time.
        let runColor = scaled(solid, by: o)
        let runKeep = SIMD8<UInt32>(repeating: 255 &- (runColor >> 24))
        var i = 0
        while i < count {
            if source == nil {
                while i + 8 <= count {
                    let word = shape.map { UnsafeRawPointer($0 + i).loadUnaligned(as: UInt64.self) } ?? ~0
                    if word == 0 {
                        i += 8
                    } else if word == ~0 {
                        if storesRuns {
                            (destination + i).update(repeating: solid, count: 8)
                        } else {
                            over8(destination + i, color: runColor, keep: runKeep)
                        }
                        i += 8
                    } else {
                        break
                    }
                }
                guard i < count else { return }
            }
            let m = UInt32(shape?[i] ?? 255)
            defer { i += 1 }
            guard m != 0 else { continue }
            let raw = source?[i] ?? solid
            let k = m == 255 ? o : divideBy255(m &* o)
            if k == 255, raw >> 24 == 255 {
                destination[i] = raw
                continue
            }
            let s = scaled(raw, by: k)
            let keep = 255 &- (s >> 24)
            guard keep != 0 else {
                destination[i] = s
                continue
            }
            destination[i] = s &+ scaled(destination[i], by: keep)
        }
    }

    /// `color + D·keep / 255` on 8 pixels, each channel rounded as `divideBy255` rounds.
    @inline(__always)
    private static func over8(_ destination: UnsafeMutablePointer<UInt32>, color: UInt32, keep: SIMD8<UInt32>) {
        let raw = UnsafeMutableRawPointer(destination)
        let d = raw.loadUnaligned(as: SIMD8<UInt32>.self)
        var out = SIMD8<UInt32>(repeating: 0)
        for shift: UInt32 in [0, 8, 16, 24] {
            var t = ((d &>> shift) & 0xFF) &* keep &+ 128
            t = (t &+ (t &>> 8)) &>> 8
            out |= (t &+ SIMD8(repeating: color >> shift & 0xFF)) &<< shift
        }
        raw.storeBytes(of: out, as: SIMD8<UInt32>.self)
    }

    /// A Porter–Duff row: `channel(s, d, αs, αd)` gives each result channel (alpha included)
    /// from the source channel scaled by the opacity; the result is then mixed with the
    /// destination by the shape coverage.
    @inline(__always)
    private static func integerRow(_ destination: UnsafeMutablePointer<UInt32>, _ source: UnsafePointer<UInt32>?,
                                   _ solid: UInt32, _ shape: UnsafePointer<UInt8>?, _ opacity: UInt8, _ count: Int,
                                   _ channel: (UInt32, UInt32, UInt32, UInt32) -> UInt32) {
        let o = UInt32(opacity)
        for i in 0..<count {
            let m = UInt32(shape?[i] ?? 255)
            guard m != 0 else { continue }
            let s = scaled(source?[i] ?? solid, by: o)
            let d = destination[i]
            let sa = s >> 24, da = d >> 24
            var r: UInt32 = 0
            for shift in stride(from: UInt32(0), through: 24, by: 8) {
                let sc = s >> shift & 0xFF, dc = d >> shift & 0xFF
                let blended = min(255, channel(sc, dc, sa, da))
                let mixed = m == 255 ? blended : divideBy255(blended &* m &+ dc &* (255 &- m))
                r |= mixed << shift
            }
            destination[i] = r
        }
    }

    private static func plusDarkerRow(_ destination: UnsafeMutablePointer<UInt32>, _ source: UnsafePointer<UInt32>?,
                                      _ solid: UInt32, _ shape: UnsafePointer<UInt8>?, _ opacity: UInt8, _ count: Int) {
        let o = UInt32(opacity)
        for i in 0..<count {
            let m = Int(shape?[i] ?? 255)
            guard m != 0 else { continue }
            let s = scaled(source?[i] ?? solid, by: o)
            let d = destination[i]
            let sa = Int(s >> 24), da = Int(d >> 24)
            let ra = min(255, sa + da)
            var r = UInt32(UInt32(ra) << 24)
            for shift in stride(from: UInt32(0), through: 16, by: 8) {
                let sc = Int(s >> shift & 0xFF), dc = Int(d >> shift & 0xFF)
                r |= UInt32(max(0, ra - (sa - sc) - (da - dc))) << shift
            }
            destination[i] = m == 255 ? r : mix(r, d, coverage: UInt32(m))
        }
    }

    /// A PDF blend-mode row, in `Float` on unit components (inlined with a constant `op`, so each
    /// mode gets its own loop without a switch per pixel): the source scaled by shape and
    /// opacity without rounding (rounding it first made colour dodge, which divides by
    /// `1 − Cs`, three code values off the reference).
    @inline(__always)
    private static func pdfRow(_ op: BlendOperator, _ destination: UnsafeMutablePointer<UInt32>,
                               _ source: UnsafePointer<UInt32>?, _ solid: UInt32, _ shape: UnsafePointer<UInt8>?,
                               _ opacity: UInt8, _ count: Int) {
        let unit: Float = 1 / 255
        let o = Float(opacity) * unit
        for i in 0..<count {
            let m = shape?[i] ?? 255
            guard m != 0 else { continue }
            let s = source?[i] ?? solid
            let d = destination[i]
            // Opacity and shape both scale the source (see `BlendOperator`), unrounded.
            let k = Float(m) * unit * o
            let sa = Float(s >> 24) * unit * k, da = Float(d >> 24) * unit
            guard sa > 0 else { continue }
            let sp = SIMD3<Float>(Float(s >> 16 & 0xFF), Float(s >> 8 & 0xFF), Float(s & 0xFF)) * (unit * k)
            let dp = SIMD3<Float>(Float(d >> 16 & 0xFF), Float(d >> 8 & 0xFF), Float(d & 0xFF)) * unit
            // αs·αd·B(Cd, Cs) straight from the premultiplied colours where B allows it (no
            // division), else through the unpremultiplied colours.
            let blended: SIMD3<Float>
            switch op {
            case .multiply: blended = sp * dp
            case .screen: blended = sp * da + dp * sa - sp * dp
            case .darken: blended = pointwiseMin(sp * da, dp * sa)
            case .lighten: blended = pointwiseMax(sp * da, dp * sa)
            case .difference:
                let x = sp * da - dp * sa
                blended = SIMD3(abs(x.x), abs(x.y), abs(x.z))
            case .exclusion: blended = sp * da + dp * sa - 2 * sp * dp
            default:
                let cs = sp / sa
                let cd = da > 0 ? dp / da : SIMD3<Float>(repeating: 0)
                blended = (sa * da) * blendFunction(op, backdrop: cd, source: cs)
            }
            let rc = (1 - da) * sp + (1 - sa) * dp + blended
            let ra = sa + da - sa * da
            @inline(__always) func byte(_ v: Float) -> UInt32 { UInt32(min(max(v, 0), 1) * 255 + 0.5) }
            destination[i] = byte(ra) << 24 | byte(rc.x) << 16 | byte(rc.y) << 8 | byte(rc.z)
        }
    }

    /// `B(Cb, Cs)` for the PDF modes, on unpremultiplied unit colours.
    @inline(__always)
    private static func blendFunction(_ op: BlendOperator, backdrop cb: SIMD3<Float>, source cs: SIMD3<Float>) -> SIMD3<Float> {
        @inline(__always) func each(_ f: (Float, Float) -> Float) -> SIMD3<Float> {
            SIMD3(f(cb.x, cs.x), f(cb.y, cs.y), f(cb.z, cs.z))
        }
        switch op {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return each { b, s in hardLight(s: b, b: s) }
        case .darken: return each { min($0, $1) }
        case .lighten: return each { max($0, $1) }
        case .colorDodge:
            return each { b, s in b <= 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) }
        case .colorBurn:
            return each { b, s in b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) }
        case .softLight:
            return each { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let dB = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (dB - b)
            }
        case .hardLight: return each { b, s in hardLight(s: s, b: b) }
        case .difference: return each { abs($0 - $1) }
        case .exclusion: return cb + cs - 2 * cb * cs
        case .hue: return setLuminosity(setSaturation(cs, saturation(cb)), luminosity(cb))
        case .saturation: return setLuminosity(setSaturation(cb, saturation(cs)), luminosity(cb))
        case .color: return setLuminosity(cs, luminosity(cb))
        case .luminosity: return setLuminosity(cb, luminosity(cs))
        default: return cs
        }
    }

    @inline(__always) private static func hardLight(s: Float, b: Float) -> Float {
        s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)
    }

    @inline(__always) private static func luminosity(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    @inline(__always) private static func saturation(_ c: SIMD3<Float>) -> Float {
        max(c.x, c.y, c.z) - min(c.x, c.y, c.z)
    }

    private static func setLuminosity(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
        let shifted = c + (l - luminosity(c))
        let lum = luminosity(shifted)
        let lo = min(shifted.x, shifted.y, shifted.z), hi = max(shifted.x, shifted.y, shifted.z)
        var out = shifted
        if lo < 0, lum - lo > 0 { out = lum + (out - lum) * (lum / (lum - lo)) }
        if hi > 1, hi - lum > 0 { out = lum + (out - lum) * ((1 - lum) / (hi - lum)) }
        return out
    }

    private static func setSaturation(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let hi = max(c.x, c.y, c.z), lo = min(c.x, c.y, c.z)
        guard hi > lo else { return SIMD3(repeating: 0) }
        return (c - lo) * (s / (hi - lo))
    }

    /// A premultiplied pixel scaled by `opacity` (0...255), each channel rounded.
    @inline(__always) static func scaled(_ p: UInt32, by opacity: UInt32) -> UInt32 {
        guard opacity != 255 else { return p }
        return divideBy255((p >> 24) &* opacity) << 24 | divideBy255((p >> 16 & 0xFF) &* opacity) << 16
            | divideBy255((p >> 8 & 0xFF) &* opacity) << 8 | divideBy255((p & 0xFF) &* opacity)
    }

    /// `r·m + d·(1 − m)` channel by channel, `m` in 0...255.
    @inline(__always) static func mix(_ r: UInt32, _ d: UInt32, coverage m: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: UInt32(0), through: 24, by: 8) {
            out |= divideBy255((r >> shift & 0xFF) &* m &+ (d >> shift & 0xFF) &* (255 &- m)) << shift
        }
        return out
    }
}
