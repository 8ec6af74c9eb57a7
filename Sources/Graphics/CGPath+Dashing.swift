import Geometry
import Raster

extension CGPath {
    /// The dashes of this path: filling their stroke (or stroking them solid) paints what
    /// stroking this path with the dash pattern would, as Core Graphics' method of this name
    /// returns. The path is mapped by `transform` first, then dashed, so `phase` and `lengths`
    /// are measured in the transformed space. The pattern follows `CGContext.setLineDash(phase:lengths:)`:
    /// lengths alternately painted and unpainted (an odd count runs twice per period), the phase
    /// modulo the period, each subpath restarting the pattern, a closed subpath that starts inside
    /// a dash seamed at its start point, a zero length giving a subpath of two equal points.
    ///
    /// Core Graphics returns pieces of the original curves; Kinescope's dashes are polygonal,
    /// within 1/10000 of the path's size (at most 0.01 unit) of the curves. Empty lengths, or
    /// lengths Core Graphics rejects (negative, non-finite, all zero), return the transformed path
    /// undashed, curves included; so does a pattern that would cut the path into more than
    /// `FlattenedPath.maximumDashCount` dashes.
    ///
    ///     let dashes = line.copy(dashingWithPhase: 0, lengths: [10, 5])
    ///     let outline = dashes.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat],
                     transform: CGAffineTransform = .identity) -> CGPath {
        let mapped = transform.isIdentity ? elements : elements.map { $0.applying(transform) }
        guard let pattern = DashPattern(lengths: lengths.map { Double($0) }, phase: Double(phase)) else {
            return CGPath(elements: mapped)
        }
        let box = CGPath(elements: mapped).boundingBox
        guard !box.isNull else { return CGPath(elements: []) }
        let size = Double(max(box.width, box.height))
        let tolerance = size.isFinite ? min(0.01, max(size * 1e-4, 1e-9)) : 0.01
        let dashes = flattened(transform: transform, tolerance: tolerance).dashed(pattern)
        var result: [Element] = []
        result.reserveCapacity(dashes.points.count + dashes.contourCount)
        for index in 0..<dashes.contourCount {
            let contour = dashes.contour(index)
            guard let first = contour.first else { continue }
            result.append(.move(to: first))
            for p in contour.dropFirst() { result.append(.line(to: p)) }
            if dashes.contourIsClosed[index] { result.append(.closeSubpath) }
        }
        return CGPath(elements: result)
    }
}
