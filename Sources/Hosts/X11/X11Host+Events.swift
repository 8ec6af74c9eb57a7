import CX11
import Glibc
import Raster

extension X11Host {
    /// The X connection's socket and the waker's pipe.
    public var eventDescriptors: [Int32] { [XConnectionNumber(display), waker.readDescriptor] }

    @discardableResult
    public func nextEvents(timeout: Duration?, into events: inout [HostEvent]) throws(HostError) -> HostWaitResult {
        var times: [Double?] = []
        return try nextEvents(timeout: timeout, into: &events, times: &times)
    }

    /// `nextEvents(timeout:into:)`, also appending each event's X server time in seconds: the
    /// server's millisecond clock (`Time` in the event), unwrapped past 2³² ms. Pointer, wheel
    /// and key events carry one; exposures, resizes and client messages do not (nil).
    @discardableResult
    public func nextEvents(timeout: Duration?, into events: inout [HostEvent],
                           times: inout [Double?]) throws(HostError) -> HostWaitResult {
        try ensureAlive()
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now.advanced(by: $0) }
        let connectionDescriptor = XConnectionNumber(display)
        while true {
            try drainEvents()
            if !queued.isEmpty {
                events.append(contentsOf: queued)
                times.append(contentsOf: queuedTimes)
                queued.removeAll(keepingCapacity: true)
                queuedTimes.removeAll(keepingCapacity: true)
                return .events
            }
            if waker.consume() { return .wokenUp }
            var milliseconds: Int32 = -1
            if let deadline {
                let remaining = clock.now.duration(to: deadline)
                if remaining <= .zero { return .timedOut }
                let (seconds, attoseconds) = remaining.components
                let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
                milliseconds = Int32(clamping: total)
            }
            var descriptors = (pollfd(fd: connectionDescriptor, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: waker.readDescriptor, events: Int16(POLLIN), revents: 0))
            let status = withUnsafeMutablePointer(to: &descriptors) {
                $0.withMemoryRebound(to: pollfd.self, capacity: 2) { poll($0, 2, milliseconds) }
            }
            if status < 0 && errno != EINTR {
                throw .resourceUnavailable(what: "a wait for X events", reason: String(cString: strerror(errno)))
            }
        }
    }

    /// Handles every event Xlib has or can read without blocking (it flushes requests first), and
    /// queues the resulting `HostEvent`s. A resize is reported once per batch, with the final size.
    func drainEvents() throws(HostError) {
        var event = XEvent()
        while XEventsQueued(display, QueuedAfterFlush) > 0 {
            XNextEvent(display, &event)
            process(&event)
        }
        try ensureAlive()
        if sizeChanged {
            sizeChanged = false
            enqueue(.resized(size))
        }
    }

    /// Gives `event` to the input method first (`XFilterEvent`: the keys of a compose sequence, an
    /// IM's own traffic), then handles what it leaves.
    func process(_ event: inout XEvent) {
        if inputMethod != nil, XFilterEvent(&event, 0) != 0 { return }
        handle(&event)
    }

    private func handle(_ event: inout XEvent) {
        let type = event.type
        if let completionEventType, type == completionEventType {
            let segment = withUnsafePointer(to: &event) {
                $0.withMemoryRebound(to: XShmCompletionEvent.self, capacity: 1) { $0.pointee.shmseg }
            }
            for image in images where image.segment?.pointee.shmseg == segment {
                image.pendingCompletions = max(0, image.pendingCompletions - 1)
            }
            return
        }
        switch type {
        case Expose:
            guard event.xexpose.window == windowID else { return }
            let rect = PixelRect(x: Int(event.xexpose.x), y: Int(event.xexpose.y),
                                 width: Int(event.xexpose.width), height: Int(event.xexpose.height))
            repaint(rect)
            enqueue(.exposed(rect))
        case ConfigureNotify:
            guard event.xconfigure.window == windowID,
                  let newSize = try? PixelSize(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height)),
                  newSize != size
            else { return }
            size = newSize
            sizeChanged = true
        case DestroyNotify:
            guard event.xdestroywindow.window == windowID, !windowGone else { return }
            windowGone = true
            for image in images { image.pendingCompletions = 0 }
            enqueue(.windowDestroyed)
        case ClientMessage:
            guard event.xclient.window == windowID, event.xclient.message_type == atoms.wmProtocols else { return }
            let request = UInt(bitPattern: event.xclient.data.l.0)
            if request == atoms.wmDeleteWindow {
                enqueue(.closeRequested)
            } else if request == atoms.netWMPing {
                event.xclient.window = rootWindow
                XSendEvent(display, rootWindow, 0, SubstructureNotifyMask | SubstructureRedirectMask, &event)
            }
        case ButtonPress, ButtonRelease:
            let button = event.xbutton
            guard button.window == windowID else { return }
            let modifiers = KeyModifiers(rawValue: button.state).intersection(.all)
            let x = Int(button.x), y = Int(button.y)
            switch button.button {
            case 4...7:
                guard type == ButtonPress else { return }
                let deltaX = button.button == 6 ? -1 : button.button == 7 ? 1 : 0
                let deltaY = button.button == 4 ? -1 : button.button == 5 ? 1 : 0
                enqueue(.scrolled(deltaX: deltaX, deltaY: deltaY, x: x, y: y, modifiers: modifiers), at: button.time)
            default:
                let pointer = PointerButton(number: Int(button.button))
                enqueue(type == ButtonPress
                    ? .pointerDown(pointer, x: x, y: y, modifiers: modifiers)
                    : .pointerUp(pointer, x: x, y: y, modifiers: modifiers), at: button.time)
            }
        case MotionNotify:
            let motion = event.xmotion
            guard motion.window == windowID else { return }
            let moved = HostEvent.pointerMoved(x: Int(motion.x), y: Int(motion.y),
                                               modifiers: KeyModifiers(rawValue: motion.state).intersection(.all))
            if case .pointerMoved = queued.last {
                queued[queued.count - 1] = moved
                queuedTimes[queuedTimes.count - 1] = serverSeconds(motion.time)
            } else {
                enqueue(moved, at: motion.time)
            }
        case KeyPress, KeyRelease:
            guard event.xkey.window == windowID else { return }
            if type == KeyRelease && isAutoRepeatRelease(event.xkey) {
                repeatKeycode = event.xkey.keycode
                return
            }
            let isRepeat = type == KeyPress && repeatKeycode == event.xkey.keycode
            if type == KeyPress { repeatKeycode = nil }
            guard let (keysym, text) = lookUp(&event.xkey, isPress: type == KeyPress) else { return }
            let key = KeyEvent(keysym: keysym, text: text,
                               modifiers: KeyModifiers(rawValue: event.xkey.state).intersection(.all),
                               isRepeat: isRepeat)
            enqueue(type == KeyPress ? .keyDown(key) : .keyUp(key), at: event.xkey.time)
        case MappingNotify:
            XRefreshKeyboardMapping(&event.xmapping)
        case FocusIn, FocusOut:
            guard event.xfocus.window == windowID else { return }
            inputMethod?.setFocus(type == FocusIn)
        case SelectionRequest:
            answerSelectionRequest(event.xselectionrequest)
        case SelectionClear:
            guard event.xselectionclear.window == windowID else { return }
            ownedSelections[event.xselectionclear.selection] = nil
        case SelectionNotify:
            discardLateSelection(event.xselection)
        case PropertyNotify:
            continueTransfer(event.xproperty)
        default:
            return
        }
    }

    private func enqueue(_ event: HostEvent, at serverTime: Time? = nil) {
        queued.append(event)
        queuedTimes.append(serverTime.flatMap(serverSeconds))
    }

    /// `time` (the server's milliseconds, 32 bits that wrap every 49.7 days) in seconds on a
    /// line that does not wrap: counted from the last time seen, as the nearer way round. Nil
    /// for 0, `CurrentTime`: no time, which events other clients send with `XSendEvent`
    /// (`xdotool --window`) carry.
    private func serverSeconds(_ time: Time) -> Double? {
        guard time != UInt(CurrentTime) else { return nil }
        let milliseconds = UInt32(truncatingIfNeeded: time)
        guard let clock = serverClock else {
            serverClock = (milliseconds, 0)
            return Double(milliseconds) / 1000
        }
        let step = Int64(Int32(bitPattern: milliseconds &- clock.last))
        let unwrapped = Double(clock.wraps) * 4_294_967_296 + Double(clock.last) + Double(step)
        if step > 0 { serverClock = (milliseconds, milliseconds < clock.last ? clock.wraps + 1 : clock.wraps) }
        return unwrapped / 1000
    }

    /// A key's keysym and text. Presses go through the input context when there is one
    /// (`Xutf8LookupString`: the server's XKB layout, compose results, IM commits, in UTF-8); with
    /// Control held, or on a release (for which Xlib defines no text lookup), or without an input
    /// method, the text comes from the keysym (`textForKeysym`), so that Control+A types "a"
    /// rather than U+0001. `nil` when an input method took the press.
    private func lookUp(_ key: inout XKeyEvent, isPress: Bool) -> (keysym: UInt32, text: String)? {
        let control = key.state & UInt32(ControlMask) != 0
        if isPress, let inputMethod {
            guard let (keysym, chars) = inputMethod.lookUp(&key) else { return nil }
            if let chars, !control || keysym == 0 { return (keysym, chars) }
            return (keysym, textForKeysym(keysym))
        }
        var keysym: KeySym = 0
        var bytes: (Int64, Int64, Int64, Int64) = (0, 0, 0, 0)
        _ = withUnsafeMutableBytes(of: &bytes) { buffer in
            XLookupString(&key, buffer.baseAddress?.assumingMemoryBound(to: CChar.self),
                          Int32(buffer.count), &keysym, nil)
        }
        let symbol = UInt32(truncatingIfNeeded: keysym)
        return (symbol, textForKeysym(symbol))
    }

    /// X11 auto-repeat sends a release and a press with the same keycode and time; the release is
    /// dropped and the press reported with `isRepeat`.
    private func isAutoRepeatRelease(_ release: XKeyEvent) -> Bool {
        guard XEventsQueued(display, QueuedAfterReading) > 0 else { return false }
        var next = XEvent()
        XPeekEvent(display, &next)
        return next.type == KeyPress && next.xkey.keycode == release.keycode && next.xkey.time == release.time
    }
}
