import Synchronization

/// Mip chains (`MipmappedImage`) of a transition's input frames, shared by the bands of one
/// frame and kept from frame to frame while the caller says the inputs have not changed.
///
/// A chain's halved levels cost more than drawing a flip or a cube face at a grazing angle (a
/// 1920×1080 level 1 is ≈ 20 M instructions to build, the face itself ≈ 13 M), so building them
/// afresh for every frame — and in every band — is most of such a frame's work.
///
/// Entries are keyed by the bitmap's identity (first pixel address, size and row stride) and
/// belong to a *generation*: `begin(generation:)` with the generation of the previous call keeps
/// them, with any other value (or `nil`) drops them. A bitmap's pixels are read when a level is
/// first built, so a caller that writes new pixels into an input must start a new generation
/// before the next frame. An entry keeps its bitmap's memory alive, so an address cannot be
/// reused by another owned bitmap while the entry exists.
///
/// A new generation does not allocate its chains' pixel memory afresh: the buffers of the
/// previous generation's chains (halved levels, transposed copies), when nothing else holds them,
/// are kept for one more generation change and written over by new chains of the same size
/// (`MipmappedImage.Spares`). A live 1920×1080 input redrawn every frame thus reuses its 8 MB
/// transposed copy instead of allocating and zeroing another; buffers no chain took are freed.
///
/// Thread-safe; levels are built once whichever band asks first, and the bytes of a level do
/// not depend on which thread built it.
///
/// ```swift
/// let cache = MipmapCache()
/// cache.begin(generation: 7)           // inputs as of version 7
/// let chain = cache.chain(for: photo)  // same object for every band and every frame of version 7
/// ```
public final class MipmapCache: Sendable {
    private struct Entry: @unchecked Sendable {
        let address: UnsafeMutablePointer<UInt32>
        let size: PixelSize
        let rowStride: Int
        var chain: MipmappedImage

        /// Whether this is the entry of `bitmap`: same first pixel, size and row stride.
        func holds(_ bitmap: Bitmap) -> Bool {
            address == bitmap.baseAddress && size == bitmap.size && rowStride == bitmap.rowStride
        }
    }

    private struct State {
        var generation: Int?
        var entries: [Entry] = []
        /// Buffers of chains of ended generations, each with whether a generation change has
        /// passed since it was taken (then the next one frees it).
        var spares: [(buffers: MipmappedImage.Spares, aged: Bool)] = []
    }

    /// At most this many chains are kept (a transition reads two inputs); the oldest goes first.
    public static let capacity = 4

    private let state = Mutex(State())

    public init() {}

    /// Starts a frame whose inputs are at `generation`. The same non-nil generation as the last
    /// call keeps the cached chains; anything else, `nil` included, drops them (then chains are
    /// shared only by the bands of this frame).
    public func begin(generation: Int?) {
        state.withLock { state in
            if generation == nil || generation != state.generation {
                state.spares.removeAll { $0.aged }
                for i in state.spares.indices { state.spares[i].aged = true }
                // A chain someone still holds keeps its buffers (`isKnownUniquelyReferenced`).
                for i in state.entries.indices where isKnownUniquelyReferenced(&state.entries[i].chain) {
                    let buffers = state.entries[i].chain.takeBuffers()
                    if buffers.count > 0 { state.spares.append((buffers, false)) }
                }
                state.entries.removeAll(keepingCapacity: true)
            }
            state.generation = generation
        }
    }

    /// Drops the chain of `bitmap` (matched by address, size and row stride, as `chain(for:)`
    /// matches), keeping the generation and every other chain: for an owner whose inputs change
    /// at different rates — a transition's fixed snapshot and its live side — which forgets the
    /// live one after each frame instead of starting a new generation. The chain's buffers, when
    /// nothing else holds it, become spares for the next chain of the same size; at most
    /// `capacity` sets of spares are kept, the oldest freed first.
    public func forget(_ bitmap: Bitmap) {
        state.withLock { state in
            guard let i = state.entries.firstIndex(where: { $0.holds(bitmap) }) else { return }
            var entry = state.entries.remove(at: i)
            guard isKnownUniquelyReferenced(&entry.chain) else { return }
            let buffers = entry.chain.takeBuffers()
            guard buffers.count > 0 else { return }
            if state.spares.count >= MipmapCache.capacity { state.spares.removeFirst() }
            state.spares.append((buffers, false))
        }
    }

    /// The chain of `bitmap`, made on first request since the generation began.
    public func chain(for bitmap: Bitmap) -> MipmappedImage {
        state.withLock { state in
            if let found = state.entries.first(where: { $0.holds(bitmap) }) {
                return found.chain
            }
            let made: MipmappedImage
            if let i = state.spares.firstIndex(where: { $0.buffers.size == bitmap.size }) {
                made = MipmappedImage(bitmap, reusing: state.spares.remove(at: i).buffers)
            } else {
                made = MipmappedImage(bitmap)
            }
            if state.entries.count >= MipmapCache.capacity { state.entries.removeFirst() }
            state.entries.append(Entry(address: bitmap.baseAddress, size: bitmap.size, rowStride: bitmap.rowStride,
                                       chain: made))
            return made
        }
    }

    /// How many chains are held now.
    public var count: Int { state.withLock { $0.entries.count } }

    /// How many spare pixel buffers of ended generations are held now.
    package var spareBufferCount: Int { state.withLock { $0.spares.reduce(0) { $0 + $1.buffers.count } } }
}
