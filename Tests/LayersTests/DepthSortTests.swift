import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest
@testable import Layers

/// Sibling layers turned in 3D are drawn by depth, and layers that cut through each other are
/// split, as Core Animation draws the layers of one 3D rendering context. Goldens: ±2 per
/// channel on a few edge pixels (float edge coverage), the rest exact.
final class DepthSortTests: XCTestCase {
    let tolerance = ImageTolerance(perChannel: 2, maxDifferingPixels: 120)

    static let faceColours: [CGColor] = [
        CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1), CGColor(red: 0.2, green: 0.8, blue: 0.3, alpha: 1),
        CGColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 1), CGColor(red: 0.95, green: 0.85, blue: 0.2, alpha: 1),
        CGColor(red: 0.8, green: 0.3, blue: 0.8, alpha: 1), CGColor(red: 0.2, green: 0.8, blue: 0.8, alpha: 1),
    ]

    /// The six faces of a cube of side `2h` about the container's centre, as the Core Animation
    /// books build it: front, right, top, left, bottom, back, each turned from the front and
    /// moved out along its normal. Returns the faces with their outward normals.
    static func cube(in container: CALayer, halfSide h: CGFloat) -> [(CALayer, SIMD3<Double>)] {
        let turns: [(CATransform3D, SIMD3<Double>)] = [
            (CATransform3DMakeTranslation(0, 0, h), SIMD3(0, 0, 1)),
            (CATransform3DRotate(CATransform3DMakeTranslation(h, 0, 0), .pi / 2, 0, 1, 0), SIMD3(1, 0, 0)),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, -h, 0), .pi / 2, 1, 0, 0), SIMD3(0, -1, 0)),
            (CATransform3DRotate(CATransform3DMakeTranslation(-h, 0, 0), -.pi / 2, 0, 1, 0), SIMD3(-1, 0, 0)),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, h, 0), -.pi / 2, 1, 0, 0), SIMD3(0, 1, 0)),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -h), .pi, 0, 1, 0), SIMD3(0, 0, -1)),
        ]
        return turns.enumerated().map { index, turn in
            let face = CALayer()
            face.bounds = CGRect(x: 0, y: 0, width: 2 * h, height: 2 * h)
            face.position = CGPoint(x: container.bounds.midX, y: container.bounds.midY)
            face.backgroundColor = faceColours[index]
            face.borderColor = CGColor(gray: 1, alpha: 1)
            face.borderWidth = 2
            face.transform = turn.0
            container.addSublayer(face)
            return (face, turn.1)
        }
    }

    /// The container's turn for angle `index` of 12: about y in steps of 30°, tilted about x.
    static func turn(_ index: Int) -> CATransform3D {
        let yaw = CGFloat(index) * .pi / 6 + 0.2, pitch = CGFloat(index % 3 - 1) * 0.45 + 0.15
        return CATransform3DRotate(CATransform3DMakeRotation(yaw, 0, 1, 0), pitch, 1, 0, 0)
    }

    static func perspective(_ distance: CGFloat) -> CATransform3D {
        var p = CATransform3DIdentity
        p.m34 = -1 / distance
        return p
    }

    /// `v` turned by the rotation part of `m` (row vectors, as Core Animation).
    static func rotate(_ v: SIMD3<Double>, _ m: CATransform3D) -> SIMD3<Double> {
        SIMD3(v.x * Double(m.m11) + v.y * Double(m.m21) + v.z * Double(m.m31),
              v.x * Double(m.m12) + v.y * Double(m.m22) + v.z * Double(m.m32),
              v.x * Double(m.m13) + v.y * Double(m.m23) + v.z * Double(m.m33))
    }

    /// A 4×3 sheet of cubes, one per angle; with the face nearest the viewer at each.
    static func cubeSheet() -> (root: CALayer, nearest: [Int]) {
        let root = rootLayer(width: 384, height: 288)
        var nearest: [Int] = []
        for index in 0..<12 {
            let container = CALayer()
            container.frame = CGRect(x: CGFloat(index % 4) * 96, y: CGFloat(index / 4) * 96, width: 96, height: 96)
            let turn = turn(index)
            container.sublayerTransform = CATransform3DConcat(turn, Self.perspective(300))
            let faces = cube(in: container, halfSide: 24)
            root.addSublayer(container)
            let depths = faces.map { rotate($0.1, turn).z }
            nearest.append(depths.indices.max { depths[$0] < depths[$1] }!)
        }
        return (root, nearest)
    }

    func testCubeFacesNearestTheViewerAreDrawnInFrontAtTwelveAngles() throws {
        let (root, nearest) = Self.cubeSheet()
        let frame = render(root)
        for index in 0..<12 {
            let x = (index % 4) * 96 + 48, y = (index / 4) * 96 + 48
            let expected = Self.faceColours[nearest[index]].premultipliedPixel
            XCTAssertEqual(frame[x: x, y: y], expected, "angle \(index): face \(nearest[index]) is nearest")
        }
        assertBitmap(frame, matchesGolden: "cube-12-angles", tolerance: tolerance)
    }

    func testCubeLooksTheSameWhateverOrderItsFacesWereAdded() throws {
        let (root, nearest) = Self.cubeSheet()
        let reference = render(root)
        for container in root.sublayers ?? [] {
            container.sublayers = container.sublayers?.reversed()
        }
        let frame = render(root)
        for index in 0..<12 {
            let x = (index % 4) * 96 + 48, y = (index / 4) * 96 + 48
            XCTAssertEqual(frame[x: x, y: y], Self.faceColours[nearest[index]].premultipliedPixel, "angle \(index)")
        }
        // The hidden faces' order among themselves may differ, which moves the anti-aliased
        // silhouette pixels they touch by a few steps (1–2 % of the pixels); no face changes.
        assertBitmap(frame, matches: reference, name: "cube-reversed",
                     tolerance: ImageTolerance(perChannel: 48, maxDifferingPixels: 2000))
    }

    /// Two layers through the same centre, one turned 45° about y: its left half comes out in
    /// front of the other, its right half goes behind.
    static func intersectingPlanes(turnedFirst: Bool) -> CALayer {
        let root = rootLayer(width: 160, height: 120)
        root.sublayerTransform = Self.perspective(400)
        let flat = CALayer()
        flat.frame = CGRect(x: 30, y: 20, width: 100, height: 80)
        flat.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 1)
        let turned = CALayer()
        turned.frame = CGRect(x: 20, y: 35, width: 120, height: 50)
        turned.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)
        turned.contents = quadrantImage(width: 120, height: 50)
        turned.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        for layer in turnedFirst ? [turned, flat] : [flat, turned] { root.addSublayer(layer) }
        return root
    }

    func testIntersectingPlanesAreSplitWhereTheyCross() throws {
        for turnedFirst in [false, true] {
            let root = Self.intersectingPlanes(turnedFirst: turnedFirst)
            let node = try XCTUnwrap(root.makeRenderNode())
            XCTAssertEqual(node.depthFragments?.count, 3, "the turned layer in two pieces, the flat one whole")
            let frame = render(root)
            let blue = PremultipliedColor(red: 51, green: 77, blue: 230, alpha: 255)
            XCTAssertNotEqual(frame[x: 50, y: 45], blue, "left half of the turned layer in front")
            XCTAssertEqual(frame[x: 110, y: 45], blue, "right half behind the flat layer")
            assertBitmap(frame, matchesGolden: "intersecting-planes", tolerance: tolerance)
        }
    }

    func testLayerWithoutAVisiblePolygonStaysInTheDrawingListWhenOthersAreSplit() throws {
        let root = Self.intersectingPlanes(turnedFirst: false)
        let behind = CALayer()
        behind.frame = CGRect(x: 40, y: 30, width: 20, height: 20)
        behind.backgroundColor = CGColor(gray: 0, alpha: 1)
        behind.zPosition = 1000   // behind the eye at z = 400: nothing of it is drawn
        root.addSublayer(behind)
        let node = try XCTUnwrap(root.makeRenderNode())
        let fragments = try XCTUnwrap(node.depthFragments)
        XCTAssertEqual(fragments.count, 4, "the two pieces, the flat layer, and the layer behind the eye, whole")
        XCTAssertTrue(node.children[fragments[0].child] === node.children.first { $0.bounds.width == 20 })
        XCTAssertNil(fragments[0].clip)
        XCTAssertEqual(Set(fragments.map(\.child)).count, 3, "every child is drawn")
    }

    func testSplitLayersLeaveNoSeamAlongTheCut() throws {
        // An opaque turned layer over a black background, split by a transparent-looking
        // plane far behind it would leave background showing along the cut if the pieces were
        // anti-aliased; here the cutting plane is a layer that draws nothing over the cut line.
        let root = rootLayer(width: 120, height: 80)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        root.sublayerTransform = Self.perspective(400)
        let cutter = CALayer()
        cutter.frame = CGRect(x: 0, y: 0, width: 120, height: 20)   // crosses the turned layer's centre line only above it
        cutter.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        let turned = CALayer()
        turned.frame = CGRect(x: 10, y: 25, width: 100, height: 40)
        turned.backgroundColor = CGColor(gray: 1, alpha: 1)
        turned.transform = CATransform3DMakeRotation(.pi / 5, 0, 1, 0)
        root.addSublayer(cutter)
        root.addSublayer(turned)
        let node = try XCTUnwrap(root.makeRenderNode())
        XCTAssertNotNil(node.depthFragments, "the cutter's plane splits the turned layer")
        let frame = render(root)
        for y in 30..<60 {
            for x in 30..<90 {
                XCTAssertEqual(frame[x: x, y: y], .white, "(\(x), \(y)) inside the turned layer")
            }
        }
    }

    func testDepthOrderIsTheSameForAnyThreadCount() throws {
        let (cubes, _) = Self.cubeSheet()
        let planes = Self.intersectingPlanes(turnedFirst: true)
        for root in [cubes, planes] {
            let one = render(root, threads: 1)
            for threads in [2, 3, 5] {
                assertBitmap(render(root, threads: threads), matches: one, name: "threads-\(threads)", tolerance: .exact)
            }
        }
    }

    func testFlatSiblingsKeepZPositionThenInsertionOrder() throws {
        let root = rootLayer()
        root.sublayerTransform = Self.perspective(500)
        let colours = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1),
                       CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        for (index, colour) in colours.enumerated() {
            let layer = CALayer()
            layer.frame = CGRect(x: 20 + index * 10, y: 20, width: 60, height: 60)
            layer.backgroundColor = colour
            layer.zPosition = index == 0 ? 5 : 0
            root.addSublayer(layer)
        }
        let node = try XCTUnwrap(root.makeRenderNode())
        XCTAssertNil(node.depthFragments)
        XCTAssertFalse(DepthSort.isNeeded(node.children), "parallel to the screen: nothing to sort")
        let frame = render(root)
        XCTAssertEqual(frame[x: 45, y: 50], colours[0].premultipliedPixel, "zPosition 5 in front")
        XCTAssertEqual(frame[x: 85, y: 50], colours[2].premultipliedPixel, "then insertion order")
    }

    func testLayerBehindTheViewerIsLeftOut() throws {
        let root = rootLayer()
        root.sublayerTransform = Self.perspective(200)
        let near = CALayer()
        near.frame = CGRect(x: 40, y: 30, width: 80, height: 60)
        near.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        near.zPosition = 300   // behind the eye at z = 200
        let turned = CALayer()
        turned.frame = CGRect(x: 40, y: 30, width: 80, height: 60)
        turned.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        turned.transform = CATransform3DMakeRotation(0.3, 0, 1, 0)
        root.addSublayer(near)
        root.addSublayer(turned)
        let node = try XCTUnwrap(root.makeRenderNode())
        XCTAssertEqual(node.children.count, 2)
        let frame = render(root)
        XCTAssertEqual(frame[x: 80, y: 60], turned.backgroundColor!.premultipliedPixel)
    }
}
