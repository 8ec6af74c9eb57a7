import Geometry
import Raster

/// Blend mode, shadow and anti-aliasing: graphics-state settings every drawing call honours.
extension CGContext {
    /// How painting combines with the pixels under it (default `.normal`). Applies to fills,
    /// strokes, images, gradients, layer trees and transparency layers, each bounded by its shape.
    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }

    /// Draws a shadow under everything drawn from now on: `offset` and `blur` in base space
    /// (points in a UIKit image context, pixels in a bitmap context; not affected by the CTM, as
    /// on Apple), a positive height moving the shadow down as on iOS 3.2 and later; `color` nil
    /// (or clear) turns shadows off. The blur is a Gaussian of standard deviation `blur / 2`
    /// (Apple does not document its kernel; Canvas and CSS define a shadow blur this way).
    /// Each drawing call casts its own shadow; draw inside a transparency layer for one shadow
    /// of several shapes. Negative and non-finite blurs count as 0; a non-finite offset turns
    /// the shadow off.
    ///
    ///     context.setShadow(offset: CGSize(width: 4, height: 4), blur: 6,
    ///                       color: UIColor.black.withAlphaComponent(0.5).cgColor)
    ///     UIBezierPath(roundedRect: card, cornerRadius: 12).fill()
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.alpha > 0, offset.width.isFinite, offset.height.isFinite else {
            state.shadow = nil
            return
        }
        state.shadow = ShadowStyle(offset: offset, blur: blur.isFinite ? max(0, blur) : 0, color: color.premultipliedPixel)
    }

    /// A shadow in black at one-third alpha, Apple's default shadow colour.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1.0 / 3.0))
    }

    /// Whether paths, rectangles, images and clips are drawn anti-aliased (default true). Off,
    /// a pixel is painted when at least half of it is covered.
    public func setShouldAntialias(_ shouldAntialias: Bool) { state.shouldAntialias = shouldAntialias }

    /// Whether `setShouldAntialias(true)` may take effect (default true); both must be on for
    /// anti-aliasing. Like Apple's, this setting is part of the graphics state.
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) { state.allowsAntialiasing = allowsAntialiasing }
}

/// Transparency layers: several drawing calls composited as one object.
///
/// `beginTransparencyLayer` saves the graphics state, then draws into a transparent layer with
/// alpha 1, no shadow and normal blending (the rest of the state, clip included, unchanged);
/// `endTransparencyLayer` restores the saved state and composites the layer with its alpha,
/// shadow, blend mode and clip, as Apple's documentation describes: three overlapping circles
/// in a layer cast one shadow, and at alpha 0.5 their overlaps do not darken.
extension CGContext {
    /// Begins a transparency layer over the whole context. `auxiliaryInfo` is ignored (Apple
    /// defines no keys for it).
    public func beginTransparencyLayer(auxiliaryInfo: CFDictionary?) {
        let layer = TransparencyLayer(pixels: Bitmap(size: bitmap.size), state: state, savedDepth: savedStateDepth)
        transparencyLayers.append(layer)
        saveGState()
        target = layer.pixels
        state.alpha = 1
        state.shadow = nil
        state.blendMode = .normal
    }

    /// Begins a transparency layer bounded by `rect` (user space): drawing outside it is
    /// clipped away, and only the rectangle is composited at the end.
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: CFDictionary?) {
        beginTransparencyLayer(auxiliaryInfo: auxiliaryInfo)
        clip(to: rect)
    }

    /// Ends the innermost transparency layer and composites it; without one, does nothing (Apple
    /// logs). Graphics states saved inside the layer and not restored are dropped.
    public func endTransparencyLayer() {
        guard let layer = transparencyLayers.popLast() else { return }
        truncateSavedStates(to: layer.savedDepth)
        state = layer.state
        target = transparencyLayers.last?.pixels ?? bitmap
        guard let area = pixelClip else { return }
        if needsCompositing {
            let whole = CGRect(x: 0, y: 0, width: width, height: height)
            let reach = (operationArea(ofPixelBox: whole) ?? area).intersection(layer.pixels.bounds)
            guard !reach.isEmpty, let pixels = try? layer.pixels.view(of: reach) else { return }
            composite(.pixels(pixels.copy(), shape: nil), at: reach)
            return
        }
        let opacity = toByte(state.alpha)
        drawing(touching: area) {
            for y in area.minY..<area.maxY {
                BlendKernels.blendRow(.normal, destination: target.row(y).baseAddress! + area.minX,
                                      source: layer.pixels.row(y).baseAddress! + area.minX, solid: .clear, shape: nil,
                                      opacity: opacity, count: area.width)
            }
        }
    }
}
