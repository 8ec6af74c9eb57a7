import CX11
import Glibc

/// Text this window owns on one selection.
struct OwnedSelection {
    var utf8: [UInt8]
    var text: String
    /// The server time at which ownership was taken; requests made before it are refused (ICCCM).
    var time: UInt
}

/// An answer sent piece by piece: each time the requestor deletes `property`, the next chunk is
/// written; a zero-length chunk ends it (ICCCM §2.7.2).
struct OutgoingTransfer {
    var requestor: UInt
    var property: UInt
    var type: UInt
    var bytes: [UInt8]
    var offset: Int
    var lastProgress: ContinuousClock.Instant
}

/// X11 selections (ICCCM): owning CLIPBOARD and PRIMARY, answering other clients' requests for
/// `TARGETS`, `TIMESTAMP`, `UTF8_STRING`, `TEXT` (answered as `UTF8_STRING`) and `STRING`
/// (ISO Latin-1; characters outside it become "?"), incrementally (`INCR`) above 256 KiB; and
/// reading other clients' selections as `UTF8_STRING`, or `STRING` when the owner refuses that.
/// `MULTIPLE` is refused.
///
/// Reads wait in the host's own event loop (poll on the connection with a deadline), so they
/// never block past their time-out; events arriving meanwhile are handled as `nextEvents` would
/// and kept for it.
extension X11Host: SelectionHost {
    /// Takes ownership of `selection` with `text` (nil gives ownership up), stamped with a server
    /// time so that requests timed before it are refused; a diagnostic when the server does not
    /// make this window the owner.
    public func setText(_ text: String?, in selection: HostSelection) {
        guard !connection.isLost, !windowGone else { return }
        let atom = selectionAtom(selection)
        guard let text else {
            guard ownedSelections.removeValue(forKey: atom) != nil else { return }
            if XGetSelectionOwner(display, atom) == windowID {
                XSetSelectionOwner(display, atom, 0, serverTime() ?? 0)
            }
            XFlush(display)
            return
        }
        let time = serverTime() ?? 0
        XSetSelectionOwner(display, atom, windowID, time)
        guard XGetSelectionOwner(display, atom) == windowID else {
            ownedSelections[atom] = nil
            diagnosticHandler("the X server did not make this window the \(selection) owner; the text was not copied")
            return
        }
        ownedSelections[atom] = OwnedSelection(utf8: Array(text.utf8), text: text, time: time)
    }

    /// The text on `selection` (our own without a round trip), or nil when it has no owner, the
    /// owner refuses, or `timeout` passes first; invalid UTF-8 is repaired with U+FFFD.
    public func text(in selection: HostSelection, timeout: Duration) -> String? {
        guard !connection.isLost, !windowGone else { return nil }
        let atom = selectionAtom(selection)
        let owner = XGetSelectionOwner(display, atom)
        if owner == windowID, let owned = ownedSelections[atom] { return owned.text }
        guard owner != 0 else { return nil }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        for target in [atoms.utf8String, UInt(XA_STRING)] {
            let property = atoms.selectionProperties[selectionReadCount % atoms.selectionProperties.count]
            selectionReadCount &+= 1
            XDeleteProperty(display, windowID, property)
            XConvertSelection(display, atom, target, property, windowID, UInt(CurrentTime))
            let notify = awaitEvent(until: deadline) { event in
                event.type == SelectionNotify && event.xselection.requestor == windowID
                    && event.xselection.selection == atom && event.xselection.target == target
                    && (event.xselection.property == property || event.xselection.property == 0)
            }
            guard let notify else {
                if !connection.isLost {
                    diagnosticHandler("the \(selection) owner did not answer within \(timeout); nothing was pasted")
                }
                return nil
            }
            guard notify.xselection.property != 0 else { continue }
            guard let (type, bytes) = readSelectionProperty(property, until: deadline, selection: selection) else {
                return nil
            }
            return decode(bytes, type: type, selection: selection)
        }
        return nil
    }

    func selectionAtom(_ selection: HostSelection) -> UInt {
        switch selection {
        case .clipboard: atoms.clipboard
        case .primary: UInt(XA_PRIMARY)
        }
    }

    /// A current server time, from the `PropertyNotify` of a zero-length append to our window
    /// (ICCCM's way when no event's time is at hand); nil when the server does not answer in 1 s.
    private func serverTime() -> UInt? {
        XChangeProperty(display, windowID, atoms.timestampProperty, UInt(XA_INTEGER), 8, PropModeAppend, nil, 0)
        let event = awaitEvent(until: ContinuousClock.now.advanced(by: .seconds(1))) { event in
            event.type == PropertyNotify && event.xproperty.window == windowID
                && event.xproperty.atom == atoms.timestampProperty
        }
        return event?.xproperty.time
    }

    /// Reads and handles events until `matches` accepts one, which is returned unhandled; nil
    /// when `deadline` passes or the connection breaks first.
    private func awaitEvent(until deadline: ContinuousClock.Instant, matching matches: (inout XEvent) -> Bool) -> XEvent? {
        var event = XEvent()
        let descriptor = XConnectionNumber(display)
        while !connection.isLost {
            while XEventsQueued(display, QueuedAfterFlush) > 0 {
                XNextEvent(display, &event)
                if matches(&event) { return event }
                process(&event)
            }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return nil }
            let (seconds, attoseconds) = remaining.components
            let milliseconds = Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&request, 1, milliseconds)
        }
        return nil
    }

    /// The property's type and bytes, deleting it (which tells an `INCR` owner to send the next
    /// piece); for `INCR`, every piece until the empty one. Nil on a time-out or a broken property.
    private func readSelectionProperty(_ property: UInt, until deadline: ContinuousClock.Instant,
                                       selection: HostSelection) -> (type: UInt, bytes: [UInt8])? {
        guard let first = takeProperty(property) else { return nil }
        guard first.type == atoms.incr else { return first }
        var type = first.type
        var bytes: [UInt8] = []
        while true {
            let event = awaitEvent(until: deadline) { event in
                event.type == PropertyNotify && event.xproperty.window == windowID
                    && event.xproperty.atom == property && event.xproperty.state == PropertyNewValue
            }
            guard event != nil, let piece = takeProperty(property) else {
                if !connection.isLost {
                    diagnosticHandler("the \(selection) owner stopped sending its text; nothing was pasted")
                }
                return nil
            }
            if piece.bytes.isEmpty { return (type, bytes) }
            type = piece.type
            bytes += piece.bytes
        }
    }

    /// Reads `property` of our window whole and deletes it.
    private func takeProperty(_ property: UInt) -> (type: UInt, bytes: [UInt8])? {
        readProperty(property, of: windowID, deleting: true).map { ($0.type, $0.bytes) }
    }

    /// `property` of `window` whole: its type, format and items as bytes (format-32 items
    /// arrive as C longs); nil when it is not there.
    private func readProperty(_ property: UInt, of window: UInt, deleting: Bool)
        -> (type: UInt, format: Int32, bytes: [UInt8])? {
        var type: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, property, 0, Int(Int32.max / 4), deleting ? 1 : 0,
                                        0 /* AnyPropertyType */, &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, type != 0 else { return nil }
        let itemSize = format == 32 ? MemoryLayout<Int>.size : max(1, Int(format) / 8)
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: Int(count) * itemSize)) } ?? []
        return (type, format, bytes)
    }

    /// `STRING` is ISO Latin-1; anything else is taken as UTF-8, invalid sequences becoming
    /// U+FFFD with a diagnostic.
    private func decode(_ bytes: [UInt8], type: UInt, selection: HostSelection) -> String {
        if type == UInt(XA_STRING) {
            var text = ""
            text.unicodeScalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
            return text
        }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        diagnosticHandler("the \(selection) owner sent invalid UTF-8 (\(bytes.count) bytes); bad sequences became U+FFFD")
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Answers another client's `SelectionRequest` for a selection we own (ICCCM §2.2).
    func answerSelectionRequest(_ request: XSelectionRequestEvent) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.send_event = 1
        reply.xselection.display = display
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.time = request.time
        reply.xselection.property = 0
        let property = request.property == 0 ? request.target : request.property
        if let owned = ownedSelections[request.selection], request.owner == windowID,
           request.time == UInt(CurrentTime) || request.time >= owned.time {
            let answered = request.target == atoms.multiple
                // ICCCM: MULTIPLE names its property; an obsolete client giving none is refused.
                ? request.property != 0 && answerMultiple(with: owned, to: request.requestor, in: property)
                : answer(request.target, with: owned, to: request.requestor, in: property)
            if answered { reply.xselection.property = property }
        }
        XSendEvent(display, request.requestor, 0, NoEventMask, &reply)
        XFlush(display)
    }

    /// ICCCM's `MULTIPLE`: `property` on the requestor holds (target, property) atom pairs;
    /// each target is converted into its property, and a pair whose conversion fails (an
    /// unknown target, `MULTIPLE` itself, a pair without a property) has its property replaced
    /// by `None` in the list, which is then written back. False when the list cannot be read.
    private func answerMultiple(with owned: OwnedSelection, to requestor: UInt, in property: UInt) -> Bool {
        guard let list = readProperty(property, of: requestor, deleting: false), list.format == 32 else { return false }
        var pairs = list.bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt.self)) }
        pairs.removeLast(pairs.count % 2)
        guard !pairs.isEmpty else { return false }
        var failed = false
        for index in stride(from: 0, to: pairs.count, by: 2) {
            let target = pairs[index], destination = pairs[index + 1]
            if destination == 0 || target == atoms.multiple
                || !answer(target, with: owned, to: requestor, in: destination) {
                pairs[index + 1] = 0
                failed = true
            }
        }
        if failed { setLongs(pairs, type: list.type, on: requestor, property: property) }
        return true
    }

    /// Writes the conversion of `owned` to `target` into the requestor's property; false when the
    /// target is not offered.
    private func answer(_ target: UInt, with owned: OwnedSelection, to requestor: UInt, in property: UInt) -> Bool {
        switch target {
        case atoms.targets:
            setLongs([atoms.targets, atoms.multiple, atoms.timestamp, atoms.utf8String, atoms.text, UInt(XA_STRING)],
                     type: UInt(XA_ATOM), on: requestor, property: property)
        case atoms.timestamp:
            setLongs([owned.time], type: UInt(XA_INTEGER), on: requestor, property: property)
        case atoms.utf8String, atoms.text:
            send(owned.utf8, type: atoms.utf8String, to: requestor, in: property)
        case UInt(XA_STRING):
            let latin1 = owned.text.unicodeScalars.map { $0.value <= 0xFF ? UInt8($0.value) : UInt8(ascii: "?") }
            send(latin1, type: UInt(XA_STRING), to: requestor, in: property)
        default:
            return false
        }
        return true
    }

    /// Writes `bytes` at once, or starts an `INCR` transfer above `incrementalThreshold`.
    private func send(_ bytes: [UInt8], type: UInt, to requestor: UInt, in property: UInt) {
        guard bytes.count > incrementalThreshold else {
            bytes.withUnsafeBufferPointer { buffer in
                _ = XChangeProperty(display, requestor, property, type, 8, PropModeReplace,
                                    buffer.baseAddress, Int32(buffer.count))
            }
            return
        }
        let now = ContinuousClock.now
        outgoingTransfers.removeAll { transfer in
            let stale = now - transfer.lastProgress > .seconds(30)
                || (transfer.requestor == requestor && transfer.property == property)
            if stale { XSelectInput(display, transfer.requestor, NoEventMask) }
            return stale
        }
        XSelectInput(display, requestor, PropertyChangeMask)
        setLongs([UInt(bytes.count)], type: atoms.incr, on: requestor, property: property)
        outgoingTransfers.append(OutgoingTransfer(requestor: requestor, property: property, type: type,
                                                  bytes: bytes, offset: 0, lastProgress: now))
    }

    /// A format-32 property: Xlib takes its items as C longs, counted in items.
    private func setLongs(_ values: [UInt], type: UInt, on window: UInt, property: UInt) {
        values.withUnsafeBytes { bytes in
            _ = XChangeProperty(display, window, property, type, 32, PropModeReplace,
                                bytes.bindMemory(to: UInt8.self).baseAddress, Int32(values.count))
        }
    }

    /// Sends the next piece of an `INCR` transfer once the requestor has deleted the last one.
    func continueTransfer(_ event: XPropertyEvent) {
        guard event.state == PropertyDelete,
              let index = outgoingTransfers.firstIndex(where: { $0.requestor == event.window && $0.property == event.atom })
        else { return }
        let transfer = outgoingTransfers[index]
        let end = min(transfer.bytes.count, transfer.offset + incrementalThreshold)
        transfer.bytes.withUnsafeBufferPointer { buffer in
            _ = XChangeProperty(display, transfer.requestor, transfer.property, transfer.type, 8, PropModeReplace,
                                buffer.baseAddress.map { $0 + transfer.offset }, Int32(end - transfer.offset))
        }
        if transfer.offset == transfer.bytes.count {
            outgoingTransfers.remove(at: index)
            XSelectInput(display, transfer.requestor, NoEventMask)
        } else {
            outgoingTransfers[index].offset = end
            outgoingTransfers[index].lastProgress = .now
        }
        XFlush(display)
    }

    /// A `SelectionNotify` outside a read: the answer to a read that timed out. Its data is deleted.
    func discardLateSelection(_ event: XSelectionEvent) {
        guard event.requestor == windowID, event.property != 0 else { return }
        XDeleteProperty(display, windowID, event.property)
    }
}
