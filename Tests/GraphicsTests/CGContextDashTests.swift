import Foundation
import Geometry
import KinescopeTestSupport
@testable import Graphics
import Raster
import XCTest

/// `CGContext.setLineDash(phase:lengths:)` and `CGPath.copy(dashingWithPhase:lengths:transform:)`:
/// dashes with phases and caps in a UIKit-flipped context (golden images), dots for zero-length
/// dashes, lengths in user space, the dash in the graphics state, every stroking call dashed, and
/// the dashed path's contents.
final class CGContextDashTests: XCTestCase {
    /// A white context flipped as UIKit's image contexts are: y down, origin top left.
    private func flippedContext(width: Int, height: Int) throws -> CGContext {
        let context = try XCTUnwrap(CGContext(width: width, height: height))
        context.setFillColor(.white)
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: 1, y: -1)
        return context
    }

    /// A flipped context stroking `color` `lineWidth` wide with the dash `lengths`.
    private func dashedContext(width: Int, height: Int, color: CGColor = .black, lineWidth: CGFloat,
                               lengths: [CGFloat]) throws -> CGContext {
        let context = try flippedContext(width: width, height: height)
        context.setStrokeColor(color)
        context.setLineWidth(lineWidth)
        context.setLineDash(phase: 0, lengths: lengths)
        return context
    }

    /// Whether the pixel at UIKit point (x, y) of a flipped context is painted (not white).
    private func painted(_ context: CGContext, _ x: Int, _ y: Int) -> Bool {
        context.bitmap[x: x, y: y] != .white
    }

    private let caps: [CGLineCap] = [.butt, .round, .square]

    func testDashesWithPhasesAndCapsInAFlippedContext() throws {
        // Columns: butt, round, square caps; rows: phases 0, 5, −5 and 12 of [10, 5], each an
        // elbow (a dash runs through its corner) and a dashed circle (seamed at its start).
        let context = try flippedContext(width: 192, height: 184)
        context.setStrokeColor(red: 0.1, green: 0.2, blue: 0.6, alpha: 1)
        context.setLineWidth(4)
        context.setLineJoin(.miter)
        for (row, phase) in ([0, 5, -5, 12] as [CGFloat]).enumerated() {
            for (column, cap) in caps.enumerated() {
                let x = CGFloat(column * 64), y = CGFloat(row * 46)
                context.setLineCap(cap)
                context.setLineDash(phase: phase, lengths: [10, 5])
                context.addLines(between: [CGPoint(x: x + 6, y: y + 8), CGPoint(x: x + 30, y: y + 8),
                                           CGPoint(x: x + 30, y: y + 40)])
                context.strokePath()
                context.strokeEllipse(in: CGRect(x: x + 36, y: y + 12, width: 22, height: 22))
            }
        }
        assertBitmap(context.bitmap, matchesGolden: "phases-and-caps")
    }

    func testZeroLengthDashesDrawDotsWithRoundAndSquareCapsOnly() throws {
        // Rows: butt, round, square caps, each a [0, 10] line and a diagonal (square dots turn
        // with it).
        let context = try dashedContext(width: 120, height: 90, lineWidth: 6, lengths: [0, 10])
        for (row, cap) in caps.enumerated() {
            let y = CGFloat(row * 30)
            context.setLineCap(cap)
            context.strokeLineSegments(between: [CGPoint(x: 8, y: y + 15), CGPoint(x: 58, y: y + 15),
                                                 CGPoint(x: 70, y: y + 6), CGPoint(x: 110, y: y + 26)])
        }
        // Butt caps: nothing at all in the first band.
        for y in 0..<30 {
            for x in 0..<120 { XCTAssertFalse(painted(context, x, y), "(\(x), \(y))") }
        }
        // Round dots at 8, 18, …, 58 on the second band's line, none between them.
        XCTAssertTrue(painted(context, 8, 45))
        XCTAssertTrue(painted(context, 58, 45))
        XCTAssertFalse(painted(context, 13, 45))
        assertBitmap(context.bitmap, matchesGolden: "zero-length-dots")
    }

    func testDashLengthsAreInUserSpaceAtStrokeTime() throws {
        let context = try dashedContext(width: 100, height: 20, lineWidth: 2, lengths: [5, 5])
        context.move(to: CGPoint(x: 0, y: 5))
        context.addLine(to: CGPoint(x: 40, y: 5))
        // The CTM at stroke time measures the dashes: 10 device pixels on, 10 off.
        context.scaleBy(x: 2, y: 2)
        context.strokePath()
        XCTAssertTrue(painted(context, 2, 5))
        XCTAssertTrue(painted(context, 8, 5))
        XCTAssertFalse(painted(context, 12, 5))
        XCTAssertFalse(painted(context, 18, 5))
        XCTAssertTrue(painted(context, 22, 5))
        // The same in device space at scale 1: 5 on, 5 off.
        let plain = try dashedContext(width: 100, height: 20, lineWidth: 2, lengths: [5, 5])
        plain.strokeLineSegments(between: [CGPoint(x: 0, y: 5), CGPoint(x: 80, y: 5)])
        XCTAssertTrue(painted(plain, 2, 5))
        XCTAssertFalse(painted(plain, 7, 5))
        XCTAssertTrue(painted(plain, 12, 5))
    }

    func testTheDashIsPartOfTheGraphicsStateAndEmptyOrInvalidLengthsStrokeSolid() throws {
        let context = try flippedContext(width: 60, height: 30)
        context.setStrokeColor(.black)
        context.setLineWidth(2)
        func strokeRow(_ y: CGFloat) {
            context.strokeLineSegments(between: [CGPoint(x: 0, y: y), CGPoint(x: 60, y: y)])
        }
        context.saveGState()
        context.setLineDash(phase: 0, lengths: [4, 4])
        strokeRow(3)
        context.restoreGState()
        strokeRow(9)
        context.setLineDash(phase: 0, lengths: [4, 4])
        context.setLineDash(phase: 3, lengths: [])
        strokeRow(15)
        context.setLineDash(phase: 0, lengths: [0, 0])
        strokeRow(21)
        context.setLineDash(phase: 0, lengths: [4, -1])
        strokeRow(27)
        XCTAssertFalse(painted(context, 6, 3), "dashed inside the saved state")
        for y in [9, 15, 21, 27] {
            XCTAssertTrue((0..<60).allSatisfy { painted(context, $0, y) }, "row \(y) solid")
        }
    }

    func testEveryStrokingCallIsDashed() throws {
        let pattern: [CGFloat] = [6, 6]
        func context() throws -> CGContext {
            try dashedContext(width: 80, height: 80, lineWidth: 2, lengths: pattern)
        }
        // A rectangle from (10, 10): painted 10…16 along its top side, a gap at 16…22.
        let rect = CGRect(x: 10, y: 10, width: 60, height: 60)
        let stroked = try context()
        stroked.stroke(rect)
        XCTAssertTrue(painted(stroked, 13, 10))
        XCTAssertFalse(painted(stroked, 19, 10))
        let drawn = try context()
        drawn.addRect(rect)
        drawn.drawPath(using: .stroke)
        XCTAssertTrue(drawn.bitmap.hasSamePixels(as: stroked.bitmap))
        let ellipse = try context()
        ellipse.strokeEllipse(in: rect)
        let solid = try flippedContext(width: 80, height: 80)
        solid.setLineWidth(2)
        solid.strokeEllipse(in: rect)
        XCTAssertFalse(ellipse.bitmap.hasSamePixels(as: solid.bitmap))
        // The stroked path and hit testing use the dash too.
        let replaced = try context()
        replaced.addRect(rect)
        XCTAssertTrue(replaced.pathContains(CGPoint(x: 13, y: 10), mode: .stroke))
        XCTAssertFalse(replaced.pathContains(CGPoint(x: 19, y: 10), mode: .stroke))
        XCTAssertTrue(replaced.pathContains(CGPoint(x: 19, y: 10.5), mode: .fillStroke), "inside the fill")
        replaced.replacePathWithStrokedPath()
        replaced.setFillColor(.black)
        replaced.fillPath()
        XCTAssertTrue(replaced.bitmap.hasSamePixels(as: stroked.bitmap))
        // A hairline (width 0) is dashed in user space too.
        let hairline = try context()
        hairline.setLineWidth(0)
        hairline.scaleBy(x: 2, y: 2)
        hairline.strokeLineSegments(between: [CGPoint(x: 0, y: 5.25), CGPoint(x: 40, y: 5.25)])
        XCTAssertTrue(painted(hairline, 5, 10))
        XCTAssertFalse(painted(hairline, 17, 10))
    }

    func testCopyDashingWithPhaseContainsThePaintedPartsOnly() {
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 100, y: 0))
        let dashes = line.copy(dashingWithPhase: 0, lengths: [10, 5])
        var subpaths = 0
        dashes.forEach { if case .move = $0 { subpaths += 1 } }
        XCTAssertEqual(subpaths, 7)
        let outline = dashes.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        XCTAssertTrue(outline.contains(CGPoint(x: 5, y: 1)))
        XCTAssertFalse(outline.contains(CGPoint(x: 12, y: 1)))
        XCTAssertTrue(outline.contains(CGPoint(x: 20, y: -1)))
        // The transform applies before dashing: scaled by 2, the path is 200 long, dashed in
        // that space (10 on, 5 off).
        let scaled = line.copy(dashingWithPhase: 0, lengths: [10, 5], transform: CGAffineTransform(scaleX: 2, y: 2))
        let scaledOutline = scaled.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        XCTAssertTrue(scaledOutline.contains(CGPoint(x: 5, y: 0.5)))
        XCTAssertFalse(scaledOutline.contains(CGPoint(x: 12, y: 0.5)))
        XCTAssertTrue(scaledOutline.contains(CGPoint(x: 185, y: 0.5)))
        // A dashed circle: its pieces lie on the circle, one of them through the start point.
        let circle = CGPath(ellipseIn: CGRect(x: -50, y: -50, width: 100, height: 100), transform: nil)
        let arcs = circle.copy(dashingWithPhase: 0, lengths: [20, 10])
        let ring = arcs.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .round, miterLimit: 10)
        XCTAssertTrue(ring.contains(CGPoint(x: 50, y: 0)), "the seam at the start point is painted")
        XCTAssertTrue(ring.contains(CGPoint(x: 50 * cos(0.1), y: 50 * sin(0.1))))
        XCTAssertFalse(ring.contains(CGPoint(x: 50 * cos(0.5), y: 50 * sin(0.5))), "a gap 20…30 along")
        XCTAssertFalse(ring.contains(.zero))
        // No pattern, or one Core Graphics rejects: the path itself.
        XCTAssertEqual(circle.copy(dashingWithPhase: 0, lengths: []), circle)
        XCTAssertEqual(circle.copy(dashingWithPhase: 0, lengths: [0, 0]), circle)
    }
}
