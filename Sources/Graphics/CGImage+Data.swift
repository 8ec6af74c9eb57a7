import Foundation
import Raster

extension CGImage {
    /// The image's bytes in the format it reports (`bitsPerPixel`, `bytesPerRow`, `alphaInfo`),
    /// as Apple's `dataProvider` gives them, so that code reading pixels or building an image
    /// mask from another image's provider works:
    ///
    ///     let stencil = CGImage(maskWidth: grey.width, height: grey.height,
    ///                           bitsPerComponent: grey.bitsPerComponent, bitsPerPixel: grey.bitsPerPixel,
    ///                           bytesPerRow: grey.bytesPerRow, provider: grey.dataProvider!,
    ///                           decode: nil, shouldInterpolate: false)
    ///
    /// RGB images give premultiplied BGRA bytes (`premultipliedFirst`, 32-bit little-endian
    /// words); greyscale images one grey byte a pixel; alpha-only images one alpha byte a pixel;
    /// an image mask the provider it was made from (a cropped mask: 8-bit samples). Rows are
    /// `bytesPerRow` apart, any padding zero. Made on each call (a copy of the pixels).
    public var dataProvider: CGDataProvider? {
        if let maskProvider { return maskProvider }
        let rowBytes = bytesPerRow
        var bytes = Data(count: rowBytes * height)
        bytes.withUnsafeMutableBytes { (raw: UnsafeMutableRawBufferPointer) in
            for y in 0..<height {
                let pixels = bitmap.row(y)
                let row = raw.baseAddress! + y * rowBytes
                switch format.kind {
                case .rgb:
                    for x in 0..<width { (row + 4 * x).storeBytes(of: pixels[x].littleEndian, as: UInt32.self) }
                case .gray:
                    for x in 0..<width { row.storeBytes(of: UInt8(truncatingIfNeeded: pixels[x] >> 16), toByteOffset: x, as: UInt8.self) }
                case .alphaOnly:
                    for x in 0..<width { row.storeBytes(of: UInt8(truncatingIfNeeded: pixels[x] >> 24), toByteOffset: x, as: UInt8.self) }
                case .mask:
                    // The sample S is what 1 − S, the stored alpha, leaves.
                    for x in 0..<width { row.storeBytes(of: 255 &- UInt8(truncatingIfNeeded: pixels[x] >> 24), toByteOffset: x, as: UInt8.self) }
                }
            }
        }
        return CGDataProvider(data: bytes)
    }
}
