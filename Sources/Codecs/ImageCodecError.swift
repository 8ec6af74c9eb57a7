/// Why an image could not be read, decoded, encoded or written.
///
/// Every message names the file (or the in-memory `name` given to `ImageFile.decode`) and says
/// what went wrong and, where it helps, what would be valid. The cases are split so that a
/// command line can map them to sysexits codes: `fileNotFound` → 66 (no input); `unreadable`,
/// `empty`, `notAnImage`, `truncated`, `corrupt`, `unsupported`, `dimensionsTooLarge`,
/// `fileTooLarge` → 65 (bad data) or 66; `cannotCreate` → 73; `writeFailed` → 74;
/// `invalidCompressionLevel` and `emptyBitmap` are caller mistakes (64 or 70).
public enum ImageCodecError: Error, Equatable, CustomStringConvertible {
    /// Nothing exists at `path` (or a folder on the way is missing or is a file).
    case fileNotFound(path: String)
    /// The path exists but its bytes cannot be read: permission denied, a folder, a device or
    /// pipe (only regular files are read), or an I/O error part-way.
    case unreadable(path: String, reason: String)
    /// The file or buffer holds zero bytes.
    case empty(name: String)
    /// The first bytes are neither the PNG signature nor a JPEG start-of-image marker.
    case notAnImage(name: String)
    /// The data ends before the image does.
    case truncated(name: String, detail: String)
    /// The data is damaged: a bad checksum, a malformed chunk or marker, a broken compressed
    /// stream, invalid header values.
    case corrupt(name: String, detail: String)
    /// A well-formed image in a variant this decoder does not read (for example 12-bit or
    /// arithmetic-coded JPEG, an unknown critical PNG chunk).
    case unsupported(name: String, detail: String)
    /// A side above `ImageLimits.maxDimension` or more than `ImageLimits.maxPixelCount` pixels;
    /// refused before any pixel memory is allocated.
    case dimensionsTooLarge(name: String, width: Int, height: Int)
    /// A file larger than `ImageLimits.maxFileSize` bytes; refused before reading it.
    case fileTooLarge(path: String, byteCount: Int)
    /// A PNG compression level outside `0...9`.
    case invalidCompressionLevel(Int)
    /// A bitmap with a zero side, which PNG cannot store (its width and height are at least 1).
    case emptyBitmap(width: Int, height: Int)
    /// The encoder failed for a reason other than the input (such as memory exhaustion).
    case encoderFailed(detail: String)
    /// The output file cannot be created: its folder is missing, not writable or read-only,
    /// or the final name is taken by a folder.
    case cannotCreate(path: String, reason: String)
    /// Writing or syncing the output failed part-way (disk full, quota, I/O error). Nothing is
    /// left under the final path.
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case let .fileNotFound(path):
            "\(path): no such file"
        case let .unreadable(path, reason):
            "\(path): cannot read: \(reason)"
        case let .empty(name):
            "\(name): empty file (0 bytes); expected a PNG or JPEG image"
        case let .notAnImage(name):
            "\(name): not a PNG or JPEG image (unknown signature)"
        case let .truncated(name, detail):
            "\(name): truncated image: \(detail)"
        case let .corrupt(name, detail):
            "\(name): corrupt image: \(detail)"
        case let .unsupported(name, detail):
            "\(name): unsupported image variant: \(detail)"
        case let .dimensionsTooLarge(name, width, height):
            "\(name): image of \(width)x\(height) pixels is too large; each side must be at most "
                + "\(ImageLimits.maxDimension) and the total at most \(ImageLimits.maxPixelCount) pixels"
        case let .fileTooLarge(path, byteCount):
            "\(path): file of \(byteCount) bytes is too large; at most \(ImageLimits.maxFileSize) bytes are read"
        case let .invalidCompressionLevel(level):
            "PNG compression level \(level) is invalid; use 0 (none) to 9 (smallest), 6 is the default"
        case let .emptyBitmap(width, height):
            "cannot encode a \(width)x\(height) bitmap as PNG: width and height must be at least 1"
        case let .encoderFailed(detail):
            "PNG encoder failed: \(detail)"
        case let .cannotCreate(path, reason):
            "\(path): cannot create file: \(reason)"
        case let .writeFailed(path, reason):
            "\(path): write failed: \(reason)"
        }
    }
}

/// Hard limits applied to every decoded image and file read, so that a hostile or broken file
/// cannot make the process allocate gigabytes.
public enum ImageLimits {
    /// The longest accepted side, in pixels (`PixelSize.maxDimension`, 16384).
    public static let maxDimension = 16384
    /// The most pixels accepted in one image: 64 Mpx (2²⁶), 256 MiB as BGRA8.
    public static let maxPixelCount = 1 << 26
    /// The largest file `ImageFile.read` reads: 512 MiB.
    public static let maxFileSize = 1 << 29
    /// The longest PNG chunk accepted, and the most memory libspng may keep for ancillary chunks
    /// (text, ICC profiles, …): 64 MiB each.
    public static let maxPNGChunkBytes = 1 << 26

    static func check(width: Int, height: Int, name: String) throws(ImageCodecError) {
        guard width >= 1, height >= 1 else {
            throw .corrupt(name: name, detail: "image size \(width)x\(height) has a zero side")
        }
        guard width <= maxDimension, height <= maxDimension, width * height <= maxPixelCount else {
            throw .dimensionsTooLarge(name: name, width: width, height: height)
        }
    }
}
