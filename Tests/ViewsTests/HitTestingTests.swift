import Geometry
import Graphics
import Layers
import Raster
import Views
import XCTest

/// `hitTest(_:with:)` as UIKit documents it: the deepest visible, interactive view whose
/// `point(inside:with:)` accepts the point, subviews tried front to back; hidden views, views
/// with alpha below 0.01 and views with user interaction disabled are skipped with their
/// subviews; a point outside a view's bounds never reaches its subviews.
final class HitTestingTests: XCTestCase {
    func testFrontmostSubviewWins() throws {
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let back = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
            let front = UIView(frame: CGRect(x: 30, y: 30, width: 50, height: 50))
            root.addSubview(back)
            root.addSubview(front)
            XCTAssertTrue(root.hitTest(CGPoint(x: 40, y: 40), with: nil) === front)
            XCTAssertTrue(root.hitTest(CGPoint(x: 15, y: 15), with: nil) === back)
            XCTAssertTrue(root.hitTest(CGPoint(x: 90, y: 5), with: nil) === root)
            XCTAssertNil(root.hitTest(CGPoint(x: 100, y: 50), with: nil), "the max edge is outside")
            root.bringSubviewToFront(back)
            XCTAssertTrue(root.hitTest(CGPoint(x: 40, y: 40), with: nil) === back)
        }
    }

    func testDeepestViewIsReturned() throws {
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let middle = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
            let leaf = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
            root.addSubview(middle)
            middle.addSubview(leaf)
            XCTAssertTrue(root.hitTest(CGPoint(x: 25, y: 25), with: nil) === leaf)
            XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === middle)
        }
    }

    func testHiddenViewsAreSkippedWithTheirSubviews() throws {
        onMain {
            let (root, view, child) = nested()
            view.isHidden = true
            XCTAssertTrue(root.hitTest(CGPoint(x: 25, y: 25), with: nil) === root)
            view.isHidden = false
            XCTAssertTrue(root.hitTest(CGPoint(x: 25, y: 25), with: nil) === child)
        }
    }

    func testViewsWithAlphaBelowOneHundredthAreSkipped() throws {
        onMain {
            let (root, view, child) = nested()
            view.alpha = 0.009
            XCTAssertTrue(root.hitTest(CGPoint(x: 25, y: 25), with: nil) === root)
            view.alpha = 0.01
            XCTAssertTrue(root.hitTest(CGPoint(x: 25, y: 25), with: nil) === child, "alpha 0.01 is still hit")
            view.alpha = 0
            XCTAssertTrue(root.hitTest(CGPoint(x: 25, y: 25), with: nil) === root)
        }
    }

    func testUserInteractionDisabledSkipsTheViewAndItsSubviews() throws {
        onMain {
            let (root, view, _) = nested()
            view.isUserInteractionEnabled = false
            XCTAssertTrue(root.hitTest(CGPoint(x: 25, y: 25), with: nil) === root)
            root.isUserInteractionEnabled = false
            XCTAssertNil(root.hitTest(CGPoint(x: 25, y: 25), with: nil))
        }
    }

    func testRotatedViewIsHitInsideItsTurnedBoundsOnly() throws {
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            let diamond = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
            diamond.transform = CGAffineTransform(rotationAngle: .pi / 4)
            root.addSubview(diamond)
            // The diamond's tips reach 100·√2/2 ≈ 70.7 from the centre (100, 100).
            XCTAssertTrue(root.hitTest(CGPoint(x: 100, y: 35), with: nil) === diamond, "inside the top tip, outside the untransformed frame")
            XCTAssertTrue(root.hitTest(CGPoint(x: 55, y: 55), with: nil) === root, "inside the untransformed frame's corner, outside the diamond")
            XCTAssertTrue(root.hitTest(CGPoint(x: 165, y: 100), with: nil) === diamond)
        }
    }

    func testScaledViewIsHitWhereItIsDrawn() throws {
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            let view = UIView(frame: CGRect(x: 90, y: 90, width: 20, height: 20))
            view.transform = CGAffineTransform(scaleX: 4, y: 0.5)
            root.addSubview(view)
            XCTAssertTrue(root.hitTest(CGPoint(x: 65, y: 100), with: nil) === view)
            XCTAssertTrue(root.hitTest(CGPoint(x: 100, y: 93), with: nil) === root, "squashed vertically")
        }
    }

    func testPointOutsideTheSuperviewNeverReachesAProtrudingSubviewClippedOrNot() throws {
        onMain {
            for clips in [false, true] {
                let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
                let parent = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
                parent.clipsToBounds = clips
                let protruding = UIView(frame: CGRect(x: 40, y: 40, width: 50, height: 50))
                root.addSubview(parent)
                parent.addSubview(protruding)
                XCTAssertTrue(root.hitTest(CGPoint(x: 45, y: 45), with: nil) === protruding, "clips: \(clips)")
                XCTAssertTrue(root.hitTest(CGPoint(x: 70, y: 70), with: nil) === root, "clips: \(clips)")
            }
        }
    }

    func testPointInsideOverrideDecidesWhatIsHit() throws {
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            let round = RoundView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            root.addSubview(round)
            XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === round)
            XCTAssertTrue(root.hitTest(CGPoint(x: 5, y: 5), with: nil) === root, "the corner lies outside the circle")

            // An enlarged hit area lets a protruding subview be hit outside the bounds, whether
            // the view clips or not: UIKit's hit test does not look at clipsToBounds.
            let wide = WideHitView(frame: CGRect(x: 100, y: 100, width: 20, height: 20))
            let protruding = UIView(frame: CGRect(x: 20, y: 0, width: 30, height: 20))
            root.addSubview(wide)
            wide.addSubview(protruding)
            XCTAssertTrue(root.hitTest(CGPoint(x: 130, y: 110), with: nil) === protruding)
            wide.clipsToBounds = true
            XCTAssertTrue(root.hitTest(CGPoint(x: 130, y: 110), with: nil) === protruding)
            XCTAssertTrue(root.hitTest(CGPoint(x: 95, y: 110), with: nil) === wide)
        }
    }

    func testImageViewsAreNotHitUnlessMadeInteractive() throws {
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let imageView = UIImageView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            root.addSubview(imageView)
            XCTAssertFalse(imageView.isUserInteractionEnabled)
            XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === root)
            imageView.isUserInteractionEnabled = true
            XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10), with: nil) === imageView)
        }
    }

    func testButtonIsHitRatherThanItsImage() throws {
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let button = UIButton(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
            button.setImage(UIImage(cgImage: CGImage(bitmap: .init(width: 4, height: 4))), for: .normal)
            root.addSubview(button)
            XCTAssertTrue(root.hitTest(CGPoint(x: 30, y: 30), with: nil) === button)
        }
    }
}

/// Accepts points inside the circle inscribed in its bounds.
@MainActor
private final class RoundView: UIView {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        hypot(point.x - bounds.midX, point.y - bounds.midY) <= bounds.width / 2
    }
}

/// Accepts points up to 40 points outside its bounds.
@MainActor
private final class WideHitView: UIView {
    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -40, dy: -40).contains(point)
    }
}

@MainActor
private func nested() -> (UIView, UIView, UIView) {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let view = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
    let child = UIView(frame: CGRect(x: 5, y: 5, width: 20, height: 20))
    root.addSubview(view)
    view.addSubview(child)
    return (root, view, child)
}
