import Foundation
import Geometry
import Layers

extension UIViewController {
    /// The controllers added with `addChild(_:)`, in the order added.
    public var children: [UIViewController] { childrenStorage }

    /// The container this controller is a child of, if any (held weakly).
    public var parent: UIViewController? { parentStorage }

    /// Whether this controller is being added to a container: true from `addChild(_:)` until
    /// its view has appeared (`viewDidAppear`) or `didMove(toParent:)` ran, so that
    /// `viewWillAppear` and `viewDidAppear` of a push see true, as in UIKit.
    public var isMovingToParent: Bool { movingToParent }

    /// Whether this controller is being removed from its container: true from
    /// `willMove(toParent: nil)` until `removeFromParent()` — during a pop's `viewWillDisappear`
    /// and `viewDidDisappear`. A cancelled interactive pop sets it back to false.
    public var isMovingFromParent: Bool { movingFromParent }

    /// The work of `addChild(_:)` (kept here: members of an extension cannot be overridden).
    func containAdd(_ child: UIViewController) {
        guard child.parentStorage !== self else { return }
        var ancestor: UIViewController? = self
        while let a = ancestor {
            if a === child {
                viewControllerDiagnostic("addChild: \(describe(child)) cannot become a child of \(describe(self)), which it contains; ignored")
                return
            }
            ancestor = a.parentStorage
        }
        if child.parentStorage != nil { child.removeFromParent() }
        child.movingToParent = true
        child.willMove(toParent: self)
        childrenStorage.append(child)
        child.parentStorage = self
    }

    /// The work of `removeFromParent()` (kept here: members of an extension cannot be overridden).
    func containRemove() {
        guard let parent = parentStorage else { return }
        parent.childrenStorage.removeAll { $0 === self }
        parentStorage = nil
        movingToParent = false
        didMove(toParent: nil)
        movingFromParent = false
    }

    /// The work of `willMove(toParent:)` (kept here: members of an extension cannot be overridden).
    func containWillMove(toParent parent: UIViewController?) {
        if parent == nil, parentStorage != nil { movingFromParent = true }
    }

    /// The work of `didMove(toParent:)` (kept here: members of an extension cannot be overridden).
    func containDidMove(toParent parent: UIViewController?) {
        if parent != nil { movingToParent = false }
    }

    /// The work of `beginAppearanceTransition(_:animated:)` (kept here: members of an extension cannot be overridden).
    func containBeginAppearance(_ isAppearing: Bool, animated: Bool) {
        if isAppearing { beginAppearance(animated: animated) } else { beginDisappearance(animated: animated) }
    }

    /// The work of `endAppearanceTransition()` (kept here: members of an extension cannot be overridden).
    func containEndAppearance() {
        switch appearance {
        case .appearing: endAppearance()
        case .disappearing: endDisappearance()
        case .appeared, .disappeared: break
        }
    }

    /// The work of `transition(from:to:duration:options:animations:completion:)` (kept here: members of an extension cannot be overridden).
    func containTransition(from fromViewController: UIViewController, to toViewController: UIViewController,
                         duration: TimeInterval, options: UIView.AnimationOptions,
                         animations: (() -> Void)?, completion: ((Bool) -> Void)?) {
        guard fromViewController.parentStorage === self, toViewController.parentStorage === self,
              fromViewController !== toViewController, let container = fromViewController.viewIfLoaded?.superview else {
            viewControllerDiagnostic("transition(from:to:): \(describe(fromViewController)) and \(describe(toViewController)) must be two children of \(describe(self)) with the first one's view in a superview; ignored")
            if let completion { callOnNextTurn { completion(false) } }
            return
        }
        let animated = duration.isFinite && duration > 0
        let forwards = shouldAutomaticallyForwardAppearanceMethods && appearance != .disappeared
        if forwards {
            fromViewController.beginDisappearance(animated: animated)
            toViewController.beginAppearance(animated: animated)
        }
        let fromView = fromViewController.view!, toView = toViewController.view!
        let showHide = options.contains(.showHideTransitionViews)
        let finish: (Bool) -> Void = { finished in
            if forwards {
                fromViewController.endDisappearance()
                toViewController.endAppearance()
            }
            completion?(finished)
        }
        guard animated else {
            UIView.performWithoutAnimation {
                if toView.superview !== container { container.insertSubview(toView, aboveSubview: fromView) }
                animations?()
                if showHide { fromView.isHidden = true; toView.isHidden = false } else { fromView.removeFromSuperview() }
            }
            callOnNextTurn { finish(true) }
            return
        }
        if options.transitionName != nil {
            if !showHide, toView.superview !== container { toView.frame = fromView.frame }
            if let animations {
                UIView.animate(withDuration: duration, delay: 0, options: options.subtracting(UIView.AnimationOptions(rawValue: 0xF << 20)),
                               animations: animations)
            }
            UIView.transition(from: fromView, to: toView, duration: duration, options: options, completion: finish)
        } else {
            if toView.superview !== container { container.insertSubview(toView, aboveSubview: fromView) }
            if showHide { toView.isHidden = false }
            UIView.animate(withDuration: duration, delay: 0, options: options, animations: { animations?() }, completion: { finished in
                if showHide { fromView.isHidden = true } else { fromView.removeFromSuperview() }
                finish(finished)
            })
        }
    }

    /// The coordinator of the transition that is moving this controller's view (a push, a
    /// pop, an interactive pop), or of its parent's, while one runs; nil otherwise.
    public var transitionCoordinator: UIViewControllerTransitionCoordinator? {
        var controller: UIViewController? = self
        while let c = controller {
            if let coordinator = c.coordinatorStorage { return coordinator }
            controller = c.parentStorage
        }
        return nil
    }
}

/// A controller named for diagnostics: its class and title.
@MainActor
func describe(_ controller: UIViewController?) -> String {
    guard let controller else { return "nil" }
    let name = String(describing: type(of: controller))
    if let title = controller.title, !title.isEmpty { return "\(name) '\(title)'" }
    return name
}

/// Prints a misuse UIKit would raise an exception for, through the animation engine's
/// diagnostic handler (standard error by default), prefixed with "UIKit:".
@MainActor
func viewControllerDiagnostic(_ message: String) {
    AnimationEngine.current.diagnosticHandler("UIKit: " + message)
}
