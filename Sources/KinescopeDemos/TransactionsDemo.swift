import Kinescope

/// Nested explicit transactions, as the Core Animation Programming Guide shows them: the outer
/// transaction (2 s) moves a layer; the inner one (5 s) changes its `zPosition` and opacity.
/// All three animations start together when the outer transaction commits.
final class TransactionsViewController: UIViewController {
    private let square = CALayer()
    private var moved = false

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.12, alpha: 1)
        square.contents = UIImage(named: "Igloo")?.cgImage
        square.contentsGravity = .resizeAspect
        square.backgroundColor = UIColor(red: 0.95, green: 0.6, blue: 0.2, alpha: 1).cgColor
        square.cornerRadius = 16
        view.layer.addSublayer(square)
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: TransactionsViewController.run))
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let side = min(view.bounds.width, view.bounds.height) * 0.4
        square.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        square.position = CGPoint(x: view.bounds.width * (moved ? 0.75 : 0.25), y: view.bounds.midY)
        CATransaction.commit()
    }

    func run() {
        moved.toggle()
        CATransaction.begin()
        CATransaction.setValue(2.0, forKey: kCATransactionAnimationDuration)
        square.position = CGPoint(x: view.bounds.width * (moved ? 0.75 : 0.25), y: view.bounds.midY)

        CATransaction.begin()
        CATransaction.setValue(5.0, forKey: kCATransactionAnimationDuration)
        square.zPosition = moved ? 200 : 0
        square.opacity = moved ? 0.3 : 1
        CATransaction.commit()

        CATransaction.commit()
    }
}
