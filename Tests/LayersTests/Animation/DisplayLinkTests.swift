import Foundation
import XCTest
@testable import Layers

final class DisplayLinkTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testLinkFiresEveryFrameWithTimestamps() throws {
        var stamps: [(CFTimeInterval, CFTimeInterval, CFTimeInterval)] = []
        let link = CADisplayLink { stamps.append(($0.timestamp, $0.targetTimestamp, $0.duration)) }
        link.add(to: .main, forMode: .default)
        XCTAssertEqual(f.engine.nextFrameDeadline(), 100, "a running link needs frames")
        f.advance(0.25)
        f.advance(0.25)
        XCTAssertEqual(stamps.count, 2)
        XCTAssertEqual(stamps[0].0, 100.25)
        XCTAssertEqual(stamps[0].1, 100.25 + 1.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(stamps[1].0, 100.5)
        XCTAssertEqual(stamps[1].2, 1.0 / 60, accuracy: 1e-12)
        link.invalidate()
        f.advance(0.25)
        XCTAssertEqual(stamps.count, 2)
        XCTAssertNil(f.engine.nextFrameDeadline())
    }

    func testPreferredFramesPerSecondSkipsFrames() throws {
        var count = 0
        let link = CADisplayLink { _ in count += 1 }
        link.preferredFramesPerSecond = 30
        link.add(to: .main, forMode: .common)
        for _ in 0..<10 { f.advance(1.0 / 60) }
        XCTAssertEqual(count, 5)
        XCTAssertEqual(link.targetTimestamp - link.timestamp, 1.0 / 30, accuracy: 1e-12)
    }

    func testPausedLinkAndOtherModeDoNotFire() throws {
        var count = 0
        let link = CADisplayLink { _ in count += 1 }
        link.add(to: .main, forMode: RunLoop.Mode("tracking"))
        f.advance(0.1)
        XCTAssertEqual(count, 0, "the engine runs in .default")
        f.engine.currentMode = RunLoop.Mode("tracking")
        f.advance(0.1)
        XCTAssertEqual(count, 1)
        link.isPaused = true
        f.advance(0.1)
        XCTAssertEqual(count, 1)
        link.remove(from: .main, forMode: RunLoop.Mode("tracking"))
        link.isPaused = false
        f.advance(0.1)
        XCTAssertEqual(count, 1)
    }

    private final class Spinner {
        var angle = 0.0
        var link: CADisplayLink?
        func step(_ link: CADisplayLink) { angle += (link.targetTimestamp - link.timestamp) * .pi }
    }

    func testTargetSelectorFormHoldsTargetUntilInvalidated() throws {
        weak var weakSpinner: Spinner?
        var link: CADisplayLink?
        do {
            let spinner = Spinner()
            weakSpinner = spinner
            link = CADisplayLink(target: spinner, selector: Spinner.step)
            link?.add(to: .main, forMode: .default)
        }
        f.advance(1.0 / 60)
        XCTAssertNotNil(weakSpinner, "held strongly, as on Apple's platforms")
        XCTAssertEqual(weakSpinner?.angle ?? 0, .pi / 60, accuracy: 1e-12)
        link?.invalidate()
        XCTAssertNil(weakSpinner)
    }

    func testChangesMadeInTheLinkShowInTheSameFrame() throws {
        let layer = f.committedLayer()
        let link = CADisplayLink { link in
            CATransaction.setDisableActions(true)
            layer.position.x = CGFloat(link.timestamp - 100) * 100
        }
        link.add(to: .main, forMode: .default)
        f.advance(0.5)
        XCTAssertEqual(layer.presentation()?.position.x, 50)
        link.invalidate()
    }
}
