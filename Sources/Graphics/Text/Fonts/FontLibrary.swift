import CFreeType
import Foundation
import Synchronization

/// The process's FreeType library, the font files read so far and one glyph cache per font file
/// and pixel size. Everything is created on first use and kept: an app uses a handful of fonts
/// and sizes, and keeping them is what makes a redraw cost no FreeType work.
///
/// FreeType allows one library across threads when face creation is serialised: faces are made
/// under this object's lock, and each face is then used only under its cache's own lock.
package final class FontLibrary: Sendable {
    package static let shared = FontLibrary()

    private struct State {
        var library: FT_Library?
        var libraryError: FT_Error = 0
        var files: [FileKey: Result<FontFile, FontError>] = [:]
        var caches: [CacheKey: GlyphCache] = [:]
        var reported: Set<String> = []
        /// Fonts made from bytes in memory so far (they are named by this count).
        var memoryFonts = 0
    }

    private struct FileKey: Hashable {
        let path: String
        let index: Int
    }

    private struct CacheKey: Hashable {
        let path: String
        let index: Int
        /// The pixel size in 1/64 pixel (FreeType's 26.6 format).
        let size64: Int
    }

    private let state = Mutex(State())

    private init() {}

    /// The font file at `path`, read on first use. The result, failure included, is remembered:
    /// a missing font costs one look, not one per frame.
    package func file(at path: String, index: Int = 0, debianPackage: String?) -> Result<FontFile, FontError> {
        state.withLock { state -> Result<FontFile, FontError> in
            let key = FileKey(path: path, index: index)
            if let known = state.files[key] { return known }
            let result: Result<FontFile, FontError>
            if let library = Self.library(&state) {
                do throws(FontError) {
                    result = .success(try FontFile(path: path, index: index, debianPackage: debianPackage,
                                                         library: library))
                } catch {
                    result = .failure(error)
                }
            } else {
                result = .failure(.notAFont(path: path, code: state.libraryError))
            }
            state.files[key] = result
            return result
        }
    }

    /// A font file made from `data` (a `CGDataProvider`'s bytes), named "font data #n (N bytes)"
    /// in errors; not remembered, since nothing names it again.
    package func file(data: Data) -> Result<FontFile, FontError> {
        state.withLock { state -> Result<FontFile, FontError> in
            state.memoryFonts += 1
            let name = "font data #\(state.memoryFonts) (\(data.count) bytes)"
            guard let library = Self.library(&state) else { return .failure(.notAFont(path: name, code: state.libraryError)) }
            do throws(FontError) {
                return .success(try FontFile(data: data, path: name, library: library))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The glyph cache of `file` at `pixelSize` (pixels per em), or nil when FreeType refuses
    /// that size (beyond 0xFFFF pixels).
    package func glyphCache(for file: FontFile, pixelSize: Double) -> GlyphCache? {
        let size64 = Int((pixelSize * 64).rounded())
        guard size64 > 0, size64 < 0xFFFF * 64 else { return nil }
        let key = CacheKey(path: file.path, index: file.index, size64: size64)
        return state.withLock { state -> GlyphCache? in
            if let cache = state.caches[key] { return cache }
            guard let library = Self.library(&state),
                  let cache = GlyphCache(file: file, size64: size64, library: library) else { return nil }
            state.caches[key] = cache
            return cache
        }
    }

    /// Writes `error` to standard error, once per process for each distinct message.
    package func reportOnce(_ error: FontError) {
        let message = "kinescope: \(error)"
        guard state.withLock({ $0.reported.insert(message).inserted }) else { return }
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    private static func library(_ state: inout State) -> FT_Library? {
        if let library = state.library { return library }
        var library: FT_Library?
        let status = FT_Init_FreeType(&library)
        guard status == 0, let library else {
            state.libraryError = status
            return nil
        }
        state.library = library
        return library
    }
}
