import Foundation
import Geometry
import Graphics
import Raster

/// A layer whose contents are drawn in tiles, on demand, as Apple's `CATiledLayer`: for a
/// picture or document far larger than the screen. Only the tiles that are visible are drawn
/// (the bounds, clipped by every `masksToBounds` ancestor and the root), each once: its
/// delegate's `draw(_:in:)` (or an override of `draw(in:)`) gets a context whose clip is the
/// tile (`ctx.boundingBoxOfClipPath`), in the layer's coordinates, y down. Drawn tiles are
/// cached until `setNeedsDisplay()` (all) or `setNeedsDisplay(_:)` (those it touches).
///
/// Apple draws tiles on background threads; here they are drawn synchronously while the frame
/// is built, so headless runs are deterministic. A newly drawn tile fades in over
/// `fadeDuration()` seconds of media time, as on Apple's platforms (0 turns the fade off).
/// The level of detail follows the layer's scale to the root's space times `contentsScale`.
/// The layer's `contents` is not used; its background, border and sublayers draw as usual,
/// the tiles between background and sublayers.
open class CATiledLayer: CALayer {
    /// The most tiles kept; tiles not visible are dropped first once there are more.
    public static let maximumCachedTileCount = 1024
    /// The most tiles drawn for one frame (the rest are drawn on later frames).
    public static let maximumTilesPerFrame = 256

    /// Seconds a newly drawn tile takes to fade in. Apple's default 0.25; override to change.
    open class func fadeDuration() -> CFTimeInterval { 0.25 }

    /// The size of a tile, in pixels of the backing (points × `contentsScale`). Default
    /// 256 × 256. A side that is not finite or below 16 counts as 16; above 4096, as 4096.
    open var tileSize = CGSize(width: 256, height: 256) { didSet { invalidateTiles(nil) } }

    /// How many levels of detail there are, each half the resolution of the one before.
    /// Default 1; values below 1 count as 1, above 16 as 16.
    open var levelsOfDetail: Int = 1 { didSet { invalidateTiles(nil) } }

    /// How many of the levels are magnified (2×, 4×, …) above the layer's resolution.
    /// Default 0; clamped to `0...levelsOfDetail − 1` and to at most 8.
    open var levelsOfDetailBias: Int = 0 { didSet { invalidateTiles(nil) } }

    struct TileKey: Hashable {
        let level: Int, column: Int, row: Int
    }

    struct Tile {
        let image: CGImage
        let rect: CGRect
        let drawnAt: CFTimeInterval
        var lastShown: Int
    }

    var tiles: [TileKey: Tile] = [:]
    private var frameCounter = 0

    /// A tiled layer with Apple's defaults.
    public required init() { super.init() }

    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CATiledLayer else { return }
        tileSize = other.tileSize
        levelsOfDetail = other.levelsOfDetail
        levelsOfDetailBias = other.levelsOfDetailBias
    }

    /// Drops the cached tiles that `setNeedsDisplay` marked; they are drawn again when shown.
    open override func display() {
        invalidateTiles(needsDisplayRegion)
        needsDisplayFlag = false
        needsDisplayRegion = nil
    }

    /// Drops the tiles meeting `rect` (all of them for nil) and asks for a new render.
    private func invalidateTiles(_ rect: CGRect?) {
        if let rect {
            tiles = tiles.filter { !$0.value.rect.intersects(rect) }
        } else {
            tiles.removeAll()
        }
        markNeedsRender()
    }

    /// The tile size in pixels, clamped (see `tileSize`).
    var effectiveTileSize: (width: CGFloat, height: CGFloat) {
        func side(_ v: CGFloat) -> CGFloat { v.isFinite ? min(4096, max(16, v)) : 16 }
        return (side(tileSize.width), side(tileSize.height))
    }

    /// The part of the bounds that can be seen: clipped by the ancestors that mask to bounds
    /// and by the root's bounds.
    func visibleBounds() -> CGRect {
        var visible = properties.bounds
        var ancestor = superlayer
        while let layer = ancestor {
            if layer.properties.masksToBounds || layer.superlayer == nil {
                visible = visible.intersection(convert(layer.properties.bounds, from: layer))
                if visible.isNull || visible.isEmpty { return .null }
            }
            ancestor = layer.superlayer
        }
        return visible
    }

    /// The level of detail for the layer's current scale: the index among the levels
    /// `2^bias, 2^(bias−1), …` of the smallest at least as fine as the screen, and its scale.
    func levelOfDetail() -> (level: Int, scale: CGFloat) {
        let levels = min(16, max(1, levelsOfDetail)), bias = min(8, max(0, min(levelsOfDetailBias, levels - 1)))
        let corners = [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 1)].map { convert($0, to: nil) }
        let sx = hypot(corners[1].x - corners[0].x, corners[1].y - corners[0].y)
        let sy = hypot(corners[2].x - corners[0].x, corners[2].y - corners[0].y)
        let screen = max(sx, sy).isFinite ? max(sx, sy) : 1
        var level = 0
        while level + 1 < levels, pow(2, CGFloat(bias - level - 1)) >= screen { level += 1 }
        return (level, pow(2, CGFloat(bias - level)))
    }

    /// The nodes of the visible tiles, drawing the ones not yet cached (at most
    /// `maximumTilesPerFrame` a frame).
    func tileNodes(_ p: LayerProperties, model: Bool) -> [RenderNode] {
        let visible = visibleBounds()
        guard !visible.isNull, !visible.isEmpty, visible.width.isFinite, visible.height.isFinite else { return [] }
        let contentsScale = p.contentsScale > 0 && p.contentsScale.isFinite ? p.contentsScale : 1
        let (level, levelScale) = levelOfDetail()
        let pixelScale = contentsScale * levelScale
        let size = effectiveTileSize
        let tileWidth = size.width / pixelScale, tileHeight = size.height / pixelScale
        let b = p.bounds
        let c0 = Int(((visible.minX - b.minX) / tileWidth).rounded(.down))
        let c1 = Int(((visible.maxX - b.minX) / tileWidth).rounded(.up))
        let r0 = Int(((visible.minY - b.minY) / tileHeight).rounded(.down))
        let r1 = Int(((visible.maxY - b.minY) / tileHeight).rounded(.up))
        frameCounter += 1
        let now = AnimationEngine.current.frameTime
        let fade = max(0, Self.fadeDuration().isFinite ? Self.fadeDuration() : 0)
        var drawn = 0, fading = false
        var nodes: [RenderNode] = []
        for row in r0..<max(r0, r1) {
            for column in c0..<max(c0, c1) {
                let key = TileKey(level: level, column: column, row: row)
                let rect = CGRect(x: b.minX + CGFloat(column) * tileWidth, y: b.minY + CGFloat(row) * tileHeight,
                                  width: tileWidth, height: tileHeight).intersection(b)
                guard !rect.isNull, !rect.isEmpty else { continue }
                if tiles[key] == nil {
                    guard drawn < Self.maximumTilesPerFrame, !model,
                          let image = drawTile(rect, pixelScale: pixelScale) else { continue }
                    drawn += 1
                    tiles[key] = Tile(image: image, rect: rect, drawnAt: fade > 0 ? now : -.infinity, lastShown: 0)
                }
                guard var tile = tiles[key] else { continue }
                tile.lastShown = frameCounter
                tiles[key] = tile
                let opacity = fade > 0 ? Float(min(1, max(0, (now - tile.drawnAt) / fade))) : 1
                if opacity < 1 { fading = true }
                let image = tile.image
                nodes.append(RenderNode(
                    planeToParent: .identity, bounds: rect, opacity: opacity, backgroundColor: nil, corners: .zero,
                    border: nil, shadow: nil,
                    contents: RenderNode.Contents(source: image.mipmapped,
                                                  sourceRect: CGRect(x: 0, y: 0, width: image.width, height: image.height),
                                                  destination: rect, filter: .mipmappedBilinear),
                    masksToBounds: false, isDoubleSided: true, allowsGroupOpacity: true, edgeAntialiasing: true,
                    aliasedEdges: .all, mask: nil, children: []))
            }
        }
        if tiles.count > Self.maximumCachedTileCount {
            let shown = frameCounter
            tiles = tiles.filter { $0.value.lastShown == shown }
        }
        isFadingOrIncomplete = fading || drawn == Self.maximumTilesPerFrame
        if isFadingOrIncomplete { AnimationEngine.current.keepRendering(self) }
        return nodes
    }

    /// Whether a tile is still fading in or waiting to be drawn: the layer is rendered again
    /// on the next frame.
    var isFadingOrIncomplete = false

    /// Draws the tile covering `rect` (layer coordinates) at `pixelScale` pixels per point.
    private func drawTile(_ rect: CGRect, pixelScale: CGFloat) -> CGImage? {
        let w = Int((rect.width * pixelScale).rounded(.up)), h = Int((rect.height * pixelScale).rounded(.up))
        guard w >= 1, h >= 1, w <= 8192, h <= 8192, let ctx = CGContext(width: w, height: h) else { return nil }
        ctx.translateBy(x: 0, y: CGFloat(h))
        ctx.scaleBy(x: pixelScale, y: -pixelScale)
        ctx.translateBy(x: -rect.minX, y: -rect.minY)
        ctx.clip(to: rect)
        AnimationEngine.current.withoutActions { draw(in: ctx) }
        return ctx.makeImage()
    }
}
