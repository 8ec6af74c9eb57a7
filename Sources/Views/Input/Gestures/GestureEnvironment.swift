import Foundation
import Geometry

/// One touch sequence (a press to its release), or one wheel gesture: the recognisers it
/// reached that have not been reset since, and what the touched view has been told.
@MainActor
final class GestureSequence {
    /// The touch; nil for a wheel gesture.
    let touch: UITouch?
    var recognizers: [UIGestureRecognizer] = []
    var touchIsDown: Bool
    var viewSawBegan = false
    /// The view has had its last phase (ended or cancelled), or will get nothing more.
    var viewIsDone: Bool
    /// View deliveries waiting for recognisers that delay them.
    var held: [(phase: UITouch.Phase, event: UIEvent)] = []
    var lastEvent: UIEvent?

    init(touch: UITouch?) {
        self.touch = touch
        touchIsDown = touch != nil
        viewIsDone = touch == nil
    }

    func contains(_ recognizer: UIGestureRecognizer) -> Bool { recognizers.contains { $0 === recognizer } }
}

/// A window's gesture arbitration, UIKit's "gesture environment": which recognisers see which
/// touches, the state machine's side effects (who fails when one recognises, who waits for whose
/// failure), the actions (sent after the touch method that changed the state returns, in
/// order, re-entrantly safe: an action may remove recognisers, add views or send more input),
/// resets after final states, and the view deliveries that recognisers delay or cancel.
///
/// Time-driven recognisers set `deadline`; the window's `updateGestureRecognizers(at:)` (the
/// run loop calls it every turn, and input calls it first with its timestamp) fires those due.
/// A deadline counts as reached within a nanosecond, so that on a virtual clock stepped in frame
/// intervals a 0.5 s press is recognised in the frame at 0.5 s (30 × 1/60 adds up to a hair
/// below 0.5 in floating point).
@MainActor
final class GestureEnvironment {
    static let deadlineTolerance: TimeInterval = 1e-9

    private(set) var sequences: [GestureSequence] = []
    private var queue: [(recognizer: UIGestureRecognizer, state: UIGestureRecognizer.State)] = []

    /// Every recogniser taking part in a sequence, once each, in the order they joined.
    var participants: [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = []
        for sequence in sequences {
            for recognizer in sequence.recognizers where !result.contains(where: { $0 === recognizer }) {
                result.append(recognizer)
            }
        }
        return result
    }

    /// The earliest deadline of a taking-part recogniser.
    var nextDeadline: TimeInterval? { participants.compactMap(\.deadline).min() }

    // MARK: - Input

    func touchBegan(_ touch: UITouch, event: UIEvent, candidates: [UIGestureRecognizer]) {
        let sequence = GestureSequence(touch: touch)
        sequences.append(sequence)
        // A recogniser waiting to recognise has decided: it sees no new touches.
        for recognizer in candidates where recognizer.isEnabled && recognizer.view != nil && isLive(recognizer)
            && !recognizer.isWheelDriven && recognizer.pendingState == nil {
            guard recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true else { continue }
            sequence.recognizers.append(recognizer)
            recognizer.environment = self
        }
        deliver(.began, of: sequence, event: event)
    }

    func touchChanged(_ touch: UITouch, phase: UITouch.Phase, event: UIEvent) {
        guard let sequence = sequences.first(where: { $0.touch === touch }) else { return }
        if phase == .ended || phase == .cancelled { sequence.touchIsDown = false }
        deliver(phase, of: sequence, event: event)
    }

    func wheelTurned(deltaX: CGFloat, deltaY: CGFloat, at location: CGPoint, modifierFlags: UIKeyModifierFlags,
                     time: TimeInterval, candidates: [UIGestureRecognizer]) {
        let sequence: GestureSequence
        if let current = sequences.first(where: { $0.touch == nil }) {
            sequence = current
        } else {
            sequence = GestureSequence(touch: nil)
            for recognizer in candidates where recognizer.isWheelDriven && recognizer.isEnabled && isLive(recognizer) {
                sequence.recognizers.append(recognizer)
                recognizer.environment = self
            }
            guard !sequence.recognizers.isEmpty else { return }
            sequences.append(sequence)
        }
        for recognizer in sequence.recognizers where sequence.contains(recognizer) && receivesInput(recognizer) {
            recognizer.lastLocationInWindow = location
            recognizer.wheelTurned(deltaX: deltaX, deltaY: deltaY, modifierFlags: modifierFlags, time: time)
            flush()
        }
        settle()
    }

    /// Fires the deadlines due by `time`, then settles.
    func advance(to time: TimeInterval) {
        for _ in 0..<64 {
            let due = participants.filter { recognizer in
                recognizer.deadline.map { $0 <= time + Self.deadlineTolerance } ?? false
            }
            guard !due.isEmpty else { break }
            for recognizer in due where recognizer.deadline != nil {
                recognizer.deadline = nil
                recognizer.deadlineReached(at: time)
                flush()
            }
        }
        settle()
    }

    private func deliver(_ phase: UITouch.Phase, of sequence: GestureSequence, event: UIEvent) {
        guard let touch = sequence.touch else { return }
        let touches: Set<UITouch> = [touch]
        for recognizer in sequence.recognizers where sequence.contains(recognizer) && receivesInput(recognizer) {
            recognizer.track(touch)
            switch phase {
            case .began: recognizer.touchesBegan(touches, with: event)
            case .moved, .stationary: recognizer.touchesMoved(touches, with: event)
            case .ended: recognizer.touchesEnded(touches, with: event)
            case .cancelled: recognizer.touchesCancelled(touches, with: event)
            }
            flush()
        }
        if phase == .ended || phase == .cancelled {
            for recognizer in sequence.recognizers {
                recognizer.trackedTouches.removeAll { $0 === touch }
                // A recogniser still undecided with nothing left to wait for fails, so that it
                // neither holds the view's touches nor stays taking part for ever.
                if recognizer.storedState == .possible, recognizer.pendingState == nil, recognizer.deadline == nil,
                   recognizer.trackedTouches.isEmpty {
                    fail(recognizer)
                }
            }
            flush()
        }
        sequence.held.append((phase, event))
        sequence.lastEvent = event
        settle()
    }

    // MARK: - State machine

    func transition(_ recognizer: UIGestureRecognizer, to new: UIGestureRecognizer.State) {
        if new == .failed { return fail(recognizer) }
        if let pending = recognizer.pendingState {
            // Waiting for another's failure: a continuous gesture that ends meanwhile will begin
            // and end at once when released; other changes wait with it.
            if pending == .began, new == .ended { recognizer.pendingEnd = true }
            return
        }
        if recognizer.storedState == .possible {
            attemptToBegin(recognizer, to: new)
        } else {
            recognizer.storedState = new
            queue.append((recognizer, new))
        }
    }

    /// `.possible` → `target` (`.began`, or `.ended` for a discrete gesture), unless a winner
    /// prevents it, a required failure is outstanding (then it waits) or the delegate says no.
    private func attemptToBegin(_ recognizer: UIGestureRecognizer, to target: UIGestureRecognizer.State) {
        let others = coParticipants(of: recognizer)
        for other in others where isActive(other) && (prevents(other, recognizer) || requires(recognizer, failureOf: other)) {
            return fail(recognizer)
        }
        // Wait for each required recogniser still undecided, except one already waiting for
        // this one (a cycle of requirements: the first to recognise then wins).
        if participants.contains(where: { other in
            other !== recognizer && other.storedState == .possible && requires(recognizer, failureOf: other)
                && !(other.pendingState != nil && requires(other, failureOf: recognizer))
        }) {
            recognizer.pendingState = target
            return
        }
        recognizer.pendingState = nil
        guard recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) ?? true, !buttonTakesPrecedence(over: recognizer)
        else { return fail(recognizer) }
        recognizer.storedState = target
        queue.append((recognizer, target))
        if recognizer.pendingEnd, target == .began {
            recognizer.pendingEnd = false
            recognizer.storedState = .ended
            queue.append((recognizer, .ended))
        }
        for other in others {
            if other.storedState == .possible, requires(other, failureOf: recognizer) || prevents(recognizer, other) {
                fail(other)
            } else if other.storedState == .began || other.storedState == .changed, prevents(recognizer, other) {
                other.storedState = .cancelled
                queue.append((other, .cancelled))
            }
        }
        if recognizer.cancelsTouchesInView {
            for sequence in sequences where sequence.touch != nil && sequence.contains(recognizer) && !sequence.viewIsDone {
                sequence.viewIsDone = true
                sequence.held.removeAll()
                if sequence.viewSawBegan, let touch = sequence.touch {
                    pendingCancellations.append((touch, sequence.lastEvent))
                }
            }
        }
    }

    /// Views whose touches a recogniser cancelled: told after the actions run.
    private var pendingCancellations: [(touch: UITouch, event: UIEvent?)] = []

    private func fail(_ recognizer: UIGestureRecognizer) {
        guard recognizer.storedState == .possible else { return }
        recognizer.storedState = .failed
        recognizer.pendingState = nil
        recognizer.pendingEnd = false
        for waiter in participants where waiter.pendingState != nil && requires(waiter, failureOf: recognizer) {
            guard let target = waiter.pendingState, waiter.storedState == .possible else { continue }
            waiter.pendingState = nil
            attemptToBegin(waiter, to: target)
        }
    }

    /// The recogniser was removed from its view or disabled: a begun gesture is cancelled, a
    /// possible one fails, and it is reset at once.
    func recognizerLeft(_ recognizer: UIGestureRecognizer) {
        guard sequences.contains(where: { $0.contains(recognizer) }) else { return }
        switch recognizer.storedState {
        case .began, .changed:
            recognizer.storedState = .cancelled
            queue.append((recognizer, .cancelled))
        case .possible:
            fail(recognizer)
        default:
            break
        }
        flush()
        resetRecognizer(recognizer)
        settle()
    }

    func recognizer(_ recognizer: UIGestureRecognizer, ignores touch: UITouch) {
        for sequence in sequences where sequence.touch === touch {
            sequence.recognizers.removeAll { $0 === recognizer }
        }
        // Having ignored its last touch it takes part no more, but a final state it sets in the
        // same callback must still be reset.
        if !sequences.contains(where: { $0.contains(recognizer) }) { leftByIgnoring.append(recognizer) }
    }

    /// Recognisers that stopped taking part by ignoring their touches, checked at the next settle.
    private var leftByIgnoring: [UIGestureRecognizer] = []

    // MARK: - Actions, resets, view deliveries

    private func flush() {
        while !queue.isEmpty {
            let (recognizer, state) = queue.removeFirst()
            recognizer.sendActions(as: state)
        }
    }

    /// After input or time: actions sent, recognisers in a final state reset, view deliveries
    /// that nothing holds any more made, finished sequences dropped.
    private func settle() {
        flush()
        let ignoring = leftByIgnoring
        leftByIgnoring = []
        for recognizer in participants + ignoring where isFinal(recognizer.storedState) {
            resetRecognizer(recognizer)
        }
        while !pendingCancellations.isEmpty {
            let (touch, event) = pendingCancellations.removeFirst()
            touch.view?.touchesCancelled([touch], with: event)
        }
        for sequence in sequences { pump(sequence) }
        sequences.removeAll { !$0.touchIsDown && $0.viewIsDone && $0.recognizers.isEmpty }
    }

    private func resetRecognizer(_ recognizer: UIGestureRecognizer) {
        for sequence in sequences { sequence.recognizers.removeAll { $0 === recognizer } }
        recognizer.reset()
        // In case a subclass's reset() did not call super.
        recognizer.storedState = .possible
        recognizer.pendingState = nil
        recognizer.pendingEnd = false
        recognizer.deadline = nil
        recognizer.trackedTouches = []
    }

    private func pump(_ sequence: GestureSequence) {
        guard let touch = sequence.touch else { return }
        while !sequence.viewIsDone, let (phase, event) = sequence.held.first, !holds(sequence, phase) {
            sequence.held.removeFirst()
            let touches: Set<UITouch> = [touch]
            switch phase {
            case .began:
                sequence.viewSawBegan = true
                touch.view?.touchesBegan(touches, with: event)
            case .moved, .stationary:
                touch.view?.touchesMoved(touches, with: event)
            case .ended:
                sequence.viewIsDone = true
                touch.view?.touchesEnded(touches, with: event)
            case .cancelled:
                sequence.viewIsDone = true
                touch.view?.touchesCancelled(touches, with: event)
            }
        }
    }

    /// Whether a still-possible recogniser of the sequence delays `phase` for the view.
    private func holds(_ sequence: GestureSequence, _ phase: UITouch.Phase) -> Bool {
        guard phase != .cancelled else { return false }
        return sequence.recognizers.contains { recognizer in
            guard recognizer.storedState == .possible, recognizer.isEnabled else { return false }
            return phase == .ended ? recognizer.delaysTouchesEnded || recognizer.delaysTouchesBegan : recognizer.delaysTouchesBegan
        }
    }

    // MARK: - Relations

    /// UIKit's rule since iOS 6: a control's default action beats an overlapping recogniser on
    /// an ancestor, so a single tap on an enabled button under a view with a single-tap
    /// recogniser is the button's. Kinescope applies it to `UIButton`s (the documented case;
    /// UIKit also lists its switch, stepper, segmented and page controls, which Kinescope does
    /// not have yet).
    private func buttonTakesPrecedence(over recognizer: UIGestureRecognizer) -> Bool {
        guard let tap = recognizer as? UITapGestureRecognizer, tap.numberOfTapsRequired == 1,
              tap.numberOfTouchesRequired == 1 else { return false }
        for sequence in sequences where sequence.contains(recognizer) {
            var view = sequence.touch?.view
            while let current = view, current !== recognizer.view {
                if let button = current as? UIButton, button.isEnabled { return true }
                view = current.superview
            }
        }
        return false
    }

    private func coParticipants(of recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = []
        for sequence in sequences where sequence.contains(recognizer) {
            for other in sequence.recognizers where other !== recognizer && !result.contains(where: { $0 === other }) {
                result.append(other)
            }
        }
        return result
    }

    private func isLive(_ recognizer: UIGestureRecognizer) -> Bool {
        !isFinal(recognizer.storedState)
    }

    private func receivesInput(_ recognizer: UIGestureRecognizer) -> Bool {
        recognizer.isEnabled && recognizer.view != nil
            && (recognizer.storedState == .possible || recognizer.storedState == .began || recognizer.storedState == .changed)
    }

    private func isFinal(_ state: UIGestureRecognizer.State) -> Bool {
        state == .ended || state == .cancelled || state == .failed
    }

    /// Begun, changing, or recognised and not yet reset.
    private func isActive(_ recognizer: UIGestureRecognizer) -> Bool {
        recognizer.storedState == .began || recognizer.storedState == .changed || recognizer.storedState == .ended
    }

    private func simultaneous(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    /// Whether `winner`, recognising, stops `other`.
    private func prevents(_ winner: UIGestureRecognizer, _ other: UIGestureRecognizer) -> Bool {
        !simultaneous(winner, other) && winner.canPrevent(other) && other.canBePrevented(by: winner)
    }

    private func requires(_ recognizer: UIGestureRecognizer, failureOf other: UIGestureRecognizer) -> Bool {
        recognizer.failureRequirements.contains { $0.recognizer === other }
            || recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer)
            || recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
    }
}
