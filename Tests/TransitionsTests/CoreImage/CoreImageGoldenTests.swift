import KinescopeTestSupport
import Raster
import XCTest
@testable import Transitions

/// Golden frames at progress 0.25, 0.5 and 0.75 for every Core Image transition filter, on the
/// 192×128 fixtures. Parameters are Apple's defaults except where a default in pixels is meant for
/// a 300-pixel image and would swallow this small frame; those are scaled down and named here.
/// The weights come from float math, so a difference of 1 per channel in a few pixels is allowed
/// (another CPU or compiler may round one lane differently); shapes must match exactly otherwise.
final class CoreImageGoldenTests: XCTestCase {
    private let tolerance = ImageTolerance(perChannel: 1, maxDifferingPixels: 24)

    private func check(_ name: String, _ parameters: [String: String] = [:], as label: String? = nil,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let transition = try TransitionRegistry.make(named: name, parameters: parameters)
        for progress in [0.25, 0.5, 0.75] {
            let frame = CoreImageFixtures.frame(transition, progress: progress)
            assertBitmap(frame, matchesGolden: "\(label ?? name)-\(Int(progress * 100))", tolerance: tolerance,
                         file: file, line: line)
        }
    }

    func testDissolveGoldens() throws { try check("CIDissolveTransition") }

    func testSwipeGoldens() throws {
        try check("CISwipeTransition", ["inputWidth": "60", "inputAngle": "0.5", "inputOpacity": "0.6"])
    }

    func testSwipeInsideAnExtentGoldens() throws {
        try check("CISwipeTransition", ["inputWidth": "30", "inputExtent": "40,20,100,80", "inputOpacity": "0.8",
                                        "inputColor": "1,0.9,0.2"], as: "CISwipeTransition-extent")
    }

    func testBarsSwipeGoldens() throws { try check("CIBarsSwipeTransition") }

    func testBarsSwipeAtAnAngleGoldens() throws {
        try check("CIBarsSwipeTransition", ["inputAngle": "0.6", "inputWidth": "20", "inputBarOffset": "12"],
                  as: "CIBarsSwipeTransition-angled")
    }

    func testCopyMachineGoldens() throws { try check("CICopyMachineTransition", ["inputWidth": "50"]) }

    func testModGoldens() throws {
        try check("CIModTransition", ["inputRadius": "20", "inputCompression": "100"])
    }

    func testFlashGoldens() throws { try check("CIFlashTransition") }

    func testRippleGoldens() throws {
        try check("CIRippleTransition", ["inputWidth": "40", "inputScale": "12"])
    }

    func testDisintegrateWithMaskGoldens() throws { try check("CIDisintegrateWithMaskTransition") }

    func testAccordionFoldGoldens() throws {
        try check("CIAccordionFoldTransition", ["inputBottomHeight": "24", "inputFoldShadowAmount": "0.4"])
    }
}
