import Foundation
import Geometry
import Raster

extension CGContext {
    /// The current transformation matrix: user space to device space (origin bottom left, y up).
    public var ctm: CGAffineTransform { state.ctm }

    /// User space to the bitmap's pixel rows (origin top left, y down): the CTM followed by the
    /// flip from Core Graphics device space to rows.
    package var userToPixels: CGAffineTransform {
        state.ctm.concatenating(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height)))
    }

    public func translateBy(x tx: CGFloat, y ty: CGFloat) {
        state.ctm = CGAffineTransform(translationX: tx, y: ty).concatenating(state.ctm)
    }

    public func scaleBy(x sx: CGFloat, y sy: CGFloat) {
        state.ctm = CGAffineTransform(scaleX: sx, y: sy).concatenating(state.ctm)
    }

    /// Rotates user space by `angle` radians (counter-clockwise in y-up space).
    public func rotate(by angle: CGFloat) {
        state.ctm = CGAffineTransform(rotationAngle: angle).concatenating(state.ctm)
    }

    /// Applies `transform` before the current CTM (`ctm = transform × ctm`), as Apple does.
    public func concatenate(_ transform: CGAffineTransform) {
        state.ctm = transform.concatenating(state.ctm)
    }

    public func setFillColor(_ color: CGColor) { state.fillColor = color }
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }

    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(gray: gray, alpha: alpha)
    }

    /// The global alpha multiplied into everything drawn, clamped to `0...1`.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = clampUnit(alpha) }

    /// The stroke width in user space (default 1). Core Graphics' 0 draws the thinnest line the
    /// device can show: one pixel wide. Negative and non-finite widths are taken as 0.
    public func setLineWidth(_ width: CGFloat) { state.lineWidth = max(0, width.isFinite ? width : 0) }

    /// How the ends of open subpaths are stroked (default `.butt`).
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }

    /// How corners are stroked (default `.miter`).
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }

    /// The longest miter join, in line widths (default 10): a corner whose miter `1 / sin(φ/2)`
    /// (φ the angle between the segments) is longer is beveled. NaN is ignored.
    public func setMiterLimit(_ limit: CGFloat) { if !limit.isNaN { state.miterLimit = limit } }

    /// Sets the dash pattern of strokes: `lengths` alternately painted and unpainted, starting
    /// with a painted one, and `phase`, how far into the pattern each subpath starts. Lengths
    /// and phase are in user space, measured when stroking, so the CTM in force then scales them
    /// (as on Apple). An odd count of lengths runs through the list twice per period (`[a, b, c]`
    /// paints a, skips b, paints c, skips a, …); the phase is taken modulo the period, so a
    /// negative phase shifts the dashes forward. A zero length draws a dot with round or square
    /// caps. Empty `lengths` strokes solid.
    ///
    /// Core Graphics rejects negative, non-finite or all-zero lengths, logging "invalid dash
    /// array", and strokes solid: Kinescope writes the same line to standard error and strokes
    /// solid too. Saved and restored with the graphics state.
    ///
    ///     context.setLineDash(phase: 0, lengths: [10, 5])   // 10 painted, 5 skipped, …
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        let values = lengths.map { Double($0) }
        if let problem = DashPattern.problem(withLengths: values) {
            FileHandle.standardError.write(Data("CGContextSetLineDash: \(problem).\n".utf8))
        }
        state.lineDash = DashPattern(lengths: values, phase: Double(phase))
    }

    /// Sets the stroke colour to the sRGB `red`, `green`, `blue` and `alpha` (each `0...1`).
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Sets the stroke colour to the grey level `gray` (0 black … 1 white) at `alpha`.
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(gray: gray, alpha: alpha)
    }

    /// How images are sampled when drawn transformed: `.none` samples the nearest pixel, every
    /// other value filters bilinearly (with down-scaled levels when shrinking).
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }
}

/// Between user space and device space. Kinescope's device space is the bitmap's pixels with
/// the origin at the bottom left and y up (Core Graphics' convention for bitmap contexts), so
/// `userSpaceToDeviceSpaceTransform` is the CTM.
extension CGContext {
    /// User space to device space: the CTM.
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }

    /// `point` (user space) mapped by the CTM.
    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm) }
    /// `point` (device space) mapped back by the inverse CTM.
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm.inverted()) }

    /// `size` as a vector mapped by the CTM without its translation.
    public func convertToDeviceSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm) }
    /// `size` as a vector mapped back by the inverse CTM without its translation.
    public func convertToUserSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm.inverted()) }

    /// The bounding box of `rect` mapped by the CTM.
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm) }
    /// The bounding box of `rect` (device space) mapped back by the inverse CTM.
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm.inverted()) }
}
