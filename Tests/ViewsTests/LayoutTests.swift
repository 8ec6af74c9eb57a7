import Geometry
import Views
import XCTest

/// `setNeedsLayout` / `layoutIfNeeded` / `layoutSubviews`, and autoresizing masks as UIKit's
/// `autoresizingMask` documentation describes them: "When more than one option along the same
/// axis is set, the default behavior is to distribute the size difference proportionally among
/// the flexible portions."
final class LayoutTests: XCTestCase {
    func testSetNeedsLayoutThenLayoutIfNeededLaysOutOnce() throws {
        onMain {
            let view = RecordingView(name: "view", frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.layoutIfNeeded()
            let before = view.layoutCount
            view.setNeedsLayout()
            view.setNeedsLayout()
            view.setNeedsLayout()
            XCTAssertEqual(view.layoutCount, before, "layout waits for layoutIfNeeded")
            view.layoutIfNeeded()
            XCTAssertEqual(view.layoutCount, before + 1)
            view.layoutIfNeeded()
            XCTAssertEqual(view.layoutCount, before + 1, "nothing pending: no second pass")
        }
    }

    func testLayoutIfNeededReachesMarkedSubviewsOfUnmarkedViews() throws {
        onMain {
            let parent = RecordingView(name: "parent", frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let child = RecordingView(name: "child", frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            parent.addSubview(child)
            parent.layoutIfNeeded()
            let (parentBefore, childBefore) = (parent.layoutCount, child.layoutCount)
            child.setNeedsLayout()
            parent.layoutIfNeeded()
            XCTAssertEqual(parent.layoutCount, parentBefore)
            XCTAssertEqual(child.layoutCount, childBefore + 1)
        }
    }

    func testParentLaysOutBeforeItsSubviews() throws {
        onMain {
            let log = EventLog()
            let parent = RecordingView(name: "parent", frame: CGRect(x: 0, y: 0, width: 10, height: 10), log: log)
            let child = RecordingView(name: "child", frame: CGRect(x: 0, y: 0, width: 10, height: 10), log: log)
            parent.addSubview(child)
            parent.layoutIfNeeded()
            log.clear()
            child.setNeedsLayout()
            parent.setNeedsLayout()
            parent.layoutIfNeeded()
            XCTAssertEqual(log.entries, ["parent.layoutSubviews", "child.layoutSubviews"])
        }
    }

    func testLayoutIfNeededOnASubviewFirstLaysOutTheSuperviewsThatNeedIt() throws {
        onMain {
            let log = EventLog()
            let root = RecordingView(name: "root", frame: CGRect(x: 0, y: 0, width: 10, height: 10), log: log)
            let parent = RecordingView(name: "parent", frame: CGRect(x: 0, y: 0, width: 10, height: 10), log: log)
            let child = RecordingView(name: "child", frame: CGRect(x: 0, y: 0, width: 10, height: 10), log: log)
            let sibling = RecordingView(name: "sibling", frame: CGRect(x: 0, y: 0, width: 10, height: 10), log: log)
            root.addSubview(parent)
            parent.addSubview(child)
            parent.addSubview(sibling)
            root.layoutIfNeeded()
            log.clear()
            parent.setNeedsLayout()
            child.setNeedsLayout()
            sibling.setNeedsLayout()
            child.layoutIfNeeded()
            XCTAssertEqual(log.entries, ["parent.layoutSubviews", "child.layoutSubviews", "sibling.layoutSubviews"],
                           "as CALayer.layoutIfNeeded: from the topmost superview needing layout, root not being one")
        }
    }

    func testResizingMarksForLayoutButMovingDoesNot() throws {
        onMain {
            let view = RecordingView(name: "view", frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.layoutIfNeeded()
            let before = view.layoutCount
            view.center = CGPoint(x: 50, y: 50)
            view.frame.origin = CGPoint(x: 3, y: 4)
            view.layoutIfNeeded()
            XCTAssertEqual(view.layoutCount, before)
            view.bounds.size = CGSize(width: 20, height: 10)
            view.layoutIfNeeded()
            XCTAssertEqual(view.layoutCount, before + 1)
            view.frame.size = CGSize(width: 20, height: 30)
            view.layoutIfNeeded()
            XCTAssertEqual(view.layoutCount, before + 2)
        }
    }

    func testAddingASubviewMarksTheSuperviewForLayout() throws {
        onMain {
            let parent = RecordingView(name: "parent", frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            parent.layoutIfNeeded()
            let before = parent.layoutCount
            parent.addSubview(UIView(frame: .zero))
            parent.layoutIfNeeded()
            XCTAssertEqual(parent.layoutCount, before + 1)
        }
    }

    func testFlexibleWidthFollowsTheSuperviewsWidth() throws {
        onMain {
            assertAutoresized([.flexibleWidth], to: CGRect(x: 20, y: 10, width: 200, height: 50))
        }
    }

    func testFlexibleLeftMarginPinsTheRightEdge() throws {
        onMain {
            assertAutoresized([.flexibleLeftMargin], to: CGRect(x: 120, y: 10, width: 100, height: 50))
        }
    }

    func testFlexibleRightMarginPinsTheLeftEdge() throws {
        onMain {
            assertAutoresized([.flexibleRightMargin], to: CGRect(x: 20, y: 10, width: 100, height: 50))
        }
    }

    func testFlexibleMarginsShareTheChangeInProportionToTheirSizes() throws {
        onMain {
            // Left margin 20, right margin 80 in a 200-wide superview that grows by 100: the
            // margins grow by 20 and 80, so the proportions stay 1:4.
            assertAutoresized([.flexibleLeftMargin, .flexibleRightMargin], to: CGRect(x: 40, y: 10, width: 100, height: 50))
        }
    }

    func testFlexibleWidthAndRightMarginShareTheChangeInProportion() throws {
        onMain {
            // Width 100 and right margin 80 share 100 points: the width gets 100·100/180.
            let width = 100 + 100 * 100 / 180.0
            assertAutoresized([.flexibleWidth, .flexibleRightMargin], to: CGRect(x: 20, y: 10, width: width, height: 50))
        }
    }

    func testAllFlexibleHorizontalPartsScaleWithTheSuperview() throws {
        onMain {
            assertAutoresized([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin],
                              to: CGRect(x: 30, y: 10, width: 150, height: 50))
        }
    }

    func testFlexibleHeightAndMarginsFollowTheSuperviewsHeight() throws {
        onMain {
            // Top margin 10, height 50, bottom margin 40 in a 100-high superview growing by 50.
            assertAutoresized([.flexibleHeight], to: CGRect(x: 20, y: 10, width: 100, height: 100), growth: CGSize(width: 0, height: 50))
            assertAutoresized([.flexibleTopMargin], to: CGRect(x: 20, y: 60, width: 100, height: 50), growth: CGSize(width: 0, height: 50))
            assertAutoresized([.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin],
                              to: CGRect(x: 20, y: 15, width: 100, height: 75), growth: CGSize(width: 0, height: 50))
        }
    }

    func testShrinkingSuperviewShrinksFlexibleParts() throws {
        onMain {
            assertAutoresized([.flexibleWidth, .flexibleHeight], to: CGRect(x: 20, y: 10, width: 50, height: 30),
                              growth: CGSize(width: -50, height: -20))
            assertAutoresized([.flexibleWidth], to: CGRect(x: 20, y: 10, width: 0, height: 50),
                              growth: CGSize(width: -150, height: 0), "the width stops at zero")
        }
    }

    func testFlexibleMarginsWithNoRoomShareTheChangeEqually() throws {
        onMain {
            let superview = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            view.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
            superview.addSubview(view)
            superview.frame.size.width = 200
            XCTAssertEqual(view.frame, CGRect(x: 50, y: 0, width: 100, height: 100), "zero margins: centred")
        }
    }

    func testNoMaskOrAutoresizesSubviewsOffLeavesTheFrameAlone() throws {
        onMain {
            assertAutoresized([], to: CGRect(x: 20, y: 10, width: 100, height: 50))
            let superview = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            superview.autoresizesSubviews = false
            let view = UIView(frame: CGRect(x: 20, y: 10, width: 100, height: 50))
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            superview.addSubview(view)
            superview.bounds.size = CGSize(width: 300, height: 300)
            XCTAssertEqual(view.frame, CGRect(x: 20, y: 10, width: 100, height: 50))
        }
    }

    func testAutoresizingCascadesDownTheTree() throws {
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let middle = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let leaf = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
            middle.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            leaf.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            root.addSubview(middle)
            middle.addSubview(leaf)
            root.frame = CGRect(x: 0, y: 0, width: 150, height: 120)
            XCTAssertEqual(leaf.frame, CGRect(x: 10, y: 10, width: 130, height: 100))
        }
    }

    func testRootViewControllersViewFollowsTheWindow() throws {
        onMain {
            let window = makeWindow(width: 200, height: 150)
            let controller = UIViewController()
            window.rootViewController = controller
            XCTAssertTrue(controller.view.superview === window)
            XCTAssertEqual(controller.view.frame, window.bounds)
            window.frame = CGRect(x: 0, y: 0, width: 320, height: 240)
            XCTAssertEqual(controller.view.frame, CGRect(x: 0, y: 0, width: 320, height: 240))
            window.bounds.size = CGSize(width: 100, height: 80)
            XCTAssertEqual(controller.view.frame, CGRect(x: 0, y: 0, width: 100, height: 80))
        }
    }

    func testControllerIsToldAroundItsViewsLayout() throws {
        onMain {
            let log = EventLog()
            let controller = LayoutLoggingController(log: log)
            let window = makeWindow()
            window.rootViewController = controller
            window.layoutIfNeeded()
            log.clear()
            window.frame.size = CGSize(width: 300, height: 300)
            window.layoutIfNeeded()
            XCTAssertEqual(log.entries, ["viewWillLayoutSubviews", "root.layoutSubviews", "viewDidLayoutSubviews"])
        }
    }
}

@MainActor
private final class LayoutLoggingController: UIViewController {
    let log: EventLog
    init(log: EventLog) {
        self.log = log
        super.init()
    }
    override func loadView() { view = RecordingView(name: "root", frame: CGRect(x: 0, y: 0, width: 10, height: 10), log: log) }
    override func viewWillLayoutSubviews() { log.append("viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { log.append("viewDidLayoutSubviews") }
}

/// A 200×100 superview with a subview at (20, 10, 100, 50) using `mask`; the superview grows
/// by `growth`, and the subview must end at `expected`.
@MainActor
private func assertAutoresized(_ mask: UIView.AutoresizingMask, to expected: CGRect,
                               growth: CGSize = CGSize(width: 100, height: 0), _ message: String = "",
                               file: StaticString = #filePath, line: UInt = #line) {
    let superview = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
    let view = UIView(frame: CGRect(x: 20, y: 10, width: 100, height: 50))
    view.autoresizingMask = mask
    superview.addSubview(view)
    superview.bounds.size = CGSize(width: 200 + growth.width, height: 100 + growth.height)
    assertEqual(view.frame, expected, accuracy: 1e-9, "mask \(mask.rawValue) \(message)", file: file, line: line)
}
