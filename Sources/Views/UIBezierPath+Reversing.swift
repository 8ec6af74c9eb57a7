import Geometry
import Graphics
import Layers

extension UIBezierPath {
    /// A new path with the same shape drawn the other way: each subpath starts at its old end and
    /// runs its segments backwards (curves with their control points swapped), closed subpaths
    /// stay closed, and the subpaths keep their order, as Apple's `reversing()` returns them. The
    /// drawing properties (line width, cap, join, miter limit, flatness, fill rule, dash) are
    /// copied. Reversing matters for the non-zero fill rule: a reversed inner contour punches a
    /// hole in the outer one.
    ///
    ///     let ring = UIBezierPath(ovalIn: outer)
    ///     ring.append(UIBezierPath(ovalIn: inner).reversing())
    public func reversing() -> UIBezierPath {
        enum Segment { case line, quad(CGPoint), cubic(CGPoint, CGPoint) }
        let reversed = CGMutablePath()
        var start: CGPoint?
        var points: [CGPoint] = []
        var segments: [Segment] = []
        func flush(closed: Bool) {
            defer {
                points = []
                segments = []
            }
            guard let last = points.last else {
                if let start, closed {
                    reversed.move(to: start)
                    reversed.closeSubpath()
                }
                return
            }
            reversed.move(to: last)
            for i in stride(from: segments.count - 1, through: 0, by: -1) {
                let to = i == 0 ? start! : points[i - 1]
                switch segments[i] {
                case .line: reversed.addLine(to: to)
                case let .quad(control): reversed.addQuadCurve(to: to, control: control)
                case let .cubic(c1, c2): reversed.addCurve(to: to, control1: c2, control2: c1)
                }
            }
            if closed { reversed.closeSubpath() }
        }
        cgPath.forEach { element in
            switch element {
            case let .move(to: p):
                flush(closed: false)
                start = p
            case let .line(to: p):
                points.append(p)
                segments.append(.line)
            case let .quadCurve(to: p, control: c):
                points.append(p)
                segments.append(.quad(c))
            case let .curve(to: p, control1: c1, control2: c2):
                points.append(p)
                segments.append(.cubic(c1, c2))
            case .closeSubpath:
                flush(closed: true)
            }
        }
        flush(closed: false)
        let result = UIBezierPath(cgPath: reversed)
        result.lineWidth = lineWidth
        result.lineCapStyle = lineCapStyle
        result.lineJoinStyle = lineJoinStyle
        result.miterLimit = miterLimit
        result.flatness = flatness
        result.usesEvenOddFillRule = usesEvenOddFillRule
        var count = 0
        getLineDash(nil, count: &count, phase: nil)
        if count > 0 {
            var pattern = [CGFloat](repeating: 0, count: count)
            var phase: CGFloat = 0
            getLineDash(&pattern, count: nil, phase: &phase)
            result.setLineDash(pattern, count: count, phase: phase)
        }
        return result
    }
}
