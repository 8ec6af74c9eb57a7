// DESIGN NOTE — depth order of sibling layers in 3D.
//
// Core Animation draws the sublayers of a layer in one 3D rendering context: when they are
// turned out of the screen's plane (a cube of six faces under a parent whose
// `sublayerTransform` has perspective), they are sorted by depth at render time and layers
// that cut through each other are split (WWDC 2011, "Core Animation Essentials"; the classic
// symptom on Apple's platforms is a layer turned about y that loses the half behind a sibling).
// Each sublayer flattens its own subtree into its plane, so the context holds one planar
// polygon per sublayer: its drawing's extent in its plane.
//
// The order comes from a BSP tree built over those polygons, in the parent's *depth space*
// (X/W, Y/W, Z/W of the parent's homogeneous coordinates): a projective map keeps planes
// planar and keeps the order of points along each line of sight, and there the viewer looks
// straight down −z from infinity (larger Z/W is nearer). Splits are computed before the
// division, in homogeneous coordinates, where a plane's equation is linear in the polygon's
// own plane coordinates, so every fragment keeps exact coordinates in its layer's plane: the
// compositor draws a fragment as the whole layer through the fragment's polygon (see
// `BandRenderer+DepthFragments.swift`). Coplanar layers keep `zPosition`-then-insertion order.
// The tree's root at each level is the first polygon in that order, so the result depends on
// the tree alone: the same for every band and thread count.
//
// Siblings that all lie parallel to the screen (every 2D layout, `zPosition` alone, the flips
// that turn a single layer) skip all of this: their order is already `zPosition`, then
// insertion, and nothing is built.
//
// Measured here (`kinescope-bench --only layers`, release, haswell, one core, CPU time,
// medians of 21): rebuilding a turning cube's parent node takes 19.3 µs with the sort against
// 6.8 µs for the same six faces laid flat (no sort), so ordering six faces costs about 12 µs a
// frame; a stack of 100 parallel turned cards (this root choice's worst case, n²/2
// classifications) takes 476 µs; compositing the cube's 600-point faces at 1920×1080 7.4 ms.

import Geometry

/// One piece of a sublayer in the drawing order of a 3D rendering context: the whole sublayer
/// (`clip` nil) or the part of it inside `clip`, a convex polygon in the sublayer's own plane.
struct DepthFragment: Sendable {
    /// Index into the parent node's `children`.
    let child: Int
    let clip: [CGPoint]?
}

enum DepthSort {
    /// Whether `nodes` need sorting by depth: at least two, and one of them not parallel to the
    /// screen in the parent's space (its depth varies across its plane).
    static func isNeeded(_ nodes: [RenderNode]) -> Bool {
        guard nodes.count > 1 else { return false }
        return nodes.contains { node in
            let z = node.planeDepth, m = node.planeToParent
            return z.x != 0 || z.y != 0 || (z.z != 0 && (m.m13 != 0 || m.m23 != 0))
        }
    }

    /// The drawing order of `nodes` (given back to front by `zPosition`, then order): the
    /// nodes reordered back to front, and the fragments to draw instead when a split happened
    /// (nil when every node is drawn whole, once).
    static func arrange(_ nodes: [RenderNode]) -> (children: [RenderNode], fragments: [DepthFragment]?) {
        var polygons: [DepthPolygon] = []
        polygons.reserveCapacity(nodes.count)
        for (index, node) in nodes.enumerated() {
            if let polygon = DepthPolygon(node: node, index: index) { polygons.append(polygon) }
        }
        var order: [DepthPolygon] = []
        order.reserveCapacity(polygons.count)
        if let tree = BSPNode.build(polygons) { tree.appendBackToFront(into: &order) }

        // Layers with no visible polygon (behind the viewer, or empty) draw nothing; they keep
        // their place in the children, at the back.
        var seen = [Bool](repeating: false, count: nodes.count)
        var split = false
        for polygon in order {
            if seen[polygon.index] || !polygon.isWhole { split = true }
            seen[polygon.index] = true
        }
        var newIndex = [Int](repeating: -1, count: nodes.count)
        var children: [RenderNode] = []
        children.reserveCapacity(nodes.count)
        for index in nodes.indices where !seen[index] {
            newIndex[index] = children.count
            children.append(nodes[index])
        }
        for polygon in order where newIndex[polygon.index] < 0 {
            newIndex[polygon.index] = children.count
            children.append(nodes[polygon.index])
        }
        guard split else { return (children, nil) }
        // The layers without a polygon first, whole, as `children` has them.
        var fragments = nodes.indices.filter { !seen[$0] }.map { DepthFragment(child: newIndex[$0], clip: nil) }
        fragments += order.map { polygon in
            DepthFragment(child: newIndex[polygon.index], clip: polygon.isWhole ? nil : polygon.vertices.map(\.plane))
        }
        return (children, fragments)
    }
}

/// A point of a sublayer's polygon: in the sublayer's plane, and in the parent's homogeneous
/// coordinates (both linear in each other, so clipping interpolates them together).
struct DepthVertex {
    var plane: CGPoint
    var homogeneous: SIMD4<Double>

    /// The point in depth space (homogeneous coordinates divided by w).
    var depthPoint: SIMD3<Double> {
        SIMD3(homogeneous.x, homogeneous.y, homogeneous.z) / homogeneous.w
    }

    func interpolated(to other: DepthVertex, _ t: Double) -> DepthVertex {
        DepthVertex(plane: CGPoint(x: plane.x + (other.plane.x - plane.x) * t, y: plane.y + (other.plane.y - plane.y) * t),
                    homogeneous: homogeneous + (other.homogeneous - homogeneous) * t)
    }
}

/// A convex polygon of one sublayer in depth space, with its plane.
struct DepthPolygon {
    let index: Int
    var vertices: [DepthVertex]
    /// Unit normal and offset of the plane in depth space: `normal · p + offset = 0`.
    var normal: SIMD3<Double>
    var offset: Double
    /// Still the sublayer's whole visible polygon (not split by another's plane).
    var isWhole = true

    /// The polygon of `node`'s drawing in its plane, clipped to the part in front of the
    /// viewer; nil when nothing of it is.
    init?(node: RenderNode, index: Int) {
        let extent = planeExtent(of: node)
        guard !extent.isNull, extent.width.isFinite, extent.height.isFinite else { return nil }
        let m = node.planeToParent, z = node.planeDepth
        let corners = [CGPoint(x: extent.minX, y: extent.minY), CGPoint(x: extent.maxX, y: extent.minY),
                       CGPoint(x: extent.maxX, y: extent.maxY), CGPoint(x: extent.minX, y: extent.maxY)]
        let raw = corners.map { p -> DepthVertex in
            let h = m.homogeneous(x: Double(p.x), y: Double(p.y))
            let depth = z.x * Double(p.x) + z.y * Double(p.y) + z.z
            return DepthVertex(plane: p, homogeneous: SIMD4(h.x, h.y, depth, h.z))
        }
        // Only the part in front of the viewer is drawn (the compositor clips the rest too).
        let minimumW = HomogeneousQuad.defaultMinimumW
        var front: [DepthVertex] = []
        for (i, current) in raw.enumerated() {
            let previous = raw[(i + raw.count - 1) % raw.count]
            let inside = current.homogeneous.w >= minimumW, wasInside = previous.homogeneous.w >= minimumW
            if inside != wasInside {
                let t = (minimumW - previous.homogeneous.w) / (current.homogeneous.w - previous.homogeneous.w)
                front.append(previous.interpolated(to: current, t))
            }
            if inside { front.append(current) }
        }
        guard front.count >= 3, front.allSatisfy({ $0.depthPoint.x.isFinite && $0.depthPoint.y.isFinite && $0.depthPoint.z.isFinite })
        else { return nil }
        self.index = index
        vertices = front
        (normal, offset) = DepthPolygon.plane(through: front.map(\.depthPoint))
    }

    /// Newell's plane through `points`; a degenerate polygon gets the screen-parallel plane
    /// through its centroid.
    static func plane(through points: [SIMD3<Double>]) -> (SIMD3<Double>, Double) {
        var n = SIMD3<Double>(0, 0, 0)
        var centroid = SIMD3<Double>(0, 0, 0)
        for (i, a) in points.enumerated() {
            let b = points[(i + 1) % points.count]
            n.x += (a.y - b.y) * (a.z + b.z)
            n.y += (a.z - b.z) * (a.x + b.x)
            n.z += (a.x - b.x) * (a.y + b.y)
            centroid += a
        }
        centroid /= Double(points.count)
        let length = (n * n).sum().squareRoot()
        let normal = length > 1e-12 && length.isFinite ? n / length : SIMD3(0, 0, 1)
        return (normal, -(normal * centroid).sum())
    }

    /// The signed distance of `vertex` from this polygon's plane in depth space.
    func distance(_ vertex: DepthVertex) -> Double {
        (normal * vertex.depthPoint).sum() + offset
    }
}

/// A node of the BSP tree: the polygons lying in one plane, and the trees on either side.
final class BSPNode {
    /// Distances within this of a plane count as on it (depth space is in points).
    static let tolerance = 1e-6

    let plane: DepthPolygon
    var coplanar: [DepthPolygon]
    var front: BSPNode?
    var back: BSPNode?

    private init(plane: DepthPolygon) {
        self.plane = plane
        coplanar = [plane]
    }

    /// The tree of `polygons` (in their drawing order), rooted at the first.
    static func build(_ polygons: [DepthPolygon]) -> BSPNode? {
        guard let first = polygons.first else { return nil }
        let node = BSPNode(plane: first)
        var fronts: [DepthPolygon] = [], backs: [DepthPolygon] = []
        for polygon in polygons.dropFirst() {
            node.classify(polygon, fronts: &fronts, backs: &backs)
        }
        node.front = build(fronts)
        node.back = build(backs)
        return node
    }

    private func classify(_ polygon: DepthPolygon, fronts: inout [DepthPolygon], backs: inout [DepthPolygon]) {
        let distances = polygon.vertices.map { plane.distance($0) }
        let tolerance = Self.tolerance * max(1, distances.map(abs).max() ?? 1)
        let anyFront = distances.contains { $0 > tolerance }, anyBack = distances.contains { $0 < -tolerance }
        switch (anyFront, anyBack) {
        case (false, false): coplanar.append(polygon)
        case (true, false): fronts.append(polygon)
        case (false, true): backs.append(polygon)
        case (true, true):
            var inFront: [DepthVertex] = [], behind: [DepthVertex] = []
            let count = polygon.vertices.count
            for i in 0..<count {
                let a = polygon.vertices[i], b = polygon.vertices[(i + 1) % count]
                let da = distances[i], db = distances[(i + 1) % count]
                if da >= -tolerance { inFront.append(a) }
                if da <= tolerance { behind.append(a) }
                if (da > tolerance && db < -tolerance) || (da < -tolerance && db > tolerance) {
                    // The crossing, found where the plane's equation is linear: in homogeneous
                    // coordinates (distance × w is linear along the edge).
                    let sa = da * a.homogeneous.w, sb = db * b.homogeneous.w
                    let cut = a.interpolated(to: b, sa / (sa - sb))
                    inFront.append(cut)
                    behind.append(cut)
                }
            }
            if inFront.count >= 3 {
                var piece = polygon
                piece.vertices = inFront
                piece.isWhole = false
                fronts.append(piece)
            }
            if behind.count >= 3 {
                var piece = polygon
                piece.vertices = behind
                piece.isWhole = false
                backs.append(piece)
            }
        }
    }

    /// Appends the polygons back to front for a viewer at +z infinity.
    func appendBackToFront(into order: inout [DepthPolygon]) {
        let viewerInFront = plane.normal.z >= 0
        (viewerInFront ? back : front)?.appendBackToFront(into: &order)
        order.append(contentsOf: coplanar)
        (viewerInFront ? front : back)?.appendBackToFront(into: &order)
    }
}

/// The rectangle of `node`'s plane its drawing can reach: bounds, contents, shadow and (unless
/// clipped by `masksToBounds`) its sublayers' extents, grown by 2 points for anti-aliased edges.
func planeExtent(of node: RenderNode) -> CGRect {
    var box = node.bounds
    if let contents = node.contents, !node.masksToBounds { box = box.union(contents.destination) }
    if let shadow = node.shadow {
        let reach = 3 * shadow.radius + 2
        let cast = shadow.path?.boundingBoxOfPath ?? box
        box = box.union(cast.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height).insetBy(dx: -reach, dy: -reach))
    }
    if !node.masksToBounds {
        for child in node.children {
            let childBox = child.planeToParent.project(planeExtent(of: child)).visibleBoundingBox()
            if !childBox.isNull { box = box.union(childBox) }
        }
    }
    return box.insetBy(dx: -2, dy: -2)
}
