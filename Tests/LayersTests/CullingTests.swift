import Geometry
import Graphics
import KinescopeTestSupport
import Raster
import XCTest
@testable import Layers

/// Subtree culling: the compositor skips a subtree whose culling box (what it may draw, in its
/// own plane) lies outside the pixels being drawn, so the box must hold everything the subtree
/// draws, however far that reaches past the layer's bounds.
final class CullingTests: XCTestCase {
    /// Drawn in 8×8 tiles (each tile a clip that culls what lies outside it), a tree whose
    /// drawing spills past its layers' bounds every way there is gives a whole render's bytes.
    func testTiledRenderOfSubtreesDrawingPastTheirBoundsEqualsAWholeRender() throws {
        let root = spillingTree()
        let whole = render(root)
        let tiled = Bitmap(width: whole.width, height: whole.height)
        let compositor = Compositor(threadCount: 1)
        let node = root.makeRenderNode()
        for y in stride(from: 0, to: whole.height, by: 8) {
            for x in stride(from: 0, to: whole.width, by: 8) {
                compositor.render(node, into: tiled, clip: PixelRect(x: x, y: y, width: 8, height: 8))
            }
        }
        assertBitmap(tiled, matches: whole, name: "culling-tiled")
    }

    /// A side past ±10⁹ points cannot hold what it bounds (a shadow offset by −10³⁰⁸ gave its
    /// root a box ending at y 0 instead of 48, and three bands lost the root's background): such
    /// a subtree, and what holds it, is not culled.
    func testSubtreesReachingPastTheBoxesPrecisionAreNotCulled() throws {
        let root = rootLayer(width: 64, height: 48)
        let far = CALayer()
        far.frame = CGRect(x: 20, y: 14, width: 20, height: 16)
        far.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.8)
        far.shadowOpacity = 0.5
        far.shadowOffset = CGSize(width: .leastNonzeroMagnitude, height: -CGFloat.greatestFiniteMagnitude)
        root.addSublayer(far)
        XCTAssertNil(root.makeRenderNode()?.cullingBox)
        assertBitmap(render(root, threads: 3), matches: render(root), name: "culling-far-shadow")
        far.shadowOffset = .zero
        far.bounds = CGRect(x: 1e300, y: 1e155, width: 1e9, height: 250)
        far.contents = quadrantImage()
        XCTAssertNil(root.makeRenderNode()?.cullingBox)
        assertBitmap(render(root, threads: 3), matches: render(root), name: "culling-far-contents")
    }

    func testCullingBoxesHoldShadowsContentsAndSublayersButNotClippedOnes() throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        layer.shadowOpacity = 1
        layer.shadowOffset = CGSize(width: 30, height: 0)
        layer.shadowRadius = 2
        let box = try XCTUnwrap(layer.makeRenderNode()?.cullingBox)
        XCTAssertEqual(box, CGRect(x: 0, y: -6, width: 56, height: 22), "the bounds and the shadow, moved 30 and grown by 3 radii")

        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let child = CALayer()
        child.frame = CGRect(x: 40, y: 0, width: 10, height: 10)
        child.backgroundColor = CGColor(gray: 0, alpha: 1)
        parent.addSublayer(child)
        XCTAssertEqual(parent.makeRenderNode()?.cullingBox, CGRect(x: 0, y: 0, width: 50, height: 10))
        parent.masksToBounds = true
        XCTAssertEqual(parent.makeRenderNode()?.cullingBox, CGRect(x: 0, y: 0, width: 10, height: 10),
                       "a clipping layer's sublayers stay inside it")
        parent.masksToBounds = false
        var behind = CATransform3DIdentity
        behind.m34 = -1.0 / 2
        child.transform = CATransform3DRotate(behind, .pi / 2.2, 0, 1, 0)
        XCTAssertNil(parent.makeRenderNode()?.cullingBox, "a sublayer reaching behind the viewer has no box")
    }
}

/// A 160×120 tree of layers drawing past their bounds: a far, blurred shadow; contents larger
/// than their layer; a shape's stroke outside its layer; sublayers outside their parents,
/// rotated and in perspective; a shadow cast by a sublayer outside its parent.
private func spillingTree() -> CALayer {
    let root = rootLayer()
    let shadowed = CALayer()
    shadowed.frame = CGRect(x: 10, y: 10, width: 20, height: 16)
    shadowed.backgroundColor = CGColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 1)
    shadowed.shadowOpacity = 0.8
    shadowed.shadowRadius = 4
    shadowed.shadowOffset = CGSize(width: 50, height: 30)
    root.addSublayer(shadowed)

    let spilling = CALayer()
    spilling.frame = CGRect(x: 110, y: 12, width: 12, height: 12)
    spilling.contents = quadrantImage(width: 40, height: 30)
    spilling.contentsGravity = .center
    root.addSublayer(spilling)

    let shape = CAShapeLayer()
    shape.frame = CGRect(x: 20, y: 80, width: 4, height: 4)
    shape.path = CGPath(ellipseIn: CGRect(x: 10, y: -20, width: 40, height: 30), transform: nil)
    shape.fillColor = nil
    shape.strokeColor = CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)
    shape.lineWidth = 5
    root.addSublayer(shape)

    let parent = CALayer()
    parent.frame = CGRect(x: 90, y: 70, width: 8, height: 8)
    let outside = CALayer()
    outside.frame = CGRect(x: 20, y: 10, width: 30, height: 20)
    outside.backgroundColor = CGColor(red: 0.2, green: 0.8, blue: 0.3, alpha: 1)
    outside.cornerRadius = 6
    outside.shadowOpacity = 1
    outside.shadowRadius = 3
    outside.shadowOffset = CGSize(width: -30, height: 8)
    parent.addSublayer(outside)
    let turned = CALayer()
    turned.frame = CGRect(x: -60, y: -10, width: 30, height: 12)
    turned.backgroundColor = CGColor(red: 0.6, green: 0.1, blue: 0.7, alpha: 1)
    turned.setAffineTransform(CGAffineTransform(rotationAngle: 0.7))
    parent.addSublayer(turned)
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / 200
    let tilted = CALayer()
    tilted.frame = CGRect(x: -80, y: 20, width: 40, height: 20)
    tilted.backgroundColor = CGColor(red: 0.95, green: 0.8, blue: 0.1, alpha: 1)
    tilted.transform = CATransform3DRotate(perspective, 0.9, 0, 1, 0)
    parent.addSublayer(tilted)
    root.addSublayer(parent)
    return root
}
