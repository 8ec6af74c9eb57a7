import Foundation
import Kinescope
import XCTest
@testable import Layers

/// A fresh engine on a virtual clock, current on this thread while `body` runs, collecting its
/// diagnostics instead of writing them to standard error.
private func withEngine(_ body: (AnimationEngine, () -> [String]) throws -> Void) rethrows {
    let engine = AnimationEngine(clock: VirtualClock(now: 10))
    let log = DiagnosticLog()
    engine.diagnosticHandler = { log.lines.append($0) }
    try engine.withCurrent { try body(engine, { log.lines }) }
}

private final class DiagnosticLog {
    var lines: [String] = []
}

/// A 40×40 layer in a root, committed and drawn once, so that changes to it animate implicitly.
private func committedPair(_ engine: AnimationEngine) -> (root: CALayer, layer: CALayer) {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    let layer = CALayer()
    layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
    layer.position = CGPoint(x: 20, y: 20)
    layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    root.addSublayer(layer)
    engine.tick()
    _ = root.makeRenderNode()
    return (root, layer)
}

/// Runs `frames` run-loop turns of `step` seconds.
private func turns(_ engine: AnimationEngine, frames: Int, step: Double = 0.05) {
    for _ in 0..<frames { engine.advance(by: step) }
}

/// A 60×40 window with a root view controller, shown by a headless host at 20 frames per
/// second (whose engine becomes current on this thread).
@MainActor
private func showHeadlessWindow() throws -> (HeadlessHost, UIWindow, UIView) {
    let host = try HeadlessHost(size: CGSize(width: 60, height: 40), framesPerSecond: 20)
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
    let controller = UIViewController()
    window.rootViewController = controller
    host.show(window)
    return (host, window, controller.view)
}

/// Runs a test body on the main actor (XCTest runs tests on the main thread).
private func onMain(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated(body)
}

/// `CATransaction` and animations used wrongly (issue 9): unbalanced and unmatched commits,
/// completion blocks that open transactions and add animations, layers and views removed in
/// the middle of their own animations and transitions, 10 000 nested transactions. Nothing
/// crashes; once the animations end, removed layers and views are freed (their weak references
/// are nil) and the engine holds nothing (`AnimationEngine.holdsNothing`).
final class TransactionAbuseTests: XCTestCase {
    func testCommitWithoutBeginIsIgnoredWithADiagnostic() throws {
        withEngine { engine, diagnostics in
            let (_, layer) = committedPair(engine)
            for _ in 0..<5 { CATransaction.commit() }
            XCTAssertEqual(diagnostics().count, 5)
            XCTAssertTrue(diagnostics().allSatisfy { $0.contains("without a matching begin") }, "\(diagnostics())")
            layer.opacity = 0
            CATransaction.commit()
            XCTAssertEqual(layer.animationKeys(), ["opacity"], "an unmatched commit does not commit the implicit transaction")
            turns(engine, frames: 8)
            XCTAssertEqual(layer.presentation()?.opacity, 0)
            XCTAssertTrue(engine.holdsNothing)
        }
    }

    func testMoreCommitsThanBeginsCommitOnlyWhatWasBegun() throws {
        withEngine { engine, diagnostics in
            let (_, layer) = committedPair(engine)
            var completions = 0
            CATransaction.begin()
            CATransaction.setCompletionBlock { completions += 1 }
            layer.position = CGPoint(x: 80, y: 80)
            CATransaction.commit()
            CATransaction.commit()
            CATransaction.commit()
            XCTAssertEqual(diagnostics().count, 2)
            turns(engine, frames: 8)
            XCTAssertEqual(completions, 1)
            XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 80, y: 80))
            XCTAssertTrue(engine.holdsNothing)
        }
    }

    func testBeginsLeftOpenHoldTheChangesUntilTheyAreCommitted() throws {
        withEngine { engine, _ in
            let (_, layer) = committedPair(engine)
            CATransaction.begin()
            CATransaction.begin()
            layer.opacity = 0.5
            CATransaction.commit()
            turns(engine, frames: 8)
            XCTAssertEqual(layer.presentation()?.opacity, 1, "the outer transaction is still open: nothing starts")
            XCTAssertFalse(engine.holdsNothing)
            CATransaction.commit()
            XCTAssertEqual(layer.animationKeys(), ["opacity"])
            turns(engine, frames: 8)
            XCTAssertEqual(layer.presentation()?.opacity, 0.5)
            XCTAssertTrue(engine.holdsNothing)
        }
    }

    func testTenThousandNestedBeginCommitPairs() throws {
        withEngine { engine, diagnostics in
            let (_, layer) = committedPair(engine)
            var completions = 0
            for depth in 0..<10_000 {
                CATransaction.begin()
                if depth % 1000 == 0 {
                    CATransaction.setAnimationDuration(Double(depth) / 10_000 + 0.1)
                    CATransaction.setCompletionBlock { completions += 1 }
                    layer.position.x += 1
                }
            }
            layer.opacity = 0.25
            for _ in 0..<10_000 { CATransaction.commit() }
            XCTAssertTrue(engine.transactions.isEmpty, "every transaction closed")
            for _ in 0..<10_000 {
                CATransaction.begin()
                CATransaction.commit()
            }
            turns(engine, frames: 30)
            XCTAssertEqual(completions, 10)
            XCTAssertEqual(layer.presentation()?.opacity, 0.25)
            XCTAssertEqual(layer.presentation()?.position.x, 30)
            XCTAssertTrue(diagnostics().isEmpty, "\(diagnostics())")
            XCTAssertTrue(engine.holdsNothing)
        }
    }

    func testCompletionBlocksThatBeginTransactionsAndAddAnimations() throws {
        withEngine { engine, _ in
            let (root, layer) = committedPair(engine)
            var events: [String] = []
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.2)
            CATransaction.setCompletionBlock {
                events.append("first")
                CATransaction.begin()
                CATransaction.setAnimationDuration(0.2)
                CATransaction.setCompletionBlock {
                    events.append("second")
                    let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                    spin.toValue = 1
                    spin.duration = 0.1
                    layer.add(spin, forKey: "spin")
                    CATransaction.setCompletionBlock { events.append("implicit") }
                }
                layer.position = CGPoint(x: 60, y: 60)
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 0
                fade.duration = 0.3
                root.add(fade, forKey: "fade")
                CATransaction.commit()
                CATransaction.begin()
                CATransaction.setCompletionBlock { events.append("empty") }
                CATransaction.commit()
            }
            layer.opacity = 0.5
            CATransaction.commit()
            turns(engine, frames: 30)
            XCTAssertEqual(events, ["first", "empty", "second", "implicit"])
            XCTAssertNil(layer.animationKeys())
            XCTAssertNil(root.animationKeys())
            XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 60, y: 60))
            XCTAssertTrue(engine.holdsNothing)
        }
    }

    func testCompletionBlockLeavingATransactionOpenIsClosedByLaterCommits() throws {
        withEngine { engine, _ in
            let (_, layer) = committedPair(engine)
            var ran = false
            CATransaction.begin()
            CATransaction.setCompletionBlock {
                CATransaction.begin()
                layer.opacity = 0.1
            }
            layer.opacity = 0.5
            CATransaction.commit()
            turns(engine, frames: 10)
            XCTAssertEqual(layer.presentation()?.opacity, 0.5, "the change inside the open transaction waits")
            CATransaction.setCompletionBlock { ran = true }
            CATransaction.commit()
            turns(engine, frames: 10)
            XCTAssertTrue(ran)
            XCTAssertEqual(layer.presentation()?.opacity, 0.1)
            XCTAssertTrue(engine.holdsNothing)
        }
    }

    func testLayerRemovedDuringItsOwnAnimationIsFreedWhenItEnds() throws {
        try withEngine { engine, _ in
            let root = CALayer()
            weak var weakLayer: CALayer?
            var finished: [Bool] = []
            do {
                let layer = CALayer()
                layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
                root.addSublayer(layer)
                engine.tick()
                _ = root.makeRenderNode()
                weakLayer = layer
                CATransaction.begin()
                CATransaction.setCompletionBlock { [weak layer] in
                    layer?.removeFromSuperlayer()
                    finished.append(layer == nil)
                }
                layer.position = CGPoint(x: 90, y: 90)
                let delegate = StopRecorder()
                let pulse = CABasicAnimation(keyPath: "opacity")
                pulse.toValue = 0
                pulse.duration = 0.5
                pulse.delegate = delegate
                layer.add(pulse, forKey: "pulse")
                CATransaction.commit()
                turns(engine, frames: 3)
                layer.removeFromSuperlayer()
                XCTAssertEqual(layer.animationKeys()?.sorted(), ["position", "pulse"],
                               "removal from the tree does not remove animations (as on Apple's platforms)")
            }
            turns(engine, frames: 20)
            XCTAssertNil(weakLayer, "freed once its animations ended")
            XCTAssertEqual(finished, [true])
            XCTAssertNil(root.sublayers)
            XCTAssertTrue(engine.holdsNothing)
            _ = try XCTUnwrap(root.makeRenderNode())
        }
    }

    func testLayerRemovedDuringItsOwnTransitionIsFreedWhenItEnds() throws {
        withEngine { engine, _ in
            let root = CALayer()
            root.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            weak var weakLayer: CALayer?
            do {
                let layer = CALayer()
                layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
                layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                root.addSublayer(layer)
                engine.tick()
                weakLayer = layer
                let push = CATransition()
                push.type = .push
                push.duration = 0.4
                layer.add(push, forKey: kCATransition)
                layer.backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
                turns(engine, frames: 3)
                _ = root.makeRenderNode()
                layer.removeFromSuperlayer()
                _ = root.makeRenderNode()
            }
            turns(engine, frames: 10)
            XCTAssertNil(weakLayer)
            XCTAssertTrue(engine.holdsNothing)
        }
    }

    func testLayerRemovingItselfFromItsAnimationsDelegateCallback() throws {
        withEngine { engine, _ in
            let root = CALayer()
            weak var weakLayer: CALayer?
            do {
                let layer = CALayer()
                root.addSublayer(layer)
                engine.tick()
                weakLayer = layer
                let delegate = StopRecorder()
                delegate.onStop = { [weak layer] in
                    layer?.removeAllAnimations()
                    layer?.removeFromSuperlayer()
                }
                let move = CABasicAnimation(keyPath: "position.x")
                move.toValue = 50
                move.duration = 0.2
                move.delegate = delegate
                layer.add(move, forKey: "move")
                let other = CABasicAnimation(keyPath: "opacity")
                other.toValue = 0
                other.duration = 5
                layer.add(other, forKey: "long")
            }
            turns(engine, frames: 10)
            XCTAssertNil(weakLayer, "removing its animations in a callback frees it at once")
            XCTAssertTrue(engine.holdsNothing)
        }
    }

    func testDelegateCallbacksThatReAddOrRemoveAnimations() throws {
        withEngine { engine, _ in
            let (_, layer) = committedPair(engine)
            let restarter = StopRecorder()
            var restarts = 0
            restarter.onStop = {
                guard restarts < 5 else { return }
                restarts += 1
                let again = CABasicAnimation(keyPath: "position.x")
                again.toValue = 90
                again.duration = 0.1
                again.delegate = restarter
                layer.add(again, forKey: "move")
            }
            let first = CABasicAnimation(keyPath: "position.x")
            first.toValue = 90
            first.duration = 0.1
            first.delegate = restarter
            layer.add(first, forKey: "move")
            let canceller = StopRecorder()
            canceller.onStart = { layer.removeAnimation(forKey: "fade") }
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.toValue = 0
            fade.duration = 10
            fade.delegate = canceller
            layer.add(fade, forKey: "fade")
            turns(engine, frames: 20)
            XCTAssertEqual(restarts, 5, "each stop re-added the animation, until the delegate stopped doing so")
            XCTAssertEqual(canceller.stops, [false], "removed from its own start callback")
            XCTAssertNil(layer.animationKeys())
            XCTAssertTrue(engine.holdsNothing)
        }
    }

    func testLayerMovedToAnotherTreeMidAnimationKeepsAnimating() throws {
        withEngine { engine, _ in
            let (root, layer) = committedPair(engine)
            let other = CALayer()
            engine.tick()
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = 100
            move.duration = 0.4
            move.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(move, forKey: "move")
            turns(engine, frames: 2, step: 0.1)
            layer.removeFromSuperlayer()
            other.addSublayer(layer)
            turns(engine, frames: 1, step: 0.1)
            XCTAssertEqual(Double(layer.presentation()?.position.x ?? 0), 75, accuracy: 1e-9)
            XCTAssertNil(root.sublayers)
            turns(engine, frames: 2, step: 0.1)
            XCTAssertNil(layer.animationKeys())
            XCTAssertTrue(engine.holdsNothing)
        }
    }

    func testRemovedLayerWithAnEndlessAnimationIsFreedOnceUnreferenced() throws {
        withEngine { engine, _ in
            let root = CALayer()
            weak var weakLayer: CALayer?
            let delegate = StopRecorder()
            var stops = 0
            delegate.onStop = { stops += 1 }
            var completed = false
            do {
                let spinner = CALayer()
                root.addSublayer(spinner)
                engine.tick()
                weakLayer = spinner
                CATransaction.begin()
                CATransaction.setCompletionBlock { completed = true }
                let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                spin.toValue = 2 * Double.pi
                spin.duration = 0.3
                spin.repeatCount = .infinity
                spin.delegate = delegate
                spinner.add(spin, forKey: "spin")
                CATransaction.commit()
                turns(engine, frames: 3)
                spinner.removeFromSuperlayer()
            }
            turns(engine, frames: 2)
            XCTAssertNil(weakLayer, "an endless animation does not keep a layer nobody references")
            XCTAssertEqual(stops, 1, "its animation stopped unfinished")
            XCTAssertTrue(completed, "the completion block waiting for it ran")
            XCTAssertTrue(engine.holdsNothing)
        }
    }

    func testRemovedViewWithARepeatingAnimationIsFreedOnceUnreferenced() throws {
        try onMain {
            let (host, window, root) = try showHeadlessWindow()
            defer { withExtendedLifetime(window) { AnimationEngine.resignCurrent() } }
            weak var weakView: UIView?
            var completions: [Bool] = []
            do {
                let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
                view.backgroundColor = .red
                root.addSubview(view)
                host.advance(by: 0.05)
                weakView = view
                UIView.animate(withDuration: 0.3, delay: 0, options: [.repeat, .autoreverse], animations: {
                    view.alpha = 0.2
                }, completion: { finished in completions.append(finished) })
                host.advance(by: 0.5)
                view.removeFromSuperview()
            }
            host.advance(by: 0.2)
            XCTAssertNil(weakView)
            XCTAssertEqual(completions, [false])
            XCTAssertTrue(host.runLoop.engine.holdsNothing)
        }
    }

    func testViewRemovedDuringItsOwnAnimationFinishesItAndIsFreedAfterwards() throws {
        try onMain {
            let (host, window, root) = try showHeadlessWindow()
            defer { withExtendedLifetime(window) { AnimationEngine.resignCurrent() } }
            var kept: UIView? = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            weak let weakView = kept
            weak let weakLayer = kept?.layer
            var completions: [Bool] = []
            do {
                let view = try XCTUnwrap(kept)
                view.backgroundColor = .red
                root.addSubview(view)
                host.advance(by: 0.05)
                UIView.animate(withDuration: 0.5, animations: {
                    view.center = CGPoint(x: 40, y: 30)
                    view.alpha = 0.2
                }, completion: { finished in
                    completions.append(finished)
                    UIView.animate(withDuration: 0.2) { root.backgroundColor = .blue }
                })
                host.advance(by: 0.15)
                view.removeFromSuperview()
            }
            host.advance(by: 1)
            XCTAssertEqual(completions, [true], "a removed view that is still referenced finishes its animation")
            XCTAssertNotNil(weakView)
            kept = nil
            XCTAssertNil(weakView)
            XCTAssertNil(weakLayer)
            XCTAssertTrue(host.runLoop.engine.holdsNothing)
        }
    }

    func testViewRemovedDuringItsOwnTransitionIsFreedWhenItEnds() throws {
        try onMain {
            let (host, window, root) = try showHeadlessWindow()
            defer { withExtendedLifetime(window) { AnimationEngine.resignCurrent() } }
            weak var weakView: UIView?
            weak var weakChild: UIView?
            var completions: [Bool] = []
            do {
                let view = UIView(frame: CGRect(x: 5, y: 5, width: 40, height: 30))
                view.backgroundColor = .green
                let child = UIView(frame: CGRect(x: 2, y: 2, width: 10, height: 10))
                child.backgroundColor = .red
                view.addSubview(child)
                root.addSubview(view)
                host.advance(by: 0.05)
                weakView = view
                weakChild = child
                UIView.transition(with: view, duration: 0.4, options: .transitionFlipFromLeft, animations: {
                    child.backgroundColor = .blue
                }, completion: { finished in completions.append(finished) })
                host.advance(by: 0.1)
                view.removeFromSuperview()
                _ = host.snapshot()
            }
            host.advance(by: 1)
            XCTAssertNil(weakView)
            XCTAssertNil(weakChild)
            XCTAssertEqual(completions.count, 1)
            XCTAssertTrue(host.runLoop.engine.holdsNothing)
        }
    }
}

/// An animation delegate that records how its animations stopped and runs `onStart` and
/// `onStop`.
private final class StopRecorder: CAAnimationDelegate {
    var onStart: () -> Void = {}
    var onStop: () -> Void = {}
    private(set) var stops: [Bool] = []
    func animationDidStart(_ anim: CAAnimation) { onStart() }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        stops.append(flag)
        onStop()
    }
}
