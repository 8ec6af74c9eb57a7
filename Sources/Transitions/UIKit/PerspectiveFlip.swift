// DESIGN NOTE — flips and cubes are `drawImage` calls.
//
// Each face is the image drawn through one homography (perspective-correct, mipmapped bilinear,
// anti-aliased edges, clipped behind the viewer by the kernel), composited onto a band cleared
// to transparent. The geometry is written once in an edge-local frame (`ScreenEdge.localFrame`,
// motion or leading edge along the first axis) and conjugated to the four edges.
//
// Perspective: the eye sits at distance d = 2·L in front of the frame, L being the frame's
// length along the rotation (its width for a left/right flip, its height for a top/bottom one):
// `m34 = −1/(2L)`, a little gentler than the `−1/500` UIKit developers use on 320-point views
// (d ≈ 1.5 L), so both aspect ratios look alike. As UIKit's flip does, the camera dollies back
// while the plane turns: the whole picture is scaled by k = (d − zₘₐₓ)/d so that the edge
// nearest the viewer keeps the frame's height and no corner leaves the frame.
//
// Drawing: a turn about a vertical axis is one call of Raster's general perspective kernel; a
// turn about a horizontal axis makes w depend on y alone, so each row is an axis-aligned scale,
// drawn row by row through the kernel's cheaper axis-aligned path. Halved levels, read where
// the plane is seen at a grazing angle, come from `scratch.mipmappedImage`: under
// `TransitionRenderer` one chain per input is shared by every band and kept from frame to frame
// while the caller's input generation stays the same (building level 1 of a 1920×1080 input was
// ≈ 20 M instructions, more than the face itself, and was repeated in every band and frame).
//
// Measured: release, `-target-cpu haswell` (this swiftc rejects `x86-64-v3`, the same ISA
// level), one thread, thread CPU time per 1920×1080 frame of two photographs, best of 25 at
// progress 0.25 / 0.5 / 0.75, on the shared 2-core machine (load average 6–10, so these are
// upper bounds), before the mip cache:
//   flipFromLeft/Right, oglFlip   11.2 / 0.3 / 13.1 ms     flipFromTop/Bottom   7.4 / 0.6 / 8.8 ms
//   cube fromLeft/Right          18.5 / 23.4 / 16.0 ms     cube fromTop/Bottom 13.1 / 13.1 / 11.8 ms
// With the shared, kept mip chains and the eight-wide column table (/tmp harness over
// `TransitionRenderer`, still inputs, median of 5 per progress, then median / worst over
// progress 0.1…0.9, same load for before and after, load average 2–5; ±20 % run to run):
//   one thread        flipFromLeft/Right 11.1–11.6 / 13 → 9.1 / 12.5 ms, oglFlip 11.1 / 12.4 → 9.7 / 13.1,
//                     flipFromTop/Bottom 6.8–10.8 / 14 → 3.5–5.3 / 6.7–8.4, cube 18.7 / 23.7 → 16.5 / 18.8
//   two threads, wall flipFromLeft 16.9 / 26 → 10.7 / 19.8, flipFromTop 12.3 / 19.6 → 6.6 / 10.7,
//                     cube 32 / 45 → 23 / 28
// and in instructions per steady frame (callgrind, repeatable): flipFromLeft at 0.4 48 → 21 M,
// oglFlip at 0.45 41 → 13 M, cube at 0.4 116 → 73 M, flipFromTop at 0.1 105 → 50 M; flipFromLeft
// and cube at 0.1 64 and 68 M, unchanged (no halved level is read there).
// Still over 8 ms: the vertical-axis flips and the cube where a face covers most of the frame.
// The general perspective kernel costs ≈ 38 instructions (≈ 7–9 ns) per covered pixel, most of
// it the bilinear texel loads (an eight-lane gather measures ≈ 3 ns per pixel here, Swift having
// no gather instruction). A kernel written on `Lanes.bilinear` (LaneSampling.swift) measured
// slower (≈ 14 ns per pixel) and was dropped; at 0.5 the plane is edge-on and nothing is drawn.
// What would move it: the rows of a horizontal-axis turn are axis-aligned scales and cost half
// as much (one vertical blend per row, two loads per pixel); a vertical-axis turn is the same
// with rows and columns swapped, so drawing it into a transposed band from a transposed copy of
// the input (kept like the mip chains) and transposing back would bring it near 5 ms plus the
// transposes, at the price of the ±1 rounding of a horizontal-first bilinear.

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
        destination.fill(clip, with: .clear)
        let image = progress < 0.5 ? from : to
        let forward = forwardMap(progress: progress, size: destination.size)
        guard let inverse = forward.inverted() else { return }
        PerspectiveFlip.draw(scratch.mipmappedImage(image), inverse: inverse, horizontalAxis: !leadingEdge.isHorizontal,
                             into: destination, clip: clip)
    }

    /// Draws the image of `chain` through `inverse` with Raster's `drawImage`. When the plane turns about a
    /// horizontal axis, w depends on y alone, so each destination row is an exact axis-aligned
    /// scale of the image: drawn row by row through the kernel's axis-aligned path (the term
    /// that tilts the left and right edges vanishes on the row itself; it only changes their
    /// anti-aliasing ramp, by under 2% at this perspective). Otherwise the general
    /// perspective path draws it at once.
    static func draw(_ chain: MipmappedImage, inverse: ProjectiveTransform, horizontalAxis: Bool, into destination: Bitmap,
                     clip: PixelRect) {
        guard horizontalAxis, inverse.m20 == 0 else {
            destination.drawImage(chain, inverseTransform: inverse, clip: clip)
            return
        }
        let area = clip.intersection(destination.bounds)
        guard !area.isEmpty else { return }
        for y in area.minY..<area.maxY {
            let center = Double(y) + 0.5
            let w = inverse.m21 * center + inverse.m22
            guard w > 0 else { continue }
            // The row's map, exact at its pixel centres: U = (m00·X + m01·Y + m02)/w, V = (m11·Y + m12)/w
            // (m10 = 0 for a horizontal axis), with dV/dY for the top and bottom edges' ramp.
            let v = (inverse.m11 * center + inverse.m12) / w
            let dv = (inverse.m11 - v * inverse.m21) / w
            let row = ProjectiveTransform(inverse.m00 / w, 0, (inverse.m01 * center + inverse.m02) / w,
                                          0, dv, v - dv * center,
                                          0, 0, 1)
            destination.drawImage(chain, inverseTransform: row, clip: PixelRect(x: area.minX, y: y, width: area.width, height: 1))
        }
    }
}
