import Foundation
import Hosts

/// Delivers an `InputScript` to a `HeadlessHost` as the caller steps its virtual clock, frame by
/// frame: what `HeadlessHost.play(_:for:)` and `kinescope record --input` do.
///
/// Call `deliverEvents(dueBy:to:)` once per frame with the frame's time, after the clock has
/// moved there and before the frame is looked at (a snapshot renders it): every event due by
/// then goes in, each part (a press, a move, a release, a key going down or up) in a run-loop
/// turn of its own without time passing, so an event is seen in the first frame at or after
/// its time. A drag in progress moves once per call, by the share of its duration that has
/// passed.
///
/// ```swift
/// var player = InputScriptPlayer(script)
/// player.deliverEvents(dueBy: 0, to: host)
/// for frame in 1...60 {
///     host.advance(by: 1.0 / 60)
///     player.deliverEvents(dueBy: Double(frame) / 60, to: host)
///     frames.append(host.snapshot())
/// }
/// ```
@MainActor
public struct InputScriptPlayer {
    /// The script being played.
    public let script: InputScript
    private var nextIndex = 0
    private var drag: ActiveDrag?
    private var lastTime = -TimeInterval.infinity

    /// A drag pressed and not yet released.
    private struct ActiveDrag {
        var start: CGPoint
        var end: CGPoint
        var time: TimeInterval
        var duration: TimeInterval
        /// The script time of the press or the last move.
        var lastSample: TimeInterval
    }

    /// Times within this of an event's count as reaching it: frame times computed as `i / fps`
    /// and script times written in decimal differ by rounding only.
    private static let tolerance: TimeInterval = 1e-9

    /// A player at the script's start: nothing delivered yet.
    public init(_ script: InputScript) {
        self.script = script
    }

    /// Whether everything has been delivered, a drag's release included.
    public var isFinished: Bool { nextIndex == script.events.count && drag == nil }

    /// Delivers to `host` every event (and drag step) due by `time`, seconds of script time, in
    /// script order. A time earlier than that of a previous call counts as that time.
    public mutating func deliverEvents(dueBy time: TimeInterval, to host: HeadlessHost) {
        let now = max(time, lastTime)
        lastTime = now
        stepDrag(at: now, on: host)
        while drag == nil, nextIndex < script.events.count, script.events[nextIndex].time <= now + Self.tolerance {
            let event = script.events[nextIndex]
            nextIndex += 1
            deliver(event, on: host)
            stepDrag(at: now, on: host)
        }
    }

    private mutating func deliver(_ event: InputScript.Event, on host: HeadlessHost) {
        switch event.action {
        case let .click(point):
            host.click(at: point)
        case let .drag(from, to, duration):
            host.pressPointer(at: from)
            drag = ActiveDrag(start: from, end: to, time: event.time, duration: duration, lastSample: lastTime)
        case let .press(point):
            host.pressPointer(at: point)
        case let .move(point):
            host.movePointer(to: point)
        case let .release(point):
            host.releasePointer(at: point)
        case let .wheel(dx, dy, point, modifiers):
            host.scroll(at: point, dx: dx, dy: dy, modifiers: modifiers)
        case let .key(keysym, modifiers):
            host.pressKey(keysym: keysym, modifiers: modifiers)
        case let .type(text):
            host.type(text)
        }
    }

    /// One move of the drag in progress when `time` is past its last sample; the release too
    /// once the drag's duration has passed.
    private mutating func stepDrag(at time: TimeInterval, on host: HeadlessHost) {
        guard var active = drag, time > active.lastSample + Self.tolerance else { return }
        let elapsed = time - active.time
        if active.duration <= 0 || elapsed >= active.duration - Self.tolerance {
            host.movePointer(to: active.end)
            host.releasePointer(at: active.end)
            drag = nil
            return
        }
        // Rounded to 1e-9 so that decimal times (0.15 − 0.1 = 0.04999…) give the share they
        // mean before the position is cut to whole pixels.
        let f = CGFloat(((elapsed / active.duration) * 1e9).rounded() / 1e9)
        host.movePointer(to: CGPoint(x: active.start.x + (active.end.x - active.start.x) * f,
                                     y: active.start.y + (active.end.y - active.start.y) * f))
        active.lastSample = time
        drag = active
    }
}

extension HeadlessHost {
    /// Plays `script` from now: the events due at time 0 at once, then frame by frame (as
    /// `advance(by:)` steps the clock) the events due by each frame's time, for `seconds` of
    /// virtual time (rounded to whole frames), or, when nil, until the last event has been
    /// delivered. Script times count from the moment of the call. Events after `seconds` are
    /// not delivered (a button pressed by a `down` stays down).
    @MainActor
    public func play(_ script: InputScript, for seconds: TimeInterval? = nil) {
        let fps = Double(runLoop.framesPerSecond)
        var player = InputScriptPlayer(script)
        let frames: Int
        if let seconds {
            frames = seconds.isFinite ? Int((max(0, seconds) * fps).rounded()) : 0
        } else {
            // The last event's frame, and one more for a drag's release.
            frames = Int((script.duration * fps).rounded(.up)) + 1
        }
        player.deliverEvents(dueBy: 0, to: self)
        var frame = 0
        while frame < frames, seconds != nil || !player.isFinished {
            frame += 1
            advance(by: 1 / fps)
            player.deliverEvents(dueBy: Double(frame) / fps, to: self)
        }
    }
}
