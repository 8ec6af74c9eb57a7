import Foundation
import Geometry
import Graphics
import Raster
import XCTest

/// `CGContext.fillEllipse(in:)`, `CGImage.masking(_:)` with image masks and greyscale images,
/// `CGImage(maskWidth:…)`, drawing an image mask, and `CGImage.copy(colorSpace:)`.
final class CGImageMaskingTests: XCTestCase {
    private let red = PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255)

    /// A `width`×`height` RGB image filled with opaque red.
    private func redImage(width: Int, height: Int) throws -> CGImage {
        let context = try XCTUnwrap(CGContext(width: width, height: height))
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return try XCTUnwrap(context.makeImage())
    }

    /// An 8-bit image mask of `samples`, row by row (top row first).
    private func mask(_ samples: [UInt8], width: Int, bitsPerComponent: Int = 8, decode: [CGFloat]? = nil,
                      shouldInterpolate: Bool = false) throws -> CGImage {
        let bytesPerRow = (width * bitsPerComponent + 7) / 8
        let provider = try XCTUnwrap(CGDataProvider(data: Data(samples) as CFData))
        let made: CGImage? = if let decode {
            decode.withUnsafeBufferPointer {
                CGImage(maskWidth: width, height: samples.count / bytesPerRow, bitsPerComponent: bitsPerComponent,
                        bitsPerPixel: bitsPerComponent, bytesPerRow: bytesPerRow, provider: provider,
                        decode: $0.baseAddress, shouldInterpolate: shouldInterpolate)
            }
        } else {
            CGImage(maskWidth: width, height: samples.count / bytesPerRow, bitsPerComponent: bitsPerComponent,
                    bitsPerPixel: bitsPerComponent, bytesPerRow: bytesPerRow, provider: provider, decode: nil,
                    shouldInterpolate: shouldInterpolate)
        }
        return try XCTUnwrap(made)
    }

    /// A greyscale image of `greys` (top row first), drawn through a grey bitmap context.
    private func greyImage(_ greys: [UInt8], width: Int) throws -> CGImage {
        var memory = greys
        return try memory.withUnsafeMutableBytes { raw in
            let context = try XCTUnwrap(CGContext(data: raw.baseAddress, width: width, height: greys.count / width,
                                                  bitsPerComponent: 8, bytesPerRow: width,
                                                  space: CGColorSpaceCreateDeviceGray(),
                                                  bitmapInfo: CGImageAlphaInfo.none.rawValue))
            return try XCTUnwrap(context.makeImage())
        }
    }

    private func alphas(_ image: CGImage) -> [UInt8] {
        (0..<image.height).flatMap { y in (0..<image.width).map { image.bitmap[x: $0, y: y].alpha } }
    }

    func testFillEllipseCoversPiABWithTheCentreFilledAndTheCornersEmpty() throws {
        for space in ["rgb", "gray"] {
            let context: CGContext
            if space == "rgb" {
                context = try XCTUnwrap(CGContext(width: 64, height: 48))
            } else {
                context = try XCTUnwrap(CGContext(data: nil, width: 64, height: 48, bitsPerComponent: 8, bytesPerRow: 0,
                                                  space: CGColorSpaceCreateDeviceGray(),
                                                  bitmapInfo: CGImageAlphaInfo.none.rawValue))
            }
            context.setFillColor(gray: 1, alpha: 1)
            context.fillEllipse(in: CGRect(x: 4, y: 4, width: 56, height: 40))
            let image = try XCTUnwrap(context.makeImage())
            // White on transparent (RGB) or on black (grey): the red channel is the coverage.
            var area = 0.0
            for y in 0..<48 { for x in 0..<64 { area += Double(image.bitmap[x: x, y: y].red) / 255 } }
            XCTAssertEqual(area, Double.pi * 28 * 20, accuracy: Double.pi * 28 * 20 * 0.005, space)
            XCTAssertEqual(image.bitmap[x: 32, y: 24].red, 255, "\(space): centre filled")
            for (x, y) in [(5, 5), (58, 5), (5, 42), (58, 42), (0, 0), (63, 47)] {
                XCTAssertEqual(image.bitmap[x: x, y: y].red, 0, "\(space): corner (\(x), \(y)) empty")
            }
            XCTAssertEqual(image.bitmap[x: 4, y: 24].red, image.bitmap[x: 59, y: 24].red, "\(space): symmetric")
        }
    }

    func testFillEllipseFollowsTheCTMAndTheClipAndIgnoresBadRects() throws {
        let context = try XCTUnwrap(CGContext(width: 40, height: 20))
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.clip(to: CGRect(x: 0, y: 0, width: 20, height: 20))
        context.translateBy(x: 10, y: 0)
        context.fillEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        for rect in [CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5), CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 5),
                     .null, CGRect(x: 1, y: 1, width: 0, height: 5)] {
            context.fillEllipse(in: rect)
        }
        let image = try XCTUnwrap(context.makeImage())
        XCTAssertEqual(image.bitmap[x: 15, y: 10].alpha, 255, "left of the clip edge: inside the translated circle")
        for x in 20..<40 { XCTAssertEqual(image.bitmap[x: x, y: 10].alpha, 0, "x \(x) is clipped away") }
        XCTAssertEqual(image.bitmap[x: 5, y: 10].alpha, 0, "the circle was moved right by the CTM")
    }

    func testImageMaskSamplesActAsInverseAlphaOneMasksOutZeroPaints() throws {
        let masked = try XCTUnwrap(try redImage(width: 2, height: 2).masking(try mask([0, 255, 128, 0], width: 2)))
        XCTAssertEqual(alphas(masked), [255, 0, 127, 255])
        XCTAssertEqual(masked.bitmap[x: 0, y: 0], red)
        XCTAssertEqual(masked.bitmap[x: 0, y: 1], PremultipliedColor(red: 127, green: 0, blue: 0, alpha: 127),
                       "premultiplied: colour scaled with alpha")
        XCTAssertEqual(masked.bitsPerPixel, 32, "the image keeps its own format")
        XCTAssertEqual(masked.colorSpace?.model, .rgb)
    }

    func testOneBitImageMaskAndADecodeArrayThatInvertsIt() throws {
        // 0b1010_0000: pixels 0 and 2 are 1 (masked out), 1 and 3 are 0 (painted).
        let oneBit = try mask([0b1010_0000], width: 4, bitsPerComponent: 1)
        XCTAssertTrue(oneBit.isMask)
        XCTAssertNil(oneBit.colorSpace)
        XCTAssertEqual(oneBit.bitsPerComponent, 1)
        let image = try redImage(width: 4, height: 1)
        XCTAssertEqual(alphas(try XCTUnwrap(image.masking(oneBit))), [0, 255, 0, 255])
        let inverted = try mask([0b1010_0000], width: 4, bitsPerComponent: 1, decode: [1, 0])
        XCTAssertEqual(alphas(try XCTUnwrap(image.masking(inverted))), [255, 0, 255, 0])
    }

    func testGreyscaleImageAsMaskActsAsAlphaWhiteShowsBlackHides() throws {
        let grey = try greyImage([255, 0, 128, 255], width: 2)
        XCTAssertFalse(grey.isMask)
        let masked = try XCTUnwrap(try redImage(width: 2, height: 2).masking(grey))
        XCTAssertEqual(alphas(masked), [255, 0, 128, 255], "the opposite of an image mask with the same samples")
    }

    func testAMaskOfAnotherSizeIsScaledToTheImage() throws {
        // 2×1 mask, left sample paints, right masks out, over an 8×4 image.
        let hard = try mask([0, 255], width: 2, shouldInterpolate: false)
        let masked = try XCTUnwrap(try redImage(width: 8, height: 4).masking(hard))
        XCTAssertEqual(masked.width, 8)
        XCTAssertEqual(masked.height, 4)
        for y in 0..<4 {
            XCTAssertEqual((0..<8).map { masked.bitmap[x: $0, y: y].alpha }, [255, 255, 255, 255, 0, 0, 0, 0], "row \(y)")
        }
        let smooth = try mask([0, 255], width: 2, shouldInterpolate: true)
        let blended = try XCTUnwrap(try redImage(width: 8, height: 1).masking(smooth))
        let row = (0..<8).map { blended.bitmap[x: $0, y: 0].alpha }
        XCTAssertEqual(row.first, 255)
        XCTAssertEqual(row.last, 0)
        XCTAssertTrue(row[3] < 255 && row[3] > 128 && row[4] < 128 && row[4] > 0, "interpolated across the middle: \(row)")
    }

    func testMaskingRefusesWhatAppleRefuses() throws {
        let image = try redImage(width: 2, height: 2)
        let imageMask = try mask([0, 255, 0, 255], width: 2)
        XCTAssertNil(image.masking(image), "an RGB image is not a mask")
        XCTAssertNil(imageMask.masking(imageMask), "an image mask cannot be masked")
        let masked = try XCTUnwrap(image.masking(imageMask))
        XCTAssertNil(masked.masking(imageMask), "an already masked image cannot be masked again")
        XCTAssertNil(image.masking(masked), "a masked image is no mask")
        let provider = try XCTUnwrap(CGDataProvider(data: Data([1, 2, 3]) as CFData))
        XCTAssertNil(CGImage(maskWidth: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
                             provider: provider, decode: nil, shouldInterpolate: false), "provider too short")
        XCTAssertNil(CGImage(maskWidth: 3, height: 1, bitsPerComponent: 3, bitsPerPixel: 3, bytesPerRow: 2,
                             provider: provider, decode: nil, shouldInterpolate: false), "3 bits per component")
        XCTAssertNil(CGImage(maskWidth: 0, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 0,
                             provider: provider, decode: nil, shouldInterpolate: false), "no width")
        XCTAssertNil(CGImage(maskWidth: 3, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
                             provider: provider, decode: nil, shouldInterpolate: false), "rows shorter than the samples")
        XCTAssertNil(CGImage(maskWidth: 2, height: 1, bitsPerComponent: 2, bitsPerPixel: 3, bytesPerRow: 1,
                             provider: provider, decode: nil, shouldInterpolate: false), "samples straddling bytes")
        XCTAssertNil(CGImage(maskWidth: 1, height: 2, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: .max,
                             provider: provider, decode: nil, shouldInterpolate: false), "rows beyond any memory")
        let nan: [CGFloat] = [.nan, 1]
        XCTAssertNil(nan.withUnsafeBufferPointer {
            CGImage(maskWidth: 3, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 3,
                    provider: provider, decode: $0.baseAddress, shouldInterpolate: false)
        }, "NaN in the decode array")
    }

    func testDrawingAnImageMaskPaintsTheFillColourThroughIt() throws {
        let context = try XCTUnwrap(CGContext(width: 2, height: 1))
        context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        context.draw(try mask([0, 255], width: 2), in: CGRect(x: 0, y: 0, width: 2, height: 1))
        let image = try XCTUnwrap(context.makeImage())
        XCTAssertEqual(image.bitmap[x: 0, y: 0], PremultipliedColor(red: 0, green: 255, blue: 0, alpha: 255), "0 paints")
        XCTAssertEqual(image.bitmap[x: 1, y: 0], .clear, "1 masks out")
    }

    func testCopyColorSpaceReplacesASpaceOfTheSameComponentCountAndRefusesOthers() throws {
        let image = try redImage(width: 2, height: 2)
        let linear = try XCTUnwrap(CGColorSpace(name: CGColorSpace.linearSRGB))
        let relabelled = try XCTUnwrap(image.copy(colorSpace: linear))
        XCTAssertEqual(relabelled.colorSpace, linear)
        XCTAssertTrue(relabelled.bitmap.hasSamePixels(as: image.bitmap), "the pixels are not converted")
        XCTAssertNil(image.copy(colorSpace: CGColorSpaceCreateDeviceGray()), "3 components into 1")

        let grey = try greyImage([10, 20, 30, 40], width: 2)
        let gamma = try XCTUnwrap(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2))
        let regrey = try XCTUnwrap(grey.copy(colorSpace: gamma))
        XCTAssertEqual(regrey.colorSpace?.name, CGColorSpace.genericGrayGamma2_2)
        XCTAssertEqual(regrey.bitsPerPixel, 8)
        XCTAssertEqual(regrey.bitmap[x: 1, y: 1], PremultipliedColor(red: 40, green: 40, blue: 40, alpha: 255))
        XCTAssertNil(grey.copy(colorSpace: CGColorSpaceCreateDeviceRGB()), "1 component into 3")
        XCTAssertNil(try mask([0, 255], width: 2).copy(colorSpace: CGColorSpaceCreateDeviceGray()), "an image mask")
    }

    func testAnImageMaskBuiltFromAGreyImagesDataProviderInvertsThatImagesEffect() throws {
        // The common port: CGImageMaskCreate(width, height, bpc, bpp, bytesPerRow, CGImageGetDataProvider(grey)…).
        let grey = try greyImage([255, 0, 128, 255], width: 2)
        let provider = try XCTUnwrap(grey.dataProvider)
        XCTAssertEqual(provider.data.map { Array($0) }, [255, 0, 128, 255], "one grey byte a pixel")
        let stencil = try XCTUnwrap(CGImage(maskWidth: grey.width, height: grey.height,
                                            bitsPerComponent: grey.bitsPerComponent, bitsPerPixel: grey.bitsPerPixel,
                                            bytesPerRow: grey.bytesPerRow, provider: provider, decode: nil,
                                            shouldInterpolate: false))
        XCTAssertTrue(stencil.dataProvider === provider, "a mask hands back its provider")
        let image = try redImage(width: 2, height: 2)
        XCTAssertEqual(alphas(try XCTUnwrap(image.masking(stencil))), [0, 255, 127, 0])
        XCTAssertEqual(alphas(try XCTUnwrap(image.masking(grey))), [255, 0, 128, 255])
    }

    func testDataProviderOfAnRGBImageGivesPremultipliedBGRARows() throws {
        let context = try XCTUnwrap(CGContext(width: 2, height: 1))
        context.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 0.5)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let image = try XCTUnwrap(context.makeImage())
        XCTAssertEqual(image.bitmapInfo, CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue).union(.byteOrder32Little))
        let bytes = try XCTUnwrap(image.dataProvider?.data).map { $0 }
        XCTAssertEqual(bytes.count, image.bytesPerRow * image.height)
        let pixel = image.bitmap[x: 0, y: 0]
        XCTAssertEqual(Array(bytes[0..<8]), [pixel.blue, pixel.green, pixel.red, pixel.alpha, 0, 0, 0, 0])
        XCTAssertEqual(pixel.alpha, 128)
    }
}
