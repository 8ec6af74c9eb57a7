import Foundation
import Kinescope
import KinescopeDemos
import KinescopeTestSupport
import XCTest

/// Issue 9's soak as a user meets it: the `gallery` demo (every registered transition in turn,
/// as `CATransition`s on a container view, its name drawn by a `UILabel`) run headless on a
/// `HeadlessHost`, a click starting each tour. From the end of the first tour (every transition
/// has run once) to the last frame memory stays flat (`Probe.assertFlat`) and open descriptors
/// do not grow.
///
/// The main suite runs 240 frames at 48×36 (debug builds are slow) and checks descriptors;
/// `KINESCOPE_SOAK=1` (`scripts/reliability --soak`, release) runs 20 000 frames at 320×240.
final class GallerySoakTests: XCTestCase {
    func testGalleryDemoShortRunKeepsDescriptorsFlat() throws {
        let (first, last) = try runGallery(frames: 240, width: 48, height: 36, checkpoint: 60)
        XCTAssertLessThanOrEqual(last.descriptors, first.descriptors, "open file descriptors grew: \(first) → \(last)")
    }

    func testGalleryDemoLongRunKeepsMemoryAndDescriptorsFlat() throws {
        guard ProcessInfo.processInfo.environment["KINESCOPE_SOAK"] == "1" else {
            throw XCTSkip("the long gallery soak runs with KINESCOPE_SOAK=1 (scripts/reliability --soak, release)")
        }
        let frames = ProcessInfo.processInfo.environment["KINESCOPE_SOAK_FRAMES"].flatMap { Int($0) } ?? 20_000
        let (first, last) = try runGallery(frames: frames, width: 320, height: 240, checkpoint: Self.tourFrames)
        Probe.assertFlat(first, last, after: "the first tour")
        XCTAssertLessThanOrEqual(last.descriptors, first.descriptors, "open file descriptors grew: \(first) → \(last)")
    }

    /// One tour: every transition for 1.2 s, at 60 frames a second, plus the frame or two after
    /// each end that delivers its completion block (which starts the next), and half a second;
    /// a click after it ends starts the next. (With 1.2 s a transition and 64 transitions, the
    /// completions alone add a second: a click on a 1.2 s-per-transition schedule landed inside
    /// the tour's last transition, and the two chains of the gallery ended each other.)
    static var tourFrames: Int {
        let perTransition: Double = 1.2 + 2.0 / 60
        return Int((Double(TransitionRegistry.all.count) * perTransition + 0.5) * 60)
    }

    /// Runs the gallery for `frames` frames at 60 per second, clicking the centre at the start
    /// and whenever a tour has had time to end; returns the probes at `checkpoint` and at the end.
    private func runGallery(frames frameCount: Int, width: Int, height: Int, checkpoint: Int) throws -> (Probe, Probe) {
        XCTAssertGreaterThan(frameCount, checkpoint, "the run must go past the reference frame")
        let result: Result<(Probe, Probe, Int), any Error> = MainActor.assumeIsolated {
            Result {
                let demo = try DemoCatalog.demo(named: "gallery")
                let host = try HeadlessHost(size: CGSize(width: width, height: height))
                host.show(DemoCatalog.window(for: demo, size: host.size))
                let centre = CGPoint(x: width / 2, y: height / 2)
                var reference: Probe?
                var changedFrames = 0
                var previous = host.frameCount
                for frame in 0..<frameCount {
                    if frame % Self.tourFrames == 0 { host.click(at: centre) }
                    host.advance(by: 1.0 / 60)
                    if host.frameCount != previous { changedFrames += 1 }
                    previous = host.frameCount
                    if frame == checkpoint { reference = try Probe.now() }
                }
                return (try XCTUnwrap(reference), try Probe.now(), changedFrames)
            }
        }
        let (first, last, changedFrames) = try result.get()
        // The gallery animates without pause but for the moment between a tour's end and the
        // next click: nearly every frame must have been presented, or the soak soaked nothing.
        XCTAssertGreaterThan(changedFrames, frameCount * 9 / 10, "the gallery presented only \(changedFrames) of \(frameCount) frames")
        let growth = Double(last.residentBytes - first.residentBytes) / Double(first.residentBytes) * 100
        print("GallerySoakTests: \(frameCount) frames at \(width)x\(height), \(changedFrames) presented; frame \(checkpoint): "
              + "\(first); last: \(last); RSS growth \(String(format: "%.2f", growth)) %")
        return (first, last)
    }
}
