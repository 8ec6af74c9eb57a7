import Geometry
import Raster

/// The page curl of a page turned with the finger (`UIPageViewController`'s `.pageCurl`),
/// placed by a pointer instead of a progress, with `SystemPageCurl`'s look (paper 75 % white
/// seen through, procedural light, a shadow 0.6 radius wide and 45 % dark).
///
/// Geometry (as iOS turns a page): the page corner that was grabbed is carried to a target
/// point, the fold line is perpendicular to the corner's travel and stands half-way between the
/// corner and its target (the cylinder model folds the corner, at u, onto 2c − πR − u, so c is
/// set to put the corner exactly on the target). The radius grows with the travel,
/// min(`radius`, travel / π), and the shadow with it, so that a drag starting at the corner
/// lifts only a sliver of paper and a zero travel is exactly the flat page.
package struct PointerPageCurl: Sendable {
    /// The sheet that curls, in pixels; outside it the frame is the cross-dissolve of the two
    /// images (callers that draw the whole page pass the frame's rectangle).
    package let page: PixelRect
    /// The largest curl radius in pixels (> 0).
    package let radius: Double

    package init(page: PixelRect, radius: Double) {
        self.page = page
        self.radius = max(radius, 0.01)
    }

    /// The curl's radius and shadow width in pixels for a corner carried `travel` pixels.
    package func radius(forTravel travel: Double) -> Double { max(0.01, min(radius, travel / Double.pi)) }

    /// The style and curl line for the corner at `corner` carried to `target` (pixels, y down),
    /// nil when the travel is under 1/64 px (the frame is then `from` itself).
    func placement(corner: (x: Double, y: Double), target: (x: Double, y: Double)) -> (PageCurlStyle, CurlPlacement)? {
        let tx = target.x - corner.x, ty = target.y - corner.y
        let travel = (tx * tx + ty * ty).squareRoot()
        guard travel.isFinite, travel >= 1.0 / 64 else { return nil }
        let dx = tx / travel, dy = ty / travel
        let r = radius(forTravel: travel)
        let style = PageCurlStyle(direction: (dx, dy), radius: r, page: page,
                                  backside: .translucent(whiteness: 191), shading: .procedural,
                                  shadowWidth: 0.6 * r, shadowAmount: 0.45, shadowArea: nil)
        // u is measured from the page corner farthest against the travel, as the renderer does.
        let ox = dx >= 0 ? Double(page.minX) : Double(page.maxX), oy = dy >= 0 ? Double(page.minY) : Double(page.maxY)
        let cornerU = (corner.x - ox) * dx + (corner.y - oy) * dy
        return (style, .line(cornerU + (travel + Double.pi * r) / 2))
    }

    /// Draws the frame with `from`'s page corner at `corner` carried to `target` (both in pixels
    /// of the frame, y down), uncovering `to`, inside `clip`. `scratch` lends the plan buffer,
    /// so nothing is allocated per frame.
    package func render(from: Bitmap, to: Bitmap, corner: (x: Double, y: Double), target: (x: Double, y: Double),
                        into destination: Bitmap, clip: PixelRect, kernels: KernelPath = .current,
                        scratch: TransitionScratch) {
        guard let (style, line) = placement(corner: corner, target: target) else {
            let area = clip.intersection(destination.bounds)
            for y in area.minY..<area.maxY {
                let source = from.row(y).baseAddress!, out = destination.row(y).baseAddress!
                (out + area.minX).update(from: source + area.minX, count: area.width)
            }
            return
        }
        PageCurlRenderer(style: style)
            .render(from: from, to: to, placement: line, into: destination, clip: clip, kernels: kernels, scratch: scratch)
    }
}
