/// The drawing half of a transition, which is all the compositor needs: a pure function from
/// two equally sized frames and a progress to a frame. `Transitions.Transition` adds the name,
/// the parameters and the registry; a `CATransition` hands one of these to the render tree.
///
/// A pixel's value must depend only on the arguments and its position, so that a frame cut
/// into bands on several threads comes out byte-identical.
public protocol FrameTransition: Sendable {
    /// Draws the frame at `progress` (`0...1`, already clamped) into `destination`, only inside
    /// `clip`. `from`, `to` and `destination` have the same size; `destination` never shares
    /// pixels with `from` or `to`. `scratch` holds reusable per-thread buffers.
    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch)
}

/// Reusable buffers for one thread of transition rendering (a rasterizer, coverage masks and an
/// off-screen bitmap), so that rendering frame after frame allocates nothing. Used by one thread
/// at a time.
public final class TransitionScratch: @unchecked Sendable {
    public let rasterizer = CoverageRasterizer()
    /// Mip chains of the inputs, shared with the other bands of the frame; `nil` (the default)
    /// when the owner does not manage input generations, and then a transition that needs
    /// halved levels builds them for the call. `TransitionRenderer` sets one cache on all its
    /// scratches and starts a generation per frame.
    public var mipmaps: MipmapCache?
    private var mask: CoverageMask?
    private var bitmap: Bitmap?

    public init(mipmaps: MipmapCache? = nil) {
        self.mipmaps = mipmaps
    }

    /// The mip chain of `image`: the shared one when `mipmaps` is set, else a new one.
    public func mipmappedImage(_ image: Bitmap) -> MipmappedImage {
        mipmaps?.chain(for: image) ?? MipmappedImage(image)
    }

    /// A coverage mask of `size`, reused between calls (contents undefined).
    public func coverageMask(_ size: PixelSize) -> CoverageMask {
        if let mask, mask.width >= size.width, mask.height >= size.height {
            return try! mask.view(of: PixelRect(size: size))
        }
        let made = CoverageMask(size: size)
        mask = made
        return made
    }

    /// A bitmap of `size`, reused between calls (contents undefined).
    public func offscreen(_ size: PixelSize) -> Bitmap {
        if let bitmap, bitmap.width >= size.width, bitmap.height >= size.height {
            return try! bitmap.view(of: PixelRect(size: size))
        }
        let made = Bitmap(size: size)
        bitmap = made
        return made
    }
}
