// DESIGN NOTE — three centred box passes per axis, 16-bit intermediates, one rounding per pass.
//
// Values travel as UInt16 with 8 fractional bits (coverage · 256), so the five intermediate
// roundings cost at most 5/512 of a coverage step, and only the last pass rounds to 8 bits: the
// total coverage survives to within a fraction of a percent. Every window is centred and odd,
// and every pass rounds its window sum the same way (`divide`), so the blur commutes exactly
// with mirroring in x or y. (The even-width, off-centre boxes of the SVG recipe do not: their
// roundings depend on direction.)
//
// `divide` multiplies by a Float reciprocal and rounds with the 1.5·2²³ trick, which LLVM
// vectorises (an exact integer division does not). The fast path runs every pass down columns,
// streaming whole rows with one running sum per column (O(1) per value, vectorised); the
// horizontal passes run on a transposed copy of the image, and the three passes of each axis
// run in one sweep, the first two keeping only the rows the next one's window needs. The
// reference computes every window sum from scratch, row by row then column by column
// (O(radius) per value), and divides the same way: the two are byte-identical (tests compare
// them on seeded random input).
//
// Measured here (release build, AMD EPYC, no -target-cpu; thread CPU time, best of 5, while
// other builds shared the two cores, so ±15 %), blurring a 1920×1080 image, reused workspace:
//   coverage mask, σ = 2 (radii 1, 1, 2):     fast 10 ms     reference 69–88 ms
//   coverage mask, σ = 8 (radii 7, 7, 8):     fast 9–10 ms   reference 208–217 ms
//   coverage mask, σ = 32 (radii 31, 31, 32): fast 10–15 ms
//   premultiplied bitmap, σ = 8:              fast 31–36 ms
// The first version (running sums along rows, a 64-bit integer division, fresh memory per call)
// took 36 ms for the mask at σ = 8. What paid: the Float reciprocal (the column loops vectorise),
// transposing 16 rows at a time (22 → 12 ms; 32 at a time measured no better), and reusing
// memory instead of page-faulting fresh planes on every call (a third of the time had gone to
// the kernel). Fusing each axis's three passes into one sweep measured the same time as three
// plane-to-plane passes (9–10 ms); it is kept because it needs two planes instead of three and
// writes no intermediate plane, which matters when compositor bands blur side by side. What is
// left is mostly the two transposes and the six passes' arithmetic.

/// The passes behind `CoverageMask.blurred` and `Bitmap.blurred`, over rows of `channels`
/// interleaved UInt16 values (coverage · 256).
enum BoxBlurKernels {
    /// Blurs a `sourceSize` image whose rows `load` writes (as value · 256, `channels` values per
    /// pixel, `sourceSize.width` pixels) into a grown image whose rows `store` receives (rounded
    /// to 0...255, `channels` values per pixel).
    static func run(blur: BoxBlur, sourceSize: PixelSize, channels: Int, kernels: KernelPath,
                    workspace: BlurWorkspace?,
                    load: (_ y: Int, _ row: UnsafeMutablePointer<UInt16>) -> Void,
                    store: (_ y: Int, _ row: UnsafeMutablePointer<UInt16>) -> Void) {
        let e = blur.extent
        let width = sourceSize.width + 2 * e, height = sourceSize.height + 2 * e
        guard width > 0, height > 0 else { return }
        let divisors = blur.radii.map { 2 * $0 + 1 }
        switch kernels {
        case .reference:
            reference(sourceSize: sourceSize, extent: e, channels: channels, radii: blur.radii,
                      divisors: divisors, load: load, store: store)
        case .fast:
            fast(sourceSize: sourceSize, extent: e, channels: channels, radii: blur.radii,
                 divisors: divisors, workspace: workspace ?? BlurWorkspace(), load: load, store: store)
        }
    }

    /// `Float(1 / divisor)`, the factor `divide` takes.
    @inline(__always) static func inverse(_ divisor: Int) -> Float {
        1 / Float(divisor)
    }

    /// `sum · inverse` rounded to nearest (ties to even), for results below 2²².
    @inline(__always) static func divide(_ sum: UInt32, _ inverse: Float) -> UInt16 {
        let scaled = Float(Int32(bitPattern: sum)) * inverse + 12_582_912
        return UInt16(truncatingIfNeeded: scaled.bitPattern)
    }

    private static func reference(sourceSize: PixelSize, extent e: Int, channels: Int, radii: [Int], divisors: [Int],
                                  load: (Int, UnsafeMutablePointer<UInt16>) -> Void,
                                  store: (Int, UnsafeMutablePointer<UInt16>) -> Void) {
        let width = sourceSize.width + 2 * e, height = sourceSize.height + 2 * e
        let n = width * channels
        let a = UnsafeMutablePointer<UInt16>.allocate(capacity: n * height)
        let b = UnsafeMutablePointer<UInt16>.allocate(capacity: n * height)
        defer {
            a.deallocate()
            b.deallocate()
        }
        a.initialize(repeating: 0, count: n * height)
        for y in 0..<sourceSize.height { load(y, a + (y + e) * n + e * channels) }
        var (source, target) = (a, b)
        for pass in 0..<3 {
            let radius = radii[pass], factor = inverse(divisors[pass])
            for y in 0..<height {
                for x in 0..<width {
                    for c in 0..<channels {
                        var sum: UInt32 = 0
                        for k in max(0, x - radius)...min(width - 1, x + radius) {
                            sum += UInt32(source[y * n + k * channels + c])
                        }
                        target[y * n + x * channels + c] = divide(sum, factor)
                    }
                }
            }
            swap(&source, &target)
        }
        for pass in 0..<3 {
            let radius = radii[pass]
            let factor = inverse(pass == 2 ? divisors[pass] * 256 : divisors[pass])
            for y in 0..<height {
                for i in 0..<n {
                    var sum: UInt32 = 0
                    for k in max(0, y - radius)...min(height - 1, y + radius) { sum += UInt32(source[k * n + i]) }
                    target[y * n + i] = divide(sum, factor)
                }
            }
            swap(&source, &target)
        }
        for y in 0..<height { store(y, source + y * n) }
    }

    private static func fast(sourceSize: PixelSize, extent e: Int, channels: Int, radii: [Int], divisors: [Int],
                             workspace: BlurWorkspace,
                             load: (Int, UnsafeMutablePointer<UInt16>) -> Void,
                             store: (Int, UnsafeMutablePointer<UInt16>) -> Void) {
        let width = sourceSize.width + 2 * e, height = sourceSize.height + 2 * e
        let sourceWidth = sourceSize.width, sourceHeight = sourceSize.height
        let n = width * channels
        // The transposed image has `width` rows of `sourceHeight` pixels; planes hold either.
        let transposedRow = sourceHeight * channels
        let planeSize = max(n * height, transposedRow * width, 1)
        let block = transposeBlock
        let widest = max(n, transposedRow, 1)
        let memory = workspace.reserve(planeValues: planeSize,
                                       ringValues: (2 * radii[1] + 2 + 2 * radii[2] + 2) * widest,
                                       blockValues: block * max(n, 1), sums: 3 * widest)
        // The transposed source and then the untransposed image share plane A.
        let (planeA, planeB, planeC) = (memory.planes, memory.planes + planeSize, memory.planes)
        let rows = memory.block, sums = memory.sums, rings = memory.rings
        if transposedRow > 0 {
            // The source transposed, with `e` zero rows (columns of the image) on each side,
            // written `block` source rows at a time so that each write fills part of a line.
            planeA.update(repeating: 0, count: transposedRow * e)
            (planeA + transposedRow * (e + sourceWidth)).update(repeating: 0, count: transposedRow * e)
            let sourceRow = sourceWidth * channels
            for y0 in Swift.stride(from: 0, to: sourceHeight, by: block) {
                let count = min(block, sourceHeight - y0)
                for j in 0..<count { load(y0 + j, rows + j * sourceRow) }
                let column = planeA + (e * transposedRow + y0 * channels)
                if channels == 1 {
                    transposeBlock(rows, into: column, count: count, columns: sourceWidth, stride: sourceHeight)
                } else {
                    transposeBlock(UnsafeMutableRawPointer(rows).assumingMemoryBound(to: UInt64.self),
                                   into: UnsafeMutableRawPointer(column).assumingMemoryBound(to: UInt64.self),
                                   count: count, columns: sourceWidth, stride: sourceHeight)
                }
            }
            let last = inverse(divisors[2])
            threeColumnPasses(planeA, rowLength: transposedRow, rows: width, radii: radii, divisors: divisors,
                              rings: rings, sums: sums) { y, columnSums in
                let out = planeB + y &* transposedRow
                for i in 0..<transposedRow { out[i] = divide(columnSums[i], last) }
            }
        }
        planeC.update(repeating: 0, count: n * e)
        (planeC + n * (e + sourceHeight)).update(repeating: 0, count: n * e)
        for y0 in Swift.stride(from: 0, to: sourceHeight, by: block) {
            let count = min(block, sourceHeight - y0)
            let column = planeB + y0 * channels, target = planeC + (y0 + e) * n
            if channels == 1 {
                untransposeBlock(column, into: target, count: count, columns: width, stride: sourceHeight)
            } else {
                untransposeBlock(UnsafeMutableRawPointer(column).assumingMemoryBound(to: UInt64.self),
                                 into: UnsafeMutableRawPointer(target).assumingMemoryBound(to: UInt64.self),
                                 count: count, columns: width, stride: sourceHeight)
            }
        }
        let last = inverse(divisors[2] * 256)
        threeColumnPasses(planeC, rowLength: n, rows: height, radii: radii, divisors: divisors,
                          rings: rings, sums: sums) { y, columnSums in
            for i in 0..<n { rows[i] = divide(columnSums[i], last) }
            store(y, rows)
        }
    }

    /// Runs three centred box passes down the columns of a plane in one sweep, handing `output`
    /// the third pass's column sums for each row (the caller divides them). The first two passes'
    /// rows live in rings just deep enough for the next pass's window, so the intermediate
    /// planes are never written to memory.
    ///
    /// At step `t` the first pass produces row `t`, the second row `t − r₁` and the third row
    /// `t − r₁ − r₂` (r₁, r₂: the second and third radii); rows outside the plane count as 0 at
    /// every pass.
    private static func threeColumnPasses(_ source: UnsafeMutablePointer<UInt16>, rowLength n: Int, rows: Int,
                                          radii: [Int], divisors: [Int], rings: UnsafeMutablePointer<UInt16>,
                                          sums: UnsafeMutablePointer<UInt32>,
                                          output: (Int, UnsafeMutablePointer<UInt32>) -> Void) {
        let (r0, r1, r2) = (radii[0], radii[1], radii[2])
        let f0 = inverse(divisors[0]), f1 = inverse(divisors[1])
        let depth1 = 2 * r1 + 2, depth2 = 2 * r2 + 2
        let ring1 = rings, ring2 = rings + depth1 * n
        let s0 = sums, s1 = sums + n, s2 = sums + 2 * n
        s0.update(repeating: 0, count: 3 * n)
        @inline(__always) func slot1(_ row: Int) -> UnsafeMutablePointer<UInt16> { ring1 + (row % depth1) &* n }
        @inline(__always) func slot2(_ row: Int) -> UnsafeMutablePointer<UInt16> { ring2 + (row % depth2) &* n }
        // s0 starts as the sum of source rows 0 ..< r0; step t adds row t + r0.
        for k in 0..<min(r0, rows) {
            let add = source + k &* n
            for i in 0..<n { s0[i] &+= UInt32(add[i]) }
        }
        for t in 0..<(rows + r1 + r2) {
            if t < rows {
                let entering = t &+ r0, leaving = t &- r0 &- 1
                if entering < rows {
                    let add = source + entering &* n
                    for i in 0..<n { s0[i] &+= UInt32(add[i]) }
                }
                if leaving >= 0 {
                    let remove = source + leaving &* n
                    for i in 0..<n { s0[i] &-= UInt32(remove[i]) }
                }
                let out = slot1(t)
                for i in 0..<n { out[i] = divide(s0[i], f0) }
                for i in 0..<n { s1[i] &+= UInt32(out[i]) }
            }
            let leaving1 = t &- 2 &* r1 &- 1
            if leaving1 >= 0 && leaving1 < rows {
                let remove = slot1(leaving1)
                for i in 0..<n { s1[i] &-= UInt32(remove[i]) }
            }
            let y1 = t &- r1
            guard y1 >= 0 else { continue }
            if y1 < rows {
                let out = slot2(y1)
                for i in 0..<n { out[i] = divide(s1[i], f1) }
                for i in 0..<n { s2[i] &+= UInt32(out[i]) }
            }
            let leaving2 = y1 &- 2 &* r2 &- 1
            if leaving2 >= 0 && leaving2 < rows {
                let remove = slot2(leaving2)
                for i in 0..<n { s2[i] &-= UInt32(remove[i]) }
            }
            let y2 = y1 &- r2
            if y2 >= 0 && y2 < rows { output(y2, s2) }
        }
    }

    /// Source rows transposed together: each transposed access then covers 16 consecutive values
    /// instead of one. (32, a whole line of one-channel values, measured no better.)
    static let transposeBlock = 16

    /// Writes `count` rows of `columns` pixels (one `Unit` each: UInt16 for one channel, UInt64
    /// for four) as the first `count` pixels of `columns` rows spaced `stride` pixels apart.
    @inline(__always)
    private static func transposeBlock<Unit>(_ rows: UnsafeMutablePointer<Unit>, into target: UnsafeMutablePointer<Unit>,
                                             count: Int, columns: Int, stride: Int) {
        if count == transposeBlock {
            for x in 0..<columns {
                let out = target + x &* stride
                for j in 0..<16 { out[j] = rows[j &* columns &+ x] }
            }
        } else {
            for x in 0..<columns {
                let out = target + x &* stride
                for j in 0..<count { out[j] = rows[j &* columns &+ x] }
            }
        }
    }

    /// The inverse of `transposeBlock`: `count` pixels of each of `columns` rows spaced `stride`
    /// apart become `count` consecutive rows of `columns` pixels.
    @inline(__always)
    private static func untransposeBlock<Unit>(_ source: UnsafeMutablePointer<Unit>, into rows: UnsafeMutablePointer<Unit>,
                                               count: Int, columns: Int, stride: Int) {
        if count == transposeBlock {
            for x in 0..<columns {
                let column = source + x &* stride
                for j in 0..<16 { rows[j &* columns &+ x] = column[j] }
            }
        } else {
            for x in 0..<columns {
                let column = source + x &* stride
                for j in 0..<count { rows[j &* columns &+ x] = column[j] }
            }
        }
    }

}

/// Memory that blurs reuse from one call to the next, so that blurring every frame allocates
/// (and page-faults) nothing in the steady state. Not thread-safe: one per thread or band.
///
///     let workspace = BlurWorkspace()
///     try mask.blur(blur, into: shadowMask, workspace: workspace)
public final class BlurWorkspace {
    private var memory = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 64)
    private var byteCount = 0

    public init() {}

    deinit { memory.deallocate() }

    /// Room for two planes of `planeValues` UInt16, `ringValues` and `blockValues` more UInt16
    /// and `sums` UInt32, grown (never shrunk) as needed.
    func reserve(planeValues: Int, ringValues: Int, blockValues: Int, sums: Int)
        -> (planes: UnsafeMutablePointer<UInt16>, rings: UnsafeMutablePointer<UInt16>,
            block: UnsafeMutablePointer<UInt16>, sums: UnsafeMutablePointer<UInt32>) {
        @inline(__always) func rounded(_ bytes: Int) -> Int { (bytes + 63) & ~63 }
        let planeBytes = rounded(2 * planeValues * 2), ringBytes = rounded(ringValues * 2)
        let blockBytes = rounded(blockValues * 2)
        let needed = planeBytes + ringBytes + blockBytes + rounded(sums * 4)
        if needed > byteCount {
            memory.deallocate()
            memory = UnsafeMutableRawPointer.allocate(byteCount: needed, alignment: 64)
            byteCount = needed
        }
        return (memory.bindMemory(to: UInt16.self, capacity: 2 * planeValues),
                (memory + planeBytes).bindMemory(to: UInt16.self, capacity: ringValues),
                (memory + planeBytes + ringBytes).bindMemory(to: UInt16.self, capacity: blockValues),
                (memory + planeBytes + ringBytes + blockBytes).bindMemory(to: UInt32.self, capacity: sums))
    }
}
