import Kinescope
import XCTest

/// UIKit-style code driven headless: `UIView.animate` on a virtual clock, frame by frame.
/// A headless host at 20 frames per second showing `controller` in a window of its size (20 fps
/// keeps debug-build tests quick; timing is still exact).
@MainActor
func makeHeadlessHost(_ controller: UIViewController, width: CGFloat = 200, height: CGFloat = 150) throws -> HeadlessHost {
    let host = try HeadlessHost(size: CGSize(width: width, height: height), framesPerSecond: 20)
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
    window.rootViewController = controller
    host.show(window)
    return host
}

final class HeadlessAnimationTests: XCTestCase {

    func testAnimateChangesModelAtOnceAndScreenOverTheDuration() throws {
        try onMain {
            let controller = UIViewController()
            let host = try makeHeadlessHost(controller)
            let square = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            square.backgroundColor = .red
            controller.view.backgroundColor = .white
            controller.view.addSubview(square)
            host.advance(by: 1.0 / 20)
            var finished: Bool?
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                square.center = CGPoint(x: 150, y: 25)
            }, completion: { finished = $0 })
            XCTAssertEqual(square.center, CGPoint(x: 150, y: 25), "the model changes at once")
            host.advance(by: 0.5)
            let midway = square.layer.presentation()?.position.x ?? -1
            XCTAssertEqual(midway, 87.5, accuracy: 3, "linear: half way at half time")
            XCTAssertNil(finished)
            let frame = host.snapshot().cgImage!.bitmap
            XCTAssertEqual(frame[x: Int(midway), y: 25], PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
            host.advance(by: 0.6)
            XCTAssertEqual(finished, true)
            let end = host.snapshot().cgImage!.bitmap
            XCTAssertEqual(end[x: 150, y: 25], PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
            XCTAssertEqual(end[x: 20, y: 25], .white)
        }
    }

    /// The "set the start state, then animate" idiom on a view already on screen: values set
    /// without animation just before the block are where its animations start (UIKit's
    /// fromValue is the replaced model value), not the values shown at the last frame.
    func testAnimationStartsFromAModelValueSetJustBeforeTheBlock() throws {
        try onMain {
            let controller = UIViewController()
            let host = try makeHeadlessHost(controller)
            let square = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            controller.view.addSubview(square)
            host.advance(by: 1.0 / 20)
            XCTAssertEqual(square.layer.presentation()?.opacity ?? -1, 1, accuracy: 1e-6)
            square.alpha = 0
            square.center = CGPoint(x: 25, y: 200)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                square.alpha = 1
                square.center = CGPoint(x: 25, y: 100)
            })
            host.advance(by: 0.5)
            // The animation begins at the next frame's commit, 1/20 s in: 0.45 of the way.
            XCTAssertEqual(square.layer.presentation()?.opacity ?? -1, 0.45, accuracy: 0.02, "fades in from 0")
            XCTAssertEqual(square.layer.presentation()?.position.y ?? -1, 155, accuracy: 2, "moves up from 200")
        }
    }

    func testZeroDurationAppliesAtOnceAndCompletesOnTheNextTurn() throws {
        try onMain {
            let controller = UIViewController()
            let host = try makeHeadlessHost(controller)
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            controller.view.addSubview(view)
            var calls: [Bool] = []
            UIView.animate(withDuration: 0, animations: { view.alpha = 0.25 }, completion: { calls.append($0) })
            XCTAssertEqual(view.layer.presentation()?.opacity ?? view.layer.opacity, 0.25, accuracy: 1e-6)
            XCTAssertTrue(calls.isEmpty, "completion waits for a later run-loop turn")
            host.advance(by: 2.0 / 20)
            XCTAssertEqual(calls, [true])
        }
    }

    func testInterruptedAnimationCompletesWithFalse() throws {
        try onMain {
            let controller = UIViewController()
            let host = try makeHeadlessHost(controller)
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            controller.view.addSubview(view)
            var first: Bool?, second: Bool?
            UIView.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { first = $0 })
            host.advance(by: 0.3)
            UIView.animate(withDuration: 1, animations: { view.alpha = 1 }, completion: { second = $0 })
            host.advance(by: 0.1)
            XCTAssertEqual(first, false, "replaced by the second animation")
            host.advance(by: 1)
            XCTAssertEqual(second, true)
        }
    }

    /// The snapshot / cover-view program, ported from Objective-C with syntax-level changes.
    func testCoverViewEffectShrinksTurnsAndFadesTheSnapshot() throws {
        try onMain {
            let controller = UIViewController()
            let host = try makeHeadlessHost(controller, width: 200, height: 200)
            let view = controller.view!
            view.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
            host.advance(by: 1.0 / 20)

            UIGraphicsBeginImageContextWithOptions(view.bounds.size, true, 0)
            view.layer.render(in: UIGraphicsGetCurrentContext()!)
            let coverImage = UIGraphicsGetImageFromCurrentImageContext()
            UIGraphicsEndImageContext()
            let cover = UIImageView(image: coverImage)
            cover.frame = view.bounds
            view.addSubview(cover)
            view.backgroundColor = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
            UIView.animate(withDuration: 1.0, animations: {
                cover.transform = CGAffineTransform(scaleX: 0.01, y: 0.01).rotated(by: .pi / 2)
                cover.alpha = 0
            }, completion: { _ in
                cover.removeFromSuperview()
            })

            host.advance(by: 0.5)
            let midway = host.snapshot().cgImage!.bitmap
            let corner = midway[x: 3, y: 3], centre = midway[x: 100, y: 100]
            XCTAssertEqual(corner, PremultipliedColor(red: 255, green: 255, blue: 0, alpha: 255), "the new background shows around the shrunk cover")
            XCTAssertGreaterThan(centre.blue, 40, "the cover, still partly opaque, shows the old blue in the centre")
            let transform = cover.layer.presentation()!.transform
            let scale = (transform.m11 * transform.m11 + transform.m12 * transform.m12).squareRoot()
            XCTAssertLessThan(scale, 0.8, "visibly smaller")
            XCTAssertGreaterThan(abs(atan2(transform.m12, transform.m11)), 0.3, "visibly turned")

            host.advance(by: 0.6)
            XCTAssertNil(cover.superview, "removed in the completion block")
            let end = host.snapshot().cgImage!.bitmap
            XCTAssertEqual(end[x: 100, y: 100], PremultipliedColor(red: 255, green: 255, blue: 0, alpha: 255))
        }
    }
}

/// Runs `body` on the main actor: XCTest on Linux runs tests on the main thread but cannot call
/// `@MainActor` test methods, so UIKit-style tests hop in here.
func onMain<T: Sendable>(_ body: @MainActor () throws -> T) rethrows -> T {
    try MainActor.assumeIsolated(body)
}

/// A view controller whose layer is a stored property, made with the controller before any
/// host or run loop exists, and set up in `viewDidLoad` (a Core Animation book's listing).
private final class StoredLayerController: UIViewController {
    let box = CALayer()
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        box.frame = CGRect(x: 50, y: 50, width: 100, height: 60)
        box.backgroundColor = UIColor.blue.cgColor
        view.layer.addSublayer(box)
    }
}

extension HeadlessAnimationTests {
    func testLayerMadeBeforeTheHostAppearsAtOnceOnTheFirstFrame() throws {
        try onMain {
            let controller = StoredLayerController()
            let host = try makeHeadlessHost(controller)
            host.advance(by: 1.0 / 20)
            XCTAssertNil(controller.box.animationKeys(), "nothing to animate from before the first frame")
            let first = host.snapshot().cgImage!.bitmap
            XCTAssertEqual(first[x: 100, y: 80], PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255))
            XCTAssertEqual(first[x: 40, y: 80], .white, "at its frame, not growing from the origin")
            controller.box.position = CGPoint(x: 120, y: 80)
            XCTAssertEqual(controller.box.animationKeys(), ["position"], "once shown, changes animate")
        }
    }
}
