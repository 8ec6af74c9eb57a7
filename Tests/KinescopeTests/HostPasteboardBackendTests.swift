import Hosts
@testable import Kinescope
import Raster
import XCTest

/// `UIPasteboard`'s backend on a host's selections (here the headless host's in-memory ones).
final class HostPasteboardBackendTests: XCTestCase {
    func testGeneralAndPrimaryMapToClipboardAndPrimarySelections() throws {
        try MainActor.assumeIsolated {
            let host = try HeadlessHost(size: PixelSize(width: 4, height: 4))
            let backend = HostPasteboardBackend(host: host)
            XCTAssertEqual(backend.timeout, .seconds(1))
            backend.setString("general", on: .clipboard)
            backend.setString("primary", on: .primary)
            XCTAssertEqual(host.text(in: .clipboard), "general")
            XCTAssertEqual(host.text(in: .primary), "primary")
            host.setText("from elsewhere", in: .clipboard)
            XCTAssertEqual(backend.string(on: .clipboard), "from elsewhere")
            backend.setString(nil, on: .primary)
            XCTAssertNil(host.text(in: .primary))
        }
    }

    func testBackendDoesNotKeepTheHostAliveAndKeepsTextInMemoryAfterwards() throws {
        try MainActor.assumeIsolated {
            var host: HeadlessHost? = try HeadlessHost(size: PixelSize(width: 4, height: 4))
            weak let weakHost = host
            let backend = HostPasteboardBackend(host: host!)
            host = nil
            XCTAssertNil(weakHost)
            XCTAssertNil(backend.host)
            XCTAssertNil(backend.string(on: .clipboard))
            backend.setString("kept", on: .clipboard)
            XCTAssertEqual(backend.string(on: .clipboard), "kept", "a pasteboard outliving its window still copies and pastes")
            XCTAssertNil(backend.string(on: .primary))
        }
    }
}
