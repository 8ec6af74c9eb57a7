import Codecs
import Glibc

/// A file descriptor that frames are written to, with errors named by `name`.
///
/// Files created here are `PendingFile`s: the bytes go to a temporary file beside the target,
/// which `publish()` syncs and renames over it, and which is removed if the writer is released
/// unpublished. Borrowed descriptors (standard output, a pipe) are written directly and never
/// closed here.
final class OutputFile {
    let name: String
    private let destination: Destination

    private enum Destination {
        case pending(PendingFile)
        case borrowed(Int32)
    }

    /// Creates the temporary file for `path`.
    init(creatingTemporaryFor path: String) throws(RecordingError) {
        do {
            destination = .pending(try PendingFile(replacing: path))
        } catch {
            throw RecordingError(error, path: path)
        }
        name = path
    }

    /// Writes to a descriptor owned by the caller (standard output, a pipe).
    init(borrowing fd: Int32, name: String) {
        destination = .borrowed(fd)
        self.name = name
    }

    /// Writes every byte, resuming after short writes and `EINTR`.
    func write(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) {
        do {
            switch destination {
            case let .pending(file): try file.write(bytes)
            case let .borrowed(fd): try writeAll(bytes, to: fd)
            }
        } catch {
            throw RecordingError(error, path: name)
        }
    }

    /// Whether `write(_:at:)` and `truncate(to:)` work: true for files created here, false for
    /// borrowed descriptors (a pipe or device cannot be patched afterwards).
    var isPatchable: Bool {
        if case .pending = destination { return true }
        return false
    }

    /// Overwrites bytes at `offset` of a file created here (a frame count in a header).
    func write(_ bytes: [UInt8], at offset: Int) throws(RecordingError) {
        guard case let .pending(file) = destination else {
            throw .writeFailed(path: name, reason: "cannot seek back in a pipe or device")
        }
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(FileFailure) in try file.write(buffer, at: offset) }
        }
        if case let .failure(error) = result { throw RecordingError(error, path: name) }
    }

    /// Cuts a file created here back to `byteCount` bytes; later writes continue from there.
    func truncate(to byteCount: Int) throws(RecordingError) {
        guard case let .pending(file) = destination else {
            throw .writeFailed(path: name, reason: "cannot cut back a pipe or device")
        }
        do {
            try file.truncate(to: byteCount)
        } catch {
            throw RecordingError(error, path: name)
        }
    }

    /// Writes every byte of `bytes`.
    func write(_ bytes: [UInt8]) throws(RecordingError) {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(RecordingError) in try write(buffer) }
        }
        try result.get()
    }

    /// After a failed write: cuts the temporary file back to its first `byteCount` bytes (what
    /// was complete before the failure) and publishes that. False when there is nothing of ours
    /// to publish (a borrowed descriptor) or the cut, sync or rename fails too; the temporary
    /// file is then removed as for an abandoned recording.
    func publishPrefix(_ byteCount: Int) -> Bool {
        guard case let .pending(file) = destination else { return false }
        return file.publishPrefix(byteCount)
    }

    /// Syncs and renames the temporary file over the target; for borrowed descriptors, nothing.
    func publish() throws(RecordingError) {
        guard case let .pending(file) = destination else { return }
        do {
            try file.publish()
        } catch {
            throw RecordingError(error, path: name)
        }
    }
}

extension RecordingError {
    /// The recording error for a failed file operation on `path`.
    init(_ failure: FileFailure, path: String) {
        switch failure {
        case let .cannotCreate(reason): self = .cannotCreate(path: path, reason: reason)
        case let .writeFailed(reason): self = .writeFailed(path: path, reason: reason)
        }
    }
}
