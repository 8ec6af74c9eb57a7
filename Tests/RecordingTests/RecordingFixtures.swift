import Foundation
import KinescopeTestSupport
import Raster
import XCTest

/// BT.601 limited range from 8-bit R′G′B′, in floating point, for comparison.
func bt601(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
    let y = 16 + 219 * (0.299 * r + 0.587 * g + 0.114 * b) / 255
    let cb = 128 + 224 * (-0.168736 * r - 0.331264 * g + 0.5 * b) / 255
    let cr = 128 + 224 * (0.5 * r - 0.418688 * g - 0.081312 * b) / 255
    return (y, cb, cr)
}

func solidFrame(width: Int, height: Int, _ color: PremultipliedColor) -> Bitmap {
    Bitmap(size: try! PixelSize(width: width, height: height), filledWith: color)
}
