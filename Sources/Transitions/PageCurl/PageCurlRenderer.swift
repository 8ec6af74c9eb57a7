// DESIGN NOTE — one page-curl renderer for curlUp/curlDown, pageCurl/pageUnCurl and the two
// Core Image page curls.
//
// Model: the page (the `from` image, or the part of it inside an extent) lies flat; a cylinder
// of radius R rolls across it in the travel direction d. Along d, with u the distance from the
// page's starting edge (or corner), the page is flat for u ≥ c, wraps half-way round the
// cylinder standing at u = c, and beyond the half turn lies flat again, face down, on top of
// the page: the page point u' shows up on screen at u = 2c − πR − u'. Seen from above (an
// orthographic view, as iOS draws its curl), each screen pixel shows the first of
//   1. the upper half of the cylinder — the back of the page (u in c−R…c),
//   2. the folded-over flat part — the back of the page (u ≥ c),
//   3. the lower half of the cylinder — the front of the page, darker (u in c−R…c),
//   4. the flat page — `from` itself (u ≥ c) — or the page underneath, `to`,
// that exists there, with soft shadows cast by the cylinder onto `to` and by the folded part
// onto the flat page. The back of the page is `from` seen through the paper (so it reads
// mirrored), washed toward white, or an image given for it. c runs from 0 (flat) to past the
// far edge, so progress 0 is exactly `from` and 1 exactly `to`.
//
// The reference evaluates `pixel(x:y:)` everywhere. The fast path cuts each row analytically
// into runs: u is linear along the row, and so is the folded part's page point. Plain copies of
// `to` (beyond the curl's shadow) and `from` (past the folded part and its shadow, and where the
// folded point lies farther from the page than the shadow reaches: a third of the frame in
// mid-curl); the curl's shadow on `to`; the cylinder's core; the folded part's interior; the
// folded part's edge and shadow band. Each run is a small function looping over chunks of eight
// pixels (inside one large function Swift stops inlining even `@inline(__always)` callees), each
// chunk checks its case with lane reductions and hands the rare cases to an out-of-line
// function. Where a chunk mixes cases (the zones around u = c − R and u = c, the edges of the
// folded part and of the curl), `mixedChunk` takes each lane's case as `pixel` decides it,
// computes the colours of the cases present once for all eight lanes, and blends partly covered
// lanes from the same lane values (`ChunkValues`, which `pixel` uses too). Page points at least
// `insideDepth` inside the page are sampled by `Lanes.tapsInside` (no clamps) and `Lanes.sample`
// (each lane's offset extracted once); square roots are one `vsqrtps`. Every lane function is pure per lane,
// so both paths give the same bytes (tests compare them over random geometry and larger frames).
//
// Measured: release, `-target-cpu haswell` (this swiftc rejects `x86-64-v3`, the same ISA
// level), one thread, the speed harness (thread CPU ms per 1920×1080 frame of two photographs,
// best of 3 at progress 0.05 … 0.95), old and new binaries run one after the other twice in the
// same minutes on the shared 2-core machine (load average 2–5, so upper bounds), worst ms:
//   before: curlUp 18.7–19.1, curlDown 19.8–20.2, pageCurl (L/R/T/B) 16.4–18.2 / 20.1–20.7 /
//   20.8–21.0 / 16.6–20.8, pageUnCurl 18.1–18.7 / 20.2–21.0 / 24.5–25.4 / 21.9–23.4,
//   CIPageCurlTransition 9.8–11.6, CIPageCurlWithShadowTransition 13.3–14.7 (medians 7.6–14.4);
//   after: curlUp 7.7–8.5, curlDown 7.8–9.6, pageCurl 7.6 / 8.9–10.5 / 8.5–9.1 / 6.7–8.3,
//   pageUnCurl 6.5–7.4 / 9.3–10.9 / 8.7–9.0 / 6.9–8.0, CIPageCurlTransition 6.7–7.0,
//   CIPageCurlWithShadowTransition 5.6–7.6 (medians 3.9–7.8).
// Instructions per frame (callgrind, curlUp at 0.45, the slowest progress): 120.7 M before,
// 32.5 M after. Where they go now (pageUnCurl, four subtypes at 0.45): the folded interior
// ≈ 40% (≈ 23 instructions a pixel: the bilinear gather and wash), the cylinder ≈ 30%, the
// folded edge and the curl's shadow ≈ 10% each, mixed chunks ≈ 7%. What did not help: 64-bit
// texel-pair loads (slower, as in LaneSampling), 16-bit multiplies for the lerps (slower),
// two chunks per iteration or software pipelining of the offsets (no change in a
// micro-benchmark), a local copy of the frame in each run (no change). Still over 8 ms under
// load at the slowest progress: fromRight (≈ 600 k pixels of reflected bilinear at 0.45),
// fromTop and curlDown (up to 9–11 ms); the rest is at 6.5–8.5 ms.
//
// Second pass (inlining only, same bytes): the coordinate helpers, `curlLight`,
// `pageShadowKeep`, `targetShadowKeep`, `distanceOutside` and `backColorsInside` are
// `@_transparent` (as `@inline(__always)` `curlLight` and `backColorsInside` stayed calls in
// the cylinder loop), and the folded-interior and shadow-band loops are written out (through
// `chunks` their closure stayed out of line once the helpers grew). `inside` stays
// `@inline(__always)`: transparent, it bloated `cylinderEdgeChunk` (curlUp at 0.25: 19.8 M →
// 23.0 M). Callgrind, instructions per frame, before → after: curlUp 0.45 32.5 M → 30.9 M,
// 0.25 19.8 M → 20.1 M, 0.75 14.9 M → 13.9 M; curlDown 0.45 32.7 M → 31.1 M; pageCurl (four
// subtypes, 0.45) 185.2 M → 178.6 M; pageUnCurl 127.4 M → 122.4 M; CIPageCurlWithShadow
// 33.5 M → 32.4 M, CIPageCurl unchanged. Harness, old and new binaries alternated three times
// in two minutes (load 1.6–3.5), worst ms old | new: curlUp 8.1–9.0 | 7.7–8.5, curlDown
// 7.9–10.7 | 7.7–9.1, pageCurl fromRight 8.6–11.3 | 8.1–10.7, fromTop 8.1–10.1 | 7.9–9.6,
// pageUnCurl fromRight 8.0–9.5 | 8.3–10.4, CIPageCurl 5.4–7.2 | 5.2–5.3 (the noise of the
// shared machine is as large as the gain). Tried and dropped: rendering in column strips
// 256 px wide so that the reflected reads (the folded part's page point crosses a source row
// every two pixels, ≈ 40 KB of lines per row) stay in L1: 1–2 ms slower at 0.45/0.55 (each
// strip walks 1 080 rows of three images: TLB misses). Still over 8 ms at the worst progress
// under load: fromRight, fromTop, curlDown; the folded interior (≈ 40 %) is bound by the
// 32 scalar texel loads per chunk.
//
// Third pass (two passes per run, same bytes): the folded interior and the cylinder's core run
// block by block (`CurlPlans`, 256 pixels): first every chunk's taps (and the cylinder's light)
// into scratch, then the texels. In one pass each chunk's loads waited at the end of its chain
// of arithmetic and barely two chunks were in flight; split, the texel pass overlaps its loads
// (the ripple gained the same way). Measured in one process, the variants alternated frame by
// frame (best of 20, thread CPU ms, load ≈ 3), one pass → two passes for the folded interior, at
// 0.45 / 0.55: pageCurl fromLeft 6.28 → 5.62 / 6.16 → 5.04, fromRight 8.26 → 7.05 /
// 8.53 → 7.50, fromTop 7.43 → 6.90 / 7.51 → 6.54, CIPageCurlTransition 5.24 → 4.10 /
// 5.75 → 4.52, CIPageCurlWithShadowTransition 6.19 → 5.00 / 5.73 → 4.40; for the cylinder,
// curlUp 8.56 → 7.85 / 7.95 → 7.56, curlDown 7.63 → 7.47 / 8.27 → 7.83 (others within noise).
// Skipping parts of curlUp's frame at 0.45 (7.0 ms) shows what is left: the cylinder 2.8 ms
// (its texel pass 1.4), the mixed chunks 1.3 ms (≈ 2 500 chunks of ≈ 2 000 instructions, at
// the zones around u = c − R and u = c and at the folded part's and the cylinder's page edges),
// the folded interior 1.7 ms. Reading the texels along the pixel's own row instead (the same
// instructions, coherent memory) made the one-pass folded interior 0.7–1.1 ms faster, about
// what the two passes gained; for the two-pass cylinder it saves 0.1–0.4 ms. What is left is
// bound by the loads and inserts themselves, not by cache misses; huge pages (madvise) gave
// 3–8 % on the one-pass code.
//
// Fourth pass (code generation, same bytes): `CurlPixels.store`'s lane-by-lane tail, inlined,
// made LLVM compute two lanes of the cylinder's light in scalar registers in every chunk, and
// `CurlPixels.load`'s made a vector store, scalar store and vector reload per lane (a failed
// store forwarding each: perf put half of the mixed chunks' samples there); both tails are now
// out of line and branch-free. The plan passes step their lane coordinates; a mixed chunk skips
// the cylinder when all its lanes lie on the folded side, and a half of the curl that covers
// none of its blended lanes. Callgrind, curlUp and the four pageCurl subtypes at 0.45:
// 211.2 M → 204.1 M instructions (the stalls removed do not show there). Timing differences
// of 5 % are below this machine's noise now (the same binary varies by ±10 % between runs).
//
// Fifth pass (instructions): mixed chunks decide their lanes' cases with masks and blend the
// partly covered lanes eight at a time (`blended`, in `Float`; it was per lane in `Double`,
// ≈ 1 000 instructions a chunk through memory), and the cylinder's plan pass also plans chunks
// that only the lower half covers (the upper half's page point off the page, beside the frame's
// edges in a tilted curl), which went through `cylinderEdgeChunk` one case at a time (curlUp at
// 0.45: 3 578 such chunks → 508). `pixel` uses the same `blended`, so both paths still give the
// same bytes; the goldens did not move beyond their tolerance. Callgrind, instructions per frame
// at 0.45, before → after: curlUp 30.6 M → 28.3 M, curlDown 30.5 M → 29.2 M, pageCurl (four
// subtypes and the two Core Image curls) 173.5 M → 165.4 M, pageUnCurl (the same) 118.9 M →
// 114.2 M. Timings across processes on this machine vary by ±15 % (pageCurl fromRight, the
// slower of 0.45 and 0.55, best of 7: 7.1 to 9.6 ms over eight runs of one binary); within one
// process, where a quiet
// spell lasts, the slowest curl frame is 6.1–6.7 ms (pageCurl/pageUnCurl fromRight at 0.45 and
// 0.55). `inside` made transparent in the plan pass doubled that pass's instructions (LLVM split
// the lanes): it stays a call there. Also measured in one process and dropped: the folded
// interior's texel pass run right to left (block by block, chunk by chunk; same bytes): the
// bottom-edge curls 0.5–0.9 ms faster at some progress, fromRight 0.5–1.3 ms slower, so no
// one order wins; 16-bit multiplies in `Lanes.lerp` (weights in both halves, same bytes):
// curls from 3 % slower to 4 % faster, rippleEffect 16 % slower (measured while a CI run
// loaded the other core; Zen 3's `vpmulld` is cheap).
//
// Sixth pass (memory, same bytes): the folded part's and the cylinder's reads were waiting on
// memory. Skipping runs in one process showed it: at 0.45 the folded interior cost pageCurl
// fromRight 2.0 ms and its mirror image fromLeft 0.7 ms, for the same instructions. The plan
// passes now prefetch each chunk's lines (`Lanes.prefetch`: ten `prefetcht0` a chunk) a block
// ahead of the texel pass; +6 % instructions (pageCurl's four subtypes at 0.45: 165.4 M →
// 175.6 M). And curls that travel mostly sideways draw their rows bottom up
// (`rendersBottomUp`). Measured in one process, frames alternated, best of 11 (thread CPU ms,
// 1920×1080), prefetching: pageCurl fromRight at 0.25 / 0.45 / 0.55 / 0.75 −0.61 / −1.12 /
// −1.60 / −0.76, fromTop −0.62 / −1.84 / −1.47 / −0.37, pageUnCurl fromTop at 0.55 −2.30,
// curlUp at 0.45 / 0.55 −1.60 / −1.37, curlDown −1.68 / −2.35; fromLeft, fromBottom and the
// Core Image curls from −0.61 to +0.10. Bottom up, on top of it: pageCurl and pageUnCurl
// fromRight and fromLeft 13 of 16 frames faster by 0.3–1.1 ms (three slower by up to 0.6),
// Core Image curls 15° off horizontal up to 1.1 ms faster. What is left at pageCurl fromRight
// 0.45 (5.3 ms that minute): the folded interior 1.3 ms, the cylinder 1.1, the folded edge 0.5,
// the mixed chunks 0.5, the curl's shadow 0.2, the plain copies and the rest 1.2.

import Geometry
import Raster

/// What the back of the curled page shows.
enum PageBackside: Sendable {
    /// The page's own content seen through the paper: `from` at the same page point (so it
    /// reads mirrored), mixed toward white by `whiteness / 255` (alpha kept, so transparent
    /// parts of the page stay transparent).
    case translucent(whiteness: UInt8)
    /// An image printed on the back, stretched over the page and sampled at the same page point
    /// (Core Image's `inputBacksideImage`).
    case image(Bitmap)
}

/// How light falls across the curl.
enum PageShading: Sendable {
    /// Lambert-like light from above: the curl darkens toward its silhouette.
    case procedural
    /// Brightness read along the middle row of an image of a shaded sphere (Core Image's
    /// `inputShadingImage`): its centre column lights the flat folded part, columns toward the
    /// right edge the curl toward its silhouette.
    case image(Bitmap)
}

/// Everything that fixes how a page curl looks, apart from the two images and the progress.
struct PageCurlStyle: Sendable {
    /// The direction, on screen (y down), in which the curl travels across the page; need not
    /// be normalised, must not be zero. The curl starts at the edge (or corner) farthest
    /// against it.
    var direction: (x: Double, y: Double)
    /// The radius of the curl in pixels (> 0).
    var radius: Double
    /// The sheet that curls; nil for the whole frame. Outside it the frame cross-dissolves from
    /// `from` to `to`, so that progress 0 and 1 still give exactly the two images.
    var page: PixelRect?
    var backside: PageBackside
    var shading: PageShading
    /// The width of the soft shadows in pixels (0 for none).
    var shadowWidth: Double
    /// The darkness of the shadows where they are deepest, 0…1.
    var shadowAmount: Double
    /// Where shadows may fall; nil for anywhere.
    var shadowArea: PixelRect?
}

/// Where a frame's curl line stands.
enum CurlPlacement: Sendable {
    /// At `progress` (0…1) of the whole travel: 0 flat, 1 past the far edge with its shadow.
    case progress(Double)
    /// At `distance` pixels along the travel direction from the page corner (or edge) the curl
    /// starts from (u = c in the design note); the cross-dissolve outside the page takes the
    /// matching fraction of the travel.
    case line(Double)
}

/// Draws page-curl frames; see the design note above.
struct PageCurlRenderer: Sendable {
    let style: PageCurlStyle

    /// Draws the frame at `progress` inside `clip`; `scratch` lends the two-pass runs their plan
    /// buffer, so that nothing is allocated per frame.
    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        render(from: from, to: to, progress: progress, into: destination, clip: clip, kernels: .current, scratch: scratch)
    }

    /// `render` through the chosen implementation; the two give the same bytes. Without
    /// `scratch` (tests) the call makes its own.
    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                kernels: KernelPath, scratch: TransitionScratch = TransitionScratch()) {
        render(from: from, to: to, placement: .progress(progress), into: destination, clip: clip, kernels: kernels,
               scratch: scratch)
    }

    /// `render` with the curl line placed by `placement` (by progress, or at a given distance
    /// along the travel direction); the two kernel paths give the same bytes for either.
    func render(from: Bitmap, to: Bitmap, placement: CurlPlacement, into destination: Bitmap, clip: PixelRect,
                kernels: KernelPath, scratch: TransitionScratch) {
        let area = clip.intersection(destination.bounds)
        guard !area.isEmpty else { return }
        let plans = scratch.laneRows(1, length: CurlPlans.words).base
        let frame = CurlFrame(style: style, from: from, to: to, placement: placement, plans: CurlPlans(plans))
        switch kernels {
        case .reference:
            for y in area.minY..<area.maxY {
                let out = destination.row(y).baseAddress!
                for x in area.minX..<area.maxX { out[x] = frame.pixel(x: x, y: y) }
            }
        case .fast:
            // Rows are independent, so their order changes no byte.
            func draw(_ y: Int) { frame.renderRow(y, from: area.minX, to: area.maxX, into: destination.row(y).baseAddress!) }
            if frame.rendersBottomUp {
                for y in (area.minY..<area.maxY).reversed() { draw(y) }
            } else {
                for y in area.minY..<area.maxY { draw(y) }
            }
        }
    }
}

/// One frame's geometry, precomputed from the style and the progress. Everything that decides a
/// pixel's colour is computed in `Float` by the lane functions (`Lanes` arithmetic, eight pixels
/// at a time); `pixel(x:y:)` evaluates them on one pixel splatted across the lanes.
struct CurlFrame {
    typealias Floats = Lanes.Floats
    typealias Pixels = Lanes.Pixels

    let from: PixelSource, to: PixelSource
    /// The page in pixels, and its bounds as Float.
    let page: PixelRect
    let x0: Float, y0: Float, x1: Float, y1: Float
    /// Unit travel direction, and where u = 0 (the page corner farthest against it).
    let dx: Double, dy: Double, ox: Double, oy: Double
    let dxF: Float, dyF: Float
    /// The curl line, radius, its inverse, πR, and 2c − πR (where the folded part's edge lies).
    let c: Float, r: Float, inverseR: Float, halfTurn: Float, foldEdge: Float
    let shadowWidth: Float, shadowAmount: Float
    let shadowArea: PixelRect?
    /// The backside image and its scale from page pixels, or nil for the translucent page.
    let backsideImage: PixelSource?
    let backsideScale: (x: Float, y: Float)
    let whiteness: UInt32
    /// The shading image, or nil for procedural light.
    let shadingImage: PixelSource?
    /// Brightness of the folded flat part, 0…255 (255: unchanged).
    let flatShade: UInt32
    /// The cross-dissolve weight outside the page, as `Bitmap.mix` rounds it.
    let fadeWeight: UInt32
    /// Where the two-pass runs keep a block's plans.
    let plans: CurlPlans

    init(style: PageCurlStyle, from: Bitmap, to: Bitmap, placement: CurlPlacement, plans: CurlPlans) {
        self.plans = plans
        self.from = PixelSource(from)
        self.to = PixelSource(to)
        let frameRect = PixelRect(size: from.size)
        page = (style.page ?? frameRect).intersection(frameRect)
        let left = Double(page.minX), top = Double(page.minY), right = Double(page.maxX), bottom = Double(page.maxY)
        x0 = Float(left); y0 = Float(top); x1 = Float(right); y1 = Float(bottom)
        let length = (style.direction.x * style.direction.x + style.direction.y * style.direction.y).squareRoot()
        let valid = length > 0 && length.isFinite
        dx = valid ? style.direction.x / length : 0
        dy = valid ? style.direction.y / length : -1
        dxF = Float(dx); dyF = Float(dy)
        ox = dx >= 0 ? left : right
        oy = dy >= 0 ? top : bottom
        let span = abs(dx) * (right - left) + abs(dy) * (bottom - top)
        let radius = max(style.radius, 0.01)
        let shadow = max(0, style.shadowWidth)
        let line: Double, progress: Double
        switch placement {
        case .progress(let fraction):
            progress = fraction
            line = fraction * (span + radius + shadow + 1)
        case .line(let distance):
            line = distance
            progress = min(max(distance / (span + radius + shadow + 1), 0), 1)
        }
        c = Float(line)
        r = Float(radius)
        inverseR = 1 / Float(radius)
        halfTurn = Float(Double.pi * radius)
        foldEdge = Float(2 * line - Double.pi * radius)
        shadowWidth = Float(shadow)
        shadowAmount = Float(min(max(style.shadowAmount, 0), 1))
        shadowArea = style.shadowArea
        switch style.backside {
        case .translucent(let amount):
            backsideImage = nil
            backsideScale = (1, 1)
            whiteness = UInt32(amount)
        case .image(let image):
            backsideImage = PixelSource(image)
            backsideScale = (Float(image.width) / Float(max(right - left, 1)), Float(image.height) / Float(max(bottom - top, 1)))
            whiteness = 0
        }
        switch style.shading {
        case .procedural:
            shadingImage = nil
            flatShade = 255
        case .image(let image):
            shadingImage = PixelSource(image)
            flatShade = UInt32((CurlFrame.brightness(PixelSource(image), column: 0.5) * 255).rounded())
        }
        let fraction = Float(progress)
        fadeWeight = fraction > 0 ? (fraction < 1 ? UInt32((fraction * 255).rounded()) : 255) : 0
    }

    /// Whether the fast path draws the rows bottom up: where the curl travels mostly sideways
    /// (|dx| > 1/√2), the folded part's page point runs against the row (its x falls as x
    /// rises), and the slanted reads of the folded part and the cylinder measure faster with the
    /// rows taken bottom up (in one process, frames alternated, prefetching on: pageCurl and
    /// pageUnCurl fromRight and fromLeft at progress 0.25–0.75 0.3–1.1 ms faster in 13 of 16
    /// frames, three slower by up to 0.6; Core Image curls 15° off horizontal up to 1.1 ms
    /// faster; at 0° no change beyond noise). Where it travels mostly up or down, top down
    /// measured faster (fromTop, fromBottom, curlUp and curlDown: bottom up was up to 0.7 ms
    /// slower). A measured rule, not a derived one: what differs is how the hardware
    /// prefetchers see the two walks.
    var rendersBottomUp: Bool { abs(dx) > 0.5.squareRoot() }

    /// A row's constants: u(x) = ua + ub·x at pixel centres, and the centre's y.
    struct Row {
        let y: Int
        let center: Float
        let ua: Float, ub: Float
    }

    func row(_ y: Int) -> Row {
        Row(y: y, center: Float(y) + 0.5,
            ua: Float((0.5 - ox) * dx + (Double(y) + 0.5 - oy) * dy), ub: Float(dx))
    }

    @_transparent
    func curlCoordinate(_ row: Row, _ x: Floats) -> Floats { row.ua + x * row.ub }

    /// The page points `shift` along d from the pixel centres.
    @_transparent
    func shifted(_ row: Row, _ x: Floats, by shift: Floats) -> (x: Floats, y: Floats) {
        (x + 0.5 + shift * dxF, row.center + shift * dyF)
    }

    /// How far inside the page points lie (negative outside), by the nearest edge along an axis.
    /// Not `@_transparent`, and LLVM often leaves it a call: inlined everywhere it bloated
    /// `cylinderEdgeChunk`, and inlined into the cylinder's plan pass it made LLVM split that
    /// pass's lanes (twice the instructions).
    @inline(__always)
    func inside(_ p: (x: Floats, y: Floats)) -> Floats { insideInline(p) }

    /// `inside`, always inlined: where it pays, in `foldedChunk` (the flat page in the folded
    /// part's shadow), 3 % of that run's instructions.
    @_transparent
    func insideInline(_ p: (x: Floats, y: Floats)) -> Floats {
        Lanes.minimum(Lanes.minimum(p.x - x0, x1 - p.x), Lanes.minimum(p.y - y0, y1 - p.y))
    }

    /// Euclidean distance from points to the page (0 inside).
    @_transparent
    func distanceOutside(_ p: (x: Floats, y: Floats)) -> Floats {
        let zero = Floats(repeating: 0)
        let ex = Lanes.maximum(Lanes.maximum(x0 - p.x, p.x - x1), zero)
        let ey = Lanes.maximum(Lanes.maximum(y0 - p.y, p.y - y1), zero)
        return Lanes.squareRoot(ex * ex + ey * ey)
    }

    /// The folded-over flat part's page points.
    @_transparent
    func foldedPoints(_ row: Row, _ x: Floats) -> (x: Floats, y: Floats) {
        shifted(row, x, by: foldEdge - 2 * curlCoordinate(row, x))
    }

    /// The cylinder's cross-section position s (0 at its top, 1 at its silhouette) and its wrap
    /// length R·asin(s).
    @_transparent
    func cylinder(_ row: Row, _ x: Floats) -> (u: Floats, s: Floats, wrapped: Floats) {
        let u = curlCoordinate(row, x)
        let s = Lanes.clamp((c - u) * inverseR, 0, 1)
        return (u, s, CurlFrame.arcsine(s) * r)
    }

    /// The page points on the cylinder's upper half (the back shows) and lower half (the front).
    @_transparent
    func upperPoints(_ row: Row, _ x: Floats, _ cyl: (u: Floats, s: Floats, wrapped: Floats)) -> (x: Floats, y: Floats) {
        shifted(row, x, by: c - halfTurn + cyl.wrapped - cyl.u)
    }

    @_transparent
    func lowerPoints(_ row: Row, _ x: Floats, _ cyl: (u: Floats, s: Floats, wrapped: Floats)) -> (x: Floats, y: Floats) {
        shifted(row, x, by: c - cyl.wrapped - cyl.u)
    }

    /// The back of the page at page points, unlit.
    @inline(__always)
    func backColors(_ p: (x: Floats, y: Floats)) -> Pixels {
        guard let image = backsideImage else {
            return Lanes.wash(Lanes.bilinear(from, x: p.x, y: p.y), toward: whiteness)
        }
        guard !image.isEmpty else { return Pixels() }
        return Lanes.bilinear(image, x: (p.x - x0) * backsideScale.x, y: (p.y - y0) * backsideScale.y)
    }

    /// `backColors` at page points at least `CurlFrame.insideDepth` inside the page: the same
    /// bytes, sampled without clamps. There `x − 0.5` lies in `1/64 … width − 1 − 1/64` (the page
    /// lies inside `from`), so no lane rounds onto the last column or row and `Lanes.tapsInside`
    /// gives `Lanes.taps`'s taps (the test checks this range).
    @_transparent
    func backColorsInside(_ p: (x: Floats, y: Floats)) -> Pixels {
        guard backsideImage == nil else { return backColors(p) }
        return Lanes.wash(Lanes.sample(from, Lanes.tapsInside(from, x: p.x, y: p.y)), toward: whiteness)
    }

    /// How deep inside the page points must lie for `backColorsInside`.
    static let insideDepth: Float = 0.5 + 1 / 64

    /// The folded-over flat part: the back of the page in the flat light.
    @inline(__always)
    func foldedColors(_ p: (x: Floats, y: Floats)) -> Pixels {
        let color = backColors(p)
        return flatShade == 255 ? color : Lanes.scaleColor(color, by: Pixels(repeating: flatShade))
    }

    /// `foldedColors` at page points at least `insideDepth` inside the page.
    @inline(__always)
    func foldedColorsInside(_ p: (x: Floats, y: Floats)) -> Pixels {
        let color = backColorsInside(p)
        return flatShade == 255 ? color : Lanes.scaleColor(color, by: Pixels(repeating: flatShade))
    }

    /// The light on the curl (0…255) at cross-section positions `s`, on the back (upper half) or
    /// the front (lower half).
    @_transparent
    func curlLight(_ s: Floats, upper: Bool) -> Pixels {
        let light: Floats
        if let image = shadingImage {
            light = CurlFrame.imageLight(image, s, upper: upper)
        } else {
            let facing = Lanes.squareRoot(Lanes.clamp(1 - s * s, 0, 1))
            light = upper ? 0.62 + 0.38 * facing : 0.42 + 0.4 * facing
        }
        return Lanes.roundToInteger(Lanes.clamp(light, 0, 1) * 255)
    }

    /// The shading image's light (0…1) at cross-section positions `s` (out of line, so that
    /// `curlLight` stays small enough to inline).
    @inline(never)
    static func imageLight(_ image: PixelSource, _ s: Floats, upper: Bool) -> Floats {
        var light = Floats()
        for i in 0..<8 { light[i] = Float(CurlFrame.brightness(image, column: 0.5 + 0.5 * Double(s[i]))) }
        return upper ? light : light * 0.7
    }

    @inline(__always)
    func upperColors(_ p: (x: Floats, y: Floats), _ s: Floats) -> Pixels {
        Lanes.scaleColor(backColors(p), by: curlLight(s, upper: true))
    }

    @inline(__always)
    func lowerColors(_ p: (x: Floats, y: Floats), _ s: Floats) -> Pixels {
        Lanes.scaleColor(Lanes.bilinear(from, x: p.x, y: p.y), by: curlLight(s, upper: false))
    }

    /// 1 for lanes whose pixel (x integral) lies where shadows may fall, else 0.
    @_transparent
    func shadowArea(_ row: Row, _ x: Floats) -> Floats {
        guard let area = shadowArea else { return Floats(repeating: 1) }
        guard row.y >= area.minY, row.y < area.maxY else { return Floats(repeating: 0) }
        return Lanes.clamp(x - Float(area.minX - 1), 0, 1) * Lanes.clamp(Float(area.maxX) - x, 0, 1)
    }

    /// What remains (0…255) of `to` under the shadow the curl casts on it.
    @_transparent
    func targetShadowKeep(_ row: Row, _ x: Floats, _ u: Floats) -> Pixels {
        guard shadowWidth > 0, shadowAmount > 0 else { return Pixels(repeating: 255) }
        let gap = Lanes.maximum(c - r - u, Floats(repeating: 0))
        let fall = Lanes.clamp(1 - gap / shadowWidth, 0, 1)
        // Where the silhouette's page point is off the page (beyond a corner), the shadow fades.
        let silhouette = shifted(row, x, by: c - halfTurn * 0.5 - u)
        let reach = Lanes.clamp(1 - distanceOutside(silhouette) / shadowWidth, 0, 1)
        let shadow = shadowAmount * fall * fall * reach * shadowArea(row, x)
        return Lanes.roundToInteger((1 - shadow) * 255)
    }

    /// What remains (0…255) of the flat page under the shadow of the folded-over part.
    @_transparent
    func pageShadowKeep(_ row: Row, _ x: Floats, _ folded: (x: Floats, y: Floats)) -> Pixels {
        guard shadowWidth > 0, shadowAmount > 0 else { return Pixels(repeating: 255) }
        let fall = Lanes.clamp(1 - distanceOutside(folded) / shadowWidth, 0, 1)
        let shadow = 0.6 * shadowAmount * fall * fall * shadowArea(row, x)
        return Lanes.roundToInteger((1 - shadow) * 255)
    }

    /// Brightness (0…1) of the shading image's middle row at `column` (0 left … 1 right).
    static func brightness(_ image: PixelSource, column: Double) -> Double {
        guard !image.isEmpty else { return 1 }
        let x = min(max(Int(column * Double(image.width - 1) + 0.5), 0), image.width - 1)
        let p = image[x, image.height / 2]
        let alpha = Double(p >> 24)
        guard alpha > 0 else { return 0 }
        let luminance = 0.299 * Double(p >> 16 & 0xFF) + 0.587 * Double(p >> 8 & 0xFF) + 0.114 * Double(p & 0xFF)
        return min(luminance / alpha, 1)
    }

    /// arcsin on 0…1 (Abramowitz & Stegun 4.4.45, error below 7·10⁻⁵ rad).
    @inline(__always)
    static func arcsine(_ s: Floats) -> Floats {
        let poly = 1.5707288 + s * (-0.2121144 + s * (0.0742610 + s * -0.0187293))
        return Float.pi / 2 - Lanes.squareRoot(Lanes.clamp(1 - s, 0, 1)) * poly
    }

    /// What `pixel` does with a pixel, decided from the lane functions. For eight pixels the
    /// decision is the case all eight share, found with lane reductions (lane-wise comparisons
    /// compile to lane-by-lane loops through memory); for one pixel splatted across the lanes
    /// it is that pixel's case.
    enum Case: Equatable {
        /// Fully under the folded-over part: its colour.
        case folded
        /// The flat page clear of the folded part: `from`, perhaps in its shadow.
        case page
        /// `to` (beyond the curl's silhouette, or where neither half of the curl has page),
        /// perhaps in the curl's shadow.
        case target
        /// Fully the cylinder's upper half: its colour.
        case upper
        /// Fully the cylinder's lower half, where the upper half has no page: its colour.
        case lower
        /// Partly covered (or, for eight pixels, no shared case): the floating-point layers.
        case blend
    }

    /// The values a case decision and the colours both need.
    struct Geometry {
        var u: Floats
        var folded: (x: Floats, y: Floats)
        var cylinder: (u: Floats, s: Floats, wrapped: Floats)
        var upper: (x: Floats, y: Floats), lower: (x: Floats, y: Floats)
    }

    /// The case eight pixels share, and the geometry behind it.
    @inline(__always)
    func classify(_ row: Row, _ x: Floats) -> (Case, Geometry) {
        let u = curlCoordinate(row, x)
        let zero = (x: Floats(), y: Floats())
        var geometry = Geometry(u: u, folded: zero, cylinder: (u, Floats(), Floats()), upper: zero, lower: zero)
        if Lanes.smallest(u) >= c {
            geometry.folded = foldedPoints(row, x)
            let depth = inside(geometry.folded)
            if Lanes.smallest(depth) >= 0.5 { return (.folded, geometry) }
            if Lanes.largest(depth) <= -0.5 { return (.page, geometry) }
            return (.blend, geometry)
        }
        guard Lanes.largest(u) < c else { return (.blend, geometry) }
        if Lanes.largest(u) <= c - r - 0.5 { return (.target, geometry) }
        geometry.cylinder = cylinder(row, x)
        geometry.upper = upperPoints(row, x, geometry.cylinder)
        geometry.lower = lowerPoints(row, x, geometry.cylinder)
        let upperDepth = inside(geometry.upper), lowerDepth = inside(geometry.lower)
        if Lanes.largest(upperDepth) <= -0.5 && Lanes.largest(lowerDepth) <= -0.5 { return (.target, geometry) }
        if Lanes.smallest(u) >= c - r + 0.5 {
            if Lanes.smallest(upperDepth) >= 0.5 { return (.upper, geometry) }
            if Lanes.largest(upperDepth) <= -0.5 && Lanes.smallest(lowerDepth) >= 0.5 { return (.lower, geometry) }
        }
        return (.blend, geometry)
    }

    /// The colours of eight pixels that share `kind` (not `.blend`), over `fromPixels` and
    /// `toPixels` (the pixels of the two images under them).
    @inline(__always)
    func colors(_ kind: Case, _ geometry: Geometry, _ row: Row, _ x: Floats,
                from fromPixels: Pixels, to toPixels: Pixels) -> Pixels {
        switch kind {
        case .folded: foldedColors(geometry.folded)
        case .page: Lanes.darken(fromPixels, keep: pageShadowKeep(row, x, geometry.folded))
        case .target: Lanes.darken(toPixels, keep: targetShadowKeep(row, x, geometry.u))
        case .upper: upperColors(geometry.upper, geometry.cylinder.s)
        case .lower: lowerColors(geometry.lower, geometry.cylinder.s)
        case .blend: Pixels()
        }
    }

    /// The reference: the colour of pixel (x, y), from the lane functions on one pixel.
    func pixel(x: Int, y: Int) -> UInt32 {
        let fromPixel = from[x, y], toPixel = to[x, y]
        guard page.contains(x: x, y: y) else { return CurlPixels.mix(fromPixel, toPixel, weight: fadeWeight) }
        let row = self.row(y), lanes = Floats(repeating: Float(x))
        let (kind, _) = classify(row, lanes)
        if kind != .blend {
            var geometry = Geometry(u: curlCoordinate(row, lanes), folded: foldedPoints(row, lanes),
                                    cylinder: cylinder(row, lanes), upper: (Floats(), Floats()), lower: (Floats(), Floats()))
            geometry.upper = upperPoints(row, lanes, geometry.cylinder)
            geometry.lower = lowerPoints(row, lanes, geometry.cylinder)
            return colors(kind, geometry, row, lanes, from: Pixels(repeating: fromPixel),
                          to: Pixels(repeating: toPixel))[0]
        }
        let cyl = cylinder(row, lanes), folded = foldedPoints(row, lanes)
        let upper = upperPoints(row, lanes, cyl), lower = lowerPoints(row, lanes, cyl)
        let values = ChunkValues(
            u: curlCoordinate(row, lanes), foldedDepth: inside(folded), upperDepth: inside(upper), lowerDepth: inside(lower),
            foldedColor: foldedColors(folded),
            pageColor: Lanes.darken(Pixels(repeating: fromPixel), keep: pageShadowKeep(row, lanes, folded)),
            upperColor: upperColors(upper, cyl.s), lowerColor: lowerColors(lower, cyl.s),
            targetColor: Lanes.darken(Pixels(repeating: toPixel), keep: targetShadowKeep(row, lanes, curlCoordinate(row, lanes))))
        return blended(values)[0]
    }

    /// What deciding and colouring eight pixels takes, as lanes (a colour that no lane needs
    /// may be left zero): the depths of the page points inside the page, and the colours of the
    /// folded part, of the flat page and of `to` in their shadows, and of the cylinder's halves.
    struct ChunkValues {
        var u: Floats, foldedDepth: Floats, upperDepth: Floats, lowerDepth: Floats
        var foldedColor: Pixels, pageColor: Pixels, upperColor: Pixels, lowerColor: Pixels, targetColor: Pixels
    }

    /// Partly covered pixels, eight lanes at once: the page layers above the flat page (the
    /// folded part over `pageColor`) or above `to` (the cylinder's upper half, then its lower
    /// half, over `targetColor`), each covering the fraction of the pixel by which its page
    /// point lies inside the page (and the upper and lower halves the fraction inside the
    /// silhouette), accumulated front to back in `Float` and rounded to nearest, colour channels
    /// kept at most alpha. A layer that covers nothing adds nothing, whatever its colour.
    @inline(__always)
    func blended(_ v: ChunkValues) -> Pixels {
        let folds = v.u .>= c
        let silhouette = Lanes.clamp(v.u - (c - r) + 0.5, 0, 1).replacing(with: 1, where: folds)
        let coverFront = Lanes.clamp(v.upperDepth.replacing(with: v.foldedDepth, where: folds) + 0.5, 0, 1) * silhouette
        let coverBack = (Lanes.clamp(v.lowerDepth + 0.5, 0, 1) * silhouette).replacing(with: 0, where: folds)
        let foldLanes = CurlLanes.bits(folds)
        let front = CurlLanes.select(foldLanes, v.foldedColor, else: v.upperColor), back = v.lowerColor
        let base = CurlLanes.select(foldLanes, v.pageColor, else: v.targetColor)
        let zero = Floats(repeating: 0)
        let frontKeeps = Lanes.maximum(1 - coverFront * CurlLanes.channel(front, 24) / 255, zero)
        let backWeight = frontKeeps * coverBack
        let baseWeight = Lanes.maximum(frontKeeps - backWeight * CurlLanes.channel(back, 24) / 255, zero)
        let weights = (front: coverFront, back: backWeight, base: baseWeight)
        let alpha = CurlLanes.roundedWhole(Lanes.clamp(CurlLanes.layered(front, back, base, weights, 24), 0, 255))
        let red = Lanes.minimum(Lanes.clamp(CurlLanes.layered(front, back, base, weights, 16), 0, 255), alpha)
        let green = Lanes.minimum(Lanes.clamp(CurlLanes.layered(front, back, base, weights, 8), 0, 255), alpha)
        let blue = Lanes.minimum(Lanes.clamp(CurlLanes.layered(front, back, base, weights, 0), 0, 255), alpha)
        return Lanes.roundToInteger(alpha) &<< 24 | Lanes.roundToInteger(red) &<< 16 | Lanes.roundToInteger(green) &<< 8
            | Lanes.roundToInteger(blue)
    }

    /// The fast path for one row. u is linear along the row, and so is the folded part's page
    /// point, so the row splits analytically into runs: plain copies of `to` and `from` where
    /// `pixel` provably gives them (beyond the curl's shadow; past the folded part and its
    /// shadow, or where its page point is farther from the page than its shadow reaches), the
    /// curl's shadow on `to`, the cylinder's core, the folded part's interior, and the folded
    /// part's edge and shadow band. Each run's chunk of eight pixels checks its case with lane
    /// reductions; a chunk that mixes cases (the narrow zones around u = c − R and u = c, the
    /// folded part's edges) takes each lane's case as `pixel` decides it, and blends the partly
    /// covered lanes with `pixel`'s own `blended`.
    func renderRow(_ y: Int, from xStart: Int, to xEnd: Int, into out: UnsafeMutablePointer<UInt32>) {
        let fromRow = from.base + y * from.rowStride, toRow = to.base + y * to.rowStride
        guard y >= page.minY, y < page.maxY else {
            CurlPixels.mixRow(out + xStart, fromRow + xStart, toRow + xStart, count: xEnd - xStart, weight: fadeWeight)
            return
        }
        let pageStart = max(xStart, page.minX), pageEnd = min(xEnd, page.maxX)
        if xStart < pageStart {
            let end = min(pageStart, xEnd)
            CurlPixels.mixRow(out + xStart, fromRow + xStart, toRow + xStart, count: end - xStart, weight: fadeWeight)
        }
        if pageEnd < xEnd {
            let first = max(pageEnd, xStart)
            CurlPixels.mixRow(out + first, fromRow + first, toRow + first, count: xEnd - first, weight: fadeWeight)
        }
        guard pageStart < pageEnd else { return }
        let row = self.row(y)
        let a = Double(row.ua), b = Double(row.ub)
        // Every threshold on u keeps a margin for the Float rounding of u.
        let margin = 1e-4 * (abs(a) + abs(b) * Double(pageEnd) + Double(abs(c)) + Double(halfTurn)) + 1e-3
        // Below `plainTarget` `pixel` returns `to` unchanged; below `bandEnd` `to` in the curl's
        // shadow; from `coreStart` to `coreEnd` the cylinder (either half, or neither); above
        // `foldedFrom` the folded part or the flat page; above `plainPage` `from` unchanged.
        let plainTarget = Double(min(c - r - shadowWidth, c - r - 0.5)) - margin
        let bandEnd = Double(c - r - 0.5) - margin
        let coreStart = Double(c - r + 0.5) + margin, coreEnd = Double(c) - margin
        let foldedFrom = Double(c) + margin
        let plainPage = Double(max(c, foldEdge + max(shadowWidth, 1))) + margin
        // The folded part's page point, linear along the row: its interior lies `insideDepth`
        // (and a margin) inside the page; outside `near`, farther from the page than its shadow
        // reaches (and than half a pixel), `pixel` gives `from` unchanged.
        let shift0 = Double(foldEdge) - 2 * a
        let folded = (x: 0.5 + shift0 * dx, y: Double(y) + 0.5 + shift0 * dy, stepX: 1 - 2 * b * dx, stepY: -2 * b * dy)
        let depth = Double(CurlFrame.insideDepth)
        let interior = CurlSpans.interval(folded, Double(x0) + depth, Double(y0) + depth, Double(x1) - depth,
                                          Double(y1) - depth, margin: margin)
        let reach = Double(max(shadowWidth, 0.5))
        let near = CurlSpans.interval(folded, Double(x0) - reach, Double(y0) - reach, Double(x1) + reach, Double(y1) + reach,
                                      margin: -margin)
        var x = pageStart
        while x < pageEnd {
            let here = a + b * Double(x)
            if here > plainPage {
                let end = CurlSpans.end(from: x, limit: pageEnd, a: a, b: b) { $0 > plainPage }
                (out + x).update(from: fromRow + x, count: end - x)
                x = end
                continue
            }
            if here > foldedFrom {
                var end = b < 0 ? CurlSpans.end(from: x, limit: pageEnd, a: a, b: b) { $0 > foldedFrom } : pageEnd
                if interior.contains(x) {
                    end = min(end, interior.upperBound)
                    foldedInteriorRun(row, x, end, out)
                } else if !near.contains(x) {
                    if x < near.lowerBound { end = min(end, near.lowerBound) }
                    (out + x).update(from: fromRow + x, count: end - x)
                } else {
                    if x < interior.lowerBound { end = min(end, interior.lowerBound) }
                    end = min(end, near.upperBound)
                    foldedEdgeRun(row, x, end, fromRow, toRow, out)
                }
                x = end
                continue
            }
            if here < plainTarget {
                let end = CurlSpans.end(from: x, limit: pageEnd, a: a, b: b) { $0 < plainTarget }
                (out + x).update(from: toRow + x, count: end - x)
                x = end
                continue
            }
            if here < bandEnd {
                let end = CurlSpans.end(from: x, limit: pageEnd, a: a, b: b) { $0 < bandEnd && $0 >= plainTarget }
                shadowBandRun(row, x, end, toRow, out)
                x = end
                continue
            }
            if here >= coreStart && here < coreEnd {
                let end = CurlSpans.end(from: x, limit: pageEnd, a: a, b: b) { $0 >= coreStart && $0 < coreEnd }
                cylinderRun(row, x, end, fromRow, toRow, out)
                x = end
                continue
            }
            // The narrow zones around u = c − R and u = c.
            let zone: (low: Double, high: Double) = here < coreStart && coreStart < coreEnd
                ? (bandEnd, coreStart) : (coreStart < coreEnd ? coreEnd : bandEnd, foldedFrom)
            let end = CurlSpans.end(from: x, limit: min(x + 8, pageEnd), a: a, b: b) { $0 >= zone.low && $0 <= zone.high }
            mixedChunk(row, x, max(end - x, 1), fromRow, toRow, out)
            x += max(end - x, 1)
        }
    }

    // The runs, each a small function so that the lane functions inline into its loop (inside
    // one large function the optimiser stops inlining, even `@inline(__always)`).

    /// The folded part's interior, x ..< end.
    @inline(never)
    func foldedInteriorRun(_ row: Row, _ start: Int, _ end: Int, _ out: UnsafeMutablePointer<UInt32>) {
        guard backsideImage == nil else {
            // The loop written out: through `chunks` the optimiser kept the closure out of line.
            var x = start
            while x < end {
                let n = min(8, end - x)
                CurlPixels.store(foldedColorsInside(foldedPoints(row, lanes(x, n))), to: out + x, n)
                x += n
            }
            return
        }
        // `foldedColorsInside` in two passes per block: the taps, then the texels.
        var block = start
        while block < end {
            let blockEnd = min(block + CurlPlans.block, end)
            var x = block, i = 0, xs = Floats(repeating: Float(block)) + Lanes.iota
            let last = Floats(repeating: Float(blockEnd - 1))
            while x < blockEnd {
                // `lanes(x, min(8, blockEnd − x))`, stepped.
                let points = foldedPoints(row, Lanes.minimum(xs, last))
                xs += 8
                let taps = Lanes.tapsInside(from, x: points.x, y: points.y)
                Lanes.prefetch(from, taps)
                plans.keep(taps, at: i)
                x += 8; i += 8
            }
            x = block; i = 0
            while x < blockEnd {
                let color = Lanes.wash(Lanes.sample(from, plans.taps(at: i)), toward: whiteness)
                let shaded = flatShade == 255 ? color : Lanes.scaleColor(color, by: Pixels(repeating: flatShade))
                CurlPixels.store(shaded, to: out + x, min(8, blockEnd - x))
                x += 8; i += 8
            }
            block = blockEnd
        }
    }

    /// Pixels whose u lies above c near the folded part's edge, x ..< end.
    @inline(never)
    func foldedEdgeRun(_ row: Row, _ start: Int, _ end: Int, _ fromRow: UnsafeMutablePointer<UInt32>,
                       _ toRow: UnsafeMutablePointer<UInt32>, _ out: UnsafeMutablePointer<UInt32>) {
        CurlFrame.chunks(start, end) { x, n in foldedChunk(row, x, n, fromRow, toRow, out) }
    }

    /// `to` in the curl's shadow (u at most c − R − ½), x ..< end.
    @inline(never)
    func shadowBandRun(_ row: Row, _ start: Int, _ end: Int, _ toRow: UnsafeMutablePointer<UInt32>,
                       _ out: UnsafeMutablePointer<UInt32>) {
        var x = start
        while x < end {
            let n = min(8, end - x)
            let lanes = self.lanes(x, n), keep = targetShadowKeep(row, lanes, curlCoordinate(row, lanes))
            CurlPixels.store(Lanes.darken(CurlPixels.load(toRow + x, n), keep: keep), to: out + x, n)
            x += n
        }
    }

    /// The cylinder's core (u in c − R + ½ … c), x ..< end.
    @inline(never)
    func cylinderRun(_ row: Row, _ start: Int, _ end: Int, _ fromRow: UnsafeMutablePointer<UInt32>,
                     _ toRow: UnsafeMutablePointer<UInt32>, _ out: UnsafeMutablePointer<UInt32>) {
        guard backsideImage == nil else {
            return CurlFrame.chunks(start, end) { x, n in cylinderChunk(row, x, n, fromRow, toRow, out) }
        }
        // `cylinderChunk` in two passes per block: the geometry, taps and light of the chunks
        // that the upper half covers comfortably, or else the lower half alone (where the upper
        // half's page point has left the page), the others marked; then their texels, and
        // `cylinderEdgeChunk` for the marked ones.
        var block = start
        while block < end {
            let blockEnd = min(block + CurlPlans.block, end)
            var x = block, i = 0, xs = Floats(repeating: Float(block)) + Lanes.iota
            let last = Floats(repeating: Float(blockEnd - 1))
            while x < blockEnd {
                // `lanes(x, min(8, blockEnd − x))`, stepped.
                let lanes = Lanes.minimum(xs, last)
                xs += 8
                let cyl = cylinder(row, lanes), upper = upperPoints(row, lanes, cyl), upperDepth = inside(upper)
                if Lanes.smallest(upperDepth) >= CurlFrame.insideDepth {
                    let taps = Lanes.tapsInside(from, x: upper.x, y: upper.y)
                    Lanes.prefetch(from, taps)
                    plans.keep(taps, light: curlLight(cyl.s, upper: true), at: i, as: .upper)
                } else if Lanes.largest(upperDepth) <= -0.5, case let lower = lowerPoints(row, lanes, cyl),
                          Lanes.smallest(inside(lower)) >= CurlFrame.insideDepth {
                    let taps = Lanes.tapsInside(from, x: lower.x, y: lower.y)
                    Lanes.prefetch(from, taps)
                    plans.keep(taps, light: curlLight(cyl.s, upper: false), at: i, as: .lower)
                } else {
                    plans.markEdge(at: i)
                }
                x += 8; i += 8
            }
            x = block; i = 0
            while x < blockEnd {
                let n = min(8, blockEnd - x)
                switch plans.half(at: i) {
                case .upper:
                    let color = Lanes.wash(Lanes.sample(from, plans.taps(at: i)), toward: whiteness)
                    CurlPixels.store(Lanes.scaleColor(color, by: plans.light(at: i)), to: out + x, n)
                case .lower:
                    CurlPixels.store(Lanes.scaleColor(Lanes.sample(from, plans.taps(at: i)), by: plans.light(at: i)),
                                     to: out + x, n)
                case .edge:
                    cylinderEdgeChunk(row, x, n, fromRow, toRow, out)
                }
                x += 8; i += 8
            }
            block = blockEnd
        }
    }

    /// `body(x, n)` for the chunks of at most eight pixels that tile start ..< end.
    @inline(__always)
    static func chunks(_ start: Int, _ end: Int, _ body: (Int, Int) -> Void) {
        var x = start
        while x < end {
            let n = min(8, end - x)
            body(x, n)
            x += n
        }
    }

    /// Lanes for `count` (1…8) pixels from x; lanes past `count` repeat the last pixel, so that
    /// they do not change a chunk's case.
    @inline(__always)
    func lanes(_ x: Int, _ count: Int) -> Floats {
        Floats(repeating: Float(x)) + Lanes.minimum(Lanes.iota, Floats(repeating: Float(count - 1)))
    }

    /// Up to eight pixels whose u lies above c: the flat page in the folded part's shadow, or
    /// (out of line, so that this stays small enough for its callees to inline) the rest.
    @inline(__always)
    func foldedChunk(_ row: Row, _ x: Int, _ count: Int, _ fromRow: UnsafeMutablePointer<UInt32>,
                     _ toRow: UnsafeMutablePointer<UInt32>, _ out: UnsafeMutablePointer<UInt32>) {
        let lanes = self.lanes(x, count)
        let points = foldedPoints(row, lanes)
        guard Lanes.largest(insideInline(points)) <= -0.5 else { return foldedEdgeChunk(row, x, count, fromRow, toRow, out) }
        let keep = pageShadowKeep(row, lanes, points)
        CurlPixels.store(Lanes.darken(CurlPixels.load(fromRow + x, count), keep: keep), to: out + x, count)
    }

    /// `foldedChunk` where some page point lies less than half a pixel outside the page.
    @inline(never)
    func foldedEdgeChunk(_ row: Row, _ x: Int, _ count: Int, _ fromRow: UnsafeMutablePointer<UInt32>,
                         _ toRow: UnsafeMutablePointer<UInt32>, _ out: UnsafeMutablePointer<UInt32>) {
        let points = foldedPoints(row, lanes(x, count))
        guard Lanes.smallest(inside(points)) >= 0.5 else { return mixedChunk(row, x, count, fromRow, toRow, out) }
        CurlPixels.store(foldedColors(points), to: out + x, count)
    }

    /// Up to eight pixels whose u lies in c − R + ½ … c: where the upper half covers them all
    /// comfortably, its colours; the rest out of line.
    @inline(__always)
    func cylinderChunk(_ row: Row, _ x: Int, _ count: Int, _ fromRow: UnsafeMutablePointer<UInt32>,
                       _ toRow: UnsafeMutablePointer<UInt32>, _ out: UnsafeMutablePointer<UInt32>) {
        let lanes = self.lanes(x, count)
        let cyl = cylinder(row, lanes), upper = upperPoints(row, lanes, cyl)
        guard Lanes.smallest(inside(upper)) >= CurlFrame.insideDepth else {
            return cylinderEdgeChunk(row, x, count, fromRow, toRow, out)
        }
        let color = Lanes.scaleColor(backColorsInside(upper), by: curlLight(cyl.s, upper: true))
        CurlPixels.store(color, to: out + x, count)
    }

    /// `cylinderChunk` where the upper half does not cover every pixel comfortably: the upper
    /// half's colours where it covers them all, else where it covers none of them the lower
    /// half's or `to` in the curl's shadow, else `mixedChunk`.
    @inline(never)
    func cylinderEdgeChunk(_ row: Row, _ x: Int, _ count: Int, _ fromRow: UnsafeMutablePointer<UInt32>,
                           _ toRow: UnsafeMutablePointer<UInt32>, _ out: UnsafeMutablePointer<UInt32>) {
        let lanes = self.lanes(x, count)
        let cyl = cylinder(row, lanes), upper = upperPoints(row, lanes, cyl), upperDepth = inside(upper)
        if Lanes.smallest(upperDepth) >= 0.5 { return CurlPixels.store(upperColors(upper, cyl.s), to: out + x, count) }
        if Lanes.largest(upperDepth) <= -0.5 {
            let lower = lowerPoints(row, lanes, cyl), lowerDepth = inside(lower)
            if Lanes.smallest(lowerDepth) >= 0.5 { return CurlPixels.store(lowerColors(lower, cyl.s), to: out + x, count) }
            if Lanes.largest(lowerDepth) <= -0.5 {
                let keep = targetShadowKeep(row, lanes, cyl.u)
                return CurlPixels.store(Lanes.darken(CurlPixels.load(toRow + x, count), keep: keep), to: out + x, count)
            }
        }
        mixedChunk(row, x, count, fromRow, toRow, out)
    }

    /// Up to eight pixels of any cases: each lane's case as `pixel` decides it (the lane
    /// functions are pure per lane, so lane i of an eight-wide evaluation is pixel i's value),
    /// with the colours that the cases present need computed once for all eight, and the lanes
    /// chosen by masks.
    @inline(never)
    func mixedChunk(_ row: Row, _ x: Int, _ count: Int, _ fromRow: UnsafeMutablePointer<UInt32>,
                    _ toRow: UnsafeMutablePointer<UInt32>, _ out: UnsafeMutablePointer<UInt32>) {
        let lanes = self.lanes(x, count)
        let u = curlCoordinate(row, lanes), folded = foldedPoints(row, lanes)
        // The cylinder's values only matter to lanes below c (left zero when none is).
        let onCylinder = Lanes.smallest(u) < c
        let cyl = onCylinder ? cylinder(row, lanes) : (u: u, s: Floats(), wrapped: Floats())
        let upper = onCylinder ? upperPoints(row, lanes, cyl) : (x: Floats(), y: Floats())
        let lower = onCylinder ? lowerPoints(row, lanes, cyl) : (x: Floats(), y: Floats())
        var v = ChunkValues(u: u, foldedDepth: inside(folded), upperDepth: onCylinder ? inside(upper) : Floats(),
                            lowerDepth: onCylinder ? inside(lower) : Floats(), foldedColor: Pixels(), pageColor: Pixels(),
                            upperColor: Pixels(), lowerColor: Pixels(), targetColor: Pixels())
        let cases = CurlLanes.Cases(v, c: c, r: r)
        let foldSideBlends = cases.blend & cases.foldSide, cylinderBlends = cases.blend & ~cases.foldSide
        // A half adds nothing to a blended lane it does not cover (see `blended`).
        if CurlLanes.any(cases.folded | foldSideBlends) { v.foldedColor = foldedColors(folded) }
        if CurlLanes.any(cases.page | foldSideBlends) {
            v.pageColor = Lanes.darken(CurlPixels.load(fromRow + x, count), keep: pageShadowKeep(row, lanes, folded))
        }
        if CurlLanes.any(cases.target | cylinderBlends) {
            v.targetColor = Lanes.darken(CurlPixels.load(toRow + x, count), keep: targetShadowKeep(row, lanes, v.u))
        }
        if CurlLanes.any(cases.upper | cylinderBlends & CurlLanes.bits(v.upperDepth .> -0.5)) {
            v.upperColor = upperColors(upper, cyl.s)
        }
        if CurlLanes.any(cases.lower | cylinderBlends & CurlLanes.bits(v.lowerDepth .> -0.5)) {
            v.lowerColor = lowerColors(lower, cyl.s)
        }
        var result = CurlLanes.any(cases.blend) ? blended(v) : Pixels()
        result = CurlLanes.select(cases.folded, v.foldedColor, else: result)
        result = CurlLanes.select(cases.page, v.pageColor, else: result)
        result = CurlLanes.select(cases.target, v.targetColor, else: result)
        result = CurlLanes.select(cases.upper, v.upperColor, else: result)
        result = CurlLanes.select(cases.lower, v.lowerColor, else: result)
        CurlPixels.store(result, to: out + x, count)
    }
}

/// Lane masks for the page curl's mixed chunks: a lane is all ones where a comparison holds.
enum CurlLanes {
    typealias Pixels = Lanes.Pixels
    typealias Floats = Lanes.Floats

    /// The mask of a `Float` comparison as bits.
    @inline(__always)
    static func bits(_ mask: SIMDMask<SIMD8<Int32>>) -> Pixels { unsafeBitCast(mask, to: Pixels.self) }

    /// Whether any lane of `mask` is set (a reduction over four words; `any()` goes through
    /// memory lane by lane).
    @inline(__always)
    static func any(_ mask: Pixels) -> Bool {
        let q = unsafeBitCast(mask, to: SIMD4<UInt64>.self)
        return q[0] | q[1] | q[2] | q[3] != 0
    }

    /// `a` where `mask` is set, else `b`.
    @inline(__always)
    static func select(_ mask: Pixels, _ a: Pixels, else b: Pixels) -> Pixels { a & mask | b & ~mask }

    /// The byte at `shift` of every lane, as a `Float` (through the 2²³ mantissa trick).
    @inline(__always)
    static func channel(_ p: Pixels, _ shift: UInt32) -> Floats {
        unsafeBitCast(p &>> shift & 0xFF | 0x4B00_0000, to: Floats.self) - 8_388_608
    }

    /// The channel at `shift` of three layers, weighted and summed.
    @_transparent
    static func layered(_ front: Pixels, _ back: Pixels, _ base: Pixels, _ weights: (front: Floats, back: Floats, base: Floats),
                        _ shift: UInt32) -> Floats {
        channel(front, shift) * weights.front + channel(back, shift) * weights.back + channel(base, shift) * weights.base
    }

    /// Lanes in 0…2²² rounded to the nearest whole number (ties to even), still as `Float`.
    @inline(__always)
    static func roundedWhole(_ v: Floats) -> Floats { v + 12_582_912 - 12_582_912 }

    /// Each lane's case as `CurlFrame.classify` decides it for one pixel: `.folded`, `.page`,
    /// `.target`, `.upper`, `.lower`, and `.blend` where none holds (a NaN included).
    struct Cases {
        var folded: Pixels, page: Pixels, target: Pixels, upper: Pixels, lower: Pixels, blend: Pixels
        /// The lanes at or beyond the curl line (u ≥ c).
        var foldSide: Pixels

        @inline(__always)
        init(_ v: CurlFrame.ChunkValues, c: Float, r: Float) {
            foldSide = bits(v.u .>= c)
            folded = foldSide & bits(v.foldedDepth .>= 0.5)
            page = foldSide & bits(v.foldedDepth .<= -0.5)
            let below = bits(v.u .< c)
            let bare = bits(v.upperDepth .<= -0.5) & bits(v.lowerDepth .<= -0.5)
            target = below & (bits(v.u .<= c - r - 0.5) | bare)
            let core = below & ~target & bits(v.u .>= c - r + 0.5)
            upper = core & bits(v.upperDepth .>= 0.5)
            lower = core & bits(v.upperDepth .<= -0.5) & bits(v.lowerDepth .>= 0.5)
            blend = ~(folded | page | target | upper | lower)
        }
    }
}

/// A block of a two-pass run's plans in scratch memory: for each chunk of eight pixels its
/// bilinear taps, and for the cylinder its light or a mark that the chunk is drawn one pixel
/// case at a time. Planning a block's chunks first and sampling them after lets the core overlap
/// the chunks' texel loads, which in one pass wait at the end of each chunk's chain of
/// arithmetic (see the design note).
struct CurlPlans {
    /// Pixels per block: the plans (3 KB) stay in L1 beside the texels they address.
    static var block: Int { 256 }
    /// The scratch words a block takes: offsets, weights and lights per pixel, a mark per chunk.
    static var words: Int { 3 * block + block / 8 }

    let offsets: UnsafeMutableRawPointer, weights: UnsafeMutableRawPointer, lights: UnsafeMutableRawPointer
    /// A `Half` per chunk.
    let marks: UnsafeMutablePointer<UInt32>

    init(_ base: UnsafeMutablePointer<UInt32>) {
        offsets = UnsafeMutableRawPointer(base)
        weights = offsets + 4 * CurlPlans.block
        lights = weights + 4 * CurlPlans.block
        marks = base + 3 * CurlPlans.block
    }

    /// Keeps the taps of the chunk at pixel `i` of the block (a multiple of 8).
    @inline(__always)
    func keep(_ taps: Lanes.Taps, at i: Int) {
        offsets.storeBytes(of: taps.offset, toByteOffset: 4 * i, as: Lanes.Pixels.self)
        weights.storeBytes(of: taps.wx | taps.wy &<< 16, toByteOffset: 4 * i, as: Lanes.Pixels.self)
    }

    /// What a cylinder chunk's plan draws.
    enum Half: UInt32 {
        /// The upper half (the back of the page, washed), from the kept taps and light.
        case upper
        /// The lower half (the front of the page), from the kept taps and light.
        case lower
        /// Nothing kept: the chunk is drawn one pixel case at a time.
        case edge
    }

    @inline(__always)
    func keep(_ taps: Lanes.Taps, light: Lanes.Pixels, at i: Int, as half: Half) {
        keep(taps, at: i)
        lights.storeBytes(of: light, toByteOffset: 4 * i, as: Lanes.Pixels.self)
        marks[i / 8] = half.rawValue
    }

    @inline(__always)
    func markEdge(at i: Int) { marks[i / 8] = Half.edge.rawValue }

    @inline(__always)
    func half(at i: Int) -> Half { Half(rawValue: marks[i / 8]) ?? .edge }

    @inline(__always)
    func taps(at i: Int) -> Lanes.Taps {
        let packed = weights.loadUnaligned(fromByteOffset: 4 * i, as: Lanes.Pixels.self)
        return Lanes.Taps(offset: offsets.loadUnaligned(fromByteOffset: 4 * i, as: Lanes.Pixels.self),
                          wx: packed & Lanes.Pixels(repeating: 0xFFFF), wy: packed &>> 16)
    }

    @inline(__always)
    func light(at i: Int) -> Lanes.Pixels { lights.loadUnaligned(fromByteOffset: 4 * i, as: Lanes.Pixels.self) }
}

/// Scalar pixel helpers of the page curl.
enum CurlPixels {
    /// `count` (1…8) pixels into lanes; the rest zero.
    @inline(__always)
    static func load(_ p: UnsafeMutablePointer<UInt32>, _ count: Int) -> Lanes.Pixels {
        if count == 8 { return UnsafeRawPointer(p).loadUnaligned(as: Lanes.Pixels.self) }
        return loadPart(p, count)
    }

    /// `load` of fewer than eight pixels: every lane reads a pixel that exists (lane i the
    /// pixel min(i, count − 1)) and the lanes past `count` are then zeroed. Setting lanes one
    /// by one instead compiled to a vector store, a scalar store and a vector reload per lane,
    /// each reload stalling on the failed store forwarding (half of a mixed chunk's time).
    @inline(never)
    static func loadPart(_ p: UnsafeMutablePointer<UInt32>, _ count: Int) -> Lanes.Pixels {
        assert(count >= 1 && count < 8, "a partial load takes 1…7 pixels, not \(count)")
        let last = count - 1
        let v = Lanes.Pixels(p[0], p[min(1, last)], p[min(2, last)], p[min(3, last)],
                             p[min(4, last)], p[min(5, last)], p[min(6, last)], p[min(7, last)])
        return v.replacing(with: 0, where: Lanes.Pixels(0, 1, 2, 3, 4, 5, 6, 7) .>= Lanes.Pixels(repeating: UInt32(count)))
    }

    /// Stores `count` (1…8) lanes. The partial store is out of line: inlined, its lane-by-lane
    /// stores led LLVM to split the computation of `v` itself into halves and single lanes
    /// (the cylinder's light, for one, went through scalar registers for two lanes of every chunk).
    @inline(__always)
    static func store(_ v: Lanes.Pixels, to p: UnsafeMutablePointer<UInt32>, _ count: Int) {
        if count == 8 { return UnsafeMutableRawPointer(p).storeBytes(of: v, as: Lanes.Pixels.self) }
        storePart(v, to: p, count)
    }

    @inline(never)
    static func storePart(_ v: Lanes.Pixels, to p: UnsafeMutablePointer<UInt32>, _ count: Int) {
        for i in 0..<count { p[i] = v[i] }
    }

    /// `from·(255 − w)/255 + to·w/255` per channel, rounded once: `Bitmap.mix`'s formula.
    @inline(__always)
    static func mix(_ from: UInt32, _ to: UInt32, weight: UInt32) -> UInt32 {
        let keep = 255 - weight
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            divideBy255((from >> shift & 0xFF) * keep + (to >> shift & 0xFF) * weight) << shift
        }
        return channel(0) | channel(8) | channel(16) | channel(24)
    }

    /// A row of `mix` through Raster's kernel (byte-identical to `mix`).
    static func mixRow(_ out: UnsafeMutablePointer<UInt32>, _ from: UnsafeMutablePointer<UInt32>,
                       _ to: UnsafeMutablePointer<UInt32>, count: Int, weight: UInt32) {
        guard count > 0 else { return }
        let size = PixelSize(uncheckedWidth: count, height: 1)
        let destination = Bitmap(borrowing: out, size: size, rowStride: count)
        try? destination.mix(from: Bitmap(borrowing: from, size: size, rowStride: count),
                             to: Bitmap(borrowing: to, size: size, rowStride: count), weight: UInt8(weight))
    }
}

/// Runs along a row where u = a + b·x is linear.
enum CurlSpans {
    /// The pixels x whose point `(p.x + p.stepX·x, p.y + p.stepY·x)` surely lies (by `margin`)
    /// in the box `left…right × top…bottom`; empty at `Int.min` if none.
    static func interval(_ p: (x: Double, y: Double, stepX: Double, stepY: Double),
                         _ left: Double, _ top: Double, _ right: Double, _ bottom: Double, margin: Double) -> Range<Int> {
        var lo = -Double.infinity, hi = Double.infinity
        func constrain(_ value: Double, _ step: Double, _ low: Double, _ high: Double) {
            if abs(step) < 1e-12 {
                if !(value >= low + margin && value <= high - margin) { lo = .infinity }
                return
            }
            let t0 = (low + margin - value) / step, t1 = (high - margin - value) / step
            lo = max(lo, min(t0, t1))
            hi = min(hi, max(t0, t1))
        }
        constrain(p.x, p.stepX, left, right)
        constrain(p.y, p.stepY, top, bottom)
        guard lo <= hi, lo < 1e9, hi > -1e9 else { return Int.min..<Int.min }
        let first = Int(max(lo, -1e9).rounded(.up)), last = Int(min(hi, 1e9).rounded(.down))
        return first <= last ? first..<(last + 1) : Int.min..<Int.min
    }

    /// The first x after `start` (at most `limit`) where `holds(u(x))` fails, `holds(u(start))`
    /// being true and `holds` monotone along the row: a binary search, exact for the predicate.
    @inline(__always)
    static func end(from start: Int, limit: Int, a: Double, b: Double, _ holds: (Double) -> Bool) -> Int {
        if b == 0 || holds(a + b * Double(limit - 1)) { return limit }
        var lo = start, hi = limit - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if holds(a + b * Double(mid)) { lo = mid } else { hi = mid }
        }
        return hi
    }
}
