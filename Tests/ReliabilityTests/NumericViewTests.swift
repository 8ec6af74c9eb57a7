import Foundation
import Kinescope
import KinescopeTestSupport
import XCTest

/// Views with NaN, infinite, huge, zero and negative frames, bounds, centres, transforms and
/// alpha, laid out (autoresizing), hit-tested, converted between, animated and rendered through a
/// headless window: nothing traps; a non-finite frame is ignored (Kinescope's choice: UIKit
/// raises an exception for NaN geometry); views whose alpha is NaN are neither drawn nor hit;
/// animations whose duration is NaN, infinite or not positive apply at once and complete once.
final class NumericViewTests: XCTestCase {
    @MainActor
    private static func makeWindow() throws -> (HeadlessHost, UIWindow, UIView) {
        let host = try HeadlessHost(size: CGSize(width: 80, height: 60), framesPerSecond: 20)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 80, height: 60))
        let controller = UIViewController()
        window.rootViewController = controller
        controller.view.backgroundColor = UIColor(white: 0.3, alpha: 1)
        host.show(window)
        return (host, window, controller.view)
    }

    @MainActor
    private static func spoil(_ view: UIView, _ random: inout SeededRandom) {
        let v = Nasty.draw(&random)
        switch random.next(below: 9) {
        case 0: view.frame = Nasty.rect(&random)
        case 1: view.bounds = Nasty.rect(&random)
        case 2: view.center = Nasty.point(&random)
        case 3: view.transform = Nasty.affine(&random)
        case 4: view.transform3D = Nasty.transform3D(&random)
        case 5: view.alpha = v
        case 6: view.transform = CGAffineTransform(scaleX: v, y: v)
        case 7: view.backgroundColor = UIColor(red: v, green: 0.5, blue: Nasty.draw(&random), alpha: v)
        default: view.autoresizingMask = UIView.AutoresizingMask(rawValue: UInt(random.next(below: 64)))
        }
    }

    func testNastyGeometryLaysOutHitTestsConvertsAndRenders() throws {
        try onMain {
            let (host, window, root) = try Self.makeWindow()
            var random = SeededRandom(seed: 1313)
            let image = UIImage(cgImage: CGImage(bitmap: random.bitmap(width: 12, height: 9)))
            for index in 0..<250 {
                var views: [UIView] = []
                var parent = root
                for _ in 0..<random.next(in: 1...3) {
                    let view: UIView = random.next(below: 2) == 0 ? UIImageView(image: image) : UIView()
                    view.frame = CGRect(x: 10, y: 8, width: 30, height: 20)
                    view.backgroundColor = .red
                    view.contentMode = UIView.ContentMode(rawValue: random.next(below: 13)) ?? .center
                    view.clipsToBounds = random.next(below: 2) == 0
                    for _ in 0..<random.next(in: 1...3) { Self.spoil(view, &random) }
                    parent.addSubview(view)
                    views.append(view)
                    if random.next(below: 2) == 0 { parent = view }
                }
                if index % 5 == 0 { parent.bounds.size = CGSize(width: Nasty.draw(&random), height: Nasty.draw(&random)) }
                root.setNeedsLayout()
                root.layoutIfNeeded()
                _ = window.hitTest(Nasty.point(&random), with: nil)
                _ = window.hitTest(CGPoint(x: 20, y: 15), with: nil)
                for view in views {
                    _ = view.convert(Nasty.point(&random), to: root)
                    _ = view.convert(Nasty.rect(&random), from: window)
                    view.sizeToFit()
                    _ = view.snapshotView(afterScreenUpdates: false)
                }
                _ = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 15)).image { _ in
                    views[0].drawHierarchy(in: Nasty.rect(&random), afterScreenUpdates: false)
                }
                host.advance(by: 1.0 / 20)
                XCTAssertEqual(host.snapshot().cgImage?.width, 80)
                views.forEach { $0.removeFromSuperview() }
            }
        }
    }

    func testNonFiniteFrameIsIgnoredAndNaNAlphaIsNeitherDrawnNorHit() throws {
        try onMain {
            let (host, window, root) = try Self.makeWindow()
            host.advance(by: 1.0 / 20)
            let empty = host.snapshot().cgImage!.bitmap.copy()
            let view = UIView(frame: CGRect(x: 10, y: 10, width: 30, height: 20))
            view.backgroundColor = .red
            root.addSubview(view)
            for bad in [CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5), CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 5)] {
                view.frame = bad
                XCTAssertEqual(view.frame, CGRect(x: 10, y: 10, width: 30, height: 20), "setting \(bad) leaves the frame alone")
            }
            XCTAssertTrue(window.hitTest(CGPoint(x: 20, y: 15), with: nil) === view)
            view.alpha = .nan
            XCTAssertFalse(window.hitTest(CGPoint(x: 20, y: 15), with: nil) === view, "a view with NaN alpha is not hit")
            host.advance(by: 1.0 / 20)
            XCTAssertTrue(host.snapshot().cgImage!.bitmap.hasSamePixels(as: empty), "a view with NaN alpha is not drawn")
            view.alpha = 2
            host.advance(by: 1.0 / 20)
            XCTAssertEqual(host.snapshot().cgImage!.bitmap[x: 20, y: 15], PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255),
                           "alpha above 1 draws as 1")
        }
    }

    func testAnimationsWithNastyDurationsApplyAtOnceAndCompleteOnce() throws {
        try onMain {
            let (host, _, root) = try Self.makeWindow()
            var random = SeededRandom(seed: 1414)
            let durations: [TimeInterval] = [.nan, .infinity, -.infinity, -1, 0, -0.0, .leastNonzeroMagnitude, 0.2, 1e300]
            var completions: [Int: [Bool]] = [:]
            for (index, duration) in durations.enumerated() {
                let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                view.backgroundColor = .blue
                root.addSubview(view)
                host.advance(by: 1.0 / 20)
                let target = Nasty.rect(&random)
                switch index % 3 {
                case 0:
                    UIView.animate(withDuration: duration, delay: 0, options: [], animations: {
                        view.frame = target
                        view.alpha = Nasty.draw(&random)
                    }, completion: { completions[index, default: []].append($0) })
                case 1:
                    UIView.animate(withDuration: duration, delay: 0, usingSpringWithDamping: Nasty.draw(&random),
                                   initialSpringVelocity: Nasty.draw(&random), options: [], animations: {
                        view.center = Nasty.point(&random)
                        view.transform = Nasty.affine(&random)
                    }, completion: { completions[index, default: []].append($0) })
                default:
                    UIView.transition(with: view, duration: duration, options: [.transitionFlipFromLeft], animations: {
                        view.backgroundColor = .green
                        view.bounds = target
                    }, completion: { completions[index, default: []].append($0) })
                }
                host.advance(by: 0.5)
                _ = host.snapshot()
                if !(duration > 0) || !duration.isFinite {
                    XCTAssertEqual(completions[index], [true], "duration \(duration) applies at once and completes once")
                }
            }
            host.advance(by: 1)
            XCTAssertEqual(completions[7], [true], "the 0.2 s animation has finished")
            XCTAssertTrue(completions.values.allSatisfy { $0.count <= 1 }, "no completion runs twice: \(completions)")
        }
    }
}

/// Runs a test body on the main actor (XCTest runs tests on the main thread; see ViewsTests).
private func onMain(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated(body)
}
