import Kinescope

/// The demos `kinescope demo` shows live and `kinescope record` renders headless: each a view
/// controller written as UIKit code is, driven by clicks (taps).
enum DemoCatalog {
    struct Demo {
        let name: String
        let summary: String
        let makeController: @MainActor () -> UIViewController
    }

    @MainActor static let all: [Demo] = [
        Demo(name: "cycle", summary: "four images cycled with UIView.transition(with:…) flips on each click",
             makeController: { ImageCycleViewController() }),
        Demo(name: "cover", summary: "snapshot the view, cover it, change it, shrink, turn and fade the cover away",
             makeController: { CoverViewController() }),
        Demo(name: "bars", summary: "two image views swapped by a CATransition with a CIBarsSwipeTransition filter",
             makeController: { BarsSwipeViewController() }),
        Demo(name: "gallery", summary: "every registered transition in turn, named on screen",
             makeController: { GalleryViewController() }),
        Demo(name: "transactions", summary: "nested explicit transactions: outer 2 s moves a layer, inner 5 s fades it and changes its zPosition",
             makeController: { TransactionsViewController() }),
    ]

    @MainActor static func demo(named name: String) throws(CommandLineFailure) -> Demo {
        guard let demo = all.first(where: { $0.name == name }) else {
            throw .usage("unknown demo '\(name)'; the demos are \(all.map(\.name).joined(separator: ", "))")
        }
        return demo
    }

    /// A window of `size` whose root view controller is the demo's.
    @MainActor static func window(for demo: Demo, size: PixelSize) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: size.width, height: size.height))
        let controller = demo.makeController()
        controller.view.frame = window.bounds
        window.rootViewController = controller
        return window
    }
}
