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
