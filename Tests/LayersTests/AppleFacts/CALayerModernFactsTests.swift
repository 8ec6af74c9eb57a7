import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CALayer/modern.m (measured on Apple's QuartzCore,
/// macOS 26). `cornerCurve` belongs to the rendering work in CALayer+Rendering (not checked
/// here); archiving (`shouldArchiveValue` per key) is skipped but for its instance form.
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

/// The dynamic-range half of GNUstep's modern.m (measured on Apple's QuartzCore, macOS 26).
final class CALayerDynamicRangeFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testTheDynamicRangeAndToneMapNames() {
        XCTAssertEqual(CADynamicRange.standard.rawValue, "standard")
        XCTAssertEqual(CADynamicRange.constrainedHigh.rawValue, "constrainedHigh")
        XCTAssertEqual(CADynamicRange.high.rawValue, "high")
        XCTAssertEqual(CAToneMapMode.automatic.rawValue, "automatic")
        XCTAssertEqual(CAToneMapMode.never.rawValue, "never")
        XCTAssertEqual(CAToneMapMode.ifSupported.rawValue, "ifSupported")
    }

    func testANewLayerAsksForTheStandardRangeWithNoHeadroom() {
        let l = CALayer()
        XCTAssertEqual(l.preferredDynamicRange, .standard)
        XCTAssertEqual(l.toneMapMode, .automatic)
        XCTAssertEqual(l.contentsHeadroom, 0)
        XCTAssertFalse(l.wantsExtendedDynamicRangeContent)
        XCTAssertFalse(l.wantsDynamicContentScaling)
    }

    func testTheClassDefaultsExceptForDynamicContentScaling() {
        XCTAssertEqual(CALayer.defaultValue(forKey: "preferredDynamicRange") as? CADynamicRange, .standard)
        XCTAssertEqual(CALayer.defaultValue(forKey: "toneMapMode") as? CAToneMapMode, .automatic)
        XCTAssertEqual(CALayer.defaultValue(forKey: "contentsHeadroom").flatMap { scalarValue($0) }, 0)
        XCTAssertEqual(CALayer.defaultValue(forKey: "wantsExtendedDynamicRangeContent") as? Bool, false)
        XCTAssertNil(CALayer.defaultValue(forKey: "wantsDynamicContentScaling"))
    }

    func testTheSettingsReadBackWhatWasSetANegativeHeadroomIncluded() {
        let l = CALayer()
        l.preferredDynamicRange = .high
        XCTAssertEqual(l.preferredDynamicRange, .high)
        l.toneMapMode = .never
        XCTAssertEqual(l.toneMapMode, .never)
        l.contentsHeadroom = 2.5
        XCTAssertEqual(l.contentsHeadroom, 2.5)
        l.wantsExtendedDynamicRangeContent = true
        XCTAssertTrue(l.wantsExtendedDynamicRangeContent)
        l.wantsDynamicContentScaling = true
        XCTAssertTrue(l.wantsDynamicContentScaling)
        l.contentsHeadroom = -3
        XCTAssertEqual(l.contentsHeadroom, -3)
    }

    func testNamesItDoesNotKnowGoBackToTheDefaults() {
        let l = CALayer()
        l.preferredDynamicRange = .high
        l.preferredDynamicRange = CADynamicRange(rawValue: "not a range")
        XCTAssertEqual(l.preferredDynamicRange, .standard)
        l.toneMapMode = .never
        l.toneMapMode = CAToneMapMode(rawValue: "not a mode")
        XCTAssertEqual(l.toneMapMode, .automatic)
    }
}
