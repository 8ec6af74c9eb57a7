import Kinescope
import XCTest

/// The block-free animation API of early UIKit (`beginAnimations` … `commitAnimations`) and
/// `UIScreen.main`, driven headless.
final class BeginCommitAnimationTests: XCTestCase {
    func testChangesBetweenBeginAndCommitAnimateWithTheBlocksSettings() throws {
        try onMain {
            let controller = UIViewController()
            let host = try makeHeadlessHost(controller, width: 160, height: 120)
            let square = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            controller.view.addSubview(square)
            host.advance(by: 1.0 / 20)
            UIView.beginAnimations("move", context: nil)
            UIView.setAnimationDuration(1)
            UIView.setAnimationCurve(.linear)
            square.center = CGPoint(x: 110, y: 10)
            square.alpha = 0
            UIView.commitAnimations()
            XCTAssertEqual(square.center, CGPoint(x: 110, y: 10), "the model changes at once")
            host.advance(by: 0.5)
            XCTAssertEqual(Double(square.layer.presentation()?.position.x ?? -1), 60, accuracy: 3, "linear, half way")
            XCTAssertEqual(Double(square.layer.presentation()?.opacity ?? -1), 0.5, accuracy: 0.06)
            host.advance(by: 0.6)
            XCTAssertNil(square.layer.animationKeys())
        }
    }

    func testDefaultDurationIsTwoTenthsOfASecondAndDelayAndRepeatApply() throws {
        try onMain {
            let controller = UIViewController()
            let host = try makeHeadlessHost(controller, width: 160, height: 120)
            let square = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            controller.view.addSubview(square)
            host.advance(by: 1.0 / 20)
            UIView.beginAnimations(nil, context: nil)
            square.alpha = 0.5
            UIView.commitAnimations()
            XCTAssertEqual(square.layer.animation(forKey: "opacity")?.duration ?? 0, 0.2, accuracy: 1e-9)
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationDelay(0.5)
            UIView.setAnimationRepeatCount(2.5)
            UIView.setAnimationRepeatAutoreverses(true)
            square.center = CGPoint(x: 50, y: 50)
            UIView.commitAnimations()
            let move = try XCTUnwrap(square.layer.animation(forKey: "position"))
            XCTAssertEqual(move.repeatCount, 2.5)
            XCTAssertTrue(move.autoreverses)
            XCTAssertEqual(move.fillMode, .backwards, "held at the start until the delay passes")
        }
    }

    func testAnimationsDisabledApplyAtOnceAndZeroDurationToo() throws {
        try onMain {
            let controller = UIViewController()
            let host = try makeHeadlessHost(controller, width: 160, height: 120)
            let square = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            controller.view.addSubview(square)
            host.advance(by: 1.0 / 20)
            XCTAssertTrue(UIView.areAnimationsEnabled)
            UIView.setAnimationsEnabled(false)
            defer { UIView.setAnimationsEnabled(true) }
            XCTAssertFalse(UIView.areAnimationsEnabled)
            UIView.animate(withDuration: 1) { square.alpha = 0.5 }
            UIView.beginAnimations(nil, context: nil)
            square.center = CGPoint(x: 80, y: 80)
            UIView.commitAnimations()
            XCTAssertNil(square.layer.animationKeys(), "nothing animates while animations are off")
            UIView.setAnimationsEnabled(true)
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationDuration(0)
            square.center = CGPoint(x: 10, y: 10)
            UIView.commitAnimations()
            XCTAssertNil(square.layer.animationKeys(), "a zero duration applies at once")
            UIView.performWithoutAnimation { XCTAssertFalse(UIView.areAnimationsEnabled) }
        }
    }

    func testTransitionOfTheBlockFlipsTheView() throws {
        try onMain {
            let controller = UIViewController()
            let host = try makeHeadlessHost(controller, width: 160, height: 120)
            let card = UIView(frame: CGRect(x: 20, y: 20, width: 80, height: 60))
            card.backgroundColor = .red
            controller.view.addSubview(card)
            host.advance(by: 1.0 / 20)
            UIView.beginAnimations("flip", context: nil)
            UIView.setAnimationDuration(1)
            UIView.setAnimationTransition(.flipFromLeft, for: card, cache: true)
            card.backgroundColor = .blue
            UIView.commitAnimations()
            XCTAssertNotNil(card.layer.animation(forKey: "transition"))
            host.advance(by: 1.2)
            XCTAssertNil(card.layer.animation(forKey: "transition"))
            XCTAssertEqual(UIView.AnimationTransition.curlDown.rawValue, 4)
        }
    }

    func testMainScreenDescribesTheHost() throws {
        try onMain {
            let host = try HeadlessHost(size: CGSize(width: 320, height: 200), framesPerSecond: 30)
            _ = host
            XCTAssertEqual(UIScreen.main.bounds, CGRect(x: 0, y: 0, width: 320, height: 200))
            XCTAssertEqual(UIScreen.main.nativeBounds, UIScreen.main.bounds)
            XCTAssertEqual(UIScreen.main.scale, 1)
            XCTAssertEqual(UIScreen.main.nativeScale, 1)
            XCTAssertEqual(UIScreen.main.maximumFramesPerSecond, 30)
        }
    }
}
