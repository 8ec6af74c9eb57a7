@preconcurrency import Glibc
import Kinescope
import Synchronization

/// `kinescope view … --record PATH`: the live viewer with a `LiveRecorder` on its present path.
enum ViewRecording {
    /// Opens the viewer (images and display are checked first, so a missing display leaves no
    /// empty recording behind), then the recording output, and runs until the user quits. The
    /// recording is finished on every way out: quit, window closed, an error, SIGINT or SIGTERM
    /// (which then exit 130 or 143 once the recording is published). A one-line summary with the
    /// number of dropped frames goes to standard error.
    @MainActor
    static func run(_ options: ImageViewer.Options, recordingTo path: String) throws(CommandLineFailure) -> ExitCode {
        let format = try RecordingFormat.resolve(nil, path: path, option: "--record")
        let output = RecordingOutput(path: path, format: format,
                                     framesPerSecond: min(1000, max(1, Int(options.framesPerSecond.rounded()))))
        InterruptSignals.ignoreBrokenPipes()
        let slot = RecorderSlot()
        let signalSources = InterruptSignals.trap { signal in
            if let recorder = slot.recorder { report(recorder.finish()) }
            // `_exit`: the main thread is still running the viewer; skip atexit handlers that
            // could race with it. Standard error is unbuffered and the stream bypasses stdio.
            _exit(InterruptSignals.exitCode(for: signal).rawValue)
        }
        defer { signalSources.forEach { $0.cancel() } }
        let viewer = try ImageViewer(options: options)
        let recorder = try LiveRecorder(output: output, size: options.size)
        slot.recorder = recorder
        viewer.presentObserver = recorder.observer

        let result = Result { () throws(CommandLineFailure) in try viewer.run() }
        viewer.presentObserver = nil
        let recording = recorder.finish()
        if case let .failure(viewerFailure) = result {
            report(recording)
            throw viewerFailure
        }
        switch recording {
        case let .success(summary):
            fputs("kinescope: \(summary)\n", stderr)
            return try result.get()
        case let .failure(failure):
            throw failure
        }
    }

    private static func report(_ recording: Result<String, CommandLineFailure>) {
        switch recording {
        case let .success(summary): fputs("kinescope: \(summary)\n", stderr)
        case let .failure(failure): fputs("kinescope: \(failure.message)\n", stderr)
        }
    }
}

/// The recorder, once it exists, for the signal handler (which is installed before it).
private final class RecorderSlot: Sendable {
    private let stored = Mutex<LiveRecorder?>(nil)

    var recorder: LiveRecorder? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
