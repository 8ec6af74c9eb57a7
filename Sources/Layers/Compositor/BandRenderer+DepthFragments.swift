// Sublayers of a 3D rendering context that cut through each other are drawn piece by piece, in
// the order `DepthSort` found: each piece is the whole sublayer drawn into a scratch bitmap and
// composited through the piece's polygon. The polygons are filled without anti-aliasing, by
// pixel centres with a half-open rule, so the pieces of one layer cover each pixel exactly once
// and leave no seam where they meet (anti-aliased pieces would let 25 % of what lies behind show
// through along the cut). Only split layers pay for this; whole ones are drawn directly.

import Geometry
import Raster

extension BandRenderer {
    /// Draws `node`'s sublayers in drawing order: each whole, or, where sublayers turned in 3D
    /// cut through each other, piece by piece (`RenderNode.depthFragments`).
    func drawChildren(of node: RenderNode, map: Homography, target: Bitmap, clip: PixelRect, opacity: Float) {
        guard let fragments = node.depthFragments else {
            for child in node.children {
                draw(child, parentMap: map, target: target, clip: clip, opacity: opacity)
            }
            return
        }
        for fragment in fragments {
            let child = node.children[fragment.child]
            if let polygon = fragment.clip {
                drawPiece(of: child, inside: polygon, parentMap: map, target: target, clip: clip, opacity: opacity)
            } else {
                draw(child, parentMap: map, target: target, clip: clip, opacity: opacity)
            }
        }
    }

    /// Draws the part of `node` inside `polygon` (convex, in the node's plane).
    private func drawPiece(of node: RenderNode, inside polygon: [CGPoint], parentMap: Homography, target: Bitmap,
                           clip: PixelRect, opacity: Float) {
        let map = node.planeToParent.concatenating(parentMap)
        guard map.isFinite else { return }
        projectPolygon(polygon, through: map)
        let pixels = scratch.piecePolygon
        guard pixels.count >= 3, pixels.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        let area = pixelRect(enclosing: CGRect(boundingBoxOf: pixels)).intersection(clip)
        guard !area.isEmpty else { return }
        let size = PixelSize(uncheckedWidth: area.width, height: area.height)
        let coverage = scratch.acquireMask(size)
        defer { scratch.releaseMask() }
        fillByPixelCentres(pixels, into: coverage, origin: area)
        let piece = scratch.acquireBitmap(size)
        defer { scratch.releaseBitmap() }
        let toPiece = parentMap.concatenating(Homography(CGAffineTransform(translationX: CGFloat(-area.minX),
                                                                         y: CGFloat(-area.minY))))
        draw(node, parentMap: toPiece, target: piece, clip: PixelRect(size: size), opacity: opacity)
        try? target.composite(piece, atX: area.minX, y: area.minY, mask: coverage, opacity: 255)
    }

    /// Carries `polygon` through `map` into `scratch.piecePolygon`, clipped where it passes
    /// behind the viewer.
    private func projectPolygon(_ polygon: [CGPoint], through map: Homography) {
        scratch.piecePolygon.removeAll(keepingCapacity: true)
        let minimumW = HomogeneousQuad.defaultMinimumW
        guard let last = polygon.last else { return }
        var previous = map.homogeneous(x: Double(last.x), y: Double(last.y))
        for point in polygon {
            let current = map.homogeneous(x: Double(point.x), y: Double(point.y))
            let currentIn = current.z >= minimumW, previousIn = previous.z >= minimumW
            if currentIn != previousIn {
                let v = previous + (current - previous) * ((minimumW - previous.z) / (current.z - previous.z))
                scratch.piecePolygon.append(CGPoint(x: v.x / v.z, y: v.y / v.z))
            }
            if currentIn { scratch.piecePolygon.append(CGPoint(x: current.x / current.z, y: current.y / current.z)) }
            previous = current
        }
    }
}

/// Sets `mask` (whose pixel (0, 0) is `origin`'s top-left pixel) to 255 where the pixel's
/// centre lies inside the convex `polygon` (target pixels) and 0 elsewhere. A centre on an edge
/// belongs to the polygon on its right or below (half-open spans), and each edge's crossing is
/// computed from its endpoints ordered by y, so polygons sharing an edge share every pixel on
/// it exactly once.
func fillByPixelCentres(_ polygon: [CGPoint], into mask: CoverageMask, origin: PixelRect) {
    let count = polygon.count
    for row in 0..<mask.height {
        let line = mask.baseAddress + row * mask.rowStride
        let y = Double(origin.minY + row) + 0.5
        var left = Double.infinity, right = -Double.infinity
        for i in 0..<count {
            var a = polygon[i], b = polygon[(i + 1) % count]
            if a.y > b.y { swap(&a, &b) }
            guard Double(a.y) <= y, y < Double(b.y) else { continue }
            let x = Double(a.x) + (y - Double(a.y)) * Double(b.x - a.x) / Double(b.y - a.y)
            left = min(left, x)
            right = max(right, x)
        }
        var first = 0, end = 0
        if left < right {
            first = columnIndex(left - 0.5 - Double(origin.minX), width: mask.width)
            end = max(first, columnIndex(right - 0.5 - Double(origin.minX), width: mask.width))
        }
        if first > 0 { line.update(repeating: 0, count: first) }
        if end > first { (line + first).update(repeating: 255, count: end - first) }
        if mask.width > end { (line + end).update(repeating: 0, count: mask.width - end) }
    }
}

/// The first column whose centre lies at or right of `x` (relative to the mask's left edge),
/// clamped to `0...width`; NaN counts as the left edge.
private func columnIndex(_ x: Double, width: Int) -> Int {
    guard x > 0 else { return 0 }
    guard x < Double(width) else { return width }
    return Int(x.rounded(.up))
}
