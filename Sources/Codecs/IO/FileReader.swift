import Glibc

/// Reads whole regular files, classifying failures as `ImageCodecError` cases.
enum FileReader {
    /// The bytes of the regular file at `path`, at most `limit` of them.
    ///
    /// Folders, devices, pipes and sockets are refused (`unreadable`) rather than read, so that
    /// `/dev/zero` or a FIFO can never make a decoder block or grow without bound.
    static func readAll(path: String, limit: Int = ImageLimits.maxFileSize) throws(ImageCodecError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR || path.isEmpty { throw .fileNotFound(path: path) }
            throw .unreadable(path: path, reason: errorText(code))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(path: path, reason: errorText(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .unreadable(path: path, reason: "is a folder, not a file")
        default: throw .unreadable(path: path, reason: "not a regular file (a device, pipe or socket)")
        }
        let size = Int(info.st_size)
        guard size <= limit else { throw .fileTooLarge(path: path, byteCount: size) }
        // The file may change size between fstat and read; one extra byte detects growth.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var total = 0
        var failure: Int32 = 0
        bytes.withUnsafeMutableBytes { buffer in
            while total < buffer.count {
                let n = read(fd, buffer.baseAddress! + total, buffer.count - total)
                if n > 0 {
                    total += n
                } else if n == 0 {
                    break
                } else if errno != EINTR {
                    failure = errno
                    break
                }
            }
        }
        if failure != 0 { throw .unreadable(path: path, reason: errorText(failure)) }
        if total > size { throw .unreadable(path: path, reason: "the file grew while it was being read") }
        bytes.removeSubrange(total...)
        return bytes
    }
}
