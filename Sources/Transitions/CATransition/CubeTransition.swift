import Geometry
import Raster

/// `CATransition.type = "cube"` (a private type iOS has always shipped): the two contents are
/// neighbouring faces of a cube that turns a quarter turn about its centre, so the old face
/// swings away to one side while the new one swings in from the other, both in perspective.
/// The `subtype` names where the new face comes from (see `TransitionSubtype` for iOS's vertical
/// swap); the default, as with Apple's `nil`, is `fromLeft`. Where neither face covers the frame
/// the pixels are transparent.
///
/// The cube's side is the frame's length along the motion and the eye sits two such lengths in
/// front of the frame, with the dolly of `PerspectiveFlip`: the edge nearest the viewer keeps the
/// frame's size.
struct CubeTransition: Transition {
    static let name = "cube"
    static let summary = "The contents are two faces of a cube that turns to bring the new face to the front"
    static let parameters = [
        TransitionSubtype.parameter("Where the new face comes from (on iOS fromTop is the bottom edge)"),
    ]

    let edge: ScreenEdge

    init(parameters: TransitionParameters) {
        edge = TransitionSubtype(parameters).screenEdge
    }

    /// The maps from image pixels to frame pixels of the old and the new face at `progress`.
    func faceMaps(progress: Double, size: PixelSize) -> (from: ProjectiveTransform, to: ProjectiveTransform) {
        let length = Double(edge.isHorizontal ? size.width : size.height)
        let distance = 2 * length, half = length / 2
        let turn = progress * Double.pi / 2
        let s = sin(turn), c = cos(turn)
        // The shared edge is the point nearest the viewer, `half·(s + c − 1)` in front of the frame.
        let k = 1 - half * (s + c - 1) / distance
        let fromFace = ProjectiveTransform(k * c, 0, k * half * s,
                                           0, k, 0,
                                           s / distance, 0, 1 + half * (1 - c) / distance)
        let toFace = ProjectiveTransform(k * s, 0, -k * half * c,
                                         0, k, 0,
                                         -c / distance, 0, 1 + half * (1 - s) / distance)
        return (.framed(fromFace, edge: edge, size: size), .framed(toFace, edge: edge, size: size))
    }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        let maps = faceMaps(progress: progress, size: destination.size)
        // A face seen from behind (its map reverses orientation) is hidden by the other face:
        // near the ends of the turn, the side face that is about to come in (or has just gone)
        // faces away from the eye.
        var faces = Faces()
        for side in 0..<2 {
            let (image, map) = side == 0 ? (from, maps.from) : (to, maps.to)
            if map.determinant > 0, let inverse = map.inverted() {
                faces.append(Face(chain: scratch.mipmappedImage(image), inverse: inverse))
            }
        }
        PerspectiveFlip.draw(faces, horizontalAxis: !edge.isHorizontal, into: destination, clip: clip, scratch: scratch)
    }
}
