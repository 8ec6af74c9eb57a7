import CFreeType
import Geometry
import Raster

/// A FreeType outline as a flattened path in pixels, y down (FreeType's y axis points up).
package enum GlyphOutline {
    /// `outline`'s contours, moved `shiftX` pixels right, flattened to 0.05 pixel.
    package static func path(of outline: UnsafeMutablePointer<FT_Outline>, shiftX: Double) -> FlattenedPath {
        var builder = Builder(path: FlattenedPath(tolerance: 0.05), shiftX: shiftX)
        decompose(outline, into: &builder)
        builder.path.close()
        return builder.path
    }

    /// Walks `outline`'s contours through FreeType into `sink`, in FreeType's units and axes.
    package static func decompose<Sink: OutlineSink>(_ outline: UnsafeMutablePointer<FT_Outline>, into sink: inout Sink) {
        var box: any OutlineSink = sink
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                user!.assumingMemoryBound(to: (any OutlineSink).self).pointee.move(to!.pointee)
                return 0
            },
            line_to: { to, user in
                user!.assumingMemoryBound(to: (any OutlineSink).self).pointee.line(to!.pointee)
                return 0
            },
            conic_to: { control, to, user in
                user!.assumingMemoryBound(to: (any OutlineSink).self).pointee.quad(control!.pointee, to!.pointee)
                return 0
            },
            cubic_to: { c1, c2, to, user in
                user!.assumingMemoryBound(to: (any OutlineSink).self).pointee.cubic(c1!.pointee, c2!.pointee, to!.pointee)
                return 0
            },
            shift: 0, delta: 0)
        _ = withUnsafeMutablePointer(to: &box) { FT_Outline_Decompose(outline, &funcs, $0) }
        if let filled = box as? Sink { sink = filled }
    }

    private struct Builder: OutlineSink {
        var path: FlattenedPath
        let shiftX: Double
        var open = false

        func point(_ v: FT_Vector) -> CGPoint { CGPoint(x: Double(v.x) / 64 + shiftX, y: -Double(v.y) / 64) }

        mutating func move(_ v: FT_Vector) {
            if open { path.close() }
            path.move(to: point(v))
            open = true
        }

        mutating func line(_ v: FT_Vector) { path.addLine(to: point(v)) }
        mutating func quad(_ c: FT_Vector, _ v: FT_Vector) { path.addQuadCurve(to: point(v), control: point(c)) }
        mutating func cubic(_ c1: FT_Vector, _ c2: FT_Vector, _ v: FT_Vector) {
            path.addCurve(to: point(v), control1: point(c1), control2: point(c2))
        }
    }
}

/// What `GlyphOutline.decompose(_:into:)` feeds a FreeType outline's contours to.
package protocol OutlineSink {
    mutating func move(_ to: FT_Vector)
    mutating func line(_ to: FT_Vector)
    mutating func quad(_ control: FT_Vector, _ to: FT_Vector)
    mutating func cubic(_ control1: FT_Vector, _ control2: FT_Vector, _ to: FT_Vector)
}
