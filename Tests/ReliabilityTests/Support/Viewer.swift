import Foundation
import Glibc
import KinescopeTestSupport
import XCTest

/// `kinescope view` on a test's own X server, recording, with helpers to wait for recorded
/// frames (inotify on the recording's folder, never a timer).
struct RecordingViewer {
    static let size = (width: 160, height: 120)
    static let header = "YUV4MPEG2 W160 H120 F60:1 Ip A1:1 C420jpeg XYSCSS=420JPEG XCOLORRANGE=LIMITED\n"
    /// `FRAME\n` and the 4:2:0 planes of one 160×120 frame.
    static let frameBytes = 6 + 160 * 120 * 3 / 2

    let child: Child
    let display: String

    /// Starts the viewer on the demo images with a fade that lasts ten minutes once started (a
    /// click starts it), so frames keep coming until the test intervenes.
    init(display: String, recordTo path: String, wrapper: [String] = [], standardOutput: Any? = FileHandle.nullDevice,
         environment: [String: String?] = [:]) throws {
        let kinescope = try Programs.kinescope()
        let arguments = ["view", "\(Programs.assets)/Anchor.png", "\(Programs.assets)/Cone.png", "--transition", "fade",
                         "--duration", "600", "--size", "\(Self.size.width)x\(Self.size.height)", "--record", path]
        var env = environment
        env["DISPLAY"] = display
        env["KINESCOPE_NO_SHM"] = .some(nil)
        if wrapper.isEmpty {
            child = try Child(kinescope, arguments, environment: env, standardOutput: standardOutput)
        } else {
            child = try Child(wrapper[0], Array(wrapper.dropFirst()) + [kinescope] + arguments, environment: env,
                              standardOutput: standardOutput)
        }
        self.display = display
    }

    /// Bytes recorded so far into `folder` for a Y4M file named `name` (its hidden temporary
    /// file while recording, the file itself once published).
    static func recordedFrames(in folder: String, name: String) -> Int {
        let bytes = bytesInFiles(in: folder, prefix: ".\(name).") + bytesInFiles(in: folder, prefix: name)
        return max(0, bytes - header.utf8.count) / frameBytes
    }

    /// Waits until `count` frames of the Y4M recording `name` in `folder` are on disk, or the
    /// viewer has exited.
    func waitForFrames(_ count: Int, in folder: String, name: String) throws -> Bool {
        try waitForChanges(in: folder) { Self.recordedFrames(in: folder, name: name) >= count || !child.process.isRunning }
            && Self.recordedFrames(in: folder, name: name) >= count
    }

    /// Clicks into the window to start the long fade.
    func startTransition() throws {
        guard let window = try windowOf(pid: child.pid, display: display) else {
            throw ReliabilityError("the viewer's window did not appear: \(child.process.isRunning ? "running" : child.standardError)")
        }
        try click(window, x: 80, y: 60, display: display)
    }
}
