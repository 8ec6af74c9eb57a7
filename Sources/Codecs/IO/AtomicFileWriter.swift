import Glibc

/// The two system calls through which file contents leave the process. Tests substitute ones
/// that fail like a full disk; everything else uses `.system`.
struct FileSink: Sendable {
    /// `write(2)`: bytes written, or -1 with `errno` set.
    var write: @Sendable (_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int
    /// `fsync(2)`: 0, or -1 with `errno` set.
    var sync: @Sendable (_ fd: Int32) -> Int32

    static let system = FileSink(
        write: { fd, bytes, count in Glibc.write(fd, bytes, count) },
        sync: { fd in Glibc.fsync(fd) }
    )
}

/// Writes a file so that `path` either keeps its old contents or gets all of the new ones.
///
/// The bytes go to a new temporary file in the same folder (`.<name>.XXXXXX`, mode 0644), which
/// is synced, closed and renamed over `path`; the folder is then synced so the rename survives a
/// crash. On any failure the temporary file is removed.
enum AtomicFileWriter {
    static func write(_ bytes: UnsafeRawBufferPointer, to path: String, sink: FileSink = .system) throws(ImageCodecError) {
        let (folder, name) = split(path)
        guard !name.isEmpty else { throw .cannotCreate(path: path, reason: "the path names a folder, not a file") }
        var template = Array("\(folder)/.\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .cannotCreate(path: path, reason: errorText(errno)) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var closed = false
        var renamed = false
        defer {
            if !closed { close(fd) }
            if !renamed { unlink(temporary) }
        }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        fchmod(fd, 0o644)

        try writeAll(bytes, to: fd, path: path, sink: sink)
        guard sink.sync(fd) == 0 else { throw .writeFailed(path: path, reason: errorText(errno)) }
        closed = true
        guard close(fd) == 0 else { throw .writeFailed(path: path, reason: errorText(errno)) }
        guard rename(temporary, path) == 0 else { throw .cannotCreate(path: path, reason: errorText(errno)) }
        renamed = true

        let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            _ = fsync(folderFD)
            close(folderFD)
        }
    }

    /// Writes every byte to `fd`, resuming after short writes and `EINTR`; `path` names the
    /// output in errors.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, path: String, sink: FileSink) throws(ImageCodecError) {
        var offset = 0
        while offset < bytes.count {
            let n = sink.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n > 0 {
                offset += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                let reason = n == 0 ? "no progress writing (0 bytes written)" : errorText(errno)
                throw .writeFailed(path: path, reason: reason)
            }
        }
    }

    /// The folder (".", "/" or the text before the last slash) and the last component.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }
}
