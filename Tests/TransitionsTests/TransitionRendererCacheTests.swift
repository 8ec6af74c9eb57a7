import Raster
import XCTest
@testable import Transitions

/// `TransitionRenderer` keeps work derived from still inputs (mip chains) between frames of the
/// same input generation; the bytes must never depend on it.
final class TransitionRendererCacheTests: XCTestCase {
    typealias F = TransitionFixtures

    func testCachedFramesEqualUncachedFramesForEveryTransitionAndThreadCount() throws {
        for type in TransitionRegistry.all {
            let transition = type.init(parameters: type.defaultParameters)
            for threads in [1, 2] {
                let renderer = TransitionRenderer(threadCount: threads)
                // 0.45 and 0.55 put the flips and the cube near edge-on, where halved levels are read.
                for progress in [0.3, 0.45, 0.55, 0.3] {
                    let out = Bitmap(size: F.size)
                    try renderer.render(transition, from: F.from, to: F.to, progress: progress, into: out, inputGeneration: 0)
                    XCTAssertTrue(out.hasSamePixels(as: F.frame(transition, progress: progress)),
                                  "\(type.name) at \(progress) on \(threads) threads differs with a kept input generation")
                }
            }
        }
    }

    func testNewGenerationSeesPixelsWrittenIntoAnInput() throws {
        for name in ["flipFromLeft", "flipFromTop", "cube", "oglFlip"] {
            let transition = try TransitionRegistry.make(named: name)
            let live = F.from.copy()
            let renderer = TransitionRenderer(threadCount: 2)
            let out = Bitmap(size: F.size)
            try renderer.render(transition, from: live, to: F.to, progress: 0.45, into: out, inputGeneration: 1)
            live.copy(from: F.to, atX: 0, y: 0)
            live.fill(PixelRect(x: 0, y: 0, width: 40, height: 20), with: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255))
            try renderer.render(transition, from: live, to: F.to, progress: 0.45, into: out, inputGeneration: 2)
            let expected = F.frame(transition, progress: 0.45, from: live)
            XCTAssertFalse(expected.hasSamePixels(as: F.frame(transition, progress: 0.45)), "\(name): the change should be visible")
            XCTAssertTrue(out.hasSamePixels(as: expected), "\(name) drew stale levels after a new input generation")
            try renderer.render(transition, from: live, to: F.to, progress: 0.45, into: out)
            XCTAssertTrue(out.hasSamePixels(as: expected), "\(name) differs with no generation")
        }
    }

    func testLiveInputOverManyGenerationsReusesBuffersWithTheBytesOfAFreshFrame() throws {
        for name in ["flipFromLeft", "cube", "oglFlip"] {
            let transition = try TransitionRegistry.make(named: name)
            let live = F.from.copy()
            let renderer = TransitionRenderer(threadCount: 2)
            let out = Bitmap(size: F.size)
            // Each generation writes other pixels and reads other levels than the one before.
            for (generation, progress) in [(1, 0.05), (2, 0.45), (3, 0.95), (4, 0.3), (5, 0.55)] {
                live.copy(from: generation % 2 == 0 ? F.to : F.from, atX: 0, y: 0)
                live.fill(PixelRect(x: 3 * generation, y: 2 * generation, width: 30, height: 20),
                          with: PremultipliedColor(red: 200, green: 10, blue: UInt8(40 * generation), alpha: 255))
                try renderer.render(transition, from: live, to: F.to, progress: progress, into: out,
                                    inputGeneration: generation)
                XCTAssertTrue(out.hasSamePixels(as: F.frame(transition, progress: progress, from: live)),
                              "\(name) at generation \(generation)")
            }
        }
    }
}
