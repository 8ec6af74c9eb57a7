import Geometry
@testable import Raster
import XCTest

/// Gradient ramps (Core Graphics' unpremultiplied interpolation) and the axial, radial and
/// conic `t` of each pixel.
final class GradientShaderTests: XCTestCase {
    private let blackToWhite = GradientRamp(stops: [
        .init(location: 0, red: 0, green: 0, blue: 0, alpha: 1),
        .init(location: 1, red: 1, green: 1, blue: 1, alpha: 1),
    ])

    func testWhiteToClearPassesThroughHalfTransparentGrey() {
        let ramp = GradientRamp(stops: [.init(location: 0, red: 1, green: 1, blue: 1, alpha: 1),
                                        .init(location: 1, red: 0, green: 0, blue: 0, alpha: 0)])
        let middle = PremultipliedColor(packed: ramp.color(at: 0.5))
        // Unpremultiplied (0.5, 0.5, 0.5, 0.5): premultiplied 64 per channel, alpha 128.
        XCTAssertEqual(Int(middle.alpha), 128, accuracy: 1)
        XCTAssertEqual(Int(middle.red), 64, accuracy: 1)
        XCTAssertFalse(ramp.isOpaque)
    }

    func testStopsAreSortedClampedAndHeldBeyondTheEnds() {
        let ramp = GradientRamp(stops: [.init(location: 0.75, red: 0, green: 0, blue: 1, alpha: 1),
                                        .init(location: 0.25, red: 1, green: 0, blue: 0, alpha: 1)])
        XCTAssertEqual(ramp.color(at: 0), 0xFFFF_0000)
        XCTAssertEqual(ramp.color(at: 1), 0xFF00_00FF)
        let middle = PremultipliedColor(packed: ramp.color(at: 0.5))
        XCTAssertEqual(Int(middle.red), 128, accuracy: 1)
        XCTAssertEqual(Int(middle.blue), 128, accuracy: 1)
        XCTAssertEqual(GradientRamp(stops: []).color(at: 0.5), 0)
        let nan = GradientRamp(stops: [.init(location: .nan, red: .nan, green: 1, blue: 1, alpha: 1)])
        XCTAssertEqual(nan.color(at: 0.3), 0xFF00_FFFF)
    }

    private func shade(_ shader: GradientShader, y: Int, count: Int) -> (colors: [UInt32], coverage: [UInt8]) {
        var colors = [UInt32](repeating: 0, count: count), coverage = [UInt8](repeating: 0, count: count)
        _ = shader.shadeRow(y: y, x: 0, count: count, colors: &colors, coverage: &coverage)
        return (colors, coverage)
    }

    func testAxialTIsTheProjectionOnTheLineAndUnextendedEndsAreUncovered() {
        let shader = GradientShader(shape: .axial(start: CGPoint(x: 10, y: 0), end: CGPoint(x: 90, y: 0)),
                                    ramp: blackToWhite, extendsBefore: false, extendsAfter: false,
                                    pixelToGradient: .identity)
        let row = shade(shader, y: 3, count: 100)
        XCTAssertEqual(row.coverage[5], 0)
        XCTAssertEqual(row.coverage[95], 0)
        XCTAssertEqual(row.coverage[50], 255)
        // Pixel 49's centre is at 49.5: t = 39.5 / 80.
        XCTAssertEqual(Int(row.colors[49] & 0xFF), Int((39.5 / 80 * 255).rounded()), accuracy: 1)
        let extended = GradientShader(shape: shader.shape, ramp: blackToWhite, extendsBefore: true, extendsAfter: true,
                                      pixelToGradient: .identity)
        let all = shade(extended, y: 0, count: 100)
        XCTAssertEqual(all.coverage[0], 255)
        XCTAssertEqual(all.colors[0], 0xFF00_0000)
        XCTAssertEqual(all.colors[99], 0xFFFF_FFFF)
    }

    func testRadialBetweenConcentricCirclesIsTheDistance() {
        let shader = GradientShader(shape: .radial(startCenter: CGPoint(x: 50, y: 50), startRadius: 0,
                                                   endCenter: CGPoint(x: 50, y: 50), endRadius: 40),
                                    ramp: blackToWhite, extendsBefore: false, extendsAfter: false,
                                    pixelToGradient: .identity)
        let row = shade(shader, y: 49, count: 100)
        // Pixel (69, 49) has its centre 19.5 right of and 0.5 above the centre.
        let distance = (19.5 * 19.5 + 0.25).squareRoot()
        XCTAssertEqual(Int(row.colors[69] & 0xFF), Int((distance / 40 * 255).rounded()), accuracy: 1)
        XCTAssertEqual(row.coverage[95], 0, "outside the end circle, unextended")
    }

    func testRadialWithASmallCircleInsideALargeOneDrawsAConeWithoutBackFaces() {
        // A focal gradient: the start circle (radius 0) near the edge of the end circle.
        let shader = GradientShader(shape: .radial(startCenter: CGPoint(x: 30, y: 50), startRadius: 0,
                                                   endCenter: CGPoint(x: 50, y: 50), endRadius: 40),
                                    ramp: blackToWhite, extendsBefore: false, extendsAfter: false,
                                    pixelToGradient: .identity)
        let row = shade(shader, y: 49, count: 100)
        XCTAssertEqual(row.coverage[50], 255)
        XCTAssertEqual(row.coverage[95], 0)
        XCTAssertLessThan(row.colors[31] & 0xFF, row.colors[60] & 0xFF, "brighter away from the focus")
    }

    func testConicTurnsOnceAroundTheCentre() {
        let shader = GradientShader(shape: .conic(center: CGPoint(x: 50, y: 50), angle: 0), ramp: blackToWhite,
                                    extendsBefore: false, extendsAfter: false, pixelToGradient: .identity)
        let right = shade(shader, y: 50, count: 100).colors[90] & 0xFF
        let below = shade(shader, y: 90, count: 100).colors[49] & 0xFF
        XCTAssertLessThan(right, 8)
        XCTAssertEqual(Int(below), 64, accuracy: 3, "a quarter turn from +x towards +y")
    }

    func testNonFiniteGeometryCoversNothing() {
        let shader = GradientShader(shape: .axial(start: .zero, end: .zero), ramp: blackToWhite, extendsBefore: true,
                                    extendsAfter: true, pixelToGradient: .identity)
        XCTAssertEqual(shade(shader, y: 0, count: 10).coverage, [UInt8](repeating: 0, count: 10))
    }

    func testAPixelsColourDependsOnItsPositionNotOnWhereTheSpanStarts() {
        let turned = CGAffineTransform(a: 0.013, b: 0.004, c: -0.003, d: 0.011, tx: -0.2, ty: 0.1)
        let shapes: [GradientShader.Shape] = [
            .axial(start: CGPoint(x: 0.1, y: 0.2), end: CGPoint(x: 3.7, y: 1.9)),
            .radial(startCenter: CGPoint(x: 1, y: 1), startRadius: 0.1, endCenter: CGPoint(x: 1.4, y: 1.2), endRadius: 2),
            .conic(center: CGPoint(x: 1.5, y: 1), angle: 0.4),
        ]
        for shape in shapes {
            for extends in [true, false] {
                let shader = GradientShader(shape: shape, ramp: blackToWhite, extendsBefore: extends,
                                            extendsAfter: extends, pixelToGradient: turned)
                let y = 37, width = 300
                var whole = [UInt32](repeating: 0, count: width), wholeCoverage = [UInt8](repeating: 0, count: width)
                _ = shader.shadeRow(y: y, x: -20, count: width, colors: &whole, coverage: &wholeCoverage)
                for start in [-20, -19, 0, 5, 63, 64, 65, 130] {
                    let count = width - (start + 20)
                    var part = [UInt32](repeating: 0, count: count), partCoverage = [UInt8](repeating: 0, count: count)
                    _ = shader.shadeRow(y: y, x: start, count: count, colors: &part, coverage: &partCoverage)
                    let offset = start + 20
                    XCTAssertEqual(partCoverage, Array(wholeCoverage[offset...]), "\(shape) from \(start): coverage")
                    for i in 0..<count where partCoverage[i] != 0 {
                        XCTAssertEqual(part[i], whole[offset + i], "\(shape), extends \(extends), column \(start + i)")
                    }
                }
            }
        }
    }
}
