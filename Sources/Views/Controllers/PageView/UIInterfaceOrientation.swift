/// The interface's orientation, as UIKit's enumeration (Apple's raw values). Kinescope has no
/// device rotation: a window is `.landscapeRight` when wider than tall, else `.portrait`.
public enum UIInterfaceOrientation: Int, Sendable {
    case unknown = 0
    case portrait = 1
    case portraitUpsideDown = 2
    case landscapeLeft = 4
    case landscapeRight = 3

    /// Whether the orientation is one of the two portrait ones.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// Whether the orientation is one of the two landscape ones.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}
