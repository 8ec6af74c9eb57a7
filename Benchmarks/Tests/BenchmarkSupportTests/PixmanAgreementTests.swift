import BenchmarkSupport
import CPixman
import Raster
import XCTest

/// Our perspective-correct kernel against pixman's projective bilinear path on the same
/// homography (rounded to pixman's 16.16 fixed point, and that rounded matrix given to both).
final class PixmanAgreementTests: XCTestCase {
    /// PSNR of our draw against pixman's; `perspectiveError` scales our matrix's perspective
    /// row by 1 + error to show what an inexact perspective scores.
    private func compare(degrees: Double, eyeDistance: Double, filter: ImageFilter, perspectiveError: Double = 0,
                         width: Int = 480, height: Int = 270) -> Double {
        let photo = TestImage.photo(width: width, height: height)
        let border = 2
        let padded = TestImage.padded(photo, border: border)
        let forward = Scenes.rotatedAboutY(width: width, height: height, frameWidth: width, frameHeight: height,
                                           degrees: degrees, eyeDistance: eyeDistance)
        let fixed = Pixman.fixedTransform(forward.inverted()!.concatenating(.translation(x: Double(border), y: Double(border))))
        var inverse = Pixman.matrix(of: fixed).concatenating(.translation(x: -Double(border), y: -Double(border)))
        inverse.m20 *= 1 + perspectiveError
        inverse.m21 *= 1 + perspectiveError
        let background = Bitmap(size: photo.size, filledWith: PremultipliedColor(packed: 0xFF30_3030))

        let ours = background.copy()
        ours.drawImage(MipmappedImage(photo), inverseTransform: inverse, options: ImageDrawOptions(filter: filter))
        let theirs = background.copy()
        let source = Pixman.image(padded), target = Pixman.image(theirs)
        Pixman.compositeOver(source: source, transform: fixed, destination: target,
                             rect: Scenes.bounds(of: forward, width: width, height: height, frame: background.bounds))
        Pixman.release(source)
        Pixman.release(target)
        XCTAssertFalse(ours.hasSamePixels(as: background), "our draw left the frame unchanged")
        let value = psnr(ours, theirs)
        print("PSNR against pixman, \(degrees)° about y, eye at \(eyeDistance) px, \(filter): \(value) dB")
        return value
    }

    func testPerspectiveCompositeMatchesPixmanProjectiveBilinearAbove40dB() throws {
        let value = compare(degrees: 60, eyeDistance: 500, filter: .bilinear)
        XCTAssertGreaterThanOrEqual(value, 40, "PSNR against pixman \(value) dB")
    }

    func testBenchmarkSceneAtFullSizeMatchesPixmanAbove40dB() throws {
        let value = compare(degrees: 60, eyeDistance: 2000, filter: .bilinear, width: 1920, height: 1080)
        XCTAssertGreaterThanOrEqual(value, 40, "PSNR against pixman \(value) dB")
    }

    func testSlightlyWrongPerspectiveScoresBelow40dB() throws {
        let value = compare(degrees: 60, eyeDistance: 500, filter: .bilinear, perspectiveError: 0.02)
        XCTAssertLessThan(value, 40, "a 2 % perspective error should be visible, PSNR \(value) dB")
    }

    func testSteepPerspectiveMatchesPixmanAbove40dB() throws {
        let value = compare(degrees: 75, eyeDistance: 300, filter: .bilinear)
        XCTAssertGreaterThanOrEqual(value, 40, "PSNR against pixman \(value) dB")
    }
}
