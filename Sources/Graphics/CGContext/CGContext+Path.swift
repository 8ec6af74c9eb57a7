import Geometry
import Raster

/// The current path: built in user space, kept in device pixels.
///
/// As in Core Graphics, each point is mapped through the CTM in force when it is added, so
/// changing the CTM between two segments moves only the later one; painting the path (`fillPath`,
/// `strokePath`, `drawPath`) consumes it, leaving the path empty. The path is not part of the
/// graphics state: `saveGState()` / `restoreGState()` leave it alone.
///
///     context.beginPath()
///     context.move(to: CGPoint(x: 10, y: 10))
///     context.addLine(to: CGPoint(x: 90, y: 40))
///     context.addArc(center: CGPoint(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: .pi, clockwise: false)
///     context.setLineWidth(4)
///     context.setLineJoin(.round)
///     context.strokePath()
extension CGContext {
    /// Empties the current path (painting does this too).
    public func beginPath() {
        devicePath = CGMutablePath()
    }

    /// Starts a new subpath at `point` (user space).
    public func move(to point: CGPoint) {
        devicePath.move(to: point, transform: userToPixels)
    }

    /// Adds a line from the current point to `point`; ignored when the path is empty, as in Core
    /// Graphics (which also logs).
    public func addLine(to point: CGPoint) {
        devicePath.addLine(to: point, transform: userToPixels)
    }

    /// A new subpath through `points`: a move to the first, a line to each of the others.
    public func addLines(between points: [CGPoint]) {
        devicePath.addLines(between: points, transform: userToPixels)
    }

    /// Adds a cubic Bézier curve from the current point; ignored when the path is empty.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        devicePath.addCurve(to: end, control1: control1, control2: control2, transform: userToPixels)
    }

    /// Adds a quadratic Bézier curve from the current point; ignored when the path is empty.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        devicePath.addQuadCurve(to: end, control: control, transform: userToPixels)
    }

    /// Adds an arc of the circle around `center` (user space), from `startAngle` to `endAngle`
    /// radians, with a line from the current point to its start when there is a current point.
    /// `clockwise` is meant in user space with y up: `true` makes the angle decrease, which in
    /// a UIKit-flipped context turns anticlockwise on screen (see
    /// `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:transform:)`).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        devicePath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                          clockwise: clockwise, transform: userToPixels)
    }

    /// Adds an arc of `radius` tangent to the lines from the current point to `tangent1End` and
    /// from there to `tangent2End`, after a line to its first tangent point (`CGContextAddArcToPoint`).
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        devicePath.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: userToPixels)
    }

    /// Adds `rect` as a closed subpath (a move to its minimum corner, lines along the minimum-y
    /// edge first).
    public func addRect(_ rect: CGRect) {
        devicePath.addRect(rect, transform: userToPixels)
    }

    /// Adds each rectangle as `addRect(_:)` does.
    public func addRects(_ rects: [CGRect]) {
        devicePath.addRects(rects, transform: userToPixels)
    }

    /// Adds the ellipse inscribed in `rect` as a closed subpath of four Béziers.
    public func addEllipse(in rect: CGRect) {
        devicePath.addEllipse(in: rect, transform: userToPixels)
    }

    /// Adds every element of `path`, taken as user space.
    public func addPath(_ path: CGPath) {
        devicePath.addPath(path, transform: userToPixels)
    }

    /// Closes the current subpath with a line to its first point.
    public func closePath() {
        devicePath.closeSubpath()
    }

    /// True when the current path has no elements.
    public var isPathEmpty: Bool { devicePath.isEmpty }

    /// The current point in user space (under the current CTM); `CGPoint.zero` when the path is
    /// empty, as Core Graphics returns.
    public var currentPointOfPath: CGPoint {
        guard let point = devicePath.current, let inverse = pixelsToUser else { return .zero }
        return point.applying(inverse)
    }

    /// The bounding box of the current path in user space (under the current CTM), control
    /// points included, as `CGContextGetPathBoundingBox`; `CGRect.null` when the path is empty.
    public var boundingBoxOfPath: CGRect {
        guard !devicePath.isEmpty, let inverse = pixelsToUser else { return .null }
        return devicePath.copy(using: [inverse])?.boundingBox ?? .null
    }

    /// A copy of the current path in user space (under the current CTM); nil when it is empty
    /// or the CTM cannot be inverted.
    public var path: CGPath? {
        guard !devicePath.isEmpty, let inverse = pixelsToUser else { return nil }
        return devicePath.copy(using: [inverse])
    }

    /// Whether `point` (user space) lies in what `drawPath(using: mode)` would paint with the
    /// current path and state: the fill under the mode's rule, the stroke outline, or either for
    /// the fill-and-stroke modes. The path is left as it is.
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        guard !devicePath.isEmpty else { return false }
        let p = point.applying(userToPixels)
        guard p.x.isFinite, p.y.isFinite else { return false }
        let rule: CGPathFillRule? = switch mode {
        case .fill, .fillStroke: .winding
        case .eoFill, .eoFillStroke: .evenOdd
        case .stroke: nil
        }
        if let rule, devicePath.contains(p, using: rule) { return true }
        guard mode != .fill, mode != .eoFill, let outline = strokeOutline() else { return false }
        let stroke = CGMutablePath()
        stroke.addOutline(outline)
        return stroke.contains(p, using: .winding)
    }

    /// Fills the current path with the fill colour under `rule`, closing open subpaths, and
    /// empties the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        paintCurrentPath(fill: rule, stroke: false)
    }

    /// Strokes the current path with the stroke colour and the line width, cap, join and miter
    /// limit of the graphics state, and empties the path. The stroke is made in user space, so a
    /// non-uniform CTM stretches it (a circle's stroke becomes an elliptical ring); a line width
    /// of 0 strokes one device pixel wide.
    public func strokePath() {
        paintCurrentPath(fill: nil, stroke: true)
    }

    /// Paints the current path as `mode` says (a fill, a stroke, or a fill then a stroke over
    /// it), and empties the path.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: paintCurrentPath(fill: .winding, stroke: false)
        case .eoFill: paintCurrentPath(fill: .evenOdd, stroke: false)
        case .stroke: paintCurrentPath(fill: nil, stroke: true)
        case .fillStroke: paintCurrentPath(fill: .winding, stroke: true)
        case .eoFillStroke: paintCurrentPath(fill: .evenOdd, stroke: true)
        }
    }

    /// Strokes `rect` (user space) with the current line width; replaces the current path, which
    /// is left empty (Core Graphics builds the rectangle as the current path and strokes it).
    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }

    /// Strokes `rect` `width` wide, leaving the state's line width as it was; the current path
    /// is left empty.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let saved = state.lineWidth
        setLineWidth(width)
        stroke(rect)
        state.lineWidth = saved
    }

    /// Strokes the ellipse inscribed in `rect`; the current path is left empty.
    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes a segment between each pair of points (the first and second, third and fourth…;
    /// a last unpaired point is ignored), each capped as an open subpath of its own; the current
    /// path is left empty.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var i = 0
        while i + 1 < points.count {
            move(to: points[i])
            addLine(to: points[i + 1])
            i += 2
        }
        strokePath()
    }

    /// Replaces the current path by the outline of its stroke with the current line width, cap,
    /// join and miter limit (made in user space, as `strokePath()` strokes), so that filling it
    /// paints what stroking would have. The outline is polygonal, its round parts within 0.1
    /// device pixel.
    public func replacePathWithStrokedPath() {
        let outline = strokeOutline()
        devicePath = CGMutablePath()
        if let outline { devicePath.addOutline(outline) }
    }

    /// Paints the current path, then empties it.
    private func paintCurrentPath(fill rule: CGPathFillRule?, stroke: Bool) {
        defer { beginPath() }
        guard !devicePath.isEmpty else { return }
        if let rule {
            paint(devicePath.flattened(tolerance: 0.1), rule: rule.rasterRule, color: state.fillColor)
        }
        if stroke, let outline = strokeOutline() {
            paint(outline, rule: .nonZero, color: state.strokeColor)
        }
    }

    /// The current path's stroke outline in pixels, dashed first when the state has a dash
    /// pattern (in user space, under the current CTM); nil when the CTM cannot be inverted.
    private func strokeOutline() -> FlattenedPath? {
        guard !devicePath.isEmpty else { return nil }
        let dash = state.lineDash
        // Dashes are placed by arc length: curves are flattened more finely for them.
        let inPixels = devicePath.flattened(tolerance: dash == nil ? 0.05 : 0.02)
        let width = Double(state.lineWidth)
        let style = StrokeStyle(width: width, cap: state.lineCap.rasterCap, join: state.lineJoin.rasterJoin,
                                miterLimit: Double(state.miterLimit))
        guard width > 0 else {
            // Core Graphics' hairline: one device pixel wide, whatever the CTM; its dashes are
            // still measured in user space (a singular CTM has none: the hairline stays solid).
            var hairline = style
            hairline.width = 1
            var path = inPixels
            if let dash, let inverse = pixelsToUser {
                path = inPixels.applying(inverse).dashed(dash, strokeCap: hairline.cap).applying(userToPixels)
            }
            return path.stroked(hairline, tolerance: 0.1)
        }
        guard let inverse = pixelsToUser else { return nil }
        var inUser = inPixels.applying(inverse)
        if let dash { inUser = inUser.dashed(dash, strokeCap: style.cap) }
        return inUser.stroked(style, transform: userToPixels, tolerance: 0.1)
    }

    /// Fills `path` (pixels) under `rule` with `color` and the global alpha, through the clip
    /// (and its mask), with the shadow and the blend mode.
    ///
    /// The coverage goes into a scratch mask kept by the context. On the direct path (normal
    /// blending, no clip mask, no shadow) each row goes through the source-over row kernel,
    /// which skips empty coverage 8 bytes at a time (a stroke's box is mostly empty: blending
    /// the whole box made the stroke benchmark's 2000-segment polyline, a box of 1880 × 800,
    /// take 3.8–5.2 ms instead of 1.95 ms) and stores or blends fully covered runs 8 pixels at a
    /// time, with the rounding of `Bitmap.fill(_:through:)` (the same bytes). With
    /// anti-aliasing off, a pixel is covered when at least half of it is inside.
    package func paint(_ path: FlattenedPath, rule: FillRule, color: CGColor) {
        let premultiplied = color.premultipliedPixel
        let opacity = toByte(state.alpha)
        guard opacity != 0 else { return }
        guard premultiplied.alpha != 0 || state.blendMode.operator.needsShapeCoverage else { return }
        if needsCompositing {
            guard let area = operationArea(ofPixelBox: path.bounds) else { return }
            let mask = pathMask(width: area.width, height: area.height)
            rasterizer.fill(path, rule: rule, into: mask, origin: CGPoint(x: area.minX, y: area.minY))
            if !antialiases { mask.threshold() }
            composite(.solid(premultiplied, coverage: mask), at: area)
            return
        }
        guard let touched = touchedPixels(ofPixelBox: path.bounds) else { return }
        let mask = pathMask(width: touched.width, height: touched.height)
        rasterizer.fill(path, rule: rule, into: mask, origin: CGPoint(x: touched.minX, y: touched.minY))
        if !antialiases { mask.threshold() }
        drawing(touching: touched) {
            for row in 0..<mask.height {
                BlendKernels.blendRow(.normal, destination: target.row(touched.minY + row).baseAddress! + touched.minX,
                                      source: nil, solid: premultiplied, shape: mask.row(row).baseAddress!,
                                      opacity: opacity, count: mask.width)
            }
        }
    }

    /// A `width` × `height` view of the scratch mask, grown first when too small.
    private func pathMask(width: Int, height: Int) -> CoverageMask {
        if let scratch = pathMaskScratch, scratch.width >= width, scratch.height >= height,
           let view = try? scratch.view(of: PixelRect(x: 0, y: 0, width: width, height: height)) {
            return view
        }
        let grown = CoverageMask(width: max(width, pathMaskScratch?.width ?? 0),
                                 height: max(height, pathMaskScratch?.height ?? 0))
        pathMaskScratch = grown
        return (try? grown.view(of: PixelRect(x: 0, y: 0, width: width, height: height))) ?? grown
    }

    /// Pixels to user space under the current CTM; nil when the CTM is singular or not finite.
    package var pixelsToUser: CGAffineTransform? {
        let m = userToPixels
        let determinant = m.a * m.d - m.b * m.c
        guard determinant != 0, determinant.isFinite else { return nil }
        let inverse = m.inverted()
        guard inverse.a.isFinite, inverse.b.isFinite, inverse.c.isFinite, inverse.d.isFinite,
              inverse.tx.isFinite, inverse.ty.isFinite else { return nil }
        return inverse
    }
}

extension CGMutablePath {
    /// Appends each contour of `outline` as a subpath of lines, closed.
    package func addOutline(_ outline: FlattenedPath) {
        for index in 0..<outline.contourCount {
            let contour = outline.contour(index)
            guard let first = contour.first else { continue }
            move(to: first)
            for p in contour.dropFirst() { addLine(to: p) }
            closeSubpath()
        }
    }
}

extension CGPath {
    /// The outline of this path stroked `lineWidth` wide with `lineCap`, `lineJoin` and
    /// `miterLimit`, in the path's own space, then mapped by `transform`: filling it (non-zero)
    /// paints what stroking the path would. Core Graphics returns curves; Kinescope's outline
    /// is polygonal, curves and round parts within 0.01 unit of the path's space (after
    /// `transform`'s largest scale). A width of 0 or less gives an empty path.
    ///
    ///     let outline = circle.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .round, miterLimit: 10)
    ///     outline.contains(CGPoint(x: 52, y: 0))   // true for a circle of radius 50 about the origin
    public func copy(strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin,
                     miterLimit: CGFloat, transform: CGAffineTransform = .identity) -> CGPath {
        let result = CGMutablePath()
        guard lineWidth > 0, lineWidth.isFinite else { return result }
        let scale = max(1e-12, Double(max(abs(transform.a) + abs(transform.c), abs(transform.b) + abs(transform.d))))
        let tolerance = 0.01 / scale
        let style = StrokeStyle(width: Double(lineWidth), cap: lineCap.rasterCap, join: lineJoin.rasterJoin,
                                miterLimit: Double(miterLimit))
        let outline = flattened(tolerance: tolerance).stroked(style, transform: transform, tolerance: 0.01)
        result.addOutline(outline)
        return result
    }
}
