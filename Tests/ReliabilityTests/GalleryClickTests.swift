import Kinescope
import KinescopeDemos
import XCTest

/// A click in the middle of the gallery's tour skips to the next transition and the tour goes on
/// from there one transition at a time: the replaced transition's completion must not start a
/// second chain of steps (which then ran two transitions per step, each cutting the other short).
final class GalleryClickTests: XCTestCase {
    func testAClickMidTourSkipsOneTransitionAndTheTourGoesOnOneAtATime() throws {
        let steps: [String] = try MainActor.assumeIsolated {
            let demo = try DemoCatalog.demo(named: "gallery")
            let host = try HeadlessHost(size: CGSize(width: 64, height: 48))
            let window = DemoCatalog.window(for: demo, size: host.size)
            host.show(window)
            let label = try XCTUnwrap(window.rootViewController?.view.subviews.compactMap { $0 as? UILabel }.first)
            @MainActor func step() -> String { String((label.text ?? "").prefix { $0 != "/" }) }
            var seen: [String] = []
            host.click(at: CGPoint(x: 32, y: 24))
            for frame in 1...240 {
                if frame == 30 { host.click(at: CGPoint(x: 32, y: 24)) }
                host.advance(by: 1.0 / 60)
                if seen.last != step() { seen.append(step()) }
            }
            return seen
        }
        // Step 1 from 0 s, the click at 0.5 s starts step 2 (1.2 s), step 3 follows at its end,
        // step 4 1.2 s later: four steps in 4 s, not a doubled chain racing ahead.
        XCTAssertEqual(steps, ["1", "2", "3", "4"])
    }
}
