import Foundation
import Graphics
import Layers
import Raster
import XCTest
@testable import Transitions

/// `CIFilter` with Apple's API: names, keys, attributes, defaults, refused values, output images,
/// and Core Image coordinates converted for the transition.
final class CIFilterTests: XCTestCase {
    typealias F = CoreImageFixtures

    private let myFilters = ["CIDissolveTransition", "CISwipeTransition", "CIBarsSwipeTransition",
                             "CICopyMachineTransition", "CIModTransition", "CIFlashTransition", "CIRippleTransition",
                             "CIDisintegrateWithMaskTransition", "CIAccordionFoldTransition"]

    private func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    func testEveryTransitionFilterIsCreatedByNameAndListedInTheTransitionCategory() {
        let listed = CIFilter.filterNames(inCategory: kCICategoryTransition)
        for name in myFilters {
            XCTAssertEqual(CIFilter(name: name)?.name, name)
            XCTAssertTrue(listed.contains(name), name)
        }
        XCTAssertEqual(CIFilter.localizedName(forFilterName: "CIBarsSwipeTransition"), "Bars Swipe")
        XCTAssertTrue(CIFilter.filterNames(inCategory: "CICategoryBlur").isEmpty)
    }

    func testUnknownOrMisspelledNamesGiveNilAndSuggestTheClosest() {
        XCTAssertNil(CIFilter(name: "CIBarSwipeTransition"))
        XCTAssertNil(CIFilter(name: "cibarsswipetransition"), "names are case-sensitive, as Apple's")
        XCTAssertNil(CIFilter(name: "fade"), "only Core Image filters are CIFilters")
        XCTAssertEqual(CIFilter.closestNames(to: "CIBarSwipeTransition").first, "CIBarsSwipeTransition")
        XCTAssertEqual(CIFilter.closestNames(to: "CIDisolveTransition").first, "CIDissolveTransition")
    }

    func testInputAndOutputKeysFollowApple() throws {
        let bars = try XCTUnwrap(CIFilter(name: "CIBarsSwipeTransition"))
        XCTAssertEqual(bars.inputKeys, ["inputImage", "inputTargetImage", "inputAngle", "inputWidth", "inputBarOffset", "inputTime"])
        XCTAssertEqual(bars.outputKeys, ["outputImage"])
        let swipe = try XCTUnwrap(CIFilter(name: "CISwipeTransition"))
        XCTAssertEqual(Set(swipe.inputKeys), ["inputImage", "inputTargetImage", "inputExtent", "inputColor", "inputAngle",
                                              "inputWidth", "inputOpacity", "inputTime"])
        XCTAssertTrue(try XCTUnwrap(CIFilter(name: "CIDisintegrateWithMaskTransition")).inputKeys.contains("inputMaskImage"))
        XCTAssertTrue(try XCTUnwrap(CIFilter(name: "CIRippleTransition")).inputKeys.contains("inputShadingImage"))
    }

    func testAttributesCarryApplesClassesTypesDefaultsAndRanges() throws {
        let attributes = try XCTUnwrap(CIFilter(name: "CIBarsSwipeTransition")).attributes
        XCTAssertEqual(attributes[kCIAttributeFilterName] as? String, "CIBarsSwipeTransition")
        XCTAssertEqual(attributes[kCIAttributeFilterDisplayName] as? String, "Bars Swipe")
        XCTAssertTrue((attributes[kCIAttributeFilterCategories] as? [String])?.contains(kCICategoryTransition) == true)
        let width = try XCTUnwrap(attributes["inputWidth"] as? [String: Any])
        XCTAssertEqual(width[kCIAttributeClass] as? String, "NSNumber")
        XCTAssertEqual(width[kCIAttributeType] as? String, kCIAttributeTypeDistance)
        XCTAssertEqual(width[kCIAttributeDisplayName] as? String, "Width")
        XCTAssertEqual(number(width[kCIAttributeDefault]), 30)
        XCTAssertEqual(number(width[kCIAttributeMin]), 2)
        XCTAssertEqual(number(width[kCIAttributeSliderMin]), 2)
        XCTAssertEqual(number(width[kCIAttributeSliderMax]), 300)
        let offset = try XCTUnwrap(attributes["inputBarOffset"] as? [String: Any])
        XCTAssertEqual(number(offset[kCIAttributeDefault]), 10)
        XCTAssertEqual(number(offset[kCIAttributeMin]), 1)
        let angle = try XCTUnwrap(attributes["inputAngle"] as? [String: Any])
        XCTAssertEqual(angle[kCIAttributeType] as? String, kCIAttributeTypeAngle)
        XCTAssertEqual(try XCTUnwrap(number(angle[kCIAttributeDefault])), Double.pi, accuracy: 1e-12)
        XCTAssertNil(angle[kCIAttributeMin], "any finite angle is accepted")
        let time = try XCTUnwrap(attributes["inputTime"] as? [String: Any])
        XCTAssertEqual(time[kCIAttributeType] as? String, kCIAttributeTypeTime)
        XCTAssertEqual(number(time[kCIAttributeMax]), 1)
        XCTAssertEqual(number(time[kCIAttributeIdentity]), 0)
        let image = try XCTUnwrap(attributes["inputTargetImage"] as? [String: Any])
        XCTAssertEqual(image[kCIAttributeClass] as? String, "CIImage")

        let swipe = try XCTUnwrap(CIFilter(name: "CISwipeTransition")).attributes
        let extent = try XCTUnwrap(swipe["inputExtent"] as? [String: Any])
        XCTAssertEqual(extent[kCIAttributeType] as? String, kCIAttributeTypeRectangle)
        XCTAssertEqual(extent[kCIAttributeDefault] as? CIVector, CIVector(x: 0, y: 0, z: 300, w: 300))
        let color = try XCTUnwrap(swipe["inputColor"] as? [String: Any])
        XCTAssertEqual(color[kCIAttributeClass] as? String, "CIColor")
        XCTAssertEqual(color[kCIAttributeDefault] as? CIColor, CIColor(red: 1, green: 1, blue: 1))
        let copier = try XCTUnwrap(CIFilter(name: "CICopyMachineTransition")).attributes
        XCTAssertEqual((copier["inputColor"] as? [String: Any])?[kCIAttributeDefault] as? CIColor,
                       CIColor(red: 0.6, green: 1, blue: 1))
        XCTAssertEqual(number((copier["inputOpacity"] as? [String: Any])?[kCIAttributeDefault]), 1.3)
        let disintegrate = try XCTUnwrap(CIFilter(name: "CIDisintegrateWithMaskTransition")).attributes
        let shadowOffset = try XCTUnwrap(disintegrate["inputShadowOffset"] as? [String: Any])
        XCTAssertEqual(shadowOffset[kCIAttributeType] as? String, kCIAttributeTypeOffset)
        XCTAssertEqual(shadowOffset[kCIAttributeDefault] as? CIVector, CIVector(x: 0, y: -10), "Apple's y-up default")
    }

    func testANewFilterHoldsItsDefaultsAndSetDefaultsRestoresThem() throws {
        let filter = try XCTUnwrap(CIFilter(name: "CIFlashTransition"))
        XCTAssertEqual(number(filter.value(forKey: "inputFadeThreshold")), 0.85)
        XCTAssertEqual(number(filter.value(forKey: kCIInputTimeKey)), 0)
        XCTAssertEqual(filter.value(forKey: kCIInputColorKey) as? CIColor, CIColor(red: 1, green: 0.8, blue: 0.6))
        XCTAssertEqual(filter.value(forKey: kCIInputCenterKey) as? CIVector, CIVector(x: 150, y: 150),
                       "without an image the centre reads as Apple's")
        filter.setValue(0.5, forKey: "inputFadeThreshold")
        filter.setValue(CIVector(x: 10, y: 20), forKey: kCIInputCenterKey)
        filter.setValue(NSNumber(value: 0.25), forKey: kCIInputTimeKey)
        XCTAssertEqual(number(filter.value(forKey: "inputFadeThreshold")), 0.5)
        XCTAssertEqual(filter.value(forKey: kCIInputCenterKey) as? CIVector, CIVector(x: 10, y: 20))
        XCTAssertEqual(number(filter.value(forKey: kCIInputTimeKey)), 0.25)
        filter.setDefaults()
        XCTAssertEqual(number(filter.value(forKey: "inputFadeThreshold")), 0.85)
        XCTAssertEqual(number(filter.value(forKey: kCIInputTimeKey)), 0)
    }

    func testExtentAndCenterFollowTheInputImage() throws {
        let filter = try XCTUnwrap(CIFilter(name: "CIRippleTransition"))
        XCTAssertEqual(filter.value(forKey: kCIInputExtentKey) as? CIVector, CIVector(x: 0, y: 0, z: 300, w: 300))
        filter.setValue(CIImage(cgImage: CGImage(bitmap: F.from)), forKey: kCIInputImageKey)
        XCTAssertEqual(filter.value(forKey: kCIInputExtentKey) as? CIVector, CIVector(x: 0, y: 0, z: 192, w: 128))
        XCTAssertEqual(filter.value(forKey: kCIInputCenterKey) as? CIVector, CIVector(x: 96, y: 64))
        filter.setValue(CIVector(x: 10, y: 20, z: 40, w: 60), forKey: kCIInputExtentKey)
        XCTAssertEqual(filter.value(forKey: kCIInputCenterKey) as? CIVector, CIVector(x: 30, y: 50),
                       "the centre follows an explicit extent")
    }

    func testBadValuesAreRefusedReportedAndTheOldValueKept() throws {
        let filter = try XCTUnwrap(CIFilter(name: "CIBarsSwipeTransition"))
        filter.setValue(Double.nan, forKey: "inputWidth")
        XCTAssertEqual(number(filter.value(forKey: "inputWidth")), 30)
        let nanMessage = "\(try XCTUnwrap(filter.lastError))"
        XCTAssertTrue(nanMessage.contains("CIBarsSwipeTransition") && nanMessage.contains("inputWidth")
                      && nanMessage.contains("nan") && nanMessage.contains("2...100000"), nanMessage)

        filter.setValue(1, forKey: "inputWidth")
        XCTAssertEqual(number(filter.value(forKey: "inputWidth")), 30)
        XCTAssertEqual(filter.lastError, .invalidValue(filter: "CIBarsSwipeTransition", key: "inputWidth", value: "1",
                                                       valid: "2...100000"))
        filter.setValue("wide", forKey: "inputWidth")
        guard case .wrongType(_, "inputWidth", _, _)? = filter.lastError else {
            return XCTFail("expected a wrong-type error, got \(String(describing: filter.lastError))")
        }
        filter.setValue(0.5, forKey: "inputWdith")
        guard case .unknownKey(_, "inputWdith", let known)? = filter.lastError else { return XCTFail("\(String(describing: filter.lastError))") }
        XCTAssertTrue(known.contains("inputWidth"))
        filter.setValue(2, forKey: kCIInputTimeKey)
        XCTAssertEqual(number(filter.value(forKey: kCIInputTimeKey)), 0)
        filter.setValue(CIImage.empty(), forKey: kCIOutputImageKey)
        XCTAssertEqual(filter.lastError, .readOnlyKey(filter: "CIBarsSwipeTransition", key: kCIOutputImageKey))
        XCTAssertEqual(filter.errors.count, 6)
        filter.setValue(40, forKey: "inputWidth")
        XCTAssertEqual(number(filter.value(forKey: "inputWidth")), 40, "a good value after bad ones is taken")
        XCTAssertEqual(filter.errors.count, 6)

        let swipe = try XCTUnwrap(CIFilter(name: "CISwipeTransition"))
        swipe.setValue(CIVector(x: 0, y: 0, z: 0, w: 100), forKey: kCIInputExtentKey)
        guard case .invalidValue(_, "inputExtent", _, let valid)? = swipe.lastError else { return XCTFail("empty extent accepted") }
        XCTAssertTrue(valid.contains("width and height > 0"), valid)
        swipe.setValue(CIVector(x: 1, y: 2), forKey: kCIInputExtentKey)
        guard case .wrongType(_, "inputExtent", _, _)? = swipe.lastError else { return XCTFail("a 2-vector extent accepted") }
        swipe.setValue(CIColor(red: 2, green: 0, blue: 0), forKey: kCIInputColorKey)
        XCTAssertEqual(swipe.value(forKey: kCIInputColorKey) as? CIColor, CIColor.white)
        XCTAssertEqual(swipe.errors.count, 3)
    }

    func testSetValidatedValueThrowsWhatSetValueRecords() throws {
        let filter = try XCTUnwrap(CIFilter(name: "CIModTransition"))
        XCTAssertThrowsError(try filter.setValidatedValue(-3, forKey: "inputRadius")) { error in
            XCTAssertEqual(error as? CIFilterError, .invalidValue(filter: "CIModTransition", key: "inputRadius", value: "-3",
                                                                   valid: "1...100000"))
        }
        XCTAssertNil(filter.lastError, "the throwing form records nothing")
        XCTAssertNoThrow(try filter.setValidatedValue(Float(42), forKey: "inputRadius"))
        XCTAssertEqual(number(filter.value(forKey: "inputRadius")), 42)
    }

    func testOutputImageIsTheTransitionAtInputTime() throws {
        let filter = try XCTUnwrap(CIFilter(name: "CIDissolveTransition"))
        XCTAssertNil(filter.outputImage, "no output without images")
        filter.setValue(CIImage(cgImage: CGImage(bitmap: F.from)), forKey: kCIInputImageKey)
        XCTAssertNil(filter.outputImage)
        filter.setValue(CIImage(cgImage: CGImage(bitmap: F.to)), forKey: kCIInputTargetImageKey)
        let context = CIContext()
        for (time, expected) in [(0.0, F.from), (1.0, F.to)] {
            filter.setValue(time, forKey: kCIInputTimeKey)
            let output = try XCTUnwrap(filter.outputImage)
            XCTAssertEqual(output.extent, CGRect(x: 0, y: 0, width: 192, height: 128))
            XCTAssertTrue(try XCTUnwrap(context.createCGImage(output, from: output.extent)).bitmap.hasSamePixels(as: expected))
        }
        filter.setValue(0.4, forKey: kCIInputTimeKey)
        let direct = F.frame(try TransitionRegistry.make(named: "CIDissolveTransition"), progress: 0.4)
        XCTAssertTrue(try XCTUnwrap(filter.outputImage).bitmap.hasSamePixels(as: direct))
    }

    func testPointsAndRectanglesAreCoreImageCoordinates() throws {
        // Ripple centred near the bottom left in Core Image coordinates is centred near the
        // bottom left of the frame: (20, 128 − 30) in the frame's y-down pixels.
        let ripple = try XCTUnwrap(CIFilter(name: "CIRippleTransition"))
        ripple.setValue(CIVector(x: 20, y: 30), forKey: kCIInputCenterKey)
        ripple.setValue(CIVector(x: 10, y: 5, z: 120, w: 80), forKey: kCIInputExtentKey)
        let expected = try TransitionRegistry.make(named: "CIRippleTransition",
                                                   parameters: ["inputCenter": "20,98", "inputExtent": "10,43,120,80"])
        XCTAssertTrue(F.frame(ripple.transition, progress: 0.4).hasSamePixels(as: F.frame(expected, progress: 0.4)))

        let disintegrate = try XCTUnwrap(CIFilter(name: "CIDisintegrateWithMaskTransition"))
        disintegrate.setValue(CIVector(x: 3, y: -12), forKey: "inputShadowOffset")
        let offset = try TransitionRegistry.make(named: "CIDisintegrateWithMaskTransition",
                                                 parameters: ["inputShadowOffset": "3,12"])
        XCTAssertTrue(F.frame(disintegrate.transition, progress: 0.5).hasSamePixels(as: F.frame(offset, progress: 0.5)),
                      "offsets only change sign")
        let defaults = try XCTUnwrap(CIFilter(name: "CIDisintegrateWithMaskTransition"))
        let registryDefault = try TransitionRegistry.make(named: "CIDisintegrateWithMaskTransition")
        XCTAssertTrue(F.frame(defaults.transition, progress: 0.5).hasSamePixels(as: F.frame(registryDefault, progress: 0.5)))
    }

    func testImageInputsReachTheTransition() throws {
        let filter = try XCTUnwrap(CIFilter(name: "CIDisintegrateWithMaskTransition"))
        let procedural = F.frame(filter.transition, progress: 0.5)
        // A left-to-right ramp: the dark left side changes first.
        let ramp = Bitmap(size: PixelSize(uncheckedWidth: 64, height: 8))
        for y in 0..<8 { for x in 0..<64 { ramp[x: x, y: y] = PremultipliedColor(red: UInt8(x * 4), green: UInt8(x * 4), blue: UInt8(x * 4), alpha: 255) } }
        filter.setValue(CIImage(cgImage: CGImage(bitmap: ramp)), forKey: kCIInputMaskImageKey)
        XCTAssertTrue(filter.value(forKey: kCIInputMaskImageKey) is CIImage)
        let masked = F.frame(filter.transition, progress: 0.5)
        XCTAssertFalse(masked.hasSamePixels(as: procedural))
        let left = try F.fractionEqual(masked.view(of: PixelRect(x: 0, y: 40, width: 40, height: 40)),
                                       F.to.view(of: PixelRect(x: 0, y: 40, width: 40, height: 40)))
        let right = try F.fractionEqual(masked.view(of: PixelRect(x: 150, y: 40, width: 40, height: 40)),
                                        F.from.view(of: PixelRect(x: 150, y: 40, width: 40, height: 40)))
        XCTAssertGreaterThan(left, 0.9)
        XCTAssertGreaterThan(right, 0.9)
        filter.setValue(7, forKey: kCIInputMaskImageKey)
        guard case .wrongType(_, "inputMaskImage", _, "CIImage")? = filter.lastError else { return XCTFail("a number taken as a mask") }
    }

    func testContextCropsInCoreImageCoordinates() throws {
        let image = CIImage(cgImage: CGImage(bitmap: F.to))
        let bottomLeft = try XCTUnwrap(CIContext().createCGImage(image, from: CGRect(x: 0, y: 0, width: 10, height: 10)))
        XCTAssertTrue(bottomLeft.bitmap.hasSamePixels(as: try F.to.view(of: PixelRect(x: 0, y: 118, width: 10, height: 10))))
        XCTAssertNil(CIContext().createCGImage(image, from: CGRect(x: 500, y: 0, width: 10, height: 10)))
    }

    func testVectorsAndColorsKeepApplesForms() {
        let vector = CIVector(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(vector.count, 4)
        XCTAssertEqual(vector.stringRepresentation, "[1 2 3 4]")
        XCTAssertEqual(CIVector(string: "[1 2.5]"), CIVector(x: 1, y: 2.5))
        XCTAssertNil(CIVector(string: "[1 x]"))
        XCTAssertEqual(vector.value(at: 9), 0)
        XCTAssertEqual(CIColor(string: "0.6 1 1 1"), CIColor(red: 0.6, green: 1, blue: 1))
        XCTAssertEqual(CIColor(cgColor: CGColor.white), CIColor.white)
    }

    func testTheTransitionOfEveryFilterRendersExactEnds() throws {
        for name in myFilters {
            let transition = try XCTUnwrap(CIFilter(name: name)).transition
            XCTAssertTrue(F.frame(transition, progress: 0).hasSamePixels(as: F.from), name)
            XCTAssertTrue(F.frame(transition, progress: 1).hasSamePixels(as: F.to), name)
            XCTAssertFalse(F.frame(transition, progress: 0.5).hasSamePixels(as: F.from), name)
        }
    }

    func testEveryRegisteredCoreImageTransitionIsAFilterWithAttributesForEveryInput() throws {
        let names = CIFilter.filterNames(inCategory: nil)
        XCTAssertEqual(Set(names), Set(TransitionRegistry.all.map { $0.name }.filter { $0.hasPrefix("CI") }))
        for name in names {
            let filter = try XCTUnwrap(CIFilter(name: name), name)
            let attributes = filter.attributes
            for key in filter.inputKeys {
                let entry = try XCTUnwrap(attributes[key] as? [String: Any], "\(name).\(key) has no attributes")
                XCTAssertNotNil(entry[kCIAttributeClass] as? String, "\(name).\(key)")
                XCTAssertNotNil(entry[kCIAttributeDisplayName] as? String, "\(name).\(key)")
                if !(entry[kCIAttributeClass] as? String == "CIImage") {
                    XCTAssertNotNil(entry[kCIAttributeDefault], "\(name).\(key) has no default")
                    XCTAssertNotNil(filter.value(forKey: key), "\(name).\(key) reads nil")
                }
            }
            XCTAssertTrue(F.frame(filter.transition, progress: 1).hasSamePixels(as: F.to), name)
        }
    }
}
