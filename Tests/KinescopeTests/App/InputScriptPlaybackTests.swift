import Kinescope
import XCTest

/// An `InputScript` played into a headless host: when each part arrives, where, and through
/// which path (touches, keys, wheel).
final class InputScriptPlaybackTests: XCTestCase {
    func testADragIsSampledOncePerFrameFromItsTime() throws {
        try onMain {
            let (host, log) = try makeStage()
            let script = try InputScript(parsing: "0.1 drag 10 20 -> 110 20 over 0.2")
            host.play(script)
            // 20 frames per second: pressed at the frame of 0.1 s, moved at 0.15 and 0.2 (a
            // quarter and a half of the way), released at the end at 0.3 s.
            XCTAssertEqual(log.entries, [
                "began 10,20 @0.10", "moved 35,20 @0.15", "moved 60,20 @0.20", "moved 85,20 @0.25",
                "moved 110,20 @0.30", "ended 110,20 @0.30",
            ])
        }
    }

    func testAnEventBetweenFramesArrivesAtTheNextFrame() throws {
        try onMain {
            let (host, log) = try makeStage()
            host.play(try InputScript(parsing: "0.12 click 5 6\n0.3 down 1 1\n0.3 move 2 2\n0.4 up 3 3"), for: 1)
            XCTAssertEqual(log.entries, ["began 5,6 @0.15", "ended 5,6 @0.15", "began 1,1 @0.30", "moved 2,2 @0.30",
                                         "ended 3,3 @0.40"])
            XCTAssertEqual(host.runLoop.engine.clock.now, 1, accuracy: 1e-9, "played for the whole second")
        }
    }

    func testKeysAndTypedTextTakeTheKeyboardPathWithX11Text() throws {
        try onMain {
            let (host, log) = try makeStage()
            host.play(try InputScript(parsing: "0 key Return\n0 key control+a\n0 key Left\n0.05 type \"hé\\n\""))
            XCTAssertEqual(log.entries, [
                "down ff0d \"\\r\" ctrl:false", "up ff0d", "down 61 \"a\" ctrl:true", "up 61",
                "down ff51 \"\" ctrl:false", "up ff51",
                "down 68 \"h\" ctrl:false", "up 68", "down e9 \"é\" ctrl:false", "up e9",
                "down ff0d \"\\r\" ctrl:false", "up ff0d",
            ])
        }
    }

    func testAWheelTurnScrollsTheScrollViewUnderThePoint() throws {
        try onMain {
            let controller = UIViewController()
            let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            scrollView.contentSize = CGSize(width: 100, height: 1000)
            controller.view.addSubview(scrollView)
            let host = try makeHeadlessHost(controller)
            host.play(try InputScript(parsing: "0 wheel 0 3 at 50 50"), for: 1)
            XCTAssertGreaterThan(scrollView.contentOffset.y, 0, "three notches towards the user scroll down")
            let script = try InputScript(parsing: "0 wheel 0 -3 at 150 50")
            let before = scrollView.contentOffset
            host.play(script, for: 1)
            XCTAssertEqual(scrollView.contentOffset, before, "outside the scroll view the wheel turns nothing")
        }
    }

    func testAPlayerGivenFrameTimesDeliversEachEventOnce() throws {
        try onMain {
            let (host, log) = try makeStage()
            var player = InputScriptPlayer(try InputScript(parsing: "0 click 1 1\n0.1 drag 0 0 -> 40 0 over 0.1"))
            player.deliverEvents(dueBy: 0, to: host)
            player.deliverEvents(dueBy: 0, to: host)
            XCTAssertEqual(log.entries.count, 2)
            host.advance(by: 0.1)
            player.deliverEvents(dueBy: 0.1, to: host)
            player.deliverEvents(dueBy: 0.05, to: host)
            XCTAssertFalse(player.isFinished, "the drag is held")
            host.advance(by: 0.1)
            player.deliverEvents(dueBy: 0.2, to: host)
            XCTAssertTrue(player.isFinished)
            XCTAssertEqual(log.entries.suffix(3), ["began 0,0 @0.10", "moved 40,0 @0.20", "ended 40,0 @0.20"])
        }
    }
}

/// A 200×150 window at 20 frames per second whose root view logs touches and keys.
@MainActor
private func makeStage() throws -> (HeadlessHost, EventLog) {
    let log = EventLog()
    return (try makeHeadlessHost(LoggingRootController(log: log)), log)
}

/// A controller whose view logs the touches and keys it receives.
@MainActor
private final class LoggingRootController: UIViewController {
    let log: EventLog

    init(log: EventLog) {
        self.log = log
        super.init()
    }

    override func loadView() {
        view = LoggingView(log: log)
    }
}

@MainActor
private final class LoggingView: UIView {
    let log: EventLog

    init(log: EventLog) {
        self.log = log
        super.init(frame: CGRect(x: 0, y: 0, width: 200, height: 150))
    }

    private func record(_ phase: String, _ touches: Set<UITouch>) {
        guard let touch = touches.first else { return }
        let point = touch.location(in: self)
        log.append("\(phase) \(Int(point.x)),\(Int(point.y)) @\(String(format: "%.2f", touch.timestamp))")
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { record("began", touches) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { record("moved", touches) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { record("ended", touches) }

    override func keyDown(_ key: UIKey) {
        let text = key.characters.replacingOccurrences(of: "\r", with: "\\r")
        log.append("down \(String(key.keysym, radix: 16)) \"\(text)\" ctrl:\(key.modifierFlags.contains(.control))")
    }

    override func keyUp(_ key: UIKey) {
        log.append("up \(String(key.keysym, radix: 16))")
    }
}
