import Kinescope

/// A registered transition as a UIKit or Core Animation developer would run it: the one place
/// where the viewer maps `kinescope list` names to Apple's API.
///
/// - UIKit's styles (`flipFromLeft`, `flipFromRight`, `flipFromTop`, `flipFromBottom`,
///   `curlUp`, `curlDown`, `crossDissolve`) go through
///   `UIView.transition(with:duration:options:animations:completion:)`;
/// - Core Image transitions (`CI…Transition`) go through a `CATransition` whose `filter` is
///   `CIFilter(name:)` with its defaults, as on macOS;
/// - every other name is a `CATransition` type (`fade`, `push`, `cube`, `pageCurl`,
///   `rippleEffect`, `suckEffect`, `cameraIrisHollowOpen`…), reached by raw value as on Apple's
///   platforms. A name may carry a subtype for the types that take one: `push-fromRight`;
/// - the view-controller names (`ControllerRoute`) show the next image on a new screen, the way
///   an app changes screens: `navigation-push`, `navigation-pop`, `animator-NAME` (a push with
///   `KinescopeTransitionAnimator(name:)`), `modal-coverVertical`, `modal-crossDissolve`,
///   `modal-flipHorizontal`, `page-curl` and `page-scroll` (`UIPageViewController`).
struct ViewerTransition: Equatable {
    enum Route: Equatable {
        case view(UIView.AnimationOptions)
        case layer(CATransitionType, CATransitionSubtype?)
        case filter(String)
        case controller(ControllerRoute)
    }

    /// A change of screen by a view controller, run by `ImageViewerController`. These take
    /// UIKit's own durations (a push 0.35 s, a modal 0.5 s, a page curl 0.5 s, a page scroll
    /// 0.3 s), not `--duration`, except `animator-NAME`, whose animator lasts `--duration`.
    enum ControllerRoute: Equatable {
        case navigationPush
        case navigationPop
        /// A push animated by `KinescopeTransitionAnimator(name:)`; the name is registered.
        case animator(String)
        case modal(UIModalTransitionStyle)
        case page(UIPageViewController.TransitionStyle)
    }

    /// The view-controller routes by name, in the order the transitions menu lists them
    /// (`animator-NAME` takes any registered name; the menu offers these three).
    static let controllerRoutes: [(name: String, route: ControllerRoute)] = [
        ("navigation-push", .navigationPush), ("navigation-pop", .navigationPop),
        ("modal-coverVertical", .modal(.coverVertical)), ("modal-crossDissolve", .modal(.crossDissolve)),
        ("modal-flipHorizontal", .modal(.flipHorizontal)),
        ("page-curl", .page(.pageCurl)), ("page-scroll", .page(.scroll)),
        ("animator-cube", .animator("cube")), ("animator-rippleEffect", .animator("rippleEffect")),
        ("animator-CIBarsSwipeTransition", .animator("CIBarsSwipeTransition")),
    ]

    /// The registered name (as `kinescope list` spells it), with `-subtype` when one was given.
    let name: String
    let route: Route

    /// UIKit's transition styles by registered name.
    static let uiKitStyles: [String: UIView.AnimationOptions] = [
        "flipFromLeft": .transitionFlipFromLeft, "flipFromRight": .transitionFlipFromRight,
        "flipFromTop": .transitionFlipFromTop, "flipFromBottom": .transitionFlipFromBottom,
        "curlUp": .transitionCurlUp, "curlDown": .transitionCurlDown, "crossDissolve": .transitionCrossDissolve,
    ]

    /// The transitions keys 1–9 choose, in order: UIKit styles, Core Animation types and Core
    /// Image filters, so that each route is a key press away.
    static let favourites = ["flipFromLeft", "flipFromRight", "curlUp", "curlDown", "crossDissolve",
                             "CIBarsSwipeTransition", "push", "cube", "CIRippleTransition"]

    /// The transition called `text` (any case), optionally `NAME-SUBTYPE` for a type with a
    /// `subtype` parameter. Unknown names and subtypes are usage errors (exit 64) that list the
    /// closest names or the valid subtypes.
    static func named(_ text: String) throws(CommandLineFailure) -> ViewerTransition {
        if let known = controllerRoutes.first(where: { $0.name.lowercased() == text.lowercased() }) {
            return ViewerTransition(name: known.name, route: .controller(known.route))
        }
        if text.lowercased().hasPrefix("animator-") {
            let animated = String(text.dropFirst("animator-".count))
            do {
                let name = try TransitionRegistry.type(named: animated).name
                return ViewerTransition(name: "animator-\(name)", route: .controller(.animator(name)))
            } catch {
                throw CommandLineFailure(error)
            }
        }
        do {
            if let dash = text.lastIndex(of: "-"), (try? TransitionRegistry.type(named: text)) == nil,
               let base = try? TransitionRegistry.type(named: String(text[..<dash])) {
                let subtype = String(text[text.index(after: dash)...])
                guard base.parameters.contains(where: { $0.key == "subtype" }) else {
                    throw CommandLineFailure.usage("transition '\(base.name)' takes no subtype, got '\(text)'")
                }
                _ = try TransitionRegistry.make(named: base.name, parameters: ["subtype": subtype])
                return ViewerTransition(name: "\(base.name)-\(subtype)",
                                        route: .layer(CATransitionType(rawValue: base.name), CATransitionSubtype(rawValue: subtype)))
            }
            let name = try TransitionRegistry.type(named: text).name
            if let options = uiKitStyles[name] { return ViewerTransition(name: name, route: .view(options)) }
            if name.hasPrefix("CI"), CIFilter(name: name) != nil { return ViewerTransition(name: name, route: .filter(name)) }
            return ViewerTransition(name: name, route: .layer(CATransitionType(rawValue: name), nil))
        } catch {
            throw CommandLineFailure(error)
        }
    }

    /// Runs `changes` on `view` with this transition over `duration` seconds, then `completion`
    /// (once the transition has ended, in a later run-loop turn). The whole of `view` — its
    /// layer and sublayers — takes part, as in UIKit and Core Animation. A controller route is
    /// not run here (`ImageViewerController` changes screens for it): `changes` and
    /// `completion` run at once.
    @MainActor
    func run(on view: UIView, duration: TimeInterval, changes: @escaping () -> Void, completion: @escaping () -> Void) {
        switch route {
        case .controller:
            changes()
            completion()
        case let .view(options):
            UIView.transition(with: view, duration: duration, options: options, animations: changes,
                              completion: { _ in completion() })
        case let .layer(type, subtype):
            let transition = CATransition()
            transition.type = type
            transition.subtype = subtype
            add(transition, to: view, duration: duration, changes: changes, completion: completion)
        case let .filter(name):
            let transition = CATransition()
            let filter = CIFilter(name: name)
            filter?.setDefaults()
            transition.filter = filter
            add(transition, to: view, duration: duration, changes: changes, completion: completion)
        }
    }

    @MainActor
    private func add(_ transition: CATransition, to view: UIView, duration: TimeInterval, changes: () -> Void,
                     completion: @escaping () -> Void) {
        transition.duration = duration
        CATransaction.begin()
        CATransaction.setCompletionBlock(completion)
        view.layer.add(transition, forKey: kCATransition)
        changes()
        CATransaction.commit()
    }
}
