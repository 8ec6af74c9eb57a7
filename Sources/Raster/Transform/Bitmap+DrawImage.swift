/// Which implementation `drawImage` runs. All give the same bytes; tests compare them.
package enum ImageKernelPath: Sendable, CaseIterable {
    /// The plain per-pixel reference (`SamplerReference`).
    case reference
    /// The general SIMD kernel for every matrix, without the axis-aligned shortcuts.
    case general
    /// The cheapest kernel the draw allows: colour fill for a 1×1 image, integer translation,
    /// axis-aligned scale, or the general SIMD kernel.
    case fastest
}

extension Bitmap {
    /// Composites `image` onto this bitmap through the inverse map `inverseTransform`
    /// (destination pixel coordinates → source pixel coordinates; see `ProjectiveTransform`),
    /// source-over, with the options' opacity, filter and edge anti-aliasing.
    ///
    /// Only pixels inside `clip` (default: the whole bitmap) and covered by the image's quad are
    /// touched; a pixel's result depends only on its position, so drawing a frame in horizontal
    /// bands — one call per band with that band as `clip`, on any threads — gives the same bytes
    /// as one call. Parts of the plane where `w ≤ 0` (behind the viewer) are not drawn. A matrix
    /// with a NaN or infinite entry, or a singular one, draws nothing.
    ///
    /// Pass a `MipmappedImage` that you keep to reuse its mip levels from frame to frame; see
    /// `drawImage(_:inverseTransform:options:clip:)` taking a `Bitmap`.
    ///
    /// ```swift
    /// let forward = ProjectiveTransform.rotation(radians: .pi / 6).concatenating(.translation(x: 400, y: 80))
    /// frame.drawImage(chain, inverseTransform: forward.inverted()!, options: .init(opacity: 0.8))
    /// ```
    public func drawImage(_ image: MipmappedImage, inverseTransform: ProjectiveTransform,
                          options: ImageDrawOptions = ImageDrawOptions(), clip: PixelRect? = nil) {
        drawImage(image, inverseTransform: inverseTransform, options: options, clip: clip,
                  path: ImageKernelPath.current)
    }

    /// Composites `image` as `drawImage(_: MipmappedImage, …)` does. Mip levels that the
    /// `.mipmappedBilinear` filter needs are built for this call and dropped; wrap the image in a
    /// `MipmappedImage` and keep it to build them once.
    public func drawImage(_ image: Bitmap, inverseTransform: ProjectiveTransform,
                          options: ImageDrawOptions = ImageDrawOptions(), clip: PixelRect? = nil) {
        drawImage(MipmappedImage(image), inverseTransform: inverseTransform, options: options, clip: clip)
    }

    /// `drawImage` through a chosen implementation, for tests and benchmarks.
    package func drawImage(_ image: MipmappedImage, inverseTransform: ProjectiveTransform,
                           options: ImageDrawOptions, clip: PixelRect?, path: ImageKernelPath) {
        guard let setup = SamplerSetup(inverse: inverseTransform, sourceSize: image.base.size,
                                       levelCount: image.levelCount, destination: bounds, clip: clip,
                                       options: options)
        else { return }
        // Lane offsets are Int32: fall back to the reference for sources beyond 2³¹ pixels of memory.
        let fitsInt32 = image.base.rowStride * image.base.height < Int(Int32.max) / 2
        switch (fitsInt32 ? path : .reference, setup.kind) {
        case (.reference, _):
            SamplerReference.draw(setup, image: image, onto: self)
        case (.fastest, .solid):
            SamplerKernels.drawSolid(setup, image: image, onto: self)
        case (.fastest, .translation(let dx, let dy)):
            SamplerKernels.drawTranslation(setup, dx: dx, dy: dy, image: image, onto: self)
        case (.fastest, .axisAligned):
            SamplerKernels.drawAxisAligned(setup, image: image, onto: self)
        default:
            SamplerKernels.drawGeneral(setup, image: image, onto: self)
        }
    }
}

extension ImageKernelPath {
    /// `.reference` when `KernelPath.current` is (the `KINESCOPE_REFERENCE_KERNELS` switch that
    /// every kernel obeys), otherwise `.fastest`.
    package static var current: ImageKernelPath {
        KernelPath.current == .reference ? .reference : .fastest
    }
}
