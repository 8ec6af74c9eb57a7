import Geometry
import XCTest
@testable import Layers

final class TransactionTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    /// The outer transaction (2 s) moves the layer; the nested one (5 s) changes zPosition and
    /// opacity. Nothing starts until the outer commit; then all three start together, position
    /// over 2 s, the others over 5 s.
    func testNestedTransactionsStartTogetherWithTheirOwnDurations() throws {
        let layer = f.committedLayer()
        CATransaction.begin()
        CATransaction.setValue(2.0, forKey: kCATransactionAnimationDuration)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.position = CGPoint(x: 250, y: 50)
        CATransaction.begin()
        CATransaction.setValue(5.0, forKey: kCATransactionAnimationDuration)
        XCTAssertEqual(CATransaction.animationTimingFunction()?.output(at: 0.3) ?? -1, 0.3, accuracy: 1e-12,
                       "the inner transaction sees the outer one's timing function")
        layer.zPosition = 10
        layer.opacity = 0
        CATransaction.commit()

        f.clock.advance(by: 1)
        XCTAssertEqual(CATransaction.animationDuration(), 2, "the outer duration is back after the inner commit")
        XCTAssertTrue(f.engine.hasActiveAnimations)
        XCTAssertEqual(layer.presentation()?.position.x, 50, "nothing moves before the outer commit")
        XCTAssertEqual(layer.presentation()?.opacity, 1)
        CATransaction.commit()   // begin time of all three: t = 101

        XCTAssertEqual((layer.animation(forKey: "position") as? CABasicAnimation)?.duration, 2)
        XCTAssertEqual(layer.animation(forKey: "zPosition")?.duration, 5)
        XCTAssertEqual(layer.animation(forKey: "opacity")?.duration, 5)

        f.advance(1)   // t = 102
        XCTAssertEqual(f.presented(layer, "position.x"), 150, accuracy: 1e-9, "half of 2 s")
        XCTAssertEqual(f.presented(layer, "zPosition"), 2, accuracy: 1e-9, "a fifth of 5 s")
        XCTAssertEqual(f.presented(layer, "opacity"), 0.8, accuracy: 1e-6)
        f.advance(1)   // t = 103
        XCTAssertEqual(f.presented(layer, "position.x"), 250)
        XCTAssertNil(layer.animation(forKey: "position"), "finished and removed")
        XCTAssertEqual(f.presented(layer, "zPosition"), 4, accuracy: 1e-9)
        f.advance(3)   // t = 106
        XCTAssertEqual(f.presented(layer, "zPosition"), 10)
        XCTAssertEqual(f.presented(layer, "opacity"), 0)
        XCTAssertFalse(f.engine.hasActiveAnimations)
    }

    func testInnerTransactionOverridesAreLocal() throws {
        CATransaction.begin()
        CATransaction.setAnimationDuration(3)
        CATransaction.setValue("outer", forKey: "custom")
        CATransaction.setDisableActions(true)
        CATransaction.begin()
        XCTAssertEqual(CATransaction.animationDuration(), 3)
        XCTAssertEqual(CATransaction.value(forKey: "custom") as? String, "outer")
        XCTAssertTrue(CATransaction.disableActions())
        CATransaction.setAnimationDuration(1)
        CATransaction.setValue("inner", forKey: "custom")
        CATransaction.setDisableActions(false)
        XCTAssertEqual(CATransaction.value(forKey: kCATransactionAnimationDuration) as? Double, 1)
        XCTAssertEqual(CATransaction.value(forKey: "custom") as? String, "inner")
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 3)
        XCTAssertEqual(CATransaction.value(forKey: "custom") as? String, "outer")
        XCTAssertTrue(CATransaction.disableActions())
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 0.25, "Apple's default")
        XCTAssertNil(CATransaction.value(forKey: "custom"))
        XCTAssertNil(CATransaction.animationTimingFunction())
        XCTAssertFalse(CATransaction.disableActions())
        XCTAssertNil(CATransaction.completionBlock())
    }

    func testUnbalancedCommitDoesNoHarm() throws {
        let layer = f.committedLayer()
        CATransaction.commit()
        XCTAssertEqual(f.diagnostics.count, 1)
        layer.opacity = 0.5                  // opens the implicit transaction
        CATransaction.commit()               // does not commit it
        XCTAssertEqual(f.diagnostics.count, 2)
        XCTAssertEqual(layer.animation(forKey: "opacity")?.duration, 0.25)
        f.advance(0.1)
        XCTAssertLessThan(f.presented(layer, "opacity"), 1)
        XCTAssertGreaterThan(f.presented(layer, "opacity"), 0.5)
    }

    func testWrongTypedTransactionValueIsIgnoredWithDiagnostic() throws {
        CATransaction.begin()
        CATransaction.setValue("slow", forKey: kCATransactionAnimationDuration)
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
        CATransaction.setValue(-1, forKey: kCATransactionAnimationDuration)
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
        CATransaction.commit()
        XCTAssertEqual(f.diagnostics.count, 2)
        XCTAssertTrue(f.diagnostics[0].contains("animationDuration"), f.diagnostics[0])
    }

    func testAnimationsStartWhenOutermostTransactionCommits() throws {
        let layer = f.committedLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.opacity = 0
        f.clock.advance(by: 0.5)
        CATransaction.commit()
        f.advance(0.5)
        XCTAssertEqual(f.presented(layer, "opacity"), 0.5, accuracy: 1e-6, "begins at the commit, not at the change")
    }

    func testImplicitTransactionCommitsAtEndOfTurnAndFlushCommitsEarly() throws {
        let layer = f.committedLayer()
        layer.opacity = 0
        XCTAssertEqual(f.engine.transactions.count, 1)
        XCTAssertTrue(f.engine.transactions[0].isImplicit)
        CATransaction.flush()
        XCTAssertTrue(f.engine.transactions.isEmpty)
        f.clock.advance(by: 0.125)
        XCTAssertLessThan(f.presented(layer, "opacity"), 1, "running since the flush")

        let other = f.committedLayer()
        other.opacity = 0                 // implicit transaction
        CATransaction.begin()             // nests in it
        CATransaction.flush()             // waits for the explicit one
        XCTAssertEqual(f.engine.transactions.count, 2)
        CATransaction.commit()
        XCTAssertTrue(f.engine.transactions.isEmpty, "committed when the last explicit transaction committed")
    }

    func testCompletionBlockRunsOnceAfterItsAnimationsOnALaterTurn() throws {
        let layer = f.committedLayer()
        var runs = 0
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setCompletionBlock { runs += 1 }
        layer.opacity = 0
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        layer.zPosition = 5
        CATransaction.commit()
        CATransaction.commit()
        f.advance(1.5)
        XCTAssertEqual(runs, 0, "the nested 2 s animation belongs to the group too")
        f.advance(0.6)
        XCTAssertEqual(runs, 1)
        f.advance(1)
        XCTAssertEqual(runs, 1, "once")
    }

    func testCompletionBlockWithoutAnimationsRunsOnNextTurn() throws {
        var runs = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { runs += 1 }
        CATransaction.commit()
        XCTAssertEqual(runs, 0, "never inside commit()")
        f.engine.tick()
        XCTAssertEqual(runs, 0, "the turn of the commit")
        f.engine.tick()
        XCTAssertEqual(runs, 1)
    }

    func testCompletionBlockRunsWhenItsAnimationIsRemoved() throws {
        let layer = f.committedLayer()
        var runs = 0
        CATransaction.begin()
        CATransaction.setAnimationDuration(10)
        CATransaction.setCompletionBlock { runs += 1 }
        layer.opacity = 0
        CATransaction.commit()
        f.advance(1)
        layer.removeAnimation(forKey: "opacity")
        f.advance(0)
        XCTAssertEqual(runs, 1)
        XCTAssertEqual(layer.presentation()?.opacity, 0, "the model value shows once removed")
    }

    func testReplacingCompletionBlockSealsThePreviousOne() throws {
        let layer = f.committedLayer()
        var order: [String] = []
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setCompletionBlock { order.append("first") }
        layer.opacity = 0
        CATransaction.setCompletionBlock { order.append("second") }
        CATransaction.commit()
        f.advance(0.5)
        XCTAssertEqual(order, [], "the second has no animation, but waits for a later turn than the commit")
        f.advance(0.6)
        XCTAssertEqual(order, ["second", "first"])
    }

    func testCompletionBlockSetThroughKeyIsTheSameBlock() throws {
        var runs = 0
        CATransaction.begin()
        CATransaction.setValue({ runs += 1 } as () -> Void, forKey: kCATransactionCompletionBlock)
        XCTAssertNotNil(CATransaction.completionBlock())
        CATransaction.commit()
        f.engine.tick()
        f.engine.tick()
        XCTAssertEqual(runs, 1)
    }

    func testLockIsRecursive() throws {
        CATransaction.lock()
        CATransaction.lock()
        CATransaction.unlock()
        CATransaction.unlock()
    }

    func testEachThreadHasItsOwnDefaultEngine() throws {
        final class Box: @unchecked Sendable { var engine: ObjectIdentifier? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.engine = ObjectIdentifier(AnimationEngine.current)
            done.signal()
        }
        thread.start()
        done.wait()
        XCTAssertTrue(AnimationEngine.current === f.engine)
        XCTAssertNotNil(box.engine)
        XCTAssertNotEqual(box.engine, ObjectIdentifier(f.engine))
    }
}
