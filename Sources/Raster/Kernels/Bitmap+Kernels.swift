// DESIGN NOTE — compositing kernels.
//
// Each public method clips once, then runs a row kernel over each row of the clipped rectangle.
// Row kernels come in two sets with one contract (`RowKernels`): `ReferenceKernels`, plain scalar
// code, and `FastKernels`, same-width SIMD on `SIMD8<UInt32>` ↔ `SIMD16<UInt16>` with the exact
// `/255`. The two are byte-identical by construction (the same integer formula per channel) and
// by test. `KINESCOPE_REFERENCE_KERNELS=1` selects the reference set for the whole process.
// Figures measured at 1920×1080 are in the design note of FastKernels.swift.

/// How new pixels combine with the destination's.
public enum CompositeOperation: Sendable, Hashable {
    /// Replace the destination (Porter-Duff "source"; Core Graphics `CGBlendMode.copy`).
    case copy
    /// Porter-Duff source-over, `new + destination · (1 − αnew)` on premultiplied channels: how
    /// Core Animation composites every layer, and Core Graphics' `CGBlendMode.normal`.
    case sourceOver
}

/// One set of row kernels (see `ReferenceKernels` for what each computes).
struct RowKernels: Sendable {
    let fill: @Sendable (UnsafeMutablePointer<UInt32>, Int, UInt32) -> Void
    let fillSourceOver: @Sendable (UnsafeMutablePointer<UInt32>, Int, UInt32) -> Void
    let copy: @Sendable (UnsafeMutablePointer<UInt32>, UnsafePointer<UInt32>, Int) -> Void
    let sourceOver: @Sendable (UnsafeMutablePointer<UInt32>, UnsafePointer<UInt32>, Int, UInt8) -> Void
    let maskedSourceOver: @Sendable (UnsafeMutablePointer<UInt32>, UnsafePointer<UInt32>,
                                     UnsafePointer<UInt8>, Int, UInt8) -> Void
    let mix: @Sendable (UnsafeMutablePointer<UInt32>, UnsafePointer<UInt32>, UnsafePointer<UInt32>,
                        Int, UInt8) -> Void
    let maskedFill: @Sendable (UnsafeMutablePointer<UInt32>, UInt32, UnsafePointer<UInt8>, Int, UInt8) -> Void

    static let reference = RowKernels(
        fill: ReferenceKernels.fill, fillSourceOver: ReferenceKernels.fillSourceOver,
        copy: ReferenceKernels.copy, sourceOver: ReferenceKernels.sourceOver,
        maskedSourceOver: ReferenceKernels.sourceOver, mix: ReferenceKernels.mix,
        maskedFill: ReferenceKernels.fill)

    static let fast = RowKernels(
        fill: FastKernels.fill, fillSourceOver: FastKernels.fillSourceOver,
        copy: FastKernels.copy, sourceOver: FastKernels.sourceOver,
        maskedSourceOver: FastKernels.sourceOver, mix: FastKernels.mix,
        maskedFill: FastKernels.fill)
}

extension KernelPath {
    var rowKernels: RowKernels {
        switch self {
        case .reference: .reference
        case .fast: .fast
        }
    }
}

/// A fraction in 0…1 as a byte in 0…255, rounded to nearest; values outside the range clamp to
/// it (as `CALayer.opacity` does) and NaN counts as 0.
func byteValue(ofFraction fraction: Float) -> UInt8 {
    guard fraction > 0 else { return 0 }
    guard fraction < 1 else { return 255 }
    return UInt8((fraction * 255).rounded())
}

extension Bitmap {
    /// Fills the part of `rect` that lies inside `bounds` with `color`; the rest of `rect` is
    /// ignored, as drawing outside a Core Graphics context is. With `.sourceOver`, `color` is
    /// blended over the existing pixels instead of replacing them.
    ///
    ///     canvas.fill(PixelRect(x: 10, y: 10, width: 100, height: 40), with: .white)
    public func fill(_ rect: PixelRect, with color: PremultipliedColor, operation: CompositeOperation = .copy) {
        fill(rect, with: color, operation: operation, kernels: .current)
    }

    /// Fills the whole bitmap with `color` (replacing, or blending over with `.sourceOver`).
    public func fill(with color: PremultipliedColor, operation: CompositeOperation = .copy) {
        fill(bounds, with: color, operation: operation, kernels: .current)
    }

    /// Replaces pixels with `source`'s, placing `source`'s top-left pixel at (`x`, `y`) of this
    /// bitmap (which may be negative or beyond the edges); only the part inside both bitmaps is
    /// copied. `source` may share memory with this bitmap, overlapping or not (like `memmove`).
    /// To copy part of a bitmap, pass a `view(of:)` of it.
    public func copy(from source: Bitmap, atX x: Int, y: Int) {
        copy(from: source, atX: x, y: y, kernels: .current)
    }

    /// Draws `source` over this bitmap with source-over, its top-left pixel at (`x`, `y`), scaled
    /// by `opacity` (0 invisible, 255 as is). Only the part inside both bitmaps is drawn.
    /// `source` must not partly overlap this bitmap's memory (being the same pixels is fine).
    ///
    ///     frame.composite(layerImage, atX: 40, y: 30, opacity: 128)
    public func composite(_ source: Bitmap, atX x: Int, y: Int, opacity: UInt8 = 255) {
        composite(source, atX: x, y: y, opacity: opacity, kernels: .current)
    }

    /// `composite(_:atX:y:opacity:)` with `CALayer.opacity` semantics: `opacityFraction` in
    /// 0.0 (transparent) … 1.0 (opaque), clamped to that range, rounded to the nearest 1/255.
    public func composite(_ source: Bitmap, atX x: Int, y: Int, opacityFraction: Float) {
        composite(source, atX: x, y: y, opacity: byteValue(ofFraction: opacityFraction), kernels: .current)
    }

    /// Draws `source` over this bitmap with source-over through `mask`, whose values line up
    /// with `source`'s pixels (same size), combined with `opacity`: each source pixel is scaled
    /// by `coverage · opacity / 255` rounded to a byte, then by that byte / 255.
    ///
    /// - Throws: `RasterError.sizeMismatch` when `mask` and `source` differ in size.
    public func composite(_ source: Bitmap, atX x: Int, y: Int, mask: CoverageMask,
                          opacity: UInt8 = 255) throws(RasterError) {
        try composite(source, atX: x, y: y, mask: mask, opacity: opacity, kernels: .current)
    }

    /// `composite(_:atX:y:mask:opacity:)` with a `CALayer.opacity`-style fraction in 0…1
    /// (clamped, rounded to the nearest 1/255).
    public func composite(_ source: Bitmap, atX x: Int, y: Int, mask: CoverageMask,
                          opacityFraction: Float) throws(RasterError) {
        try composite(source, atX: x, y: y, mask: mask, opacity: byteValue(ofFraction: opacityFraction),
                      kernels: .current)
    }

    /// Cross-fades: every channel becomes `from · (255 − weight) / 255 + to · weight / 255`,
    /// rounded to nearest, so weight 0 gives exactly `from` and 255 exactly `to`. This is a
    /// dissolve transition's frame. This bitmap may be `from` or `to` itself (the same pixels),
    /// but must not partly overlap them.
    ///
    /// - Throws: `RasterError.sizeMismatch` unless `from`, `to` and this bitmap have one size.
    public func mix(from: Bitmap, to: Bitmap, weight: UInt8) throws(RasterError) {
        try mix(from: from, to: to, weight: weight, kernels: .current)
    }

    /// `mix(from:to:weight:)` with `fraction` in 0.0 (`from`) … 1.0 (`to`), clamped to that range
    /// and rounded to the nearest 1/255.
    public func mix(from: Bitmap, to: Bitmap, fraction: Float) throws(RasterError) {
        try mix(from: from, to: to, weight: byteValue(ofFraction: fraction), kernels: .current)
    }
}

extension Bitmap {
    /// The rectangle of this bitmap covered by a `sourceSize` image placed at (`x`, `y`), and the
    /// source pixel that lands on its top-left corner; nil when nothing overlaps.
    func placement(of sourceSize: PixelSize, atX x: Int, y: Int)
        -> (destination: PixelRect, sourceX: Int, sourceY: Int)? {
        // Compare before adding so that extreme origins cannot overflow.
        guard x < width, y < height, x > -sourceSize.width, y > -sourceSize.height else { return nil }
        let x0 = max(x, 0), y0 = max(y, 0)
        let x1 = min(x + sourceSize.width, width), y1 = min(y + sourceSize.height, height)
        guard x1 > x0, y1 > y0 else { return nil }
        return (PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), x0 - x, y0 - y)
    }

    /// `fill(_:with:operation:)` through a chosen kernel set.
    package func fill(_ rect: PixelRect, with color: PremultipliedColor, operation: CompositeOperation,
                      kernels: KernelPath) {
        let clipped = rect.intersection(bounds)
        guard !clipped.isEmpty else { return }
        let rowKernels = kernels.rowKernels
        let kernel = operation == .copy ? rowKernels.fill : rowKernels.fillSourceOver
        var row = baseAddress + clipped.y * rowStride + clipped.x
        for _ in 0..<clipped.height {
            kernel(row, clipped.width, color.packed)
            row += rowStride
        }
    }

    /// `copy(from:atX:y:)` through a chosen kernel set.
    package func copy(from source: Bitmap, atX x: Int, y: Int, kernels: KernelPath) {
        guard let (area, sourceX, sourceY) = placement(of: source.size, atX: x, y: y) else { return }
        let copyRow = kernels.rowKernels.copy
        let destinationStart = baseAddress + area.y * rowStride + area.x
        let sourceStart = UnsafePointer(source.baseAddress + sourceY * source.rowStride + sourceX)
        // When the destination lies after the source in memory, later source rows may be
        // overwritten before they are read: go bottom-up then (rows themselves copy like memmove).
        let bottomUp = UnsafePointer(destinationStart) > sourceStart
        for i in 0..<area.height {
            let r = bottomUp ? area.height - 1 - i : i
            copyRow(destinationStart + r * rowStride, sourceStart + r * source.rowStride, area.width)
        }
    }

    /// `composite(_:atX:y:opacity:)` through a chosen kernel set.
    package func composite(_ source: Bitmap, atX x: Int, y: Int, opacity: UInt8, kernels: KernelPath) {
        guard opacity > 0, let (area, sourceX, sourceY) = placement(of: source.size, atX: x, y: y) else { return }
        let kernel = kernels.rowKernels.sourceOver
        var destinationRow = baseAddress + area.y * rowStride + area.x
        var sourceRow = UnsafePointer(source.baseAddress + sourceY * source.rowStride + sourceX)
        for _ in 0..<area.height {
            kernel(destinationRow, sourceRow, area.width, opacity)
            destinationRow += rowStride
            sourceRow += source.rowStride
        }
    }

    /// `composite(_:atX:y:mask:opacity:)` through a chosen kernel set.
    package func composite(_ source: Bitmap, atX x: Int, y: Int, mask: CoverageMask, opacity: UInt8,
                           kernels: KernelPath) throws(RasterError) {
        guard mask.size == source.size else { throw .sizeMismatch(mask.size, source.size) }
        guard opacity > 0, let (area, sourceX, sourceY) = placement(of: source.size, atX: x, y: y) else { return }
        let kernel = kernels.rowKernels.maskedSourceOver
        var destinationRow = baseAddress + area.y * rowStride + area.x
        var sourceRow = UnsafePointer(source.baseAddress + sourceY * source.rowStride + sourceX)
        var maskRow = UnsafePointer(mask.baseAddress + sourceY * mask.rowStride + sourceX)
        for _ in 0..<area.height {
            kernel(destinationRow, sourceRow, maskRow, area.width, opacity)
            destinationRow += rowStride
            sourceRow += source.rowStride
            maskRow += mask.rowStride
        }
    }

    /// `mix(from:to:weight:)` through a chosen kernel set.
    package func mix(from: Bitmap, to: Bitmap, weight: UInt8, kernels: KernelPath) throws(RasterError) {
        guard from.size == size else { throw .sizeMismatch(from.size, size) }
        guard to.size == size else { throw .sizeMismatch(to.size, size) }
        let kernel = kernels.rowKernels.mix
        for y in 0..<height {
            kernel(baseAddress + y * rowStride, from.baseAddress + y * from.rowStride,
                   to.baseAddress + y * to.rowStride, width, weight)
        }
    }
}
