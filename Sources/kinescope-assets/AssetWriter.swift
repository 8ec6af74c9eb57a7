import Codecs
import Glibc
import Raster

/// Writes the pictures into one folder and reports each file on standard output.
struct AssetWriter {
    let folder: String

    /// Uses `folder`, creating it (not its parents) when it does not exist.
    init(folder: String) throws(AssetError) {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw .cannotCreateFolder(path: folder, reason: "it exists and is not a folder")
            }
        } else if mkdir(folder, 0o755) != 0 {
            throw .cannotCreateFolder(path: folder, reason: String(cString: strerror(errno)))
        }
        self.folder = folder
    }

    private func path(_ name: String) -> String { folder.hasSuffix("/") ? folder + name : folder + "/" + name }

    /// Writes `bitmap` as `name` in PNG at zlib level 9 (the files are committed, so smallest wins).
    func png(_ bitmap: Bitmap, _ name: String) throws(AssetError) {
        let target = path(name)
        do { try PNGEncoder.write(bitmap, to: target, compressionLevel: 9) } catch { throw .png(error) }
        report(target, bitmap)
    }

    /// Writes `bitmap` as `name` in JPEG at `quality`, through a temporary file renamed over
    /// the target so that a failure leaves no partial file under `name`.
    func jpeg(_ bitmap: Bitmap, _ name: String, quality: Int) throws(AssetError) {
        let target = path(name)
        let bytes = try JPEGWriter.encode(bitmap, quality: quality)
        let temporary = target + ".partial"
        func failure() -> AssetError { .cannotWrite(path: target, reason: String(cString: strerror(errno))) }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure() }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                let error = failure()
                close(fd)
                unlink(temporary)
                throw error
            }
            written += n
        }
        guard close(fd) == 0, rename(temporary, target) == 0 else {
            let error = failure()
            unlink(temporary)
            throw error
        }
        report(target, bitmap)
    }

    private func report(_ path: String, _ bitmap: Bitmap) {
        var info = stat()
        let bytes = stat(path, &info) == 0 ? Int(info.st_size) : 0
        print("wrote \(path) (\(bitmap.width)x\(bitmap.height), \(bytes) bytes)")
    }
}
