import Geometry
import Graphics
import Raster
import XCTest
@testable import Layers

final class ImplicitActionTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testPropertyChangeAddsBasicAnimationWithTransactionDefaults() throws {
        let layer = f.committedLayer()
        layer.position = CGPoint(x: 200, y: 50)
        let animation = try XCTUnwrap(layer.animation(forKey: "position") as? CABasicAnimation)
        XCTAssertEqual(animation.keyPath, "position")
        XCTAssertEqual(animation.duration, 0.25)
        XCTAssertNil(animation.fromValue)
        XCTAssertNil(animation.toValue)
        XCTAssertEqual(animation.timingFunction?.output(at: 0.5), systemEase(0.5), "the system curve")
    }

    func testImplicitAnimationRunsFromShownValueToNewValue() throws {
        let layer = f.committedLayer()
        layer.opacity = 0.2
        f.advance(0)
        XCTAssertEqual(f.presented(layer, "opacity"), 1, accuracy: 1e-6)
        f.advance(0.125)
        XCTAssertEqual(f.presented(layer, "opacity"), 1 - 0.8 * systemEase(0.5), accuracy: 1e-6)
        f.advance(0.125)
        XCTAssertEqual(f.presented(layer, "opacity"), 0.2, accuracy: 1e-6)
        XCTAssertNil(layer.animationKeys(), "removed on completion")
    }

    func testEveryAnimatablePropertyHasAnImplicitAnimationExceptDoubleSided() throws {
        let layer = f.committedLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.position = CGPoint(x: 1, y: 2)
        layer.zPosition = 3
        layer.anchorPoint = CGPoint(x: 0, y: 0)
        layer.anchorPointZ = 4
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        layer.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        layer.opacity = 0.5
        layer.isHidden = true
        layer.masksToBounds = true
        layer.cornerRadius = 4
        layer.borderWidth = 2
        layer.borderColor = CGColor(gray: 0.5, alpha: 1)
        layer.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        layer.shadowColor = CGColor(gray: 0.5, alpha: 1)
        layer.shadowOpacity = 1
        layer.shadowOffset = CGSize(width: 1, height: 1)
        layer.shadowRadius = 5
        layer.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5)
        layer.contentsCenter = CGRect(x: 0, y: 0, width: 0.5, height: 0.5)
        layer.isDoubleSided = false
        layer.contentsScale = 2
        layer.contentsGravity = .center
        XCTAssertEqual(Set(layer.animationKeys() ?? []), [
            "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform",
            "opacity", "hidden", "masksToBounds", "cornerRadius", "borderWidth", "borderColor", "backgroundColor",
            "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "contentsRect", "contentsCenter",
        ])
    }

    func testDisableActionsSuppressesImplicitAnimations() throws {
        let layer = f.committedLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.opacity = 0
        CATransaction.commit()
        XCTAssertNil(layer.animationKeys())
        f.advance(0.1)
        XCTAssertEqual(layer.presentation()?.opacity, 0)

        CATransaction.setValue(true, forKey: kCATransactionDisableActions)
        layer.opacity = 1
        XCTAssertNil(layer.animationKeys(), "the implicit transaction can disable them too")
    }

    func testActionsDictionaryWithNullStopsTheSearch() throws {
        let layer = f.committedLayer()
        layer.actions = ["opacity": NSNull()]
        layer.opacity = 0
        layer.position = CGPoint(x: 0, y: 0)
        XCTAssertEqual(layer.animationKeys(), ["position"])
    }

    func testActionsDictionaryAnimationReplacesImplicitOne() throws {
        let layer = f.committedLayer()
        let custom = CABasicAnimation()
        custom.duration = 3
        layer.actions = ["opacity": custom]
        layer.opacity = 0
        let added = try XCTUnwrap(layer.animation(forKey: "opacity") as? CABasicAnimation)
        XCTAssertEqual(added.duration, 3)
        XCTAssertFalse(added === custom, "the layer holds a copy")
        XCTAssertEqual(added.keyPath, nil, "the action's own key path is kept")
    }

    private final class Delegate: CALayerDelegate {
        var answer: (any CAAction)?
        var asked: [String] = []
        func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
            asked.append(event)
            return answer
        }
    }

    func testDelegateIsAskedFirstAndNullFromItDisablesTheAction() throws {
        let layer = f.committedLayer()
        let delegate = Delegate()
        layer.delegate = delegate
        layer.actions = ["opacity": NSNull()]
        let fromDelegate = CABasicAnimation(keyPath: "opacity")
        fromDelegate.duration = 7
        delegate.answer = fromDelegate
        layer.opacity = 0.5
        XCTAssertEqual(delegate.asked, ["opacity"])
        XCTAssertEqual(layer.animation(forKey: "opacity")?.duration, 7, "the delegate wins over actions")

        delegate.answer = NSNull()
        layer.position = CGPoint(x: 9, y: 9)
        XCTAssertNil(layer.animation(forKey: "position"))

        delegate.answer = nil
        layer.cornerRadius = 3
        XCTAssertNotNil(layer.animation(forKey: "cornerRadius"), "nil means no answer: the search goes on")
    }

    func testStyleActionsAreSearchedThroughNestedStyles() throws {
        let layer = f.committedLayer()
        let slow = CABasicAnimation()
        slow.duration = 4
        layer.style = ["style": ["actions": ["opacity": slow] as [String: any CAAction]] as [AnyHashable: Any]]
        layer.opacity = 0
        XCTAssertEqual(layer.animation(forKey: "opacity")?.duration, 4)
        layer.removeAllAnimations()
        layer.style = ["actions": ["opacity": NSNull()] as [String: any CAAction]]
        layer.opacity = 1
        XCTAssertNil(layer.animation(forKey: "opacity"))
    }

    /// Turns the implicit animation of `opacity` off with an `NSNull` (a nil answer leaves the
    /// key to the implicit animation, as on Apple's platforms, whose `CALayer` class answers nil
    /// for every key).
    private final class QuietLayer: CALayer {
        override class func defaultAction(forKey event: String) -> (any CAAction)? {
            event == "opacity" ? NSNull() : super.defaultAction(forKey: event)
        }
    }

    func testSubclassCanOverrideDefaultAction() throws {
        let layer = QuietLayer()
        f.show(layer)
        layer.opacity = 0
        layer.zPosition = 2
        XCTAssertEqual(layer.animationKeys(), ["zPosition"])
    }

    func testLayerMadeAfterLastCommitHasNoPresentationAndDoesNotVisiblyAnimate() throws {
        let layer = CALayer()
        XCTAssertNil(layer.presentation())
        layer.opacity = 0
        XCTAssertNil(layer.animationKeys())
        f.advance(0.1)
        XCTAssertNil(layer.presentation(), "committed, but never drawn")
        f.show(layer)
        XCTAssertEqual(layer.presentation()?.opacity, 0, "no earlier value to animate from")
    }

    func testLayerNeverDrawnDoesNotAnimateImplicitlyHoweverManyCommitsPass() throws {
        let layer = CALayer()
        for _ in 0..<3 { f.advance(0.1) }
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
        XCTAssertNil(layer.animationKeys(), "not part of a displayed tree: nothing to animate from")
        f.show(layer)
        layer.opacity = 0.5
        XCTAssertEqual(layer.animationKeys(), ["opacity"], "shown once: changes animate")
    }

    func testLayerMadeBeforeTheRunLoopAppearsAtOnceWithItsFirstValues() throws {
        // A view controller's stored layer: made on the thread's default engine, before the
        // run loop (and its engine) exist, then set up and added in viewDidLoad.
        let early = AnimationEngine(clock: VirtualClock(now: 5)).withCurrent { CALayer() }
        let root = f.committedLayer()
        f.advance(1)
        early.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        early.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(early)
        XCTAssertNil(early.animationKeys())
        f.show(root)
        let node = try XCTUnwrap(root.makeRenderNode()?.children.first)
        XCTAssertEqual(node.planeToParent.map(CGPoint(x: 0, y: 0)), CGPoint(x: 10, y: 20), "no move from the origin")
        XCTAssertEqual(node.backgroundColor, PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))
        XCTAssertFalse(f.engine.hasActiveAnimations)
    }

    func testHiddenLayerOfADrawnTreeAnimatesWhenRevealed() throws {
        let root = f.committedLayer()
        let child = CALayer()
        child.isHidden = true
        root.addSublayer(child)
        f.show(root)
        CATransaction.setDisableActions(true)
        child.opacity = 0
        f.advance(0.1)
        child.isHidden = false
        child.opacity = 1
        XCTAssertEqual(child.animationKeys(), ["hidden", "opacity"], "committed while hidden, as on Apple's platforms")
    }

    func testChangingPropertyMidAnimationContinuesFromShownValue() throws {
        let layer = f.committedLayer()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.position = CGPoint(x: 150, y: 50)
        f.advance(0)
        f.advance(0.5)
        let shown = f.presented(layer, "position.x")
        XCTAssertEqual(shown, 100, accuracy: 1e-9)
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.position = CGPoint(x: 0, y: 50)
        XCTAssertEqual(f.presented(layer, "position.x"), shown, accuracy: 1e-9, "before the commit: no jump")
        f.advance(0)
        XCTAssertEqual(f.presented(layer, "position.x"), shown, accuracy: 1e-9, "at the commit: no jump")
        f.advance(0.25)
        XCTAssertEqual(f.presented(layer, "position.x"), 75, accuracy: 1e-9, "from 100 to 0, a quarter of the way")
        f.advance(1)
        XCTAssertEqual(f.presented(layer, "position.x"), 0)
    }

    func testContentsChangeGetsAFadeTransition() throws {
        let layer = f.committedLayer()
        layer.contents = quadrantImage()
        let transition = try XCTUnwrap(layer.animation(forKey: kCATransition))
        XCTAssertTrue(transition is any LayerTransitionAnimation)
        XCTAssertEqual(transition.duration, 0.25)
        XCTAssertNil(layer.animation(forKey: "contents"))
        let same = layer.contents
        layer.removeAllAnimations()
        layer.contents = same
        XCTAssertNil(layer.animationKeys(), "setting the same image again runs no action")
    }

    func testPresentationCopiesRunNoActions() throws {
        let layer = f.committedLayer()
        layer.opacity = 0.5
        f.advance(0.1)
        let copy = try XCTUnwrap(layer.presentation())
        copy.opacity = 0
        XCTAssertNil(copy.animationKeys())
    }
}

final class LayerKeyValueCodingTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testKeyPathsReadAndWriteFieldsThroughTheSetters() throws {
        let layer = f.committedLayer()
        XCTAssertEqual(layer.value(forKeyPath: "position.x") as? CGFloat, 50)
        XCTAssertEqual(layer.value(forKeyPath: "bounds.size") as? CGSize, CGSize(width: 100, height: 100))
        layer.setValue(Double.pi / 2, forKeyPath: "transform.rotation.z")
        XCTAssertEqual(layer.transform.m12, 1, accuracy: 1e-12)
        XCTAssertEqual(layer.value(forKeyPath: "transform.rotation") as? CGFloat ?? 0, .pi / 2, accuracy: 1e-12)
        XCTAssertNotNil(layer.animation(forKey: "transform"), "the change ran its implicit animation")
        layer.setValue(0.25, forKey: "opacity")
        XCTAssertEqual(layer.opacity, 0.25)
    }

    func testCustomKeysAreStoredAndBadValuesIgnored() throws {
        let layer = f.committedLayer()
        layer.setValue("card", forKey: "role")
        XCTAssertEqual(layer.value(forKey: "role") as? String, "card")
        layer.setValue("wide", forKeyPath: "bounds.size.width")
        layer.setValue(1, forKeyPath: "contentsGravity")
        XCTAssertEqual(layer.bounds.width, 100)
        XCTAssertEqual(f.diagnostics.count, 2, "\(f.diagnostics)")
    }
}
