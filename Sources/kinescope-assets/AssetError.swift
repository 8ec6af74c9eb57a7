import Codecs

/// Why `kinescope-assets` stopped; each message is one line naming the path or argument.
enum AssetError: Error, CustomStringConvertible {
    /// The command line is not `kinescope-assets OUTPUT-FOLDER`.
    case usage(String)
    /// The output folder is missing and cannot be made, or the path is not a folder.
    case cannotCreateFolder(path: String, reason: String)
    /// TurboJPEG refused to encode (out of memory, or a bug here).
    case jpegEncodingFailed(detail: String)
    /// A file could not be written.
    case cannotWrite(path: String, reason: String)
    /// The PNG encoder failed or could not write its file.
    case png(ImageCodecError)

    /// The sysexits code: 64 usage, 73 cannot create output, 74 I/O error, 70 internal error.
    var exitCode: Int32 {
        switch self {
        case .usage: 64
        case .cannotCreateFolder, .cannotWrite: 73
        case .jpegEncodingFailed: 70
        case let .png(error):
            if case .writeFailed = error { 74 } else if case .cannotCreate = error { 73 } else { 70 }
        }
    }

    var description: String {
        switch self {
        case let .usage(problem): "\(problem); usage: kinescope-assets OUTPUT-FOLDER"
        case let .cannotCreateFolder(path, reason): "\(path): cannot use as the output folder: \(reason)"
        case let .jpegEncodingFailed(detail): "JPEG encoding failed: \(detail)"
        case let .cannotWrite(path, reason): "\(path): cannot write: \(reason)"
        case let .png(error): error.description
        }
    }
}
