import CLibPNG
import Raster
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// libpng 1.6 writing a frame as our PNG sink does: 8-bit RGB for an opaque frame, zlib at the
/// given level, the Sub row filter only (Kinescope's choice for levels 1–3), one thread. libpng
/// reports errors by `longjmp`, which Swift cannot catch; with no jump buffer set it aborts, so
/// this is for benchmarks only and takes opaque frames only.
public enum LibPNG {
    /// Writes `bitmap` (opaque: alpha is dropped) to `path`; false when the file cannot be
    /// opened.
    public static func write(_ bitmap: Bitmap, to path: String, level: Int32 = 1) -> Bool {
        guard let file = fopen(path, "wb") else { return false }
        defer { fclose(file) }
        guard let png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nil, nil, nil) else { return false }
        var info = png_create_info_struct(png)
        var writer: png_structp? = png
        defer { png_destroy_write_struct(&writer, &info) }
        png_init_io(png, file)
        png_set_compression_level(png, level)
        png_set_filter(png, 0, Int32(PNG_FILTER_SUB))
        png_set_IHDR(png, info, UInt32(bitmap.width), UInt32(bitmap.height), 8, PNG_COLOR_TYPE_RGB,
                     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT)
        png_write_info(png, info)
        // Memory holds B, G, R, A per pixel: swap to RGB order and strip the fourth byte.
        png_set_bgr(png)
        png_set_filler(png, 0, PNG_FILLER_AFTER)
        for y in 0..<bitmap.height {
            png_write_row(png, UnsafeRawPointer(bitmap.row(y).baseAddress!).assumingMemoryBound(to: UInt8.self))
        }
        png_write_end(png, nil)
        return true
    }
}
