@testable import Raster
import KinescopeTestSupport
import XCTest

/// The kinds of map the fuzz test draws through (declared outside the test class: the CMake
/// test scan ends a class at a nested type).
private enum MapFamily: CaseIterable { case integerTranslation, translation, axisScale, affine, projective }

/// The fast kernels (general SIMD, and the axis-aligned shortcuts) against the scalar reference,
/// byte for byte, over seeded random images, maps, options and clips.
final class DrawImageAgreementTests: XCTestCase {
    private func randomMap(_ family: MapFamily, source: PixelSize, using rng: inout SeededRandom) -> ProjectiveTransform {
        let w = Double(source.width), h = Double(source.height)
        switch family {
        case .integerTranslation:
            return .translation(x: Double(Int.random(in: -20...30, using: &rng)), y: Double(Int.random(in: -20...30, using: &rng)))
        case .translation:
            return .translation(x: Double.random(in: -20...30, using: &rng), y: Double.random(in: -20...30, using: &rng))
        case .axisScale:
            let sx = Double.random(in: 0.05...4, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
            let sy = Double.random(in: 0.05...4, using: &rng)
            return ProjectiveTransform.scale(x: sx, y: sy)
                .concatenating(.translation(x: Double.random(in: -10...40, using: &rng), y: Double.random(in: -10...40, using: &rng)))
                .inverted()!
        case .affine:
            let forward = ProjectiveTransform.translation(x: -w / 2, y: -h / 2)
                .concatenating(.scale(x: Double.random(in: 0.05...3, using: &rng), y: Double.random(in: 0.05...3, using: &rng)))
                .concatenating(ProjectiveTransform(1, Double.random(in: -0.5...0.5, using: &rng), 0, 0, 1, 0, 0, 0, 1))
                .concatenating(.rotation(radians: Double.random(in: -4...4, using: &rng)))
                .concatenating(.translation(x: Double.random(in: 0...48, using: &rng), y: Double.random(in: 0...40, using: &rng)))
            return forward.inverted()!
        case .projective:
            let forward = TransformFixtures.perspectiveForward(
                width: w, height: h, degrees: Double.random(in: -89...89, using: &rng),
                eyeDistance: Double.random(in: 5...200, using: &rng),
                cx: Double.random(in: 0...48, using: &rng), cy: Double.random(in: 0...40, using: &rng),
                scale: Double.random(in: 0.1...3, using: &rng))
                .concatenating(.rotation(radians: Double.random(in: -0.5...0.5, using: &rng)))
            return forward.inverted()!
        }
    }

    func testFastKernelsMatchReferenceExactlyOnRandomDraws() throws {
        var rng = SeededRandom(seed: 0x5EED_1234)
        var checked = 0
        for trial in 0..<600 {
            let family = MapFamily.allCases[trial % MapFamily.allCases.count]
            let size = trial % 10 == 7 ? try PixelSize(width: 1, height: 1)
                : try PixelSize(width: Int.random(in: 1...40, using: &rng), height: Int.random(in: 1...30, using: &rng))
            let source = TransformFixtures.randomImage(width: size.width, height: size.height,
                                                       opaque: trial % 3 == 0, using: &rng)
            let chain = MipmappedImage(source)
            let map = randomMap(family, source: size, using: &rng)
            let options = ImageDrawOptions(
                opacity: Bool.random(using: &rng) ? 1 : Float.random(in: 0...1, using: &rng),
                filter: ImageFilter.allCases.randomElement(using: &rng)!,
                edgeAntialiasing: Int.random(in: 0..<4, using: &rng) != 0)
            let clip: PixelRect? = Bool.random(using: &rng) ? nil
                : PixelRect(x: Int.random(in: -5...30, using: &rng), y: Int.random(in: -5...25, using: &rng),
                            width: Int.random(in: 0...50, using: &rng), height: Int.random(in: 0...40, using: &rng))
            let background = TransformFixtures.randomImage(width: 56, height: 44, using: &rng)
            let expected = background.copy()
            expected.drawImage(chain, inverseTransform: map, options: options, clip: clip, path: .reference)
            for path in [ImageKernelPath.general, .fastest] {
                let actual = background.copy()
                actual.drawImage(chain, inverseTransform: map, options: options, clip: clip, path: path)
                if let difference = TransformFixtures.differences(actual, expected) {
                    XCTFail("trial \(trial) \(family) \(path) \(options) clip \(String(describing: clip)) map \(map): \(difference)")
                    return
                }
            }
            if !expected.hasSamePixels(as: background) { checked += 1 }
        }
        XCTAssertGreaterThan(checked, 300, "most random draws should change some pixels, or the comparison proves little")
    }

    func testFastKernelsMatchReferenceOnLargeMipmappedPerspective() throws {
        var rng = SeededRandom(seed: 77)
        let source = TransformFixtures.randomImage(width: 300, height: 200, using: &rng)
        let chain = MipmappedImage(source)
        let forward = TransformFixtures.perspectiveForward(width: 300, height: 200, degrees: 75, eyeDistance: 400,
                                                           cx: 80, cy: 60, scale: 0.45)
        let background = TransformFixtures.randomImage(width: 160, height: 120, using: &rng)
        let expected = background.copy()
        let options = ImageDrawOptions(opacity: 0.9, filter: .mipmappedBilinear)
        expected.drawImage(chain, inverseTransform: forward.inverted()!, options: options, clip: nil, path: .reference)
        XCTAssertGreaterThan(chain.builtLevelCount, 2, "the draw should reach mip levels 1 and 2")
        let actual = background.copy()
        actual.drawImage(chain, inverseTransform: forward.inverted()!, options: options, clip: nil, path: .fastest)
        XCTAssertNil(TransformFixtures.differences(actual, expected))
    }
}
