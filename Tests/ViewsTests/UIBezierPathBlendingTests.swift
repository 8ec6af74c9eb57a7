import Geometry
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// `UIBezierPath.addClip()`, `fill(with:alpha:)`, `stroke(with:alpha:)`, `UIRectFrame` and a
/// shadow in a UIKit image context at scale 2 (offset and blur in points, y down).
final class UIBezierPathBlendingTests: XCTestCase {
    private func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> UInt32 {
        image.cgImage!.bitmap.row(y)[x]
    }

    func testAddClipThenFillOnlyPaintsInsideThePath() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 40)).image { _ in
            UIColor.white.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 40, height: 40))
            UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 40)).addClip()
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 40, height: 40))
        }
        XCTAssertEqual(pixel(image, 20, 20), 0xFFFF_0000)
        XCTAssertEqual(pixel(image, 1, 1), 0xFFFF_FFFF)
    }

    func testFillWithBlendModeAndAlphaLeavesTheContextAsItWas() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { _ in
            UIColor(white: 0.5, alpha: 1).setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 20, height: 20))
            UIColor.red.setFill()
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20)).fill(with: .multiply, alpha: 1)
            UIBezierPath(rect: CGRect(x: 10, y: 0, width: 10, height: 10)).fill(with: .normal, alpha: 0.5)
            UIRectFill(CGRect(x: 10, y: 10, width: 10, height: 10))
        }
        XCTAssertEqual(pixel(image, 5, 5), 0xFF80_0000, "multiply")
        XCTAssertEqual(Int(pixel(image, 15, 5) >> 16 & 0xFF), 191, accuracy: 1, "red at half alpha over grey")
        XCTAssertEqual(pixel(image, 15, 15), 0xFFFF_0000, "blend mode and alpha restored afterwards")
    }

    func testStrokeWithBlendModeClearsAlongThePath() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { _ in
            UIColor.blue.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: 20, height: 20))
            let line = UIBezierPath()
            line.move(to: CGPoint(x: 0, y: 10))
            line.addLine(to: CGPoint(x: 20, y: 10))
            line.lineWidth = 4
            line.stroke(with: .clear, alpha: 1)
        }
        XCTAssertEqual(pixel(image, 10, 9), 0)
        XCTAssertEqual(pixel(image, 10, 2), 0xFF00_00FF)
    }

    func testRectFrameIsOnePointInsideTheRectangle() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { _ in
            UIColor.black.setFill()
            UIRectFrame(CGRect(x: 2, y: 2, width: 6, height: 6))
        }
        XCTAssertEqual(pixel(image, 2, 5), 0xFF00_0000)
        XCTAssertEqual(pixel(image, 7, 5), 0xFF00_0000)
        XCTAssertEqual(pixel(image, 4, 4), 0)
        XCTAssertEqual(pixel(image, 1, 5), 0)
    }

    func testShadowOffsetsAreInPointsAndPointDownInUIKitContexts() {
        let format = UIGraphicsImageRenderer.Format()
        format.scale = 2
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20), format: format).image { context in
            context.cgContext.setShadow(offset: CGSize(width: 3, height: 3), blur: 0, color: UIColor.black.cgColor)
            UIColor.red.setFill()
            UIRectFill(CGRect(x: 2, y: 2, width: 6, height: 6))
        }
        // The square covers pixels 4..<16; its shadow 6 pixels (3 points) right and down.
        XCTAssertEqual(pixel(image, 10, 10), 0xFFFF_0000)
        XCTAssertEqual(pixel(image, 19, 19), 0xFF00_0000)
        XCTAssertEqual(pixel(image, 17, 12), 0xFF00_0000)
        XCTAssertEqual(pixel(image, 12, 17), 0xFF00_0000)
        XCTAssertEqual(pixel(image, 17, 8), 0, "nothing above the shadow's top at pixel 10")
        XCTAssertEqual(pixel(image, 2, 2), 0)
    }
}
