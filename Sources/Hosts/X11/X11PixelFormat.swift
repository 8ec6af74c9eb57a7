import Raster

/// How a TrueColor visual stores a pixel in an `XImage`: 16 or 32 bits, native byte order, one
/// contiguous mask of 1...8 bits per channel.
///
/// The native format (32 bits, masks `0xFF0000`, `0xFF00`, `0xFF`: every 24-bit desktop and Xvfb
/// `x24`) is Kinescope's own word layout, so frames go to the server without conversion; the
/// frame's alpha byte lands in the unused top byte. Any other supported format (16-bit 565 or
/// 555, 32-bit BGR) is converted per damaged rectangle from a separate frame bitmap. Colours are
/// shown as the premultiplied frame composited over black, in both cases.
struct X11PixelFormat: Hashable, CustomStringConvertible {
    let bitsPerPixel: Int
    let redMask: UInt32
    let greenMask: UInt32
    let blueMask: UInt32

    /// `nil` when the layout cannot be produced: other sizes, empty, overlapping or
    /// non-contiguous masks, or more than 8 bits in a channel.
    init?(bitsPerPixel: Int, redMask: UInt32, greenMask: UInt32, blueMask: UInt32) {
        guard bitsPerPixel == 16 || bitsPerPixel == 32 else { return nil }
        let limit: UInt64 = 1 << UInt64(bitsPerPixel)
        for mask in [redMask, greenMask, blueMask] {
            guard mask != 0, UInt64(mask) < limit, mask.nonzeroBitCount <= 8 else { return nil }
            let shifted = mask >> UInt32(mask.trailingZeroBitCount)
            guard shifted & (shifted &+ 1) == 0 else { return nil }
        }
        guard redMask & greenMask == 0, redMask & blueMask == 0, greenMask & blueMask == 0 else { return nil }
        self.bitsPerPixel = bitsPerPixel
        self.redMask = redMask
        self.greenMask = greenMask
        self.blueMask = blueMask
    }

    /// Whether image memory can be used as a `Bitmap` directly.
    var isNative: Bool {
        bitsPerPixel == 32 && redMask == 0xFF_0000 && greenMask == 0xFF00 && blueMask == 0xFF
    }

    var description: String {
        "\(bitsPerPixel) bpp, masks r \(hex(redMask)) g \(hex(greenMask)) b \(hex(blueMask))"
    }

    private func hex(_ value: UInt32) -> String { "0x" + String(value, radix: 16) }
}

/// Converts premultiplied BGRA8 frames into a non-native `X11PixelFormat`. Each 8-bit channel is
/// scaled to its mask's width with rounding to nearest (`c · (2ⁿ − 1) / 255`), looked up in a table
/// per channel built once. Used only on 16-bit and BGR screens, so it stays a plain scalar loop.
final class X11PixelConverter {
    let format: X11PixelFormat
    private let table: UnsafeMutablePointer<UInt32>

    init(format: X11PixelFormat) {
        self.format = format
        table = .allocate(capacity: 3 * 256)
        for (channel, mask) in [format.redMask, format.greenMask, format.blueMask].enumerated() {
            let shift = UInt32(mask.trailingZeroBitCount)
            let maximum = UInt32(mask >> shift)
            for value in 0..<256 {
                let scaled = (UInt32(value) * maximum + 127) / 255
                table[channel * 256 + value] = scaled << shift
            }
        }
    }

    deinit { table.deallocate() }

    /// The image word for one frame pixel.
    @inline(__always) func convert(_ pixel: UInt32) -> UInt32 {
        table[Int((pixel >> 16) & 0xFF)] | table[256 + Int((pixel >> 8) & 0xFF)] | table[512 + Int(pixel & 0xFF)]
    }

    /// Writes `rect` of `frame` at the same place in an image whose rows are `bytesPerLine` apart.
    /// `rect` must lie inside the frame and the image.
    func convert(_ rect: PixelRect, of frame: Bitmap, into image: UnsafeMutableRawPointer, bytesPerLine: Int) {
        for y in rect.minY..<rect.maxY {
            let source = frame.baseAddress + y * frame.rowStride + rect.x
            let row = image + y * bytesPerLine
            if format.bitsPerPixel == 16 {
                let target = row.assumingMemoryBound(to: UInt16.self) + rect.x
                for x in 0..<rect.width {
                    target[x] = UInt16(truncatingIfNeeded: convert(source[x]))
                }
            } else {
                let target = row.assumingMemoryBound(to: UInt32.self) + rect.x
                for x in 0..<rect.width {
                    target[x] = convert(source[x])
                }
            }
        }
    }
}
