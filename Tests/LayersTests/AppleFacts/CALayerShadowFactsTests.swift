import Geometry
import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CALayer/shadow.m (measured on Apple's QuartzCore): the
/// shadow `render(in:)` draws. The layer is 40×40, drawn into a 200×200 unflipped context
/// translated by (80, 80), so it covers 80..<120 both ways; offset (20, 20), radius 5.
/// Skipped: "a shadowPath makes no difference to what is drawn" — a limitation of Apple's
/// `renderInContext:`; Kinescope's `render(in:)` draws with the compositor, which honours
/// `shadowPath` as the screen does.
final class CALayerShadowFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    private func shadowedLayer() -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.backgroundColor = factRed
        layer.shadowColor = factBlue
        layer.shadowOpacity = 1
        layer.shadowOffset = CGSize(width: 20, height: 20)
        layer.shadowRadius = 5
        return layer
    }

    private func drawn(_ layer: CALayer) -> PaintedContext {
        let c = PaintedContext(side: 200)
        c.context.translateBy(x: 80, y: 80)
        layer.render(in: c.context)
        return c
    }

    func testAShadowPaintsOutsideTheLayerButNoFurtherThanTheOffsetPlusTwiceTheRadius() {
        let c = drawn(shadowedLayer())
        XCTAssertTrue(c.painted(140, 140), "a layer with a shadow paints outside itself")
        XCTAssertTrue(c.painted(149, 120), "as far as the offset and twice the radius reach")
        XCTAssertFalse(c.painted(152, 120), "and no further")
    }

    func testALayerThatDrawsNothingCastsNoShadow() {
        let layer = shadowedLayer()
        layer.backgroundColor = nil
        XCTAssertEqual(drawn(layer).paintedCount, 0)
    }

    func testTheShadowIsCastByTheLayerAndItsSublayersTogether() {
        let layer = shadowedLayer()
        let out = CALayer()
        out.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        out.position = CGPoint(x: 50, y: 20)
        out.backgroundColor = factGreen
        layer.addSublayer(out)
        XCTAssertTrue(drawn(layer).painted(165, 120), "a sublayer reaching past the layer casts a shadow too")
    }
}
