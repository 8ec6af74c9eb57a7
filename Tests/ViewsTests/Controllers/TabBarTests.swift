import Geometry
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// The tab bar and its items on their own: the drawing (golden, and the tint, unselected tint
/// and badge colours sampled), selection by a tap, disabled items, and `UITabBarItem`'s titles
/// (from the controller, system items).
final class TabBarTests: XCTestCase {
    func testBarDrawsTintedTemplateImagesTitlesAndBadges() throws {
        onMain {
            let bar = Self.sampleBar()
            let bitmap = stage(width: 240, height: 49, [bar])
            assertBitmap(bitmap, matchesGolden: "bar-badges-tint", tolerance: .exact)
            // Item 0 (selected): the circle's centre, at 2 px per point (60 pt share, centre x 30).
            let selected = straightColor(bitmap, 60, 37)
            XCTAssertEqual([selected.red, selected.green, selected.blue], [0, 122, 255], "selected: tint (system blue)")
            let unselected = straightColor(bitmap, 168, 37)
            XCTAssertEqual([unselected.red, unselected.green, unselected.blue], [142, 142, 147], "unselected: system grey")
            let badge = straightColor(bitmap, 2 * (90 + 6 + 3), 22)
            XCTAssertEqual([badge.red, badge.green, badge.blue], [255, 59, 48], "badge: system red")
            let custom = straightColor(bitmap, 2 * (150 + 6 + 3), 22)
            XCTAssertEqual([custom.red, custom.green, custom.blue], [0, 0, 255], "badgeColor")
            let hairline = straightColor(bitmap, 10, 0)
            XCTAssertLessThan(hairline.red, 200, "hairline on top")
            let background = straightColor(bitmap, 10, 20)
            XCTAssertGreaterThan(background.red, 240, "light background")
        }
    }

    func testTintAndUnselectedTintRecolourTheItems() throws {
        onMain {
            let bar = Self.sampleBar()
            bar.tintColor = .red
            bar.unselectedItemTintColor = .green
            let bitmap = stage(width: 240, height: 49, [bar])
            let selected = straightColor(bitmap, 60, 37)
            XCTAssertEqual([selected.red, selected.green, selected.blue], [255, 0, 0])
            let unselected = straightColor(bitmap, 168, 37)
            XCTAssertEqual([unselected.red, unselected.green, unselected.blue], [0, 255, 0])
        }
    }

    func testTapSelectsAnItemAndTellsTheDelegateDisabledItemsIgnoreTaps() throws {
        ControlFixture.run(width: 240, height: 49) { fixture in
            let bar = Self.sampleBar()
            let delegate = BarDelegate()
            bar.delegate = delegate
            fixture.window.addSubview(bar)
            fixture.window.layoutIfNeeded()
            fixture.tap(CGPoint(x: 90, y: 25))
            XCTAssertTrue(bar.selectedItem === bar.items?[1])
            XCTAssertEqual(delegate.selected, ["Inbox"])
            bar.items?[2].isEnabled = false
            fixture.tap(CGPoint(x: 150, y: 25))
            XCTAssertTrue(bar.selectedItem === bar.items?[1], "a disabled item is not selected")
            fixture.tap(CGPoint(x: 90, y: 25))
            XCTAssertEqual(delegate.selected, ["Inbox", "Inbox"], "a tap on the selected item tells the delegate again")
            bar.selectedItem = bar.items?[0]
            XCTAssertEqual(delegate.selected.count, 2, "selection in code does not call the delegate")
            bar.selectedItem = UITabBarItem(title: "Stray", image: nil, tag: 0)
            XCTAssertTrue(bar.selectedItem === bar.items?[0])
            XCTAssertEqual(fixture.diagnostics.count, 1)
            XCTAssertTrue(fixture.diagnostics.first?.contains("'Stray' is not among the bar's items") ?? false)
        }
    }

    func testItemTitlesComeFromTheControllerAndSystemItemsKeepTheirs() throws {
        onMain {
            let controller = UIViewController()
            controller.title = "Photos"
            XCTAssertEqual(controller.tabBarItem.title, "Photos", "made on first use from the title")
            controller.title = "Albums"
            XCTAssertEqual(controller.tabBarItem.title, "Albums", "follows the title")
            XCTAssertNil(controller.tabBarController)
            let search = UITabBarItem(tabBarSystemItem: .search, tag: 4)
            XCTAssertEqual(search.title, "Search")
            search.title = "Find"
            XCTAssertEqual(search.title, "Search", "a system item's title cannot be changed")
            XCTAssertEqual(search.tag, 4)
            XCTAssertEqual(UITabBarItem(tabBarSystemItem: .mostViewed, tag: 0).title, "Most Viewed")
            let plain = Self.circle(), filled = Self.square()
            let item = UITabBarItem(title: "T", image: plain, selectedImage: filled)
            XCTAssertTrue(item.selectedImage === filled)
            XCTAssertTrue(UITabBarItem(title: "T", image: plain, tag: 0).selectedImage === plain, "defaults to the image")
        }
    }

    /// 240×49: Home (circle, selected), Inbox (square, badge "3"), Search (system item, blue
    /// badge "12"), Off (circle, disabled).
    @MainActor
    static func sampleBar() -> UITabBar {
        let bar = UITabBar(frame: CGRect(x: 0, y: 0, width: 240, height: 49))
        let inbox = UITabBarItem(title: "Inbox", image: square(), tag: 1)
        inbox.badgeValue = "3"
        let search = UITabBarItem(tabBarSystemItem: .search, tag: 2)
        search.badgeValue = "12"
        search.badgeColor = .blue
        let off = UITabBarItem(title: "Off", image: circle(), tag: 3)
        off.isEnabled = false
        let home = UITabBarItem(title: "Home", image: circle(), tag: 0)
        bar.items = [home, inbox, search, off]
        bar.selectedItem = home
        return bar
    }

    /// A black disc of 24 points, drawn at 2× (what a template image's alpha masks).
    @MainActor
    static func circle() -> UIImage {
        image { UIBezierPath(ovalIn: CGRect(x: 1, y: 1, width: 22, height: 22)).fill() }
    }

    /// A black square of 24 points with a hole, at 2×.
    @MainActor
    static func square() -> UIImage {
        image {
            let path = UIBezierPath(rect: CGRect(x: 2, y: 2, width: 20, height: 20))
            path.append(UIBezierPath(rect: CGRect(x: 8, y: 8, width: 8, height: 8)).reversing())
            path.fill()
        }
    }

    @MainActor
    private static func image(_ draw: () -> Void) -> UIImage {
        let format = UIGraphicsImageRenderer.Format()
        format.scale = 2
        return UIGraphicsImageRenderer(size: CGSize(width: 24, height: 24), format: format).image { _ in
            UIColor.black.setFill()
            draw()
        }
    }
}

@MainActor
private final class BarDelegate: UITabBarDelegate {
    var selected: [String] = []
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) { selected.append(item.title ?? "?") }
}
