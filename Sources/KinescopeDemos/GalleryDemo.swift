import Kinescope

/// Every registered transition in turn, each named on screen: a `CATransition` of that type
/// swaps the picture in a container view, and the next one starts when it ends (a click starts
/// the tour, and a later click skips ahead to the next one: the tour then goes on from there,
/// one transition at a time).
final class GalleryViewController: UIViewController {
    private let container = UIView()
    private let imageView = UIImageView()
    private let label = UILabel()
    private let images = ["Anchor", "Cone", "Igloo", "Spaceship"].compactMap { UIImage(named: $0) }
    private let names = TransitionRegistry.all.map { $0.name }
    private var step = 0
    private var running = false
    /// Counts the transitions started; a transition's completion goes on with the tour only if
    /// no later one started since (a click mid-way replaces the running transition, whose
    /// completion then runs too, and must not start a second chain of steps).
    private var generation = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.13, green: 0.14, blue: 0.17, alpha: 1)
        container.clipsToBounds = true
        imageView.contentMode = .scaleAspectFit
        imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        imageView.image = images.first
        container.addSubview(imageView)
        view.addSubview(container)
        label.textColor = .white
        label.textAlignment = .center
        label.text = "Click to tour \(names.count) transitions"
        view.addSubview(label)
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: GalleryViewController.next))
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        let labelHeight = max(24, bounds.height * 0.1)
        label.font = UIFont.boldSystemFont(ofSize: labelHeight * 0.5)
        label.frame = CGRect(x: 0, y: bounds.height - labelHeight * 1.2, width: bounds.width, height: labelHeight)
        container.frame = CGRect(x: bounds.width * 0.1, y: bounds.height * 0.05,
                                 width: bounds.width * 0.8, height: bounds.height * 0.8 - labelHeight)
        imageView.frame = container.bounds
    }

    func next() {
        guard !names.isEmpty, !images.isEmpty else { return }
        running = true
        let name = names[step % names.count]
        step += 1
        generation += 1
        let started = generation
        label.text = "\(step)/\(names.count)  \(name)"
        let transition = CATransition()
        transition.type = CATransitionType(rawValue: name)
        transition.duration = 1.2
        CATransaction.begin()
        CATransaction.setCompletionBlock { [weak self] in
            guard let self, self.running, self.generation == started, self.step % self.names.count != 0 else { return }
            self.next()
        }
        container.layer.add(transition, forKey: "transition")
        imageView.image = images[step % images.count]
        CATransaction.commit()
    }
}
