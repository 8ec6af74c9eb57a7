/// Why a font file could not be used.
///
/// UIKit's font constructors do not throw (`UIFont(name:size:)` returns nil, `systemFont(ofSize:)`
/// always succeeds), so Kinescope reports these once on standard error and the text draws
/// nothing; `UIFont(contentsOfFile:size:)` throws them for code that wants to handle them.
public enum FontError: Error, CustomStringConvertible, Equatable, Sendable {
    /// No file at `path`. `debianPackage` names the package that installs it, for the fonts
    /// Kinescope knows (the DejaVu family comes from `fonts-dejavu-core`).
    case fileMissing(path: String, debianPackage: String?)
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// FreeType could not open the file as a font; `code` is FreeType's error code.
    case notAFont(path: String, code: Int32)

    public var description: String {
        switch self {
        case .fileMissing(let path, let package?):
            "font file \(path) not found: install the Debian package \(package) (apt-get install \(package)); text in this font draws nothing"
        case .fileMissing(let path, nil):
            "font file \(path) not found: expected a TrueType or OpenType font file at that path"
        case .unreadable(let path, let reason):
            "font file \(path) cannot be read (\(reason)): expected a readable TrueType or OpenType font file"
        case .notAFont(let path, let code):
            "font file \(path) is not a font FreeType can open (FreeType error \(code)\(freeTypeErrorName(code))): expected a TrueType or OpenType font file"
        }
    }
}

/// FreeType's name for the errors a bad font file gives (FreeType is built without its own
/// error strings on Debian).
private func freeTypeErrorName(_ code: Int32) -> String {
    switch code {
    case 0x01: ": cannot open resource"
    case 0x02: ": unknown file format"
    case 0x03: ": invalid file format"
    case 0x08: ": invalid table"
    case 0x09: ": invalid offset"
    case 0x17: ": invalid pixel size"
    case 0x40: ": out of memory"
    case 0x51...0x56: ": cannot read the stream"
    default: ""
    }
}
