import CX11
import Foundation
@testable import Hosts
import KinescopeTestSupport
import Raster
import XCTest

/// X11Host on the suite's Xvfb (`DISPLAY`, set by scripts/test, with MIT-SHM). XCTest runs these
/// one after another; each test opens its own window.
final class X11HostTests: XCTestCase {
    private var displayName = ""

    override func setUpWithError() throws {
        displayName = try SuiteDisplay.name()
        unsetenv("KINESCOPE_NO_SHM")
    }

    override func tearDown() {
        unsetenv("KINESCOPE_NO_SHM")
    }

    private func makeHost(title: String = "Kinescope test", width: Int = 96, height: Int = 64) throws -> X11Host {
        try X11Host(title: title, size: PixelSize(width: width, height: height), displayName: displayName)
    }

    func testUnreachableDisplayThrowsErrorNamingItAndSuggestingRecord() throws {
        XCTAssertThrowsError(try X11Host(size: PixelSize(width: 10, height: 10), displayName: ":4242")) { error in
            XCTAssertEqual(error as? HostError, .displayUnavailable(display: ":4242"))
            let message = String(describing: error)
            XCTAssertTrue(message.contains("\":4242\""), message)
            XCTAssertTrue(message.contains("kinescope record"), message)
        }
    }

    func testZeroSizedWindowIsRejected() throws {
        XCTAssertThrowsError(try makeHost(width: 0, height: 10)) { error in
            XCTAssertEqual(error as? HostError, .invalidWindowSize(width: 0, height: 10))
        }
    }

    func testWindowCarriesClassPidUTF8TitleAndProtocols() throws {
        let title = "Kinescope — tëst ✓"
        let host = try makeHost(title: title)
        try host.synchronize()
        let client = try XClient(displayName)

        let wmClass = try XCTUnwrap(client.property("WM_CLASS", of: host.windowID))
        XCTAssertEqual(wmClass.type, "STRING")
        XCTAssertEqual(wmClass.bytes, Array("kinescope\0Kinescope\0".utf8))

        XCTAssertEqual(client.longs("_NET_WM_PID", of: host.windowID), [UInt(getpid())])
        XCTAssertEqual(client.property("_NET_WM_PID", of: host.windowID)?.type, "CARDINAL")
        XCTAssertNotNil(client.property("WM_CLIENT_MACHINE", of: host.windowID))

        let netName = try XCTUnwrap(client.property("_NET_WM_NAME", of: host.windowID))
        XCTAssertEqual(netName.type, "UTF8_STRING")
        XCTAssertEqual(String(decoding: netName.bytes, as: UTF8.self), title)
        let wmName = try XCTUnwrap(client.property("WM_NAME", of: host.windowID))
        XCTAssertEqual(wmName.type, "UTF8_STRING", "✓ is outside Latin-1, so WM_NAME cannot be STRING")
        XCTAssertEqual(String(decoding: wmName.bytes, as: UTF8.self), title)

        let protocols = try XCTUnwrap(client.longs("WM_PROTOCOLS", of: host.windowID))
        XCTAssertTrue(protocols.contains(client.atom("WM_DELETE_WINDOW")), "\(protocols)")
        XCTAssertTrue(protocols.contains(client.atom("_NET_WM_PING")), "\(protocols)")

        let hints = try XCTUnwrap(client.longs("WM_NORMAL_HINTS", of: host.windowID))
        let flags = hints[0]
        XCTAssertEqual(flags & UInt(PMaxSize), 0, "a maximum size would make the window non-resizable")
    }

    func testSetTitleUpdatesBothNamesAndUsesStringForLatin1() throws {
        let host = try makeHost()
        host.setTitle("Café")
        try host.synchronize()
        let client = try XClient(displayName)
        let wmName = try XCTUnwrap(client.property("WM_NAME", of: host.windowID))
        XCTAssertEqual(wmName.type, "STRING")
        XCTAssertEqual(wmName.bytes, [0x43, 0x61, 0x66, 0xE9], "WM_NAME is ISO Latin-1")
        XCTAssertEqual(client.property("_NET_WM_NAME", of: host.windowID).map { String(decoding: $0.bytes, as: UTF8.self) }, "Café")
        XCTAssertEqual(host.title, "Café")
    }

    func testFramePresentedThroughSharedMemoryReadsBackExactly() throws {
        let host = try makeHost()
        XCTAssertEqual(host.presentationPath, .sharedMemory)
        try presentPatternAndCheck(host)
    }

    func testFramePresentedThroughForcedFallbackReadsBackExactly() throws {
        setenv("KINESCOPE_NO_SHM", "1", 1)
        let host = try makeHost()
        XCTAssertEqual(host.presentationPath, .putImage(.disabledByEnvironment))
        try presentPatternAndCheck(host)
    }

    func testSharedSegmentsArePrivateMarkedForRemovalAndFreedWithTheHost() throws {
        var host: X11Host? = try makeHost()
        XCTAssertEqual(host?.presentationPath, .sharedMemory)
        let segments = try sharedSegmentsCreatedByThisProcess()
        XCTAssertEqual(segments.count, 2, "double-buffered: \(segments)")
        for segment in segments {
            XCTAssertEqual(segment.permissions & 0o777, 0o600, "readable and writable by this user only")
            XCTAssertEqual(segment.permissions & 0o1000, 0o1000, "IPC_RMID already done (SHM_DEST), so no leak even on SIGKILL")
            XCTAssertEqual(segment.attachments, 2, "attached by this process and by the server")
        }
        host = nil
        XCTAssertEqual(try sharedSegmentsCreatedByThisProcess().count, 0, "detached by both sides when the host goes")
    }

    /// System V segments whose creator is this process, from `/proc/sysvipc/shm`.
    private func sharedSegmentsCreatedByThisProcess() throws -> [(permissions: Int, attachments: Int)] {
        let table = try String(contentsOfFile: "/proc/sysvipc/shm", encoding: .utf8)
        return table.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count > 6, Int32(fields[4]) == getpid(),
                  let permissions = Int(fields[2], radix: 8), let attachments = Int(fields[6]) else { return nil }
            return (permissions, attachments)
        }
    }

    private func presentPatternAndCheck(_ host: X11Host, file: StaticString = #filePath, line: UInt = #line) throws {
        let frame = try host.backBuffer()
        XCTAssertEqual(frame.size, host.size, file: file, line: line)
        fill(frame, seed: 7)
        try host.present()
        try host.synchronize()
        let client = try XClient(displayName)
        let bounds = PixelRect(size: host.size)
        let pixels = try client.pixels(of: host.windowID, in: bounds)
        XCTAssertNil(firstMismatch(pixels, in: bounds) { patternPixel(x: $0, y: $1, seed: 7) }, file: file, line: line)
    }

    func testPartialDamagePushesOnlyThatRectangle() throws {
        for forceFallback in [false, true] {
            if forceFallback { setenv("KINESCOPE_NO_SHM", "1", 1) }
            let host = try makeHost()
            let red: UInt32 = 0xFFFF_0000, blue: UInt32 = 0xFF00_00FF
            fill(try host.backBuffer(), color: red)
            try host.present()
            // The Expose of the first mapping repaints from the last presented buffer, which the
            // next frame breaks on purpose: take it now.
            try host.synchronize()
            _ = try host.nextEvents(timeout: .zero)
            // Paint everything blue but declare only a rectangle damaged: only it may reach the window.
            let damaged = PixelRect(x: 10, y: 5, width: 20, height: 12)
            fill(try host.backBuffer(), color: blue)
            try host.present(damage: [damaged])
            try host.synchronize()
            let client = try XClient(displayName)
            let bounds = PixelRect(size: host.size)
            let pixels = try client.pixels(of: host.windowID, in: bounds)
            XCTAssertNil(firstMismatch(pixels, in: bounds) { x, y in damaged.contains(x: x, y: y) ? blue : red },
                         "path \(host.presentationPath)")
        }
    }

    func testBackBufferAlwaysHoldsTheLastPresentedFrame() throws {
        let host = try makeHost()
        let first = try host.backBuffer()
        fill(first, seed: 1)
        try host.present()
        let expected = first.copy()

        for (step, rect) in [PixelRect(x: 3, y: 4, width: 10, height: 9), PixelRect(x: 50, y: 30, width: 30, height: 20),
                             PixelRect(x: 0, y: 0, width: 96, height: 2)].enumerated() {
            let back = try host.backBuffer()
            XCTAssertTrue(back.hasSamePixels(as: expected), "step \(step): the back buffer lost the previous frame")
            fill(back, rect: rect, seed: UInt32(step + 2) * 1000)
            fill(expected, rect: rect, seed: UInt32(step + 2) * 1000)
            try host.present(damage: [rect])
        }
        try host.synchronize()
        let client = try XClient(displayName)
        let bounds = PixelRect(size: host.size)
        let pixels = try client.pixels(of: host.windowID, in: bounds)
        XCTAssertNil(firstMismatch(pixels, in: bounds) { expected[x: $0, y: $1].packed })
    }

    func testRandomDamageSequenceKeepsBothBuffersAndTheWindowCurrent() throws {
        for forceFallback in [false, true] {
            if forceFallback { setenv("KINESCOPE_NO_SHM", "1", 1) }
            let host = try makeHost(title: "Kinescope damage test", width: 120, height: 80)
            var random = SeededRandom(seed: forceFallback ? 11 : 7)
            let first = try host.backBuffer()
            fill(first, seed: 1)
            try host.present()
            let expected = first.copy()
            for step in 0..<24 {
                let back = try host.backBuffer()
                XCTAssertTrue(back.hasSamePixels(as: expected),
                              "\(host.presentationPath), step \(step): the back buffer lost the previous frame")
                let rects = (0..<(1 + random.next(below: 3))).map { _ in
                    PixelRect(x: random.next(in: -10...110), y: random.next(in: -10...70),
                              width: random.next(in: 1...40), height: random.next(in: 1...30))
                }
                for (index, rect) in rects.enumerated() {
                    let seed = UInt32(step * 10 + index + 2)
                    let clipped = rect.intersection(back.bounds)
                    guard !clipped.isEmpty else { continue }
                    fill(back, rect: clipped, seed: seed)
                    fill(expected, rect: clipped, seed: seed)
                }
                try host.present(damage: rects)
            }
            try host.synchronize()
            let client = try XClient(displayName)
            let bounds = PixelRect(size: host.size)
            let pixels = try client.pixels(of: host.windowID, in: bounds)
            XCTAssertNil(firstMismatch(pixels, in: bounds) { expected[x: $0, y: $1].packed },
                         "path \(host.presentationPath)")
        }
    }

    func testPresentObserverSeesTheFrameAndClippedDamage() throws {
        let host = try makeHost()
        var seen: [(UInt32, [PixelRect])] = []
        host.presentObserver = { frame, damage in seen.append((frame[x: 1, y: 1].packed, damage)) }
        let frame = try host.backBuffer()
        fill(frame, color: 0xFF12_3456)
        try host.present(damage: [PixelRect(x: 90, y: 60, width: 20, height: 20)])
        XCTAssertEqual(seen.count, 1)
        XCTAssertEqual(seen.first?.0, 0xFF12_3456)
        XCTAssertEqual(seen.first?.1, [PixelRect(size: host.size)], "the first present after (re)creating images is whole")
        _ = try host.backBuffer()
        try host.present(damage: [PixelRect(x: 90, y: 60, width: 20, height: 20), PixelRect(x: 200, y: 0, width: 5, height: 5)])
        XCTAssertEqual(seen.last?.1, [PixelRect(x: 90, y: 60, width: 6, height: 4)])
    }

    func testDeleteWindowMessageArrivesAsCloseRequested() throws {
        let host = try makeHost()
        try host.synchronize()
        let client = try XClient(displayName)
        client.sendDeleteWindow(to: host.windowID)
        client.sync()
        let events = try collectEvents(from: host) { $0 == .closeRequested }
        XCTAssertTrue(events.contains(.closeRequested))
    }

    func testWindowDestroyedByAnotherClientIsReportedWithoutCrash() throws {
        let host = try makeHost()
        fill(try host.backBuffer(), color: 0xFF00_FF00)
        try host.present()
        try host.synchronize()
        let client = try XClient(displayName)
        XDestroyWindow(client.display, host.windowID)
        client.sync()
        // A put to the vanished window fails with BadDrawable before the host has seen the
        // DestroyNotify: Xlib's default handler would exit here.
        _ = try host.backBuffer()
        try host.present()
        try host.synchronize()
        let events = try collectEvents(from: host) { $0 == .windowDestroyed }
        XCTAssertTrue(events.contains(.windowDestroyed))
        XCTAssertThrowsError(try host.present()) { XCTAssertEqual($0 as? HostError, .windowDestroyed) }
    }

    func testWakeUpFromAnotherThreadInterruptsABlockingWait() throws {
        let host = try makeHost()
        try host.synchronize()
        var events: [HostEvent] = []
        while try host.nextEvents(timeout: .zero, into: &events) == .events { events.removeAll() }
        let waker = host.waker
        let waiter = ThreadIdentity.current
        let thread = Thread {
            waiter.waitUntilBlockedInPoll()
            waker.wakeUp()
        }
        thread.start()
        let result = try host.nextEvents(timeout: .seconds(60), into: &events)
        XCTAssertEqual(result, .wokenUp)
        XCTAssertEqual(events, [])
    }

    func testWaitWithoutEventsTimesOut() throws {
        let host = try makeHost()
        try host.synchronize()
        var events: [HostEvent] = []
        while try host.nextEvents(timeout: .zero, into: &events) == .events { events.removeAll() }
        XCTAssertEqual(try host.nextEvents(timeout: .milliseconds(1), into: &events), .timedOut)
        host.wakeUp()
        XCTAssertEqual(try host.nextEvents(timeout: .zero, into: &events), .wokenUp, "a wake-up is latched until the next wait")
    }

    func testSyntheticPointerEventsArriveWithPositionButtonAndModifiers() throws {
        let host = try makeHost()
        try host.synchronize()
        let client = try XClient(displayName)
        client.sendButton(ButtonPress, button: 3, x: 17, y: 23, state: UInt32(ShiftMask), to: host.windowID)
        client.sendMotion(x: 18, y: 24, to: host.windowID)
        client.sendMotion(x: 19, y: 25, to: host.windowID)
        client.sendMotion(x: 20, y: 26, to: host.windowID)
        client.sendButton(ButtonRelease, button: 3, x: 20, y: 26, to: host.windowID)
        client.sendButton(ButtonPress, button: 4, x: 5, y: 6, to: host.windowID)
        client.sendButton(ButtonRelease, button: 4, x: 5, y: 6, to: host.windowID)
        client.sync()
        let events = try collectEvents(from: host) { if case .scrolled = $0 { true } else { false } }
        let input = events.filter { if case .exposed = $0 { false } else { true } }
        XCTAssertEqual(input, [
            .pointerDown(.secondary, x: 17, y: 23, modifiers: [.shift]),
            .pointerMoved(x: 20, y: 26, modifiers: []),
            .pointerUp(.secondary, x: 20, y: 26, modifiers: []),
            .scrolled(deltaX: 0, deltaY: -1, x: 5, y: 6, modifiers: []),
        ])
    }

    /// Each event comes with the time the server stamped it with, in seconds; coalesced moves
    /// keep the last one's; the server's 32-bit millisecond clock is unwrapped.
    func testInputEventsCarryTheirServerTimeInSecondsUnwrapped() throws {
        let host = try makeHost()
        try host.synchronize()
        let client = try XClient(displayName)
        client.sendButton(ButtonPress, button: 1, x: 5, y: 5, time: 4_294_966_000, to: host.windowID)
        client.sendMotion(x: 6, y: 5, time: 4_294_966_100, to: host.windowID)
        client.sendMotion(x: 7, y: 5, time: 4_294_966_200, to: host.windowID)
        client.sendButton(ButtonRelease, button: 1, x: 7, y: 5, time: 704, to: host.windowID)
        client.sendButton(ButtonPress, button: 5, x: 7, y: 5, time: 800, to: host.windowID)
        client.sync()
        var events: [HostEvent] = [], times: [Double?] = []
        let deadline = Date().addingTimeInterval(5)
        while !events.contains(where: { if case .scrolled = $0 { true } else { false } }), Date() < deadline {
            try host.nextEvents(timeout: .milliseconds(100), into: &events, times: &times)
        }
        XCTAssertEqual(events.count, times.count, "a time for every event")
        let input = zip(events, times).filter { if case .exposed = $0.0 { false } else { true } }
        XCTAssertEqual(input.map(\.0), [
            .pointerDown(.primary, x: 5, y: 5, modifiers: []),
            .pointerMoved(x: 7, y: 5, modifiers: []),
            .pointerUp(.primary, x: 7, y: 5, modifiers: []),
            .scrolled(deltaX: 0, deltaY: 1, x: 7, y: 5, modifiers: []),
        ])
        let expected = [4_294_966.0, 4_294_966.2, 4_294_968.0, 4_294_968.096]
        XCTAssertEqual(input.count, expected.count)
        for ((_, time), want) in zip(input, expected) {
            XCTAssertEqual(try XCTUnwrap(time), want, accuracy: 1e-6, "past the wrap at 2³² ms the clock goes on")
        }
        // An event sent with CurrentTime (0), as `xdotool --window` sends them, has no time.
        client.sendButton(ButtonPress, button: 1, x: 9, y: 9, to: host.windowID)
        client.sync()
        events.removeAll()
        times.removeAll()
        while !events.contains(where: { if case .pointerDown = $0 { true } else { false } }), Date() < deadline + 5 {
            try host.nextEvents(timeout: .milliseconds(100), into: &events, times: &times)
        }
        let press = zip(events, times).first { if case .pointerDown = $0.0 { true } else { false } }
        XCTAssertEqual(press.map { $0.1 == nil }, true, "CurrentTime is no time")
    }

    func testSyntheticKeysArriveWithKeysymTextAndRepeat() throws {
        let host = try makeHost()
        try host.synchronize()
        let client = try XClient(displayName)
        let a: UInt = 0x61, returnKey: UInt = 0xFF0D
        client.sendKey(KeyPress, keysym: a, state: UInt32(ShiftMask), time: 100, to: host.windowID)
        client.sendKey(KeyRelease, keysym: a, state: UInt32(ShiftMask), time: 150, to: host.windowID)
        client.sendKey(KeyPress, keysym: a, state: UInt32(ShiftMask), time: 150, to: host.windowID)
        client.sendKey(KeyRelease, keysym: a, state: UInt32(ShiftMask), time: 200, to: host.windowID)
        client.sendKey(KeyPress, keysym: returnKey, time: 300, to: host.windowID)
        client.sync()
        let events = try collectEvents(from: host) { if case let .keyDown(key) = $0 { key.keysym == 0xFF0D } else { false } }
        let keys = events.filter { if case .exposed = $0 { false } else { true } }
        XCTAssertEqual(keys, [
            .keyDown(KeyEvent(keysym: 0x41, text: "A", modifiers: [.shift])),
            .keyDown(KeyEvent(keysym: 0x41, text: "A", modifiers: [.shift], isRepeat: true)),
            .keyUp(KeyEvent(keysym: 0x41, text: "A", modifiers: [.shift])),
            .keyDown(KeyEvent(keysym: 0xFF0D, text: "\r")),
        ])
    }

    func testResizeIsReportedAndTheNextBackBufferHasTheNewSize() throws {
        let host = try makeHost()
        fill(try host.backBuffer(), seed: 3)
        try host.present()
        try host.synchronize()
        let client = try XClient(displayName)
        XResizeWindow(client.display, host.windowID, 150, 110)
        client.sync()
        let events = try collectEvents(from: host) { if case .resized = $0 { true } else { false } }
        let newSize = try PixelSize(width: 150, height: 110)
        XCTAssertTrue(events.contains(.resized(newSize)), "\(events)")
        XCTAssertEqual(host.size, newSize)
        let frame = try host.backBuffer()
        XCTAssertEqual(frame.size, newSize)
        fill(frame, seed: 4)
        try host.present(damage: [PixelRect(x: 0, y: 0, width: 1, height: 1)])
        try host.synchronize()
        let bounds = PixelRect(size: newSize)
        let pixels = try client.pixels(of: host.windowID, in: bounds)
        XCTAssertNil(firstMismatch(pixels, in: bounds) { patternPixel(x: $0, y: $1, seed: 4) },
                     "after a resize the whole frame is pushed, whatever the damage")
    }

    func testExposedAreaIsRepaintedFromTheLastFrameWithoutRerender() throws {
        let host = try makeHost()
        fill(try host.backBuffer(), seed: 9)
        try host.present()
        try host.synchronize()
        var events: [HostEvent] = []
        while try host.nextEvents(timeout: .zero, into: &events) == .events {}

        let client = try XClient(displayName)
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.background_pixel = 0xFFFFFF
        let cover = XCreateWindow(client.display, XDefaultRootWindow(client.display), 10, 10, 40, 30, 0, 0 /* CopyFromParent */,
                                  UInt32(InputOutput), nil, UInt(CWOverrideRedirect | CWBackPixel), &attributes)
        XMapRaised(client.display, cover)
        client.sync()
        XDestroyWindow(client.display, cover)
        client.sync()
        let uncovered = PixelRect(x: 10, y: 10, width: 40, height: 30)
        let cleared = try client.pixels(of: host.windowID, in: uncovered)
        XCTAssertNotNil(firstMismatch(cleared, in: uncovered) { patternPixel(x: $0, y: $1, seed: 9) },
                        "precondition: the server cleared the uncovered area before the host repaints it")

        var rendered = 0
        host.presentObserver = { _, _ in rendered += 1 }
        events = try collectEvents(from: host) { if case .exposed = $0 { true } else { false } }
        try host.synchronize()
        let bounds = PixelRect(size: host.size)
        let pixels = try client.pixels(of: host.windowID, in: bounds)
        XCTAssertNil(firstMismatch(pixels, in: bounds) { patternPixel(x: $0, y: $1, seed: 9) })
        XCTAssertEqual(rendered, 0, "an expose is repaired without a new frame")
    }
}

/// The waiting thread's kernel task, so another thread can see when it sleeps in `poll`.
struct ThreadIdentity: Sendable {
    let taskID: Int32

    /// The calling thread, from `/proc/thread-self` (a link to `/proc/<pid>/task/<tid>`).
    static var current: ThreadIdentity {
        let link = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
        return ThreadIdentity(taskID: link.split(separator: "/").last.flatMap { Int32($0) } ?? -1)
    }

    /// Spins (yielding) until the thread is inside poll/ppoll, read from
    /// `/proc/self/task/<tid>/syscall`; gives up after many tries so that a test never hangs here
    /// (the wake-up is latched, so the host must return either way).
    func waitUntilBlockedInPoll() {
        let path = "/proc/self/task/\(taskID)/syscall"
        let pollCalls: Set<String> = ["7", "271", "73"]   // x86-64 poll, ppoll; aarch64 ppoll
        for _ in 0..<1_000_000 {
            if let text = try? String(contentsOfFile: path, encoding: .utf8),
               let number = text.split(separator: " ").first, pollCalls.contains(String(number)) {
                return
            }
            sched_yield()
        }
    }
}
