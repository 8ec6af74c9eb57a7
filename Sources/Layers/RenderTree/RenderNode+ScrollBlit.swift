#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import Raster

// Scrolling by moving pixels. A scroll (a layer's `bounds.origin` moved: what UIScrollView does)
// shifts the scrolled layer's sublayers on screen by the same amount while everything else stays,
// so the target already holds most of the next frame, only elsewhere. When the damage walk
// (`RenderNode+Damage.swift`) finds such a layer, it checks that moving the layer's visible
// rectangle's pixels gives exactly what compositing would there:
//
// - the layer's map to the target is a translation and a positive axis-aligned scale, the same
//   before and after except for the translation, which differs by whole pixels; its bounds
//   cover the same whole-pixel rectangle of the target before and after, it clips its
//   sublayers to them (`masksToBounds`, square corners), draws nothing of its own but a
//   background colour (no border, shadow, contents, mask, drawing) and is fully opaque;
// - its ancestors draw it directly (opacity 1, no mask, no rounded or turned clip, no
//   replicator or 3D sort), so the rectangle is the bounds clipped by theirs;
// - what lies under its sublayers in the rectangle is one colour in both frames: its own
//   background, or the first opaque covering background found going down through earlier
//   siblings and ancestors (which then draw nothing else there), or the compositor's
//   background fill;
// - what is drawn over it (later siblings of it and of its ancestors, ancestors' borders) is
//   redrawn where it lies in the rectangle, before and after the move.
//
// The sublayers are then compared as if the old ones had moved with the layer (both under the
// new map): cells that did not change cost nothing, a sticky header or a scroll indicator that
// stayed in place on screen damages its old (moved) and new place. The frame is the target
// with the rectangle's pixels moved, then the band the move uncovered, those rectangles and any
// other damage re-composited. `ScrollBlitTests` compares it with a whole render, byte for byte,
// over random scrolls of a table-like tree.
//
// Anything else (a fractional pixel step, a scaled or turned scroll view, a translucent one)
// takes the ordinary path. `KINESCOPE_SCROLL_BLIT=0` turns the search off, for benchmarks.

/// Pixels a compositor may move instead of drawing: the rectangle `rect` of the target
/// (device pixels) shifted by `dx` pixels right and `dy` down (negative: left and up), clipped to
/// the rectangle itself. Found by `RenderNode.frameDamage(from:to:transform:in:maximumCount:scrollBlit:)`.
public struct ScrollBlit: Hashable, Sendable {
    /// The scrolled layer's visible rectangle, in target pixels.
    public let rect: PixelRect
    /// How far the pixels move right, in pixels (negative: left); `abs(dx) < rect.width`.
    public let dx: Int
    /// How far the pixels move down, in pixels (negative: up); `abs(dy) < rect.height`.
    public let dy: Int

    /// Whether frames look for scrolls to do by moving pixels: true unless the environment
    /// variable `KINESCOPE_SCROLL_BLIT` is `0` (or `false`/`no`), read once on first use.
    public static let isEnabledByDefault: Bool = {
        guard let raw = getenv(environmentVariable) else { return true }
        return !["0", "false", "no"].contains(String(cString: raw).lowercased())
    }()

    /// The environment variable that turns moving scrolled pixels off (`0`).
    public static let environmentVariable = "KINESCOPE_SCROLL_BLIT"

    /// The part of `rect` whose pixels come from outside it and must be drawn: a band `abs(dy)`
    /// rows high on the side the content moved away from, and one `abs(dx)` columns wide.
    public var uncovered: [PixelRect] {
        var bands: [PixelRect] = []
        if dy > 0 { bands.append(PixelRect(x: rect.minX, y: rect.minY, width: rect.width, height: dy)) }
        if dy < 0 { bands.append(PixelRect(x: rect.minX, y: rect.maxY + dy, width: rect.width, height: -dy)) }
        if dx > 0 { bands.append(PixelRect(x: rect.minX, y: rect.minY, width: dx, height: rect.height)) }
        if dx < 0 { bands.append(PixelRect(x: rect.maxX + dx, y: rect.minY, width: -dx, height: rect.height)) }
        return bands
    }
}

/// What changes from one frame to the next: an optional scroll done by moving pixels, then the
/// rectangles to re-composite, and all the rectangles whose pixels differ from the previous
/// frame (to present). All in target pixels, clipped to it.
public struct FrameDamage: Hashable, Sendable {
    /// Pixels to move first, or nil.
    public let scroll: ScrollBlit?
    /// Rectangles to re-composite after the move (`Compositor.render(_:into:transform:background:damage:)`).
    public let redraw: [PixelRect]
    /// Rectangles whose pixels differ from the previous frame: `redraw` and the scroll's
    /// rectangle, merged as `RenderNode.damage(from:to:transform:in:maximumCount:)` merges.
    public let changed: [PixelRect]

    /// Damage without a scroll: `rects` are redrawn and changed.
    public init(redrawing rects: [PixelRect]) {
        scroll = nil
        redraw = rects
        changed = rects
    }

    init(scroll: ScrollBlit, redraw: [PixelRect], changed: [PixelRect]) {
        self.scroll = scroll
        self.redraw = redraw
        self.changed = changed
    }
}

extension RenderNode {
    /// Where drawing `new` may give other pixels than drawing `old` did, as
    /// `damage(from:to:transform:in:maximumCount:)` finds it, except that one scrolled layer
    /// (its `bounds.origin` moved by whole target pixels, see this file's design note) may be
    /// handled by moving the pixels it already shows: then `scroll` says what to move, and
    /// `redraw` holds only the band the move uncovers and what else changed, when that is less
    /// to draw than without the move. With `scrollBlit` false (or
    /// `ScrollBlit.isEnabledByDefault` false) the result never has a scroll.
    ///
    /// Moving the pixels is exact only over a target filled with one colour behind the tree, as
    /// `Compositor.render(_:into:transform:background:damage:)` does.
    ///
    /// ```swift
    /// let damage = RenderNode.frameDamage(from: shown, to: next, in: frame.bounds)
    /// compositor.render(next, into: frame, background: .black, damage: damage)
    /// try host.present(damage: damage.changed)
    /// ```
    public static func frameDamage(from old: RenderNode?, to new: RenderNode?, transform: Homography = .identity,
                                   in frame: PixelRect, maximumCount: Int = 8,
                                   scrollBlit: Bool = ScrollBlit.isEnabledByDefault) -> FrameDamage {
        guard !frame.isEmpty else { return FrameDamage(redrawing: []) }
        var walk = DamageWalk()
        if scrollBlit { walk.scrollFrame = frame }
        walk.compare(old, new, parentMap: transform)
        if walk.isUnbounded { return FrameDamage(redrawing: [frame]) }
        let whole = coalesceDamage(walk.rects, in: frame, maximumCount: maximumCount)
        guard let candidate = walk.scroll else { return FrameDamage(redrawing: whole) }
        let others = walk.rects.indices.filter { !candidate.ownDamage.contains($0) }.map { walk.rects[$0] }
        let redraw = coalesceDamage(others + candidate.damage, in: frame, maximumCount: maximumCount)
        guard redraw != [frame], pixelCount(redraw) < pixelCount(whole) else { return FrameDamage(redrawing: whole) }
        let changed = coalesceDamage(redraw + [candidate.blit.rect], in: frame, maximumCount: maximumCount)
        return FrameDamage(scroll: candidate.blit, redraw: redraw, changed: changed)
    }
}

private func pixelCount(_ rects: [PixelRect]) -> Int { rects.reduce(0) { $0 + $1.width * $1.height } }

/// A pair of unchanged ancestors on the way down to the nodes being compared.
struct ScrollPathStep {
    let old: RenderNode
    let new: RenderNode
    /// Their map from plane to target pixels (the same for both).
    let map: Homography
    /// The positions, in `old`'s and `new`'s sublayers, of the pair the walk went down to.
    var oldIndex = 0
    var newIndex = 0
}

/// A scrolled layer whose pixels can be moved, found by the damage walk, with the damage that
/// remains after the move.
struct ScrollCandidate {
    let blit: ScrollBlit
    /// What to redraw after the move because of this layer: the uncovered band, where its
    /// sublayers changed (compared after the move), and what lies over it.
    let damage: [PixelRect]
    /// The indices of the walk's rectangles that this layer adds without the move (its old and
    /// new subtree).
    var ownDamage: Range<Int> = 0..<0

    /// The candidate for `old` becoming `new` (children of parents mapped to the target by
    /// `parentMap`, below the unchanged ancestors `path`), or nil when moving pixels would not
    /// give exactly what compositing gives.
    init?(_ old: RenderNode, _ new: RenderNode, parentMap: Homography, path: [ScrollPathStep], frame: PixelRect) {
        guard old.bounds.origin != new.bounds.origin, old.drawsItselfLike(new, scrolled: true),
              new.isPlainScrollContainer else { return nil }
        let oldMap = old.planeToParent.concatenating(parentMap), newMap = new.planeToParent.concatenating(parentMap)
        guard oldMap.isTranslationAndScale, newMap.isTranslationAndScale,
              oldMap.m11 == newMap.m11, oldMap.m22 == newMap.m22 else { return nil }
        let shiftX = newMap.m31 - oldMap.m31, shiftY = newMap.m32 - oldMap.m32
        guard shiftX == shiftX.rounded(), shiftY == shiftY.rounded(), abs(shiftX) < 1e7, abs(shiftY) < 1e7 else {
            return nil
        }
        let box = newMap.project(new.bounds).visibleBoundingBox()
        guard box == oldMap.project(old.bounds).visibleBoundingBox(), let own = wholePixels(box) else { return nil }
        var rect = own.intersection(frame)
        for step in path {
            guard step.new.drawsDescendantsDirectly(map: step.map) else { return nil }
            if step.new.masksToBounds { rect = rect.intersection(BandRenderer.snappedRect(step.new.bounds, map: step.map)) }
        }
        let blit = ScrollBlit(rect: rect, dx: Int(shiftX), dy: Int(shiftY))
        guard !rect.isEmpty, abs(blit.dx) < rect.width, abs(blit.dy) < rect.height,
              Self.liesOnOneColour(old, new, map: newMap, path: path, rect: rect),
              let over = Self.drawnOver(path: path, blit: blit) else { return nil }
        var children = DamageWalk()
        children.compareChildren(of: old, new, map: newMap)
        guard !children.isUnbounded else { return nil }
        self.blit = blit
        damage = blit.uncovered + (children.rects + over).map { $0.intersection(rect) }.filter { !$0.isEmpty }
    }

    /// Whether, in both frames, the scrolled layer's sublayers lie on one colour within `rect`.
    private static func liesOnOneColour(_ old: RenderNode, _ new: RenderNode, map: Homography,
                                        path: [ScrollPathStep], rect: PixelRect) -> Bool {
        if let colour = new.backgroundColor {
            guard new.fills(rect, map: map) else { return false }
            if colour.alpha == 255 { return true }
        }
        for step in path.reversed() {
            for (parent, index) in [(step.old, step.oldIndex), (step.new, step.newIndex)] {
                for child in parent.children.prefix(index) where reaches(child, parentMap: step.map, into: rect) {
                    return false
                }
            }
            let node = step.new
            var drawn: [CGRect] = []
            if let contents = node.contents { drawn.append(step.map.project(contents.destination).visibleBoundingBox()) }
            if let drawing = node.drawing { drawn.append(step.map.project(drawing.coverageBox).visibleBoundingBox()) }
            for box in drawn where !box.isNull {
                guard let pixels = coveringPixels(box), pixels.intersection(rect).isEmpty else { return false }
            }
            if let colour = node.backgroundColor {
                if node.fills(rect, map: step.map) {
                    if colour.alpha == 255 { return true }
                } else if let pixels = coveringPixels(step.map.project(node.bounds).visibleBoundingBox()),
                          !pixels.intersection(rect).isEmpty {
                    return false
                }
            }
            if node.shadow != nil { return false }
        }
        return true
    }

    /// What is drawn over the scrolled layer inside the move's rectangle, in the frame after the
    /// move: where later siblings (of the layer and of its ancestors) and ancestors' borders lie,
    /// in the new frame and, moved with the pixels, in the old; nil when that cannot be bounded.
    private static func drawnOver(path: [ScrollPathStep], blit: ScrollBlit) -> [PixelRect]? {
        var new = DamageWalk(), old = DamageWalk()
        var borders: [PixelRect] = []
        for step in path {
            for child in step.new.children.dropFirst(step.newIndex + 1) { new.addSubtree(child, parentMap: step.map) }
            for child in step.old.children.dropFirst(step.oldIndex + 1) { old.addSubtree(child, parentMap: step.map) }
            if let border = step.new.border { borders += borderRing(of: step.new, width: border.width, map: step.map) }
        }
        guard !new.isUnbounded, !old.isUnbounded else { return nil }
        let moved = (old.rects + borders).map {
            PixelRect(x: $0.x + blit.dx, y: $0.y + blit.dy, width: $0.width, height: $0.height)
        }
        return (new.rects + borders + moved).map { $0.intersection(blit.rect) }.filter { !$0.isEmpty }
    }

    /// Pixels a border of `width` points may touch: four bands along the edges of the node's
    /// box, grown by the anti-aliasing margin; the whole box under a map that is not axis-aligned.
    private static func borderRing(of node: RenderNode, width: CGFloat, map: Homography) -> [PixelRect] {
        let box = map.project(node.bounds).visibleBoundingBox()
        guard let outer = coveringPixels(box) else { return [] }
        guard map.isTranslationAndScale else { return [outer] }
        let inset = Int((Double(width) * max(abs(map.m11), abs(map.m22))).rounded(.up)) + 4
        return [PixelRect(x: outer.minX, y: outer.minY, width: outer.width, height: inset),
                PixelRect(x: outer.minX, y: outer.maxY - inset, width: outer.width, height: inset),
                PixelRect(x: outer.minX, y: outer.minY, width: inset, height: outer.height),
                PixelRect(x: outer.maxX - inset, y: outer.minY, width: inset, height: outer.height)]
    }

    /// Whether anything `node`'s subtree draws may reach `rect`.
    private static func reaches(_ node: RenderNode, parentMap: Homography, into rect: PixelRect) -> Bool {
        var walk = DamageWalk()
        walk.addSubtree(node, parentMap: parentMap)
        return walk.isUnbounded || walk.rects.contains { !$0.intersection(rect).isEmpty }
    }
}

/// The pixels of `box` when its edges lie on pixel boundaries, else nil.
private func wholePixels(_ box: CGRect) -> PixelRect? {
    guard !box.isNull, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite,
          abs(box.minX) < 1e7, abs(box.minY) < 1e7, abs(box.maxX) < 1e7, abs(box.maxY) < 1e7 else { return nil }
    guard box.minX == box.minX.rounded(), box.minY == box.minY.rounded(),
          box.maxX == box.maxX.rounded(), box.maxY == box.maxY.rounded() else { return nil }
    return PixelRect(x: Int(box.minX), y: Int(box.minY), width: Int(box.maxX - box.minX), height: Int(box.maxY - box.minY))
}

/// The pixels `box` touches, grown by the 2-pixel anti-aliasing and sampling margin the damage
/// walk uses; nil for a null or non-finite box.
private func coveringPixels(_ box: CGRect) -> PixelRect? {
    guard !box.isNull, box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return nil }
    let limit = 1e7
    let x0 = max(-limit, min(limit, Double(box.minX).rounded(.down) - 2))
    let y0 = max(-limit, min(limit, Double(box.minY).rounded(.down) - 2))
    let x1 = max(-limit, min(limit, Double(box.maxX).rounded(.up) + 2))
    let y1 = max(-limit, min(limit, Double(box.maxY).rounded(.up) + 2))
    return PixelRect(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
}

extension RenderNode {
    /// Whether this node only clips and backs its sublayers: square-cornered `masksToBounds`,
    /// fully opaque, no own drawing but a background colour, no mask, 3D sort or specialized
    /// content.
    fileprivate var isPlainScrollContainer: Bool {
        masksToBounds && corners.isZero && opacity == 1 && border == nil && shadow == nil && contents == nil
            && mask == nil && transition == nil && drawing == nil && specialized == nil && depthFragments == nil
    }

    /// Whether this node draws its sublayers straight onto the target, in order, through at most
    /// a whole-pixel rectangular clip: fully opaque, no mask, no rounded or turned clip, no
    /// replicator, emitter or 3D sort.
    fileprivate func drawsDescendantsDirectly(map: Homography) -> Bool {
        opacity == 1 && mask == nil && transition == nil && specialized == nil && depthFragments == nil
            && (!masksToBounds || (corners.isZero && map.isTranslationAndScale))
    }

    /// Whether this node's background covers every pixel of `rect` fully under `map`.
    fileprivate func fills(_ rect: PixelRect, map: Homography) -> Bool {
        guard corners.isZero, map.isTranslationAndScale else { return false }
        let box = map.project(bounds).visibleBoundingBox()
        return !box.isNull && box.minX <= CGFloat(rect.minX) && box.minY <= CGFloat(rect.minY)
            && box.maxX >= CGFloat(rect.maxX) && box.maxY >= CGFloat(rect.maxY)
    }
}

extension Homography {
    /// Whether this map only scales (by positive factors along the axes) and translates.
    fileprivate var isTranslationAndScale: Bool {
        m12 == 0 && m21 == 0 && m13 == 0 && m23 == 0 && m33 == 1 && m11 > 0 && m22 > 0 && isFinite
    }
}
