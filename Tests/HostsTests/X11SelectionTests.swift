import CX11
import Foundation
@testable import Hosts
import KinescopeTestSupport
import Raster
import XCTest

/// CLIPBOARD and PRIMARY between an X11Host and other X11 clients (`xclip`, and a raw second
/// connection for owners that misbehave), on an Xvfb of its own.
final class X11SelectionTests: XCTestCase {
    private var server: OwnXServer?
    private var host: X11Host?
    private var diagnostics: [String] = []

    override func setUpWithError() throws {
        let server = try OwnXServer(["-screen", "0", "320x240x24"])
        self.server = server
        let host = try X11Host(size: PixelSize(width: 64, height: 48), displayName: server.displayName)
        host.diagnosticHandler = { [weak self] in self?.diagnostics.append($0) }
        try host.synchronize()
        self.host = host
    }

    override func tearDown() {
        host = nil
        server?.stop()
        server = nil
    }

    private var display: String { server?.displayName ?? "" }

    /// Runs `xclip -o` for `selection` while the host answers, and returns what xclip printed.
    private func xclipOutput(_ selection: String, target: String? = nil) throws -> [UInt8] {
        let host = try XCTUnwrap(host)
        let tool = try XTool("xclip", ["-o", "-selection", selection] + (target.map { ["-t", $0] } ?? []),
                             display: display)
        try pump(host) { !tool.process.isRunning }
        XCTAssertEqual(tool.process.terminationStatus, 0, "xclip -o -selection \(selection) failed")
        return tool.output
    }

    /// Starts `xclip -i` owning `selection` with `bytes`, serving one request, and waits until
    /// it owns it (it reads all its input first). It is ended when the returned tool is released.
    private func xclipOwning(_ selection: String, _ bytes: [UInt8]) throws -> XTool {
        let tool = try XTool("xclip", ["-i", "-selection", selection, "-quiet", "-loops", "1"], display: display,
                             input: bytes)
        let client = try XClient(display)
        let atom = client.atom(selection.uppercased())
        let notXclip: Set<UInt> = [0, try XCTUnwrap(host).windowID]
        for _ in 0..<500 where notXclip.contains(XGetSelectionOwner(client.display, atom)) {
            usleep(10_000)
        }
        XCTAssertFalse(notXclip.contains(XGetSelectionOwner(client.display, atom)), "xclip did not take \(selection)")
        return tool
    }

    func testCopiedTextIsPastedByAnotherClientFromBothSelections() throws {
        let host = try XCTUnwrap(host)
        host.setText("Grüße ✓ 日本", in: .clipboard)
        host.setText("primary text", in: .primary)
        XCTAssertEqual(String(decoding: try xclipOutput("clipboard"), as: UTF8.self), "Grüße ✓ 日本")
        XCTAssertEqual(String(decoding: try xclipOutput("primary"), as: UTF8.self), "primary text")
        XCTAssertEqual(host.text(in: .clipboard), "Grüße ✓ 日本", "the owner reads its own text without a round trip")
    }

    func testTargetsAndLatin1StringAreOffered() throws {
        let host = try XCTUnwrap(host)
        host.setText("Café ✓", in: .clipboard)
        let targets = String(decoding: try xclipOutput("clipboard", target: "TARGETS"), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        XCTAssertEqual(Set(targets), ["TARGETS", "MULTIPLE", "TIMESTAMP", "UTF8_STRING", "TEXT", "STRING"])
        XCTAssertEqual(try xclipOutput("clipboard", target: "STRING"), [0x43, 0x61, 0x66, 0xE9, 0x20, 0x3F])
        XCTAssertEqual(String(decoding: try xclipOutput("clipboard", target: "TEXT"), as: UTF8.self), "Café ✓")
    }

    /// ICCCM's MULTIPLE: one request converting several targets, each into its own property;
    /// the pairs that cannot be converted come back with their property set to None.
    func testMultipleConvertsEachPairAndMarksTheOnesItCannot() throws {
        let host = try XCTUnwrap(host)
        host.setText("Café", in: .clipboard)
        let client = try XClient(display)
        let root = XDefaultRootWindow(client.display)
        let window = XCreateSimpleWindow(client.display, root, 0, 0, 1, 1, 0, 0, 0)
        let (utf8, latin1, bogus, multiple) = (client.atom("UTF8_STRING"), UInt(XA_STRING), client.atom("_NO_SUCH_TARGET"),
                                               client.atom("MULTIPLE"))
        let (first, second, third, list) = (client.atom("_P1"), client.atom("_P2"), client.atom("_P3"), client.atom("_LIST"))
        let pairs: [UInt] = [utf8, first, latin1, second, bogus, third, multiple, first]
        pairs.withUnsafeBytes { bytes in
            _ = XChangeProperty(client.display, window, list, client.atom("ATOM_PAIR"), 32, PropModeReplace,
                                bytes.bindMemory(to: UInt8.self).baseAddress, Int32(pairs.count))
        }
        XConvertSelection(client.display, client.atom("CLIPBOARD"), multiple, list, window, UInt(CurrentTime))
        client.sync()
        var notified: XSelectionEvent?
        try pump(host) {
            var event = XEvent()
            while XCheckTypedWindowEvent(client.display, window, SelectionNotify, &event) != 0 { notified = event.xselection }
            return notified != nil
        }
        XCTAssertEqual(notified?.property, list, "the request succeeded")
        XCTAssertEqual(notified?.target, multiple)
        XCTAssertEqual(client.property("_P1", of: window).map { String(decoding: $0.bytes, as: UTF8.self) }, "Café")
        XCTAssertEqual(client.property("_P1", of: window)?.type, "UTF8_STRING")
        XCTAssertEqual(client.property("_P2", of: window)?.bytes, [0x43, 0x61, 0x66, 0xE9])
        XCTAssertNil(client.property("_P3", of: window), "nothing written for an unknown target")
        XCTAssertEqual(client.longs("_LIST", of: window), [utf8, first, latin1, second, bogus, 0, multiple, 0],
                       "the failed pairs rewritten with None")
        XCTAssertEqual(client.property("_LIST", of: window)?.type, "ATOM_PAIR")
    }

    func testTextCopiedByAnotherClientIsPasted() throws {
        let host = try XCTUnwrap(host)
        let tool = try xclipOwning("clipboard", Array("from xclip: ÅØ ✓".utf8))
        XCTAssertEqual(host.text(in: .clipboard), "from xclip: ÅØ ✓")
        XCTAssertTrue(diagnostics.isEmpty, "\(diagnostics)")
    }

    func testLargeTextGoesBothWaysIncrementally() throws {
        let host = try XCTUnwrap(host)
        let large = String(repeating: "0123456789abcdeé✓\n", count: 40_000)
        XCTAssertGreaterThan(large.utf8.count, host.incrementalThreshold)
        host.setText(large, in: .clipboard)
        let pasted = try xclipOutput("clipboard")
        XCTAssertEqual(pasted.count, large.utf8.count)
        XCTAssertTrue(pasted == Array(large.utf8), "the INCR transfer changed the text")
        XCTAssertTrue(host.outgoingTransfers.isEmpty, "the finished transfer is forgotten")

        let reversed = String(repeating: String(large.reversed()), count: 25)
        let tool = try xclipOwning("clipboard", Array(reversed.utf8))
        let read = host.text(in: .clipboard, timeout: .seconds(10))
        XCTAssertEqual(read?.utf8.count, reversed.utf8.count)
        XCTAssertTrue(read == reversed)
    }

    func testInvalidUTF8FromTheOwnerIsRepairedWithReplacementCharacters() throws {
        let host = try XCTUnwrap(host)
        let tool = try xclipOwning("clipboard", [0x6F, 0x6B, 0xFF, 0x20, 0xC3, 0x28, 0xE2, 0x9C])
        XCTAssertEqual(host.text(in: .clipboard), "ok\u{FFFD} \u{FFFD}(\u{FFFD}")
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        XCTAssertTrue(diagnostics.first?.contains("invalid UTF-8") == true, "\(diagnostics)")
    }

    func testOwnerThatNeverAnswersGivesNilAfterTheTimeOutAndEventsStillArrive() throws {
        let host = try XCTUnwrap(host)
        let silent = try XClient(display)
        let window = XCreateSimpleWindow(silent.display, XDefaultRootWindow(silent.display), 0, 0, 1, 1, 0, 0, 0)
        XSetSelectionOwner(silent.display, silent.atom("CLIPBOARD"), window, 0)
        silent.sync()
        XCTAssertEqual(XGetSelectionOwner(silent.display, silent.atom("CLIPBOARD")), window)

        let other = try XClient(display)
        other.sendDeleteWindow(to: host.windowID)
        other.sync()
        XCTAssertNil(host.text(in: .clipboard, timeout: .milliseconds(300)))
        XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
        XCTAssertTrue(diagnostics.first?.contains("did not answer") == true, "\(diagnostics)")
        let events = try collectEvents(from: host) { $0 == .closeRequested }
        XCTAssertTrue(events.contains(.closeRequested), "an event that arrived during the wait is kept for nextEvents")

        host.setText("ours now", in: .clipboard)
        XCTAssertEqual(String(decoding: try xclipOutput("clipboard"), as: UTF8.self), "ours now",
                       "the host still answers requests after a timed-out read")
    }

    func testSelectionWithoutOwnerGivesNilAtOnce() throws {
        XCTAssertNil(try XCTUnwrap(host).text(in: .primary))
        XCTAssertTrue(diagnostics.isEmpty)
    }

    func testOwnershipTakenByAnotherClientEndsOursAndNilGivesItUp() throws {
        let host = try XCTUnwrap(host)
        host.setText("mine", in: .primary)
        let tool = try xclipOwning("primary", Array("theirs".utf8))
        XCTAssertEqual(host.text(in: .primary), "theirs")
        XCTAssertNil(host.ownedSelections[host.selectionAtom(.primary)], "SelectionClear dropped our text")

        host.setText("again", in: .clipboard)
        host.setText(nil, in: .clipboard)
        let client = try XClient(display)
        XCTAssertEqual(XGetSelectionOwner(client.display, client.atom("CLIPBOARD")), 0)
        XCTAssertNil(host.text(in: .clipboard))
    }
}
