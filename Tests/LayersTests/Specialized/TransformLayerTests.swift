import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest
@testable import Layers

/// `CATransformLayer`: its sublayers join the enclosing 3D space (a cube inside one shows the
/// right faces from every angle), its own drawing is ignored, its opacity applies per sublayer,
/// hit testing passes through.
final class TransformLayerTests: XCTestCase {
    let tolerance = ImageTolerance(perChannel: 2, maxDifferingPixels: 120)

    /// 12 cubes of 40 points under a root with perspective, each turned by
    /// `DepthSortTests.turn`: as a transform layer holding the faces (`transformLayer`), or as
    /// `DepthSortTests` builds them, a plain container whose `sublayerTransform` turns its faces.
    static func cubeSheet(transformLayer: Bool) -> CALayer {
        let root = rootLayer(width: 160, height: 120)
        for index in 0..<12 {
            let cell = CALayer()
            cell.frame = CGRect(x: CGFloat(index % 4) * 40, y: CGFloat(index / 4) * 40, width: 40, height: 40)
            let cube = transformLayer ? CATransformLayer() : CALayer()
            cube.frame = cell.bounds
            if transformLayer {
                cell.sublayerTransform = DepthSortTests.perspective(150)
                cube.backgroundColor = CGColor(gray: 0, alpha: 1)
                cube.borderWidth = 3
                cube.transform = DepthSortTests.turn(index)
            } else {
                cube.sublayerTransform = CATransform3DConcat(DepthSortTests.turn(index), DepthSortTests.perspective(150))
            }
            _ = DepthSortTests.cube(in: cube, halfSide: 10)
            cell.addSublayer(cube)
            root.addSublayer(cell)
        }
        return root
    }

    /// The transform layer's faces are sorted in its superlayer's 3D space exactly as faces that
    /// are siblings there (whose order `DepthSortTests` checks face by face).
    func testCubeInATransformLayerShowsTheNearestFaceAtTwelveAngles() throws {
        let frame = render(Self.cubeSheet(transformLayer: true))
        assertBitmap(frame, matches: render(Self.cubeSheet(transformLayer: false)), name: "cube-as-siblings",
                     tolerance: ImageTolerance(perChannel: 2, maxDifferingPixels: 60))
        assertBitmap(frame, matchesGolden: "cube-12-angles", tolerance: tolerance)
    }

    /// Flattened, the same faces show the last one added on top whatever the angle.
    func testPlainLayerFlattensWhereATransformLayerDoesNot() throws {
        let flat = Self.cubeSheet(transformLayer: true)
        for cell in flat.sublayers ?? [] {
            let t = cell.sublayers![0]
            let plain = CALayer()
            plain.frame = t.frame
            plain.transform = t.transform
            plain.sublayers = t.sublayers
            cell.sublayers = [plain]
        }
        XCTAssertFalse(render(flat).hasSamePixels(as: render(Self.cubeSheet(transformLayer: true))))
    }

    func testOwnDrawingIsIgnoredAndOpacityAppliesPerSublayer() throws {
        let root = rootLayer(width: 60, height: 40)
        let t = CATransformLayer()
        t.frame = root.bounds
        t.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        t.opacity = 0.5
        t.masksToBounds = true
        let a = CALayer(), b = CALayer()
        a.frame = CGRect(x: 10, y: 10, width: 30, height: 20)
        b.frame = CGRect(x: 25, y: 10, width: 30, height: 20)
        a.backgroundColor = .white
        b.backgroundColor = .white
        t.addSublayer(a)
        t.addSublayer(b)
        root.addSublayer(t)
        let frame = render(root)
        XCTAssertEqual(frame[x: 5, y: 5], PremultipliedColor(red: 128, green: 128, blue: 128, alpha: 255), "no background")
        let single = frame[x: 15, y: 20], overlap = frame[x: 30, y: 20]
        XCTAssertEqual(Int(single.red), 191, accuracy: 2)
        XCTAssertGreaterThan(overlap.red, single.red, "each sublayer faded on its own: the overlap is brighter")
    }

    func testHitTestingPassesThrough() {
        let root = rootLayer(width: 60, height: 40)
        let t = CATransformLayer()
        t.frame = root.bounds
        let a = CALayer()
        a.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        t.addSublayer(a)
        root.addSublayer(t)
        XCTAssertTrue(root.hitTest(CGPoint(x: 15, y: 15)) === a)
        XCTAssertTrue(root.hitTest(CGPoint(x: 40, y: 30)) === root, "not the transform layer")
    }

    func testChangeBelowATransformLayerReachesTheRoot() throws {
        let root = rootLayer(width: 40, height: 40)
        let t = CATransformLayer()
        t.frame = root.bounds
        let a = CALayer()
        a.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        a.backgroundColor = .white
        t.addSublayer(a)
        root.addSublayer(t)
        _ = render(root)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        a.backgroundColor = .black
        CATransaction.commit()
        XCTAssertEqual(render(root)[x: 10, y: 10], PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255))
    }
}
