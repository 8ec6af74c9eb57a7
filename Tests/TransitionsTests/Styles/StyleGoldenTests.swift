import KinescopeTestSupport
import Raster
import XCTest
@testable import Transitions

/// Golden frames at progress 0.25, 0.5 and 0.75 of every CATransition type, UIKit style and
/// page curl, with every subtype, drawn from the contract test's two 96×64 frames.
///
/// Tolerance: the geometry is floating point and the flips and cubes go through Raster's
/// `drawImage`, whose rounding its own engineer may still refine, so a pixel may move by 2 per
/// channel and 1% of the pixels may differ further; a wrong direction, subtype or image moves
/// far more than that.
final class StyleGoldenTests: XCTestCase {
    typealias F = TransitionFixtures

    static let tolerance = ImageTolerance(perChannel: 2, maxDifferingPixels: F.size.area / 100)
    static let subtypes = ["fromLeft", "fromRight", "fromTop", "fromBottom"]

    private func check(_ name: String, _ parameters: [String: String] = [:], label: String? = nil,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let transition = try TransitionRegistry.make(named: name, parameters: parameters)
        for progress in [0.25, 0.5, 0.75] {
            let frame = F.frame(transition, progress: progress)
            let golden = "\(label ?? name)-\(Int(progress * 100))"
            assertBitmap(frame, matchesGolden: golden, tolerance: Self.tolerance, file: file, line: line)
        }
    }

    func testSlideGoldens() throws {
        for type in ["moveIn", "push", "reveal"] {
            for subtype in Self.subtypes { try check(type, ["subtype": subtype], label: "\(type)-\(subtype)") }
        }
    }

    func testCubeAndOGLFlipGoldens() throws {
        for type in ["cube", "oglFlip"] {
            for subtype in Self.subtypes { try check(type, ["subtype": subtype], label: "\(type)-\(subtype)") }
        }
    }

    func testUIKitFlipAndDissolveGoldens() throws {
        for style in ["flipFromLeft", "flipFromRight", "flipFromTop", "flipFromBottom", "crossDissolve"] {
            try check(style)
        }
    }

    func testPageCurlGoldens() throws {
        try check("curlUp")
        try check("curlDown")
        for type in ["pageCurl", "pageUnCurl"] {
            for subtype in Self.subtypes { try check(type, ["subtype": subtype], label: "\(type)-\(subtype)") }
        }
    }

    func testRippleSuckAndIrisGoldens() throws {
        for type in ["rippleEffect", "suckEffect", "cameraIrisHollowOpen", "cameraIrisHollowClose"] { try check(type) }
    }

    func testCoreImagePageCurlGoldens() throws {
        try check("CIPageCurlTransition", ["inputRadius": "12"], label: "CIPageCurlTransition-r12")
        try check("CIPageCurlTransition", ["inputRadius": "9", "inputAngle": "2.3", "inputExtent": "8,6,70,50"],
                  label: "CIPageCurlTransition-extent")
        try check("CIPageCurlWithShadowTransition", ["inputRadius": "10", "inputAngle": "-0.6"],
                  label: "CIPageCurlWithShadowTransition-r10")
        try check("CIPageCurlWithShadowTransition", ["inputRadius": "10", "inputShadowSize": "1",
                                                     "inputShadowAmount": "1", "inputShadowExtent": "0,0,60,64"],
                  label: "CIPageCurlWithShadowTransition-shadow")
    }
}
