import Glibc

/// A file descriptor that frames are written to, with errors named by `name`.
///
/// For files created here the bytes go to a temporary file beside the target
/// (`.<name>.XXXXXX`), which `publish()` syncs and renames over the target; if the writer is
/// released unpublished, the temporary file is removed. Borrowed descriptors are written
/// directly and never closed here.
final class OutputFile {
    let name: String
    private let fd: Int32
    private let temporaryPath: String?
    private var pending = true

    /// Creates the temporary file for `path`.
    init(creatingTemporaryFor path: String) throws(RecordingError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !base.isEmpty else { throw .cannotCreate(path: path, reason: "the path names a folder, not a file") }
        var template = Array("\(folder)/.\(base).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .cannotCreate(path: path, reason: errorText(errno)) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        fchmod(fd, 0o644)
        self.fd = fd
        self.name = path
        self.temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Writes to a descriptor owned by the caller (standard output, a pipe).
    init(borrowing fd: Int32, name: String) {
        self.fd = fd
        self.name = name
        self.temporaryPath = nil
    }

    deinit {
        if let temporaryPath, pending {
            close(fd)
            unlink(temporaryPath)
        }
    }

    /// Writes every byte, resuming after short writes and `EINTR`.
    func write(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n > 0 {
                offset += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                throw .writeFailed(path: name, reason: n == 0 ? "no progress writing" : errorText(errno))
            }
        }
    }

    /// After a failed write: cuts the temporary file back to its first `byteCount` bytes (what
    /// was complete before the failure), syncs it and renames it over the target. False when
    /// there is nothing of ours to publish (a borrowed descriptor) or the cut, sync or rename
    /// fails too; the temporary file is then removed as for an abandoned recording.
    func publishPrefix(_ byteCount: Int) -> Bool {
        guard let temporaryPath, pending else { return false }
        guard ftruncate(fd, off_t(byteCount)) == 0, fsync(fd) == 0 else { return false }
        pending = false
        close(fd)
        guard rename(temporaryPath, name) == 0 else {
            unlink(temporaryPath)
            return false
        }
        return true
    }

    /// Syncs and renames the temporary file over the target; for borrowed descriptors, nothing.
    func publish() throws(RecordingError) {
        guard let temporaryPath, pending else { return }
        pending = false
        defer { unlink(temporaryPath) }
        guard fsync(fd) == 0 else {
            let reason = errorText(errno)
            close(fd)
            throw .writeFailed(path: name, reason: reason)
        }
        guard close(fd) == 0 else { throw .writeFailed(path: name, reason: errorText(errno)) }
        guard rename(temporaryPath, name) == 0 else { throw .cannotCreate(path: name, reason: errorText(errno)) }
    }
}

/// `strerror` text with the errno name for the codes a recording meets.
func errorText(_ code: Int32) -> String {
    let text = strerror(code).map { String(cString: $0) } ?? "error \(code)"
    let name: String? = switch code {
    case EACCES: "EACCES"
    case ENOENT: "ENOENT"
    case ENOTDIR: "ENOTDIR"
    case EISDIR: "EISDIR"
    case EROFS: "EROFS"
    case ENOSPC: "ENOSPC"
    case EDQUOT: "EDQUOT"
    case EIO: "EIO"
    case EPIPE: "EPIPE"
    case EEXIST: "EEXIST"
    default: nil
    }
    return name.map { "\(text) (\($0))" } ?? text
}
