import Geometry
import Raster

/// A transition: a pure function from two equally sized frames and a progress to a frame.
///
/// Every transition lives in a file of its own, is registered by name in `TransitionRegistry`,
/// and describes its parameters as data (`parameters`), so that the command line can list them,
/// `CIFilter` can expose them under Apple's keys, and one contract test can check them all:
/// progress 0 gives exactly `from`, progress 1 exactly `to`, and every in-range parameter value
/// gives a visible change.
///
/// `render` must depend only on its arguments (no clock, no randomness beyond a seed
/// parameter), and a pixel's value only on its position, so that `TransitionRenderer` can cut
/// the frame into bands on several threads and get the same bytes.
public protocol Transition: FrameTransition {
    /// The registry name: Apple's (`"CIBarsSwipeTransition"`, `"fade"`, `"pageCurl"`) or UIKit's
    /// style name (`"flipFromLeft"`, `"curlUp"`, `"crossDissolve"`).
    static var name: String { get }
    /// One line saying what the transition looks like.
    static var summary: String { get }
    /// The parameters, with defaults and valid ranges.
    static var parameters: [TransitionParameter] { get }

    /// Creates the transition with validated parameters (`TransitionParameters.validated`
    /// has already checked types and ranges; `init` reads them).
    init(parameters: TransitionParameters)
}

extension Transition {
    /// This transition's parameter values as data.
    public static var defaultParameters: TransitionParameters {
        TransitionParameters(defaultsOf: parameters)
    }
}
