// The axis-aligned shortcuts of the image kernel. An integer translation needs no sampling at
// all: it is a row blend (the compositing kernels' `FastKernels.sourceOver`). A scale without rotation samples separably: the source position of a
// column is the same on every row, so a table of (texel, weight) per column is built once, and
// the vertical interpolation of the two source rows is done once per destination row over
// contiguous memory; each pixel then needs two loads from that row instead of four from the image.
// Both give exactly the bytes of the general kernel and the reference (same formulas, tested).
// The column table is built eight columns per step: the horizontal-axis flips and cube faces
// called this once per destination row (they now draw through `ScaledRow`), and with a scalar
// table a full-frame flipFromTop took ≈ 106 M instructions (callgrind), half of them in the
// table; eight-wide, ≈ 52 M.

extension SamplerKernels {
    /// Source pixel (x + dx, y + dy) over destination pixel (x, y), with the constant opacity.
    static func drawTranslation(_ setup: SamplerSetup, dx: Int, dy: Int, image: MipmappedImage,
                                onto destination: Bitmap) {
        let source = image.base
        let rect = setup.clipArea.intersection(PixelRect(x: -dx, y: -dy, width: source.width, height: source.height))
        guard !rect.isEmpty else { return }
        for y in rect.minY..<rect.maxY {
            // The compositing kernels' source-over row: the same arithmetic as `SamplerReference`.
            FastKernels.sourceOver(destination.baseAddress + y * destination.rowStride + rect.minX,
                                   from: source.baseAddress + (y + dy) * source.rowStride + rect.minX + dx,
                                   count: rect.width, opacity: UInt8(setup.opacity))
        }
    }

    /// A scale (possibly mirrored) without rotation or shear, bilinear.
    static func drawAxisAligned(_ setup: SamplerSetup, image: MipmappedImage, onto destination: Bitmap) {
        var levels = SamplerLevels(image)
        let lv = levels.level(setup.constantLevel)
        let area = setup.area, n = area.width
        guard n > 0 else { return }
        let first = setup.row(area.minY)
        let columns = UnsafeMutablePointer<Int32>.allocate(capacity: n)
        let weights = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
        defer { columns.deallocate(); weights.deallocate() }
        // The column table, eight columns per step with the scalar formulas lane by lane (the
        // same bytes); scalar for the last few. Built per call (the horizontal-axis flips once
        // called this once per row, and it was half of their frame while scalar).
        // No `pointwiseMin` here: a second caller made LLVM stop inlining it into the general
        // kernel's loop (+20 % instructions there). `ix ≥ 0` after the clamp, so the minimum
        // with `maxI0` is arithmetic.
        let maxI0 = L.Ints(repeating: lv.maxI0)
        var k = 0
        while k &+ 8 <= n {
            let xf = L.Floats(repeating: Float(area.minX &+ k)) + L.laneIndex
            let r = first.u0 + xf * first.du
            let ix = L.roundToInt(L.clamp(r * lv.scale - 128, lv.maxFX))
            let t = ix &>> 8, over = maxI0 &- t
            let i0 = t &+ (over & (over &>> 31))
            UnsafeMutableRawPointer(columns + k).storeBytes(of: i0, as: L.Ints.self)
            UnsafeMutableRawPointer(weights + k).storeBytes(of: unsafeBitCast(ix &- i0 &<< 8, to: L.Pixels.self),
                                                            as: L.Pixels.self)
            k &+= 8
        }
        while k < n {
            let r = first.u0 + Float(area.minX + k) * first.du
            let ix = SamplerScalar.roundToInt(SamplerScalar.clamp(r * lv.scale - 128, lv.maxFX))
            let i0 = min(ix >> 8, lv.maxI0)
            columns[k] = i0
            weights[k] = UInt32(ix &- i0 << 8)
            k += 1
        }
        // u is linear in x, and rounding, clamping and the minimum keep order, so the columns
        // are monotonic: their extremes are at the ends.
        let iMin = min(columns[0], columns[n - 1]), iMax = max(columns[0], columns[n - 1]) + lv.stepX
        let span = Int(iMax - iMin) + 1
        let blended = UnsafeMutablePointer<UInt32>.allocate(capacity: span)
        defer { blended.deallocate() }
        let rowBase = UnsafePointer(blended) - Int(iMin)
        var lastRow: (j0: Int32, wy: UInt32)? = nil
        let opacity = L.Channels(repeating: UInt16(setup.opacity))

        for y in area.minY..<area.maxY {
            let (outer, inner) = setup.spans(row: y)
            guard !outer.isEmpty else { continue }
            let row = setup.row(y)
            let out = destination.baseAddress + y * destination.rowStride
            for x in outer.lowerBound..<inner.lowerBound {
                blendEdgePixel(x, row, out, setup, &levels)
            }
            if !inner.isEmpty {
                let s = row.v0 + Float(inner.lowerBound) * row.dv
                let iy = SamplerScalar.roundToInt(SamplerScalar.clamp(s * lv.scale - 128, lv.maxFY))
                let j0 = min(iy >> 8, lv.maxJ0), wy = UInt32(iy &- j0 << 8)
                if lastRow?.j0 != j0 || lastRow?.wy != wy {
                    let top = lv.base + Int(j0) * lv.rowStride + Int(iMin)
                    blendRows(top, top + Int(lv.stepY), weight: wy, count: span, into: blended)
                    lastRow = (j0, wy)
                }
                var x = inner.lowerBound
                while x + 8 <= inner.upperBound {
                    let k = x - area.minX
                    let i0 = UnsafeRawPointer(columns + k).loadUnaligned(as: L.Ints.self)
                    let wx = UnsafeRawPointer(weights + k).loadUnaligned(as: L.Pixels.self)
                    let a = L.gather(rowBase, i0), b = L.gather(rowBase, i0 &+ lv.stepX)
                    var sample = L.lerp(L.split(a), L.split(b), L.spread(256 &- wx), L.spread(wx))
                    if setup.opacity != 255 {
                        sample = L.scale(sample, by: opacity)
                    } else if L.allOpaque(sample) {
                        L.store(L.join(sample), out + x)
                        x += 8
                        continue
                    }
                    L.store(L.sourceOver(sample, L.load(out + x)), out + x)
                    x += 8
                }
                while x < inner.upperBound {
                    let k = x - area.minX
                    let i0 = Int(columns[k])
                    let sample = SamplerScalar.lerp(rowBase[i0], rowBase[i0 + Int(lv.stepX)], weights[k])
                    setup.blendPixel(sample, coverage: 255, onto: out + x)
                    x += 1
                }
            }
            for x in inner.upperBound..<outer.upperBound {
                blendEdgePixel(x, row, out, setup, &levels)
            }
        }
    }

    @inline(__always)
    private static func blendEdgePixel(_ x: Int, _ row: SamplerRow, _ out: UnsafeMutablePointer<UInt32>,
                                       _ setup: SamplerSetup, _ levels: inout SamplerLevels) {
        let c = setup.coverage(x: x, row: row)
        if c > 0 { setup.blendPixel(setup.samplePixel(x: x, row: row, levels: &levels), coverage: c, onto: out + x) }
    }

    /// `out[i] = lerp(top[i], bottom[i], weight/256)` per channel (also `ScaledRow`'s vertical blend).
    static func blendRows(_ top: UnsafeMutablePointer<UInt32>, _ bottom: UnsafeMutablePointer<UInt32>,
                                  weight: UInt32, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let f = L.Channels(repeating: UInt16(weight)), g = L.Channels(repeating: UInt16(256 - weight))
        var i = 0
        while i + 8 <= count {
            L.store(L.lerp(L.load(top + i), L.load(bottom + i), g, f), out + i)
            i += 8
        }
        while i < count {
            out[i] = SamplerScalar.lerp(top[i], bottom[i], weight)
            i += 1
        }
    }
}
