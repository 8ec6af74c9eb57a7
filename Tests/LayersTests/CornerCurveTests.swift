import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest
@testable import Layers

/// `cornerCurve`: circular and continuous corners of background, border, clip and shadow.
final class CornerCurveTests: XCTestCase {
    func testCornerCurveDefaultsToCircularWithApplesRawValues() {
        XCTAssertEqual(CALayer().cornerCurve, .circular)
        XCTAssertEqual(CALayerCornerCurve.circular.rawValue, "circular")
        XCTAssertEqual(CALayerCornerCurve.continuous.rawValue, "continuous")
        XCTAssertEqual(CALayer.cornerCurveExpansionFactor(.circular), 1)
        XCTAssertEqual(CALayer.cornerCurveExpansionFactor(.continuous), 1.528665, accuracy: 1e-6)
        XCTAssertNil(LayerKeyPath("cornerCurve"), "not animatable")
    }

    /// The coverage (0…255 alpha) of a white 100×60 rectangle with `radius` corners.
    private func coverage(radius: Double, curve: CornerCurve, width: Double = 100, height: Double = 60) -> Bitmap {
        var path = FlattenedPath()
        path.addRoundedRect(CGRect(x: 0, y: 0, width: width, height: height),
                            radii: CornerRadii(uniform: radius).with(curve))
        let mask = CoverageMask(size: try! PixelSize(width: Int(width), height: Int(height)))
        CoverageRasterizer().fill(path, rule: .nonZero, into: mask)
        let bitmap = Bitmap(width: Int(width), height: Int(height))
        bitmap.fill(.white, through: mask, atX: 0, y: 0, opacity: 255)
        return bitmap
    }

    func testContinuousCornerLeavesTheSideEarlierAndFollowsTheCircleInTheMiddle() {
        let circular = coverage(radius: 20, curve: .circular), continuous = coverage(radius: 20, curve: .continuous)
        // 24 points from the vertex (1.2 radii), the circular corner is already a straight side;
        // the continuous one still curves away from it (it leaves the side at 1.53 radii).
        XCTAssertEqual(circular[x: 75, y: 0].alpha, 255)
        XCTAssertLessThan(continuous[x: 75, y: 0].alpha, 250)
        XCTAssertEqual(continuous[x: 68, y: 0].alpha, 255, "straight beyond 1.53 radii")
        // On the diagonal both pass within a fraction of a pixel of the circle: (1 − 1/√2)·r ≈ 5.86.
        XCTAssertEqual(circular[x: 5, y: 5].alpha, continuous[x: 5, y: 5].alpha, accuracy: 40)
        XCTAssertEqual(circular[x: 3, y: 3].alpha, 0)
        XCTAssertEqual(continuous[x: 3, y: 3].alpha, 0)
        XCTAssertEqual(continuous[x: 8, y: 8].alpha, 255)
        // Continuous corners cut a little more area than circular ones.
        func area(_ b: Bitmap) -> Int { (0..<b.height).reduce(0) { s, y in (0..<b.width).reduce(s) { $0 + Int(b[x: $1, y: y].alpha) } } }
        XCTAssertLessThan(area(continuous), area(circular))
        XCTAssertGreaterThan(area(continuous), area(circular) - 4 * 255 * 30)
    }

    func testContinuousCornerWithoutRoomBecomesTheCircularCapsule() {
        // Radius half the height: no room to expand, so the continuous shape is the capsule.
        let circular = coverage(radius: 30, curve: .circular), continuous = coverage(radius: 30, curve: .continuous)
        var worst = 0
        for y in 0..<60 {
            for x in 0..<100 { worst = max(worst, abs(Int(circular[x: x, y: y].alpha) - Int(continuous[x: x, y: y].alpha))) }
        }
        XCTAssertLessThanOrEqual(worst, 40, "a cubic arc flattened by chords against the exact-area polygon arc: within 0.16 px")
        // Halfway (radius 15: room 30 of 1.53·15 ≈ 23 needed): fully continuous.
        XCTAssertLessThan(coverage(radius: 15, curve: .continuous)[x: 82, y: 0].alpha, 250)
    }

    private func cornerScene(_ curve: CALayerCornerCurve) -> CALayer {
        let root = rootLayer(width: 160, height: 120)
        let background = CALayer()
        background.frame = CGRect(x: 8, y: 8, width: 64, height: 48)
        background.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        background.cornerRadius = 14
        background.cornerCurve = curve
        root.addSublayer(background)
        let border = CALayer()
        border.frame = CGRect(x: 88, y: 8, width: 64, height: 48)
        border.borderWidth = 4
        border.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        border.cornerRadius = 16
        border.cornerCurve = curve
        root.addSublayer(border)
        let clipped = imageLayer(quadrantImage(), frame: CGRect(x: 8, y: 66, width: 64, height: 48))
        clipped.cornerRadius = 14
        clipped.masksToBounds = true
        clipped.cornerCurve = curve
        root.addSublayer(clipped)
        let shadowed = CALayer()
        shadowed.frame = CGRect(x: 92, y: 68, width: 56, height: 40)
        shadowed.backgroundColor = CGColor(red: 0.9, green: 0.8, blue: 0.2, alpha: 1)
        shadowed.cornerRadius = 12
        shadowed.cornerCurve = curve
        shadowed.shadowOpacity = 0.8
        shadowed.shadowRadius = 3
        shadowed.shadowOffset = CGSize(width: 3, height: 3)
        shadowed.transform = CATransform3DMakeRotation(0.2, 0, 0, 1)
        root.addSublayer(shadowed)
        return root
    }

    func testContinuousCornersGolden() {
        assertBitmap(render(cornerScene(.continuous)), matchesGolden: "continuous-corners",
                     tolerance: ImageTolerance(perChannel: 2, maxDifferingPixels: 60))
    }

    func testContinuousCornersDrawDifferentlyFromCircularOnlyNearTheCorners() {
        let circular = render(cornerScene(.circular)), continuous = render(cornerScene(.continuous))
        var differing = 0
        for y in 0..<120 {
            for x in 0..<160 where circular[x: x, y: y] != continuous[x: x, y: y] { differing += 1 }
        }
        XCTAssertGreaterThan(differing, 100, "background, border, clip and shadow all change")
        // The middle of each side is the same.
        XCTAssertEqual(circular[x: 40, y: 8], continuous[x: 40, y: 8])
        XCTAssertEqual(circular[x: 120, y: 9], continuous[x: 120, y: 9])
        XCTAssertEqual(circular[x: 40, y: 66], continuous[x: 40, y: 66])
    }

    func testChangingTheCornerCurveRendersANewFrame() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.cornerRadius = 8
        let before = layer.makeRenderNode()
        layer.cornerCurve = .continuous
        let after = layer.makeRenderNode()
        XCTAssertFalse(before === after)
        XCTAssertEqual(after?.corners.curve, .continuous)
    }
}

extension CornerRadii {
    fileprivate func with(_ curve: CornerCurve) -> CornerRadii {
        var copy = self
        copy.curve = curve
        return copy
    }
}
