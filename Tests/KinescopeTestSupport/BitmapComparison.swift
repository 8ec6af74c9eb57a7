import Foundation
import Raster

/// How far an actual image may stray from its reference and still pass.
///
/// A pixel differs when any of its four channels differs by more than `perChannel`; the images
/// match when at most `maxDifferingPixels` pixels differ. Use `.exact` where the math is integer,
/// and state a tolerance (with the reason, in the test) where it is floating point.
public struct ImageTolerance: Sendable, CustomStringConvertible {
    public var perChannel: UInt8
    public var maxDifferingPixels: Int

    public init(perChannel: UInt8, maxDifferingPixels: Int = 0) {
        self.perChannel = perChannel
        self.maxDifferingPixels = maxDifferingPixels
    }

    public static let exact = ImageTolerance(perChannel: 0, maxDifferingPixels: 0)

    public var description: String {
        "±\(perChannel) per channel, at most \(maxDifferingPixels) differing pixels"
    }
}

/// The outcome of comparing two bitmaps pixel by pixel.
public struct BitmapComparison: Sendable {
    /// Pixels where some channel differs by more than the tolerance.
    public let differingPixels: Int
    /// The largest difference of any channel at any pixel.
    public let maxChannelDifference: Int
    /// The first differing pixel in reading order, with both values.
    public let firstDifference: (x: Int, y: Int, actual: PremultipliedColor, expected: PremultipliedColor)?
    /// Peak signal-to-noise ratio over all four channels, in dB; `.infinity` when identical.
    public let psnr: Double
    public let sizesMatch: Bool

    public func passes(_ tolerance: ImageTolerance) -> Bool {
        sizesMatch && differingPixels <= tolerance.maxDifferingPixels
    }

    /// Compares `actual` with `expected`; with different sizes nothing else is measured.
    public init(actual: Bitmap, expected: Bitmap, tolerance: ImageTolerance) {
        guard actual.size == expected.size else {
            sizesMatch = false
            differingPixels = max(actual.size.area, expected.size.area)
            maxChannelDifference = 255
            firstDifference = nil
            psnr = 0
            return
        }
        sizesMatch = true
        var differing = 0, maxDiff = 0
        var squaredError = 0.0
        var first: (x: Int, y: Int, actual: PremultipliedColor, expected: PremultipliedColor)?
        let limit = Int(tolerance.perChannel)
        for y in 0..<actual.height {
            let a = actual.row(y), e = expected.row(y)
            for x in 0..<actual.width where a[x] != e[x] {
                var pixelMax = 0
                for shift in stride(from: 0, through: 24, by: 8) {
                    let d = abs(Int((a[x] >> UInt32(shift)) & 0xFF) - Int((e[x] >> UInt32(shift)) & 0xFF))
                    pixelMax = max(pixelMax, d)
                    squaredError += Double(d * d)
                }
                maxDiff = max(maxDiff, pixelMax)
                if pixelMax > limit {
                    differing += 1
                    if first == nil {
                        first = (x, y, PremultipliedColor(packed: a[x]), PremultipliedColor(packed: e[x]))
                    }
                }
            }
        }
        differingPixels = differing
        maxChannelDifference = maxDiff
        firstDifference = first
        let samples = Double(max(1, actual.size.area * 4))
        psnr = squaredError == 0 ? .infinity : 10 * log10(255.0 * 255.0 / (squaredError / samples))
    }

    /// An image that shows where the two differ: unchanged pixels dimmed grey, differing ones red
    /// with brightness by the size of the difference.
    public static func diffImage(actual: Bitmap, expected: Bitmap) -> Bitmap {
        let width = max(actual.width, expected.width), height = max(actual.height, expected.height)
        let diff = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                guard x < actual.width, y < actual.height, x < expected.width, y < expected.height else {
                    diff[x: x, y: y] = PremultipliedColor(red: 255, green: 0, blue: 255, alpha: 255)
                    continue
                }
                let a = actual[x: x, y: y].packed, e = expected[x: x, y: y].packed
                if a == e {
                    let grey = UInt8((Int(e >> 16 & 0xFF) + Int(e >> 8 & 0xFF) + Int(e & 0xFF)) / 12)
                    diff[x: x, y: y] = PremultipliedColor(red: grey, green: grey, blue: grey, alpha: 255)
                } else {
                    var d = 0
                    for shift in stride(from: 0, through: 24, by: 8) {
                        d = max(d, abs(Int((a >> UInt32(shift)) & 0xFF) - Int((e >> UInt32(shift)) & 0xFF)))
                    }
                    let level = UInt8(min(255, 96 + d * 2))
                    diff[x: x, y: y] = PremultipliedColor(red: level, green: 0, blue: 0, alpha: 255)
                }
            }
        }
        return diff
    }
}

