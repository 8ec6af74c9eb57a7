import Foundation
import KinescopeTestSupport
import XCTest

/// The live viewer seen from outside, under the test X server (scripts/test sets DISPLAY): a
/// click starts the transition, the window read back (`import -window`, ImageMagick) shows it
/// part-done and later shows the next image; and every name `kinescope list` shows runs in the
/// viewer through its UIKit or Core Animation route, from the first image to exactly the second.
///
/// Each viewer records to standard output (`--record -`): reading a frame there blocks until the
/// viewer has presented it, which is how these tests know what the window shows without timers.
final class ViewerWindowTests: XCTestCase {
    private var tool: CommandLineTool!
    private var xdotool: String!
    private var importTool: String!

    override func setUpWithError() throws {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
            throw XCTSkip("DISPLAY is not set; scripts/test runs these tests under an Xvfb of its own")
        }
        guard let xdotool = Programs.onPath("xdotool") else { throw XCTSkip("xdotool is not installed") }
        guard let importTool = Programs.onPath("import") else { throw XCTSkip("ImageMagick's import is not installed") }
        self.xdotool = xdotool
        self.importTool = importTool
        tool = try CommandLineTool.kinescope()
    }

    /// The window starts on Anchor; `s` slows animations ten times (the title says so), so the
    /// one-second flip the click starts lasts ten and a read-back catches it part-done; `s`
    /// again lets it finish, and the window then shows exactly what a viewer opened on Cone
    /// shows.
    func testAClickStartsTheTransitionTheWindowShowsItPartDoneThenTheNextImage() throws {
        let size = (width: 160, height: 120)
        let coneOnly = try LiveViewer(tool: tool, images: [TransitionCommandTests.cone], size: size)
        let cone = try coneOnly.shownStill(importTool: importTool, xdotool: xdotool)
        coneOnly.stop()

        let viewer = try LiveViewer(tool: tool, images: [TransitionCommandTests.anchor, TransitionCommandTests.cone],
                                    size: size, arguments: ["--duration", "1"])
        defer { viewer.stop() }
        let anchor = try viewer.shownStill(importTool: importTool, xdotool: xdotool)
        XCTAssertGreaterThan(meanDifference(anchor, cone), 5, "Anchor and Cone look different")
        let window = try viewer.window(xdotool: xdotool)
        XCTAssertTrue(try windowTitle(window).contains("flipFromLeft"), "the title names the transition")

        try runHelper(xdotool, ["mousemove", "--window", window, "80", "60", "key", "s"])
        XCTAssertTrue(try waitForTitle(window) { $0.contains("(slow)") }, "s turns slow animations on")
        try runHelper(xdotool, ["click", "1"])
        var midway: [UInt8]?
        for _ in 0..<1000 where midway == nil {
            let shown = try readWindow(window, size: size)
            if meanDifference(shown, anchor) > 1 { midway = shown }
        }
        let partDone = try XCTUnwrap(midway, "the window never changed after the click")
        XCTAssertGreaterThan(meanDifference(partDone, cone), 1, "read back mid-way, the flip is part-done, not at Cone yet")

        try runHelper(xdotool, ["key", "s"])
        XCTAssertTrue(try waitForTitle(window) { !$0.contains("(slow)") }, "s turns slow animations off")
        var final: [UInt8] = []
        for _ in 0..<3000 where final != cone { final = try readWindow(window, size: size) }
        XCTAssertEqual(final, cone, "after the transition the window shows Cone exactly as a viewer opened on it")

        try runHelper(xdotool, ["key", "q"])
        XCTAssertEqual(viewer.waitForExit(), 0, viewer.errors())
    }

    /// Each registered transition, from Anchor to Cone at 64×48 over 1 s: the frames after the
    /// click pass through at least one that is neither image, and end exactly on the frame a
    /// viewer opened on Cone shows; the engine reports nothing (an unknown CATransition type
    /// would be reported and drawn as a fade).
    func testEveryListedTransitionRunsInTheViewerFromTheFirstImageToExactlyTheSecond() throws {
        let size = (width: 64, height: 48)
        let list = try tool.run(["list"])
        XCTAssertEqual(list.status, 0)
        let names = String(decoding: list.standardOutput, as: UTF8.self).split(separator: "\n")
            .filter { !$0.hasPrefix(" ") }.map(String.init)
        XCTAssertGreaterThan(names.count, 20, "kinescope list names every registered transition")

        let coneOnly = try LiveViewer(tool: tool, images: [TransitionCommandTests.cone], size: size)
        let cone = coneOnly.firstFrame
        coneOnly.stop()

        for name in names + ["push-fromRight"] {
            try checkTransition(name, size: size, endsOn: cone)
        }
    }

    /// The view-controller routes (a push, a pop, a push with a `KinescopeTransitionAnimator`,
    /// modal presentations, page turns) run like the others, from Anchor to exactly Cone, and a
    /// second click goes back to exactly Anchor: the screens they leave behind are cleaned up.
    func testEveryViewControllerTransitionRunsInTheViewerFromTheFirstImageToExactlyTheSecondAndBack() throws {
        let size = (width: 64, height: 48)
        let coneOnly = try LiveViewer(tool: tool, images: [TransitionCommandTests.cone], size: size)
        let cone = coneOnly.firstFrame
        coneOnly.stop()
        for name in ["navigation-push", "navigation-pop", "animator-cube", "animator-CIBarsSwipeTransition",
                     "modal-coverVertical", "modal-crossDissolve", "modal-flipHorizontal", "page-curl", "page-scroll"] {
            try checkTransition(name, size: size, endsOn: cone, andBack: true)
        }
    }

    /// `t` opens the transitions menu over the picture; Esc closes it with nothing changed; `t`,
    /// ↓ and Return pick the row after the current transition, close the menu on the picture as
    /// it was, and the next click runs the picked transition to exactly Cone.
    func testTheTransitionsMenuOpensOverThePictureAndPicksWithTheKeyboard() throws {
        let size = (width: 320, height: 240)
        let coneOnly = try LiveViewer(tool: tool, images: [TransitionCommandTests.cone], size: size)
        let cone = coneOnly.firstFrame
        coneOnly.stop()

        let viewer = try LiveViewer(tool: tool, images: [TransitionCommandTests.anchor, TransitionCommandTests.cone],
                                    size: size, arguments: ["--duration", "0.3"])
        defer { viewer.stop() }
        let anchor = viewer.firstFrame
        let window = try viewer.window(xdotool: xdotool)
        try runHelper(xdotool, ["mousemove", "--window", window, "160", "120", "key", "t"])
        XCTAssertNotNil(viewer.frame(where: { meanDifference($0, anchor) > 5 }), "t shows the menu over the picture")
        try runHelper(xdotool, ["key", "Escape"])
        XCTAssertNotNil(viewer.frame(where: { $0 == anchor }), "Esc closes the menu on the picture as it was")
        XCTAssertTrue(try windowTitle(window).contains("flipFromLeft"), "closing the menu keeps the transition")

        try runHelper(xdotool, ["key", "t"])
        XCTAssertNotNil(viewer.frame(where: { meanDifference($0, anchor) > 5 }), "t shows the menu again")
        try runHelper(xdotool, ["key", "Down", "Return"])
        XCTAssertNotNil(viewer.frame(where: { $0 == anchor }), "a pick closes the menu on the picture as it was")
        XCTAssertTrue(try waitForTitle(window) { !$0.contains("flipFromLeft") }, "Down and Return pick the next transition")

        try runHelper(xdotool, ["click", "1"])
        XCTAssertNotNil(viewer.frame(where: { $0 == cone }), "the click runs the picked transition to exactly Cone")
        viewer.stop()
        let errors = viewer.errors()
        XCTAssertFalse(errors.contains("Kinescope: "), errors)
    }

    /// Opens a viewer on Anchor and Cone with transition `name`, clicks, and checks that some frame
    /// shows it part-done and that the frames end exactly on `cone`; with `andBack`, a second
    /// click must end exactly on the first frame. The engine must report nothing.
    private func checkTransition(_ name: String, size: (width: Int, height: Int), endsOn cone: [UInt8],
                                 andBack: Bool = false) throws {
        let viewer = try LiveViewer(tool: tool, images: [TransitionCommandTests.anchor, TransitionCommandTests.cone],
                                    size: size, arguments: ["--transition", name, "--duration", "1"])
        let anchor = viewer.firstFrame
        let window = try viewer.window(xdotool: xdotool)
        try runHelper(xdotool, ["mousemove", "--window", window, "32", "24", "click", "1"])
        var between = 0
        var last = anchor
        while last != cone, let frame = viewer.nextFrame() {
            if frame != anchor && frame != cone { between += 1 }
            last = frame
        }
        if andBack, last == cone {
            // The transition ends (its completion runs) a run-loop turn or more after its last
            // frame, and the viewer ignores clicks until then: give it that time.
            Thread.sleep(forTimeInterval: 0.5)
            try runHelper(xdotool, ["click", "1"])
            XCTAssertNotNil(viewer.frame(where: { $0 == anchor }), "\(name): a second click ends exactly on Anchor")
        }
        viewer.stop()
        let errors = viewer.errors()
        XCTAssertEqual(last, cone, "\(name): the last frame shows Cone exactly")
        XCTAssertGreaterThan(between, 0, "\(name): some frame shows the transition part-done")
        XCTAssertFalse(errors.contains("Kinescope: "), "\(name): the engine reported a problem: \(errors)")
        XCTAssertEqual(viewer.waitForExit(), 143, "\(name): \(errors)")
    }

    /// The window's pixels as packed 8-bit RGB.
    private func readWindow(_ window: String, size: (width: Int, height: Int)) throws -> [UInt8] {
        let read = Array(try runTool(importTool, ["-window", window, "-depth", "8", "rgb:-"]).output)
        XCTAssertEqual(read.count, size.width * size.height * 3, "import -window \(window) read the whole window")
        return read
    }

    private func windowTitle(_ window: String) throws -> String {
        try runHelper(xdotool, ["getwindowname", window]).output
    }

    /// Polls the title (bounded) until `condition` holds: the key press has been handled then.
    private func waitForTitle(_ window: String, until condition: (String) -> Bool) throws -> Bool {
        for _ in 0..<500 {
            if condition(try windowTitle(window)) { return true }
        }
        return false
    }
}

/// `kinescope view IMAGES --size WxH --record -` with its standard output and error collected.
private final class LiveViewer {
    let process: Process
    let width: Int
    let height: Int
    private let output: FileHandle
    private let errorReader: ReadAllInBackground
    private var drain: ReadAllInBackground?
    /// The first recorded (so presented) frame's Y4M planes.
    private(set) var firstFrame: [UInt8] = []
    /// Ends the viewer if a test waits on it for a minute: a safety net, never a timing check.
    private let watchdog: DispatchWorkItem

    var frameBytes: Int { 6 + width * height * 3 / 2 }

    init(tool: CommandLineTool, images: [String], size: (width: Int, height: Int), arguments: [String] = []) throws {
        width = size.width
        height = size.height
        process = tool.makeProcess(["view"] + images + ["--size", "\(size.width)x\(size.height)", "--record", "-"] + arguments)
        let out = Pipe(), error = Pipe()
        process.standardOutput = out
        process.standardError = error
        try process.run()
        output = out.fileHandleForReading
        errorReader = ReadAllInBackground(error.fileHandleForReading)
        let running = process
        watchdog = DispatchWorkItem { if running.isRunning { running.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        let header = readLine(from: output)
        XCTAssertTrue(String(decoding: header, as: UTF8.self).hasPrefix("YUV4MPEG2 W\(size.width) H\(size.height) "))
        firstFrame = try XCTUnwrap(nextFrame(), "the viewer presented no frame: \(process.isRunning ? "" : errors())")
    }

    /// The next presented frame, or nil once the stream ends.
    func nextFrame() -> [UInt8]? {
        let frame = readExactly(frameBytes, from: output)
        return frame.count == frameBytes ? frame : nil
    }

    /// Reads presented frames until one satisfies `condition` and returns it; nil if the stream
    /// ends first (the watchdog ends a viewer that never gets there).
    func frame(where condition: ([UInt8]) -> Bool) -> [UInt8]? {
        while let frame = nextFrame() {
            if condition(frame) { return frame }
        }
        return nil
    }

    /// The viewer's window, once mapped.
    func window(xdotool: String) throws -> String {
        let search = try runHelper(xdotool, ["search", "--sync", "--pid", String(process.processIdentifier)])
        return try XCTUnwrap(search.output.split(separator: "\n").first.map(String.init), "no window for the viewer")
    }

    /// Reads the window back until it shows the first recorded frame (the presented frame may
    /// reach the server a moment after the recorder saw it), as packed RGB.
    func shownStill(importTool: String, xdotool: String) throws -> [UInt8] {
        let window = try window(xdotool: xdotool)
        let expected: [Double] = firstFrame[6..<6 + width * height].map { Double($0) }
        for _ in 0..<500 {
            let rgb = Array(try runTool(importTool, ["-window", window, "-depth", "8", "rgb:-"]).output)
            guard rgb.count == width * height * 3 else { continue }
            var total = 0.0
            for i in 0..<width * height {
                total += abs(luma(red: rgb[3 * i], green: rgb[3 * i + 1], blue: rgb[3 * i + 2]) - expected[i])
            }
            if total / Double(width * height) < 1.5 { return rgb }
        }
        throw ViewerWindowError("window \(window) never showed the recorded first frame")
    }

    /// Sends SIGTERM (the viewer publishes its recording and exits 143) and waits for the exit,
    /// reading the rest of the stream so the recorder is never blocked on a full pipe.
    func stop() {
        if drain == nil { drain = ReadAllInBackground(output) }
        if process.isRunning { process.terminate() }
        _ = waitForExit()
    }

    func waitForExit() -> Int32 {
        if drain == nil { drain = ReadAllInBackground(output) }
        process.waitUntilExit()
        watchdog.cancel()
        return process.terminationStatus
    }

    func errors() -> String {
        _ = waitForExit()
        return String(decoding: errorReader.wait(), as: UTF8.self)
    }
}

private struct ViewerWindowError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// BT.601 limited-range luma, as the Y4M recorder computes it.
private func luma(red: UInt8, green: UInt8, blue: UInt8) -> Double {
    let r = 65.481 * Double(red), g = 128.553 * Double(green), b = 24.966 * Double(blue)
    return 16 + (r + g + b) / 255
}

/// Mean absolute difference per byte.
private func meanDifference(_ a: [UInt8], _ b: [UInt8]) -> Double {
    guard a.count == b.count, !a.isEmpty else { return .infinity }
    var total = 0
    for i in a.indices { total += abs(Int(a[i]) - Int(b[i])) }
    return Double(total) / Double(a.count)
}
