import Foundation
import Synchronization

/// A font Kinescope knows by name: one of the DejaVu faces Debian's `fonts-dejavu-core` installs.
struct FontDescriptor: Sendable, Hashable {
    /// The PostScript name (`UIFont.fontName`), e.g. "DejaVuSans-Bold".
    let postScriptName: String
    let familyName: String
    /// The full name, e.g. "DejaVu Sans Bold".
    let fullName: String
    let fileName: String
    let isBold: Bool
}

/// The fonts `UIFont(name:size:)` and the system fonts come from, and where their files are.
enum FontCatalog {
    /// The Debian package that installs every font in `fonts`.
    static let debianPackage = "fonts-dejavu-core"

    /// Where DejaVu's files are looked for, in order: the folders in `KINESCOPE_FONT_PATH`
    /// (colon-separated), then Debian's folder, then where other distributions put them.
    static let directories: [String] = {
        var folders: [String] = []
        if let configured = ProcessInfo.processInfo.environment["KINESCOPE_FONT_PATH"] {
            folders += configured.split(separator: ":").map(String.init)
        }
        return folders + ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/TTF", "/usr/share/fonts/dejavu"]
    }()

    static let systemRegular = FontDescriptor(postScriptName: "DejaVuSans", familyName: "DejaVu Sans",
                                              fullName: "DejaVu Sans", fileName: "DejaVuSans.ttf", isBold: false)
    static let systemBold = FontDescriptor(postScriptName: "DejaVuSans-Bold", familyName: "DejaVu Sans",
                                           fullName: "DejaVu Sans Bold", fileName: "DejaVuSans-Bold.ttf", isBold: true)

    static let fonts: [FontDescriptor] = [
        systemRegular,
        systemBold,
        FontDescriptor(postScriptName: "DejaVuSansMono", familyName: "DejaVu Sans Mono",
                       fullName: "DejaVu Sans Mono", fileName: "DejaVuSansMono.ttf", isBold: false),
        FontDescriptor(postScriptName: "DejaVuSansMono-Bold", familyName: "DejaVu Sans Mono",
                       fullName: "DejaVu Sans Mono Bold", fileName: "DejaVuSansMono-Bold.ttf", isBold: true),
        FontDescriptor(postScriptName: "DejaVuSerif", familyName: "DejaVu Serif",
                       fullName: "DejaVu Serif", fileName: "DejaVuSerif.ttf", isBold: false),
        FontDescriptor(postScriptName: "DejaVuSerif-Bold", familyName: "DejaVu Serif",
                       fullName: "DejaVu Serif Bold", fileName: "DejaVuSerif-Bold.ttf", isBold: true),
    ]

    /// The font called `name`: its PostScript name or full name, or a family name (its regular
    /// face), compared without regard to case.
    static func descriptor(named name: String) -> FontDescriptor? {
        let key = name.lowercased()
        return fonts.first { $0.postScriptName.lowercased() == key || $0.fullName.lowercased() == key }
    }

    /// The first existing file for `descriptor`; when there is none, the path in Debian's folder
    /// (which the missing-file message names).
    /// Looked up once per descriptor.
    static func path(of descriptor: FontDescriptor) -> String {
        if let known = resolvedPaths.withLock({ $0[descriptor.fileName] }) { return known }
        var found = "/usr/share/fonts/truetype/dejavu/" + descriptor.fileName
        for folder in directories {
            let path = (folder as NSString).appendingPathComponent(descriptor.fileName)
            if FileManager.default.fileExists(atPath: path) {
                found = path
                break
            }
        }
        resolvedPaths.withLock { $0[descriptor.fileName] = found }
        return found
    }

    private static let resolvedPaths = Mutex<[String: String]>([:])
}
