import Synchronization

/// A source image together with its chain of box-filtered halvings (a mip chain), each level
/// built on first use and then kept.
///
/// `drawImage` picks a level from the local scale of the map so that an image shrunk below half
/// size is sampled from a level that is at most 2:1 away from the destination's pixel size — a
/// 1920-pixel image drawn 100 pixels wide reads level 4 (120 pixels wide) instead of skipping
/// 19 of every 20 texels, so it does not alias or shimmer as it moves.
///
/// Level `n` is `ceil(width / 2ⁿ) × ceil(height / 2ⁿ)`: each of its pixels is the rounded mean of
/// the 2×2 block below it; on an odd side the last block repeats its last row or column, so the
/// edge pixel is the mean of the pixels that exist. The chain ends at 1×1.
///
/// Thread-safe: compositor bands on several threads may ask for the same level at once, and it
/// is built once. The pixels of `base` must not change while the chain is in use — a caller
/// that caches chains keys them by the image's contents.
///
/// ```swift
/// let chain = MipmappedImage(photo)          // cheap: nothing is built yet
/// frame.drawImage(chain, inverseTransform: map, options: .init(filter: .bilinear))
/// ```
public final class MipmappedImage: Sendable {
    /// Level 0: the image itself.
    public let base: Bitmap
    /// Number of levels down to 1×1, counting level 0 (1 for an empty or 1×1 image).
    public let levelCount: Int
    private let built: Mutex<Levels>
    private let transposedChain: Mutex<Transposed>

    /// The levels built so far, and buffers to build the next ones into (`Spares`).
    private struct Levels {
        var bitmaps: [Bitmap]
        var spares: [Bitmap]
    }

    /// The transposed chain once made, and buffers to make it in.
    private struct Transposed {
        var chain: MipmappedImage?
        var spares: [Bitmap]
    }

    /// Pixel buffers taken from a chain that nobody uses any more (`takeBuffers()`), for a new
    /// chain of the same size to write its levels and its transposed copy into instead of
    /// allocating them: a live input's new generation then costs the halvings and the transpose,
    /// not 8 MB of fresh zeroed memory per 1920×1080 copy. Every byte is written before it is
    /// read, so the bytes are those of a fresh chain.
    package struct Spares: Sendable {
        /// The size of the chain's base they come from.
        package let size: PixelSize
        fileprivate var levels: [Bitmap]
        fileprivate var transposed: [Bitmap]

        /// How many buffers there are.
        package var count: Int { levels.count + transposed.count }
    }

    /// Wraps `base` without copying it; no level is built yet.
    public convenience init(_ base: Bitmap) {
        self.init(base, spares: [], transposedSpares: [])
    }

    /// Wraps `base` like `init(_:)`, and builds its levels and transposed copy into the buffers of
    /// `spares` where their sizes match (allocating the others).
    package convenience init(_ base: Bitmap, reusing spares: Spares) {
        self.init(base, spares: spares.size == base.size ? spares.levels : [],
                  transposedSpares: spares.size == base.size ? spares.transposed : [])
    }

    private init(_ base: Bitmap, spares: [Bitmap], transposedSpares: [Bitmap]) {
        self.base = base
        var count = 1, w = base.width, h = base.height
        while w > 1 || h > 1, !base.size.isEmpty {
            w = (w + 1) / 2
            h = (h + 1) / 2
            count += 1
        }
        levelCount = count
        built = Mutex(Levels(bitmaps: [base], spares: spares))
        transposedChain = Mutex(Transposed(chain: nil, spares: transposedSpares))
    }

    /// Level `index` (clamped to `0..<levelCount`), built from the level above on first use.
    public func level(_ index: Int) -> Bitmap {
        let target = min(max(index, 0), levelCount - 1)
        return built.withLock { levels in
            while levels.bitmaps.count <= target {
                let above = levels.bitmaps[levels.bitmaps.count - 1]
                let size = PixelSize(uncheckedWidth: (above.width + 1) / 2, height: (above.height + 1) / 2)
                let level = MipmappedImage.take(size, from: &levels.spares) ?? Bitmap(size: size)
                MipmappedImage.halve(above, into: level)
                levels.bitmaps.append(level)
            }
            return levels.bitmaps[target]
        }
    }

    /// The chain of this image's transpose, made on first use and kept with this chain. Halving
    /// commutes with transposing (a block's mean, the repeated last row or column), so its
    /// level n is the transpose of this chain's level n. For kernels that work along rows.
    package var transposed: MipmappedImage {
        transposedChain.withLock { state in
            if let chain = state.chain { return chain }
            let size = PixelSize(uncheckedWidth: base.height, height: base.width)
            let copy = MipmappedImage.take(size, from: &state.spares) ?? Bitmap(size: size)
            base.transpose(into: copy)
            let made = MipmappedImage(copy, spares: state.spares, transposedSpares: [])
            state.spares = []
            state.chain = made
            return made
        }
    }

    /// Takes this chain's pixel buffers (its halved levels, its transposed copy and that copy's
    /// levels, and any spares not yet used) for a new chain of the same size, leaving this one as
    /// if nothing had been built: whoever still asks it for a level gets one built anew. A
    /// buffer that another bitmap still shares (a level someone kept) is left out, so no pixels
    /// anyone can still read are ever overwritten.
    package func takeBuffers() -> Spares {
        var levels: [Bitmap] = [], transposed: [Bitmap] = []
        // Each bitmap is moved into a local variable (not passed to a helper, whose parameter
        // would be one more reference) before asking whether it is the only one.
        built.withLock { state in
            while state.bitmaps.count > 1 || !state.spares.isEmpty {
                var bitmap = state.bitmaps.count > 1 ? state.bitmaps.removeLast() : state.spares.removeLast()
                if bitmap.isUniquelyOwned() { levels.append(bitmap) }
            }
        }
        transposedChain.withLock { state in
            while var spare = state.spares.popLast() {
                if spare.isUniquelyOwned() { transposed.append(spare) }
            }
            var chain = state.chain.take()
            guard isKnownUniquelyReferenced(&chain), let inner = chain?.takeBuffers() else { return }
            var copy = chain!.base
            chain = nil
            if copy.isUniquelyOwned() { transposed.append(copy) }
            transposed += inner.levels
        }
        return Spares(size: base.size, levels: levels, transposed: transposed)
    }

    /// Removes from `buffers` one bitmap of `size` and returns it.
    private static func take(_ size: PixelSize, from buffers: inout [Bitmap]) -> Bitmap? {
        guard let index = buffers.lastIndex(where: { $0.size == size }) else { return nil }
        return buffers.remove(at: index)
    }

    /// How many levels have been built so far, counting level 0.
    public var builtLevelCount: Int { built.withLock { $0.bitmaps.count } }

    /// `bitmap` box-filtered to half size (sides rounded up): each pixel is the mean of a 2×2
    /// block, rounded to nearest, with the last row or column repeated on an odd side.
    /// Premultiplied channels average without dark fringes. Eight pixels per step, the same
    /// bytes as `halvedReference` (levels 1 and 2 of a 1920×1080 image: ≈ 21 M → 4 M instructions).
    public static func halved(_ bitmap: Bitmap) -> Bitmap {
        let result = Bitmap(width: (bitmap.width + 1) / 2, height: (bitmap.height + 1) / 2)
        halve(bitmap, into: result)
        return result
    }

    /// `halved(bitmap)` written into `result` (of that size; every pixel is written).
    package static func halve(_ bitmap: Bitmap, into result: Bitmap) {
        let w = bitmap.width, h = bitmap.height
        precondition(result.width == (w + 1) / 2 && result.height == (h + 1) / 2, "halving needs half the size")
        guard w > 0, h > 0 else { return }
        let pairs = w / 2
        for y in 0..<result.height {
            let top = bitmap.baseAddress + 2 * y * bitmap.rowStride
            let bottom = 2 * y + 1 < h ? top + bitmap.rowStride : top
            let out = result.baseAddress + y * result.rowStride
            var x = 0
            while x &+ 8 <= pairs {
                let t = UnsafeRawPointer(top + 2 &* x).loadUnaligned(as: SIMD16<UInt32>.self)
                let b = UnsafeRawPointer(bottom + 2 &* x).loadUnaligned(as: SIMD16<UInt32>.self)
                let mean = average4(t.evenHalf, t.oddHalf, b.evenHalf, b.oddHalf)
                UnsafeMutableRawPointer(out + x).storeBytes(of: mean, as: SIMD8<UInt32>.self)
                x &+= 8
            }
            while x < result.width {
                let x0 = 2 &* x, x1 = min(2 &* x &+ 1, w &- 1)
                out[x] = average4(top[x0], top[x1], bottom[x0], bottom[x1])
                x &+= 1
            }
        }
    }

    /// The plain per-pixel reference of `halved`.
    package static func halvedReference(_ bitmap: Bitmap) -> Bitmap {
        let w = bitmap.width, h = bitmap.height
        let result = Bitmap(width: (w + 1) / 2, height: (h + 1) / 2)
        guard w > 0, h > 0 else { return result }
        for y in 0..<result.height {
            let top = bitmap.baseAddress + 2 * y * bitmap.rowStride
            let bottom = 2 * y + 1 < h ? top + bitmap.rowStride : top
            let out = result.baseAddress + y * result.rowStride
            for x in 0..<result.width {
                let x0 = 2 * x, x1 = min(2 * x + 1, w - 1)
                out[x] = average4(top[x0], top[x1], bottom[x0], bottom[x1])
            }
        }
        return result
    }

    /// `average4` on eight pixels at once.
    @inline(__always)
    static func average4(_ a: SIMD8<UInt32>, _ b: SIMD8<UInt32>, _ c: SIMD8<UInt32>, _ d: SIMD8<UInt32>) -> SIMD8<UInt32> {
        let m = SIMD8<UInt32>(repeating: 0x00FF_00FF), r = SIMD8<UInt32>(repeating: 0x0002_0002)
        let even = (a & m) &+ (b & m) &+ (c & m) &+ (d & m)
        let odd = (a &>> 8 & m) &+ (b &>> 8 & m) &+ (c &>> 8 & m) &+ (d &>> 8 & m)
        return ((even &+ r) &>> 2) & m | (((odd &+ r) &>> 2) & m) &<< 8
    }

    @inline(__always)
    static func average4(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
        // Two channels per word in 16-bit halves: four sums of 8-bit values never carry across.
        let even = (a & 0x00FF_00FF) &+ (b & 0x00FF_00FF) &+ (c & 0x00FF_00FF) &+ (d & 0x00FF_00FF)
        let odd = (a >> 8 & 0x00FF_00FF) &+ (b >> 8 & 0x00FF_00FF) &+ (c >> 8 & 0x00FF_00FF)
            &+ (d >> 8 & 0x00FF_00FF)
        let e = ((even &+ 0x0002_0002) >> 2) & 0x00FF_00FF
        let o = ((odd &+ 0x0002_0002) >> 2) & 0x00FF_00FF
        return e | o << 8
    }
}
