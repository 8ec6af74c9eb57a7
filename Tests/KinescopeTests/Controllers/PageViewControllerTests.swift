import KinescopeTestSupport
import XCTest
@testable import Views
import Kinescope

/// `UIPageViewController`: data-source traversal, Apple's spine rules, scroll paging and the
/// page curl dragged with scripted pointer events on a headless 200×150 window at 60 fps.
final class PageViewControllerTests: XCTestCase {
    func testScrollLoadsOnlyTheNeighboursOfThePageShown() throws {
        try MainActor.assumeIsolated {
            let stage = try PageStage(style: .scroll)
            XCTAssertEqual(stage.book.asked, ["before(0)", "after(0)"], "only the shown page's neighbours are asked for")
            XCTAssertEqual(stage.pages.children.map(\.title), ["0", "1"])
            XCTAssertNil(stage.pages.viewControllers?.dropFirst().first)
            XCTAssertTrue(stage.pages.gestureRecognizers.isEmpty, "a .scroll page view controller lists no recognizers")
        }
    }

    func testInterPageSpacingSeparatesScrollPages() throws {
        try MainActor.assumeIsolated {
            let stage = try PageStage(style: .scroll, options: [.interPageSpacing: 10])
            let first = stage.book.page(0).view.convert(CGPoint.zero, to: stage.window)
            let second = stage.book.page(1).view.convert(CGPoint.zero, to: stage.window)
            XCTAssertEqual(first.x, 0)
            XCTAssertEqual(second.x - first.x, 210, "one page plus the 10-point gap")
        }
    }

    func testScrollFlickSettlesOnTheNextPageAndTellsTheDelegate() throws {
        try MainActor.assumeIsolated {
            let stage = try PageStage(style: .scroll)
            XCTAssertFalse(stage.indicator.isHidden)
            XCTAssertEqual(stage.indicator.numberOfPages, 5)
            stage.drag(from: CGPoint(x: 150, y: 75), step: CGPoint(x: -15, y: 0), frames: 5)
            stage.run(seconds: 1.5)
            XCTAssertEqual(stage.pages.viewControllers?.map(\.title), ["1"])
            XCTAssertEqual(stage.log.entries, ["willTransitionTo(1)", "didFinish(previous: 0, completed: true)"])
            XCTAssertEqual(stage.indicator.currentPage, 1)
            XCTAssertEqual(stage.book.page(1).view.convert(CGPoint.zero, to: stage.window).x, 0, accuracy: 0.01)
            XCTAssertEqual(stage.pages.children.compactMap(\.title).sorted(), ["0", "1", "2"], "the new page's neighbours are loaded")
        }
    }

    func testScrollDragBackBelowHalfStaysAndReportsNotCompleted() throws {
        try MainActor.assumeIsolated {
            let stage = try PageStage(style: .scroll)
            stage.drag(from: CGPoint(x: 150, y: 75), step: CGPoint(x: -8, y: 0), frames: 5, stillBeforeRelease: 0.5)
            stage.run(seconds: 1.5)
            XCTAssertEqual(stage.pages.viewControllers?.map(\.title), ["0"])
            XCTAssertEqual(stage.log.entries, ["willTransitionTo(1)", "didFinish(previous: 0, completed: false)"])
        }
    }

    func testSpineAndDoubleSidedRulesAreDiagnosedAndChangeNothing() throws {
        try MainActor.assumeIsolated {
            let stage = try PageStage(style: .pageCurl, options: [.spineLocation: UIPageViewController.SpineLocation.mid],
                                      initial: [0, 1])
            XCTAssertEqual(stage.pages.spineLocation, .mid)
            XCTAssertTrue(stage.pages.isDoubleSided, "a .mid spine makes the pages double-sided")
            stage.pages.isDoubleSided = false
            XCTAssertTrue(stage.pages.isDoubleSided)
            stage.pages.setViewControllers([stage.book.page(2)], direction: .forward, animated: false)
            XCTAssertEqual(stage.pages.viewControllers?.map(\.title), ["0", "1"])
            XCTAssertEqual(stage.diagnostics.count, 2)
            XCTAssertTrue(stage.diagnostics[0].contains("must be double-sided"), stage.diagnostics[0])
            XCTAssertTrue(stage.diagnostics[1].contains("spine location mid needs exactly 2"), stage.diagnostics[1])

            let single = try PageStage(style: .pageCurl)
            XCTAssertEqual(single.pages.spineLocation, .min)
            single.pages.setViewControllers([single.book.page(1), single.book.page(2)], direction: .forward, animated: false)
            XCTAssertEqual(single.pages.viewControllers?.map(\.title), ["0"])
            XCTAssertTrue(single.diagnostics.last?.contains("spine location min needs exactly 1") ?? false)

            let scroll = try PageStage(style: .scroll, options: [.spineLocation: UIPageViewController.SpineLocation.mid])
            XCTAssertEqual(scroll.pages.spineLocation, .none, ".scroll ignores the spine")
        }
    }

    func testDelegateSpineLocationIsAskedOnceAndCheckedAgainstThePages() throws {
        try MainActor.assumeIsolated {
            let log = PageDelegateLog()
            log.spine = .mid
            let pages = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .horizontal)
            pages.delegate = log
            pages.setViewControllers([UIViewController()], direction: .forward, animated: false)
            var diagnostics: [String] = []
            let host = try HeadlessHost(size: CGSize(width: 200, height: 150), framesPerSecond: 60)
            host.runLoop.engine.diagnosticHandler = { diagnostics.append($0) }
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
            window.rootViewController = pages
            host.show(window)
            host.advance(by: 1.0 / 60)
            XCTAssertEqual(log.entries, ["spineLocationFor(landscape)"])
            XCTAssertEqual(pages.spineLocation, .min, "a .mid spine needs two pages: refused")
            XCTAssertFalse(pages.isDoubleSided)
            XCTAssertEqual(diagnostics.count, 1)
            XCTAssertTrue(diagnostics.first?.contains("needs 2 view controllers") ?? false, "\(diagnostics)")
        }
    }

    func testCurlDragPastHalfFinishesTheTurn() throws {
        try MainActor.assumeIsolated {
            let stage = try PageStage(style: .pageCurl)
            stage.drag(from: CGPoint(x: 195, y: 140), step: CGPoint(x: -10, y: -1), frames: 13, stillBeforeRelease: 0.3)
            XCTAssertNotNil(stage.pages.curl, "released: the turn runs to its end")
            stage.run(seconds: 0.6)
            XCTAssertNil(stage.pages.curl)
            XCTAssertEqual(stage.pages.viewControllers?.map(\.title), ["1"])
            XCTAssertEqual(stage.log.entries, ["willTransitionTo(1)", "didFinish(previous: 0, completed: true)"])
            XCTAssertEqual(stage.pages.view.subviews.count, 1, "the curl's view is gone, the new page is in")
        }
    }

    func testCurlShortDragFallsBack() throws {
        try MainActor.assumeIsolated {
            let stage = try PageStage(style: .pageCurl)
            stage.drag(from: CGPoint(x: 195, y: 140), step: CGPoint(x: -8, y: 0), frames: 6, stillBeforeRelease: 0.3)
            stage.run(seconds: 0.6)
            XCTAssertEqual(stage.pages.viewControllers?.map(\.title), ["0"])
            XCTAssertEqual(stage.log.entries, ["willTransitionTo(1)", "didFinish(previous: 0, completed: false)"])
            XCTAssertNil(stage.book.page(1).parent, "the page that did not come stays out")
        }
    }

    func testCurlFlickFinishesEvenBeforeHalf() throws {
        try MainActor.assumeIsolated {
            let stage = try PageStage(style: .pageCurl)
            stage.drag(from: CGPoint(x: 195, y: 140), step: CGPoint(x: -12, y: 0), frames: 4)
            stage.run(seconds: 0.6)
            XCTAssertEqual(stage.pages.viewControllers?.map(\.title), ["1"])
            XCTAssertEqual(stage.log.entries.last, "didFinish(previous: 0, completed: true)")
        }
    }

    func testCurlReverseDragBringsThePreviousPageBack() throws {
        try MainActor.assumeIsolated {
            let stage = try PageStage(style: .pageCurl, initial: [2])
            stage.drag(from: CGPoint(x: 5, y: 140), step: CGPoint(x: 12, y: 0), frames: 12, stillBeforeRelease: 0.3)
            stage.run(seconds: 0.6)
            XCTAssertEqual(stage.pages.viewControllers?.map(\.title), ["1"])
            XCTAssertEqual(stage.log.entries, ["willTransitionTo(1)", "didFinish(previous: 2, completed: true)"])
        }
    }

    func testVerticalCurlTurnsFromTheBottomEdge() throws {
        try MainActor.assumeIsolated {
            let stage = try PageStage(style: .pageCurl, orientation: .vertical)
            stage.drag(from: CGPoint(x: 190, y: 146), step: CGPoint(x: 0, y: -10), frames: 12, stillBeforeRelease: 0.3)
            stage.run(seconds: 0.6)
            XCTAssertEqual(stage.pages.viewControllers?.map(\.title), ["1"])
            XCTAssertEqual(stage.log.entries, ["willTransitionTo(1)", "didFinish(previous: 0, completed: true)"])
        }
    }

    func testMidSpineDragTurnsToTheNextSpread() throws {
        try MainActor.assumeIsolated {
            let stage = try PageStage(style: .pageCurl, options: [.spineLocation: UIPageViewController.SpineLocation.mid],
                                      initial: [0, 1])
            XCTAssertEqual(stage.book.page(1).view.frame, CGRect(x: 100, y: 0, width: 100, height: 150))
            stage.drag(from: CGPoint(x: 195, y: 140), step: CGPoint(x: -10, y: 0), frames: 10, stillBeforeRelease: 0.3)
            stage.run(seconds: 0.6)
            XCTAssertEqual(stage.pages.viewControllers?.map(\.title), ["2", "3"])
            XCTAssertEqual(stage.log.entries, ["willTransitionTo(2,3)", "didFinish(previous: 0,1, completed: true)"])
            XCTAssertTrue(stage.diagnostics.isEmpty, "\(stage.diagnostics)")
        }
    }

    func testTapAtTheEdgeTurnsAndAtTheLastPageDoesNothing() throws {
        try MainActor.assumeIsolated {
            let stage = try PageStage(style: .pageCurl, initial: [3])
            stage.host.pressPointer(at: CGPoint(x: 195, y: 75))
            stage.frame()
            stage.host.releasePointer(at: CGPoint(x: 195, y: 75))
            stage.run(seconds: 0.7)
            XCTAssertEqual(stage.pages.viewControllers?.map(\.title), ["4"])
            stage.host.pressPointer(at: CGPoint(x: 195, y: 75))
            stage.frame()
            stage.host.releasePointer(at: CGPoint(x: 195, y: 75))
            stage.run(seconds: 0.7)
            XCTAssertEqual(stage.pages.viewControllers?.map(\.title), ["4"], "no page after the last")
            XCTAssertEqual(stage.log.entries, ["willTransitionTo(4)", "didFinish(previous: 3, completed: true)"])
        }
    }

    /// A mid-drag frame: the page's corner under the finger at (110, 130). Tolerance: 2 per
    /// channel on up to 1 % of the pixels (the curl is computed in Float; the golden must
    /// survive a change of lane order, not of geometry).
    func testCurlMidDragFrameMatchesGolden() throws {
        try MainActor.assumeIsolated {
            let stage = try PageStage(style: .pageCurl)
            stage.host.pressPointer(at: CGPoint(x: 195, y: 140))
            var point = CGPoint(x: 195, y: 140)
            for _ in 0..<17 {
                stage.frame()
                point = CGPoint(x: point.x - 5, y: point.y - 0.6)
                stage.host.movePointer(to: point)
            }
            stage.frame()
            let frame = try XCTUnwrap(stage.host.lastFrame)
            assertBitmap(frame, matchesGolden: "page-curl-mid-drag", tolerance: ImageTolerance(perChannel: 2, maxDifferingPixels: 300))
            stage.host.releasePointer(at: point)
        }
    }

    /// `setViewControllers(…, animated: true)` curls over 0.5 s: half-way the old page is
    /// still the one listed and the curl is drawn; after it the new one is, and the completion
    /// ran with true; the delegate is not told.
    func testAnimatedSetViewControllersCurlsForHalfASecond() throws {
        try MainActor.assumeIsolated {
            let stage = try PageStage(style: .pageCurl)
            var finished: Bool?
            stage.pages.setViewControllers([stage.book.page(3)], direction: .forward, animated: true) { finished = $0 }
            stage.run(seconds: 0.25)
            XCTAssertEqual(stage.pages.viewControllers?.map(\.title), ["0"])
            XCTAssertNotNil(stage.pages.curl)
            XCTAssertNil(finished)
            stage.run(seconds: 0.3)
            XCTAssertEqual(stage.pages.viewControllers?.map(\.title), ["3"])
            XCTAssertEqual(finished, true)
            XCTAssertEqual(stage.log.entries, [])
        }
    }
}

/// A headless 200×150 window at 60 fps whose root is a page view controller over a book of
/// five coloured, numbered pages, with a logging delegate; diagnostics are collected.
@MainActor
final class PageStage {
    let host: HeadlessHost
    let window: UIWindow
    let pages: UIPageViewController
    let book = PageBook(count: 5)
    let log = PageDelegateLog()
    var diagnostics: [String] = []

    init(style: UIPageViewController.TransitionStyle, orientation: UIPageViewController.NavigationOrientation = .horizontal,
         options: [UIPageViewController.OptionsKey: Any]? = nil, initial: [Int] = [0]) throws {
        host = try HeadlessHost(size: CGSize(width: 200, height: 150), framesPerSecond: 60)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
        pages = UIPageViewController(transitionStyle: style, navigationOrientation: orientation, options: options)
        pages.dataSource = book
        pages.delegate = log
        host.runLoop.engine.diagnosticHandler = { [unowned self] in self.diagnostics.append($0) }
        pages.setViewControllers(initial.map(book.page), direction: .forward, animated: false)
        window.rootViewController = pages
        host.show(window)
        frame()
        log.entries.removeAll()
    }

    var indicator: UIPageControl { pages.pager!.indicator }

    func frame() { host.advance(by: 1.0 / 60) }
    func run(seconds: Double) { for _ in 0..<Int((seconds * 60).rounded()) { frame() } }

    /// A scripted drag at the stage's 60 fps (`HeadlessHost.scriptedDrag`).
    func drag(from start: CGPoint, step: CGPoint, frames: Int, stillBeforeRelease still: Double = 0) {
        host.scriptedDrag(from: start, step: step, frames: frames, stillBeforeRelease: still)
    }
}

/// Five pages titled "0"…"4", each a solid colour with a dark band, made once; logs the data
/// source's calls.
@MainActor
final class PageBook: UIPageViewControllerDataSource {
    private var pages: [UIViewController] = []
    var asked: [String] = []

    init(count: Int) {
        let colours: [UIColor] = [.red, .blue, .green, .orange, .purple]
        for index in 0..<count {
            let page = UIViewController()
            page.title = "\(index)"
            page.view.backgroundColor = colours[index % colours.count]
            let band = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 30))
            band.backgroundColor = .black
            page.view.addSubview(band)
            pages.append(page)
        }
    }

    func page(_ index: Int) -> UIViewController { pages[index] }

    private func index(_ page: UIViewController) -> Int { pages.firstIndex { $0 === page } ?? -1 }

    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerBefore viewController: UIViewController) -> UIViewController? {
        let i = index(viewController)
        asked.append("before(\(i))")
        return i > 0 ? pages[i - 1] : nil
    }

    func pageViewController(_ pageViewController: UIPageViewController,
                            viewControllerAfter viewController: UIViewController) -> UIViewController? {
        let i = index(viewController)
        asked.append("after(\(i))")
        return i >= 0 && i + 1 < pages.count ? pages[i + 1] : nil
    }

    func presentationCount(for pageViewController: UIPageViewController) -> Int { pages.count }
    func presentationIndex(for pageViewController: UIPageViewController) -> Int {
        pageViewController.viewControllers?.first.map(index) ?? 0
    }
}

/// Logs the delegate's calls as "willTransitionTo(1)" and "didFinish(previous: 0, completed: true)".
@MainActor
final class PageDelegateLog: UIPageViewControllerDelegate {
    var entries: [String] = []
    /// What `spineLocationFor` answers; nil for the current location.
    var spine: UIPageViewController.SpineLocation?
    func pageViewController(_ pageViewController: UIPageViewController,
                            spineLocationFor orientation: UIInterfaceOrientation) -> UIPageViewController.SpineLocation {
        entries.append("spineLocationFor(\(orientation.isLandscape ? "landscape" : "portrait"))")
        return spine ?? pageViewController.spineLocation
    }
    func pageViewController(_ pageViewController: UIPageViewController, willTransitionTo pendingViewControllers: [UIViewController]) {
        entries.append("willTransitionTo(\(pendingViewControllers.map { $0.title ?? "?" }.joined(separator: ",")))")
    }
    func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool,
                            previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {
        entries.append("didFinish(previous: \(previousViewControllers.map { $0.title ?? "?" }.joined(separator: ",")), completed: \(completed))")
    }
}
