import Kinescope
import KinescopeTestSupport
import XCTest

/// The presentation leftovers of issue 20: Apple's rule for the controller presenting a
/// `.currentContext` / `.overCurrentContext` presentation (`definesPresentationContext`), the
/// context's transition style (`providesPresentationContextTransitionStyle`), and
/// `.partialCurl`'s full-screen rule, curl kept on screen and tap to uncurl.
final class PresentationContextTests: XCTestCase {
    func testCurrentContextIsPresentedByTheNearestParentDefiningTheContextOverItsViewOnly() throws {
        try onMain {
            let stage = try ContextStage()
            stage.context.definesPresentationContext = true
            let p = stage.presentFromLeaf(.currentContext)
            XCTAssertTrue(p.presentingViewController === stage.context, "the controller defining the context presents")
            XCTAssertTrue(stage.context.presentedViewController === p)
            XCTAssertTrue(stage.leaf.presentedViewController === p, "children see their context's presentation")
            XCTAssertNil(stage.root.presentedViewController, "the root presents nothing")
            XCTAssertEqual(p.view.convert(p.view.bounds, to: nil), CGRect(x: 0, y: 75, width: 200, height: 75), "it covers the context's view only")
            XCTAssertNil(stage.context.view.superview, ".currentContext removes the context's view")
            XCTAssertTrue(stage.root.view.window === stage.window, "the rest of the screen stays")
            stage.leaf.dismiss(animated: false)
            stage.frame()
            stage.frame()
            XCTAssertNil(stage.context.presentedViewController)
            XCTAssertTrue(stage.context.view.superview === stage.root.view, "the context's view is back")
            XCTAssertEqual(stage.context.view.frame, CGRect(x: 0, y: 75, width: 200, height: 75))
            XCTAssertEqual(stage.root.view.subviews.count, 1, "the container is gone")
        }
    }

    func testWithoutADefiningControllerTheRootPresentsAndOverCurrentContextKeepsTheViews() throws {
        try onMain {
            let stage = try ContextStage()
            let p = stage.presentFromLeaf(.overCurrentContext)
            XCTAssertTrue(p.presentingViewController === stage.root, "no context defined: the window's root presents")
            XCTAssertEqual(p.view.convert(p.view.bounds, to: nil), stage.window.bounds)
            XCTAssertTrue(stage.root.view.window === stage.window, "over the context: the presenter's view stays")
            p.dismiss(animated: false)
            stage.frame()
            stage.frame()
            XCTAssertNil(stage.root.presentedViewController)
        }
    }

    func testContextProvidingTheTransitionStyleAnimatesWithItsOwn() throws {
        try onMain {
            let stage = try ContextStage()
            stage.context.definesPresentationContext = true
            stage.context.providesPresentationContextTransitionStyle = true
            stage.context.modalTransitionStyle = .crossDissolve
            let p = LoggingController("p", log: stage.log)
            p.modalPresentationStyle = .overCurrentContext
            stage.leaf.present(p, animated: true)
            commitNow(stage.host)
            stage.host.advance(by: 0.25)
            XCTAssertEqual(shownAlpha(p.view), 0.5, accuracy: 1e-3, "the context's cross-dissolve, half way")
            XCTAssertEqual(Double(shownY(p.view)), 37.5, accuracy: 1e-9, "no cover-vertical slide")
            stage.host.advance(by: 0.35)
            p.dismiss(animated: true)
            commitNow(stage.host)
            stage.host.advance(by: 0.25)
            XCTAssertEqual(shownAlpha(p.view), 0.5, accuracy: 1e-3, "the dismissal dissolves too")
            stage.host.advance(by: 0.35)
            XCTAssertNil(stage.context.presentedViewController)
        }
    }

    func testPartialCurlNeedsFullScreenCurlsPartWayAndATapOnThePageUncurlsIt() throws {
        try onMain {
            let stage = try PresentationStage()
            let a = stage.a, b = stage.b, log = stage.log
            a.view.backgroundColor = .red
            b.view.backgroundColor = .blue
            stage.frame()
            b.modalTransitionStyle = .partialCurl
            a.present(b, animated: true) { log.append("not called") }
            XCTAssertTrue(stage.diagnostics.last?.contains(".partialCurl needs the .fullScreen") ?? false, "\(stage.diagnostics)")
            XCTAssertNil(a.presentedViewController, "refused with the automatic (page sheet) style")
            b.modalPresentationStyle = .fullScreen
            a.present(b, animated: true) { log.append("presented") }
            commitNow(stage.host)
            let curl = try XCTUnwrap(stage.window.layer.animation(forKey: "transition") as? CATransition)
            XCTAssertEqual(curl.type.rawValue, "pageCurl")
            XCTAssertEqual(curl.endProgress, 0.4)
            stage.host.advance(by: 0.6)
            XCTAssertEqual(log.entries.last, "presented")
            XCTAssertTrue(stage.window.layer.animation(forKey: "transition") === curl, "the curl stays")
            stage.frame()
            let frame = try XCTUnwrap(stage.host.lastFrame)
            XCTAssertEqual(frame[x: 180, y: 145].blue, 255, "the bottom of the presented view is uncovered")
            XCTAssertEqual(frame[x: 20, y: 10].red, 255, "the presenter's page still covers the top")
            assertBitmap(frame, matchesGolden: "partial-curl", tolerance: ImageTolerance(perChannel: 2, maxDifferingPixels: 40))
            stage.host.click(at: CGPoint(x: 180, y: 145))
            stage.host.advance(by: 0.4)
            XCTAssertTrue(a.presentedViewController === b, "a tap on the uncovered part goes to the presented view")
            stage.host.click(at: CGPoint(x: 20, y: 10))
            XCTAssertTrue(b.isBeingDismissed, "a tap on the curled page dismisses")
            commitNow(stage.host)
            let uncurl = try XCTUnwrap(stage.window.layer.animation(forKey: "transition") as? CATransition)
            XCTAssertEqual(uncurl.type.rawValue, "pageUnCurl")
            XCTAssertEqual(uncurl.startProgress, 0.6, accuracy: 1e-6)
            stage.host.advance(by: 0.6)
            XCTAssertNil(a.presentedViewController)
            stage.frame()
            XCTAssertEqual(try XCTUnwrap(stage.host.lastFrame)[x: 180, y: 145].red, 255, "the page is down again")
        }
    }
}

/// A presentation stage whose root `root` (its `a`) holds `context` in its lower half
/// (0, 75, 200, 75), which holds `leaf` filling it.
@MainActor
final class ContextStage {
    let stage: PresentationStage
    let context: LoggingController
    let leaf: LoggingController
    var root: LoggingController { stage.a }
    var host: HeadlessHost { stage.host }
    var window: UIWindow { stage.window }
    var log: EventLog { stage.log }

    init() throws {
        stage = try PresentationStage()
        context = LoggingController("context", log: stage.log)
        leaf = LoggingController("leaf", log: stage.log)
        stage.a.addChild(context)
        context.view.frame = CGRect(x: 0, y: 75, width: 200, height: 75)
        stage.a.view.addSubview(context.view)
        context.didMove(toParent: stage.a)
        context.addChild(leaf)
        leaf.view.frame = context.view.bounds
        context.view.addSubview(leaf.view)
        leaf.didMove(toParent: context)
        frame()
        log.clear()
    }

    func frame() { host.advance(by: 1.0 / 60) }

    /// Presents a new controller "p" with `style` from `leaf`, without animation, and lets it end.
    func presentFromLeaf(_ style: UIModalPresentationStyle) -> LoggingController {
        let p = LoggingController("p", log: log)
        p.modalPresentationStyle = style
        leaf.present(p, animated: false)
        frame()
        frame()
        return p
    }
}
