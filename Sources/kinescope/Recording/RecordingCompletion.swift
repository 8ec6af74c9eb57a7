@preconcurrency import Glibc
import Kinescope

/// What the end of a recording means for the command line: an interruption exits 130 / 143
/// saying what was kept (an APNG, GIF, WebP, WebM, MP4 or MOV is finished with the frames drawn so far), a failed frame exits 73 / 74 after removing any PNG files written after
/// it (so the folder holds complete frames up to the failure), success returns. A signal that
/// lands after the output was finished (every frame stored, the file published) interrupted
/// nothing: that is a success, not a claim that the file was not written.
enum RecordingCompletion {
    /// - Parameter framesRequested: how many frames the command was to draw; an interrupted
    ///   animation or video is published complete but shorter, which still exits 130 / 143.
    static func check(_ outcome: EncodingQueue.Outcome, interruption: Interruption, namer: PNGSequenceSink?,
                      outPath: String, format: RecordingFormat, framesRequested: Int) throws(CommandLineFailure) {
        if let signal = interruption.signal, !outcome.finished || outcome.framesStored < framesRequested {
            let stream = outPath == "-" || isDevice(outPath)
            let kept = if format == .png {
                "; \(outcome.framesStored) complete frames are in \(outPath)"
            } else if format.isAnimation && outcome.finished && outcome.framesStored > 0 {
                stream ? "; the stream ended after \(outcome.framesStored) frames"
                    : "; \(outPath) was finished with the \(outcome.framesStored) frames drawn so far"
            } else {
                stream ? "" : "; \(outPath) was not written"
            }
            throw CommandLineFailure(code: InterruptSignals.exitCode(for: signal), message: "interrupted\(kept)")
        }
        if let failure = outcome.failure {
            var message = failure.description
            if let namer, let failedIndex = outcome.failedIndex {
                for index in outcome.storedIndices where index > failedIndex {
                    unlink(namer.path(forIndex: index))
                }
                message += "; the \(failedIndex) frames before it are complete in \(outPath)"
            }
            throw CommandLineFailure(code: CommandLineFailure(recording: failure).code, message: message)
        }
    }

    static func isDevice(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG
    }
}
