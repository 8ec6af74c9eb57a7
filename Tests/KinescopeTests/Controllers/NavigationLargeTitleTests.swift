import Kinescope
import XCTest

/// Large titles and prompts on a navigation controller's bar: the bar's height per item,
/// `largeTitleDisplayMode` inheritance, the children's safe area, the title collapsing as the
/// top controller's scroll view scrolls and snapping open or shut, the height animating with a
/// push, and the title attributes.
final class NavigationLargeTitleTests: XCTestCase {
    func testBarGrowsByThePromptAndTheLargeTitleAndAutomaticFollowsTheItemBelow() throws {
        try onMain {
            let stage = try NavigationStage()
            let bar = stage.navigation.navigationBar
            XCTAssertEqual(bar.frame.height, 44)
            bar.prefersLargeTitles = true
            stage.navigation.view.layoutIfNeeded()
            XCTAssertEqual(bar.frame.height, 96, "the bottom item is .automatic: large")
            stage.b.navigationItem.largeTitleDisplayMode = .automatic
            stage.navigation.pushViewController(stage.b, animated: false)
            stage.frame()
            XCTAssertEqual(bar.frame.height, 96, ".automatic over a large item is large")
            stage.b.navigationItem.largeTitleDisplayMode = .never
            stage.navigation.view.layoutIfNeeded()
            XCTAssertEqual(bar.frame.height, 44)
            stage.a.navigationItem.largeTitleDisplayMode = .never
            stage.b.navigationItem.largeTitleDisplayMode = .automatic
            stage.navigation.view.layoutIfNeeded()
            XCTAssertEqual(bar.frame.height, 44, ".automatic over a .never item is small")
            stage.b.navigationItem.largeTitleDisplayMode = .always
            stage.b.navigationItem.prompt = "Choose a photo"
            stage.navigation.view.layoutIfNeeded()
            XCTAssertEqual(bar.frame.height, 126, "a prompt adds 30 points")
            bar.prefersLargeTitles = false
            stage.navigation.view.layoutIfNeeded()
            XCTAssertEqual(bar.frame.height, 74, "without prefersLargeTitles, .always is small")
            XCTAssertEqual(bar.sizeThatFits(CGSize(width: 123, height: 0)), CGSize(width: 123, height: 74))
            XCTAssertEqual(stage.diagnostics, [])
        }
    }

    func testPromptSitsAboveTheItemsAndTheLargeTitleAtTheLeadingMarginBelowThem() throws {
        try onMain {
            let stage = try NavigationStage()
            let bar = stage.navigation.navigationBar
            bar.prefersLargeTitles = true
            stage.a.navigationItem.prompt = "Pick one"
            stage.a.navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Edit", style: .plain)
            stage.navigation.view.layoutIfNeeded()
            let prompt = try XCTUnwrap(label("Pick one", in: bar))
            XCTAssertEqual(prompt.convert(prompt.bounds, to: bar).midY, 15, accuracy: 1e-9)
            XCTAssertEqual(prompt.font.pointSize, 13)
            let edit = try XCTUnwrap(buttons(in: bar).first { $0.title(for: .normal) == "Edit" })
            XCTAssertEqual(edit.convert(edit.bounds, to: bar).midY, 30 + 22, accuracy: 1e-9, "the row moves below the prompt")
            let titles = allViews(in: bar).compactMap { $0 as? UILabel }.filter { $0.text == "A" }
            let large = try XCTUnwrap(titles.first { $0.font.pointSize == 34 })
            let small = try XCTUnwrap(titles.first { $0.font.pointSize == 17 })
            let frame = large.convert(large.bounds, to: bar)
            XCTAssertEqual(frame.minX, 16)
            XCTAssertEqual(frame.maxY, 126 - 8, accuracy: 1e-9)
            XCTAssertEqual(large.font, UIFont.systemFont(ofSize: 34, weight: .bold))
            XCTAssertEqual(effectiveAlpha(small, in: bar), 0, "the small title hides while the large one shows")
            XCTAssertEqual(stage.a.view.safeAreaInsets.top, 126, "the child's safe area starts below the whole bar")
        }
    }

    func testScrollingUpCollapsesTheLargeTitleUntilTheSmallTitleShows() throws {
        try onMain {
            let stage = try LargeTitleStage()
            let bar = stage.navigation.navigationBar
            let scrollView = stage.root.scrollView
            XCTAssertEqual(bar.frame.height, 96)
            XCTAssertEqual(scrollView.adjustedContentInset.top, 96)
            XCTAssertEqual(scrollView.contentOffset.y, -96, "the content rests under the open bar")
            scrollView.contentOffset.y = -96 + 30
            stage.navigation.view.layoutIfNeeded()
            XCTAssertEqual(bar.frame.height, 66, "30 points scrolled take 30 points off the band")
            let small = try XCTUnwrap(allViews(in: bar).compactMap { $0 as? UILabel }.first { $0.text == "List" && $0.font.pointSize == 17 })
            XCTAssertEqual(effectiveAlpha(small, in: bar), 0)
            scrollView.contentOffset.y = 200
            stage.navigation.view.layoutIfNeeded()
            XCTAssertEqual(bar.frame.height, 44, "scrolled past the band, the bar is compact")
            XCTAssertEqual(effectiveAlpha(small, in: bar), 1, "and the small title shows")
            scrollView.contentOffset.y = -96
            stage.navigation.view.layoutIfNeeded()
            XCTAssertEqual(bar.frame.height, 96, "scrolled back to the top, the title is large again")
        }
    }

    func testDraggingFollowsTheFingerAndAHalfCollapsedTitleSnapsOpenOrShut() throws {
        try onMain {
            let stage = try LargeTitleStage()
            let bar = stage.navigation.navigationBar
            let scrollView = stage.root.scrollView
            stage.host.scriptedDrag(from: CGPoint(x: 160, y: 300), step: CGPoint(x: 0, y: -3), frames: 10, stillBeforeRelease: 0.2)
            stage.host.advance(by: 0.02)
            let moved = scrollView.contentOffset.y + 96
            XCTAssertGreaterThan(moved, 15, "the drag scrolled past the slop")
            XCTAssertLessThan(moved, 26, "less than half the band")
            XCTAssertEqual(bar.frame.height, 96 - moved, accuracy: 0.5)
            stage.host.advance(by: 1)
            XCTAssertEqual(bar.frame.height, 96, "less than half gone: snaps open")
            XCTAssertEqual(scrollView.contentOffset.y, -96, accuracy: 0.01)

            stage.host.scriptedDrag(from: CGPoint(x: 160, y: 300), step: CGPoint(x: 0, y: -5), frames: 10, stillBeforeRelease: 0.2)
            stage.host.advance(by: 1)
            XCTAssertEqual(bar.frame.height, 44, "more than half gone: snaps shut")
            XCTAssertEqual(scrollView.contentOffset.y, -96 + 52, accuracy: 0.01)
            XCTAssertEqual(stage.diagnostics, [])
        }
    }

    func testPushingASmallTitleAnimatesTheBarHeightWithTheTransition() throws {
        try onMain {
            let stage = try NavigationStage()
            let bar = stage.navigation.navigationBar
            bar.prefersLargeTitles = true
            stage.b.navigationItem.largeTitleDisplayMode = .never
            stage.navigation.view.layoutIfNeeded()
            XCTAssertEqual(bar.frame.height, 96)
            stage.navigation.pushViewController(stage.b, animated: true)
            commitNow(stage.host)
            stage.host.advance(by: 0.1)
            let mid = Double(try XCTUnwrap(bar.layer.presentation()).bounds.height)
            XCTAssertLessThan(mid, 96 - 5, "the bar shrinks during the push")
            XCTAssertGreaterThan(mid, 44 + 5)
            stage.host.advance(by: 1)
            XCTAssertEqual(bar.frame.height, 44)
            XCTAssertEqual(stage.b.view.safeAreaInsets.top, 44)
            stage.navigation.popViewController(animated: false)
            stage.frame()
            XCTAssertEqual(bar.frame.height, 96, "popping back shows the large title again")
        }
    }

    func testTitleTextAttributesSetTheFontsAndColours() throws {
        try onMain {
            let stage = try NavigationStage()
            let bar = stage.navigation.navigationBar
            bar.titleTextAttributes = [.foregroundColor: UIColor.red, .font: UIFont.systemFont(ofSize: 15)]
            var title = try XCTUnwrap(allViews(in: bar).compactMap { $0 as? UILabel }.first { $0.text == "A" })
            XCTAssertEqual(title.font.pointSize, 15)
            XCTAssertEqual(title.textColor, .red)
            bar.prefersLargeTitles = true
            bar.largeTitleTextAttributes = [.foregroundColor: UIColor.blue]
            title = try XCTUnwrap(allViews(in: bar).compactMap { $0 as? UILabel }.first { $0.text == "A" && $0.font.pointSize == 34 })
            XCTAssertEqual(title.textColor, .blue)
            XCTAssertEqual(title.font, UIFont.systemFont(ofSize: 34, weight: .bold), "the default large font stays when only the colour is given")
        }
    }
}

/// A 320×480 headless window showing a navigation controller whose bar prefers large titles,
/// its root a controller whose view is a 2000-point-tall scroll view.
@MainActor
private final class LargeTitleStage {
    let host: HeadlessHost
    let window: UIWindow
    let navigation: UINavigationController
    let root = ScrollingController()
    var diagnostics: [String] = []

    init() throws {
        host = try HeadlessHost(size: CGSize(width: 320, height: 480), framesPerSecond: 60)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        navigation = UINavigationController(rootViewController: root)
        navigation.navigationBar.prefersLargeTitles = true
        window.rootViewController = navigation
        host.show(window)
        host.runLoop.engine.diagnosticHandler = { [unowned self] in self.diagnostics.append($0) }
        host.advance(by: 1.0 / 60)
    }
}

@MainActor
private final class ScrollingController: UIViewController {
    var scrollView: UIScrollView { view as! UIScrollView }

    override init() {
        super.init()
        title = "List"
    }

    override func loadView() {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        scrollView.backgroundColor = .white
        scrollView.contentSize = CGSize(width: 320, height: 2000)
        view = scrollView
    }
}

/// The label under `view` showing `text`.
@MainActor
private func label(_ text: String, in view: UIView) -> UILabel? {
    allViews(in: view).compactMap { $0 as? UILabel }.first { $0.text == text }
}

/// `view`'s alpha multiplied by its ancestors' up to `root`.
@MainActor
private func effectiveAlpha(_ view: UIView, in root: UIView) -> CGFloat {
    var alpha = view.alpha
    var current = view.superview
    while let ancestor = current, ancestor !== root {
        alpha *= ancestor.alpha
        current = ancestor.superview
    }
    return alpha
}
