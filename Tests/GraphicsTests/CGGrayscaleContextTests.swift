import Foundation
import Geometry
import Graphics
import Raster
import XCTest

/// Greyscale (8-bit, no alpha) and alpha-only bitmap contexts: the caller's memory holds grey
/// bytes after each drawing call, colours become their Rec. 601 luma, and `makeImage()` gives an
/// 8-bit grey image.
final class CGGrayscaleContextTests: XCTestCase {
    private let grayInfo = CGImageAlphaInfo.none.rawValue

    func testFillsStoreTheLumaOfEachColourAsGreyBytesInTheCallersMemory() throws {
        // 5 columns of 2 pixels each, rows padded to 12 bytes; the padding must stay untouched.
        var memory = [UInt8](repeating: 0x7F, count: 12 * 2)
        try memory.withUnsafeMutableBytes { raw in
            let context = try XCTUnwrap(CGContext(data: raw.baseAddress, width: 10, height: 2, bitsPerComponent: 8,
                                                  bytesPerRow: 12, space: CGColorSpaceCreateDeviceGray(),
                                                  bitmapInfo: grayInfo))
            let colours: [(CGColor, UInt8)] = [
                (CGColor(red: 1, green: 0, blue: 0, alpha: 1), 76),   // 0.299 × 255 = 76.2
                (CGColor(red: 0, green: 1, blue: 0, alpha: 1), 150),  // 0.587 × 255 = 149.7
                (CGColor(red: 0, green: 0, blue: 1, alpha: 1), 29),   // 0.114 × 255 = 29.1
                (CGColor(gray: 0.5, alpha: 1), 128),
                (.white, 255),
            ]
            for (i, (colour, _)) in colours.enumerated() {
                context.setFillColor(colour)
                context.fill(CGRect(x: 2 * i, y: 0, width: 2, height: 2))
            }
            XCTAssertEqual(context.data, raw.baseAddress, "data is the caller's memory")
            for row in 0..<2 {
                for (i, (_, grey)) in colours.enumerated() {
                    XCTAssertEqual(raw[row * 12 + 2 * i], grey, "row \(row), colour \(i)")
                    XCTAssertEqual(raw[row * 12 + 2 * i + 1], grey, "row \(row), colour \(i)")
                }
                XCTAssertEqual(Array(raw[row * 12 + 10..<row * 12 + 12]), [0x7F, 0x7F], "row padding untouched")
            }
        }
    }

    func testDrawingBlendsOverGreyBytesTheCallerWroteBetweenCalls() throws {
        var memory = [UInt8](repeating: 200, count: 4 * 4)
        try memory.withUnsafeMutableBytes { raw in
            let context = try XCTUnwrap(CGContext(data: raw.baseAddress, width: 4, height: 4, bitsPerComponent: 8,
                                                  bytesPerRow: 0, space: CGColorSpaceCreateDeviceGray(),
                                                  bitmapInfo: grayInfo))
            context.setFillColor(gray: 0, alpha: 0.5)
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            XCTAssertEqual(Double(raw[0]), 100, accuracy: 1, "half black over 200")
            // The caller writes a pixel directly; the next drawing blends over what it wrote.
            raw.storeBytes(of: UInt8(10), toByteOffset: 5, as: UInt8.self)
            context.setFillColor(gray: 1, alpha: 0.5)
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            XCTAssertEqual(Double(raw[5]), 10 + (255 - 10) / 2, accuracy: 1, "half white over the caller's 10")
            XCTAssertEqual(Double(raw[0]), 100 + (255 - 100) / 2, accuracy: 1, "half white over 100")
        }
    }

    func testMakeImageOfAGreyContextIsAnEightBitGreyImage() throws {
        let context = try XCTUnwrap(CGContext(data: nil, width: 6, height: 3, bitsPerComponent: 8, bytesPerRow: 0,
                                              space: try XCTUnwrap(CGColorSpace(name: CGColorSpace.linearGray)),
                                              bitmapInfo: grayInfo))
        context.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 3, height: 3))
        let image = try XCTUnwrap(context.makeImage())
        XCTAssertEqual(image.colorSpace?.model, .monochrome)
        XCTAssertEqual(image.colorSpace?.name, CGColorSpace.linearGray, "the context's space")
        XCTAssertEqual(image.bitsPerPixel, 8)
        XCTAssertEqual(image.bitsPerComponent, 8)
        XCTAssertEqual(image.bytesPerRow, 6)
        XCTAssertEqual(image.alphaInfo, .none)
        XCTAssertFalse(image.isMask)
        XCTAssertEqual(context.bitsPerPixel, 8)
        XCTAssertEqual(context.colorSpace?.model, .monochrome)
        // Drawn as opaque greys: the left half green's luma, the right half black (zeroed memory).
        XCTAssertEqual(image.bitmap[x: 0, y: 0], PremultipliedColor(red: 150, green: 150, blue: 150, alpha: 255))
        XCTAssertEqual(image.bitmap[x: 5, y: 2], PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255))
    }

    func testNilDataAllocatesZeroedGreyMemoryReadableThroughData() throws {
        let context = try XCTUnwrap(CGContext(data: nil, width: 5, height: 2, bitsPerComponent: 8, bytesPerRow: 8,
                                              space: CGColorSpaceCreateDeviceGray(), bitmapInfo: grayInfo))
        let data = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
        XCTAssertEqual((0..<16).map { data[$0] }, [UInt8](repeating: 0, count: 16))
        context.setFillColor(gray: 1, alpha: 1)
        // y-up: the rectangle at y 0 is the bottom row, which is the second row of memory.
        context.fill(CGRect(x: 1, y: 0, width: 2, height: 1))
        XCTAssertEqual((0..<5).map { data[$0] }, [0, 0, 0, 0, 0])
        XCTAssertEqual((8..<13).map { data[$0] }, [0, 255, 255, 0, 0])
        XCTAssertEqual(context.bytesPerRow, 8)
    }

    func testAlphaOnlyContextStoresTheAlphaDrawnAndDiscardsColour() throws {
        var memory = [UInt8](repeating: 0, count: 4)
        try memory.withUnsafeMutableBytes { raw in
            let context = try XCTUnwrap(CGContext(data: raw.baseAddress, width: 4, height: 1, bitsPerComponent: 8,
                                                  bytesPerRow: 4, space: CGColorSpaceCreateDeviceGray(),
                                                  bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue))
            context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            context.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
            context.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
            let image = try XCTUnwrap(context.makeImage())
            XCTAssertEqual(image.alphaInfo, .alphaOnly)
            XCTAssertNil(image.colorSpace)
            XCTAssertEqual(image.bitsPerPixel, 8)
        }
        XCTAssertEqual(memory, [255, 128, 0, 0])
    }

    func testUnsupportedGreyFormatsAndBadSizesGiveNil() {
        let gray = CGColorSpaceCreateDeviceGray()
        XCTAssertNil(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: gray,
                               bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue), "grey with alpha")
        XCTAssertNil(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 16, bytesPerRow: 0, space: gray,
                               bitmapInfo: grayInfo), "16-bit grey")
        XCTAssertNil(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 3, space: gray,
                               bitmapInfo: grayInfo), "rows shorter than the width")
        XCTAssertNil(CGContext(data: nil, width: 0, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: gray,
                               bitmapInfo: grayInfo))
        XCTAssertNil(CGContext(data: nil, width: 4, height: -1, bitsPerComponent: 8, bytesPerRow: 0, space: gray,
                               bitmapInfo: grayInfo))
        XCTAssertNil(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                               space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: grayInfo), "RGB without alpha or skip")
        XCTAssertNil(CGColorSpace(name: "kCGColorSpaceNoSuchThing"))
    }

    func testColourSpacesReportTheirModelAndComponentCount() throws {
        XCTAssertEqual(CGColorSpaceCreateDeviceGray().model, .monochrome)
        XCTAssertEqual(CGColorSpaceCreateDeviceGray().numberOfComponents, 1)
        XCTAssertEqual(try XCTUnwrap(CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)).model, .monochrome)
        XCTAssertEqual(try XCTUnwrap(CGColorSpace(name: CGColorSpace.sRGB)).numberOfComponents, 3)
        XCTAssertEqual(CGColorSpaceCreateDeviceRGB().model, .rgb)
    }
}
