import Geometry
import Raster

/// The clip beyond its bounding rectangle: coverage of every device pixel in `rect` (0 outside
/// the clip, 255 inside, partial along anti-aliased edges). Immutable once made, so saved
/// graphics states share it; clipping again makes a new one.
package final class ClipMask {
    /// The device pixels the mask covers (the clip's bounding rectangle, in pixels).
    package let rect: PixelRect
    package let coverage: CoverageMask

    package init(rect: PixelRect, coverage: CoverageMask) {
        self.rect = rect
        self.coverage = coverage
    }

    /// The coverage of device row `y` from device column `x`.
    @inline(__always) package func row(_ y: Int, from x: Int) -> UnsafeMutablePointer<UInt8> {
        coverage.row(y - rect.minY).baseAddress! + (x - rect.minX)
    }
}

/// A context's shadow: offset and blur in base space (y down on Kinescope, as on iOS 3.2 and
/// later), colour premultiplied.
package struct ShadowStyle {
    package var offset: CGSize
    package var blur: CGFloat
    package var color: PremultipliedColor
}

/// One drawing operation's output, before the clip, shadow, alpha and blend mode are applied.
package enum PaintedOperation {
    /// A colour through a coverage mask placed at the operation's origin (paths, rectangles).
    case solid(PremultipliedColor, coverage: CoverageMask)
    /// Premultiplied pixels already scaled by their own shape coverage (images, layer trees,
    /// transparency layers), with that coverage when it is known (else full).
    case pixels(Bitmap, shape: CoverageMask?)
}

/// A transparency layer being drawn: its pixels and what to composite them with at the end.
package struct TransparencyLayer {
    package let pixels: Bitmap
    /// The graphics state when the layer began (restored when it ends, then used to composite).
    package let state: GraphicsState
    package let savedDepth: Int
}

extension CGContext {
    /// Whether drawing must go through `composite(_:at:)`: a clip mask, a shadow or a blend
    /// mode other than normal. Otherwise each call draws straight into `target`.
    package var needsCompositing: Bool {
        state.clipMask != nil || state.shadow != nil || state.blendMode != .normal
    }

    /// Whether edges are anti-aliased (`setShouldAntialias` and `setAllowsAntialiasing` both on).
    package var antialiases: Bool { state.shouldAntialias && state.allowsAntialiasing }

    /// The device pixels an operation covering `box` (pixels, y down) must be rendered over to
    /// composite it: the box grown by a pixel, within the clip, or, with a shadow, also where its
    /// shadow reaches the clip (the object may lie outside the clip and cast its shadow in, as
    /// the inner-shadow idiom relies on). Nil when nothing can show.
    package func operationArea(ofPixelBox box: CGRect) -> PixelRect? {
        guard let clip = pixelClip else { return nil }
        guard !box.isNull, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
        let limit: CGFloat = 1e7
        let x0 = Int(max(-limit, box.minX.rounded(.down))) - 1, y0 = Int(max(-limit, box.minY.rounded(.down))) - 1
        let x1 = Int(min(limit, box.maxX.rounded(.up))) + 1, y1 = Int(min(limit, box.maxY.rounded(.up))) + 1
        let grown = PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
        var reach = clip
        if let shadow = state.shadow, let geometry = shadowGeometry(shadow) {
            let e = geometry.blur.extent
            let source = PixelRect(x: clip.minX - geometry.dx - e, y: clip.minY - geometry.dy - e,
                                   width: clip.width + 2 * e, height: clip.height + 2 * e)
            reach = reach.union(source)
        }
        let area = grown.intersection(reach)
        return area.isEmpty ? nil : area
    }

    /// The shadow's offset in whole device pixels and its blur (σ = blur / 2, as Canvas and CSS
    /// define a shadow blur; Apple does not document its kernel).
    package func shadowGeometry(_ shadow: ShadowStyle) -> (dx: Int, dy: Int, blur: BoxBlur)? {
        let scale = baseScale
        let dx = shadow.offset.width * scale, dy = shadow.offset.height * scale
        guard dx.isFinite, dy.isFinite, abs(dx) < 1e6, abs(dy) < 1e6 else { return nil }
        let sigma = Double(shadow.blur * scale) / 2
        return (Int(dx.rounded()), Int(dy.rounded()), BoxBlur(standardDeviation: sigma.isFinite ? sigma : 0))
    }

    /// Composites an operation rendered over `area` (device pixels; the operation's masks and
    /// pixels are `area`-sized) onto `target`: its shadow first, then the operation, each through
    /// the clip, with the global alpha and the blend mode.
    package func composite(_ operation: PaintedOperation, at area: PixelRect) {
        guard let clip = pixelClip else { return }
        let opacity = toByte(state.alpha)
        guard opacity != 0 else { return }
        if let shadow = state.shadow, shadow.color.alpha != 0, let geometry = shadowGeometry(shadow) {
            compositeShadow(of: operation, area: area, color: shadow.color, geometry: geometry, clip: clip, opacity: opacity)
        }
        let visible = area.intersection(clip).intersection(target.bounds)
        guard !visible.isEmpty else { return }
        let op = state.blendMode.operator
        drawing(touching: visible) {
            let width = visible.width
            withCoverageRow(width) { combined in
                for y in visible.minY..<visible.maxY {
                    let destination = target.row(y).baseAddress! + visible.minX
                    let clipRow = state.clipMask?.row(y, from: visible.minX)
                    switch operation {
                    case let .solid(color, coverage):
                        let shape = coverage.row(y - area.minY).baseAddress! + (visible.minX - area.minX)
                        let through: UnsafePointer<UInt8>
                        if clipRow == nil {
                            through = UnsafePointer(shape)
                        } else if let clipRow, isFullyCovered(shape, count: width) {
                            through = UnsafePointer(clipRow)
                        } else {
                            guard multiply(shape, clipRow, into: combined, count: width) else { continue }
                            through = UnsafePointer(combined)
                        }
                        BlendKernels.blendRow(op, destination: destination, source: nil, solid: color,
                                              shape: through, opacity: opacity, count: width)
                    case let .pixels(pixels, shape):
                        let source = pixels.row(y - area.minY).baseAddress! + (visible.minX - area.minX)
                        let shapeRow = shape.map { $0.row(y - area.minY).baseAddress! + (visible.minX - area.minX) }
                        if op.needsShapeCoverage, let shapeRow {
                            // Porter–Duff: the source at full shape, painted through its shape.
                            unshape(source, by: shapeRow, count: width)
                            guard multiply(shapeRow, clipRow, into: combined, count: width) else { continue }
                            BlendKernels.blendRow(op, destination: destination, source: source, solid: .clear,
                                                  shape: combined, opacity: opacity, count: width)
                        } else {
                            BlendKernels.blendRow(op, destination: destination, source: source, solid: .clear,
                                                  shape: clipRow, opacity: opacity, count: width)
                        }
                    }
                }
            }
        }
    }

    /// Paints the blurred, offset alpha of `operation` in the shadow colour.
    private func compositeShadow(of operation: PaintedOperation, area: PixelRect, color: PremultipliedColor,
                                 geometry: (dx: Int, dy: Int, blur: BoxBlur), clip: PixelRect, opacity: UInt8) {
        guard let size = try? PixelSize(width: area.width, height: area.height) else { return }
        let alpha = CoverageMask(size: size)
        switch operation {
        case let .solid(c, coverage):
            let k = UInt32(c.alpha)
            for y in 0..<area.height {
                let from = coverage.row(y).baseAddress!, to = alpha.row(y).baseAddress!
                for x in 0..<area.width { to[x] = UInt8(divideBy255(UInt32(from[x]) &* k)) }
            }
        case let .pixels(pixels, _):
            pixels.copyAlpha(atX: 0, y: 0, into: alpha)
        }
        guard let blurred = try? alpha.blurred(geometry.blur) else { return }
        let e = geometry.blur.extent
        let shadowArea = PixelRect(x: area.minX - e + geometry.dx, y: area.minY - e + geometry.dy,
                                   width: blurred.width, height: blurred.height)
        let visible = shadowArea.intersection(clip).intersection(target.bounds)
        guard !visible.isEmpty else { return }
        let op = state.blendMode.operator
        drawing(touching: visible) {
            withCoverageRow(visible.width) { combined in
                for y in visible.minY..<visible.maxY {
                    let shape = blurred.row(y - shadowArea.minY).baseAddress! + (visible.minX - shadowArea.minX)
                    guard multiply(shape, state.clipMask?.row(y, from: visible.minX), into: combined,
                                   count: visible.width) else { continue }
                    BlendKernels.blendRow(op, destination: target.row(y).baseAddress! + visible.minX, source: nil,
                                          solid: color, shape: combined, opacity: opacity, count: visible.width)
                }
            }
        }
    }

    /// Runs `body` with a scratch coverage row of at least `count` bytes.
    package func withCoverageRow(_ count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, count))
        defer { row.deallocate() }
        body(row)
    }
}

/// `a × b / 255` into `out` (`b` nil: a copy of `a`); false when every product is 0.
@inline(__always)
package func multiply(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>?, into out: UnsafeMutablePointer<UInt8>,
              count: Int) -> Bool {
    var any: UInt8 = 0
    if let b {
        for i in 0..<count {
            let v = UInt8(truncatingIfNeeded: divideBy255(UInt32(a[i]) &* UInt32(b[i])))
            out[i] = v
            any |= v
        }
    } else {
        for i in 0..<count {
            out[i] = a[i]
            any |= a[i]
        }
    }
    return any != 0
}

/// Whether every value of the row is 255 (read 8 bytes at a time).
@inline(__always)
package func isFullyCovered(_ row: UnsafePointer<UInt8>, count: Int) -> Bool {
    var i = 0
    while i + 8 <= count {
        guard UnsafeRawPointer(row + i).loadUnaligned(as: UInt64.self) == ~0 else { return false }
        i += 8
    }
    while i < count {
        guard row[i] == 255 else { return false }
        i += 1
    }
    return true
}

/// Divides premultiplied pixels by their shape coverage (`P / m`, clamped), in place: the colour
/// an operation has at full coverage, for the Porter–Duff operators.
@inline(__always)
package func unshape(_ pixels: UnsafeMutablePointer<UInt32>, by shape: UnsafePointer<UInt8>, count: Int) {
    for i in 0..<count {
        let m = UInt32(shape[i])
        guard m != 0, m != 255 else { continue }
        let p = pixels[i]
        var out: UInt32 = 0
        for shift in stride(from: UInt32(0), through: 24, by: 8) {
            out |= min(255, ((p >> shift & 0xFF) * 255 + m / 2) / m) << shift
        }
        pixels[i] = out
    }
}
