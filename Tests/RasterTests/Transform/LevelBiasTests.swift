@testable import Raster
import KinescopeTestSupport
import XCTest

/// `ImageDrawOptions.levelBias` (a layer's `minificationFilterBias`): a bias on the mip level
/// the sampler picks, the same in every kernel.
final class LevelBiasTests: XCTestCase {
    /// A 64×64 image of 4-pixel stripes, drawn at a quarter of its size.
    private func shrunkStripes(bias: Float, factor: Double = 4, path: ImageKernelPath = .fastest) -> Bitmap {
        let stripes = Bitmap(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 { stripes[x: x, y: y] = (x / 4) % 2 == 0 ? .white : .black }
        }
        let frame = Bitmap(width: 16, height: 16)
        frame.drawImage(MipmappedImage(stripes), inverseTransform: ProjectiveTransform.scale(x: factor, y: factor),
                        options: ImageDrawOptions(levelBias: bias), clip: nil, path: path)
        return frame
    }

    private func contrast(_ frame: Bitmap) -> Int {
        var values: [Int] = []
        for x in 2..<14 { values.append(Int(frame[x: x, y: 8].green)) }
        return values.max()! - values.min()!
    }

    func testAPositiveBiasReadsASmallerLevelAndANegativeOneALargerLevel() {
        // At a quarter size level 2 holds one pixel per stripe: full contrast. One level
        // smaller averages stripe pairs into grey; level 0 read bilinearly at every fourth
        // pixel keeps the stripes too.
        XCTAssertGreaterThan(contrast(shrunkStripes(bias: 0)), 200, "level 2: one pixel per stripe")
        XCTAssertLessThan(contrast(shrunkStripes(bias: 1)), 40, "level 3: stripes averaged away")
        XCTAssertFalse(shrunkStripes(bias: -1, factor: 3).hasSamePixels(as: shrunkStripes(bias: 0, factor: 3)),
                       "at a third of the size, level 0 instead of level 1")
        XCTAssertTrue(shrunkStripes(bias: .nan).hasSamePixels(as: shrunkStripes(bias: 0)), "NaN counts as 0")
        XCTAssertTrue(shrunkStripes(bias: 0.4).hasSamePixels(as: shrunkStripes(bias: 0)), "a fraction below the next level: the same level")
    }

    func testFastKernelsMatchTheReferenceWithABias() throws {
        var rng = SeededRandom(seed: 0xB1A5)
        for trial in 0..<60 {
            let chain = MipmappedImage(TransformFixtures.randomImage(width: 48, height: 40, using: &rng))
            let perspective = trial % 2 == 1
            let forward = perspective
                ? TransformFixtures.perspectiveForward(width: 48, height: 40, degrees: Double.random(in: -60...60, using: &rng),
                                                       eyeDistance: 80, cx: 20, cy: 16)
                : ProjectiveTransform.scale(x: Double.random(in: 0.1...0.6, using: &rng), y: Double.random(in: 0.1...0.6, using: &rng))
                    .concatenating(.rotation(radians: Double.random(in: -1...1, using: &rng)))
                    .concatenating(.translation(x: 20, y: 16))
            let options = ImageDrawOptions(levelBias: Float.random(in: -2...3, using: &rng))
            let expected = Bitmap(width: 40, height: 32)
            expected.drawImage(chain, inverseTransform: forward.inverted()!, options: options, clip: nil, path: .reference)
            for path in [ImageKernelPath.general, .fastest] {
                let actual = Bitmap(width: 40, height: 32)
                actual.drawImage(chain, inverseTransform: forward.inverted()!, options: options, clip: nil, path: path)
                if let difference = TransformFixtures.differences(actual, expected) {
                    return XCTFail("trial \(trial) \(path) bias \(options.levelBias): \(difference)")
                }
            }
        }
    }
}
