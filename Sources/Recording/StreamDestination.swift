/// Where a sink that writes one stream (Y4M, GIF) sends it.
public enum StreamDestination: Sendable {
    /// A file, published atomically by `finish()`.
    case file(path: String)
    /// The process's standard output (file descriptor 1), written as frames are encoded.
    case standardOutput
    /// An open descriptor owned by the caller (a pipe, a socket, a device); never closed by the
    /// sink. `name` stands for it in error messages.
    case fileDescriptor(Int32, name: String)
}

extension StreamDestination {
    /// How the destination is named in error messages.
    var name: String {
        switch self {
        case let .file(path): path
        case .standardOutput: "standard output"
        case let .fileDescriptor(_, name): name
        }
    }
}

extension OutputFile {
    /// A temporary file for a `.file` destination, else the borrowed descriptor.
    convenience init(_ destination: StreamDestination) throws(RecordingError) {
        switch destination {
        case let .file(path): try self.init(creatingTemporaryFor: path)
        case .standardOutput: self.init(borrowing: 1, name: destination.name)
        case let .fileDescriptor(fd, name): self.init(borrowing: fd, name: name)
        }
    }
}
