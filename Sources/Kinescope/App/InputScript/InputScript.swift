import Foundation
import Hosts

/// Pointer, wheel and keyboard input at given times, for headless runs and recordings that must
/// come out the same every time: an interactive pop dragged from the edge, a flicked table, a
/// text typed into a field.
///
/// Times are seconds of the virtual clock from the start of playback (frame `i` of a recording
/// at `fps` frames per second shows time `i / fps`); an event is delivered just before the first
/// frame at or after its time. Points are window coordinates in points (one pixel per point in a
/// headless host), origin at the top left. Build a script in code or parse the text format
/// (see `init(parsing:source:)`), then give it to `HeadlessHost.play(_:for:)` or, frame by frame,
/// to an `InputScriptPlayer`.
///
/// ```swift
/// var script = InputScript()
/// try script.append(.click(CGPoint(x: 80, y: 70)), at: 0.25)
/// try script.append(.drag(from: CGPoint(x: 2, y: 150), to: CGPoint(x: 150, y: 150), duration: 0.4), at: 1)
/// try script.append(.type("héllo"), at: 2)
/// host.play(script, for: 3)
/// ```
///
/// A script is checked as it is built, so playback cannot fail: times are finite, within
/// `InputScript.timeRange` and never go backwards (an event may not start during a drag);
/// coordinates are finite and within `InputScript.coordinateRange` (others are rejected, not
/// clamped: a point outside the window but within the range is delivered as it is, as X11 does
/// while a button is held); the primary button is pressed only when up and released only when
/// down.
public struct InputScript: Equatable, Sendable {
    /// What happens at an event's time. Every action uses the primary button; modifiers apply
    /// to wheel turns and keys only.
    public enum Action: Equatable, Sendable {
        /// Presses and releases the primary button at the point, in two run-loop turns at the
        /// event's time (a tap).
        case click(CGPoint)
        /// Presses at `from`, then once per frame moves along the straight line by the share of
        /// `duration` (seconds) that has passed since the event's time (the share rounded to
        /// 1e-9, the position then down to whole pixels, as X11 reports them), and releases at `to` in the first frame at or after
        /// the end. A duration under a frame (or 0) moves to `to` and releases a frame after
        /// the press.
        case drag(from: CGPoint, to: CGPoint, duration: TimeInterval)
        /// Presses the primary button at the point and holds it (the text format's `down`).
        case press(CGPoint)
        /// Moves the pointer to the point: a touch moving while the button is held, a hover
        /// otherwise.
        case move(CGPoint)
        /// Releases the primary button at the point (the text format's `up`).
        case release(CGPoint)
        /// Turns the wheel by whole notches at the point: `dy` -1 is a notch away from the user
        /// (scrolls up, X11 button 4), +1 towards; `dx` -1 left, +1 right. With `.control` it
        /// pinches, with `.control` and `.shift` it rotates, as a live window's wheel does.
        case wheel(dx: Int, dy: Int, at: CGPoint, modifiers: KeyModifiers)
        /// Presses and releases one key, by X11 keysym (see `InputScript.keysym(named:)`), with
        /// the text it types as a real keyboard's would (`KeyEvent.text`).
        case key(keysym: UInt32, modifiers: KeyModifiers)
        /// Types the text one Unicode scalar at a time, each a key press and release (its keysym
        /// the Latin-1 code point or `0x0100_0000` + code point; "\n" as Return, "\t" as Tab),
        /// all at the event's time, without modifiers whatever the keyboard layout would need.
        case type(String)
    }

    /// One action and when it starts.
    public struct Event: Equatable, Sendable {
        /// Seconds of virtual time from the start of playback.
        public var time: TimeInterval
        public var action: Action
        /// The line of the text it was parsed from, for messages about later events; nil for
        /// events built in code or read from JSON.
        public var line: Int?

        /// An event at `time` seconds of script time; `line` is the source line, when parsed.
        public init(time: TimeInterval, action: Action, line: Int? = nil) {
            self.time = time
            self.action = action
            self.line = line
        }

        /// When the action's last part is delivered: the time, plus a drag's duration.
        public var endTime: TimeInterval {
            if case let .drag(_, _, duration) = action { return time + duration }
            return time
        }
    }

    /// Event times and drag durations, in seconds: up to a day.
    public static let timeRange: ClosedRange<TimeInterval> = 0...86_400
    /// Coordinates, in points: ±100 000 (far outside any window, well inside what X11 reports).
    public static let coordinateRange: ClosedRange<CGFloat> = -100_000...100_000
    /// Wheel notches per event, on each axis.
    public static let notchRange: ClosedRange<Int> = -1000...1000

    /// The events in time order.
    public private(set) var events: [Event] = []
    /// Whether the primary button is down after the last event.
    private var buttonDown = false

    /// An empty script.
    public init() {}

    /// The events in the order given, each checked as `append(_:)` checks it.
    public init(_ events: [Event]) throws(InputScriptError) {
        for event in events { try append(event) }
    }

    /// When the last event's last part is delivered (0 for an empty script).
    public var duration: TimeInterval { events.last?.endTime ?? 0 }

    /// Adds `action` at `time` seconds. Throws, leaving the script as it was, for a time or
    /// duration that is not finite or outside `timeRange`, a time before the previous event
    /// ends, a coordinate outside `coordinateRange`, a wheel turn of no notch or more than
    /// `notchRange` allows, empty text or a control character other than "\n" and "\t" in it,
    /// a press while the button is down, a click or drag while it is down, or a release while
    /// it is up.
    public mutating func append(_ action: Action, at time: TimeInterval) throws(InputScriptError) {
        try append(Event(time: time, action: action))
    }

    /// Adds `event`, checked as `append(_:at:)` checks an action.
    public mutating func append(_ event: Event) throws(InputScriptError) {
        func fail(_ message: String) -> InputScriptError { InputScriptError(line: event.line, message: message) }
        try Self.check(time: event.time, as: "time", line: event.line)
        if let previous = events.last, event.time < previous.endTime {
            if case .drag = previous.action {
                throw fail("time \(event.time) is before the drag\(Self.lineSuffix(previous.line)) ends at \(previous.endTime)")
            }
            throw fail("time \(event.time) goes backwards: the previous event\(Self.lineSuffix(previous.line)) is at \(previous.time)")
        }
        var down = buttonDown
        switch event.action {
        case let .click(point):
            try Self.check(point, line: event.line)
            if down { throw fail("click while the button is down (release it with 'up' first)") }
        case let .drag(from, to, duration):
            try Self.check(from, line: event.line)
            try Self.check(to, line: event.line)
            try Self.check(time: duration, as: "duration", line: event.line)
            try Self.check(time: event.time + duration, as: "end time", line: event.line)
            if down { throw fail("drag while the button is down (release it with 'up' first)") }
        case let .press(point):
            try Self.check(point, line: event.line)
            if down { throw fail("down while the button is already down") }
            down = true
        case let .move(point):
            try Self.check(point, line: event.line)
        case let .release(point):
            try Self.check(point, line: event.line)
            if !down { throw fail("up while the button is up (no 'down' before it)") }
            down = false
        case let .wheel(dx, dy, point, _):
            try Self.check(point, line: event.line)
            guard Self.notchRange.contains(dx), Self.notchRange.contains(dy) else {
                throw fail("wheel \(dx) \(dy): notches must lie in \(Self.notchRange.lowerBound)...\(Self.notchRange.upperBound)")
            }
            if dx == 0 && dy == 0 { throw fail("wheel 0 0 turns nothing") }
        case .key:
            break
        case let .type(text):
            if text.isEmpty { throw fail("type needs some text") }
            if let bad = text.unicodeScalars.first(where: { Self.keysym(typing: $0) == nil }) {
                throw fail("type: U+\(String(bad.value, radix: 16, uppercase: true)) is a control character no key types (use key for Escape and such)")
            }
        }
        events.append(event)
        buttonDown = down
    }

    private static func check(time: TimeInterval, as name: String, line: Int?) throws(InputScriptError) {
        guard time.isFinite else { throw InputScriptError(line: line, message: "\(name) \(time) is not a finite number") }
        guard timeRange.contains(time) else {
            throw InputScriptError(line: line, message: "\(name) \(time) is outside \(Int(timeRange.lowerBound))...\(Int(timeRange.upperBound)) seconds")
        }
    }

    private static func check(_ point: CGPoint, line: Int?) throws(InputScriptError) {
        for (name, value) in [("x", point.x), ("y", point.y)] {
            guard value.isFinite else { throw InputScriptError(line: line, message: "\(name) \(value) is not a finite number") }
            guard coordinateRange.contains(value) else {
                throw InputScriptError(line: line, message: "\(name) \(value) is outside \(Int(coordinateRange.lowerBound))...\(Int(coordinateRange.upperBound)) points (rejected, not clamped)")
            }
        }
    }

    private static func lineSuffix(_ line: Int?) -> String { line.map { " (line \($0))" } ?? "" }
}

/// A script that cannot be read or is not valid: where (file and line, when known) and why.
public struct InputScriptError: Error, Equatable, CustomStringConvertible {
    /// Why the script was refused.
    public enum Kind: Equatable, Sendable {
        /// The file does not exist or cannot be read.
        case unreadable
        /// The text or an event is not valid (syntax, number, range, order, button state).
        case invalid
    }

    /// Whether the script could not be read at all or read but found wrong.
    public var kind: Kind
    /// The file (or the name given to `init(parsing:source:)`); nil for a script built in code.
    public var source: String?
    /// The 1-based line of the text; nil when not known or for JSON (whose messages start
    /// with `event N:`, N counting from 1).
    public var line: Int?
    /// What is wrong, in one line.
    public var message: String

    /// An error about `source`'s `line` (either may be nil), described by `message`.
    public init(kind: Kind = .invalid, source: String? = nil, line: Int? = nil, message: String) {
        self.kind = kind
        self.source = source
        self.line = line
        self.message = message
    }

    /// `FILE:LINE: message`, or as much of the location as is known.
    public var description: String {
        let location = [source, line.map(String.init)].compactMap { $0 }.joined(separator: ":")
        return location.isEmpty ? "input script: \(message)" : "\(location): \(message)"
    }
}
