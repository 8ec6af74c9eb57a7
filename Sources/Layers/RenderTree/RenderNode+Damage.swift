import Geometry
import Raster

// Damage: where two render trees may draw different pixels, so that only those pixels are
// re-composited and pushed to the window.
//
// The trees are walked together. Identical nodes (the same object: a layer that did not change
// hands back its cached node) cost nothing. A node whose own drawing is unchanged (same plane
// map, bounds, colours, border, shadow, contents, clip, mask object, no transition) passes the
// walk on to its sublayers, paired by position. Any other change damages the device bounding
// boxes of the old and the new subtree: bounds, contents (which may overflow the bounds),
// shadow grown by its blur, sublayers unless clipped, plus 2 pixels for anti-aliased edges and
// bilinear sampling. A subtree under a perspective map, or one whose box is not finite, is not
// bounded: the whole frame is redrawn.
//
// Every compositor kernel computes a pixel from its position alone (the banding already relies
// on it), so drawing the new tree clipped to a superset of the changed pixels gives the same
// bytes as drawing it whole; `DamageTests` checks that on randomized tree edits.
extension RenderNode {
    /// The rectangles of a `frame`-sized target where drawing `new` may give other pixels than
    /// drawing `old` did, each clipped to `frame`: empty when nothing changed, `[frame]` when the
    /// change cannot be bounded (a changed layer under a perspective transform, a non-finite
    /// box) or covers most of the frame.
    ///
    /// `transform` maps the roots' superlayer space to target pixels, as in
    /// `Compositor.render(_:into:transform:background:clip:)`. Overlapping rectangles, and ones
    /// whose bounding box costs little more than both, are merged; past `maximumCount`
    /// rectangles they become their bounding box.
    ///
    /// ```swift
    /// let damage = RenderNode.damage(from: shown, to: next, in: frame.bounds)
    /// compositor.render(next, into: frame, damage: damage)
    /// try host.present(damage: damage)
    /// ```
    public static func damage(from old: RenderNode?, to new: RenderNode?, transform: Homography = .identity,
                              in frame: PixelRect, maximumCount: Int = 8) -> [PixelRect] {
        guard !frame.isEmpty else { return [] }
        var walk = DamageWalk()
        walk.compare(old, new, parentMap: transform)
        if walk.isUnbounded { return [frame] }
        return coalesceDamage(walk.rects, in: frame, maximumCount: maximumCount)
    }
}

/// Clips `rects` to `frame`, merges overlapping ones and those whose bounding box is at most
/// `overhead` pixels larger than their union (a rectangle costs one more pass over the tree and
/// one more request to the X server), then: past `maximumCount`, their bounding box; past half
/// of the frame's area, the frame.
func coalesceDamage(_ rects: [PixelRect], in frame: PixelRect, maximumCount: Int = 8,
                    overhead: Int = 64 * 64) -> [PixelRect] {
    var result = rects.map { $0.intersection(frame) }.filter { !$0.isEmpty }
    var merged = true
    while merged && result.count > 1 {
        merged = false
        search: for i in 0..<result.count {
            for j in (i + 1)..<result.count {
                let a = result[i], b = result[j]
                let box = a.union(b)
                let shared = a.intersection(b)
                let covered = area(a) + area(b) - area(shared)
                if !shared.isEmpty || area(box) - covered <= overhead {
                    result[i] = box
                    result.remove(at: j)
                    merged = true
                    break search
                }
            }
        }
    }
    if result.count > max(1, maximumCount) {
        result = [result.dropFirst().reduce(result[0]) { $0.union($1) }]
    }
    if result.reduce(0, { $0 + area($1) }) * 2 > area(frame) { return [frame] }
    return result
}

private func area(_ rect: PixelRect) -> Int { rect.isEmpty ? 0 : rect.width * rect.height }

/// The walk over two trees, collecting damaged device rectangles.
struct DamageWalk {
    private(set) var rects: [PixelRect] = []
    /// Set when some change cannot be bounded; the whole frame is then damaged.
    private(set) var isUnbounded = false
    /// The target's pixels, when the walk looks for a scroll to do by moving pixels
    /// (`RenderNode.frameDamage`); nil otherwise.
    var scrollFrame: PixelRect?
    /// The first scroll found that moving pixels can do, with the damage it makes without that.
    private(set) var scroll: ScrollCandidate?
    /// The pairs of unchanged ancestors of the nodes being compared, root first (kept only
    /// while looking for a scroll).
    private(set) var path: [ScrollPathStep] = []

    /// Adds where `old` and `new`, children of parents with the same map `parentMap`, draw
    /// differently.
    mutating func compare(_ old: RenderNode?, _ new: RenderNode?, parentMap: Homography) {
        guard !isUnbounded, old !== new else { return }
        guard let old, let new else {
            if let node = old ?? new { addSubtree(node, parentMap: parentMap) }
            return
        }
        // A shadow without a path is cast by the whole subtree's alpha: any change below
        // changes it too.
        guard old.drawsItselfLike(new), !new.castsAlphaShadow else {
            let start = rects.count
            addSubtree(old, parentMap: parentMap)
            addSubtree(new, parentMap: parentMap)
            if let frame = scrollFrame, scroll == nil,
               var candidate = ScrollCandidate(old, new, parentMap: parentMap, path: path, frame: frame) {
                candidate.ownDamage = start..<rects.count
                scroll = candidate
            }
            return
        }
        let map = new.planeToParent.concatenating(parentMap)
        let tracksPath = scrollFrame != nil && scroll == nil
        if tracksPath { path.append(ScrollPathStep(old: old, new: new, map: map)) }
        compareChildren(of: old, new, map: map, tracksPath: tracksPath)
        if tracksPath { path.removeLast() }
    }

    /// Adds where the sublayers of `old` and `new` draw differently under `map` (the parents'
    /// map to the target). They are paired by position, except that a sublayer removed or
    /// inserted (a table's cells come and go at the front) shifts the pairing past it: the
    /// unchanged ones around it still pair with themselves, in the same order, and only the
    /// removed or inserted one is damaged. With `tracksPath`, the last step of `path` is the
    /// parents' and follows the pair being compared.
    mutating func compareChildren(of old: RenderNode, _ new: RenderNode, map: Homography, tracksPath: Bool = false) {
        let before = old.children, after = new.children
        var i = 0, j = 0
        while i < before.count && j < after.count {
            if before[i] !== after[j] {
                if let k = Self.index(of: after[j], in: before, after: i) {
                    for removed in before[i..<k] { addSubtree(removed, parentMap: map) }
                    i = k
                    continue
                }
                if let k = Self.index(of: before[i], in: after, after: j) {
                    for inserted in after[j..<k] { addSubtree(inserted, parentMap: map) }
                    j = k
                    continue
                }
            }
            if tracksPath {
                path[path.count - 1].oldIndex = i
                path[path.count - 1].newIndex = j
            }
            compare(before[i], after[j], parentMap: map)
            i += 1
            j += 1
        }
        for child in before.dropFirst(i) { addSubtree(child, parentMap: map) }
        for child in after.dropFirst(j) { addSubtree(child, parentMap: map) }
    }

    /// Where `node` itself stands in `list` among the few places after `start`, or nil.
    private static func index(of node: RenderNode, in list: [RenderNode], after start: Int) -> Int? {
        let end = min(list.count, start + 9)
        guard start + 1 < end else { return nil }
        return (start + 1..<end).first { list[$0] === node }
    }

    /// Adds every pixel `node` and its subtree may draw.
    mutating func addSubtree(_ node: RenderNode, parentMap: Homography) {
        guard !isUnbounded else { return }
        let map = node.planeToParent.concatenating(parentMap)
        // The compositor draws nothing for a non-finite map (nor for its sublayers).
        guard map.isFinite else { return }
        guard map.m13 == 0, map.m23 == 0, map.m33 > 0 else {
            isUnbounded = true
            return
        }
        var box = ownBox(node, map: map)
        if let shadow = node.shadow {
            // The blur's reach (3 standard deviations of `radius`: the box blur's extent is
            // about 3σ − 1.5) plus room for rounding and the rasterizer's pixel of growth. The
            // shape is the path, or what the subtree draws (its alpha casts the shadow), moved
            // by the offset.
            let reach = 3 * Double(shadow.radius) * scale(of: map) + 4
            let shifted = Homography(CGAffineTransform(translationX: shadow.offset.width, y: shadow.offset.height))
                .concatenating(map)
            let body: CGRect
            if let path = shadow.path {
                body = shifted.project(path.boundingBox).visibleBoundingBox()
                    .union(shifted.project(node.bounds).visibleBoundingBox())
            } else if let subtree = subtreeBox(node, map: shifted) {
                body = subtree
            } else {
                isUnbounded = true
                return
            }
            box = box.union(body.insetBy(dx: -reach, dy: -reach))
        }
        add(box)
        // A clipped layer's sublayers stay inside its bounds, and so does a transition's frame.
        if !node.masksToBounds && node.transition == nil {
            for child in node.children { addSubtree(child, parentMap: map) }
        }
    }

    /// The device box of what `node` draws itself: bounds, and contents that spill past them.
    private func ownBox(_ node: RenderNode, map: Homography) -> CGRect {
        var box = map.project(node.bounds).visibleBoundingBox()
        if let contents = node.contents {
            box = box.union(map.project(contents.destination).visibleBoundingBox())
        }
        if let drawing = node.drawing {
            box = box.union(map.project(drawing.coverageBox).visibleBoundingBox())
        }
        if case let .particles(batch)? = node.specialized, !batch.bounds.isNull {
            // Particles fly past their layer's bounds.
            box = box.union(map.project(batch.bounds).visibleBoundingBox())
        }
        return box
    }

    /// The device box of what `node` and its sublayers draw (without shadows) under `map`, or
    /// nil when some part is under a perspective map.
    private func subtreeBox(_ node: RenderNode, map: Homography) -> CGRect? {
        guard map.isFinite else { return .null }
        guard map.m13 == 0, map.m23 == 0, map.m33 > 0 else { return nil }
        var box = ownBox(node, map: map)
        if !node.masksToBounds && node.transition == nil {
            for child in node.children {
                guard let childBox = subtreeBox(child, map: child.planeToParent.concatenating(map)) else { return nil }
                box = box.union(childBox)
            }
        }
        return box
    }

    private mutating func add(_ box: CGRect) {
        guard !box.isNull, !box.isEmpty || box.width > 0 || box.height > 0 else { return }
        let limit = 1e7
        let x0 = Double(box.minX).rounded(.down) - 2, y0 = Double(box.minY).rounded(.down) - 2
        let x1 = Double(box.maxX).rounded(.up) + 2, y1 = Double(box.maxY).rounded(.up) + 2
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else {
            isUnbounded = true
            return
        }
        let cx0 = max(-limit, min(limit, x0)), cy0 = max(-limit, min(limit, y0))
        let cx1 = max(-limit, min(limit, x1)), cy1 = max(-limit, min(limit, y1))
        rects.append(PixelRect(x: Int(cx0), y: Int(cy0), width: Int(cx1 - cx0), height: Int(cy1 - cy0)))
    }

    /// Target pixels per plane unit, roughly: the square root of the map's area scale.
    private func scale(of map: Homography) -> Double {
        let area = abs(map.m11 * map.m22 - map.m12 * map.m21) / max(1e-12, map.m33 * map.m33)
        return max(1e-3, area.squareRoot())
    }
}

extension RenderNode {
    /// Whether this node casts a shadow from its composited alpha (no `shadowPath`), which any
    /// change in its subtree may change.
    var castsAlphaShadow: Bool { shadow != nil && shadow?.path == nil }

    /// Whether this node draws its own parts exactly as `other` does, in the same place, so that
    /// only their sublayers can make a difference. A mask counts as the same only when it is the
    /// same node; a transition in progress never does. A translucent group layer that gains its
    /// first sublayer or loses its last one is drawn differently (its opacity then applies to
    /// the group instead of to each part, which changes where its shadow and background overlap).
    /// A replicator instance's colour and an emitter's particles are parts of their own.
    ///
    /// With `scrolled`, the plane map and the bounds' origin are left out of the comparison (the
    /// bounds' size is not): what a scroll (`bounds.origin` moved) leaves the same.
    func drawsItselfLike(_ other: RenderNode, scrolled: Bool = false) -> Bool {
        let groups = opacity < 1 && allowsGroupOpacity
        if groups && children.isEmpty != other.children.isEmpty { return false }
        let samePlace = scrolled ? bounds.size == other.bounds.size
            : planeToParent == other.planeToParent && bounds == other.bounds
        return samePlace && opacity == other.opacity
            && backgroundColor == other.backgroundColor && corners == other.corners
            && border?.width == other.border?.width && border?.color == other.border?.color
            && shadow?.color == other.shadow?.color && shadow?.offset == other.shadow?.offset
            && shadow?.radius == other.shadow?.radius && shadow?.path == other.shadow?.path
            && contents?.source === other.contents?.source && contents?.sourceRect == other.contents?.sourceRect
            && contents?.destination == other.contents?.destination && contents?.filter == other.contents?.filter
            && contents?.parts == other.contents?.parts && contents?.isFlipped == other.contents?.isFlipped
            && contents?.levelBias == other.contents?.levelBias
            && masksToBounds == other.masksToBounds && isDoubleSided == other.isDoubleSided
            && allowsGroupOpacity == other.allowsGroupOpacity && edgeAntialiasing == other.edgeAntialiasing
            && aliasedEdges == other.aliasedEdges
            && mask === other.mask && transition == nil && other.transition == nil
            && drawing === other.drawing && SpecializedContent.same(specialized, other.specialized)
    }
}
