import Geometry
import Graphics
import XCTest
@testable import Layers

final class InterpolationTests: XCTestCase {
    func testVectorValuesInterpolateComponentwise() throws {
        XCTAssertEqual(AnimatableValue.point(CGPoint(x: 0, y: 10)).interpolated(to: .point(CGPoint(x: 10, y: 30)), fraction: 0.25),
                       .point(CGPoint(x: 2.5, y: 15)))
        XCTAssertEqual(AnimatableValue.size(CGSize(width: 0, height: -3)).interpolated(to: .size(CGSize(width: 8, height: 5)), fraction: 0.5),
                       .size(CGSize(width: 4, height: 1)))
        XCTAssertEqual(AnimatableValue.rect(CGRect(x: 0, y: 0, width: 1, height: 1))
            .interpolated(to: .rect(CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)), fraction: 0.5),
                       .rect(CGRect(x: 0.25, y: 0.25, width: 0.75, height: 0.75)))
        XCTAssertEqual(AnimatableValue.scalar(1).interpolated(to: .scalar(2), fraction: 1.5), .scalar(2.5), "extrapolates for overshoot")
    }

    func testColorsInterpolateComponentsAndNilFadesWithoutDarkening() throws {
        let red = AnimatableValue(CGColor(red: 1, green: 0, blue: 0, alpha: 1), as: .color)!
        let blue = AnimatableValue(CGColor(red: 0, green: 0, blue: 1, alpha: 1), as: .color)!
        XCTAssertEqual(red.interpolated(to: blue, fraction: 0.5), .color(SIMD4(0.5, 0, 0.5, 1)))
        let none = AnimatableValue(nil, as: .color)!
        XCTAssertEqual(none.interpolated(to: red, fraction: 0.5), .color(SIMD4(1, 0, 0, 0.5)))
        XCTAssertEqual(red.interpolated(to: none, fraction: 1), .color(nil))
    }

    func testTransformsInterpolateThroughDecomposition() throws {
        let a = CATransform3DMakeRotation(0, 0, 0, 1)
        let b = CATransform3DConcat(CATransform3DMakeRotation(.pi / 2, 0, 0, 1), CATransform3DMakeTranslation(100, 0, 0))
        guard case let .transform(t) = AnimatableValue.transform(a).interpolated(to: .transform(b), fraction: 0.5) else {
            return XCTFail("not a transform")
        }
        let expected = CATransform3DConcat(CATransform3DMakeRotation(.pi / 4, 0, 0, 1), CATransform3DMakeTranslation(50, 0, 0))
        for (x, y) in zip(t.entries, expected.entries) { XCTAssertEqual(x, y, accuracy: 1e-9) }
    }

    func testAffineTransformsAreAcceptedForTransformKeyPaths() throws {
        let value = AnimatableValue(CGAffineTransform(scaleX: 2, y: 3), as: .transform)
        XCTAssertEqual(value, .transform(CATransform3DMakeScale(2, 3, 1)))
    }

    func testBooleansShowTrueWhileAnyEndIsTrue() throws {
        XCTAssertEqual(AnimatableValue.bool(false).interpolated(to: .bool(true), fraction: 0.01), .bool(true))
        XCTAssertEqual(AnimatableValue.bool(true).interpolated(to: .bool(false), fraction: 0.99), .bool(true))
        XCTAssertEqual(AnimatableValue.bool(true).interpolated(to: .bool(false), fraction: 1), .bool(false))
    }

    func testValueConversionRejectsWrongTypes() throws {
        XCTAssertNil(AnimatableValue("1", as: .scalar))
        XCTAssertNil(AnimatableValue(CGPoint.zero, as: .size))
        XCTAssertNil(AnimatableValue(3, as: .color))
        XCTAssertEqual(AnimatableValue(true, as: .scalar), .scalar(1))
        XCTAssertEqual(AnimatableValue([1, 2, 3], as: .vector3), .vector3(SIMD3(1, 2, 3)))
        XCTAssertEqual(AnimatableValue(Optional<Double>.some(2) as Any, as: .scalar), .scalar(2))
    }

    func testKeyPathParsing() throws {
        XCTAssertEqual(LayerKeyPath("position.x")?.kind, .scalar)
        XCTAssertEqual(LayerKeyPath("bounds.size")?.kind, .size)
        XCTAssertEqual(LayerKeyPath("transform.translation")?.kind, .size)
        XCTAssertEqual(LayerKeyPath("sublayerTransform.rotation")?.kind, .scalar)
        XCTAssertEqual(LayerKeyPath("hidden")?.kind, .bool)
        XCTAssertEqual(LayerKeyPath("contentsRect.origin.y")?.description, "contentsRect.origin.y")
        XCTAssertNil(LayerKeyPath("frame"))
        XCTAssertNil(LayerKeyPath("position.z"))
        XCTAssertNil(LayerKeyPath("transform.skew"))
        XCTAssertNil(LayerKeyPath("opacity.x"))
        XCTAssertNil(LayerKeyPath("isHidden"), "Apple's key is 'hidden'")
    }

    func testTransformFieldsReadAndWriteEulerAngles() throws {
        let t = CATransform3DConcat(CATransform3DConcat(CATransform3DMakeRotation(0.3, 1, 0, 0),
                                                        CATransform3DMakeRotation(-0.4, 0, 1, 0)),
                                    CATransform3DMakeRotation(1.2, 0, 0, 1))
        let fields = TransformFields(t)
        XCTAssertEqual(fields.value(of: .rotationX), .scalar(0.3), accuracy: 1e-9)
        XCTAssertEqual(fields.value(of: .rotationY), .scalar(-0.4), accuracy: 1e-9)
        XCTAssertEqual(fields.value(of: .rotationZ), .scalar(1.2), accuracy: 1e-9)
        for (x, y) in zip(fields.transform.entries, t.entries) { XCTAssertEqual(x, y, accuracy: 1e-9) }
        var scaled = TransformFields(CATransform3DMakeScale(2, 4, 6))
        XCTAssertEqual(scaled.value(of: .scale), .scalar(4))
        scaled.set(.translation, to: .size(CGSize(width: 5, height: 7)))
        XCTAssertEqual(scaled.transform.m41, 5)
        XCTAssertEqual(scaled.transform.m42, 7)
        XCTAssertEqual(scaled.transform.m22, 4)
    }
}

private func XCTAssertEqual(_ value: AnimatableValue, _ expected: AnimatableValue, accuracy: Double,
                            file: StaticString = #filePath, line: UInt = #line) {
    guard case let .scalar(a) = value, case let .scalar(b) = expected else {
        return XCTFail("not scalars: \(value) \(expected)", file: file, line: line)
    }
    XCTAssertEqual(a, b, accuracy: accuracy, file: file, line: line)
}
