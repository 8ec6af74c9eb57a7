// The scalar reference for every row kernel: one pixel at a time, one channel at a time, written
// to be read rather than to be fast. `FastKernels` must match these byte for byte; tests compare
// the two, and `KINESCOPE_REFERENCE_KERNELS=1` makes the public API use these instead.
//
// Row kernels take raw pointers and a pixel count; the `Bitmap` methods clip once and call them
// row by row. A destination may be the very same memory as a source (same address), never a
// partly overlapping one.

/// Scalar reference row kernels. All arithmetic is exact integer math on 8-bit channels with
/// `divideBy255` rounding to nearest.
enum ReferenceKernels {
    /// Channel `index` (0 = blue, 1 = green, 2 = red, 3 = alpha) of a packed pixel.
    @inline(__always)
    static func channel(_ pixel: UInt32, _ index: UInt32) -> UInt32 {
        (pixel >> (index * 8)) & 0xFF
    }

    /// Packs four channels given as a function of the channel index.
    @inline(__always)
    static func pixel(_ channelValue: (UInt32) -> UInt32) -> UInt32 {
        channelValue(0) | channelValue(1) << 8 | channelValue(2) << 16 | channelValue(3) << 24
    }

    /// Every channel times `factor / 255`, rounded to nearest.
    @inline(__always)
    static func scale(_ color: UInt32, by factor: UInt32) -> UInt32 {
        pixel { divideBy255(channel(color, $0) * factor) }
    }

    /// Porter-Duff source-over: `source + destination · (255 − αsource) / 255` per channel.
    @inline(__always)
    static func sourceOver(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        let inverseAlpha = 255 - channel(source, 3)
        return pixel { channel(source, $0) + divideBy255(channel(destination, $0) * inverseAlpha) }
    }

    /// `from · (255 − weight) / 255 + to · weight / 255` per channel, rounded once.
    @inline(__always)
    static func mix(_ from: UInt32, _ to: UInt32, weight: UInt32) -> UInt32 {
        pixel { divideBy255(channel(from, $0) * (255 - weight) + channel(to, $0) * weight) }
    }

    static func fill(_ destination: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32) {
        for i in 0..<count { destination[i] = color }
    }

    static func fillSourceOver(_ destination: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32) {
        for i in 0..<count { destination[i] = sourceOver(color, destination[i]) }
    }

    /// Copies like `memmove`: when the destination starts after an overlapping source, back to front.
    static func copy(_ destination: UnsafeMutablePointer<UInt32>, from source: UnsafePointer<UInt32>, count: Int) {
        if UnsafePointer(destination) > source {
            for i in (0..<count).reversed() { destination[i] = source[i] }
        } else {
            for i in 0..<count { destination[i] = source[i] }
        }
    }

    /// Source-over of `source` scaled by `opacity / 255`.
    static func sourceOver(_ destination: UnsafeMutablePointer<UInt32>, from source: UnsafePointer<UInt32>,
                           count: Int, opacity: UInt8) {
        let factor = UInt32(opacity)
        for i in 0..<count {
            destination[i] = sourceOver(scale(source[i], by: factor), destination[i])
        }
    }

    /// Source-over of `source` scaled by `coverage · opacity / 255²`, where the combined factor
    /// is rounded to 8 bits first (`divideBy255(coverage · opacity)`), then applied to each channel.
    static func sourceOver(_ destination: UnsafeMutablePointer<UInt32>, from source: UnsafePointer<UInt32>,
                           coverage: UnsafePointer<UInt8>, count: Int, opacity: UInt8) {
        let opacity = UInt32(opacity)
        for i in 0..<count {
            let factor = divideBy255(UInt32(coverage[i]) * opacity)
            destination[i] = sourceOver(scale(source[i], by: factor), destination[i])
        }
    }

    /// Source-over of the solid `color` scaled by `coverage · opacity / 255²` (the factor rounded
    /// to 8 bits first, as in the masked source-over): how a shape's coverage is painted.
    static func fill(_ destination: UnsafeMutablePointer<UInt32>, color: UInt32, coverage: UnsafePointer<UInt8>,
                     count: Int, opacity: UInt8) {
        let opacity = UInt32(opacity)
        for i in 0..<count {
            let factor = divideBy255(UInt32(coverage[i]) * opacity)
            destination[i] = sourceOver(scale(color, by: factor), destination[i])
        }
    }

    static func mix(_ destination: UnsafeMutablePointer<UInt32>, from: UnsafePointer<UInt32>,
                    to: UnsafePointer<UInt32>, count: Int, weight: UInt8) {
        let weight = UInt32(weight)
        for i in 0..<count { destination[i] = mix(from[i], to[i], weight: weight) }
    }
}
