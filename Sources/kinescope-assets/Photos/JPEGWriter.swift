import CTurboJPEG
import Glibc
import Raster

/// Writes opaque bitmaps as baseline JPEG files with TurboJPEG (`tjCompress2`).
enum JPEGWriter {
    /// Encodes `bitmap` (opaque; alpha is ignored) at `quality` (1…100) with 4:4:4 chroma (no
    /// subsampling, so fine colour detail survives) and the accurate integer DCT, which makes
    /// the bytes depend only on the pixels and the libjpeg-turbo version.
    static func encode(_ bitmap: Bitmap, quality: Int) throws(AssetError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw .jpegEncodingFailed(detail: "tjInitCompress failed") }
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        let status = bitmap.baseAddress.withMemoryRebound(to: UInt8.self, capacity: bitmap.rowStride * bitmap.height * 4) {
            tjCompress2(handle, $0, Int32(bitmap.width), Int32(bitmap.rowStride * 4), Int32(bitmap.height),
                        Int32(TJPF_BGRA.rawValue), &buffer, &length, Int32(TJSAMP_444.rawValue), Int32(quality),
                        TJFLAG_ACCURATEDCT)
        }
        defer { tjFree(buffer) }
        guard status == 0, let buffer else {
            throw .jpegEncodingFailed(detail: String(cString: tjGetErrorStr2(handle)))
        }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(length)))
    }
}
