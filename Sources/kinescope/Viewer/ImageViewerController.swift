import Kinescope

/// The viewer's screen, written as UIKit code: the current image on a dark background; a tap,
/// space or → shows the next image with the chosen transition, keys 1–9 pick one of
/// `ViewerTransition.favourites`, `t` opens the transitions menu (every transition, the
/// view-controller ones included), `s` toggles slow animations, `q` or Esc asks to quit.
///
/// The picture is an `ImageScreen` at the top of a navigation controller (its bar hidden) that
/// fills `stage`. View and layer transitions run on `stage` and change the screen's image, so
/// the picture turns, curls or slides across the whole window. View-controller transitions
/// change screens instead: a push or pop of a new screen (the stack is trimmed back to one
/// afterwards), a modal presentation of it (dismissed without animation once shown, on the
/// screen below now showing the same image), or a page turn of a page view controller that
/// replaces the navigation controller while such a route is chosen.
///
/// A tap, space or → while a transition runs is ignored, as the viewer always did and as UIKit
/// ignores touches on a view during `UIView.transition` without `.allowUserInteraction`: each
/// transition ends on the image it was going to, never cut short or queued. Keys 1–9, `t` and
/// `s` work at any time (a new pick applies from the next image; `s` slows the running one too).
final class ImageViewerController: UIViewController, UINavigationControllerDelegate {
    /// Called whenever the window title should change (transition picked, slow toggled).
    var titleDidChange: ((String) -> Void)?
    /// Called when the user presses `q` or Esc.
    var quitRequested: (() -> Void)?

    private let images: [UIImage]
    private let stage = UIView()
    /// The navigation controller holding the current screen, unless a page route is chosen.
    private var navigation: UINavigationController?
    /// The page view controller holding the current screen while a page route is chosen.
    private var pages: UIPageViewController?
    /// Runs when the push or pop under way has shown its screen.
    private var navigationFinished: (() -> Void)?
    /// The transitions menu while it is shown.
    private(set) var menu: TransitionsMenuController?
    /// Seconds each transition lasts at normal speed.
    let duration: TimeInterval
    private(set) var transition: ViewerTransition
    private(set) var index = 0
    private(set) var isTransitioning = false
    private(set) var slowAnimations = false

    init(images: [UIImage], transition: ViewerTransition, duration: TimeInterval) {
        self.images = images
        self.transition = transition
        self.duration = duration
        super.init()
    }

    /// The window title: the transition's name, "(slow)" while slow animations are on.
    var windowTitle: String {
        "Kinescope — \(transition.name)\(slowAnimations ? " (slow)" : "") — click for the next image, t for transitions"
    }

    /// The screen showing the current image.
    private var currentScreen: ImageScreen? {
        (pages?.viewControllers?.first ?? navigation?.topViewController) as? ImageScreen
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = ImageScreen.background
        view.addSubview(stage)
        installContainer()
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: ImageViewerController.showNextImage))
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        stage.frame = view.bounds
        for child in children { child.viewIfLoaded?.frame = stage.bounds }
    }

    override func keyDown(_ key: UIKey) {
        if let menu { return menu.handleKey(key) }
        switch (key.characters, key.keysym) {
        case (" ", _), (_, 0xFF53): showNextImage()  // space, Right
        case ("q", _), (_, 0xFF1B): quitRequested?()  // q, Escape
        case ("s", _): toggleSlowAnimations()
        case ("t", _): showTransitionsMenu()
        case let (digit, _) where digit.count == 1 && ("1"..."9").contains(digit):
            pickFavourite(Int(digit)! - 1)
        default: super.keyDown(key)
        }
    }

    /// Starts the transition to the next image (after the last, the first); does nothing while
    /// one runs or while the menu is shown.
    func showNextImage() {
        guard !isTransitioning, menu == nil, images.count > 0 else { return }
        installContainer()
        guard let screen = currentScreen else { return }
        isTransitioning = true
        index = (index + 1) % images.count
        let next = images[index]
        let finished: () -> Void = { [weak self] in self?.isTransitioning = false }
        guard case let .controller(route) = transition.route else {
            transition.run(on: stage, duration: duration, changes: { screen.image = next }, completion: finished)
            return
        }
        switch route {
        case .navigationPush, .animator:
            guard let navigation else { finished(); return }
            navigationFinished = { [weak navigation] in
                if let top = navigation?.topViewController { navigation?.setViewControllers([top], animated: false) }
                finished()
            }
            navigation.pushViewController(ImageScreen(image: next), animated: true)
        case .navigationPop:
            guard let navigation else { finished(); return }
            navigationFinished = finished
            navigation.setViewControllers([ImageScreen(image: next), screen], animated: false)
            navigation.popViewController(animated: true)
        case let .modal(style):
            let presented = ImageScreen(image: next)
            presented.modalPresentationStyle = .fullScreen
            presented.modalTransitionStyle = style
            present(presented, animated: true) { [weak self] in
                screen.image = next
                self?.dismiss(animated: false, completion: finished)
            }
        case .page:
            guard let pages else { finished(); return }
            pages.setViewControllers([ImageScreen(image: next)], direction: .forward, animated: true) { _ in finished() }
        }
    }

    /// Makes `chosen` the transition for the next image, putting in the container its route
    /// needs (the current image stays). A running transition finishes as it started.
    func pick(_ chosen: ViewerTransition) {
        transition = chosen
        if !isTransitioning { installContainer() }
        titleDidChange?(windowTitle)
    }

    /// Makes favourite `slot` (0-based) the transition for the next image; out of range does
    /// nothing.
    func pickFavourite(_ slot: Int) {
        guard ViewerTransition.favourites.indices.contains(slot),
              let chosen = try? ViewerTransition.named(ViewerTransition.favourites[slot]) else { return }
        pick(chosen)
    }

    /// Presents the transitions menu as a page sheet; a choice there becomes the transition and
    /// closes it. Does nothing while it is shown. A choice made while the sheet is still coming
    /// up takes effect at once and the sheet goes down as soon as it is up (UIKit would refuse
    /// the dismissal then).
    func showTransitionsMenu() {
        guard menu == nil else { return }
        let menu = TransitionsMenuController(current: transition.name)
        var isUp = false, closesWhenUp = false
        menu.picked = { [weak self] name in
            guard let self, self.menu === menu else { return }
            if let name, let chosen = try? ViewerTransition.named(name) { self.pick(chosen) }
            self.menu = nil
            if isUp { self.dismiss(animated: true) } else { closesWhenUp = true }
        }
        self.menu = menu
        let sheet = UINavigationController(rootViewController: menu)
        sheet.modalPresentationStyle = .pageSheet
        present(sheet, animated: true) { [weak self] in
            isUp = true
            if closesWhenUp { self?.dismiss(animated: true) }
        }
    }

    /// Puts the current image in a page view controller when the route turns pages (one of the
    /// route's style), else in a navigation controller; nothing changes when the right one is
    /// there already.
    private func installContainer() {
        let image = currentScreen?.image ?? images.first
        if case let .controller(.page(style)) = transition.route {
            guard pages?.transitionStyle != style else { return }
            let pages = UIPageViewController(transitionStyle: style, navigationOrientation: .horizontal)
            pages.setViewControllers([ImageScreen(image: image)], direction: .forward, animated: false)
            replaceChild(with: pages)
            self.pages = pages
            navigation = nil
        } else {
            if navigation == nil {
                    let navigation = UINavigationController(rootViewController: ImageScreen(image: image))
                navigation.isNavigationBarHidden = true
                navigation.delegate = self
                replaceChild(with: navigation)
                self.navigation = navigation
                pages = nil
            }
        }
    }

    private func replaceChild(with container: UIViewController) {
        for child in children {
            child.willMove(toParent: nil)
            child.viewIfLoaded?.removeFromSuperview()
            child.removeFromParent()
        }
        addChild(container)
        container.view.frame = stage.bounds
        stage.addSubview(container.view)
        container.didMove(toParent: self)
    }

    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                              animated: Bool) {
        let finished = navigationFinished
        navigationFinished = nil
        finished?()
    }

    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        // `animator-NAME` pushes with that transition; the other routes take the system slide.
        guard case let .controller(.animator(name)) = transition.route else { return nil }
        return try? KinescopeTransitionAnimator(name: name, duration: duration)
    }

    /// Slows every animation in the window ten times, or back, as the iOS Simulator's Slow
    /// Animations does: the window layer's `speed` becomes 0.1 (or 1), re-based at the current
    /// time (`beginTime` now, `timeOffset` the layer's time now) so that a running transition
    /// carries on from where it is instead of jumping.
    func toggleSlowAnimations() {
        slowAnimations.toggle()
        let layer = (view.window ?? view).layer
        let now = CACurrentMediaTime()
        let local = layer.convertTime(now, from: nil)
        layer.beginTime = now
        layer.timeOffset = local
        layer.speed = slowAnimations ? 0.1 : 1
        titleDidChange?(windowTitle)
    }
}
