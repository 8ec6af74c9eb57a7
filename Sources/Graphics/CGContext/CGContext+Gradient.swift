import Geometry
import Raster

/// Gradient fills: the whole clip painted with a `CGGradient`, as Core Graphics draws them.
///
/// Clip to a shape first to fill the shape with a gradient (`addPath`, `clip()`, then draw).
/// The gradient's geometry is in user space, so the CTM moves, scales and skews it (a radial
/// gradient under a non-uniform scale is elliptical). Without `options` only the part between
/// the start and the end is painted; the options extend the end colours beyond them.
///
///     context.saveGState()
///     context.addEllipse(in: bounds)
///     context.clip()
///     context.drawRadialGradient(gradient, startCenter: center, startRadius: 0,
///                                endCenter: center, endRadius: bounds.width / 2, options: [])
///     context.restoreGState()
extension CGContext {
    /// Paints the axial gradient from `start` to `end` (user space) over the clip: colour `t`
    /// along the line, constant across it. `start == end` paints nothing.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else { return }
        drawGradient(gradient, .axial(start: start, end: end), options: options)
    }

    /// Paints the radial gradient between the circle at `startCenter` of `startRadius` and the
    /// one at `endCenter` of `endRadius` (user space) over the clip; see `GradientShader` for
    /// how a point picks its colour. Negative radii are taken as 0.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        let values = [startCenter.x, startCenter.y, startRadius, endCenter.x, endCenter.y, endRadius]
        guard values.allSatisfy(\.isFinite) else { return }
        drawGradient(gradient, .radial(startCenter: startCenter, startRadius: max(0, startRadius),
                                       endCenter: endCenter, endRadius: max(0, endRadius)), options: options)
    }

    /// Paints `shape` over the clip, with the clip mask, alpha, blend mode and shadow.
    package func drawGradient(_ gradient: CGGradient, _ shape: GradientShader.Shape, options: CGGradientDrawingOptions) {
        guard let area = pixelClip, let toUser = pixelsToUser else { return }
        let opacity = toByte(state.alpha)
        guard opacity != 0 else { return }
        let shader = GradientShader(shape: shape, ramp: gradient.ramp,
                                    extendsBefore: options.contains(.drawsBeforeStartLocation),
                                    extendsAfter: options.contains(.drawsAfterEndLocation), pixelToGradient: toUser)
        if state.shadow != nil {
            guard let size = try? PixelSize(width: area.width, height: area.height) else { return }
            let pixels = Bitmap(size: size)
            let coverage = CoverageMask(size: size)
            for y in 0..<area.height {
                let colors = pixels.row(y).baseAddress!, covered = coverage.row(y).baseAddress!
                guard shader.shadeRow(y: area.minY + y, x: area.minX, count: area.width, colors: colors,
                                      coverage: covered) else { continue }
                for x in 0..<area.width where covered[x] == 0 { colors[x] = 0 }
            }
            composite(.pixels(pixels, shape: coverage), at: area)
            return
        }
        let op = state.blendMode.operator
        if op == .normal, state.clipMask == nil, opacity == 255, gradient.ramp.isOpaque {
            // Opaque paint over a rectangle: the shader writes the covered pixels in place.
            drawing(touching: area) {
                withCoverageRow(area.width) { covered in
                    for y in area.minY..<area.maxY {
                        _ = shader.shadeRow(y: y, x: area.minX, count: area.width,
                                            colors: target.row(y).baseAddress! + area.minX, coverage: covered)
                    }
                }
            }
            return
        }
        let colors = UnsafeMutablePointer<UInt32>.allocate(capacity: area.width)
        defer { colors.deallocate() }
        drawing(touching: area) {
            withCoverageRow(area.width) { covered in
                for y in area.minY..<area.maxY {
                    guard shader.shadeRow(y: y, x: area.minX, count: area.width, colors: colors, coverage: covered)
                    else { continue }
                    if let mask = state.clipMask {
                        guard multiply(covered, mask.row(y, from: area.minX), into: covered, count: area.width)
                        else { continue }
                    }
                    BlendKernels.blendRow(op, destination: target.row(y).baseAddress! + area.minX, source: colors,
                                          solid: .clear, shape: covered, opacity: opacity, count: area.width)
                }
            }
        }
    }
}
