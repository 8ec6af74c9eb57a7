import Geometry
import Graphics
import Layers
import Views
import XCTest

/// UIView geometry as UIKit documents it: `frame` is derived from `center`, `bounds` and
/// `transform`; the view's properties are its layer's.
final class ViewGeometryTests: XCTestCase {
    func testFrameSetsCenterAndBoundsSize() throws {
        onMain {
            let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
            XCTAssertEqual(view.center, CGPoint(x: 60, y: 45))
            XCTAssertEqual(view.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
            XCTAssertEqual(view.frame, CGRect(x: 10, y: 20, width: 100, height: 50))
            XCTAssertEqual(view.layer.position, view.center)
            XCTAssertEqual(view.layer.bounds, view.bounds)
        }
    }

    func testSettingBoundsKeepsCenter() throws {
        onMain {
            let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
            view.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
            XCTAssertEqual(view.center, CGPoint(x: 60, y: 45))
            XCTAssertEqual(view.frame, CGRect(x: 40, y: 30, width: 40, height: 30))
        }
    }

    func testSettingCenterMovesFrameAndKeepsBounds() throws {
        onMain {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
            view.center = CGPoint(x: 200, y: 100)
            XCTAssertEqual(view.frame, CGRect(x: 150, y: 75, width: 100, height: 50))
            XCTAssertEqual(view.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
        }
    }

    func testBoundsOriginShiftsContentButNotFrame() throws {
        onMain {
            let parent = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            let child = UIView(frame: CGRect(x: 30, y: 40, width: 10, height: 10))
            parent.addSubview(child)
            parent.bounds.origin = CGPoint(x: 30, y: 40)
            XCTAssertEqual(parent.frame, CGRect(x: 0, y: 0, width: 200, height: 200))
            assertEqual(child.convert(CGPoint.zero, to: parent), CGPoint(x: 30, y: 40))
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            root.addSubview(parent)
            assertEqual(child.convert(CGPoint.zero, to: root), .zero, "the child's corner shows at the parent's corner")
        }
    }

    func testRotatedViewFrameIsTheBoundingBox() throws {
        onMain {
            let view = UIView(frame: CGRect(x: 100, y: 75, width: 100, height: 50))
            view.transform = CGAffineTransform(rotationAngle: .pi / 2)
            assertEqual(view.frame, CGRect(x: 125, y: 50, width: 50, height: 100))
            XCTAssertEqual(view.bounds, CGRect(x: 0, y: 0, width: 100, height: 50), "bounds ignore the transform")
            XCTAssertEqual(view.center, CGPoint(x: 150, y: 100), "the transform turns about the centre")

            view.transform = CGAffineTransform(rotationAngle: .pi / 4)
            let side = 150 / 2.squareRoot()
            assertEqual(view.frame, CGRect(x: 150 - side / 2, y: 100 - side / 2, width: side, height: side))
        }
    }

    func testScaledViewFrameGrowsAboutTheCenter() throws {
        onMain {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
            view.transform = CGAffineTransform(scaleX: 2, y: 3)
            assertEqual(view.frame, CGRect(x: -50, y: -50, width: 200, height: 150))
            view.transform = .identity
            XCTAssertEqual(view.frame, CGRect(x: 0, y: 0, width: 100, height: 50))
        }
    }

    func testSettingFrameWithIdentityTransformRoundTrips() throws {
        onMain {
            let view = UIView(frame: .zero)
            for frame in [CGRect(x: 3, y: 4, width: 5, height: 6), CGRect(x: -10.5, y: 0.25, width: 0, height: 7),
                          CGRect(x: 1000, y: -2000, width: 1, height: 1)] {
                view.frame = frame
                XCTAssertEqual(view.frame, frame)
                XCTAssertEqual(view.bounds.size, frame.size)
                XCTAssertEqual(view.center, CGPoint(x: frame.midX, y: frame.midY))
            }
        }
    }

    func testTransformIsTheAffinePartOfTheLayerTransform() throws {
        onMain {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let t = CGAffineTransform(a: 1, b: 0.5, c: -0.25, d: 2, tx: 3, ty: 4)
            view.transform = t
            XCTAssertEqual(CATransform3DGetAffineTransform(view.layer.transform), t)
            view.layer.transform = CATransform3DMakeScale(2, 3, 1)
            XCTAssertEqual(view.transform, CGAffineTransform(scaleX: 2, y: 3))
            XCTAssertTrue(CATransform3DEqualToTransform(view.transform3D, view.layer.transform))
        }
    }

    func testAlphaIsLayerOpacity() throws {
        onMain {
            let view = UIView(frame: .zero)
            XCTAssertEqual(view.alpha, 1)
            view.alpha = 0.25
            XCTAssertEqual(view.layer.opacity, 0.25)
            view.layer.opacity = 0.5
            XCTAssertEqual(view.alpha, 0.5)
        }
    }

    func testClipsToBoundsIsMasksToBounds() throws {
        onMain {
            let view = UIView(frame: .zero)
            XCTAssertFalse(view.clipsToBounds)
            view.clipsToBounds = true
            XCTAssertTrue(view.layer.masksToBounds)
            view.layer.masksToBounds = false
            XCTAssertFalse(view.clipsToBounds)
        }
    }

    func testHiddenAndBackgroundColorAreTheLayers() throws {
        onMain {
            let view = UIView(frame: .zero)
            view.isHidden = true
            XCTAssertTrue(view.layer.isHidden)
            XCTAssertNil(view.backgroundColor)
            view.backgroundColor = .red
            XCTAssertEqual(view.layer.backgroundColor, CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            XCTAssertEqual(view.backgroundColor, .red)
        }
    }

    func testViewsAreOpaqueByDefaultAndImageViewsAreNot() throws {
        onMain {
            XCTAssertTrue(UIView(frame: .zero).isOpaque, "UIKit: UIView.isOpaque defaults to true")
            XCTAssertFalse(UIImageView(frame: .zero).isOpaque, "UIKit: UIImageView.isOpaque defaults to false")
            let view = UIView(frame: .zero)
            view.isOpaque = false
            XCTAssertFalse(view.layer.isOpaque)
        }
    }

    func testContentModeSetsContentsGravity() throws {
        onMain {
            // Core Animation's vertical gravities go by the y axis (`top` is maximum y, the bottom
            // of a y-down view), so UIKit swaps them, as on iOS.
            let expected: [(UIView.ContentMode, CALayerContentsGravity)] = [
                (.scaleToFill, .resize), (.scaleAspectFit, .resizeAspect), (.scaleAspectFill, .resizeAspectFill),
                (.redraw, .resize), (.center, .center), (.top, .bottom), (.bottom, .top), (.left, .left),
                (.right, .right), (.topLeft, .bottomLeft), (.topRight, .bottomRight), (.bottomLeft, .topLeft),
                (.bottomRight, .topRight),
            ]
            let view = UIView(frame: .zero)
            XCTAssertEqual(view.contentMode, .scaleToFill)
            XCTAssertEqual(view.layer.contentsGravity, .resize)
            for (mode, gravity) in expected.reversed() {
                view.contentMode = mode
                XCTAssertEqual(view.layer.contentsGravity, gravity, "\(mode)")
            }
            XCTAssertEqual(UIView.ContentMode.bottomRight.rawValue, 12, "UIKit's raw values")
        }
    }

    func testConvertingAPointThroughARotatedViewFollowsUIKitsClockwiseRotation() throws {
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let rotated = UIView(frame: CGRect(x: 100, y: 50, width: 200, height: 100))
            root.addSubview(rotated)
            rotated.transform = CGAffineTransform(rotationAngle: .pi / 2)
            // A quarter turn clockwise (y down) about the centre (200, 100): the top-left corner
            // goes to the top-right of the turned box.
            assertEqual(rotated.convert(CGPoint.zero, to: root), CGPoint(x: 250, y: 0))
            assertEqual(rotated.convert(CGPoint(x: 200, y: 100), to: root), CGPoint(x: 150, y: 200))
            assertEqual(root.convert(CGPoint(x: 250, y: 0), to: rotated), .zero)
        }
    }

    func testConversionBetweenTransformedViewsRoundTrips() throws {
        onMain {
            let window = makeWindow(width: 400, height: 400)
            let a = UIView(frame: CGRect(x: 50, y: 60, width: 200, height: 100))
            a.transform = CGAffineTransform(rotationAngle: 0.5).scaledBy(x: 1.5, y: 0.75)
            let b = UIView(frame: CGRect(x: 20, y: 10, width: 80, height: 40))
            b.transform = CGAffineTransform(scaleX: 2, y: 2).rotated(by: -1.1)
            b.bounds.origin = CGPoint(x: 5, y: -7)
            let c = UIView(frame: CGRect(x: 250, y: 200, width: 100, height: 120))
            c.transform = CGAffineTransform(rotationAngle: -0.8)
            window.addSubview(a)
            a.addSubview(b)
            window.addSubview(c)
            for p in [CGPoint(x: 0, y: 0), CGPoint(x: 13.5, y: -8), CGPoint(x: 80, y: 40), CGPoint(x: -300, y: 1000)] {
                assertEqual(c.convert(b.convert(p, to: c), to: b), p, accuracy: 1e-9, "b → c → b")
                assertEqual(b.convert(b.convert(p, to: nil), from: nil), p, accuracy: 1e-9, "b → window → b")
                assertEqual(b.convert(p, to: c), c.convert(p, from: b), accuracy: 1e-9, "to and from agree")
                // Through the window by hand: to the window, then into c.
                assertEqual(b.convert(p, to: c), c.convert(b.convert(p, to: window), from: window), accuracy: 1e-9)
            }
            let rect = CGRect(x: 1, y: 2, width: 30, height: 20)
            let there = b.convert(rect, to: c)
            let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                           CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)].map { b.convert($0, to: c) }
            assertEqual(there, CGRect(x: corners.map(\.x).min()!, y: corners.map(\.y).min()!,
                                      width: corners.map(\.x).max()! - corners.map(\.x).min()!,
                                      height: corners.map(\.y).max()! - corners.map(\.y).min()!),
                        accuracy: 1e-9, "a converted rectangle is the bounding box of its corners")
        }
    }

    func testConvertingToNilUsesTheWindowsCoordinatesWhereverTheWindowIs() throws {
        onMain {
            let window = UIWindow(frame: CGRect(x: 30, y: 40, width: 200, height: 150))
            let view = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 50))
            window.addSubview(view)
            XCTAssertEqual(view.convert(CGPoint(x: 1, y: 2), to: nil), CGPoint(x: 11, y: 22))
            XCTAssertEqual(view.convert(CGPoint(x: 11, y: 22), from: nil), CGPoint(x: 1, y: 2))
            XCTAssertEqual(view.convert(CGRect(x: 0, y: 0, width: 5, height: 5), to: nil), CGRect(x: 10, y: 20, width: 5, height: 5))
            XCTAssertEqual(view.convert(CGRect(x: 10, y: 20, width: 5, height: 5), from: nil), CGRect(x: 0, y: 0, width: 5, height: 5))
        }
    }

    func testConvertingToNilOutsideAWindowUsesTheTopmostSuperview() throws {
        onMain {
            let root = UIView(frame: CGRect(x: 500, y: 500, width: 200, height: 150))
            let view = UIView(frame: CGRect(x: 10, y: 20, width: 50, height: 50))
            root.addSubview(view)
            XCTAssertEqual(view.convert(CGPoint(x: 1, y: 2), to: nil), view.convert(CGPoint(x: 1, y: 2), to: root))
            XCTAssertEqual(view.convert(CGPoint(x: 1, y: 2), to: nil), CGPoint(x: 11, y: 22))
        }
    }
}
