import Glibc

/// Why a file could not be made or written, in the words of `strerror` plus the errno's name.
///
/// The two cases match the exit codes a command line gives them: the output could not be
/// created (sysexits 73), or bytes could not be written to it (74).
package enum FileFailure: Error, Sendable {
    case cannotCreate(reason: String)
    case writeFailed(reason: String)
}

/// A new file written beside its destination and renamed over it only when it is complete, so
/// that the destination holds either its old contents or all of the new ones — never a prefix
/// that looks valid.
///
/// The bytes go to `.<name>.XXXXXX` in the destination's folder (mode 0644, close-on-exec).
/// `publish()` syncs it, renames it over the destination and syncs the folder so the rename
/// survives a crash. Released unpublished, the temporary file is removed.
package final class PendingFile {
    /// The destination.
    package let path: String
    private let temporaryPath: String
    private let descriptor: Int32
    private let sink: FileSink
    private var isPending = true

    /// Creates the temporary file for `path`. Fails when the folder cannot take a new file or
    /// when `path` ends in a slash.
    package init(replacing path: String, sink: FileSink = .system) throws(FileFailure) {
        let (folder, name) = PendingFile.split(path)
        guard !name.isEmpty else { throw .cannotCreate(reason: "the path names a folder, not a file") }
        var template = Array("\(folder)/.\(name).XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .cannotCreate(reason: errorText(errno)) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        fchmod(descriptor, 0o644)
        self.path = path
        self.descriptor = descriptor
        self.sink = sink
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    deinit {
        if isPending {
            close(descriptor)
            unlink(temporaryPath)
        }
    }

    /// Appends every byte of `bytes`.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(FileFailure) {
        try writeAll(bytes, to: descriptor, sink: sink)
    }

    /// Writes every byte of `bytes` at `offset` (`pwrite`), leaving the append position alone:
    /// for patching a header field once the rest is known.
    package func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(FileFailure) {
        var done = 0
        while done < bytes.count {
            let n = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if n > 0 {
                done += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                throw .writeFailed(reason: n == 0 ? "no progress writing (0 bytes written)" : errorText(errno))
            }
        }
    }

    /// Cuts the file to its first `byteCount` bytes and moves the append position there, so that
    /// the next `write` continues from the cut (after a failed write, to end the file properly).
    package func truncate(to byteCount: Int) throws(FileFailure) {
        guard ftruncate(descriptor, off_t(byteCount)) == 0, lseek(descriptor, off_t(byteCount), SEEK_SET) >= 0 else {
            throw .writeFailed(reason: errorText(errno))
        }
    }

    /// Syncs the file and renames it over the destination. After a failure the temporary file
    /// is removed and the destination is as it was.
    package func publish() throws(FileFailure) {
        guard isPending else { return }
        isPending = false
        var renamed = false
        defer { if !renamed { unlink(temporaryPath) } }
        guard sink.sync(descriptor) == 0 else {
            let reason = errorText(errno)
            close(descriptor)
            throw .writeFailed(reason: reason)
        }
        guard close(descriptor) == 0 else { throw .writeFailed(reason: errorText(errno)) }
        guard rename(temporaryPath, path) == 0 else { throw .cannotCreate(reason: errorText(errno)) }
        renamed = true
        syncFolder()
    }

    /// After a failed write: cuts the file back to its first `byteCount` bytes (what was
    /// complete before the failure) and publishes that. False when the cut, sync or rename
    /// fails too; the temporary file is then removed, as for an abandoned file.
    package func publishPrefix(_ byteCount: Int) -> Bool {
        guard isPending, ftruncate(descriptor, off_t(byteCount)) == 0 else { return false }
        do {
            try publish()
            return true
        } catch {
            return false
        }
    }

    private func syncFolder() {
        let folder = open(PendingFile.split(path).folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
    }

    /// The folder (".", "/" or the text before the last slash) and the last component.
    package static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }
}

/// Writes every byte of `bytes` to `descriptor`, resuming after short writes and `EINTR`.
package func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, sink: FileSink = .system) throws(FileFailure) {
    var offset = 0
    while offset < bytes.count {
        let n = sink.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if n > 0 {
            offset += n
        } else if n < 0, errno == EINTR {
            continue
        } else {
            throw .writeFailed(reason: n == 0 ? "no progress writing (0 bytes written)" : errorText(errno))
        }
    }
}

/// `strerror` text for `code` with the errno's name, e.g. "Permission denied (EACCES)".
package func errorText(_ code: Int32) -> String {
    let text = strerror(code).map { String(cString: $0) } ?? "error \(code)"
    let name: String? = switch code {
    case EACCES: "EACCES"
    case EPERM: "EPERM"
    case ENOENT: "ENOENT"
    case ENOTDIR: "ENOTDIR"
    case EISDIR: "EISDIR"
    case EEXIST: "EEXIST"
    case EROFS: "EROFS"
    case ENOSPC: "ENOSPC"
    case EDQUOT: "EDQUOT"
    case EFBIG: "EFBIG"
    case EPIPE: "EPIPE"
    case EIO: "EIO"
    default: nil
    }
    return name.map { "\(text) (\($0))" } ?? text
}
