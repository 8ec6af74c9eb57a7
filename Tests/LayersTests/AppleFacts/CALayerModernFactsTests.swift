import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CALayer/modern.m (measured on Apple's QuartzCore,
/// macOS 26). `cornerCurve` belongs to the rendering work in CALayer+Rendering (not checked
/// here); the dynamic-range and tone-mapping properties are not in Kinescope (skipped).
final class CALayerModernFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testTheContentsFormatNamesAndCornerBits() {
        XCTAssertEqual(CALayerContentsFormat.RGBA8Uint.rawValue, "RGBA8")
        XCTAssertEqual(CALayerContentsFormat.RGBA16Float.rawValue, "RGBAh")
        XCTAssertEqual(CALayerContentsFormat.gray8Uint.rawValue, "Gray8")
        XCTAssertEqual(CACornerMask.layerMinXMinYCorner.rawValue, 1)
        XCTAssertEqual(CACornerMask.layerMaxXMinYCorner.rawValue, 2)
        XCTAssertEqual(CACornerMask.layerMinXMaxYCorner.rawValue, 4)
        XCTAssertEqual(CACornerMask.layerMaxXMaxYCorner.rawValue, 8)
    }

    func testANewLayerRoundsAllFourCornersAndAsksForEightBitColour() {
        let l = CALayer()
        XCTAssertEqual(l.maskedCorners.rawValue, 15)
        XCTAssertEqual(l.contentsFormat, .RGBA8Uint)
        XCTAssertEqual((CALayer.defaultValue(forKey: "maskedCorners") as? CACornerMask)?.rawValue, 15)
        XCTAssertEqual(CALayer.defaultValue(forKey: "contentsFormat") as? CALayerContentsFormat, .RGBA8Uint)
    }

    func testCornersAndFormatReadBackWhatWasSet() {
        let l = CALayer()
        l.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        XCTAssertEqual(l.maskedCorners.rawValue, 9)
        l.contentsFormat = .RGBA16Float
        XCTAssertEqual(l.contentsFormat, .RGBA16Float)
    }

    func testAContentsFormatItDoesNotKnowGoesBackToEightBitColour() {
        let l = CALayer()
        l.contentsFormat = .gray8Uint
        l.contentsFormat = CALayerContentsFormat(rawValue: "not a format")
        XCTAssertEqual(l.contentsFormat, .RGBA8Uint)
    }

    func testBitsThatAreNotCornersAreDroppedFromTheCornerMask() {
        let l = CALayer()
        l.maskedCorners = CACornerMask(rawValue: 255)
        XCTAssertEqual(l.maskedCorners.rawValue, 15)
    }

    func testANewLayerArchivesItsContentsFormat() {
        XCTAssertTrue(CALayer().shouldArchiveValue(forKey: "contentsFormat"))
    }
}
