import Geometry
import Graphics
import Raster

/// One layer of the render tree: an immutable snapshot of everything the compositor needs to
/// draw a layer and its subtree, with geometry already resolved (the plane map to the parent,
/// the contents' placement) and colours already premultiplied.
///
/// The compositor sees only render nodes, never `CALayer` objects or animations, so it can run
/// on worker threads while the model goes on changing. A layer that did not change since the
/// last frame hands back the same node, so an unchanged subtree costs nothing to rebuild.
public final class RenderNode: @unchecked Sendable {
    /// Maps this layer's plane (its bounds coordinates) into the parent's.
    public let planeToParent: Homography
    public let bounds: CGRect
    /// Opacity, `0...1`.
    public let opacity: Float
    public let backgroundColor: PremultipliedColor?
    /// The rounded-corner shape of background, border and clip, fitted to the bounds.
    public let corners: CornerRadii
    public let border: Border?
    public let shadow: Shadow?
    public let contents: Contents?
    public let masksToBounds: Bool
    public let isDoubleSided: Bool
    public let allowsGroupOpacity: Bool
    public let edgeAntialiasing: Bool
    /// Edges of the bounds drawn hard although `edgeAntialiasing` is on (those left out of
    /// `edgeAntialiasingMask`): `minX` left, `maxX` right, `minY` top, `maxY` bottom.
    public let aliasedEdges: ImageEdges
    /// The mask's subtree, in this layer's coordinates.
    public let mask: RenderNode?
    /// Sublayers in drawing order (by `zPosition`, then order, or by depth when they are turned
    /// in 3D); hidden ones left out.
    public let children: [RenderNode]
    /// The z coordinate of this plane's points in the parent's space, before the perspective
    /// division: `z = x·planeDepth.x + y·planeDepth.y + planeDepth.z` (the depth sort's input).
    let planeDepth: SIMD3<Double>
    /// When sublayers turned in 3D cut through each other: the pieces to draw, back to front,
    /// instead of `children` (see `DepthSort`); nil otherwise.
    let depthFragments: [DepthFragment]?
    /// A transition in progress (`CATransition`): the layer is drawn as the transition from its
    /// earlier appearance to the live one this node describes.
    public let transition: Transition?
    /// What a specialized layer (`CAShapeLayer`, `CAGradientLayer`) draws over its contents and
    /// below its first sublayer, rasterized by the compositor at device resolution; nil for
    /// other layers.
    let drawing: (any LayerDrawing)?
    /// What a specialized layer class draws besides the common parts (a replicator's instance
    /// colour, an emitter's particles); nil for a plain layer.
    let specialized: SpecializedContent?
    /// The layer's `snapsToPixels`: its plane map was moved to whole units of the parent's
    /// space, and the compositor draws its subtree's contents as translated copies of one
    /// resample (`TranslatedContentsCache`).
    let snapsToPixels: Bool
    /// A box in this node's plane holding every point the node and its subtree may draw (bounds,
    /// contents, drawing, particles, the sublayers' boxes through their plane maps, shadows grown
    /// by three blur radii), so that the compositor can skip a subtree outside the pixels it
    /// draws with one projection; nil when no such box exists (a sublayer's plane reaches
    /// behind the viewer, or a side is not finite or lies past ±10⁹ points), which leaves the
    /// subtree unculled. Made once per node from the children's boxes.
    let cullingBox: CGRect?

    init(planeToParent: Homography, bounds: CGRect, opacity: Float, backgroundColor: PremultipliedColor?,
         corners: CornerRadii, border: Border?, shadow: Shadow?, contents: Contents?, masksToBounds: Bool,
         isDoubleSided: Bool, allowsGroupOpacity: Bool, edgeAntialiasing: Bool, aliasedEdges: ImageEdges = [],
         mask: RenderNode?, children: [RenderNode], transition: Transition? = nil, planeDepth: SIMD3<Double> = .zero,
         depthFragments: [DepthFragment]? = nil, drawing: (any LayerDrawing)? = nil,
         specialized: SpecializedContent? = nil, snapsToPixels: Bool = false) {
        self.planeToParent = planeToParent
        self.snapsToPixels = snapsToPixels
        self.drawing = drawing
        self.specialized = specialized
        self.planeDepth = planeDepth
        self.depthFragments = depthFragments
        self.bounds = bounds
        self.opacity = opacity
        self.backgroundColor = backgroundColor
        self.corners = corners
        self.border = border
        self.shadow = shadow
        self.contents = contents
        self.masksToBounds = masksToBounds
        self.isDoubleSided = isDoubleSided
        self.allowsGroupOpacity = allowsGroupOpacity
        self.edgeAntialiasing = edgeAntialiasing
        self.aliasedEdges = aliasedEdges
        self.mask = mask
        self.children = children
        self.transition = transition
        cullingBox = Self.cullingBox(bounds: bounds, contents: contents, drawing: drawing, specialized: specialized,
                                     shadow: shadow, children: masksToBounds || transition != nil ? [] : children)
    }

    /// `cullingBox` for a node with these parts; `children` are the sublayers drawn outside the
    /// bounds (none when the layer clips them, or draws them into a transition's frame).
    private static func cullingBox(bounds: CGRect, contents: Contents?, drawing: (any LayerDrawing)?,
                                   specialized: SpecializedContent?, shadow: Shadow?, children: [RenderNode]) -> CGRect? {
        var box = bounds
        if let contents { box = box.union(contents.destination) }
        if let drawing { box = box.union(drawing.coverageBox) }
        if case let .particles(batch)? = specialized, !batch.bounds.isNull { box = box.union(batch.bounds) }
        for child in children {
            guard let childBox = child.cullingBox,
                  let mapped = child.planeToParent.project(childBox).boundingBoxIfInFront() else { return nil }
            box = box.union(mapped)
        }
        if let shadow {
            let reach = 3 * shadow.radius
            let body = shadow.path.map { $0.boundingBox.union(bounds) } ?? box
            guard reach.isFinite, shadow.offset.width.isFinite, shadow.offset.height.isFinite else { return nil }
            box = box.union(body.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height).insetBy(dx: -reach, dy: -reach))
        }
        // Past ±10⁹ a box's sides lose the precision to hold what they bound (a layer at 10³⁰⁰
        // with a 10⁹-wide image has a box of width 0), so a subtree reaching that far is not culled.
        let limit: CGFloat = 1e9
        let held = box.minX >= -limit && box.minY >= -limit && box.maxX <= limit && box.maxY <= limit
        return held && !box.isNull ? box : nil
    }

    /// This node with another opacity and transition (the parts a transition draws apart).
    func replacing(opacity: Float, transition: Transition?) -> RenderNode {
        RenderNode(planeToParent: planeToParent, bounds: bounds, opacity: opacity, backgroundColor: backgroundColor,
                   corners: corners, border: border, shadow: shadow, contents: contents, masksToBounds: masksToBounds,
                   isDoubleSided: isDoubleSided, allowsGroupOpacity: allowsGroupOpacity,
                   edgeAntialiasing: edgeAntialiasing, aliasedEdges: aliasedEdges, mask: mask, children: children,
                   transition: transition,
                   planeDepth: planeDepth, depthFragments: depthFragments, drawing: drawing,
                   specialized: specialized, snapsToPixels: snapsToPixels)
    }

    /// `map` (a plane map to the parent) moved so that `bounds`' origin lands on whole units,
    /// rounded to the nearest; unchanged unless it is affine without rotation or shear.
    static func snappedToWholeUnits(_ map: Homography, bounds: CGRect) -> Homography {
        guard map.m13 == 0, map.m23 == 0, map.m33 == 1, map.m12 == 0, map.m21 == 0 else { return map }
        let x = Double(bounds.minX) * map.m11 + map.m31, y = Double(bounds.minY) * map.m22 + map.m32
        guard x.isFinite, y.isFinite, abs(x) < 1e9, abs(y) < 1e9 else { return map }
        var snapped = map
        snapped.m31 += x.rounded() - x
        snapped.m32 += y.rounded() - y
        return snapped
    }

    /// A transition drawing a layer: `from` is the layer's earlier appearance in its bounds
    /// (one pixel per point, nil when it had none: transparent), `frameTransition` draws
    /// the frame at `progress` (`0...1`) between it and the live subtree. `from` is never
    /// written: the compositor keeps work derived from its pixels from frame to frame.
    public struct Transition: Sendable {
        public let from: Bitmap?
        public let frameTransition: any FrameTransition
        public let progress: Double
        /// The frame drawn by the first band that needs it, shared by the others.
        let frame = TransitionFrameCache()
        /// Mip chains and frame bitmaps, shared by every frame of the animation.
        let buffers: TransitionBuffers

        init(from: Bitmap?, frameTransition: any FrameTransition, progress: Double, buffers: TransitionBuffers) {
            self.from = from
            self.frameTransition = frameTransition
            self.progress = progress
            self.buffers = buffers
        }
    }

    /// A border `width` points wide inside the bounds.
    public struct Border: Sendable {
        public let width: CGFloat
        public let color: PremultipliedColor
    }

    /// A drop shadow, offset and blurred by `radius` points: cast by `path` when there is one,
    /// else by the layer's composited alpha (background, contents, sublayers, border).
    public struct Shadow: Sendable {
        public let color: PremultipliedColor
        public let offset: CGSize
        public let radius: CGFloat
        /// `shadowPath`, in the layer's coordinates; nil to cast the shadow from the layer's alpha.
        public let path: CGPath?

        init(color: PremultipliedColor, offset: CGSize, radius: CGFloat, path: CGPath? = nil) {
            self.color = color
            self.offset = offset
            self.radius = radius
            self.path = path
        }
    }

    /// An image placed in the layer: `sourceRect` (in the pixels of `source`) drawn onto
    /// `destination` (in layer coordinates), in one piece, or in the `parts` of a nine-part
    /// stretch (`contentsCenter`) when there are any.
    public struct Contents: Sendable {
        public let source: MipmappedImage
        public let sourceRect: CGRect
        public let destination: CGRect
        public let filter: ImageFilter
        /// The pieces of a nine-part stretch (up to nine: empty rows and columns are left out),
        /// which tile `destination`; empty when the image is drawn in one piece.
        public let parts: [Part]
        /// Whether the image is drawn upside down within `destination` (`contentsAreFlipped()`:
        /// the layer's plane is mirrored by an odd number of geometry-flipped layers, and this
        /// turns the image back upright).
        public let isFlipped: Bool
        /// `minificationFilterBias`: added to the mip level the sampler picks.
        public let levelBias: Float

        init(source: MipmappedImage, sourceRect: CGRect, destination: CGRect, filter: ImageFilter, parts: [Part] = [],
             isFlipped: Bool = false, levelBias: Float = 0) {
            self.source = source
            self.sourceRect = sourceRect
            self.destination = destination
            self.filter = filter
            self.parts = parts
            self.isFlipped = isFlipped
            self.levelBias = levelBias
        }

        /// One piece of a nine-part stretch: `sourceRect` (pixels of `source`) onto
        /// `destination` (layer coordinates); `innerEdges` are the edges it shares with another
        /// piece, drawn hard so that the pieces join without a seam.
        public struct Part: Sendable, Equatable {
            public let sourceRect: CGRect
            public let destination: CGRect
            public let innerEdges: ImageEdges
        }
    }
}
