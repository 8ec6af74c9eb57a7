import Kinescope
import KinescopeTestSupport
import XCTest

/// `UIView.transition(with:…)` and `UIView.transition(from:to:…)`, each of the seven transition
/// options through both methods, driven headless on a virtual clock.
///
/// Each run checks: the frames at 25, 50 and 75 % of the duration against goldens (±2 per
/// channel, at most 1 % of the pixels beyond: the styles interpolate in floating point, and a
/// build with other CPU flags may round an edge pixel differently) — one set per option, shared
/// by the three ways of calling it, since the container's old and new appearances are the same
/// whether its content changes in a block, by replacing a subview or by hiding one; that the view Apple's
/// documentation names is the one that turns — for `transition(with:)` "the container view that
/// performs the transition", for `transition(from:to:)` the superview of `fromView` ("By default,
/// this view is removed from its superview"; the animation runs on that superview) — so every
/// pixel outside it, including a sibling view beside it, stays exactly as it was in every frame;
/// the end state exactly (the hierarchy, and the last frame equal to the model drawn without
/// animations); and that `completion` runs once, with `true`, after the end.
final class ViewTransitionGoldenTests: XCTestCase {
    func testFlipFromLeftThroughTransitionWith() throws { try onMain { try runGoldenTransition(.transitionFlipFromLeft, "flipFromLeft", .with) } }
    func testFlipFromLeftThroughTransitionFromTo() throws { try onMain { try runGoldenTransition(.transitionFlipFromLeft, "flipFromLeft", .fromTo) } }
    func testFlipFromRightThroughTransitionWith() throws { try onMain { try runGoldenTransition(.transitionFlipFromRight, "flipFromRight", .with) } }
    func testFlipFromRightThroughTransitionFromTo() throws { try onMain { try runGoldenTransition(.transitionFlipFromRight, "flipFromRight", .fromTo) } }
    func testFlipFromTopThroughTransitionWith() throws { try onMain { try runGoldenTransition(.transitionFlipFromTop, "flipFromTop", .with) } }
    func testFlipFromTopThroughTransitionFromTo() throws { try onMain { try runGoldenTransition(.transitionFlipFromTop, "flipFromTop", .fromTo) } }
    func testFlipFromBottomThroughTransitionWith() throws { try onMain { try runGoldenTransition(.transitionFlipFromBottom, "flipFromBottom", .with) } }
    func testFlipFromBottomThroughTransitionFromTo() throws { try onMain { try runGoldenTransition(.transitionFlipFromBottom, "flipFromBottom", .fromTo) } }
    func testCurlUpThroughTransitionWith() throws { try onMain { try runGoldenTransition(.transitionCurlUp, "curlUp", .with) } }
    func testCurlUpThroughTransitionFromTo() throws { try onMain { try runGoldenTransition(.transitionCurlUp, "curlUp", .fromTo) } }
    func testCurlDownThroughTransitionWith() throws { try onMain { try runGoldenTransition(.transitionCurlDown, "curlDown", .with) } }
    func testCurlDownThroughTransitionFromTo() throws { try onMain { try runGoldenTransition(.transitionCurlDown, "curlDown", .fromTo) } }
    func testCrossDissolveThroughTransitionWith() throws { try onMain { try runGoldenTransition(.transitionCrossDissolve, "crossDissolve", .with) } }
    func testCrossDissolveThroughTransitionFromTo() throws { try onMain { try runGoldenTransition(.transitionCrossDissolve, "crossDissolve", .fromTo) } }

    /// With `.showHideTransitionViews` both views stay in the superview and only `isHidden`
    /// changes; the frames are the very ones of the remove-and-add run (same goldens).
    func testShowHideTransitionViewsFlipFromLeftTogglesHiddenAndLooksTheSame() throws {
        try onMain { try runGoldenTransition(.transitionFlipFromLeft, "flipFromLeft", .fromToShowHide) }
    }

    func testShowHideTransitionViewsFlipFromRightTogglesHiddenAndLooksTheSame() throws {
        try onMain { try runGoldenTransition(.transitionFlipFromRight, "flipFromRight", .fromToShowHide) }
    }

    func testShowHideTransitionViewsFlipFromTopTogglesHiddenAndLooksTheSame() throws {
        try onMain { try runGoldenTransition(.transitionFlipFromTop, "flipFromTop", .fromToShowHide) }
    }

    func testShowHideTransitionViewsFlipFromBottomTogglesHiddenAndLooksTheSame() throws {
        try onMain { try runGoldenTransition(.transitionFlipFromBottom, "flipFromBottom", .fromToShowHide) }
    }

    func testShowHideTransitionViewsCurlUpTogglesHiddenAndLooksTheSame() throws {
        try onMain { try runGoldenTransition(.transitionCurlUp, "curlUp", .fromToShowHide) }
    }

    func testShowHideTransitionViewsCurlDownTogglesHiddenAndLooksTheSame() throws {
        try onMain { try runGoldenTransition(.transitionCurlDown, "curlDown", .fromToShowHide) }
    }

    func testShowHideTransitionViewsCrossDissolveTogglesHiddenAndLooksTheSame() throws {
        try onMain { try runGoldenTransition(.transitionCrossDissolve, "crossDissolve", .fromToShowHide) }
    }

    /// Apple: `transition(from:to:)` animates the superview of `fromView`; when that is the
    /// screen's root view, its other subviews turn with it (the classic "why did the whole
    /// screen flip?").
    func testTransitionFromToTurnsTheWholeSuperviewIncludingSiblings() throws {
        try onMain {
            let stage = try TransitionStage()
            let from = TransitionStage.patternA(frame: stage.container.frame)
            let to = TransitionStage.patternB(frame: stage.container.frame)
            stage.container.removeFromSuperview()
            stage.root.insertSubview(from, belowSubview: stage.sibling)
            stage.host.advance(by: 0.05)
            let before = stage.frame()
            UIView.transition(from: from, to: to, duration: 1, options: .transitionFlipFromLeft)
            XCTAssertNotNil(stage.root.layer.animation(forKey: "transition"), "the superview carries the transition")
            XCTAssertTrue(to.superview === stage.root)
            stage.host.advance(by: 0.25)
            let quarter = stage.frame()
            XCTAssertFalse(TransitionStage.region(stage.sibling.frame, of: quarter, equalsThatOf: before),
                           "the sibling inside the same superview turns with it")
            stage.host.advance(by: 0.85)
            XCTAssertTrue(TransitionStage.region(stage.sibling.frame, of: stage.frame(), equalsThatOf: before),
                          "and is back in place at the end")
        }
    }

    /// `.allowAnimatedContent`: "animate the views by changing the property values dynamically and
    /// redrawing the view; if this key is not present, the views are animated using a snapshot
    /// image". With it, a subview moved in the block glides across the new side during the
    /// cross-dissolve; without it, the new side shows the end state from the first frame.
    func testAllowAnimatedContentAnimatesChangesInsideTheTransition() throws {
        try onMain {
            for animated in [false, true] {
                let stage = try TransitionStage()
                let marker = stage.addMarker()
                var options: UIView.AnimationOptions = [.transitionCrossDissolve, .curveLinear]
                if animated { options.insert(.allowAnimatedContent) }
                var calls: [Bool] = []
                UIView.transition(with: stage.container, duration: 1, options: options, animations: {
                    marker.frame.origin.x = 54
                }, completion: { calls.append($0) })
                XCTAssertEqual(marker.frame.origin.x, 54, "the model changes at once")
                _ = stage.frame()
                stage.host.advance(by: 0.5)
                let half = stage.frame()
                let presented = marker.layer.presentation()?.position.x ?? marker.layer.position.x
                // Window x of a container-local column on the marker's row.
                func luma(_ x: Int) -> Int { Int(half[x: 10 + x, y: 15 + 30].green) }
                if animated {
                    XCTAssertEqual(presented, 32, accuracy: 1.5, "half way along its path at half time")
                    XCTAssertLessThan(luma(32), 200, "the moving marker shows half way (blended into the new side)")
                    XCTAssertEqual(luma(59), 255, "it has not reached its end yet")
                } else {
                    XCTAssertEqual(presented, 59, accuracy: 1e-9, "no animation of the marker itself")
                    XCTAssertEqual(luma(32), 255, "nothing between start and end")
                    XCTAssertLessThan(luma(59), 200, "the end position fades in where it will be")
                }
                XCTAssertLessThan(luma(5), 255, "the old position fades out")
                stage.host.advance(by: 0.6)
                XCTAssertEqual(calls, [true], "completion once, finished")
                XCTAssertTrue(stage.frame().hasSamePixels(as: stage.modelRendering()))
            }
        }
    }

    /// The new side of a transition is drawn live, so an animation already running inside the
    /// container keeps moving through the transition (no `.allowAnimatedContent` needed for it):
    /// three quarters of the way through a cross-dissolve the marker shows where its own
    /// animation has it now, not where it was when the transition began nor where it will end.
    func testRunningAnimationInsideTheContainerKeepsMovingDuringTheTransition() throws {
        try onMain {
            let stage = try TransitionStage()
            let marker = stage.addMarker()
            UIView.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: { marker.frame.origin.x = 54 })
            stage.host.advance(by: 0.05)
            UIView.transition(with: stage.container, duration: 1, options: [.transitionCrossDissolve, .curveLinear],
                              animations: { stage.container.backgroundColor = UIColor(white: 0.9, alpha: 1) })
            _ = stage.frame()
            stage.host.advance(by: 0.75)
            let frame = stage.frame()
            let now = marker.layer.presentation()?.position.x ?? -1
            XCTAssertEqual(now, 5 + 54 * 0.8 / 2, accuracy: 2, "the marker's own animation is 0.8 s in")
            func luma(_ x: CGFloat) -> Int { Int(frame[x: 10 + Int(x), y: 15 + 30].green) }
            XCTAssertLessThan(luma(now), 100, "the new side, three quarters in, shows the marker where it is now")
            XCTAssertGreaterThan(luma(59), 200, "not at its end")
        }
    }

    /// During a transition the view that turns ignores touches unless `.allowUserInteraction`
    /// is given, as for any UIKit animation; views outside it keep receiving them.
    func testAllowUserInteractionLetsTouchesReachTheTransitioningView() throws {
        try onMain {
            for allowed in [false, true] {
                let stage = try TransitionStage()
                let taps = TapCounter(), siblingTaps = TapCounter()
                let button = UIButton(type: .custom)
                button.frame = CGRect(x: 20, y: 20, width: 24, height: 24)
                button.addAction(UIAction { _ in taps.count += 1 }, for: .touchUpInside)
                stage.container.addSubview(button)
                let outside = UIButton(type: .custom)
                outside.frame = stage.sibling.bounds
                outside.addAction(UIAction { _ in siblingTaps.count += 1 }, for: .touchUpInside)
                stage.sibling.addSubview(outside)
                stage.host.advance(by: 0.05)
                let options: UIView.AnimationOptions = allowed ? [.transitionFlipFromRight, .allowUserInteraction] : .transitionFlipFromRight
                UIView.transition(with: stage.container, duration: 1, options: options, animations: {
                    stage.container.backgroundColor = .yellow
                })
                stage.host.advance(by: 0.3)
                stage.host.click(at: CGPoint(x: 10 + 32, y: 15 + 32))
                stage.host.click(at: CGPoint(x: stage.sibling.center.x, y: stage.sibling.center.y))
                XCTAssertEqual(taps.count, allowed ? 1 : 0, allowed ? "allowed: the tap reaches the button" : "blocked while turning")
                XCTAssertEqual(siblingTaps.count, 1, "a view outside the transition is not blocked")
                stage.host.advance(by: 0.8)
                stage.host.click(at: CGPoint(x: 10 + 32, y: 15 + 32))
                XCTAssertEqual(taps.count, allowed ? 2 : 1, "after the transition the button is reachable again")
            }
        }
    }
}

/// Taps counted by a button's action.
@MainActor
final class TapCounter {
    var count = 0
}

/// Which transition method a run goes through.
enum TransitionMethod: String {
    /// `transition(with: container, …) { change the container's content }`.
    case with
    /// `transition(from: fromView, to: toView, …)`, fromView a subview of the container.
    case fromTo
    /// The same with `.showHideTransitionViews`: toView is already in the container, hidden.
    case fromToShowHide
}

/// A 120×90 window at 20 frames per second: a light grey root view holding the container
/// (x 10…74, y 15…75) and, outside it, a green sibling (x 84…112, y 30…58).
@MainActor
final class TransitionStage {
    let host: HeadlessHost
    let window: UIWindow
    let root: UIView
    let container: UIView
    let sibling: UIView

    init() throws {
        host = try HeadlessHost(size: CGSize(width: 120, height: 90), framesPerSecond: 20)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 120, height: 90))
        let controller = UIViewController()
        window.rootViewController = controller
        root = controller.view
        root.backgroundColor = UIColor(white: 0.85, alpha: 1)
        container = UIView(frame: CGRect(x: 10, y: 15, width: 64, height: 60))
        container.backgroundColor = UIColor(white: 0.25, alpha: 1)
        root.addSubview(container)
        sibling = UIView(frame: CGRect(x: 84, y: 30, width: 28, height: 28))
        sibling.backgroundColor = UIColor(red: 0.1, green: 0.7, blue: 0.2, alpha: 1)
        root.addSubview(sibling)
        host.show(window)
    }

    /// Makes the container white and puts a black 10×10 marker at its left edge (container
    /// x 0…10, y 25…35), then renders a frame.
    func addMarker() -> UIView {
        container.backgroundColor = UIColor(white: 1, alpha: 1)
        let marker = UIView(frame: CGRect(x: 0, y: 25, width: 10, height: 10))
        marker.backgroundColor = UIColor(white: 0, alpha: 1)
        container.addSubview(marker)
        host.advance(by: 0.05)
        return marker
    }

    /// What the window shows now.
    func frame() -> Bitmap { host.snapshot().cgImage!.bitmap }

    /// The model hierarchy drawn without animations (`layer.render(in:)`, as on Apple's platforms).
    func modelRendering() -> Bitmap {
        UIGraphicsImageRenderer(size: window.bounds.size).image { context in
            window.layer.render(in: context.cgContext)
        }.cgImage!.bitmap
    }

    /// Blue, a red square at the top left and an orange bar along the bottom: no symmetry, so a
    /// mirrored or upside-down copy would show.
    static func patternA(frame: CGRect) -> UIView {
        let view = UIView(frame: frame)
        view.backgroundColor = UIColor(red: 0.15, green: 0.3, blue: 0.85, alpha: 1)
        let marker = UIView(frame: CGRect(x: 4, y: 4, width: 22, height: 22))
        marker.backgroundColor = UIColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
        view.addSubview(marker)
        let bar = UIView(frame: CGRect(x: 0, y: frame.height - 14, width: frame.width, height: 14))
        bar.backgroundColor = UIColor(red: 1, green: 0.6, blue: 0.1, alpha: 1)
        view.addSubview(bar)
        return view
    }

    /// Yellow, a purple square at the bottom right and a teal bar along the top.
    static func patternB(frame: CGRect) -> UIView {
        let view = UIView(frame: frame)
        view.backgroundColor = UIColor(red: 1, green: 0.9, blue: 0.2, alpha: 1)
        let marker = UIView(frame: CGRect(x: frame.width - 26, y: frame.height - 26, width: 22, height: 22))
        marker.backgroundColor = UIColor(red: 0.55, green: 0.1, blue: 0.7, alpha: 1)
        view.addSubview(marker)
        let bar = UIView(frame: CGRect(x: 0, y: 0, width: frame.width, height: 10))
        bar.backgroundColor = UIColor(red: 0.1, green: 0.6, blue: 0.6, alpha: 1)
        view.addSubview(bar)
        return view
    }

    /// Whether the pixels of `rect` (window points, one pixel each) in `frame` equal those of
    /// `reference`.
    static func region(_ rect: CGRect, of frame: Bitmap, equalsThatOf reference: Bitmap) -> Bool {
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) where frame[x: x, y: y] != reference[x: x, y: y] {
                return false
            }
        }
        return true
    }

    /// The first pixel outside `rect` where `frame` differs from `reference`, if any.
    static func firstChange(outside rect: CGRect, of frame: Bitmap, from reference: Bitmap) -> (Int, Int)? {
        for y in 0..<frame.height {
            for x in 0..<frame.width where !rect.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) {
                if frame[x: x, y: y] != reference[x: x, y: y] { return (x, y) }
            }
        }
        return nil
    }
}

/// The golden run described on `ViewTransitionGoldenTests`.
@MainActor
func runGoldenTransition(_ option: UIView.AnimationOptions, _ name: String, _ method: TransitionMethod,
                         file: StaticString = #filePath, line: UInt = #line) throws {
    let stage = try TransitionStage()
    let container = stage.container
    let bounds = container.bounds
    var fromView: UIView?, toView: UIView?
    switch method {
    case .with:
        for view in TransitionStage.patternA(frame: bounds).subviews { container.addSubview(view) }
        container.backgroundColor = UIColor(red: 0.15, green: 0.3, blue: 0.85, alpha: 1)
    case .fromTo, .fromToShowHide:
        let a = TransitionStage.patternA(frame: bounds), b = TransitionStage.patternB(frame: bounds)
        container.addSubview(a)
        if method == .fromToShowHide {
            b.isHidden = true
            container.addSubview(b)
        }
        fromView = a
        toView = b
    }
    stage.host.advance(by: 0.05)
    let before = stage.frame()

    var calls: [Bool] = []
    switch method {
    case .with:
        let target = TransitionStage.patternB(frame: bounds)
        UIView.transition(with: container, duration: 1, options: option, animations: {
            for view in container.subviews { view.removeFromSuperview() }
            for view in target.subviews { container.addSubview(view) }
            container.backgroundColor = target.backgroundColor
        }, completion: { calls.append($0) })
    case .fromTo:
        UIView.transition(from: fromView!, to: toView!, duration: 1, options: option, completion: { calls.append($0) })
    case .fromToShowHide:
        UIView.transition(from: fromView!, to: toView!, duration: 1, options: [option, .showHideTransitionViews],
                          completion: { calls.append($0) })
    }

    func checkHierarchy(_ moment: String) {
        switch method {
        case .with:
            XCTAssertEqual(container.subviews.count, 2, "\(moment): the block's changes are in the model", file: file, line: line)
        case .fromTo:
            XCTAssertTrue(toView!.superview === container, "\(moment): toView added to fromView's superview", file: file, line: line)
            XCTAssertNil(fromView!.superview, "\(moment): fromView removed", file: file, line: line)
            XCTAssertEqual(container.subviews.count, 1, file: file, line: line)
        case .fromToShowHide:
            XCTAssertTrue(fromView!.superview === container && toView!.superview === container,
                          "\(moment): both views kept", file: file, line: line)
            XCTAssertTrue(fromView!.isHidden, "\(moment): fromView hidden", file: file, line: line)
            XCTAssertFalse(toView!.isHidden, "\(moment): toView shown", file: file, line: line)
            XCTAssertEqual(container.subviews.count, 2, file: file, line: line)
        }
    }
    checkHierarchy("at once")
    XCTAssertNotNil(container.layer.animation(forKey: "transition"), "the container carries the transition", file: file, line: line)
    XCTAssertNil(stage.root.layer.animation(forKey: "transition"), "its superview does not", file: file, line: line)
    XCTAssertNil(stage.sibling.layer.animation(forKey: "transition"), file: file, line: line)

    let start = stage.frame()
    XCTAssertTrue(start.hasSamePixels(as: before), "progress 0 shows the old appearance exactly", file: file, line: line)
    let end = stage.modelRendering()
    for step in 1...20 {
        stage.host.advance(by: 0.05)
        let frame = stage.frame()
        if let (x, y) = TransitionStage.firstChange(outside: container.frame, of: frame, from: before) {
            XCTFail("\(name) \(method) at \(Double(step) * 0.05) s: pixel (\(x), \(y)) outside the turning view changed",
                    file: file, line: line)
        }
        if step % 5 == 0 && step < 20 {
            let percent = step * 5
            assertBitmap(frame, matchesGolden: "\(name)-\(percent)",
                         tolerance: ImageTolerance(perChannel: 2, maxDifferingPixels: frame.size.area / 100), file: file, line: line)
            XCTAssertFalse(TransitionStage.region(container.frame, of: frame, equalsThatOf: before),
                           "\(name) at \(percent) %: the container is changing", file: file, line: line)
            XCTAssertFalse(TransitionStage.region(container.frame, of: frame, equalsThatOf: end),
                           "\(name) at \(percent) %: not yet at its end", file: file, line: line)
            XCTAssertTrue(calls.isEmpty, "\(name): no completion before the end", file: file, line: line)
        }
    }
    stage.host.advance(by: 0.1)
    XCTAssertEqual(calls, [true], "\(name): completion once, finished", file: file, line: line)
    checkHierarchy("at the end")
    XCTAssertNil(container.layer.animation(forKey: "transition"), file: file, line: line)
    assertBitmap(stage.frame(), matches: end, name: "\(name)-\(method.rawValue)-end", tolerance: .exact, file: file, line: line)
    stage.host.advance(by: 0.5)
    XCTAssertEqual(calls, [true], "\(name): completion not called again", file: file, line: line)
}
