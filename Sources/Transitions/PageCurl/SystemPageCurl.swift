import Geometry
import Raster

/// The page curl iOS draws for `UIView`'s `transitionCurlUp`/`transitionCurlDown` and
/// `CATransition`'s `pageCurl`/`pageUnCurl`, made from the shared `PageCurlRenderer`.
///
/// Choices where Apple documents nothing (after how iOS looks): the fold is tilted 15° off the
/// starting edge, so that the corner on its right (as seen travelling) leads, like a corner
/// lifted by a finger; the curl's radius is 12% of the frame's shorter side; the back of the
/// page shows the page's content through the paper, 75% white; the curl casts a soft shadow
/// 0.6 radius wide, 45% dark at its deepest, onto the page it uncovers and onto the flat page
/// from the folded-over part.
package struct SystemPageCurl: Sendable {
    /// The screen edge the curl starts from (`.bottom` for curlUp).
    let edge: ScreenEdge
    /// false: `from` curls away to uncover `to` (curl); true: `to` uncurls over `from` (uncurl),
    /// the same frames played backwards with the images swapped.
    let reversed: Bool

    static let tilt = 15 * Double.pi / 180

    func style(for size: PixelSize) -> PageCurlStyle {
        let s = sin(SystemPageCurl.tilt), c = cos(SystemPageCurl.tilt)
        let direction: (x: Double, y: Double) = switch edge {
        case .bottom: (-s, -c)
        case .top: (-s, c)
        case .right: (-c, -s)
        case .left: (c, -s)
        }
        let radius = max(1, 0.12 * Double(min(size.width, size.height)))
        return PageCurlStyle(direction: direction, radius: radius, page: nil,
                             backside: .translucent(whiteness: 191), shading: .procedural,
                             shadowWidth: 0.6 * radius, shadowAmount: 0.45, shadowArea: nil)
    }

    /// Whether the point (`x`, `y`) of a `width` × `height` frame is still under the page
    /// (flat, on the curl's cylinder or folded over) in a `pageCurl` from the bottom edge at
    /// `progress`: the renderer's fold line (`PageCurlRenderer`'s `line`, along the tilted
    /// direction from the bottom-right corner) less one curl radius. For UIKit's
    /// `.partialCurl`, whose curled page is tapped to uncurl it.
    package static func bottomCurlCovers(x: Double, y: Double, width: Double, height: Double, progress: Double) -> Bool {
        let s = sin(tilt), c = cos(tilt)
        let radius = max(1, 0.12 * min(width, height))
        let span = s * width + c * height
        let line = progress * (span + radius + 0.6 * radius + 1)
        let along = s * (width - x) + c * (height - y)
        return along >= line - radius
    }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        let renderer = PageCurlRenderer(style: style(for: destination.size))
        if reversed {
            renderer.render(from: to, to: from, progress: 1 - progress, into: destination, clip: clip, scratch: scratch)
        } else {
            renderer.render(from: from, to: to, progress: progress, into: destination, clip: clip, scratch: scratch)
        }
    }
}
