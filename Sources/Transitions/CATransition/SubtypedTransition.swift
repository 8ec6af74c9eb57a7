import Raster

/// `CATransition.subtype`: the direction of a motion-based transition, by Apple's names.
///
/// Apple documents `fromLeft` as "the transition begins at the left side of the layer": the new
/// content (or the motion) enters at the left edge and travels right, and `fromRight` the other
/// way. The vertical pair is where iOS surprises: Core Animation names the edges in its own
/// y-up convention, so on iOS, whose layer coordinates point down, `fromTop` makes the motion
/// begin at the **bottom** edge of the screen and travel up, and `fromBottom` begin at the top
/// and travel down (UIKit code that wants "from the top of the screen" passes `fromBottom`; the
/// IBAnimatable library swaps the two for this reason). Kinescope follows iOS, for every type
/// that takes a subtype (`moveIn`, `push`, `reveal`, `cube`, `oglFlip`, `pageCurl`,
/// `pageUnCurl`).
enum TransitionSubtype: String, CaseIterable, Sendable {
    case fromLeft, fromRight, fromTop, fromBottom

    /// The `subtype` parameter, a choice of the four names with `default` as Apple's `nil` means.
    static func parameter(default value: TransitionSubtype = .fromLeft, _ summary: String) -> TransitionParameter {
        TransitionParameter("subtype", .choice(default: value.rawValue, options: allCases.map(\.rawValue)), summary)
    }

    /// The subtype stored under `subtype` (validated already, so always one of the four).
    init(_ parameters: TransitionParameters) {
        self = TransitionSubtype(rawValue: parameters.name("subtype")) ?? .fromLeft
    }

    /// The screen edge (y down) at which the motion begins, with iOS's vertical swap.
    var screenEdge: ScreenEdge {
        switch self {
        case .fromLeft: .left
        case .fromRight: .right
        case .fromTop: .bottom
        case .fromBottom: .top
        }
    }
}

/// An edge of the frame as seen on screen (y down).
enum ScreenEdge: Sendable {
    case left, right, top, bottom

    /// The unit vector pointing away from this edge into the frame: the direction of a motion
    /// that begins here.
    var inward: (x: Int, y: Int) {
        switch self {
        case .left: (1, 0)
        case .right: (-1, 0)
        case .top: (0, 1)
        case .bottom: (0, -1)
        }
    }

    var isHorizontal: Bool { self == .left || self == .right }

    /// The orthonormal frame whose first axis `a` points along `inward` and whose second `b` is
    /// perpendicular, as a map from centred pixel coordinates (x, y) to (a, b). Its transpose is
    /// its inverse. Geometry written once for "motion along +a" serves all four edges.
    var localFrame: ProjectiveTransform {
        switch self {
        case .left: ProjectiveTransform(1, 0, 0, 0, 1, 0, 0, 0, 1)
        case .right: ProjectiveTransform(-1, 0, 0, 0, 1, 0, 0, 0, 1)
        case .top: ProjectiveTransform(0, 1, 0, 1, 0, 0, 0, 0, 1)
        case .bottom: ProjectiveTransform(0, -1, 0, 1, 0, 0, 0, 0, 1)
        }
    }
}

extension ProjectiveTransform {
    /// `local`, a map written in an edge's local frame (centred coordinates, motion along +a),
    /// turned into a map of frame pixel coordinates for an image of `size`.
    static func framed(_ local: ProjectiveTransform, edge: ScreenEdge, size: PixelSize) -> ProjectiveTransform {
        let cx = Double(size.width) / 2, cy = Double(size.height) / 2
        let frame = edge.localFrame
        let back = ProjectiveTransform(frame.m00, frame.m10, 0, frame.m01, frame.m11, 0, 0, 0, 1)
        return ProjectiveTransform.translation(x: -cx, y: -cy)
            .concatenating(frame)
            .concatenating(local)
            .concatenating(back)
            .concatenating(.translation(x: cx, y: cy))
    }
}
