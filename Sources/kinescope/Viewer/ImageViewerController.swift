import Kinescope

/// The viewer's screen, written as UIKit code: an image view on a dark background; a tap, space
/// or → shows the next image with the chosen transition, keys 1–9 pick one of
/// `ViewerTransition.favourites`, `s` toggles slow animations, `q` or Esc asks to quit.
///
/// The transition runs on `stage`, a view filling the screen that holds the image view, so the
/// picture turns, curls or slides across the whole window while the background stays.
///
/// A tap, space or → while a transition runs is ignored, as the viewer always did and as UIKit
/// ignores touches on a view during `UIView.transition` without `.allowUserInteraction`: each
/// transition ends on the image it was going to, never cut short or queued. Keys 1–9 and `s`
/// work at any time (a new pick applies from the next image; `s` slows the running one too).
final class ImageViewerController: UIViewController {
    /// Called whenever the window title should change (transition picked, slow toggled).
    var titleDidChange: ((String) -> Void)?
    /// Called when the user presses `q` or Esc.
    var quitRequested: (() -> Void)?

    private let images: [UIImage]
    private let stage = UIView()
    private let imageView = UIImageView()
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
        "Kinescope — \(transition.name)\(slowAnimations ? " (slow)" : "") — click for the next image"
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.13, green: 0.14, blue: 0.17, alpha: 1)
        imageView.contentMode = .scaleAspectFit
        imageView.image = images.first
        stage.addSubview(imageView)
        view.addSubview(stage)
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: ImageViewerController.showNextImage))
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        stage.frame = view.bounds
        let margin = min(view.bounds.width, view.bounds.height) * 0.08
        imageView.frame = stage.bounds.insetBy(dx: margin, dy: margin)
    }

    override func keyDown(_ key: UIKey) {
        switch (key.characters, key.keysym) {
        case (" ", _), (_, 0xFF53): showNextImage()  // space, Right
        case ("q", _), (_, 0xFF1B): quitRequested?()  // q, Escape
        case ("s", _): toggleSlowAnimations()
        case let (digit, _) where digit.count == 1 && ("1"..."9").contains(digit):
            pickFavourite(Int(digit)! - 1)
        default: super.keyDown(key)
        }
    }

    /// Starts the transition to the next image (after the last, the first); does nothing while
    /// one runs.
    func showNextImage() {
        guard !isTransitioning, images.count > 0 else { return }
        isTransitioning = true
        index = (index + 1) % images.count
        let next = images[index]
        transition.run(on: stage, duration: duration, changes: { [imageView] in imageView.image = next },
                       completion: { [weak self] in self?.isTransitioning = false })
    }

    /// Makes favourite `slot` (0-based) the transition for the next image; out of range does
    /// nothing. A running transition finishes as it started.
    func pickFavourite(_ slot: Int) {
        guard ViewerTransition.favourites.indices.contains(slot),
              let chosen = try? ViewerTransition.named(ViewerTransition.favourites[slot]) else { return }
        transition = chosen
        titleDidChange?(windowTitle)
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
