import Foundation
import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest

/// `CGContext`'s current path and its painting: strokes with every join and cap at several
/// widths (golden images), hairlines, the miter limit, strokes in user space under a non-uniform
/// CTM, and the path's life cycle (built under the CTM of each call, consumed by painting).
final class CGContextStrokeTests: XCTestCase {
    private func whiteContext(width: Int, height: Int) throws -> CGContext {
        let context = try XCTUnwrap(CGContext(width: width, height: height))
        context.setFillColor(.white)
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return context
    }

    private let joins: [CGLineJoin] = [.miter, .round, .bevel]
    private let caps: [CGLineCap] = [.butt, .round, .square]

    func testZigZagWithEveryJoinAndCapAtWidthsOneFiveAndTwenty() throws {
        for width in [1, 5, 20] as [CGFloat] {
            // Columns: butt, round, square caps; rows: miter, round, bevel joins.
            let context = try whiteContext(width: 420, height: 390)
            context.setStrokeColor(red: 0.1, green: 0.2, blue: 0.6, alpha: 1)
            context.setLineWidth(width)
            for (row, join) in joins.enumerated() {
                for (column, cap) in caps.enumerated() {
                    let x = CGFloat(column * 140), y = CGFloat(390 - (row + 1) * 130) + 20
                    context.setLineJoin(join)
                    context.setLineCap(cap)
                    context.addLines(between: [CGPoint(x: x + 20, y: y + 20), CGPoint(x: x + 45, y: y + 70),
                                               CGPoint(x: x + 70, y: y + 20), CGPoint(x: x + 100, y: y + 60)])
                    context.strokePath()
                }
            }
            assertBitmap(context.bitmap, matchesGolden: "zigzag-width\(Int(width))")
        }
    }

    func testTightCurveWithEveryJoinAtWidthsOneFiveAndTwenty() throws {
        // A cubic that doubles back on itself in a few points, then a sharp corner.
        let context = try whiteContext(width: 300, height: 270)
        context.setStrokeColor(red: 0.6, green: 0.1, blue: 0.1, alpha: 1)
        for (row, join) in joins.enumerated() {
            for (column, width) in ([1, 5, 20] as [CGFloat]).enumerated() {
                let x = CGFloat(column * 100), y = CGFloat(270 - (row + 1) * 90)
                context.setLineJoin(join)
                context.setLineWidth(width)
                context.move(to: CGPoint(x: x + 20, y: y + 25))
                context.addCurve(to: CGPoint(x: x + 24, y: y + 30), control1: CGPoint(x: x + 80, y: y + 10),
                                 control2: CGPoint(x: x + 80, y: y + 50))
                context.addLine(to: CGPoint(x: x + 50, y: y + 75))
                context.strokePath()
            }
        }
        assertBitmap(context.bitmap, matchesGolden: "tight-curve")
    }

    func testHairlinesAreOneDevicePixelWideWhateverTheCTM() throws {
        let context = try whiteContext(width: 60, height: 40)
        context.scaleBy(x: 4, y: 4)
        context.setLineWidth(0)
        context.setStrokeColor(.black)
        // Device y = 4 · 2.375 = 9.5: the hairline covers the row 9.5 ± 0.5 exactly.
        context.strokeLineSegments(between: [CGPoint(x: 1, y: 2.375), CGPoint(x: 14, y: 2.375)])
        context.addEllipse(in: CGRect(x: 3, y: 4, width: 8, height: 5))
        context.strokePath()
        let row = context.height - 10
        XCTAssertEqual(context.bitmap[x: 20, y: row], .black, "covered fully")
        XCTAssertEqual(context.bitmap[x: 20, y: row - 1], .white)
        XCTAssertEqual(context.bitmap[x: 20, y: row + 1], .white)
        assertBitmap(context.bitmap, matchesGolden: "hairline")
    }

    func testMiterLimitBevelsCornersSharperThanTheLimit() throws {
        // Chevrons of 6°…30°: with the default limit 10, corners under 2·asin(1/10) = 11.48° are
        // beveled, the rest mitered.
        let context = try whiteContext(width: 300, height: 180)
        context.setFillColor(.black)
        context.setLineWidth(4)
        for (i, degrees) in [6.0, 9, 11, 12, 15, 20, 30].enumerated() {
            let half = degrees / 2 * .pi / 180
            let tip = CGPoint(x: 30 + 40 * CGFloat(i), y: 120)
            context.addLines(between: [CGPoint(x: tip.x - 80 * sin(half), y: tip.y - 80 * cos(half)), tip,
                                       CGPoint(x: tip.x + 80 * sin(half), y: tip.y - 80 * cos(half))])
            context.replacePathWithStrokedPath()
            let top = context.boundingBoxOfPath.maxY
            let miter = 2 / sin(half)
            if degrees < 11.48 {
                XCTAssertLessThan(top, tip.y + 2.01, "\(degrees)°: beveled")
            } else {
                XCTAssertEqual(top, tip.y + miter, accuracy: 1e-6, "\(degrees)°: mitered")
            }
            context.fillPath()
        }
        assertBitmap(context.bitmap, matchesGolden: "miter-limit")
    }

    func testClosedRectStrokeIsCrispOnPixelEdgesAndJoinedAtItsStart() throws {
        let context = try whiteContext(width: 40, height: 30)
        context.setStrokeColor(.black)
        context.setLineWidth(2)
        context.stroke(CGRect(x: 5, y: 5, width: 30, height: 20))
        let b = context.bitmap
        // Device rows are flipped: user y 5…25 is rows 5…25 from the bottom (30 − y).
        for (x, y) in [(4, 25), (5, 24), (35, 5), (34, 4), (20, 25), (4, 15)] {
            XCTAssertEqual(b[x: x, y: y], .black, "(\(x), \(y)) on the stroke")
        }
        for (x, y) in [(3, 15), (6, 15), (20, 6), (20, 23), (36, 15), (20, 26)] {
            XCTAssertEqual(b[x: x, y: y], .white, "(\(x), \(y)) off the stroke")
        }
        XCTAssertEqual(b[x: 4, y: 4], .black, "the start corner is mitered like the others")
        XCTAssertEqual(b[x: 35, y: 25], .black)
        XCTAssertTrue(context.isPathEmpty, "stroke(_:) leaves no path")
        assertBitmap(b, matchesGolden: "closed-rect")
    }

    func testStrokesAreMadeInUserSpaceSoANonUniformCTMMakesThemElliptical() throws {
        let context = try whiteContext(width: 160, height: 80)
        context.setStrokeColor(.black)
        context.translateBy(x: 80, y: 40)
        context.scaleBy(x: 3, y: 1)
        context.setLineWidth(4)
        context.strokeEllipse(in: CGRect(x: -20, y: -30, width: 40, height: 60))
        let b = context.bitmap
        // Horizontally the ring is 3 × 4 = 12 px thick (x = 80 ± 60, ± 6), vertically 4 (y = 40 ± 30 ± 2).
        XCTAssertEqual(b[x: 80 + 55, y: 40], .black)
        XCTAssertEqual(b[x: 80 + 64, y: 40], .black)
        XCTAssertEqual(b[x: 80 + 52, y: 40], .white)
        XCTAssertEqual(b[x: 80 + 67, y: 40], .white)
        XCTAssertEqual(b[x: 80, y: 40 - 31], .black)
        XCTAssertEqual(b[x: 80, y: 40 - 27], .white)
        XCTAssertEqual(b[x: 80, y: 40 - 33], .white)
        assertBitmap(b, matchesGolden: "elliptical-stroke")
    }

    func testEachSegmentUsesTheCTMOfItsCallAndPaintingConsumesThePath() throws {
        let context = try XCTUnwrap(CGContext(width: 100, height: 100))
        XCTAssertTrue(context.isPathEmpty)
        XCTAssertEqual(context.currentPointOfPath, .zero)
        XCTAssertEqual(context.boundingBoxOfPath, .null)
        XCTAssertNil(context.path)
        context.move(to: CGPoint(x: 10, y: 10))
        context.translateBy(x: 50, y: 0)
        context.addLine(to: CGPoint(x: 10, y: 20))
        // In the new user space, the first point is at x = −40.
        XCTAssertEqual(context.currentPointOfPath, CGPoint(x: 10, y: 20))
        XCTAssertEqual(context.boundingBoxOfPath, CGRect(x: -40, y: 10, width: 50, height: 10))
        let copy = try XCTUnwrap(context.path)
        XCTAssertEqual(copy.boundingBox, CGRect(x: -40, y: 10, width: 50, height: 10))
        context.saveGState()
        context.restoreGState()
        XCTAssertFalse(context.isPathEmpty, "the path is not part of the graphics state")
        context.strokePath()
        XCTAssertTrue(context.isPathEmpty, "stroking consumes the path")
        context.addRect(CGRect(x: 0, y: 0, width: 5, height: 5))
        context.fillPath()
        XCTAssertTrue(context.isPathEmpty, "filling consumes the path")
        context.addLine(to: CGPoint(x: 3, y: 3))
        XCTAssertTrue(context.isPathEmpty, "a line without a current point is ignored")
    }

    func testDrawPathModesFillThenStroke() throws {
        // Two nested squares drawn the same way: even-odd leaves the inner one empty.
        func draw(_ mode: CGPathDrawingMode) throws -> Bitmap {
            let context = try XCTUnwrap(CGContext(width: 60, height: 60))
            context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            context.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1)
            context.setLineWidth(4)
            context.addRect(CGRect(x: 10, y: 10, width: 40, height: 40))
            context.addRect(CGRect(x: 20, y: 20, width: 20, height: 20))
            context.drawPath(using: mode)
            XCTAssertTrue(context.isPathEmpty)
            return context.bitmap
        }
        let red = PremultipliedColor(packed: 0xFFFF_0000), blue = PremultipliedColor(packed: 0xFF00_00FF)
        let fill = try draw(.fill), eoFill = try draw(.eoFill), stroke = try draw(.stroke)
        let fillStroke = try draw(.fillStroke), eoFillStroke = try draw(.eoFillStroke)
        XCTAssertEqual([fill[x: 30, y: 30], fill[x: 15, y: 15], fill[x: 10, y: 30]], [red, red, red])
        XCTAssertEqual([eoFill[x: 30, y: 30], eoFill[x: 15, y: 15]], [.clear, red])
        XCTAssertEqual([stroke[x: 30, y: 30], stroke[x: 15, y: 15], stroke[x: 10, y: 30]], [.clear, .clear, blue])
        XCTAssertEqual([fillStroke[x: 30, y: 30], fillStroke[x: 10, y: 30], fillStroke[x: 20, y: 30]], [red, blue, blue])
        XCTAssertEqual([eoFillStroke[x: 30, y: 30], eoFillStroke[x: 15, y: 15], eoFillStroke[x: 20, y: 30]],
                       [.clear, red, blue])
    }

    func testReplacingThePathWithItsStrokeAndFillingPaintsTheSamePixels() throws {
        func draw(_ replace: Bool) throws -> Bitmap {
            let context = try XCTUnwrap(CGContext(width: 80, height: 80))
            context.setStrokeColor(.black)
            context.setFillColor(.black)
            context.rotate(by: 0.3)
            context.setLineWidth(7)
            context.setLineJoin(.round)
            context.setLineCap(.round)
            context.move(to: CGPoint(x: 20, y: 10))
            context.addQuadCurve(to: CGPoint(x: 60, y: 20), control: CGPoint(x: 20, y: 70))
            context.addArc(tangent1End: CGPoint(x: 60, y: 50), tangent2End: CGPoint(x: 30, y: 50), radius: 10)
            if replace {
                context.replacePathWithStrokedPath()
                context.fillPath()
            } else {
                context.strokePath()
            }
            return context.bitmap
        }
        let stroked = try draw(false), filled = try draw(true)
        XCTAssertTrue(stroked.hasSamePixels(as: filled))
        var opaque = 0
        for y in 0..<stroked.height { for x in 0..<stroked.width where stroked[x: x, y: y].alpha == 255 { opaque += 1 } }
        XCTAssertGreaterThan(opaque, 300)
    }

    func testCopyStrokingWithWidthGivesTheOutlineOfTheStroke() {
        let circle = CGPath(ellipseIn: CGRect(x: -50, y: -50, width: 100, height: 100), transform: nil)
        let outline = circle.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .round, miterLimit: 10)
        XCTAssertTrue(outline.contains(CGPoint(x: 51.5, y: 0)))
        XCTAssertTrue(outline.contains(CGPoint(x: 0, y: -48.5)))
        XCTAssertFalse(outline.contains(CGPoint(x: 0, y: 0)), "the inside of a stroked circle is not in its outline")
        XCTAssertFalse(outline.contains(CGPoint(x: 52.5, y: 0)))
        XCTAssertEqual(outline.boundingBox.width, 104, accuracy: 0.02)
        let scaled = circle.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10,
                                 transform: CGAffineTransform(scaleX: 2, y: 1))
        XCTAssertEqual(scaled.boundingBox.width, 208, accuracy: 0.04)
        XCTAssertEqual(scaled.boundingBox.height, 104, accuracy: 0.02)
        XCTAssertTrue(circle.copy(strokingWithWidth: 0, lineCap: .butt, lineJoin: .miter, miterLimit: 10).isEmpty)
    }

    func testStrokesReachTheBytesOfAGreyscaleContext() throws {
        let context = try XCTUnwrap(CGContext(data: nil, width: 20, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
                                              space: CGColorSpaceCreateDeviceGray(),
                                              bitmapInfo: CGImageAlphaInfo.none.rawValue))
        context.setStrokeColor(.white)
        context.setLineWidth(2)
        context.strokeLineSegments(between: [CGPoint(x: 2, y: 5), CGPoint(x: 18, y: 5)])
        let bytes = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
        XCTAssertEqual(bytes[4 * 20 + 10], 255)
        XCTAssertEqual(bytes[5 * 20 + 10], 255)
        XCTAssertEqual(bytes[3 * 20 + 10], 0)
        XCTAssertEqual(bytes[6 * 20 + 10], 0)
    }

    func testNonFinitePointsAndASingularCTMDrawNothingBadly() throws {
        let context = try XCTUnwrap(CGContext(width: 40, height: 40))
        context.setStrokeColor(.black)
        context.setLineWidth(4)
        context.move(to: CGPoint(x: 5, y: 20))
        context.addLine(to: CGPoint(x: CGFloat.nan, y: 3))
        context.addLine(to: CGPoint(x: 35, y: 20))
        context.addCurve(to: CGPoint(x: 35, y: 30), control1: CGPoint(x: CGFloat.infinity, y: 0),
                         control2: CGPoint(x: 30, y: 30))
        context.strokePath()
        XCTAssertEqual(context.bitmap[x: 20, y: 20], .black, "the finite segments are drawn")

        let singular = try XCTUnwrap(CGContext(width: 40, height: 40))
        singular.setStrokeColor(.black)
        singular.scaleBy(x: 0, y: 1)
        singular.addRect(CGRect(x: 5, y: 5, width: 30, height: 30))
        XCTAssertNil(singular.path, "no user space to express the path in")
        singular.strokePath()
        singular.addRect(CGRect(x: 5, y: 5, width: 30, height: 30))
        singular.fillPath()
        for y in 0..<40 {
            for x in 0..<40 { XCTAssertEqual(singular.bitmap[x: x, y: y], .clear) }
        }
    }

    func testPathContainsFollowsTheDrawingMode() throws {
        let context = try XCTUnwrap(CGContext(width: 100, height: 100))
        context.scaleBy(x: 2, y: 2)
        context.setLineWidth(4)
        context.addRect(CGRect(x: 10, y: 10, width: 30, height: 30))
        context.addRect(CGRect(x: 20, y: 20, width: 10, height: 10))
        let centre = CGPoint(x: 25, y: 25), onEdge = CGPoint(x: 10, y: 25), outside = CGPoint(x: 9, y: 25)
        XCTAssertTrue(context.pathContains(centre, mode: .fill))
        XCTAssertFalse(context.pathContains(centre, mode: .eoFill))
        XCTAssertFalse(context.pathContains(centre, mode: .stroke))
        XCTAssertTrue(context.pathContains(outside, mode: .stroke), "within half the line width of the edge")
        XCTAssertFalse(context.pathContains(outside, mode: .fill))
        XCTAssertTrue(context.pathContains(outside, mode: .eoFillStroke))
        XCTAssertTrue(context.pathContains(onEdge, mode: .fillStroke))
        XCTAssertFalse(context.pathContains(CGPoint(x: 7, y: 25), mode: .fillStroke))
        XCTAssertFalse(context.isPathEmpty, "the path stays")
    }
}
