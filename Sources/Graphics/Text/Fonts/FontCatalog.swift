import CFontconfig
import Foundation
import Synchronization

/// One face fontconfig knows: where its file is and the names UIKit looks it up by.
package struct FontDescriptor: Sendable, Hashable {
    /// The PostScript name (`UIFont.fontName`), e.g. "DejaVuSans-Bold".
    package let postScriptName: String
    package let familyName: String
    /// The full name, e.g. "DejaVu Sans Bold".
    package let fullName: String
    package let path: String
    /// The face's index in its file (collections such as `wqy-microhei.ttc` hold several).
    package let index: Int
    /// fontconfig's weight scale: 80 regular, 200 bold (`FC_WEIGHT_*`).
    package let weight: Int
    /// fontconfig's slant: 0 roman, 100 italic, 110 oblique.
    package let slant: Int
    /// fontconfig's width: 100 normal, 87 semi-condensed.
    package let width: Int

    package init(postScriptName: String, familyName: String, fullName: String, path: String, index: Int,
                 weight: Int, slant: Int, width: Int) {
        self.postScriptName = postScriptName
        self.familyName = familyName
        self.fullName = fullName
        self.path = path
        self.index = index
        self.weight = weight
        self.slant = slant
        self.width = width
    }

    package var isItalic: Bool { slant != 0 }
}

/// The installed fonts, as fontconfig lists them, and the lookups UIFont makes in them: by name,
/// by family and weight, and the fallback face for a character a font lacks.
///
/// fontconfig is read once, on first use, and every call into it is serialised under one lock
/// (its configuration object is not thread-safe); the answers are remembered, so a layout asks
/// fontconfig about a script once per process.
package enum FontCatalog {
    /// The family system fonts come from when it is installed (Debian's `fonts-dejavu-core`);
    /// otherwise fontconfig's choice for "sans-serif".
    package static let preferredSystemFamily = "DejaVu Sans"
    /// The Debian package that installs the system family.
    package static let debianPackage = "fonts-dejavu-core"

    private struct State: @unchecked Sendable {
        var faces: [FontDescriptor]?
        var fallbacks: [UInt32: FontDescriptor?] = [:]
        var substitutes: [String: FontDescriptor?] = [:]
        var reportedNames: Set<String> = []
    }

    private static let state = Mutex(State())

    /// Every face fontconfig lists with a file, in a stable order (family, then weight, slant,
    /// width, PostScript name).
    package static var faces: [FontDescriptor] {
        state.withLock { state in
            if let faces = state.faces { return faces }
            let faces = listFaces()
            state.faces = faces
            return faces
        }
    }

    /// The family that the system font comes from.
    package static var systemFamily: String {
        if faces.contains(where: { $0.familyName == preferredSystemFamily }) { return preferredSystemFamily }
        return substitute(for: "sans-serif")?.familyName ?? preferredSystemFamily
    }

    /// The face called `name`: a PostScript name, a full name, or a family name (then its regular,
    /// upright, normal-width face); case is ignored. Nil when no installed face has that name.
    package static func descriptor(named name: String) -> FontDescriptor? {
        let key = name.lowercased()
        let all = faces
        if let exact = all.first(where: { $0.postScriptName.lowercased() == key || $0.fullName.lowercased() == key }) {
            return exact
        }
        return face(family: name, weight: 80, italic: false, in: all)
    }

    /// The face of `family` closest to `weight` (fontconfig's scale) and the slant asked for, at
    /// normal width when there is one; nil when the family is not installed.
    package static func face(family: String, weight: Int, italic: Bool, in all: [FontDescriptor]? = nil) -> FontDescriptor? {
        let key = family.lowercased()
        let members = (all ?? faces).filter { $0.familyName.lowercased() == key }
        return members.min { a, b in distance(a, weight, italic) < distance(b, weight, italic) }
    }

    private static func distance(_ face: FontDescriptor, _ weight: Int, _ italic: Bool) -> Int {
        abs(face.width - 100) * 1000 + (face.isItalic == italic ? 0 : 100_000) + abs(face.weight - weight)
    }

    /// What fontconfig substitutes for `name` (its aliases and closest family: "Helvetica" gives
    /// a sans-serif face), or nil when fontconfig matches nothing with a file.
    package static func substitute(for name: String) -> FontDescriptor? {
        state.withLock { state in
            if let known = state.substitutes[name] { return known }
            let found = matchPattern { pattern in
                _ = FcPatternAddString(pattern, FC_FAMILY, name)
            }
            state.substitutes[name] = found
            return found
        }
    }

    /// The face fontconfig prefers for drawing `scalar` when the wanted font lacks it (from its
    /// "sans-serif" preference list), or nil when no installed face has the character.
    package static func fallback(for scalar: Unicode.Scalar) -> FontDescriptor? {
        state.withLock { state in
            if let known = state.fallbacks[scalar.value] { return known }
            let found = matchPattern(requiring: scalar) { pattern in
                _ = FcPatternAddString(pattern, FC_FAMILY, "sans-serif")
            }
            state.fallbacks[scalar.value] = found
            return found
        }
    }

    /// Writes one line on standard error the first time `name` is asked for and not installed.
    package static func reportMissing(_ name: String, substitute: FontDescriptor?) {
        guard state.withLock({ $0.reportedNames.insert(name).inserted }) else { return }
        let message = if let substitute {
            "kinescope: no installed font is named \"\(name)\"; using fontconfig's substitute \(substitute.postScriptName) (\(substitute.path))\n"
        } else {
            "kinescope: no installed font is named \"\(name)\" and fontconfig has no substitute; the text draws nothing\n"
        }
        FileHandle.standardError.write(Data(message.utf8))
    }

    private static func listFaces() -> [FontDescriptor] {
        guard FcInit() != 0, let pattern = FcPatternCreate(), let objects = FcObjectSetCreate() else { return [] }
        defer {
            FcObjectSetDestroy(objects)
            FcPatternDestroy(pattern)
        }
        for name in [FC_FAMILY, FC_FULLNAME, FC_POSTSCRIPT_NAME, FC_FILE, FC_INDEX, FC_WEIGHT, FC_SLANT, FC_WIDTH,
                     FC_OUTLINE] {
            _ = FcObjectSetAdd(objects, name)
        }
        guard let set = FcFontList(nil, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        var faces: [FontDescriptor] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i], let face = descriptor(of: font) else { continue }
            faces.append(face)
        }
        faces.sort { a, b in
            (a.familyName, a.weight, a.slant, a.width, a.postScriptName) < (b.familyName, b.weight, b.slant, b.width, b.postScriptName)
        }
        var seen: Set<String> = []
        return faces.filter { seen.insert($0.postScriptName + "\u{0}" + $0.path).inserted }
    }

    /// The descriptor of a fontconfig pattern with a file; nil for bitmap-only faces.
    private static func descriptor(of pattern: OpaquePointer) -> FontDescriptor? {
        func string(_ object: String) -> String? {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return nil }
            return String(cString: value)
        }
        func integer(_ object: String, _ fallback: Int) -> Int {
            var value: Int32 = 0
            return FcPatternGetInteger(pattern, object, 0, &value) == FcResultMatch ? Int(value) : fallback
        }
        var outline: FcBool = 1
        if FcPatternGetBool(pattern, FC_OUTLINE, 0, &outline) == FcResultMatch, outline == 0 { return nil }
        guard let path = string(FC_FILE), let family = string(FC_FAMILY) else { return nil }
        let fileStem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let postScript = string(FC_POSTSCRIPT_NAME) ?? fileStem
        return FontDescriptor(postScriptName: postScript, familyName: family, fullName: string(FC_FULLNAME) ?? postScript,
                              path: path, index: integer(FC_INDEX, 0), weight: integer(FC_WEIGHT, 80),
                              slant: integer(FC_SLANT, 0), width: integer(FC_WIDTH, 100))
    }

    /// fontconfig's sorted matches for the pattern `configure` builds; the first one with a file
    /// (and with `scalar` in its character set, when given). Call with the lock held.
    private static func matchPattern(requiring scalar: Unicode.Scalar? = nil,
                                     _ configure: (OpaquePointer) -> Void) -> FontDescriptor? {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        configure(pattern)
        var charset: OpaquePointer?
        if let scalar, let set = FcCharSetCreate() {
            _ = FcCharSetAddChar(set, scalar.value)
            _ = FcPatternAddCharSet(pattern, FC_CHARSET, set)
            charset = set
        }
        defer { if let charset { FcCharSetDestroy(charset) } }
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(nil, pattern, 1, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        for i in 0..<Int(sorted.pointee.nfont) {
            guard let font = sorted.pointee.fonts[i] else { continue }
            if let scalar {
                var fontCharset: OpaquePointer?
                guard FcPatternGetCharSet(font, FC_CHARSET, 0, &fontCharset) == FcResultMatch,
                      FcCharSetHasChar(fontCharset, scalar.value) != 0 else { continue }
            }
            if let face = descriptor(of: font) { return face }
        }
        return nil
    }
}
