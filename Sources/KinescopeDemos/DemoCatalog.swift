import Kinescope

/// The demos `kinescope demo` shows live, `kinescope record` renders headless and the benchmark
/// package times frame by frame: each a view controller written as UIKit code is, driven by
/// clicks (taps). A library of its own so that the command line and `Benchmarks/` run the same
/// code (an executable target cannot be imported).
public enum DemoCatalog {
    /// One demo: its command-line name, a one-line summary, and how to make its root controller.
    public struct Demo: Sendable {
        public let name: String
        public let summary: String
        public let makeController: @MainActor @Sendable () -> UIViewController
    }

    /// Every demo, in the order `kinescope --help` lists them.
    @MainActor public static let all: [Demo] = [
        Demo(name: "cycle", summary: "four images cycled with UIView.transition(with:…) flips on each click",
             makeController: { ImageCycleViewController() }),
        Demo(name: "cover", summary: "snapshot the view, cover it, change it, shrink, turn and fade the cover away",
             makeController: { CoverViewController() }),
        Demo(name: "bars", summary: "two image views swapped by a CATransition with a CIBarsSwipeTransition filter",
             makeController: { BarsSwipeViewController() }),
        Demo(name: "gallery", summary: "every registered transition in turn, named on screen",
             makeController: { GalleryViewController() }),
        Demo(name: "drawing", summary: "Core Graphics in draw(_:): gradients, shadows, clips, a transparency layer, text; clicks step through the blend modes",
             makeController: { DrawingViewController() }),
        Demo(name: "transactions", summary: "nested explicit transactions: outer 2 s moves a layer, inner 5 s fades it and changes its zPosition",
             makeController: { TransactionsViewController() }),
        Demo(name: "layers", summary: "specialized layers: a replicator spinner and reflection, a transform-layer cube, emitter fire, a tiled layer; clicks scroll the tiles", makeController: { LayersViewController() }),
        Demo(name: "scroll", summary: "a 10 000-row table with images and subtitles under a photo carousel with a custom collection layout",
             makeController: { ScrollDemoViewController() }),
        Demo(name: "controls", summary: "a settings screen in stack views: every standard control, a text field and a text view to type into, an alert with a text field, a panel slid in by its constraint",
             makeController: { ControlsDemoViewController() }),
        Demo(name: "navigation", summary: "tabs fading between a navigation list (system slide or cube push, edge drag back), every modal style with alerts, and a page-curl book turned by dragging",
             makeController: { makeNavigationDemo() }),
    ]

    /// The demo called `name` (exact, case-sensitive, as typed on the command line).
    @MainActor public static func demo(named name: String) throws(DemoError) -> Demo {
        guard let demo = all.first(where: { $0.name == name }) else {
            throw DemoError(name: name, known: all.map(\.name))
        }
        return demo
    }

    /// A window of `size` (one point per pixel) whose root view controller is the demo's; the
    /// controller's view fills it. The demo images are found by `UIImage(named:)`.
    @MainActor public static func window(for demo: Demo, size: PixelSize) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: size.width, height: size.height))
        let controller = demo.makeController()
        controller.view.frame = window.bounds
        window.rootViewController = controller
        return window
    }
}

/// No demo has the name asked for.
public struct DemoError: Error, Equatable, CustomStringConvertible {
    /// The name asked for.
    public let name: String
    /// The names that exist.
    public let known: [String]

    public var description: String {
        "unknown demo '\(name)'; the demos are \(known.joined(separator: ", "))"
    }
}
