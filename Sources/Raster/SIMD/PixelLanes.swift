// Lane helpers for the fast kernels: eight BGRA8 pixels in one `SIMD8<UInt32>` (256 bits, one AVX2
// register; two SSE registers on baseline x86-64), viewed as `SIMD16<UInt16>` by bit cast to do
// 8-bit × 8-bit products without overflow. Widening is done with masks and shifts on the bit-cast
// vector, never with `init(truncatingIfNeeded:)` or lane subscripts, which compile to scalar code
// (see NOTES-X11-SWIFT.md). Each 16-bit lane holds one channel after `splitChannels`: the
// "even" vector carries blue and red, the "odd" vector green and alpha, one pixel per lane pair.

/// Eight premultiplied BGRA8 pixels, one per 32-bit lane.
typealias PixelVector = SIMD8<UInt32>
/// Sixteen 16-bit lanes: two channels of each of eight pixels.
typealias ChannelVector = SIMD16<UInt16>

/// Number of pixels one `PixelVector` holds.
let pixelVectorWidth = 8

@inline(__always)
func loadPixels(_ pointer: UnsafePointer<UInt32>) -> PixelVector {
    UnsafeRawPointer(pointer).loadUnaligned(as: PixelVector.self)
}

@inline(__always)
func storePixels(_ pixels: PixelVector, to pointer: UnsafeMutablePointer<UInt32>) {
    UnsafeMutableRawPointer(pointer).storeBytes(of: pixels, as: PixelVector.self)
}

/// Eight coverage bytes as one word, first byte lowest.
@inline(__always)
func loadCoverage(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
}

/// Eight coverage bytes (from `loadCoverage`) widened to one 32-bit lane each. Built lane by lane
/// from constant indices, which LLVM turns into one `vpmovzxbd` (AVX2) or two unpacks (SSE2);
/// a broadcast with per-lane shift counts instead needs `vpsrlvd`, and is scalarised on SSE2.
@inline(__always)
func widenCoverage(_ bytes: UInt64) -> PixelVector {
    let b = unsafeBitCast(bytes, to: SIMD8<UInt8>.self)
    return PixelVector(UInt32(b[0]), UInt32(b[1]), UInt32(b[2]), UInt32(b[3]),
                       UInt32(b[4]), UInt32(b[5]), UInt32(b[6]), UInt32(b[7]))
}

@inline(__always)
func asChannels(_ pixels: PixelVector) -> ChannelVector {
    unsafeBitCast(pixels, to: ChannelVector.self)
}

@inline(__always)
func asPixels(_ channels: ChannelVector) -> PixelVector {
    unsafeBitCast(channels, to: PixelVector.self)
}

/// Splits pixels into (blue, red) and (green, alpha) channel lanes, each 0…255 in 16 bits.
@inline(__always)
func splitChannels(_ pixels: PixelVector) -> (even: ChannelVector, odd: ChannelVector) {
    let lanes = asChannels(pixels)
    return (lanes & 0x00FF, lanes &>> 8)
}

/// Inverse of `splitChannels`; each lane must hold 0…255.
@inline(__always)
func joinChannels(even: ChannelVector, odd: ChannelVector) -> PixelVector {
    asPixels(even | (odd &<< 8))
}

/// A per-pixel factor (0…255 in the low byte of each 32-bit lane) repeated into both 16-bit lanes
/// of its pixel, ready to multiply the vectors from `splitChannels`.
@inline(__always)
func spreadFactor(_ factor: PixelVector) -> ChannelVector {
    asChannels(factor | (factor &<< 16))
}

/// `255 - alpha` of each pixel, spread over its channel lanes.
@inline(__always)
func spreadInverseAlpha(_ pixels: PixelVector) -> ChannelVector {
    spreadFactor(~pixels &>> 24)
}

/// `t / 255` rounded to nearest in every lane; exact for t in 0…65025 (never overflows 16 bits).
@inline(__always)
func divideBy255(_ t: ChannelVector) -> ChannelVector {
    let u = t &+ 128
    return (u &+ (u &>> 8)) &>> 8
}

/// Every channel of every pixel times its lane's factor / 255, rounded to nearest.
@inline(__always)
func scalePixels(_ pixels: PixelVector, by factor: ChannelVector) -> PixelVector {
    let (even, odd) = splitChannels(pixels)
    return joinChannels(even: divideBy255(even &* factor), odd: divideBy255(odd &* factor))
}

/// Porter-Duff source-over of premultiplied pixels: `source + destination · (255 − αs) / 255`.
/// Each channel sum stays ≤ 255 for valid premultiplied input, so the final add cannot carry.
@inline(__always)
func sourceOverVector(_ source: PixelVector, _ destination: PixelVector) -> PixelVector {
    source &+ scalePixels(destination, by: spreadInverseAlpha(source))
}

// Lane-wise comparisons (`.==`, `.>=`) reduced with `all()` compile to a scalar loop through the
// stack; reducing four 64-bit words with scalar `&`/`|` costs a handful of instructions.

/// Whether all eight pixels have alpha 255.
@inline(__always)
func allOpaque(_ pixels: PixelVector) -> Bool {
    let q = unsafeBitCast(pixels, to: SIMD4<UInt64>.self)
    return q[0] & q[1] & q[2] & q[3] & 0xFF00_0000_FF00_0000 == 0xFF00_0000_FF00_0000
}

/// Whether all eight pixels are the zero word (transparent black).
@inline(__always)
func allClear(_ pixels: PixelVector) -> Bool {
    let q = unsafeBitCast(pixels, to: SIMD4<UInt64>.self)
    return q[0] | q[1] | q[2] | q[3] == 0
}
