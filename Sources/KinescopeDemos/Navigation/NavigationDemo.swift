import Kinescope

/// A small app of view controllers: a tab bar controller whose tabs are
/// - **Images**: a navigation controller over a list of the demo images; a row pushes its
///   detail screen with the system slide (or, with the bar's Cube button on, a Kinescope cube
///   turn), the back button, a click on the photo and a drag from the left edge go back;
/// - **Modals**: a list presenting a screen with each modal style and transition style UIKit has
///   (cover, cross dissolve, flip, partial curl, the page-sheet card with its swipe down, the
///   form sheet, over full screen), a Kinescope ripple as a custom presentation, an alert and an
///   action sheet;
/// - **Book**: the demo images as pages of a page-curl page view controller, turned with the
///   pointer.
/// Tabs switch with a fade: a `CATransition` added to the tab controller's view in
/// `tabBarController(_:didSelect:)`, the Core Animation books' listing.
@MainActor
func makeNavigationDemo() -> UIViewController {
    let tabs = NavigationDemoTabBarController()
    let images = UINavigationController(rootViewController: ImageListViewController())
    images.tabBarItem = UITabBarItem(title: "Images", image: DemoIcons.stack, tag: 0)
    let modals = UINavigationController(rootViewController: ModalListViewController())
    modals.tabBarItem = UITabBarItem(title: "Modals", image: DemoIcons.card, tag: 1)
    var controllers: [UIViewController] = [images, modals]
    if let book = makeBookViewController() {
        book.tabBarItem = UITabBarItem(title: "Book", image: DemoIcons.book, tag: 2)
        controllers.append(book)
    }
    tabs.viewControllers = controllers
    return tabs
}

/// The demo's tab bar controller: its own delegate, fading between tabs.
final class NavigationDemoTabBarController: UITabBarController, UITabBarControllerDelegate {
    override func viewDidLoad() {
        super.viewDidLoad()
        delegate = self
    }

    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        let fade = CATransition()
        fade.type = .fade
        fade.duration = 0.3
        tabBarController.view.layer.add(fade, forKey: nil)
    }
}

/// Template images for the tab bar items, drawn once: only their alpha counts (the bar tints them).
@MainActor
enum DemoIcons {
    static let stack = icon { context in
        context.fill(CGRect(x: 6, y: 9, width: 16, height: 13))
        context.stroke(CGRect(x: 9, y: 5, width: 16, height: 13), width: 2)
    }
    static let card = icon { context in
        context.addPath(CGPath(roundedRect: CGRect(x: 5, y: 7, width: 20, height: 18), cornerWidth: 3, cornerHeight: 3, transform: nil))
        context.fillPath()
        context.fill(CGRect(x: 9, y: 3, width: 12, height: 2))
    }
    static let book = icon { context in
        context.fill(CGRect(x: 4, y: 6, width: 10, height: 18))
        context.fill(CGRect(x: 16, y: 6, width: 10, height: 18))
    }

    private static func icon(_ draw: (CGContext) -> Void) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 30, height: 30)).image { renderer in
            renderer.cgContext.setFillColor(UIColor.black.cgColor)
            renderer.cgContext.setStrokeColor(UIColor.black.cgColor)
            draw(renderer.cgContext)
        }
    }
}
