import Kinescope

/// The snapshot / cover-view effect, ported from Objective-C: snapshot the view into an image,
/// put it on top as a cover, change the view underneath (a new random background colour), then
/// shrink the cover to 1 %, turn it a quarter and fade it out over a second, removing it at the
/// end.
final class CoverViewController: UIViewController {
    /// Seeded, so recordings repeat exactly.
    private var random = SplitMix(seed: 0x6B696E65)
    private let picture = UIImageView(image: UIImage(named: "Spaceship"))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.2, green: 0.45, blue: 0.8, alpha: 1)
        picture.contentMode = .scaleAspectFit
        view.addSubview(picture)
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: CoverViewController.performTransition))
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        picture.frame = view.bounds.insetBy(dx: view.bounds.width * 0.25, dy: view.bounds.height * 0.25)
    }

    func performTransition() {
        let bounds = view.bounds
        UIGraphicsBeginImageContextWithOptions(bounds.size, true, 0)
        view.layer.render(in: UIGraphicsGetCurrentContext()!)
        let snapshot = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()

        let cover = UIImageView(image: snapshot)
        cover.frame = bounds
        view.addSubview(cover)

        view.backgroundColor = UIColor(red: random.unit(), green: random.unit(), blue: random.unit(), alpha: 1)

        UIView.animate(withDuration: 1.0, animations: {
            cover.transform = CGAffineTransform(scaleX: 0.01, y: 0.01).rotated(by: .pi / 2)
            cover.alpha = 0
        }, completion: { _ in
            cover.removeFromSuperview()
        })
    }
}

/// A small seeded generator (SplitMix64) for demo colours.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A value in `0...1`.
    mutating func unit() -> CGFloat { CGFloat(next() >> 11) / CGFloat(1 << 53) }
}
