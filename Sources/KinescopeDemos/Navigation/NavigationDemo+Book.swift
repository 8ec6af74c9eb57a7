import Kinescope

/// The Book tab: the demo images as the pages of a page-curl page view controller. A drag from
/// the right edge curls the page under the pointer (released past half way, or flicked, it
/// turns; otherwise it falls back); from the left edge it turns back; a click near an edge turns
/// at once.
@MainActor
func makeBookViewController() -> UIViewController? {
    let book = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal)
    let source = BookDataSource()
    book.dataSource = source
    book.setViewControllers([source.page(0)], direction: .forward, animated: false)
    return BookHolderViewController(book: book, source: source)
}

/// Keeps the book's data source (a page view controller's `dataSource` is weak, as in UIKit)
/// and lays the book out above the tab bar.
final class BookHolderViewController: UIViewController {
    private let book: UIPageViewController
    private let source: BookDataSource

    init(book: UIPageViewController, source: BookDataSource) {
        self.book = book
        self.source = source
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.2, alpha: 1)
        addChild(book)
        view.addSubview(book.view)
        book.didMove(toParent: self)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        book.view.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: max(0, view.bounds.height - view.safeAreaInsets.bottom))
    }
}

/// The pages: one per demo image, numbered.
final class BookDataSource: UIPageViewControllerDataSource {
    func page(_ number: Int) -> BookPageViewController { BookPageViewController(number: number) }

    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerBefore viewController: UIViewController) -> UIViewController? {
        guard let page = viewController as? BookPageViewController, page.number > 0 else { return nil }
        return self.page(page.number - 1)
    }

    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerAfter viewController: UIViewController) -> UIViewController? {
        guard let page = viewController as? BookPageViewController, page.number + 1 < ImageListViewController.names.count else { return nil }
        return self.page(page.number + 1)
    }
}

/// One page: an image on paper, with its page number.
final class BookPageViewController: UIViewController {
    let number: Int
    private let imageView = UIImageView()
    private let label = UILabel()

    init(number: Int) {
        self.number = number
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.98, green: 0.96, blue: 0.91, alpha: 1)
        imageView.image = UIImage(named: ImageListViewController.names[number])
        imageView.contentMode = .scaleAspectFit
        label.text = "— \(number + 1) —"
        label.textAlignment = .center
        label.textColor = UIColor(white: 0.35, alpha: 1)
        view.addSubview(imageView)
        view.addSubview(label)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        imageView.frame = CGRect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - 48)).insetBy(dx: 32, dy: 32)
        label.frame = CGRect(x: 0, y: max(0, bounds.height - 44), width: bounds.width, height: 24)
    }
}
