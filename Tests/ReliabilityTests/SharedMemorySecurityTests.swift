import Foundation
import Glibc
import KinescopeTestSupport
@testable import Hosts
import Raster
import XCTest

/// Another user cannot attach an X11Host's shared-memory segments. (Their mode, 0600, and their
/// removal mark are checked by HostsTests' testSharedSegmentsArePrivateMarkedForRemovalAndFreedWithTheHost.)
final class SharedMemorySecurityTests: XCTestCase {
    /// `shmat` of a segment id through ctypes; prints "attached" or "errno N".
    static let attachScript = """
        import ctypes, sys
        libc = ctypes.CDLL(None, use_errno=True)
        libc.shmat.restype = ctypes.c_void_p
        libc.shmat.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
        address = libc.shmat(int(sys.argv[1]), None, 0)
        print("attached" if address is not None and address != ctypes.c_void_p(-1).value else "errno %d" % ctypes.get_errno())
        """

    func testAnotherUserCannotAttachALiveSegment() throws {
        guard getuid() == 0 else { throw XCTSkip("switching to the nobody user needs root") }
        // The system interpreter: one under root's home (pyenv) is not executable by nobody.
        let python = "/usr/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else { throw XCTSkip("\(python) is needed for the attach attempt") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { throw XCTSkip("setpriv is not installed") }
        let server = try OwnXServer()
        let before = Set(try SharedSegment.created(by: getpid()).map(\.id))
        let host = try X11Host(size: PixelSize(width: 64, height: 48), displayName: server.displayName)
        XCTAssertEqual(host.presentationPath, .sharedMemory)
        let segments = try SharedSegment.created(by: getpid()).filter { !before.contains($0.id) }
        XCTAssertFalse(segments.isEmpty, "the host's segments are listed")

        for segment in segments {
            let asRoot = try Child(python, ["-c", Self.attachScript, String(segment.id)])
            asRoot.wait(limit: 30)
            XCTAssertEqual(String(decoding: asRoot.standardOutput, as: UTF8.self), "attached\n",
                           "control: root (CAP_IPC_OWNER) can attach segment \(segment.id): \(asRoot.standardError)")
            let asNobody = try Child("/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", python,
                                                          "-c", Self.attachScript, String(segment.id)])
            asNobody.wait(limit: 30)
            XCTAssertEqual(String(decoding: asNobody.standardOutput, as: UTF8.self), "errno \(EACCES)\n",
                           "user nobody is refused segment \(segment.id): \(asNobody.standardError)")
        }
        _ = host
    }
}
