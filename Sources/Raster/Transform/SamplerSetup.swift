// The numeric model shared by the reference and the fast image kernels.
//
// Everything that depends only on the matrix is worked out here once, in Double. Per row it is
// reduced to Float constants (`SamplerRow`), and per pixel both kernels evaluate the same Float
// expressions in the same order (IEEE, no fused multiply-add) and then the same integer
// arithmetic, so their outputs are byte-identical. No constant depends on the clip rectangle,
// so a frame cut into bands gives the same bytes as one draw.
//
// Per pixel (x, y), with X = x + 0.5, Y = y + 0.5 the pixel centre:
//   (U, V, w) = M·(X, Y, 1)          source position (U/w, V/w), kept ×256 as r = 256U/w, s = 256V/w
//   fx = r·2⁻ˡ − 128, fy likewise    texel-centre coordinates ×256 in mip level l, clamped to the level
//   ix = round(fx), i0 = ⌊ix/256⌋, weight ix − 256·i0 ∈ 0…256 (8-bit bilinear weights, as pixman uses 7)
//   coverage = Π over the four edges of clamp(distance to the edge + ½, 0, 1), edges taken in
//              destination space where each is a straight line (U = 0, U = W·w, V = 0, V = H·w)
//   out = s' + dst·(255 − αs')/255,   s' = bilinear sample × opacity × coverage (all /255 exact)
//
// The four edge half-planes also imply w > 0 for a non-singular M, so the quad is clipped where
// the plane passes behind the viewer without a separate test; an explicit w > 0 bound still guards
// the half-pixel anti-aliasing margin.

/// A half-plane in destination space: `a·X + b·Y + c` is the signed distance in pixels of the
/// point (X, Y) from the edge line, positive inside.
struct SamplerEdge: Sendable {
    var a: Double, b: Double, c: Double
}

/// The Float constants of one destination row.
struct SamplerRow {
    var u0: Float, du: Float
    var v0: Float, dv: Float
    var w0: Float, dw: Float
    /// Each edge's distance + ½ at x = 0, and its change per pixel.
    var e0: SIMD4<Float>, de: SIMD4<Float>
}

/// Which kernel the matrix allows, cheapest first.
enum SamplerKind: Equatable, Sendable {
    /// A 1×1 source: every sample is its one pixel (bilinear weights of equal texels give it
    /// exactly), so covered runs are a colour fill — the compositor's solid layer backgrounds.
    case solid
    /// Source pixel = destination pixel + (dx, dy): a row blend, no sampling.
    case translation(dx: Int, dy: Int)
    /// Affine without rotation or shear: columns and rows sample separably.
    case axisAligned
    case affine
    case projective
}

/// One mip level as the kernels read it.
struct SamplerLevel {
    let base: UnsafeMutablePointer<UInt32>
    let rowStride: Int
    let width: Int, height: Int
    /// 2⁻ˡ: multiplies a level-0 position.
    let scale: Float
    /// Largest fixed-point coordinate, `(side − 1)·256`.
    let maxFX: Float, maxFY: Float
    /// Largest first texel of a bilinear pair, and the step to the second (0 on a 1-pixel side).
    let maxI0: Int32, maxJ0: Int32
    let stepX: Int32, stepY: Int32

    init(_ bitmap: Bitmap, level: Int) {
        base = bitmap.baseAddress
        rowStride = bitmap.rowStride
        width = bitmap.width
        height = bitmap.height
        scale = Float(sign: .plus, exponent: -level, significand: 1)
        maxFX = Float((width - 1) * 256)
        maxFY = Float((height - 1) * 256)
        maxI0 = Int32(max(width - 2, 0))
        maxJ0 = Int32(max(height - 2, 0))
        stepX = width > 1 ? 1 : 0
        stepY = height > 1 ? Int32(rowStride) : 0
    }
}

/// The levels one draw has touched, fetched from the chain on first use.
struct SamplerLevels {
    let image: MipmappedImage
    private var cache: [SamplerLevel?]

    init(_ image: MipmappedImage) {
        self.image = image
        cache = Array(repeating: nil, count: image.levelCount)
        cache[0] = SamplerLevel(image.base, level: 0)
    }

    mutating func level(_ index: Int) -> SamplerLevel {
        if let known = cache[index] { return known }
        let made = SamplerLevel(image.level(index), level: index)
        cache[index] = made
        return made
    }
}

/// Everything one draw needs that depends only on the matrix, the source size and the options.
struct SamplerSetup: Sendable {
    /// The inverse map, divided by `m22` when affine so that `w` is exactly 1.
    let matrix: ProjectiveTransform
    let kind: SamplerKind
    let sourceSize: PixelSize
    /// The destination pixels that may change: clip ∩ destination ∩ the quad's bounding box.
    let area: PixelRect
    /// Clip ∩ destination, which the reference visits in full.
    let clipArea: PixelRect
    let opacity: UInt32
    let antialiased: Bool
    let filter: ImageFilter
    let edges: [SamplerEdge]
    /// The mip level of an affine map (0 unless `.mipmappedBilinear` shrinks to half or less).
    let constantLevel: Int
    /// Whether a projective map picks its level per pixel.
    let perPixelLevels: Bool
    let maxLevel: Int
    /// `levelThresholds[l − 1]`: the squared derivative (×256²) at and above which level l is used.
    let levelThresholds: [Float]
    /// 256·m00, 256·m01, 256·m10, 256·m11, m20, m21 in Float, for the per-pixel derivative.
    let derivative: (a00: Float, a01: Float, a10: Float, a11: Float, m20: Float, m21: Float)
    /// Largest |x| of the area, for the rounding margins of the span solver.
    private let xMagnitude: Double

    /// Whether w is 1 everywhere (the matrix's bottom row is 0, 0, 1 after normalising).
    let isAffine: Bool

    /// `nil` when nothing would be drawn: a non-finite or singular matrix, an empty image or
    /// clip, zero opacity, or a quad that misses the clip; also a matrix so extreme that the
    /// row arithmetic over the clip would overflow Double (entries around 10³⁰⁰).
    init?(inverse: ProjectiveTransform, sourceSize: PixelSize, levelCount: Int,
          destination: PixelRect, clip: PixelRect?, options: ImageDrawOptions) {
        guard inverse.isFinite, !sourceSize.isEmpty, options.opacityByte > 0 else { return nil }
        var m = inverse
        if m.m20 == 0 && m.m21 == 0 {
            guard m.m22 > 0 else { return nil }
            let k = m.m22
            m = ProjectiveTransform(m.m00 / k, m.m01 / k, m.m02 / k, m.m10 / k, m.m11 / k, m.m12 / k, 0, 0, 1)
        }
        let det = m.determinant
        guard m.isFinite, det != 0, det.isFinite else { return nil }
        matrix = m
        isAffine = m.isAffine
        self.sourceSize = sourceSize
        opacity = options.opacityByte
        antialiased = options.edgeAntialiasing
        filter = options.filter

        var u0 = 0.0, u1 = Double(sourceSize.width), v0 = 0.0, v1 = Double(sourceSize.height)
        if let part = options.sourceRect {
            guard part.minX.isFinite, part.minY.isFinite, part.maxX.isFinite, part.maxY.isFinite,
                  part.minX < part.maxX, part.minY < part.maxY else { return nil }
            (u0, u1, v0, v1) = (part.minX, part.maxX, part.minY, part.maxY)
        }
        var edges: [SamplerEdge] = []
        for (a, b, c) in [(m.m00 - u0 * m.m20, m.m01 - u0 * m.m21, m.m02 - u0 * m.m22),
                          (u1 * m.m20 - m.m00, u1 * m.m21 - m.m01, u1 * m.m22 - m.m02),
                          (m.m10 - v0 * m.m20, m.m11 - v0 * m.m21, m.m12 - v0 * m.m22),
                          (v1 * m.m20 - m.m10, v1 * m.m21 - m.m11, v1 * m.m22 - m.m12)] {
            let n = (a * a + b * b).squareRoot()
            if n == 0 || !n.isFinite {
                guard c >= 0 else { return nil }
                edges.append(SamplerEdge(a: 0, b: 0, c: 1e9))
            } else {
                edges.append(SamplerEdge(a: a / n, b: b / n, c: c / n))
            }
        }
        if options.edgeAntialiasing && !options.aliasedEdges.isEmpty {
            // A hard edge among anti-aliased ones: the same line with its ramp made 1/4096 pixel
            // wide (every kernel's coverage formula then sees a step), moved so that the step
            // falls just inside the min edges and just outside the max edges (half-open tiles).
            let order: [(ImageEdges, Double)] = [(.minX, 0.5), (.maxX, -0.5), (.minY, 0.5), (.maxY, -0.5)]
            for (k, (edge, bias)) in order.enumerated() where options.aliasedEdges.contains(edge) {
                let e = edges[k]
                guard e.a != 0 || e.b != 0 else { continue }
                edges[k] = SamplerEdge(a: e.a * Self.hardEdgeSteepness, b: e.b * Self.hardEdgeSteepness,
                                       c: e.c * Self.hardEdgeSteepness + bias)
            }
        }
        self.edges = edges

        var clipped = clip.map { $0.intersection(destination) } ?? destination
        if clipped.isEmpty { return nil }
        // Entries near Double's range (or an edge normal near zero) make the span solver's sums
        // overflow, and ∞ − ∞ is NaN, which no pixel index can hold: such a map draws nothing.
        let xReach = Double(max(abs(clipped.minX), abs(clipped.maxX)) + 1)
        let yReach = Double(max(abs(clipped.minY), abs(clipped.maxY)) + 1)
        guard edges.allSatisfy({ (abs($0.a) * xReach + abs($0.b) * yReach + abs($0.c)).isFinite }),
              m.isAffine || (abs(m.m20) * xReach + abs(m.m21) * yReach + abs(m.m22)).isFinite
        else { return nil }
        clipArea = clipped
        let outerOffset = options.edgeAntialiasing ? -0.5 : 0
        guard let box = SamplerSetup.boundingBox(of: clipped, edges: edges, offset: outerOffset - 0.01,
                                                 w: m.isAffine ? nil : (m.m20, m.m21, m.m22))
        else { return nil }
        clipped = clipped.intersection(box)
        if clipped.isEmpty { return nil }
        area = clipped
        xMagnitude = Double(max(abs(clipArea.minX), abs(clipArea.maxX)) + 1)

        maxLevel = options.filter == .mipmappedBilinear ? levelCount - 1 : 0
        let thresholdScale = options.levelThresholdScale
        levelThresholds = maxLevel == 0 ? [] : (1...maxLevel).map { l in
            Float(65536 * Double(1 << (2 * l)) * thresholdScale * (1 - 1e-5))
        }
        derivative = (Float(256 * m.m00), Float(256 * m.m01), Float(256 * m.m10), Float(256 * m.m11),
                      Float(m.m20), Float(m.m21))
        if m.isAffine {
            let rho2 = max(m.m00 * m.m00 + m.m10 * m.m10, m.m01 * m.m01 + m.m11 * m.m11)
            var level = 0
            while level < maxLevel, rho2 >= Double(1 << (2 * (level + 1))) * thresholdScale * (1 - 1e-5) { level += 1 }
            constantLevel = level
            perPixelLevels = false
            if sourceSize.width == 1 && sourceSize.height == 1 {
                kind = .solid
            } else if options.sourceRect == nil, m.m00 == 1, m.m11 == 1, m.m01 == 0, m.m10 == 0,
               m.m02 == m.m02.rounded(), m.m12 == m.m12.rounded(), abs(m.m02) <= 32768, abs(m.m12) <= 32768 {
                kind = .translation(dx: Int(m.m02), dy: Int(m.m12))
            } else if m.m01 == 0, m.m10 == 0, options.filter != .nearest {
                kind = .axisAligned
            } else {
                kind = .affine
            }
        } else {
            constantLevel = 0
            perPixelLevels = maxLevel > 0
            kind = sourceSize.width == 1 && sourceSize.height == 1 ? .solid : .projective
        }
    }

    /// How much steeper than a one-pixel ramp a hard edge's coverage ramp is (see
    /// `ImageDrawOptions.aliasedEdges`).
    static let hardEdgeSteepness = 4096.0

    /// The Float constants of row `y`.
    func row(_ y: Int) -> SamplerRow {
        let m = matrix, cy = Double(y) + 0.5
        var e0 = SIMD4<Float>(), de = SIMD4<Float>()
        for k in 0..<4 {
            let e = edges[k]
            e0[k] = Float(e.a * 0.5 + e.b * cy + e.c + 0.5)
            de[k] = Float(e.a)
        }
        return SamplerRow(
            u0: Float(256 * (m.m00 * 0.5 + m.m01 * cy + m.m02)), du: Float(256 * m.m00),
            v0: Float(256 * (m.m10 * 0.5 + m.m11 * cy + m.m12)), dv: Float(256 * m.m10),
            w0: Float(m.m20 * 0.5 + m.m21 * cy + m.m22), dw: Float(m.m20),
            e0: e0, de: de)
    }

    /// The pixels of row `y` that the quad may touch (`outer`, every pixel with non-zero
    /// coverage, plus possibly a few with zero), and those it surely covers fully (`inner`, a
    /// sub-range of `outer`, empty at `outer.lowerBound` if none). Solved per edge from the line
    /// equation, with margins that absorb the Float rounding of the per-pixel formula.
    func spans(row y: Int) -> (outer: Range<Int>, inner: Range<Int>) {
        let cy = Double(y) + 0.5
        var oLo = area.minX, oHi = area.maxX, iLo = area.minX, iHi = area.maxX
        let outerOffset = antialiased ? -0.5 : 0, innerOffset = antialiased ? 0.5 : 0
        func bound(_ v: Double) -> Double { min(max(v, -1e12), 1e12) }
        for e in edges {
            let a = e.a, b = e.a * 0.5 + e.b * cy + e.c
            let margin = 1e-4 + 1e-6 * (abs(b) + abs(a) * xMagnitude)
            let lo = outerOffset - margin, hi = innerOffset + margin
            if a == 0 {
                if !(b > lo) { return (oLo..<oLo, oLo..<oLo) }
                if !(b >= hi) { iHi = iLo }
                continue
            }
            let bo = bound((lo - b) / a), bi = bound((hi - b) / a)
            if a > 0 {
                oLo = max(oLo, Int(bo.rounded(.down)) + 1)
                iLo = max(iLo, Int(bi.rounded(.up)))
            } else {
                oHi = min(oHi, Int(bo.rounded(.up)))
                iHi = min(iHi, Int(bi.rounded(.down)) + 1)
            }
        }
        if !isAffine {
            let m = matrix
            let a = m.m20, b = m.m20 * 0.5 + m.m21 * cy + m.m22
            let floor = 1e-6 * (abs(a) * xMagnitude + abs(m.m21 * cy) + abs(m.m22))
            if a == 0 {
                if !(b > floor) { return (oLo..<oLo, oLo..<oLo) }
            } else {
                let bw = bound((floor - b) / a)
                if a > 0 { oLo = max(oLo, Int(bw.rounded(.down)) + 1) } else { oHi = min(oHi, Int(bw.rounded(.up))) }
            }
        }
        guard oLo < oHi else { return (oLo..<oLo, oLo..<oLo) }
        iLo = max(iLo, oLo)
        iHi = min(iHi, oHi)
        return iLo < iHi ? (oLo..<oHi, iLo..<iHi) : (oLo..<oHi, oLo..<oLo)
    }

    /// Whether the pixel centre lies in front of the viewer with the span solver's margin
    /// (always true for an affine map).
    func isInFront(x: Int, y: Int) -> Bool {
        guard !isAffine else { return true }
        let m = matrix, cy = Double(y) + 0.5
        let w = m.m20 * (Double(x) + 0.5) + m.m21 * cy + m.m22
        return w > 1e-6 * (abs(m.m20) * xMagnitude + abs(m.m21 * cy) + abs(m.m22))
    }

    /// The smallest pixel rectangle holding every pixel of `rect` whose centre lies within
    /// `offset` of the inside of all `edges` (and, if given, where `w > 0`); `nil` if none.
    static func boundingBox(of rect: PixelRect, edges: [SamplerEdge], offset: Double,
                            w: (Double, Double, Double)?) -> PixelRect? {
        // Sutherland–Hodgman: clip the rectangle of pixel centres by each half-plane in turn.
        var polygon: [(Double, Double)] = [
            (Double(rect.minX) + 0.5, Double(rect.minY) + 0.5), (Double(rect.maxX) - 0.5, Double(rect.minY) + 0.5),
            (Double(rect.maxX) - 0.5, Double(rect.maxY) - 0.5), (Double(rect.minX) + 0.5, Double(rect.maxY) - 0.5),
        ]
        var planes = edges.map { ($0.a, $0.b, $0.c - offset) }
        if let w { planes.append(w) }
        for (a, b, c) in planes {
            var next: [(Double, Double)] = []
            for i in polygon.indices {
                let p = polygon[i], q = polygon[(i + 1) % polygon.count]
                let dp = a * p.0 + b * p.1 + c, dq = a * q.0 + b * q.1 + c
                if dp >= 0 { next.append(p) }
                if (dp >= 0) != (dq >= 0) {
                    let t = dp / (dp - dq)
                    next.append((p.0 + t * (q.0 - p.0), p.1 + t * (q.1 - p.1)))
                }
            }
            polygon = next
            if polygon.isEmpty { return nil }
        }
        var x0 = Double.infinity, x1 = -Double.infinity, y0 = Double.infinity, y1 = -Double.infinity
        for (x, y) in polygon {
            x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y)
        }
        // Centres → pixel indices, one pixel of slack for the rounding of the intersections.
        let minX = Int((x0 - 0.5).rounded(.down)) - 1, maxX = Int((x1 - 0.5).rounded(.up)) + 2
        let minY = Int((y0 - 0.5).rounded(.down)) - 1, maxY = Int((y1 - 0.5).rounded(.up)) + 2
        return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
