import Kinescope

/// One screen of the viewer: an image, aspect-fit inside a margin of 8 % of the shorter side,
/// on the viewer's background. Screens are opaque, as an app's screens are, so that a push or a
/// modal slides one picture over the other instead of showing both at once.
final class ImageScreen: UIViewController {
    /// The viewer's background colour.
    static let background = UIColor(red: 0.13, green: 0.14, blue: 0.17, alpha: 1)

    private let imageView = UIImageView()

    /// The image shown; setting it changes the picture at once.
    var image: UIImage? {
        get { imageView.image }
        set { imageView.image = newValue }
    }

    init(image: UIImage?) {
        super.init()
        imageView.image = image
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Self.background
        imageView.contentMode = .scaleAspectFit
        view.addSubview(imageView)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let margin = min(view.bounds.width, view.bounds.height) * 0.08
        imageView.frame = view.bounds.insetBy(dx: margin, dy: margin)
    }
}
