// DESIGN NOTE — flips and cubes are rows of axis-aligned scales.
//
// Each face is the image seen through one homography (perspective-correct, mipmapped bilinear,
// anti-aliased edges), composited onto a band that starts transparent. The geometry is written
// once in an edge-local frame (`ScreenEdge.localFrame`, motion or leading edge along the first
// axis) and conjugated to the four edges.
//
// Perspective: the eye sits at distance d = 2·L in front of the frame, L being the frame's
// length along the rotation (its width for a left/right flip, its height for a top/bottom one):
// `m34 = −1/(2L)`, a little gentler than the `−1/500` UIKit developers use on 320-point views
// (d ≈ 1.5 L), so both aspect ratios look alike. As UIKit's flip does, the camera dollies back
// while the plane turns: the whole picture is scaled by k = (d − zₘₐₓ)/d so that the edge
// nearest the viewer keeps the frame's height and no corner leaves the frame.
//
// Drawing: a turn about a horizontal axis makes w depend on y alone, so each destination row is
// an exact axis-aligned scale of one (fractional) source row: Raster's `ScaledRow` (one vertical
// blend of two source rows into a scratch row, then one 64-bit texel-pair load per pixel from it,
// eight pixels a step), the bytes of `drawImage` with the row's map. A turn about a vertical axis
// is the same with rows and columns swapped: each destination column is a row of the transposed
// problem, read from the transposed chain (`MipmappedImage.transposed`, kept with the chain), and
// `ScaledColumns` draws eight such columns side by side, eight pixels of one destination row per
// store — no transposed band, no transpose back. There the bilinear is horizontal-first and the
// level and the edge ramps are taken per column, so against `drawImage` of the whole map a pixel
// moves by at most 2 and a few on the slanted edges more (PerspectiveFlipDrawTests). The first
// face that reaches a row (or eight columns) draws over transparent and writes all of it, so
// there is no clear pass, and a face that does not reach is skipped: a cube's work is bounded by
// its faces' pixels, one write per pixel except on the shared edge. Levels: per row (per column),
// from the larger of dU/dX and dV/dY as `drawImage` picks an affine map's level, so a face at a
// grazing angle reads a halved level. Chains come from `scratch.mipmappedImage`: under
// `TransitionRenderer` one chain per input (with its transposed chain) is shared by every band
// and kept from frame to frame while the caller's input generation stays the same.
//
// Measured (release, `-target-cpu haswell`, /tmp speed harness over `TransitionRenderer`: one
// thread, thread CPU ms per 1920×1080 frame of two still photographs, best of 3 at progress
// 0.05, 0.15 … 0.95, median / worst over progress; before and after run in the same minute on
// the shared 2-core machine, load average 2–3, ±15 % run to run):
//                        one drawImage per face/row     now
//   cube fromLeft        15.7 / 19.4                    6.8 / 7.1
//   cube fromRight       14.8 / 18.8                    6.8 / 7.3
//   cube fromTop         9.8 / 10.2                     6.1 / 6.6
//   cube fromBottom      6.0 / 6.3                      5.9 / 6.6
//   oglFlip fromLeft     10.4 / 11.2                    4.6 / 6.6
//   oglFlip fromRight    9.8 / 11.4                     4.5 / 5.8
//   oglFlip fromTop      3.7 / 8.6                      4.0 / 5.7
//   oglFlip fromBottom   4.5 / 7.5                      3.5 / 5.4
//   flipFromLeft/Right   10.7 / 12.4–12.5               4.7–4.9 / 6.5
//   flipFromTop/Bottom   4.3–6.3 / 8.6–8.8              4.2–4.3 / 5.6–6.3
// (the worst is where a face covers the frame, progress 0.05 / 0.95, or for the cube where both
// faces are large). Where the time goes now (perf, flips at 0.05): the row or column kernel
// ≈ 70 % (≈ 1.5 ns per pixel, mostly the eight texel-pair loads a step: Swift has no gather),
// the vertical blends ≈ 12 %, the span solving ≈ 4 %.
//
// No allocation per frame: the faces (at most two) and the level each face read last are held
// inline (`Faces`, `LevelCache`), and the column groups are drawn as they are set instead of
// being collected in an array. Counted with `valgrind --tool=memcheck` ("total heap usage") on
// the harness rendering 1 and then 11 frames at progress 0.3 of one input generation: before,
// cube 9, flipFromLeft 7 and flipFromTop 5 allocations per frame (one of them the renderer's
// band closure); now 0 for each (the renderer's `work` is a local function). On two threads the
// cube went from 20 to 3, the three inside `DispatchQueue.concurrentPerform` itself (its block
// copy, a box, a dispatch continuation: only a thread pool of our own would avoid them). A
// generic two-slot collection was tried first: not fully specialised, its value-witness calls
// cost ≈ 1.3 M instructions per frame (callgrind, flipFromTop 0.05); the concrete structs cost
// nothing measurable (steady frames, callgrind: cube 0.45 37.15 → 36.94 M, flipFromLeft 0.05
// 36.08 → 35.93 M, flipFromTop 0.05 36.02 → 35.86 M instructions).
//
// A vertical-axis turn reads its inputs' transposed chains, so each new input generation costs
// a transpose per input (≈ 1.6 ms at 1920×1080, memory-bound) and whatever halved levels the
// faces read. `MipmapCache` now hands a new generation the previous one's buffers of the same
// size (transposed copy and levels, `MipmappedImage.Spares`) instead of 8 MB of fresh zeroed
// memory per copy, and the transpose walks 128×128 tiles (≈ 25 % faster with a cold source).
// With a live input (the harness's `--live`: a new generation every frame, the 1920×1080
// inputs as above, frames after the first, old and new binaries alternated twice, load 2.7–4):
//                        before: median / worst          now
//   cube fromLeft        12.8–14.7 / 14.6–16.0           12.5–13.0 / 13.6–15.3
//   cube fromRight       14.2–14.7 / 15.4–16.3           12.3–13.1 / 14.2–14.5
//   oglFlip fromLeft     8.3–9.1 / 11.6–15.2             7.2–7.9 / 7.9–8.7
//   oglFlip fromRight    9.1–9.3 / 9.8–10.0              7.1–7.5 / 8.0–8.4
//   flipFromLeft         8.6–8.7 / 9.3–10.3              7.5–7.6 / 8.4–8.6
//   flipFromRight        8.4–8.5 / 9.5–9.8               7.0–7.6 / 8.4–8.6
// (horizontal-axis turns need no transpose and stay as still inputs, ≈ 4.5–8 ms live.) Heap
// traffic per live frame: cube 19.2 MB in 32 allocations → 1.5 KB in 15 (the new chain
// objects), flipFromLeft 10.9 MB in 22 → 1.1 KB in 10; instructions per live cube frame at 0.45 69.6 →
// 50.2 M (the zeroing of fresh buffers). A live vertical-axis cube is still over 8 ms: two
// 8 MB transposes (≈ 3.2 ms) on top of a 6 ms frame.
// Tried and dropped: drawing into a transposed band and transposing it back (the band's clear
// and the transpose cost ≈ 30 % of the frame: flipFromLeft 9.9 ms worst); two column groups per
// row pass so that a row's 64-byte line is stored whole (the per-group constants no longer
// stayed in registers: cube 5.9 → 10.5 ms).

import Geometry
import Raster

/// A plane flipping about its centre line, UIKit's `transitionFlipFrom…`: the `leadingEdge`
/// swings toward the viewer, the plane turns through 180°, and at the half-way point, when the
/// plane is edge-on, `to` replaces `from` — drawn un-mirrored, as the back of the plane, so in
/// the second half the opposite edge is the one nearer the viewer. Where neither face covers the
/// frame the pixels are transparent (the superview shows through, as on iOS).
struct PerspectiveFlip: Sendable {
    let leadingEdge: ScreenEdge

    /// The map from image pixels to frame pixels of the face shown at `progress`: `from` with
    /// the plane turned by `θ = π·progress` below one half, `to` turned by `θ − π` above it.
    func forwardMap(progress: Double, size: PixelSize) -> ProjectiveTransform {
        let length = Double(leadingEdge.isHorizontal ? size.width : size.height)
        let distance = 2 * length
        let angle = progress < 0.5 ? Double.pi * progress : Double.pi * (progress - 1)
        let s = sin(angle), c = cos(angle)
        let k = 1 - length / 2 * abs(s) / distance
        let local = ProjectiveTransform(k * c, 0, 0,
                                        0, k, 0,
                                        s / distance, 0, 1)
        return .framed(local, edge: leadingEdge, size: size)
    }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        let image = progress < 0.5 ? from : to
        let forward = forwardMap(progress: progress, size: destination.size)
        var faces = Faces()
        if let inverse = forward.inverted() { faces.append(Face(chain: scratch.mipmappedImage(image), inverse: inverse)) }
        PerspectiveFlip.draw(faces, horizontalAxis: !leadingEdge.isHorizontal, into: destination, clip: clip,
                             scratch: scratch)
    }

    /// Clears `clip` to transparent and draws each face (an image chain and its inverse map)
    /// source-over in turn, as Raster's `drawImage` would with default options. A plane turning
    /// about a horizontal axis has w constant along each destination row, so each row is an
    /// axis-aligned scale of one source row (`ScaledRow.draw`, the bytes of `drawImage` with the
    /// row's map). A turn about a vertical axis is the same with rows and columns swapped: each
    /// destination column is a row of the transposed problem, read from the transposed chain,
    /// and eight columns are drawn side by side (`ScaledColumns`); there the bilinear blend is
    /// horizontal-first, so ±1 from `drawImage`'s vertical-first rounding, and the level is picked
    /// per column. Instead of a clear before the faces, the first face that reaches a row (or
    /// eight columns) draws over transparent and writes every pixel of it; where no face
    /// reaches, the pixels are cleared. Any other map goes through `drawImage`. Allocates nothing
    /// (the faces and their level caches are held inline, the buffers come from `scratch`).
    static func draw(_ faces: Faces, horizontalAxis: Bool,
                     into destination: Bitmap, clip: PixelRect, scratch: TransitionScratch) {
        let area = clip.intersection(destination.bounds)
        guard !area.isEmpty else { return }
        var widest = 0
        for i in 0..<faces.count { widest = max(widest, faces[i].chain.base.width, faces[i].chain.base.height) }
        if faces.isEmpty {
            destination.fill(area, with: .clear)
        } else if horizontalAxis, faces.allSatisfy({ $0.inverse.m20 == 0 && $0.inverse.m10 == 0 }) {
            let temp = scratch.offscreen(PixelSize(uncheckedWidth: widest + 8, height: 1)).baseAddress
            drawRows(faces, rows: area.minY..<area.maxY, columns: area.minX..<area.maxX, into: destination,
                     origin: (0, 0), temp: temp)
        } else if !horizontalAxis, faces.allSatisfy({ $0.inverse.m21 == 0 && $0.inverse.m01 == 0 }) {
            // Swapping x and y on both sides: the transposed problem's map, whose w depends on its y alone.
            var transposed = Faces()
            for i in 0..<faces.count {
                let m = faces[i].inverse
                transposed.append(Face(chain: faces[i].chain.transposed,
                                       inverse: ProjectiveTransform(m.m11, m.m10, m.m12, m.m01, m.m00, m.m02, m.m21, m.m20, m.m22)))
            }
            if area.width >= 8 {
                let temp = scratch.offscreen(PixelSize(uncheckedWidth: widest + 8, height: 8 * faces.count))
                drawColumns(transposed, columns: area.minX..<area.maxX, rows: area.minY..<area.maxY, into: destination,
                            temp: temp)
            } else {
                // Too narrow for a group of eight: column by column through a line (the same bytes).
                let buffer = scratch.offscreen(PixelSize(uncheckedWidth: max(area.height, widest + 8), height: 2))
                let line = buffer.baseAddress, temp = buffer.baseAddress + buffer.rowStride
                for x in area.minX..<area.maxX {
                    drawRows(transposed, rows: x..<x + 1, columns: area.minY..<area.maxY,
                             into: Bitmap(borrowing: line, size: PixelSize(uncheckedWidth: area.height, height: 1),
                                          rowStride: area.height),
                             origin: (area.minY, x), temp: temp)
                    for y in 0..<area.height { destination.baseAddress[(area.minY + y) * destination.rowStride + x] = line[y] }
                }
            }
        } else {
            destination.fill(area, with: .clear)
            for i in 0..<faces.count { destination.drawImage(faces[i].chain, inverseTransform: faces[i].inverse, clip: area) }
        }
    }

    /// Row `y` of a horizontal-axis map (`m10 = m20 = 0`) as the axis-aligned scale it is:
    /// U = (m00·X + m01·Y + m02)/w, V = (m11·Y + m12)/w, exact at the row's pixel centres, with
    /// dV/dY for the top and bottom edges' ramp and the level (the term that tilts the left and
    /// right edges vanishes on the row itself; it only changes their anti-aliasing ramp, by under
    /// 2% at this perspective). `nil` where the row is behind the viewer or draws nothing.
    private static func scaledRow(_ inverse: ProjectiveTransform, y: Int, chain: MipmappedImage) -> ScaledRow? {
        let center = Double(y) + 0.5
        let w = inverse.m21 * center + inverse.m22
        guard w > 0 else { return nil }
        let v = (inverse.m11 * center + inverse.m12) / w
        let dv = (inverse.m11 - v * inverse.m21) / w
        let map = ProjectiveTransform(inverse.m00 / w, 0, (inverse.m01 * center + inverse.m02) / w,
                                      0, dv, v - dv * center,
                                      0, 0, 1)
        return ScaledRow(inverse: map, y: y, sourceSize: chain.base.size, levelCount: chain.levelCount)
    }

    /// Draws rows `rows` × columns `columns` of horizontal-axis maps, row by row; pixel (x, y)
    /// is `bitmap`'s pixel (x − origin.x, y − origin.y). Each row is written as a clear and then
    /// the faces in turn would leave it; the faces that do not reach the row are skipped, so the
    /// first face that does draws over transparent.
    private static func drawRows(_ faces: Faces, rows: Range<Int>,
                                 columns: Range<Int>, into bitmap: Bitmap, origin: (x: Int, y: Int),
                                 temp: UnsafeMutablePointer<UInt32>) {
        var levels = LevelCache()
        for y in rows {
            let pixels = bitmap.baseAddress + (y - origin.y) * bitmap.rowStride + (columns.lowerBound - origin.x)
            var cleared = false
            for i in 0..<faces.count {
                let face = faces[i]
                guard let row = scaledRow(face.inverse, y: y, chain: face.chain), row.reaches(columns)
                else { continue }
                row.draw(level: levels.level(row.level, face: i, chain: face.chain), range: columns, pixels: pixels,
                         temp: temp, overClear: !cleared)
                cleared = true
            }
            if !cleared { pixels.update(repeating: 0, count: columns.count) }
        }
    }

    /// Draws rows `rows` × columns `columns` of vertical-axis maps, given as their transposed
    /// maps (horizontal-axis ones) and the transposed chains, eight columns at a time; as in
    /// `drawRows`, the first face that reaches the eight columns draws over transparent (the last
    /// face draws over transparent when none reaches, to clear them).
    private static func drawColumns(_ faces: Faces, columns: Range<Int>, rows: Range<Int>, into bitmap: Bitmap,
                                    temp: Bitmap) {
        var levels = LevelCache()
        var x = columns.lowerBound
        while x < columns.upperBound {
            // The last group ends at the last column, overlapping the one before (`columns` ≥ 8 wide).
            let g = min(x, columns.upperBound - 8)
            var cleared = false
            for i in 0..<faces.count {
                let face = faces[i]
                var group = ScaledColumns(x: g, range: rows, temp: temp.baseAddress + 8 * i * temp.rowStride,
                                          tempStride: temp.rowStride)
                for k in 0..<8 {
                    guard let row = scaledRow(face.inverse, y: g + k, chain: face.chain) else { continue }
                    group.set(k, row: row, level: levels.level(row.level, face: i, chain: face.chain))
                }
                guard !group.isEmpty || i == faces.count - 1 && !cleared else { continue }
                group.draw(into: bitmap, overClear: !cleared, firstLane: x - g)
                cleared = true
            }
            x = g + 8
        }
    }
}

/// A face of a flip or a cube: an image chain and the inverse of its map (frame pixels to image
/// pixels).
struct Face {
    let chain: MipmappedImage
    let inverse: ProjectiveTransform
}

/// The faces of one frame — a flip has one, a cube at most two — held inline: unlike an array,
/// they cost no allocation per frame. (Concrete, not a generic two-slot collection: that one was
/// not fully specialised and cost ≈ 1 M instructions per frame in value-witness calls.)
struct Faces {
    private(set) var count = 0
    private var first: Face?, second: Face?

    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> Face {
        precondition(index >= 0 && index < count, "face \(index) outside 0..<\(count)")
        return index == 0 ? first! : second!
    }

    /// Adds `face` after the others; traps when there are two already.
    mutating func append(_ face: Face) {
        precondition(count < 2, "at most two faces")
        if count == 0 { first = face } else { second = face }
        count += 1
    }

    /// Whether `predicate` holds for every face.
    func allSatisfy(_ predicate: (Face) -> Bool) -> Bool {
        (0..<count).allSatisfy { predicate(self[$0]) }
    }
}

/// The mip level each face read last, so that a chain's lock is taken only when a face's level
/// changes (once or twice per face and frame), held inline like `Faces`.
private struct LevelCache {
    private var indices = (-1, -1)
    private var bitmaps: (Bitmap?, Bitmap?)

    /// Level `level` of face `face`'s chain `chain`.
    mutating func level(_ level: Int, face: Int, chain: MipmappedImage) -> Bitmap {
        if face == 0 {
            if indices.0 != level || bitmaps.0 == nil { (indices.0, bitmaps.0) = (level, chain.level(level)) }
            return bitmaps.0!
        }
        if indices.1 != level || bitmaps.1 == nil { (indices.1, bitmaps.1) = (level, chain.level(level)) }
        return bitmaps.1!
    }
}
