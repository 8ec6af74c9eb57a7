/// A Gaussian blur approximated by three box blurs, as WebKit and Skia blur shadows: each pass
/// averages a centred window of odd width, horizontally then vertically, so the cost per pixel
/// does not depend on the radius.
///
/// The three widths are chosen (Kovesi's method) so that their combined variance,
/// `Σ (w² − 1) / 12`, is as close as odd widths allow to `standardDeviation²`. The blurred image
/// grows by `extent` pixels on every side, which is where its tails end: nothing is cut off, so
/// the blur keeps the total coverage (up to rounding), and it is symmetric: mirroring the input
/// mirrors the output exactly.
///
/// Apple does not document the kernel behind `CALayer.shadowRadius`; CSS and Canvas define a
/// shadow blur `B` as a Gaussian of standard deviation `B / 2`. The compositor picks the mapping
/// (a layer's shadow uses `shadowRadius` as the standard deviation, as measured on Apple's).
///
///     let blur = BoxBlur(standardDeviation: 4)
///     let shadow = try mask.blurred(blur)   // mask.width + 2 * blur.extent wide
public struct BoxBlur: Hashable, Sendable, CustomStringConvertible {
    /// The largest standard deviation honoured, in pixels; larger ones are treated as this.
    public static let maximumStandardDeviation = 2048.0

    /// The standard deviation of the Gaussian approximated, in pixels, after clamping to
    /// `0...maximumStandardDeviation` (NaN and negative values give 0: no blur).
    public let standardDeviation: Double
    /// The half-width of each of the three passes: pass `i` averages `2 * radii[i] + 1` pixels.
    public let radii: [Int]

    /// A blur approximating a Gaussian of `standardDeviation` pixels.
    public init(standardDeviation: Double) {
        let sigma = standardDeviation > 0 ? min(standardDeviation, Self.maximumStandardDeviation) : 0
        self.standardDeviation = sigma
        self.radii = Self.radii(forStandardDeviation: sigma)
    }

    /// How far the blurred image reaches beyond the original on each side, in pixels: the sum of
    /// the three radii, about `3σ − 1.5`.
    public var extent: Int { radii.reduce(0, +) }

    /// True when the blur changes nothing (every window is one pixel wide).
    public var isIdentity: Bool { extent == 0 }

    public var description: String {
        "BoxBlur(standardDeviation: \(standardDeviation), widths: \(radii.map { 2 * $0 + 1 }))"
    }

    /// Kovesi, "Fast almost-Gaussian filtering" (2010): `m` boxes of the lower odd width `wl` and
    /// `3 − m` of `wl + 2`, `m` chosen to match the variance.
    static func radii(forStandardDeviation sigma: Double) -> [Int] {
        let n = 3.0
        let variance12 = 12 * sigma * sigma
        let ideal = (variance12 / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let wl = Double(lower)
        let m = Int(((variance12 - n * wl * wl - 4 * n * wl - 3 * n) / (-4 * wl - 4)).rounded())
        return (0..<3).map { i in i < m ? (lower - 1) / 2 : (lower + 1) / 2 }
    }
}

extension CoverageMask {
    /// This mask blurred, in a new mask grown by `blur.extent` on every side (the original's
    /// pixel (0, 0) lands at (`extent`, `extent`)). Throws `.invalidSize` when the grown size
    /// exceeds `PixelSize.maxDimension`.
    public func blurred(_ blur: BoxBlur, workspace: BlurWorkspace? = nil) throws(RasterError) -> CoverageMask {
        let result = CoverageMask(size: try BlurGeometry.grownSize(size, by: blur))
        try self.blur(blur, into: result, workspace: workspace)
        return result
    }

    /// Writes this mask blurred into `destination`, which must be `blur.extent` larger on every
    /// side (else `.sizeMismatch`). Every value of `destination` is overwritten. Pass a
    /// `workspace` to reuse its memory from call to call.
    public func blur(_ blur: BoxBlur, into destination: CoverageMask, workspace: BlurWorkspace? = nil) throws(RasterError) {
        try self.blur(blur, into: destination, workspace: workspace, kernels: KernelPath.current)
    }

    /// `blur(_:into:workspace:)` through the chosen implementation; the two are byte-identical.
    package func blur(_ blur: BoxBlur, into destination: CoverageMask, workspace: BlurWorkspace? = nil,
                      kernels: KernelPath) throws(RasterError) {
        let grown = try BlurGeometry.grownSize(size, by: blur)
        guard destination.size == grown else { throw .sizeMismatch(destination.size, grown) }
        let source = self
        BoxBlurKernels.run(
            blur: blur, sourceSize: size, channels: 1, kernels: kernels, workspace: workspace,
            load: { y, row in
                let values = source.row(y)
                for x in 0..<values.count { row[x] = UInt16(values[x]) &<< 8 }
            },
            store: { y, row in
                let out = destination.baseAddress + y * destination.rowStride
                for x in 0..<destination.width { out[x] = UInt8(truncatingIfNeeded: row[x]) }
            })
    }
}

extension Bitmap {
    /// This bitmap blurred channel by channel (premultiplied, so colour never bleeds from
    /// transparent pixels), in a new bitmap grown by `blur.extent` on every side. Every output
    /// pixel stays premultiplied: no channel exceeds its alpha. Throws `.invalidSize` when the
    /// grown size exceeds `PixelSize.maxDimension`.
    public func blurred(_ blur: BoxBlur, workspace: BlurWorkspace? = nil) throws(RasterError) -> Bitmap {
        let result = Bitmap(size: try BlurGeometry.grownSize(size, by: blur))
        try self.blur(blur, into: result, workspace: workspace)
        return result
    }

    /// Writes this bitmap blurred into `destination`, which must be `blur.extent` larger on every
    /// side (else `.sizeMismatch`). Every pixel of `destination` is overwritten. Pass a
    /// `workspace` to reuse its memory from call to call.
    public func blur(_ blur: BoxBlur, into destination: Bitmap, workspace: BlurWorkspace? = nil) throws(RasterError) {
        try self.blur(blur, into: destination, workspace: workspace, kernels: KernelPath.current)
    }

    /// `blur(_:into:workspace:)` through the chosen implementation; the two are byte-identical.
    package func blur(_ blur: BoxBlur, into destination: Bitmap, workspace: BlurWorkspace? = nil,
                      kernels: KernelPath) throws(RasterError) {
        let grown = try BlurGeometry.grownSize(size, by: blur)
        guard destination.size == grown else { throw .sizeMismatch(destination.size, grown) }
        let source = self
        BoxBlurKernels.run(
            blur: blur, sourceSize: size, channels: 4, kernels: kernels, workspace: workspace,
            load: { y, row in
                let pixels = source.row(y)
                for x in 0..<pixels.count {
                    let p = pixels[x]
                    row[4 &* x] = UInt16(truncatingIfNeeded: p & 0xFF) &<< 8
                    row[4 &* x &+ 1] = UInt16(truncatingIfNeeded: (p >> 8) & 0xFF) &<< 8
                    row[4 &* x &+ 2] = UInt16(truncatingIfNeeded: (p >> 16) & 0xFF) &<< 8
                    row[4 &* x &+ 3] = UInt16(truncatingIfNeeded: p >> 24) &<< 8
                }
            },
            store: { y, row in
                let out = destination.baseAddress + y * destination.rowStride
                for x in 0..<destination.width {
                    out[x] = UInt32(row[4 &* x]) | UInt32(row[4 &* x &+ 1]) << 8
                        | UInt32(row[4 &* x &+ 2]) << 16 | UInt32(row[4 &* x &+ 3]) << 24
                }
            })
    }
}

enum BlurGeometry {
    static func grownSize(_ size: PixelSize, by blur: BoxBlur) throws(RasterError) -> PixelSize {
        let e = blur.extent
        return try PixelSize(width: size.width + 2 * e, height: size.height + 2 * e)
    }
}
