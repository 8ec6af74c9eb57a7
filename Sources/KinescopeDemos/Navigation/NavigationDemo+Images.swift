import Kinescope

/// The list: one row per demo image, with a thumbnail.
/// The bar's right button switches pushes and pops between the system slide and a Kinescope
/// cube turn (a `KinescopeTransitionAnimator` from the navigation controller's delegate; the
/// edge drag still pops, interactively, through the cube).
final class ImageListViewController: UIViewController, UITableViewDataSource, UITableViewDelegate,
                                     UINavigationControllerDelegate {
    static let names = ["Anchor", "Cone", "Igloo", "Spaceship", "PhotoLandscape", "PhotoTexture"]
    private let table = UITableView(frame: .zero, style: .plain)
    private var thumbnails: [UIImage?] = []
    private var turnsCube = false

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Images"
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Cube", style: .plain, target: self,
                                                            action: ImageListViewController.toggleCube)
        thumbnails = Self.names.map { name in
            UIImage(named: name).map { image in
                UIGraphicsImageRenderer(size: CGSize(width: 48, height: 48)).image { _ in
                    image.draw(in: CGRect(x: 0, y: 0, width: 48, height: 48))
                }
            }
        }
        table.register(UITableViewCell.self, forCellReuseIdentifier: "image")
        table.dataSource = self
        table.delegate = self
        table.rowHeight = 56
        view.addSubview(table)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // The table fills the view, under the bars, as in UIKit: its adjusted content inset
        // (the safe area the bars leave) keeps the rows clear of them at rest.
        table.frame = view.bounds
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.delegate = self
        if let selected = table.indexPathForSelectedRow { table.deselectRow(at: selected, animated: animated) }
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { Self.names.count * 2 }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "image", for: indexPath)
        let index = indexPath.row % Self.names.count
        cell.textLabel?.text = "\(Self.names[index]) \(indexPath.row + 1)"
        cell.imageView?.image = thumbnails[index]
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        navigationController?.pushViewController(ImageDetailViewController(index: indexPath.row), animated: true)
    }

    private func toggleCube() {
        turnsCube.toggle()
        navigationItem.rightBarButtonItem?.title = turnsCube ? "Slide" : "Cube"
    }

    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        turnsCube ? KinescopeTransitionAnimator.cube() : nil
    }
}

/// One image filling the screen under the bar, with a Next button.
final class ImageDetailViewController: UIViewController {
    private let index: Int
    private let imageView = UIImageView()

    init(index: Int) {
        self.index = index
        super.init()
        let names = ImageListViewController.names
        title = "\(names[index % names.count]) \(index + 1)"
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Next", style: .plain, target: self,
                                                            action: ImageDetailViewController.showNext)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.12, alpha: 1)
        let names = ImageListViewController.names
        imageView.image = UIImage(named: names[index % names.count])
        imageView.contentMode = .scaleAspectFit
        imageView.isUserInteractionEnabled = true
        imageView.addGestureRecognizer(UITapGestureRecognizer(target: self, action: ImageDetailViewController.goBack))
        view.addSubview(imageView)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        imageView.frame = view.bounds.inset(by: view.safeAreaInsets).insetBy(dx: 16, dy: 16)
    }

    private func showNext() {
        navigationController?.pushViewController(ImageDetailViewController(index: index + 1), animated: true)
    }

    private func goBack() {
        navigationController?.popViewController(animated: true)
    }
}
