import Kinescope
import XCTest

/// The input script's text and JSON formats, and the checks every event goes through.
final class InputScriptParsingTests: XCTestCase {
    private static let example = """
    # a tap on a row, then the interactive pop
    0.50 click 120 80
    1.00 drag 10 300 -> 300 300 over 0.4   # sampled per frame

    2.0 down 10 300
    2.1 move 50 300
    2.2 up 60 300
    3.0 wheel 0 -3 at 200 200
    3.5 wheel 1 0 at 20 20 with control+shift
    4.0 key Return
    4.0 key control+a
    4.1 type "h\\"é\\tllo"
    5 drag 1 2 to 3 4
    """

    func testTextFormatReadsEveryVerbWithItsLine() throws {
        let script = try InputScript(parsing: Self.example, source: "demo.txt")
        XCTAssertEqual(script.events.map(\.action), [
            .click(CGPoint(x: 120, y: 80)),
            .drag(from: CGPoint(x: 10, y: 300), to: CGPoint(x: 300, y: 300), duration: 0.4),
            .press(CGPoint(x: 10, y: 300)),
            .move(CGPoint(x: 50, y: 300)),
            .release(CGPoint(x: 60, y: 300)),
            .wheel(dx: 0, dy: -3, at: CGPoint(x: 200, y: 200), modifiers: []),
            .wheel(dx: 1, dy: 0, at: CGPoint(x: 20, y: 20), modifiers: [.control, .shift]),
            .key(keysym: 0xFF0D, modifiers: []),
            .key(keysym: 0x61, modifiers: .control),
            .type("h\"é\tllo"),
            .drag(from: CGPoint(x: 1, y: 2), to: CGPoint(x: 3, y: 4), duration: 0.25),
        ])
        XCTAssertEqual(script.events.map(\.time), [0.5, 1, 2, 2.1, 2.2, 3, 3.5, 4, 4, 4.1, 5])
        XCTAssertEqual(script.events.map(\.line), [2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13])
        XCTAssertEqual(script.duration, 5.25)
    }

    func testWindowsLineEndsCountLinesAsUnixOnesDo() throws {
        let script = try InputScript(parsing: "# crlf\r\n0 click 1 2\r\n\r\n1 click 3 4\r\n")
        XCTAssertEqual(script.events.map(\.line), [2, 4])
        XCTAssertThrowsError(try InputScript(parsing: "0 click 1 2\r\n0 nope", source: "w.txt")) { error in
            XCTAssertEqual((error as? InputScriptError)?.line, 2)
        }
    }

    func testJSONFormatReadsTheSameEvents() throws {
        let json = """
        [
          {"time": 0.5, "click": [120, 80]},
          {"time": 1, "drag": {"from": [10, 300], "to": [300, 300], "over": 0.4}},
          {"time": 2, "down": [10, 300]}, {"time": 2.1, "move": [50, 300]}, {"time": 2.2, "up": [60, 300]},
          {"time": 3, "wheel": {"dx": 0, "dy": -3, "at": [200, 200]}},
          {"time": 3.5, "wheel": {"dx": 1, "at": [20, 20], "with": "control+shift"}},
          {"time": 4, "key": "Return"}, {"time": 4, "key": "control+a"},
          {"time": 4.1, "type": "h\\"é\\tllo"},
          {"time": 5, "drag": {"from": [1, 2], "to": [3, 4]}}
        ]
        """
        let fromJSON = try InputScript(parsing: json, source: "demo.json")
        let fromText = try InputScript(parsing: Self.example)
        XCTAssertEqual(fromJSON.events.map(\.action), fromText.events.map(\.action))
        XCTAssertEqual(fromJSON.events.map(\.time), fromText.events.map(\.time))
    }

    func testEachProblemIsOneLineNamingFileAndLine() {
        let cases: [(String, String)] = [
            ("0 clik 1 2", "s.txt:1: unknown verb 'clik'; expected click, drag, down, move, up, wheel, key or type"),
            ("# fine\n0 click 1 abc", "s.txt:2: 'abc' is not a number (y of click)"),
            ("nan click 1 2", "s.txt:1: time nan is not a finite number"),
            ("inf click 1 2", "s.txt:1: time inf is not a finite number"),
            ("1e12 click 1 2", "s.txt:1: time 1000000000000.0 is outside 0...86400 seconds"),
            ("-1 click 1 2", "s.txt:1: time -1.0 is outside 0...86400 seconds"),
            ("2 click 1 2\n1 click 1 2", "s.txt:2: time 1.0 goes backwards: the previous event (line 1) is at 2.0"),
            ("1 drag 0 0 -> 9 9 over 1\n1.5 click 1 2", "s.txt:2: time 1.5 is before the drag (line 1) ends at 2.0"),
            ("0 click 1e7 2", "s.txt:1: x 10000000.0 is outside -100000...100000 points (rejected, not clamped)"),
            ("0 move 1 nan", "s.txt:1: y nan is not a finite number"),
            ("0 up 1 2", "s.txt:1: up while the button is up (no 'down' before it)"),
            ("0 down 1 2\n1 click 1 2", "s.txt:2: click while the button is down (release it with 'up' first)"),
            ("0 down 1 2\n1 down 1 2", "s.txt:2: down while the button is already down"),
            ("0 click 1 2 3", "s.txt:1: expected 'click X Y', got 'click 1 2 3'"),
            ("0 drag 1 2 3 4", "s.txt:1: expected 'drag X Y -> X Y [over SECONDS]', got 'drag 1 2 3 4'"),
            ("0 drag 1 2 -> 3 4 over inf", "s.txt:1: duration inf is not a finite number"),
            ("0 wheel 0 1.5 at 1 2", "s.txt:1: '1.5' is not a whole number of notches (dy of wheel)"),
            ("0 wheel 0 0 at 1 2", "s.txt:1: wheel 0 0 turns nothing"),
            ("0 wheel 0 5000 at 1 2", "s.txt:1: wheel 0 5000: notches must lie in -1000...1000"),
            ("0 key Retrun", "s.txt:1: unknown key 'Retrun'; use an X11 keysym name (Return, Tab, BackSpace, Escape, Left, Page_Up, F1, a…z…), one character, or U+XXXX"),
            ("0 key hyper+a", "s.txt:1: unknown modifier 'hyper' in 'hyper+a'; the modifiers are shift, control, alt, super, capslock"),
            ("0 type hello", "s.txt:1: expected 'type \"TEXT\"' (the text in double quotes)"),
            ("0 type \"open", "s.txt:1: the string has no closing quote"),
            ("0 type \"\"", "s.txt:1: type needs some text"),
            ("click 1 2", "s.txt:1: 'click' is not a time in seconds (a line is 'TIME VERB …')"),
            ("3", "s.txt:1: a time with no action; expected click, drag, down, move, up, wheel, key or type after it"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try InputScript(parsing: text, source: "s.txt"), text) { error in
                XCTAssertEqual((error as? InputScriptError)?.description, expected)
                XCTAssertEqual((error as? InputScriptError)?.kind, .invalid)
            }
        }
    }

    func testJSONProblemsNameTheEvent() {
        let cases: [(String, String)] = [
            ("[{\"time\": 0, \"click\": [1, 2]}, {\"time\": 1, \"tap\": [1, 2]}]",
             "s.json: event 2: unknown action \"tap\"; expected click, drag, down, move, up, wheel, key or type"),
            ("[{\"click\": [1, 2]}]", "s.json: event 1: needs a \"time\" in seconds"),
            ("[{\"time\": 0, \"click\": [1]}]", "s.json: event 1: click is a point [x, y]"),
            ("[{\"time\": 2, \"click\": [1, 2]}, {\"time\": 1, \"key\": \"a\"}]",
             "s.json: event 2: time 1.0 goes backwards: the previous event is at 2.0"),
            ("[{\"time\": 0, \"click\": [1, 2], \"key\": \"a\"}]",
             "s.json: event 1: needs exactly one action besides \"time\" (click, drag, down, move, up, wheel, key or type), got [\"click\", \"key\"]"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try InputScript(parsing: text, source: "s.json"), text) { error in
                XCTAssertEqual((error as? InputScriptError)?.description, expected)
            }
        }
        XCTAssertThrowsError(try InputScript(parsing: "[{\"time\": 0,", source: "s.json")) { error in
            XCTAssertTrue((error as? InputScriptError)?.description.hasPrefix("s.json: is not valid JSON") == true, "\(error)")
        }
    }

    func testKeyNamesAreX11KeysymNames() {
        let expected: [(String, UInt32)] = [
            ("Return", 0xFF0D), ("Left", 0xFF51), ("BackSpace", 0xFF08), ("Escape", 0xFF1B), ("Tab", 0xFF09),
            ("Page_Down", 0xFF56), ("Next", 0xFF56), ("F1", 0xFFBE), ("F12", 0xFFC9), ("KP_7", 0xFFB7),
            ("KP_Enter", 0xFF8D), ("space", 0x20), ("a", 0x61), ("z", 0x7A), ("A", 0x41), ("7", 0x37),
            ("numbersign", 0x23), ("é", 0xE9), ("ж", 0x0100_0436), ("U+00E9", 0xE9), ("U+20AC", 0x0100_20AC),
            ("0xff0d", 0xFF0D),
        ]
        for (name, keysym) in expected {
            XCTAssertEqual(InputScript.keysym(named: name), keysym, name)
        }
        for name in ["return", "Retrun", "", "ab", "F0", "F36", "U+D800", "0x0", "\u{7}"] {
            XCTAssertNil(InputScript.keysym(named: name), name)
        }
    }

    func testShiftCapitalisesLettersAndPlusIsAKeyToo() throws {
        let script = try InputScript(parsing: "0 key shift+a\n0 key Shift+Tab\n0 key +\n0 key control++\n0 key ctrl+alt+super+Delete")
        XCTAssertEqual(script.events.map(\.action), [
            .key(keysym: 0x41, modifiers: .shift),
            .key(keysym: 0xFF09, modifiers: .shift),
            .key(keysym: 0x2B, modifiers: []),
            .key(keysym: 0x2B, modifiers: .control),
            .key(keysym: 0xFFFF, modifiers: [.control, .alternate, .command]),
        ])
    }

    func testBuildingInCodeChecksEachEventAndKeepsTheScriptOnFailure() throws {
        var script = InputScript()
        try script.append(.drag(from: .zero, to: CGPoint(x: 50, y: 0), duration: 0.5), at: 1)
        XCTAssertThrowsError(try script.append(.click(.zero), at: 1.2)) { error in
            XCTAssertEqual((error as? InputScriptError)?.description, "input script: time 1.2 is before the drag ends at 1.5")
        }
        XCTAssertThrowsError(try script.append(.type("a\u{7}"), at: 2))
        XCTAssertThrowsError(try script.append(.click(CGPoint(x: CGFloat.infinity, y: 0)), at: 2))
        XCTAssertEqual(script.events.count, 1)
        try script.append(.click(.zero), at: 1.5)
        XCTAssertEqual(script.duration, 1.5)
        XCTAssertThrowsError(try InputScript([InputScript.Event(time: 0, action: .release(.zero))]))
    }

    func testAMissingFileIsUnreadableAndNamed() {
        XCTAssertThrowsError(try InputScript(contentsOfFile: "/nonexistent/script.txt")) { error in
            XCTAssertEqual((error as? InputScriptError)?.kind, .unreadable)
            XCTAssertEqual((error as? InputScriptError)?.description, "/nonexistent/script.txt: no such file")
        }
    }
}
