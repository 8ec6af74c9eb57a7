import Geometry
import XCTest
@testable import Layers

final class BasicAnimationTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    /// A linear 1 s animation of `opacity` (model 0.5) with the given values, sampled at 0, 0.5
    /// and just before 1 s.
    private func samples(from: Any? = nil, to: Any? = nil, by: Any? = nil) -> [Double] {
        let layer = f.committedLayer()
        CATransaction.setDisableActions(true)
        layer.opacity = 0.5
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = from
        animation.toValue = to
        animation.byValue = by
        animation.duration = 1
        layer.add(animation, forKey: "a")
        f.advance(0)
        let start = f.presented(layer, "opacity")
        f.advance(0.5)
        let middle = f.presented(layer, "opacity")
        f.advance(0.49)
        let end = f.presented(layer, "opacity")
        return [start, middle, end]
    }

    private func assertSamples(_ actual: [Double], _ expected: [Double], _ label: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        for (a, e) in zip(actual, expected) { XCTAssertEqual(a, e, accuracy: 0.011, label, file: file, line: line) }
    }

    func testFromAndToInterpolateBetweenThem() throws {
        assertSamples(samples(from: 0.2, to: 1.0), [0.2, 0.6, 0.992], "from, to")
    }

    func testFromAndByEndAtFromPlusBy() throws {
        assertSamples(samples(from: 0.2, by: 0.4), [0.2, 0.4, 0.596], "from, by")
    }

    func testByAndToStartAtToMinusBy() throws {
        assertSamples(samples(to: 0.9, by: 0.6), [0.3, 0.6, 0.894], "by, to")
    }

    func testFromOnlyEndsAtCurrentValue() throws {
        assertSamples(samples(from: 0.1), [0.1, 0.3, 0.496], "from")
    }

    func testToOnlyStartsAtCurrentValue() throws {
        assertSamples(samples(to: 1.0), [0.5, 0.75, 0.995], "to")
    }

    func testByOnlyAddsToCurrentValue() throws {
        assertSamples(samples(by: 0.25), [0.5, 0.625, 0.7475], "by")
    }

    func testNoValuesAnimateFromValueBeforeTheTransaction() throws {
        let layer = f.committedLayer()
        CATransaction.setDisableActions(true)
        layer.opacity = 0
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.duration = 1
        layer.add(animation, forKey: "a")
        f.advance(0.5)
        XCTAssertEqual(f.presented(layer, "opacity"), 0.5, accuracy: 1e-6, "from 1 (before) to 0 (now)")
    }

    func testNumbersOfEveryTypeAreAccepted() throws {
        for value in [0.25 as Any, CGFloat(0.25), Float(0.25), NSNumber(value: 0.25)] {
            assertSamples(samples(from: value, to: 1), [0.25, 0.625, 0.99], "\(type(of: value))")
        }
        assertSamples(samples(from: 0, to: 1), [0, 0.5, 0.99], "Int")
    }

    func testSubKeyPathsAnimateOneField() throws {
        let layer = f.committedLayer()
        CATransaction.setDisableActions(true)
        layer.shadowOffset = CGSize(width: 3, height: 4)
        let cases: [(String, Any, Any)] = [
            ("position.x", 0.0, 100.0),
            ("bounds.size.width", 100.0, 300.0),
            ("shadowOffset.height", 4.0, 24.0),
            ("anchorPoint.y", 0.5, 1.0),
            ("bounds.origin", CGPoint(x: 0, y: 0), CGPoint(x: 20, y: 40)),
        ]
        for (path, from, to) in cases {
            let animation = CABasicAnimation(keyPath: path)
            animation.fromValue = from
            animation.toValue = to
            animation.duration = 1
            layer.add(animation, forKey: path)
        }
        f.advance(0.5)
        let p = try XCTUnwrap(layer.presentation())
        XCTAssertEqual(p.position, CGPoint(x: 50, y: 50), "position.x at 50 %; y untouched")
        XCTAssertEqual(p.bounds, CGRect(x: 10, y: 20, width: 200, height: 100))
        XCTAssertEqual(p.shadowOffset, CGSize(width: 3, height: 14))
        XCTAssertEqual(p.anchorPoint, CGPoint(x: 0.5, y: 0.75))
        XCTAssertTrue(f.diagnostics.isEmpty, "\(f.diagnostics)")
    }

    func testTransformFieldKeyPaths() throws {
        let layer = f.committedLayer()
        let rotation = CABasicAnimation(keyPath: "transform.rotation.z")
        rotation.fromValue = 0
        rotation.toValue = Double.pi
        rotation.duration = 1
        layer.add(rotation, forKey: "r")
        f.advance(0.5)
        var t = try XCTUnwrap(layer.presentation()).transform
        let quarter = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        for (a, b) in zip(t.entries, quarter.entries) { XCTAssertEqual(a, b, accuracy: 1e-9) }

        layer.removeAllAnimations()
        let scale = CABasicAnimation(keyPath: "transform.scale")
        scale.fromValue = 1
        scale.toValue = 3
        scale.duration = 1
        let move = CABasicAnimation(keyPath: "transform.translation.x")
        move.fromValue = 0
        move.toValue = 40
        move.duration = 1
        layer.add(scale, forKey: "s")
        layer.add(move, forKey: "m")
        f.advance(0.5)
        t = try XCTUnwrap(layer.presentation()).transform
        XCTAssertEqual(t.m11, 2, accuracy: 1e-9)
        XCTAssertEqual(t.m22, 2, accuracy: 1e-9)
        XCTAssertEqual(t.m33, 2, accuracy: 1e-9)
        XCTAssertEqual(t.m41, 20, accuracy: 1e-9)
    }

    func testRotationFieldKeepsPerspectiveOfModelTransform() throws {
        let layer = f.committedLayer()
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        CATransaction.setDisableActions(true)
        layer.transform = perspective
        let flip = CABasicAnimation(keyPath: "transform.rotation.y")
        flip.fromValue = 0
        flip.toValue = Double.pi / 2
        flip.duration = 1
        layer.add(flip, forKey: "flip")
        f.advance(0.5)
        let t = try XCTUnwrap(layer.presentation()).transform
        let expected = CATransform3DConcat(CATransform3DMakeRotation(.pi / 4, 0, 1, 0), perspective)
        for (a, b) in zip(t.entries, expected.entries) { XCTAssertEqual(a, b, accuracy: 1e-9) }
    }

    func testValueFunctionSpinsAFullTurn() throws {
        let layer = f.committedLayer()
        let spin = CABasicAnimation(keyPath: "transform")
        spin.valueFunction = CAValueFunction(name: .rotateZ)
        spin.fromValue = 0
        spin.toValue = 2 * Double.pi
        spin.duration = 1
        layer.add(spin, forKey: "spin")
        f.advance(0.5)
        let t = try XCTUnwrap(layer.presentation()).transform
        XCTAssertEqual(t.m11, -1, accuracy: 1e-9, "half a turn at half time, not the identity")
        XCTAssertNil(CAValueFunction(name: CAValueFunctionName(rawValue: "twist")))
    }

    func testAdditiveAddsToUnderlyingValue() throws {
        let layer = f.committedLayer()
        let shake = CABasicAnimation(keyPath: "position.x")
        shake.fromValue = 0
        shake.toValue = 20
        shake.isAdditive = true
        shake.duration = 1
        layer.add(shake, forKey: "shake")
        f.advance(0.5)
        XCTAssertEqual(f.presented(layer, "position.x"), 60, accuracy: 1e-9)
    }

    func testCumulativeRepetitionsBuildOnEachOther() throws {
        let layer = f.committedLayer()
        let step = CABasicAnimation(keyPath: "position.x")
        step.fromValue = 0
        step.toValue = 10
        step.isCumulative = true
        step.repeatCount = 3
        step.duration = 1
        layer.add(step, forKey: "step")
        f.advance(2.5)
        XCTAssertEqual(f.presented(layer, "position.x"), 25, accuracy: 1e-9)
    }

    func testUnknownKeyPathAndWrongValueTypeHaveNoEffectAndOneDiagnosticEach() throws {
        let layer = f.committedLayer()
        let unknown = CABasicAnimation(keyPath: "frame")
        unknown.toValue = CGRect.zero
        unknown.duration = 1
        let delegate = RecordingAnimationDelegate()
        unknown.delegate = delegate
        layer.add(unknown, forKey: "u")
        let wrong = CABasicAnimation(keyPath: "opacity")
        wrong.toValue = "transparent"
        wrong.duration = 1
        layer.add(wrong, forKey: "w")
        f.advance(0.5)
        XCTAssertEqual(layer.presentation()?.opacity, 1)
        XCTAssertEqual(layer.presentation()?.frame, layer.frame)
        XCTAssertEqual(f.diagnostics.count, 2, "\(f.diagnostics)")
        XCTAssertTrue(f.diagnostics[0].contains("'frame'"))
        XCTAssertTrue(f.diagnostics[1].contains("String"))
        f.advance(1)
        XCTAssertEqual(delegate.events, ["start", "stop finished"], "it still runs its course")
    }

    func testAddCopiesTheAnimation() throws {
        let layer = f.committedLayer()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 1
        layer.add(animation, forKey: "fade")
        animation.toValue = 0
        animation.duration = 100
        XCTAssertFalse(layer.animation(forKey: "fade") === animation)
        XCTAssertEqual(layer.animation(forKey: "fade")?.duration, 1)
        f.advance(0.5)
        XCTAssertEqual(f.presented(layer, "opacity"), 0.5, accuracy: 1e-6)
    }

    func testAddingUnderSameKeyStopsTheOldAnimationUnfinished() throws {
        let layer = f.committedLayer()
        let first = CABasicAnimation(keyPath: "opacity")
        first.toValue = 0
        first.duration = 1
        let delegate = RecordingAnimationDelegate()
        first.delegate = delegate
        layer.add(first, forKey: "k")
        f.advance(0.25)
        let second = CABasicAnimation(keyPath: "cornerRadius")
        second.toValue = 10
        second.duration = 1
        layer.add(second, forKey: "k")
        f.advance(0)
        XCTAssertEqual(delegate.events, ["start", "stop removed"])
        XCTAssertEqual(layer.animationKeys(), ["k"])
        XCTAssertTrue((layer.animation(forKey: "k") as? CABasicAnimation)?.keyPath == "cornerRadius")
        XCTAssertEqual(layer.presentation()?.opacity, 1)
    }

    func testRemovingAnimationsAndListingKeys() throws {
        let layer = f.committedLayer()
        XCTAssertNil(layer.animationKeys())
        for key in ["a", "b", "c"] {
            let animation = CABasicAnimation(keyPath: "opacity")
            animation.toValue = 0
            animation.duration = 1
            layer.add(animation, forKey: key)
        }
        let anonymous = CABasicAnimation(keyPath: "zPosition")
        anonymous.toValue = 5
        anonymous.duration = 1
        layer.add(anonymous, forKey: nil)
        XCTAssertEqual(layer.animationKeys(), ["a", "b", "c"])
        layer.removeAnimation(forKey: "b")
        layer.removeAnimation(forKey: "missing")
        XCTAssertEqual(layer.animationKeys(), ["a", "c"])
        XCTAssertNil(layer.animation(forKey: "b"))
        f.advance(0.5)
        XCTAssertGreaterThan(f.presented(layer, "zPosition"), 0)
        layer.removeAllAnimations()
        XCTAssertNil(layer.animationKeys())
        f.advance(0)
        XCTAssertEqual(layer.presentation()?.zPosition, 0)
        XCTAssertFalse(f.engine.hasActiveAnimations)
    }

    func testDelegateHearsStartAndFinishInTheCallbackStep() throws {
        let layer = f.committedLayer()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.toValue = 0
        animation.duration = 1
        let delegate = RecordingAnimationDelegate()
        animation.delegate = delegate
        layer.add(animation, forKey: "fade")
        XCTAssertEqual(delegate.events, [])
        f.engine.commitImplicitTransaction()
        f.engine.prepareFrame()
        XCTAssertEqual(delegate.events, [], "callbacks wait for finishFrame")
        f.engine.finishFrame()
        XCTAssertEqual(delegate.events, ["start"])
        f.advance(0.99)
        XCTAssertEqual(delegate.events, ["start"])
        f.advance(0.02)
        XCTAssertEqual(delegate.events, ["start", "stop finished"])
    }

    func testCustomValuesTravelWithCopies() throws {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.setValue("tag", forKey: "name")
        let copy = try XCTUnwrap(animation.copy() as? CABasicAnimation)
        XCTAssertEqual(copy.value(forKey: "name") as? String, "tag")
        XCTAssertEqual(copy.keyPath, "opacity")
    }
}
