import KinescopeTestSupport
import Layers
import Views
import XCTest

/// Adding, ordering and removing subviews; the layer tree follows the view tree; the window
/// and the move callbacks propagate as in UIKit.
final class ViewHierarchyTests: XCTestCase {
    func testAddSubviewAppendsOnTopAndAddsTheLayer() throws {
        onMain {
            let parent = UIView(frame: .zero)
            let a = UIView(frame: .zero), b = UIView(frame: .zero)
            parent.addSubview(a)
            parent.addSubview(b)
            XCTAssertTrue(parent.subviews.elementsEqual([a, b], by: ===))
            XCTAssertTrue(a.superview === parent)
            XCTAssertTrue(a.layer.superlayer === parent.layer)
            assertLayersMirrorViews(parent)
        }
    }

    func testInsertSubviewAtIndexClampsTheIndex() throws {
        onMain {
            let parent = UIView(frame: .zero)
            let a = UIView(frame: .zero), b = UIView(frame: .zero), c = UIView(frame: .zero), d = UIView(frame: .zero)
            parent.insertSubview(a, at: 5)
            parent.insertSubview(b, at: 0)
            parent.insertSubview(c, at: 1)
            parent.insertSubview(d, at: -3)
            XCTAssertTrue(parent.subviews.elementsEqual([d, b, c, a], by: ===))
            assertLayersMirrorViews(parent)
        }
    }

    func testInsertAboveAndBelowASiblingIncludingMovesWithinTheSameSuperview() throws {
        onMain {
            let parent = UIView(frame: .zero)
            let a = UIView(frame: .zero), b = UIView(frame: .zero), c = UIView(frame: .zero), d = UIView(frame: .zero)
            [a, b, c].forEach(parent.addSubview)
            parent.insertSubview(d, aboveSubview: a)
            XCTAssertTrue(parent.subviews.elementsEqual([a, d, b, c], by: ===))
            parent.insertSubview(d, belowSubview: a)
            XCTAssertTrue(parent.subviews.elementsEqual([d, a, b, c], by: ===))
            parent.insertSubview(d, aboveSubview: c)
            XCTAssertTrue(parent.subviews.elementsEqual([a, b, c, d], by: ===))
            parent.insertSubview(a, aboveSubview: c)
            XCTAssertTrue(parent.subviews.elementsEqual([b, c, a, d], by: ===))
            parent.insertSubview(d, belowSubview: b)
            XCTAssertTrue(parent.subviews.elementsEqual([d, b, c, a], by: ===))
            parent.insertSubview(b, belowSubview: a)
            XCTAssertTrue(parent.subviews.elementsEqual([d, c, b, a], by: ===))
            assertLayersMirrorViews(parent)
        }
    }

    func testRemoveFromSuperviewDetachesViewLayerAndWindow() throws {
        onMain {
            let window = makeWindow()
            let parent = UIView(frame: .zero), child = UIView(frame: .zero)
            window.addSubview(parent)
            parent.addSubview(child)
            XCTAssertTrue(child.window === window)
            parent.removeFromSuperview()
            XCTAssertNil(parent.superview)
            XCTAssertNil(parent.layer.superlayer)
            XCTAssertNil(child.window, "descendants leave the window too")
            XCTAssertTrue(window.subviews.isEmpty)
            XCTAssertNil(window.layer.sublayers)
            XCTAssertTrue(child.superview === parent, "the subtree stays together")
            parent.removeFromSuperview()
            XCTAssertNil(parent.superview, "removing a view without superview does nothing")
        }
    }

    func testBringToFrontAndSendToBackReorderViewsAndLayers() throws {
        onMain {
            let parent = UIView(frame: .zero)
            let a = UIView(frame: .zero), b = UIView(frame: .zero), c = UIView(frame: .zero)
            [a, b, c].forEach(parent.addSubview)
            parent.bringSubviewToFront(a)
            XCTAssertTrue(parent.subviews.elementsEqual([b, c, a], by: ===))
            assertLayersMirrorViews(parent)
            parent.sendSubviewToBack(c)
            XCTAssertTrue(parent.subviews.elementsEqual([c, b, a], by: ===))
            assertLayersMirrorViews(parent)
            let stranger = UIView(frame: .zero)
            parent.bringSubviewToFront(stranger)
            XCTAssertNil(stranger.superview, "a view that is not a subview is left alone")
            XCTAssertEqual(parent.subviews.count, 3)
        }
    }

    func testExchangeSubviewSwapsViewsAndLayers() throws {
        onMain {
            let parent = UIView(frame: .zero)
            let a = UIView(frame: .zero), b = UIView(frame: .zero), c = UIView(frame: .zero)
            [a, b, c].forEach(parent.addSubview)
            parent.exchangeSubview(at: 0, withSubviewAt: 2)
            XCTAssertTrue(parent.subviews.elementsEqual([c, b, a], by: ===))
            assertLayersMirrorViews(parent)
            parent.exchangeSubview(at: 1, withSubviewAt: 7)
            XCTAssertTrue(parent.subviews.elementsEqual([c, b, a], by: ===), "an index out of range changes nothing")
        }
    }

    func testViewWithTagSearchesSelfThenDescendantsDepthFirst() throws {
        onMain {
            let root = UIView(frame: .zero)
            let a = UIView(frame: .zero), a1 = UIView(frame: .zero), b = UIView(frame: .zero)
            root.tag = 1
            a.tag = 2
            a1.tag = 3
            b.tag = 3
            root.addSubview(a)
            a.addSubview(a1)
            root.addSubview(b)
            XCTAssertTrue(root.viewWithTag(1) === root)
            XCTAssertTrue(root.viewWithTag(3) === a1, "depth first: a's subtree comes before b")
            XCTAssertTrue(b.viewWithTag(3) === b)
            XCTAssertNil(root.viewWithTag(4))
        }
    }

    func testWindowPropagatesToEveryDescendant() throws {
        onMain {
            let window = makeWindow()
            let parent = UIView(frame: .zero), child = UIView(frame: .zero), grandchild = UIView(frame: .zero)
            parent.addSubview(child)
            child.addSubview(grandchild)
            XCTAssertNil(grandchild.window)
            window.addSubview(parent)
            XCTAssertTrue(grandchild.window === window)
            XCTAssertTrue(grandchild.isDescendant(of: window))
            XCTAssertTrue(grandchild.isDescendant(of: grandchild))
            XCTAssertFalse(parent.isDescendant(of: child))
        }
    }

    func testMoveCallbacksRunInUIKitsOrderWhenAddingToAWindow() throws {
        onMain {
            let log = EventLog()
            let window = makeWindow()
            let parent = RecordingView(name: "parent", frame: .zero, log: log)
            window.addSubview(parent)
            let view = RecordingView(name: "view", frame: .zero, log: log)
            let child = RecordingView(name: "child", frame: .zero, log: log)
            view.addSubview(child)
            log.clear()
            parent.addSubview(view)
            XCTAssertEqual(log.entries, [
                "view.willMoveToSuperview(parent)",
                "view.willMoveToWindow(window)",
                "child.willMoveToWindow(window)",
                "view.didMoveToWindow",
                "child.didMoveToWindow",
                "view.didMoveToSuperview",
                "parent.didAddSubview(view)",
            ])
        }
    }

    func testMoveCallbacksRunInUIKitsOrderWhenRemovingFromAWindow() throws {
        onMain {
            let log = EventLog()
            let window = makeWindow()
            let parent = RecordingView(name: "parent", frame: .zero, log: log)
            let view = RecordingView(name: "view", frame: .zero, log: log)
            window.addSubview(parent)
            parent.addSubview(view)
            log.clear()
            view.removeFromSuperview()
            XCTAssertEqual(log.entries, [
                "parent.willRemoveSubview(view)",
                "view.willMoveToSuperview(nil)",
                "view.willMoveToWindow(nil)",
                "view.didMoveToWindow",
                "view.didMoveToSuperview",
            ])
        }
    }

    func testMovingBetweenSuperviewsTellsTheOldSuperview() throws {
        onMain {
            let log = EventLog()
            let first = RecordingView(name: "first", frame: .zero, log: log)
            let second = RecordingView(name: "second", frame: .zero, log: log)
            let view = RecordingView(name: "view", frame: .zero, log: log)
            first.addSubview(view)
            log.clear()
            second.addSubview(view)
            XCTAssertEqual(log.entries, [
                "first.willRemoveSubview(view)",
                "view.willMoveToSuperview(second)",
                "view.didMoveToSuperview",
                "second.didAddSubview(view)",
            ], "no window callbacks: neither superview is in a window")
            XCTAssertTrue(first.subviews.isEmpty)
            XCTAssertNil(first.layer.sublayers)
            XCTAssertTrue(view.layer.superlayer === second.layer)
        }
    }

    func testAddingAViewToItselfOrItsDescendantIsRefused() throws {
        onMain {
            let root = UIView(frame: .zero), child = UIView(frame: .zero), grandchild = UIView(frame: .zero)
            root.addSubview(child)
            child.addSubview(grandchild)
            root.addSubview(root)
            grandchild.addSubview(root)
            child.insertSubview(root, at: 0)
            XCTAssertNil(root.superview)
            XCTAssertTrue(root.subviews.elementsEqual([child], by: ===))
            XCTAssertTrue(grandchild.subviews.isEmpty)
            XCTAssertNil(root.layer.superlayer)
            assertLayersMirrorViews(root)
        }
    }

    func testLayerTreeMirrorsTheViewTreeThroughRandomEdits() throws {
        onMain {
            var random = SeededRandom(seed: 0x5EED_0F_7EE5)
            let views = (0..<12).map { _ in UIView(frame: .zero) }
            for _ in 0..<400 {
                let view = views[random.next(below: views.count)]
                let other = views[random.next(below: views.count)]
                switch random.next(below: 8) {
                case 0: other.addSubview(view)
                case 1: other.insertSubview(view, at: random.next(in: -1...4))
                case 2: if let parent = other.superview { parent.insertSubview(view, aboveSubview: other) }
                case 3: if let parent = other.superview { parent.insertSubview(view, belowSubview: other) }
                case 4: view.removeFromSuperview()
                case 5: view.superview?.bringSubviewToFront(view)
                case 6: view.superview?.sendSubviewToBack(view)
                default: other.exchangeSubview(at: random.next(below: 3), withSubviewAt: random.next(below: 3))
                }
                for view in views { assertLayersMirrorViews(view) }
                if views.contains(where: { !$0.layer.isTreeConsistent }) { return XCTFail("layer tree inconsistent") }
            }
        }
    }
}

extension CALayer {
    /// Every sublayer names this layer as its superlayer, and no layer is its own ancestor.
    fileprivate var isTreeConsistent: Bool {
        var ancestor = superlayer
        while let current = ancestor {
            if current === self { return false }
            ancestor = current.superlayer
        }
        return (sublayers ?? []).allSatisfy { $0.superlayer === self }
    }
}

@MainActor
private func assertLayersMirrorViews(_ view: UIView, file: StaticString = #filePath, line: UInt = #line) {
    let layers = view.layer.sublayers ?? []
    XCTAssertTrue(layers.elementsEqual(view.subviews.map(\.layer), by: ===),
                  "sublayers follow subviews", file: file, line: line)
    XCTAssertTrue(view.layer.superlayer === view.superview?.layer, "superlayer is the superview's layer", file: file, line: line)
    for subview in view.subviews where subview.superview !== view {
        XCTFail("a subview's superview is another view", file: file, line: line)
    }
}
