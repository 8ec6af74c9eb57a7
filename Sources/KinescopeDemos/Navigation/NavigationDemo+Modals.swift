import Kinescope

/// The Modals tab: one row per way UIKit presents a controller, plus two Kinescope transitions as
/// custom presentations and the two alert styles. A click on the presented screen dismisses it
/// (the page-sheet card also goes with a drag down; the partial curl uncurls when its curled
/// page is clicked).
final class ModalListViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    private enum Row: CaseIterable {
        case cover, dissolve, flip, partialCurl, pageSheet, formSheet, overFullScreen, ripple, barsSwipe, alert, actionSheet

        var title: String {
            switch self {
            case .cover: "Cover vertical"
            case .dissolve: "Cross dissolve"
            case .flip: "Flip horizontal"
            case .partialCurl: "Partial curl"
            case .pageSheet: "Page sheet (drag down to close)"
            case .formSheet: "Form sheet"
            case .overFullScreen: "Over full screen"
            case .ripple: "Ripple (Kinescope transition)"
            case .barsSwipe: "Bars swipe (Core Image filter)"
            case .alert: "Alert"
            case .actionSheet: "Action sheet"
            }
        }
    }

    private let table = UITableView(frame: .zero, style: .plain)
    /// Held here: a controller's `transitioningDelegate` is weak, as in UIKit.
    private let ripple = TransitionPresenter(KinescopeTransitionAnimator.rippleEffect())
    private let bars = TransitionPresenter(try? KinescopeTransitionAnimator.barsSwipe())

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Modals"
        table.register(UITableViewCell.self, forCellReuseIdentifier: "style")
        table.dataSource = self
        table.delegate = self
        table.rowHeight = 48
        view.addSubview(table)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        table.frame = view.bounds
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { Row.allCases.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "style", for: indexPath)
        cell.textLabel?.text = Row.allCases[indexPath.row].title
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        let row = Row.allCases[indexPath.row]
        switch row {
        case .alert:
            let alert = UIAlertController(title: "Delete the photo?", message: "This cannot be undone.", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { [weak self] _ in self?.title = "Deleted" })
            present(alert, animated: true)
            return
        case .actionSheet:
            let sheet = UIAlertController(title: "Share the photo", message: nil, preferredStyle: .actionSheet)
            for name in ["Mail", "Messages", "Print"] {
                sheet.addAction(UIAlertAction(title: name, style: .default) { [weak self] _ in self?.title = "Shared by \(name)" })
            }
            sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            present(sheet, animated: true)
            return
        default:
            break
        }
        let presented = ModalScreenViewController(caption: row.title, imageIndex: indexPath.row)
        presented.modalPresentationStyle = .fullScreen
        switch row {
        case .cover: presented.modalTransitionStyle = .coverVertical
        case .dissolve: presented.modalTransitionStyle = .crossDissolve
        case .flip: presented.modalTransitionStyle = .flipHorizontal
        case .partialCurl: presented.modalTransitionStyle = .partialCurl
        case .pageSheet: presented.modalPresentationStyle = .pageSheet
        case .formSheet: presented.modalPresentationStyle = .formSheet
        case .overFullScreen:
            presented.modalPresentationStyle = .overFullScreen
            presented.modalTransitionStyle = .crossDissolve
            presented.isTranslucent = true
        case .ripple: presented.transitioningDelegate = ripple
        case .barsSwipe: presented.transitioningDelegate = bars
        case .alert, .actionSheet: break
        }
        present(presented, animated: true)
    }
}

/// A transitioning delegate presenting and dismissing with one Kinescope animator (played
/// backwards for the dismissal, as the animator does for a backward transition).
final class TransitionPresenter: UIViewControllerTransitioningDelegate {
    private let animator: KinescopeTransitionAnimator?

    init(_ animator: KinescopeTransitionAnimator?) { self.animator = animator }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
}

/// The presented screen: a demo image and the name of the style, dismissed by a click.
final class ModalScreenViewController: UIViewController {
    private let caption: String
    private let imageIndex: Int
    /// Over full screen: a see-through backdrop, so the presenter shows behind the photo.
    var isTranslucent = false
    private let imageView = UIImageView()
    private let label = UILabel()

    init(caption: String, imageIndex: Int) {
        self.caption = caption
        self.imageIndex = imageIndex
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = isTranslucent ? UIColor(white: 0, alpha: 0.55) : UIColor(white: 0.95, alpha: 1)
        let names = ImageListViewController.names
        imageView.image = UIImage(named: names[imageIndex % names.count])
        imageView.contentMode = .scaleAspectFit
        label.text = "\(caption) — click to close"
        label.textAlignment = .center
        label.textColor = isTranslucent ? .white : .black
        view.addSubview(imageView)
        view.addSubview(label)
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: ModalScreenViewController.close))
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        label.frame = CGRect(x: 16, y: 24, width: max(0, bounds.width - 32), height: 28)
        imageView.frame = CGRect(x: 0, y: 64, width: bounds.width, height: max(0, bounds.height - 64)).insetBy(dx: 24, dy: 24)
    }

    private func close() {
        dismiss(animated: true)
    }
}
