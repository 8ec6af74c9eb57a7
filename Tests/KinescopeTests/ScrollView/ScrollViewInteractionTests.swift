@testable import Views
import Kinescope
import XCTest

/// UIScrollView's delegate order, wheel, keyboard, zooming, content touches and bad input,
/// through a headless host's run loop and the window's real dispatch (virtual clock, 60 fps).
final class ScrollViewInteractionTests: XCTestCase {
    func testDelegateOrderForADragReleasedMoving() throws {
        try onMain {
            let scene = try makeScrollScene()
            scene.drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), frames: 10)
            XCTAssertEqual(scene.log.entries, ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)",
                                               "willBeginDecelerating"])
            XCTAssertTrue(scene.scrollView.isDecelerating)
            XCTAssertFalse(scene.scrollView.isDragging)
            XCTAssertFalse(scene.scrollView.isTracking)
            scene.host.advance(by: 5)
            XCTAssertEqual(Array(scene.log.entries.suffix(2)), ["didScroll", "didEndDecelerating"])
        }
    }

    func testDelegateOrderForADragEndingAtRest() throws {
        try onMain {
            let scene = try makeScrollScene()
            scene.host.pressPointer(at: CGPoint(x: 100, y: 100))
            XCTAssertTrue(scene.scrollView.isTracking)
            XCTAssertFalse(scene.scrollView.isDragging)
            scene.host.releasePointer(at: CGPoint(x: 100, y: 100))
            XCTAssertFalse(scene.scrollView.isTracking)
            scene.drag(from: CGPoint(x: 100, y: 100), step: CGPoint(x: 0, y: -10), frames: 5, stillBeforeRelease: 0.3)
            XCTAssertEqual(scene.log.entries, ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(false)"])
            XCTAssertEqual(scene.scrollView.contentOffset, CGPoint(x: 0, y: 40))
            scene.host.advance(by: 1)
            XCTAssertEqual(scene.log.entries.count, 4, "no deceleration")
        }
    }

    func testTouchStopsADecelerationWithoutEndingIt() throws {
        try onMain {
            let scene = try makeScrollScene()
            scene.drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), frames: 10)
            scene.host.advance(by: 0.2)
            scene.host.pressPointer(at: CGPoint(x: 100, y: 100))
            let stopped = scene.scrollView.contentOffset
            XCTAssertFalse(scene.scrollView.isDecelerating)
            scene.host.advance(by: 0.5)
            scene.host.releasePointer(at: CGPoint(x: 100, y: 100))
            XCTAssertEqual(scene.scrollView.contentOffset, stopped)
            XCTAssertFalse(scene.log.entries.contains("didEndDecelerating"))
        }
    }

    func testDirectionalLockKeepsAMostlyVerticalDragVertical() throws {
        try onMain {
            let scene = try makeScrollScene(contentSize: CGSize(width: 2000, height: 2000))
            scene.scrollView.isDirectionalLockEnabled = true
            scene.drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: -2, y: -10), frames: 6, stillBeforeRelease: 0.2)
            XCTAssertEqual(scene.scrollView.contentOffset.x, 0)
            XCTAssertEqual(scene.scrollView.contentOffset.y, 50, accuracy: 1e-9)
        }
    }

    func testWheelNotchScrollsFortyPointsClampedWithoutInertia() throws {
        try onMain {
            let scene = try makeScrollScene(contentSize: CGSize(width: 600, height: 400))
            let point = CGPoint(x: 100, y: 80)
            scene.host.scroll(at: point, dy: 1)
            XCTAssertEqual(scene.scrollView.contentOffset, CGPoint(x: 0, y: 40))
            scene.host.advance(by: 1)
            XCTAssertEqual(scene.scrollView.contentOffset, CGPoint(x: 0, y: 40), "no inertia")
            scene.host.scroll(at: point, dy: 100)
            XCTAssertEqual(scene.scrollView.contentOffset, CGPoint(x: 0, y: 250), "clamped, no rubber band")
            scene.host.scroll(at: point, dy: -2)
            XCTAssertEqual(scene.scrollView.contentOffset, CGPoint(x: 0, y: 170))
            scene.host.scroll(at: point, dx: 1, dy: 0)
            XCTAssertEqual(scene.scrollView.contentOffset, CGPoint(x: 40, y: 170), "buttons 6/7")
            scene.host.scroll(at: point, dy: 1, modifiers: .shift)
            XCTAssertEqual(scene.scrollView.contentOffset, CGPoint(x: 80, y: 170), "Shift+wheel is horizontal")
            XCTAssertEqual(scene.log.entries, ["didScroll"], "no dragging or deceleration calls")
            scene.host.scroll(at: point, dy: 1, modifiers: .control)
            XCTAssertEqual(scene.scrollView.contentOffset, CGPoint(x: 80, y: 170), "Control+wheel is a pinch")
        }
    }

    func testWheelGoesToTheOuterScrollViewWhenTheInnerCannotMoveThatWay() throws {
        try onMain {
            let scene = try makeScrollScene(contentSize: CGSize(width: 200, height: 1000))
            let inner = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            inner.contentSize = CGSize(width: 600, height: 100)
            scene.scrollView.addSubview(inner)
            let point = CGPoint(x: 50, y: 50)
            scene.host.scroll(at: point, dx: 1, dy: 0)
            XCTAssertEqual(inner.contentOffset, CGPoint(x: 40, y: 0), "the inner scrolls sideways")
            scene.host.scroll(at: point, dy: 1)
            XCTAssertEqual(inner.contentOffset, CGPoint(x: 40, y: 0))
            XCTAssertEqual(scene.scrollView.contentOffset, CGPoint(x: 0, y: 40), "the outer scrolls down")
        }
    }

    func testKeysScrollTheScrollViewUnderThePointer() throws {
        try onMain {
            let scene = try makeScrollScene(contentSize: CGSize(width: 200, height: 1000))
            @MainActor func press(_ keysym: UInt32, _ text: String = "", _ modifiers: KeyModifiers = []) {
                scene.host.inject(.keyDown(KeyEvent(keysym: keysym, text: text, modifiers: modifiers)))
                try? scene.host.runLoop.runTurn(maximumWait: .zero)
            }
            press(0xFF54)
            XCTAssertEqual(scene.scrollView.contentOffset.y, 0, "the pointer has not been seen yet")
            scene.host.movePointer(to: CGPoint(x: 100, y: 75))
            press(0xFF54)
            XCTAssertEqual(scene.scrollView.contentOffset.y, 40, "Down: one line")
            press(0xFF56)
            XCTAssertEqual(scene.scrollView.contentOffset.y, 150, "Page Down: the height less a line")
            press(0x20, " ")
            XCTAssertEqual(scene.scrollView.contentOffset.y, 260, "space pages down")
            press(0x20, " ", .shift)
            XCTAssertEqual(scene.scrollView.contentOffset.y, 150, "Shift+space pages up")
            press(0xFF57)
            XCTAssertEqual(scene.scrollView.contentOffset.y, 850, "End")
            press(0xFF54)
            XCTAssertEqual(scene.scrollView.contentOffset.y, 850, "clamped")
            press(0xFF50)
            XCTAssertEqual(scene.scrollView.contentOffset.y, 0, "Home")
            XCTAssertEqual(scene.log.entries.last, "didScrollToTop")
            press(0xFF54, "", .control)
            XCTAssertEqual(scene.scrollView.contentOffset.y, 0, "Control+Down is not a scroll key")
        }
    }

    func testKeysReachTheScrollViewHoldingTheFirstResponder() throws {
        try onMain {
            let scene = try makeScrollScene(contentSize: CGSize(width: 200, height: 1000))
            let field = FocusableView(frame: CGRect(x: 0, y: 0, width: 50, height: 20))
            scene.scrollView.addSubview(field)
            XCTAssertTrue(field.becomeFirstResponder())
            scene.host.inject(.keyDown(KeyEvent(keysym: 0xFF56, text: "")))
            try scene.host.runLoop.runTurn(maximumWait: .zero)
            XCTAssertEqual(scene.scrollView.contentOffset.y, 110)
        }
    }

    func testZoomScaleIsClampedAndScalesTheZoomingView() throws {
        try onMain {
            let scene = try makeScrollScene(contentSize: CGSize(width: 200, height: 150))
            let photo = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
            scene.scrollView.addSubview(photo)
            scene.scrollView.setZoomScale(2, animated: false)
            XCTAssertEqual(scene.scrollView.zoomScale, 1, "no zooming view, no zoom")
            XCTAssertNil(scene.scrollView.pinchGestureRecognizer)
            scene.log.zoomingView = photo
            scene.scrollView.minimumZoomScale = 0.5
            scene.scrollView.maximumZoomScale = 4
            XCTAssertNotNil(scene.scrollView.pinchGestureRecognizer)
            scene.scrollView.zoomScale = 10
            XCTAssertEqual(scene.scrollView.zoomScale, 4)
            XCTAssertEqual(photo.frame, CGRect(x: 0, y: 0, width: 800, height: 600))
            XCTAssertEqual(scene.scrollView.contentSize, CGSize(width: 800, height: 600))
            XCTAssertEqual(scene.scrollView.contentOffset, CGPoint(x: 300, y: 225), "zoomed about the centre")
            scene.scrollView.zoomScale = 0.01
            XCTAssertEqual(scene.scrollView.zoomScale, 0.5)
            scene.scrollView.zoomScale = .nan
            scene.scrollView.maximumZoomScale = .infinity
            XCTAssertEqual(scene.scrollView.zoomScale, 0.5)
            XCTAssertEqual(scene.scrollView.maximumZoomScale, 4)
            scene.scrollView.zoom(to: CGRect(x: 50, y: 50, width: 50, height: 50), animated: true)
            scene.host.advance(by: 0.5)
            XCTAssertEqual(scene.scrollView.zoomScale, 3)
            XCTAssertEqual(scene.scrollView.contentOffset, CGPoint(x: 125, y: 150), "the rect centred")
            XCTAssertEqual(Array(scene.log.entries.suffix(2)), ["didEndScrollingAnimation", "didEndZooming"])
        }
    }

    func testControlWheelPinchZoomsAboutThePointer() throws {
        try onMain {
            let scene = try makeScrollScene(contentSize: CGSize(width: 200, height: 150))
            let photo = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
            scene.scrollView.addSubview(photo)
            scene.log.zoomingView = photo
            scene.scrollView.maximumZoomScale = 3
            scene.host.scroll(at: CGPoint(x: 50, y: 30), dy: -1, modifiers: .control)
            XCTAssertEqual(scene.scrollView.zoomScale, 1.1, accuracy: 1e-12)
            XCTAssertTrue(scene.scrollView.isZooming)
            XCTAssertEqual(scene.scrollView.contentOffset.x, 5, accuracy: 1e-9, "the point under the pointer stays")
            XCTAssertEqual(scene.scrollView.contentOffset.y, 3, accuracy: 1e-9)
            scene.host.advance(by: 0.5)
            XCTAssertFalse(scene.scrollView.isZooming)
            XCTAssertEqual(scene.log.entries.first, "willBeginZooming")
            XCTAssertEqual(scene.log.entries.last, "didEndZooming")
        }
    }

    func testAnimatedOffsetTakesAThirdOfASecondOnTheFrameClock() throws {
        try onMain {
            let scene = try makeScrollScene()
            scene.scrollView.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
            XCTAssertEqual(scene.scrollView.contentOffset.y, 0)
            scene.host.advance(by: 0.15)
            XCTAssertEqual(scene.scrollView.contentOffset.y, 150, accuracy: 1, "half way (ease-in-out is symmetric)")
            scene.host.advance(by: 0.15)
            XCTAssertEqual(scene.scrollView.contentOffset.y, 300)
            XCTAssertEqual(scene.log.entries.last, "didEndScrollingAnimation")
            scene.scrollView.scrollRectToVisible(CGRect(x: 0, y: 600, width: 10, height: 10), animated: false)
            XCTAssertEqual(scene.scrollView.contentOffset.y, 460, "the rect's bottom at the view's")
        }
    }

    func testContentTouchesAreDelayedAndCancelledByADrag() throws {
        try onMain {
            let scene = try makeScrollScene()
            let recorder = GestureRecorder { 0 }
            let content = GestureTouchView(frame: CGRect(x: 0, y: 0, width: 200, height: 400))
            content.recorder = recorder
            scene.scrollView.addSubview(content)
            scene.host.pressPointer(at: CGPoint(x: 100, y: 100))
            XCTAssertEqual(recorder.entries, [], "held back")
            scene.host.advance(by: 0.1)
            XCTAssertEqual(recorder.entries, [])
            scene.host.movePointer(to: CGPoint(x: 100, y: 80))
            scene.host.releasePointer(at: CGPoint(x: 100, y: 80))
            XCTAssertEqual(recorder.entries, [], "a drag within the delay: the content never sees the touch")

            scene.host.pressPointer(at: CGPoint(x: 100, y: 100))
            scene.host.advance(by: 0.2)
            XCTAssertEqual(recorder.entries, ["view.began"], "delivered after 0.15 s")
            scene.host.movePointer(to: CGPoint(x: 100, y: 80))
            XCTAssertEqual(recorder.entries, ["view.began", "view.cancelled"], "the drag cancels it")
            scene.host.releasePointer(at: CGPoint(x: 100, y: 80))
            scene.host.advance(by: 5)

            recorder.entries = []
            scene.scrollView.canCancelContentTouches = false
            let before = scene.scrollView.contentOffset
            scene.host.pressPointer(at: CGPoint(x: 100, y: 100))
            scene.host.advance(by: 0.2)
            scene.host.movePointer(to: CGPoint(x: 100, y: 60))
            scene.host.releasePointer(at: CGPoint(x: 100, y: 60))
            XCTAssertEqual(scene.scrollView.contentOffset, before, "no scrolling once the content tracks")
            XCTAssertEqual(recorder.entries, ["view.began", "view.moved", "view.ended"])

            recorder.entries = []
            scene.scrollView.delaysContentTouches = false
            scene.host.click(at: CGPoint(x: 100, y: 100))
            XCTAssertEqual(recorder.entries, ["view.began", "view.ended"], "a click passes at once")
        }
    }

    func testBadNumbersGiveSaneResults() throws {
        try onMain {
            let scene = try makeScrollScene(contentSize: CGSize(width: 200, height: 1000))
            let scrollView = scene.scrollView
            scrollView.contentSize = CGSize(width: CGFloat.nan, height: -50)
            XCTAssertEqual(scrollView.contentSize, .zero)
            scrollView.contentSize = CGSize(width: 200, height: CGFloat(Double.infinity))
            XCTAssertEqual(scrollView.contentSize, CGSize(width: 200, height: 0))
            scrollView.contentOffset = CGPoint(x: CGFloat.nan, y: 5)
            XCTAssertEqual(scrollView.contentOffset, .zero)

            scrollView.contentSize = CGSize(width: 200, height: 1e12)
            scene.host.scroll(at: CGPoint(x: 100, y: 75), dy: 3)
            XCTAssertEqual(scrollView.contentOffset.y, 120)
            scene.drag(from: CGPoint(x: 100, y: 140), step: CGPoint(x: 0, y: -10), frames: 10)
            scene.host.advance(by: 5)
            XCTAssertFalse(scrollView.isDecelerating)

            scrollView.contentSize = CGSize(width: 200, height: 100)
            scrollView.contentInset = UIEdgeInsets(top: 500, left: .nan, bottom: 900, right: -1e9)
            XCTAssertEqual(scrollView.adjustedContentInset.left, 0)
            XCTAssertEqual(scrollView.minimumOffset, CGPoint(x: 0, y: -500))
            XCTAssertEqual(scrollView.maximumOffset, CGPoint(x: 0, y: 850))
            scrollView.setContentOffset(CGPoint(x: 0, y: 1e9), animated: false)
            scrollView.release(velocity: CGPoint(x: CGFloat.nan, y: -CGFloat.infinity))
            scene.host.advance(by: 10)
            XCTAssertFalse(scrollView.isDecelerating, "an infinite flick from far past the end comes to rest")
            XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 850))

            scrollView.scrollRectToVisible(CGRect(x: CGFloat.infinity, y: 0, width: 1, height: 1), animated: true)
            scrollView.setContentOffset(CGPoint(x: 0, y: CGFloat.nan), animated: true)
            scrollView.zoom(to: .null, animated: true)
            scene.host.advance(by: 1)
            XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 850))
        }
    }

    func testPhysicsFunctionsMatchAppleFormulas() {
        XCTAssertEqual(ScrollPhysics.decelerationDistance(velocity: 1000, rate: 0.998), 499, accuracy: 1e-9)
        XCTAssertEqual(ScrollPhysics.decelerationDistance(velocity: CGFloat.infinity, rate: 0.998), 100 * 499, accuracy: 1e-6)
        XCTAssertEqual(ScrollPhysics.decelerationDistance(velocity: .nan, rate: 0.998), 0)
        XCTAssertEqual(ScrollPhysics.decelerationDistance(velocity: 1000, rate: .nan), 499, accuracy: 1e-9, "normal rate")
        let expected: CGFloat = (1 - 1 / (150 * 0.55 / 300 + 1)) * 300
        XCTAssertEqual(ScrollPhysics.rubberBand(150, dimension: 300), expected, accuracy: 1e-12)
        XCTAssertEqual(ScrollPhysics.rubberBand(-1e300, dimension: 300), -300, accuracy: 1e-9)
        XCTAssertEqual(ScrollPhysics.rubberBand(10, dimension: .nan), 0)
        let pulls: [CGFloat] = [-120, 0, 3, 80, 299]
        for y in pulls {
            let x = ScrollPhysics.inverseRubberBand(y, dimension: 300)
            XCTAssertEqual(ScrollPhysics.rubberBand(x, dimension: 300), y, accuracy: 1e-9)
        }
        XCTAssertTrue(ScrollPhysics.inverseRubberBand(1e9, dimension: 300).isFinite)
    }
}

/// A view that can be first responder (a text field's stand-in).
@MainActor
final class FocusableView: UIView {
    override var canBecomeFirstResponder: Bool { true }
}
