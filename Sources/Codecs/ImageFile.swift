import Raster

/// Reads PNG and JPEG images into premultiplied BGRA8 bitmaps.
///
/// The format is chosen by the first bytes, never by the file name: the 8-byte PNG signature,
/// or a JPEG start-of-image marker (`FF D8 FF`).
///
/// - PNG (libspng): every colour type and bit depth — greyscale 1/2/4/8/16-bit, grey+alpha,
///   RGB, RGBA, palette with or without `tRNS` transparency — interlaced or not. 16-bit channels
///   are rounded to the nearest 8-bit value (`round(c / 257)`); straight colour is then
///   premultiplied with exact rounding (`round(c · a / 255)`). Gamma (`gAMA`), `sRGB`, `iCCP`
///   and `cHRM` chunks are ignored: samples are taken as sRGB, as most viewers do. A bad CRC on
///   a critical chunk is an error; on an ancillary chunk the chunk is skipped.
/// - JPEG (TurboJPEG): baseline and progressive, YCbCr, greyscale, RGB and Adobe CMYK/YCCK;
///   the result is opaque. EXIF orientation is not applied (the pixels come as stored).
///
/// Limits: a side over `ImageLimits.maxDimension` or more than `ImageLimits.maxPixelCount`
/// pixels is refused before pixel memory is allocated; files over `ImageLimits.maxFileSize`
/// are not read.
///
/// ```swift
/// let picture = try ImageFile.read(contentsOf: "assets/photo.jpg")
/// ```
public enum ImageFile {
    /// PNG or JPEG, chosen by the file signature (not the extension).
    ///
    /// - Throws: `.fileNotFound` when nothing is at `path`; `.unreadable` for a folder, a
    ///   device, a pipe, or a permission or I/O error; `.fileTooLarge`; then the errors of
    ///   `decode(_:name:)` with `path` as the name.
    public static func read(contentsOf path: String) throws(ImageCodecError) -> Bitmap {
        let bytes = try FileReader.readAll(path: path)
        return try decode(bytes, name: path)
    }

    /// Same from memory; `name` is used in error messages.
    ///
    /// - Throws: `.empty`, `.notAnImage`, `.truncated`, `.corrupt`, `.unsupported` or
    ///   `.dimensionsTooLarge`, each naming `name`.
    public static func decode(_ bytes: [UInt8], name: String) throws(ImageCodecError) -> Bitmap {
        guard !bytes.isEmpty else { throw .empty(name: name) }
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageCodecError) -> Bitmap in try decode(buffer, name: name) }
        }
        return try result.get()
    }

    static func decode(_ buffer: UnsafeRawBufferPointer, name: String) throws(ImageCodecError) -> Bitmap {
        if buffer.starts(with: PNGDecoder.signature) {
            return try PNGDecoder.decode(buffer, name: name)
        }
        if JPEGDecoder.isJPEG(buffer) {
            return try JPEGDecoder.decode(buffer, name: name)
        }
        if buffer.count < PNGDecoder.signature.count && PNGDecoder.signature.starts(with: buffer)
            || buffer.count < 3 && [0xFF, 0xD8].starts(with: buffer) {
            throw .truncated(name: name, detail: "only \(buffer.count) bytes, shorter than the image signature")
        }
        throw .notAnImage(name: name)
    }
}
