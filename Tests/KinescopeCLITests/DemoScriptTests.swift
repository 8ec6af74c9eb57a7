import Foundation
import KinescopeTestSupport
import XCTest

/// The controls and navigation demos driven by input scripts through `kinescope record`: what a
/// person would do in them (type into a field, slide the panel in and out by its constraint,
/// switch tabs, turn a page of the book by dragging it), recorded the same byte for byte on one
/// and two render threads.
final class DemoScriptTests: XCTestCase {
    func testControlsDemoTypingAndTheConstraintPanelRecordIdentically() throws {
        let tool = try CommandLineTool.kinescope()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = folder.file("controls.txt")
        // 320×640: rows 53 points apart from y 24 (the notes row is 96 high); the buttons row at
        // 492…544 with Panel at its right end; the panel slides up to 504…624.
        try """
        0.1 click 263 50      # the switch: stops (and hides) the spinner
        0.2 click 226 368     # the name field
        0.4 type "Ann"
        0.6 key Return        # textFieldShouldReturn resigns
        1.0 click 257 518     # Panel: the constraint animation
        2.0 click 160 564     # a click on the panel slides it away
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let arguments = ["record", "controls", "--frames", "60", "--fps", "20", "--size", "320x640", "--input", script]
        let two = try tool.run(arguments + ["--out", folder.file("two")], environment: ["KINESCOPE_THREADS": "2"])
        let one = try tool.run(arguments + ["--out", folder.file("one")], environment: ["KINESCOPE_THREADS": "1"])
        XCTAssertEqual(two.status, 0, two.standardError)
        XCTAssertEqual(one.status, 0, one.standardError)
        try assertSameFiles(in: folder, "two", "one", count: 60, difference: "between 2 and 1 threads")
        let start = try frame(folder, 1), typed = try frame(folder, 19)
        let sliding = try frame(folder, 23), shown = try frame(folder, 40), end = try frame(folder, 60)
        XCTAssertNotEqual(typed, start, "the name was typed and the spinner stopped")
        XCTAssertNotEqual(sliding, typed, "the panel is on its way up at 1.1 s")
        XCTAssertNotEqual(sliding, shown, "and still moving")
        XCTAssertNotEqual(shown, typed)
        XCTAssertEqual(end, typed, "the panel went back below the edge: the screen as it was after typing")
    }

    func testNavigationDemoTabsAndABookPageTurnedByDraggingRecordIdentically() throws {
        let tool = try CommandLineTool.kinescope()
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let script = folder.file("book.txt")
        // 240×320: three tabs on the bar at y 296; the book fills the space above it.
        try """
        0.1 click 200 296                   # the Book tab (fades in)
        0.8 drag 236 150 -> 40 140 over 0.5 # turn the first page from its right edge
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let arguments = ["record", "navigation", "--frames", "50", "--fps", "20", "--size", "240x320", "--input", script]
        let two = try tool.run(arguments + ["--out", folder.file("two")], environment: ["KINESCOPE_THREADS": "2"])
        let one = try tool.run(arguments + ["--out", folder.file("one")], environment: ["KINESCOPE_THREADS": "1"])
        XCTAssertEqual(two.status, 0, two.standardError)
        XCTAssertEqual(one.status, 0, one.standardError)
        try assertSameFiles(in: folder, "two", "one", count: 50, difference: "between 2 and 1 threads")
        let list = try frame(folder, 1), firstPage = try frame(folder, 15)
        let midDrag = try frame(folder, 24), turned = try frame(folder, 50)
        XCTAssertNotEqual(firstPage, list, "the tab switched to the book")
        XCTAssertNotEqual(midDrag, firstPage, "the page curls under the pointer")
        XCTAssertNotEqual(midDrag, turned)
        XCTAssertNotEqual(turned, firstPage, "the drag past half way turned to the second page")
    }

    private func frame(_ folder: TemporaryFolder, _ index: Int) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: folder.file("two/frame-\(String(format: "%06d", index)).png")))
    }
}
