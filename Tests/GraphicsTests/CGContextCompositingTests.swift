import Foundation
import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest

/// `CGContext`'s clip paths and masks, blend modes, shadows, transparency layers, gradients,
/// tiling and aliased drawing.
final class CGContextCompositingTests: XCTestCase {
    private func context(_ width: Int = 100, _ height: Int = 100, fill: CGColor? = .white) throws -> CGContext {
        let context = try XCTUnwrap(CGContext(width: width, height: height))
        if let fill {
            context.setFillColor(fill)
            context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        }
        return context
    }

    /// The pixel at column `x`, row `y` (row 0 at the top).
    private func pixel(_ c: CGContext, _ x: Int, _ y: Int) -> PremultipliedColor {
        PremultipliedColor(packed: c.bitmap.row(y)[x])
    }

    func testAPathClipKeepsDrawingInsideItWithSoftEdges() throws {
        let c = try context()
        c.addEllipse(in: CGRect(x: 20, y: 20, width: 60, height: 60))
        c.clip()
        XCTAssertTrue(c.isPathEmpty, "clip() consumes the path")
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(pixel(c, 50, 50).packed, 0xFFFF_0000)
        XCTAssertEqual(pixel(c, 22, 22).packed, 0xFFFF_FFFF, "outside the circle, in its box")
        let edge = pixel(c, 50, 20)
        XCTAssertTrue(edge.green > 0 && edge.green < 255, "anti-aliased edge, got \(edge)")
        XCTAssertEqual(c.boundingBoxOfClipPath.minX, 19, accuracy: 1)
    }

    func testClipsIntersectAndRestoringTheStateWidensTheClip() throws {
        let c = try context()
        c.saveGState()
        c.addRect(CGRect(x: 10, y: 10, width: 50, height: 50))
        c.clip()
        c.addEllipse(in: CGRect(x: 30, y: 30, width: 60, height: 60))
        c.clip(using: .evenOdd)
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(pixel(c, 45, 55).packed, 0xFF00_00FF, "inside both")
        XCTAssertEqual(pixel(c, 70, 30).packed, 0xFFFF_FFFF, "inside the circle only")
        XCTAssertEqual(pixel(c, 15, 85).packed, 0xFFFF_FFFF, "inside the square only")
        c.restoreGState()
        c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(pixel(c, 95, 5).packed, 0xFF00_0000, "the restored state clips nothing")
    }

    func testResetClipAndEmptyClipPaths() throws {
        let c = try context()
        c.beginPath()
        c.clip()
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(pixel(c, 50, 50).packed, 0xFFFF_FFFF, "an empty clip path clips everything away")
        c.resetClip()
        c.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(pixel(c, 50, 50).packed, 0xFFFF_0000)
    }

    func testARotatedRectangleClipsAsAPath() throws {
        let c = try context()
        c.translateBy(x: 50, y: 50)
        c.rotate(by: .pi / 4)
        c.clip(to: CGRect(x: -20, y: -20, width: 40, height: 40))
        c.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        c.fill(CGRect(x: -100, y: -100, width: 200, height: 200))
        XCTAssertEqual(pixel(c, 50, 50).packed, 0xFF00_FF00)
        XCTAssertEqual(pixel(c, 32, 32).packed, 0xFFFF_FFFF, "a corner of the unrotated square is outside the diamond")
        XCTAssertEqual(pixel(c, 50, 24).packed, 0xFF00_FF00, "the diamond's top reaches 28 px above the centre")
    }

    func testClipToAnImageMaskAndToAGreyImage() throws {
        // A 2×1 grey image: black on the left, white on the right.
        let grey = try XCTUnwrap(CGContext(data: nil, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                                           space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue))
        grey.data!.storeBytes(of: UInt8(0), toByteOffset: 0, as: UInt8.self)
        grey.data!.storeBytes(of: UInt8(255), toByteOffset: 1, as: UInt8.self)
        let image = try XCTUnwrap(grey.makeImage())
        let c = try context()
        c.interpolationQuality = .none
        c.clip(to: CGRect(x: 0, y: 0, width: 100, height: 50), mask: image)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(pixel(c, 75, 75).packed, 0xFFFF_0000, "white lets paint through (bottom half, y up)")
        XCTAssertEqual(pixel(c, 25, 75).packed, 0xFFFF_FFFF, "black masks")
        XCTAssertEqual(pixel(c, 75, 25).packed, 0xFFFF_FFFF, "outside the mask's rectangle nothing paints")
    }

    func testBlendModesApplyToFills() throws {
        let c = try context(fill: CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
        c.setBlendMode(.multiply)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 50, height: 100))
        XCTAssertEqual(pixel(c, 25, 50).packed, 0xFF80_0000)
        c.setBlendMode(.copy)
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        c.fillEllipse(in: CGRect(x: 50, y: 0, width: 50, height: 50))
        XCTAssertEqual(pixel(c, 75, 75).packed, 0x8000_0080, "copy replaces the pixel with the half-alpha blue")
        XCTAssertEqual(pixel(c, 52, 52).packed, 0xFF80_8080, "copy leaves what is outside the ellipse")
        c.setBlendMode(.clear)
        c.fill(CGRect(x: 0, y: 90, width: 10, height: 10))
        XCTAssertEqual(pixel(c, 5, 5).packed, 0)
    }

    func testAShadowFallsDownAndRightByItsOffsetInAUIKitContext() throws {
        let c = try context(60, 60)
        c.setShadow(offset: CGSize(width: 10, height: 10), blur: 0, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        // y-up context: the square covers rows 10..<30 and columns 10..<30.
        c.fill(CGRect(x: 10, y: 30, width: 20, height: 20))
        XCTAssertEqual(pixel(c, 20, 20).packed, 0xFFFF_0000)
        XCTAssertEqual(pixel(c, 35, 35).packed, 0xFF00_0000, "shadow 10 right and 10 down")
        XCTAssertEqual(pixel(c, 5, 5).packed, 0xFFFF_FFFF)
    }

    func testAShapeOutsideTheClipCastsItsShadowIn() throws {
        // The inner-shadow idiom: clip to a rectangle, fill a frame around it with a shadow.
        let c = try context(60, 60)
        c.clip(to: CGRect(x: 10, y: 10, width: 40, height: 40))
        c.setShadow(offset: CGSize(width: 0, height: 6), blur: 0, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 50, width: 60, height: 10))   // above the clip (y up): invisible itself
        XCTAssertEqual(pixel(c, 30, 12).packed, 0xFF00_0000, "its shadow reaches 6 px down into the clip")
        XCTAssertEqual(pixel(c, 30, 20).packed, 0xFFFF_FFFF)
        XCTAssertEqual(pixel(c, 30, 5).packed, 0xFFFF_FFFF, "nothing outside the clip")
    }

    func testTransparencyLayerMakesOverlapsOneObject() throws {
        let c = try context()
        c.setAlpha(0.5)
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.fill(CGRect(x: 10, y: 10, width: 50, height: 50))
        c.fill(CGRect(x: 40, y: 40, width: 50, height: 50))
        c.endTransparencyLayer()
        XCTAssertEqual(pixel(c, 50, 50), pixel(c, 20, 85), "the overlap is no darker than either square")
        XCTAssertEqual(Int(pixel(c, 20, 85).red), 128, accuracy: 1)
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        XCTAssertEqual(Int(pixel(c, 2, 97).red), 128, accuracy: 1, "the alpha is restored after the layer")
    }

    func testTransparencyLayerCastsOneShadowAndIsClippedByItsRectangle() throws {
        let c = try context()
        c.setShadow(offset: CGSize(width: 5, height: 5), blur: 0, color: CGColor(red: 0, green: 0, blue: 0, alpha: 0.5))
        c.beginTransparencyLayer(in: CGRect(x: 0, y: 0, width: 100, height: 70), auxiliaryInfo: nil)
        c.setFillColor(red: 1, green: 1, blue: 0, alpha: 1)
        c.fill(CGRect(x: 10, y: 10, width: 40, height: 40))
        c.fill(CGRect(x: 30, y: 30, width: 60, height: 60))
        c.endTransparencyLayer()
        // One shadow: where the first square's shadow would fall on the second, only yellow.
        XCTAssertEqual(pixel(c, 45, 55).packed, 0xFFFF_FF00)
        XCTAssertEqual(Int(pixel(c, 92, 60).red), 128, accuracy: 1, "the union's shadow, 5 px right of the second square")
        XCTAssertEqual(pixel(c, 60, 20).packed, 0xFFFF_FFFF, "the layer's rectangle (y < 70) clips the square")
    }

    func testLinearGradientCoversTheClipAndHonoursItsOptions() throws {
        let c = try context(100, 10)
        let gradient = try XCTUnwrap(CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                                colors: [CGColor(red: 0, green: 0, blue: 0, alpha: 1),
                                                         CGColor(red: 1, green: 1, blue: 1, alpha: 1)] as CFArray,
                                                locations: [0, 1]))
        c.drawLinearGradient(gradient, start: CGPoint(x: 25, y: 0), end: CGPoint(x: 75, y: 0), options: [])
        XCTAssertEqual(pixel(c, 10, 5).packed, 0xFFFF_FFFF, "before the start, unextended: untouched")
        XCTAssertEqual(Int(pixel(c, 50, 5).red), 130, accuracy: 2)
        c.drawLinearGradient(gradient, start: CGPoint(x: 25, y: 0), end: CGPoint(x: 75, y: 0),
                             options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        XCTAssertEqual(pixel(c, 10, 5).packed, 0xFF00_0000)
        XCTAssertEqual(pixel(c, 90, 5).packed, 0xFFFF_FFFF)
    }

    func testGradientsAndBlendModesGolden() throws {
        let c = try context(240, 160)
        let rainbow = try XCTUnwrap(CGGradient(colorsSpace: nil,
                                               colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                        CGColor(red: 1, green: 1, blue: 0, alpha: 1),
                                                        CGColor(red: 0, green: 0.6, blue: 1, alpha: 1)] as CFArray,
                                               locations: nil as [CGFloat]?))
        let toClear = try XCTUnwrap(CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(),
                                               colorComponents: [1, 1, 1, 1, 1, 1, 1, 0], locations: [0, 1], count: 2))
        // Top left: an axial gradient in a rounded clip, at an angle.
        c.saveGState()
        c.addPath(CGPath(roundedRect: CGRect(x: 10, y: 90, width: 100, height: 60), cornerWidth: 14, cornerHeight: 14,
                         transform: nil))
        c.clip()
        c.drawLinearGradient(rainbow, start: CGPoint(x: 10, y: 90), end: CGPoint(x: 110, y: 150), options: [])
        c.restoreGState()
        // Top right: a focal radial gradient, extended after its end, over a dark square.
        c.setFillColor(red: 0.1, green: 0.1, blue: 0.2, alpha: 1)
        c.fill(CGRect(x: 130, y: 90, width: 100, height: 60))
        c.saveGState()
        c.clip(to: CGRect(x: 130, y: 90, width: 100, height: 60))
        c.drawRadialGradient(toClear, startCenter: CGPoint(x: 165, y: 130), startRadius: 2,
                             endCenter: CGPoint(x: 180, y: 120), endRadius: 40, options: [.drawsBeforeStartLocation])
        c.restoreGState()
        // Bottom: four blend modes of a rainbow bar over a blue-and-grey backdrop.
        for (i, mode) in ([.multiply, .screen, .difference, .luminosity] as [CGBlendMode]).enumerated() {
            let x = CGFloat(10 + i * 57)
            c.setBlendMode(.normal)
            c.setFillColor(red: 0.2, green: 0.3, blue: 0.8, alpha: 1)
            c.fill(CGRect(x: x, y: 10, width: 50, height: 35))
            c.setFillColor(red: 0.6, green: 0.6, blue: 0.6, alpha: 1)
            c.fill(CGRect(x: x, y: 45, width: 50, height: 35))
            c.saveGState()
            c.setBlendMode(mode)
            c.addEllipse(in: CGRect(x: x + 5, y: 15, width: 40, height: 60))
            c.clip()
            c.drawLinearGradient(rainbow, start: CGPoint(x: x, y: 0), end: CGPoint(x: x + 50, y: 0), options: [])
            c.restoreGState()
        }
        assertBitmap(c.bitmap, matchesGolden: "cg-gradients-blend-modes")
    }

    func testEveryBlendModeGolden() throws {
        // 7 × 4 cells, one per mode in raw-value order (row by row from the top): a half-alpha
        // orange disc and an opaque green bar over a backdrop of blue, grey and transparent.
        let c = try context(7 * 30, 4 * 30, fill: nil)
        for mode in CGBlendMode.allCases {
            let i = Int(mode.rawValue)
            let x = CGFloat(i % 7 * 30), y = CGFloat((3 - i / 7) * 30)
            c.setBlendMode(.normal)
            c.setFillColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
            c.fill(CGRect(x: x + 2, y: y + 2, width: 13, height: 26))
            c.setFillColor(red: 0.7, green: 0.7, blue: 0.7, alpha: 1)
            c.fill(CGRect(x: x + 15, y: y + 2, width: 8, height: 26))
            c.setBlendMode(mode)
            c.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 0.6)
            c.fillEllipse(in: CGRect(x: x + 5, y: y + 5, width: 20, height: 20))
            c.setFillColor(red: 0.1, green: 0.8, blue: 0.3, alpha: 1)
            c.fill(CGRect(x: x + 4, y: y + 12, width: 22, height: 4))
        }
        assertBitmap(c.bitmap, matchesGolden: "cg-every-blend-mode")
    }

    func testShadowsAndTransparencyLayersGolden() throws {
        let c = try context(200, 120)
        c.setShadow(offset: CGSize(width: 4, height: 4), blur: 6, color: CGColor(red: 0, green: 0, blue: 0, alpha: 0.6))
        c.setFillColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)
        c.fillEllipse(in: CGRect(x: 15, y: 40, width: 50, height: 50))
        c.setStrokeColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        c.setLineWidth(6)
        c.setLineJoin(.round)
        c.addLines(between: [CGPoint(x: 80, y: 30), CGPoint(x: 100, y: 90), CGPoint(x: 120, y: 30)])
        c.strokePath()
        c.setAlpha(0.7)
        c.beginTransparencyLayer(auxiliaryInfo: nil)
        c.setFillColor(red: 0.2, green: 0.8, blue: 0.3, alpha: 1)
        c.fillEllipse(in: CGRect(x: 135, y: 50, width: 40, height: 40))
        c.fillEllipse(in: CGRect(x: 150, y: 25, width: 40, height: 40))
        c.endTransparencyLayer()
        assertBitmap(c.bitmap, matchesGolden: "cg-shadows-transparency-layers")
    }

    func testAliasedFillsCoverWholePixelsOnly() throws {
        let c = try context(fill: nil)
        c.setShouldAntialias(false)
        c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        c.fillEllipse(in: CGRect(x: 10.3, y: 10.7, width: 70.2, height: 50.9))
        c.fill(CGRect(x: 5.5, y: 80.25, width: 30.5, height: 10.5))
        for y in 0..<100 {
            for x in 0..<100 {
                let a = pixel(c, x, y).alpha
                XCTAssertTrue(a == 0 || a == 255, "pixel (\(x), \(y)) has alpha \(a)")
            }
        }
        c.setAllowsAntialiasing(true)
        c.setShouldAntialias(true)
        c.fillEllipse(in: CGRect(x: 10.3, y: 10.7, width: 70.2, height: 50.9))
    }

    func testTiledImageRepeatsOverTheClip() throws {
        let tile = try context(2, 2, fill: nil)
        tile.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        tile.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let image = try XCTUnwrap(tile.makeImage())
        let c = try context(10, 10)
        c.interpolationQuality = .none
        c.draw(image, in: CGRect(x: 3, y: 3, width: 2, height: 2), byTiling: true)
        // Every other pixel in both directions is red, aligned with the tile at (3, 3).
        var reds = 0
        for y in 0..<10 { for x in 0..<10 where pixel(c, x, y).packed == 0xFFFF_0000 { reds += 1 } }
        XCTAssertEqual(reds, 25)
        XCTAssertEqual(pixel(c, 3, 6).packed, 0xFFFF_0000, "the tile's bottom-left pixel at (3, 3) in y-up space")
    }

    func testGreyContextsTakeGradientsAndClips() throws {
        let c = try XCTUnwrap(CGContext(data: nil, width: 20, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                        space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue))
        let gradient = try XCTUnwrap(CGGradient(colorSpace: CGColorSpaceCreateDeviceGray(),
                                                colorComponents: [0, 1, 1, 1], locations: nil, count: 2))
        c.addRect(CGRect(x: 0, y: 0, width: 10, height: 4))
        c.clip()
        c.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 10, y: 0), options: [])
        let bytes = c.data!.assumingMemoryBound(to: UInt8.self)
        XCTAssertLessThan(bytes[0], 20)
        XCTAssertGreaterThan(bytes[9], 230)
        XCTAssertEqual(bytes[15], 0, "clipped away")
    }

    func testNonsenseShadowsAndGradientsDrawNothingOrSomethingSane() throws {
        let c = try context(20, 20)
        c.setShadow(offset: CGSize(width: CGFloat.nan, height: 1), blur: 1)
        c.setShadow(offset: CGSize(width: 1, height: 1), blur: .infinity)
        c.setShadow(offset: CGSize(width: 1e12, height: 1), blur: 1e12)
        c.fill(CGRect(x: 2, y: 2, width: 5, height: 5))
        let gradient = try XCTUnwrap(CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(),
                                                colorComponents: [0, 0, 0, 1, 1, 1, 1, 1], locations: nil, count: 2))
        c.drawRadialGradient(gradient, startCenter: CGPoint(x: CGFloat.nan, y: 0), startRadius: 1,
                             endCenter: .zero, endRadius: 5, options: [])
        c.drawLinearGradient(gradient, start: .zero, end: .zero, options: [.drawsAfterEndLocation])
        XCTAssertNil(CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: [0, 0, 0, 1],
                                locations: nil, count: 3))
        c.endTransparencyLayer()
    }
}
