import Geometry
import Raster

/// The clip: what drawing may change.
///
/// As in Core Graphics, each clip call intersects the current clip with a new area, and only
/// `restoreGState()` (or `resetClip()`) widens it again. A clip that is an axis-aligned
/// rectangle in device space stays a rectangle of whole pixels (a pixel is inside when its
/// centre is); any other clip (a path, a rotated rectangle, an image mask) keeps an anti-aliased
/// coverage mask over its bounding rectangle, so drawing through it has soft edges as on Apple.
///
///     context.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
///     context.clip()                       // round clip; the current path is consumed
///     context.draw(photo, in: bounds)      // drawn inside the circle only
extension CGContext {
    /// Intersects the clip with `rect` (user space). Under a rotating or skewing CTM the
    /// rectangle clips as a path.
    public func clip(to rect: CGRect) {
        let r = rect.standardized
        let m = userToPixels
        guard m.b == 0, m.c == 0 else {
            let path = CGMutablePath()
            path.addRect(r, transform: m)
            clip(toPixelPath: path, rule: .winding)
            return
        }
        let device = r.applying(m)
        state.clip = state.clip.intersection(device.isNull ? .zero : device)
        if state.clip.isNull { state.clip = .zero }
    }

    /// Intersects the clip with the union of `rects` (user space).
    public func clip(to rects: [CGRect]) {
        if rects.count == 1 {
            clip(to: rects[0])
            return
        }
        let path = CGMutablePath()
        for r in rects { path.addRect(r.standardized, transform: userToPixels) }
        clip(toPixelPath: path, rule: .winding)
    }

    /// Intersects the clip with the current path filled under `rule` (open subpaths closed) and
    /// empties the path, as Core Graphics does. An empty path clips everything away.
    public func clip(using rule: CGPathFillRule = .winding) {
        let path = devicePath
        beginPath()
        clip(toPixelPath: path, rule: rule)
    }

    /// Intersects the clip with `mask` drawn into `rect` (user space), as `CGContextClipToMask`:
    /// an image mask (`CGImage(maskWidth:…)`) lets paint through where its samples are 0 (as it
    /// stencils when drawn), any other image where it is light (its luminance times its alpha
    /// is the coverage: white paints, black masks). Outside `rect` everything is clipped away.
    public func clip(to rect: CGRect, mask: CGImage) {
        guard let area = pixelClip else { return }
        let r = rect.standardized
        guard !r.isNull, r.width > 0, r.height > 0, mask.width > 0, mask.height > 0,
              let size = try? PixelSize(width: area.width, height: area.height) else {
            state.clip = .zero
            state.clipMask = nil
            return
        }
        let coverageImage = Bitmap(size: mask.bitmap.size)
        for y in 0..<coverageImage.height {
            let from = mask.bitmap.row(y), to = coverageImage.row(y)
            for x in 0..<coverageImage.width {
                let p = from[x]
                let k: UInt32
                if mask.isMask {
                    k = 255 &- (p >> 24)
                } else {
                    // Luminance of the unpremultiplied colour, times alpha = luma of the premultiplied pixel.
                    k = UInt32(luma(p))
                }
                to[x] = k << 24 | k << 16 | k << 8 | k
            }
        }
        let sx = Double(r.width) / Double(mask.width), sy = Double(r.height) / Double(mask.height)
        let imageToUser = Homography(m11: sx, m12: 0, m13: 0, m21: 0, m22: -sy, m23: 0,
                                     m31: Double(r.minX), m32: Double(r.maxY), m33: 1)
        let map = imageToUser.concatenating(Homography(userToPixels))
            .concatenating(Homography(CGAffineTransform(translationX: CGFloat(-area.minX), y: CGFloat(-area.minY))))
        guard let inverse = map.inverted() else { return }
        let drawn = Bitmap(size: size)
        let smooth = mask.shouldInterpolate && state.interpolationQuality != .none
        drawn.drawImage(MipmappedImage(coverageImage), inverseTransform: ProjectiveTransform(inverse),
                        options: ImageDrawOptions(opacity: 1, filter: smooth ? .bilinear : .nearest,
                                                  edgeAntialiasing: antialiases))
        let coverage = CoverageMask(size: size)
        drawn.copyAlpha(into: coverage)
        intersectClip(with: coverage, over: area)
    }

    /// Restores the clip to the whole context (Apple's `resetClip()`), leaving the rest of the
    /// graphics state alone.
    public func resetClip() {
        state.clip = CGRect(x: 0, y: 0, width: width, height: height)
        state.clipMask = nil
    }

    /// The clip's bounding box in user space.
    public var boundingBoxOfClipPath: CGRect {
        let inverse = userToPixels.inverted()
        return state.clip.isNull ? .zero : state.clip.applying(inverse)
    }

    /// Intersects the clip with `path` (device pixels) filled under `rule`.
    package func clip(toPixelPath path: CGPath, rule: CGPathFillRule) {
        let flattened = path.flattened(tolerance: 0.1)
        guard let area = pixelClip, !path.isEmpty else {
            state.clip = .zero
            state.clipMask = nil
            return
        }
        let box = flattened.bounds
        guard !box.isNull, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else {
            state.clip = .zero
            state.clipMask = nil
            return
        }
        let x0 = Int(max(-1e7, box.minX).rounded(.down)) - 1, y0 = Int(max(-1e7, box.minY).rounded(.down)) - 1
        let x1 = Int(min(1e7, box.maxX).rounded(.up)) + 1, y1 = Int(min(1e7, box.maxY).rounded(.up)) + 1
        let limit = PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
        let bounded = area.intersection(limit)
        guard !bounded.isEmpty, let size = try? PixelSize(width: bounded.width, height: bounded.height) else {
            state.clip = .zero
            state.clipMask = nil
            return
        }
        let coverage = CoverageMask(size: size)
        rasterizer.fill(flattened, rule: rule.rasterRule, into: coverage, origin: CGPoint(x: bounded.minX, y: bounded.minY))
        if !antialiases { coverage.threshold() }
        intersectClip(with: coverage, over: bounded)
    }

    /// Intersects the clip with `coverage` over the device pixels `rect` (within the clip rect).
    private func intersectClip(with coverage: CoverageMask, over rect: PixelRect) {
        if let old = state.clipMask {
            for y in rect.minY..<rect.maxY {
                _ = multiply(coverage.row(y - rect.minY).baseAddress!, old.row(y, from: rect.minX),
                             into: coverage.row(y - rect.minY).baseAddress!, count: rect.width)
            }
        }
        state.clip = CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
        state.clipMask = ClipMask(rect: rect, coverage: coverage)
    }
}
