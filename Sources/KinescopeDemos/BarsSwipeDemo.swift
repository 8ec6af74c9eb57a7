import Kinescope

/// Two image views swapped with a `CATransition` whose filter is `CIBarsSwipeTransition`
/// (angle 3.14, bar width 30, bar offset 10), as the Core Image transition example does: the
/// views' `isHidden` flags are swapped in the same transaction that adds the transition.
final class BarsSwipeViewController: UIViewController {
    private let container = UIView()
    private let first = UIImageView(image: UIImage(named: "Igloo"))
    private let second = UIImageView(image: UIImage(named: "Cone"))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.13, green: 0.14, blue: 0.17, alpha: 1)
        view.addSubview(container)
        for imageView in [first, second] {
            imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            imageView.contentMode = .scaleAspectFit
            container.addSubview(imageView)
        }
        second.isHidden = true
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: BarsSwipeViewController.swap))
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        container.frame = view.bounds.insetBy(dx: view.bounds.width * 0.1, dy: view.bounds.height * 0.1)
        for imageView in [first, second] { imageView.frame = container.bounds }
    }

    func swap() {
        let filter = CIFilter(name: "CIBarsSwipeTransition")!
        filter.setDefaults()
        filter.setValue(3.14, forKey: "inputAngle")
        filter.setValue(30.0, forKey: "inputWidth")
        filter.setValue(10.0, forKey: "inputBarOffset")

        let transition = CATransition()
        transition.filter = filter
        transition.duration = 1.0
        transition.startProgress = 0
        transition.endProgress = 1

        CATransaction.begin()
        container.layer.add(transition, forKey: "transition")
        first.isHidden.toggle()
        second.isHidden.toggle()
        CATransaction.commit()
    }
}
