import Glibc

/// The two system calls through which file contents leave the process. Tests substitute ones
/// that fail like a full disk; everything else uses `.system`.
package struct FileSink: Sendable {
    /// `write(2)`: bytes written, or -1 with `errno` set.
    package var write: @Sendable (_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int
    /// `fsync(2)`: 0, or -1 with `errno` set.
    package var sync: @Sendable (_ fd: Int32) -> Int32

    package init(write: @escaping @Sendable (_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int,
                 sync: @escaping @Sendable (_ fd: Int32) -> Int32) {
        self.write = write
        self.sync = sync
    }

    package static let system = FileSink(
        write: { fd, bytes, count in Glibc.write(fd, bytes, count) },
        sync: { fd in Glibc.fsync(fd) }
    )
}

/// Writes a file so that `path` either keeps its old contents or gets all of the new ones (see
/// `PendingFile`: a temporary file beside it, synced and renamed over it, the folder synced).
enum AtomicFileWriter {
    static func write(_ bytes: UnsafeRawBufferPointer, to path: String, sink: FileSink = .system) throws(ImageCodecError) {
        do {
            let file = try PendingFile(replacing: path, sink: sink)
            try file.write(bytes)
            try file.publish()
        } catch {
            throw ImageCodecError(error, path: path)
        }
    }

    /// Writes every byte to `fd`, resuming after short writes and `EINTR`; `path` names the
    /// output in errors.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, path: String, sink: FileSink) throws(ImageCodecError) {
        do {
            try Codecs.writeAll(bytes, to: fd, sink: sink)
        } catch {
            throw ImageCodecError(error, path: path)
        }
    }
}

extension ImageCodecError {
    /// The codec error for a failed file operation on `path`.
    init(_ failure: FileFailure, path: String) {
        switch failure {
        case let .cannotCreate(reason): self = .cannotCreate(path: path, reason: reason)
        case let .writeFailed(reason): self = .writeFailed(path: path, reason: reason)
        }
    }
}
