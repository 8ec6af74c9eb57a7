import Kinescope

/// Apple's image-cycling example, ported from Objective-C with syntax-level changes: an image
/// view shows one of four images; each tap flips it to the next with
/// `UIView.transition(with:duration:options:animations:)`.
final class ImageCycleViewController: UIViewController {
    private let imageView = UIImageView()
    private let images = ["Anchor", "Cone", "Igloo", "Spaceship"].compactMap { UIImage(named: $0) }
    private var index = 0
    /// The transition style each tap uses.
    var transitionOptions: UIView.AnimationOptions = .transitionFlipFromLeft

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.13, green: 0.14, blue: 0.17, alpha: 1)
        imageView.contentMode = .scaleAspectFit
        imageView.image = images.first
        view.addSubview(imageView)
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: ImageCycleViewController.handleTap))
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        imageView.frame = view.bounds.insetBy(dx: view.bounds.width * 0.1, dy: view.bounds.height * 0.1)
    }

    func handleTap(_ recognizer: UIGestureRecognizer) {
        guard !images.isEmpty else { return }
        index = (index + 1) % images.count
        let next = images[index]
        UIView.transition(with: imageView, duration: 1.0, options: transitionOptions, animations: {
            self.imageView.image = next
        }, completion: nil)
    }
}
