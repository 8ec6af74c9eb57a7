import KinescopeTestSupport
import Raster
import XCTest
@testable import Transitions

/// What each style must do, checked on the contract test's frames: `from` is four coloured
/// quadrants (red top left, green top right, blue bottom left, yellow bottom right), `to` a
/// diagonal gradient with a dark disc right of centre, near the top (centre (60, 24)).
final class StyleBehaviourTests: XCTestCase {
    typealias F = TransitionFixtures
    let width = F.size.width, height = F.size.height

    private func frame(_ name: String, _ parameters: [String: String] = [:], at progress: Double) throws -> Bitmap {
        F.frame(try TransitionRegistry.make(named: name, parameters: parameters), progress: progress)
    }

    private func isDark(_ p: PremultipliedColor) -> Bool {
        p.alpha > 200 && Int(p.red) + Int(p.green) + Int(p.blue) < 150
    }

    /// Rows of column `x` that some non-transparent pixel covers.
    private func coveredHeight(_ image: Bitmap, column x: Int) -> Int {
        (0..<image.height).filter { image[x: x, y: $0].alpha > 128 }.count
    }

    // MARK: Flips

    func testFlipFromLeftAtAQuarterShowsFromNarrowerWithItsLeftEdgeNearer() throws {
        let image = try frame("flipFromLeft", at: 0.25)
        let columns = (0..<width).filter { coveredHeight(image, column: $0) > 0 }
        let left = try XCTUnwrap(columns.first), right = try XCTUnwrap(columns.last)
        XCTAssertLessThan(right - left + 1, width - 10, "the turned plane is narrower than the frame")
        XCTAssertGreaterThan(coveredHeight(image, column: left + 1), coveredHeight(image, column: right - 1) + 4,
                             "the left edge, nearer the viewer, is taller than the right")
        // It is `from`: red in its upper left, yellow in its lower right.
        let redSpot = image[x: left + (right - left) / 4, y: height / 4]
        XCTAssertGreaterThan(redSpot.red, 180)
        XCTAssertLessThan(redSpot.green, 90)
        let yellowSpot = image[x: right - (right - left) / 4, y: 3 * height / 4]
        XCTAssertGreaterThan(yellowSpot.green, 160)
        XCTAssertLessThan(yellowSpot.blue, 90)
    }

    func testFlipFromLeftAtThreeQuartersShowsToUnmirroredWithItsRightEdgeNearer() throws {
        let image = try frame("flipFromLeft", at: 0.75)
        let columns = (0..<width).filter { coveredHeight(image, column: $0) > 0 }
        let left = try XCTUnwrap(columns.first), right = try XCTUnwrap(columns.last)
        XCTAssertGreaterThan(coveredHeight(image, column: right - 1), coveredHeight(image, column: left + 1) + 4,
                             "past the half-way point the right edge is the nearer one")
        // The disc lies right of `to`'s centre (x = 60 of 96); mirrored it would lie left of it.
        let dark = (0..<height).flatMap { y in (left...right).filter { isDark(image[x: $0, y: y]) } }
        XCTAssertFalse(dark.isEmpty, "the disc of `to` shows")
        let middle = Double(left + right) / 2
        // Un-mirrored the disc sits about an eighth of the face right of its middle, mirrored as
        // far left of it.
        XCTAssertGreaterThan(Double(dark.reduce(0, +)) / Double(dark.count), middle + 1, "`to` is not mirrored")
    }

    func testFlipsAreTransparentWhereTheTurnedPlaneDoesNotReach() throws {
        for style in ["flipFromLeft", "flipFromRight", "flipFromTop", "flipFromBottom", "oglFlip"] {
            let image = try frame(style, at: 0.3)
            let corners = [image[x: 0, y: 0], image[x: width - 1, y: 0], image[x: 0, y: height - 1], image[x: width - 1, y: height - 1]]
            XCTAssertTrue(corners.contains { $0 == .clear }, "\(style): a corner is uncovered and transparent")
            XCTAssertEqual(image[x: width / 2, y: height / 2].alpha, 255, "\(style): the centre is covered")
        }
    }

    func testFlipFromTopTurnsTheTopEdgeTowardTheViewer() throws {
        let image = try frame("flipFromTop", at: 0.25)
        let rows = (0..<height).filter { y in (0..<width).contains { image[x: $0, y: y].alpha > 128 } }
        let top = try XCTUnwrap(rows.first), bottom = try XCTUnwrap(rows.last)
        func coveredWidth(_ y: Int) -> Int { (0..<width).filter { image[x: $0, y: y].alpha > 128 }.count }
        XCTAssertGreaterThan(coveredWidth(top + 1), coveredWidth(bottom - 1) + 4)
    }

    // MARK: Slides

    func testPushMovesBothContents() throws {
        let image = try frame("push", ["subtype": "fromLeft"], at: 0.5)
        let half = width / 2
        for y in 0..<height {
            for x in 0..<width {
                let expected = x < half ? F.to[x: x + half, y: y] : F.from[x: x - half, y: y]
                XCTAssertEqual(image[x: x, y: y], expected, "(\(x), \(y))")
            }
        }
    }

    func testMoveInLeavesFromStill() throws {
        let image = try frame("moveIn", ["subtype": "fromLeft"], at: 0.5)
        let half = width / 2
        for y in 0..<height {
            for x in 0..<width {
                let expected = x < half ? F.to[x: x + half, y: y] : F.from[x: x, y: y]
                XCTAssertEqual(image[x: x, y: y], expected, "(\(x), \(y))")
            }
        }
    }

    func testRevealLeavesToStill() throws {
        let image = try frame("reveal", ["subtype": "fromLeft"], at: 0.5)
        let half = width / 2
        for y in 0..<height {
            for x in 0..<width {
                let expected = x < half ? F.to[x: x, y: y] : F.from[x: x - half, y: y]
                XCTAssertEqual(image[x: x, y: y], expected, "(\(x), \(y))")
            }
        }
    }

    /// On iOS `fromTop` begins at the bottom of the screen (Core Animation's y-up naming), and
    /// `fromRight` at the right edge.
    func testSubtypesFollowIOSDirections() throws {
        let up = try frame("push", ["subtype": "fromTop"], at: 0.25)
        let quarter = height / 4
        XCTAssertEqual(up[x: 10, y: height - 1], F.to[x: 10, y: quarter - 1], "fromTop: the new content rises from the bottom")
        XCTAssertEqual(up[x: 10, y: 0], F.from[x: 10, y: quarter], "and pushes the old content up")
        let down = try frame("push", ["subtype": "fromBottom"], at: 0.25)
        XCTAssertEqual(down[x: 10, y: 0], F.to[x: 10, y: height - quarter], "fromBottom: the new content comes down from the top")
        let right = try frame("moveIn", ["subtype": "fromRight"], at: 0.25)
        XCTAssertEqual(right[x: width - 1, y: 5], F.to[x: width / 4 - 1, y: 5], "fromRight: the new content enters at the right")
        XCTAssertEqual(right[x: 0, y: 5], F.from[x: 0, y: 5])
    }

    // MARK: Curls

    /// The back of the curled page is the page seen through the paper: lighter than anything in
    /// either image (every colour of the two frames has a channel below 170).
    func testCurlShowsABackSideThatIsInNeitherImage() throws {
        for (style, parameters) in [("curlUp", [:]), ("curlDown", [:]), ("pageCurl", ["subtype": "fromRight"]),
                                    ("CIPageCurlWithShadowTransition", ["inputRadius": "10"])] as [(String, [String: String])] {
            let image = try frame(style, parameters, at: 0.5)
            var back = 0, neither = 0
            for y in 0..<height {
                for x in 0..<width {
                    let p = image[x: x, y: y]
                    if p != F.from[x: x, y: y] && p != F.to[x: x, y: y] { neither += 1 }
                    if p.red >= 170 && p.green >= 170 && p.blue >= 170 { back += 1 }
                }
            }
            XCTAssertGreaterThan(back, F.size.area / 20, "\(style): the light back of the page shows")
            XCTAssertGreaterThan(neither, F.size.area / 10, "\(style): the curl and its shadow are in neither image")
        }
    }

    func testCurlUpLiftsTheBottomFirstAndCurlDownLaysThePageFromTheTop() throws {
        let up = try frame("curlUp", at: 0.2)
        XCTAssertEqual(up[x: 5, y: 2], F.from[x: 5, y: 2], "the top is still flat")
        XCTAssertNotEqual(up[x: width - 3, y: height - 3], F.from[x: width - 3, y: height - 3], "the bottom right corner has lifted")
        let down = try frame("curlDown", at: 0.2)
        XCTAssertNotEqual(down[x: 5, y: 2], F.from[x: 5, y: 2], "the new page comes in at the top")
        XCTAssertEqual(down[x: 5, y: height - 2], F.from[x: 5, y: height - 2], "the bottom still shows the old page")
    }

    /// `inputAngle` 0 starts the curl at the right edge; π/2 at the top; outside an explicit
    /// `inputExtent` the frame is the cross-dissolve.
    func testCoreImagePageCurlAngleAndExtent() throws {
        let right = try frame("CIPageCurlTransition", ["inputRadius": "8"], at: 0.15)
        XCTAssertEqual(right[x: 2, y: height / 2], F.from[x: 2, y: height / 2])
        XCTAssertNotEqual(right[x: width - 3, y: height / 2], F.from[x: width - 3, y: height / 2])
        let top = try frame("CIPageCurlTransition", ["inputRadius": "8", "inputAngle": String(Double.pi / 2)], at: 0.15)
        XCTAssertEqual(top[x: width / 2, y: height - 3], F.from[x: width / 2, y: height - 3])
        XCTAssertNotEqual(top[x: width / 2, y: 2], F.from[x: width / 2, y: 2])
        let inside = try frame("CIPageCurlTransition", ["inputExtent": "20,10,40,30"], at: 0.4)
        let mixed = Bitmap(size: F.size)
        try mixed.mix(from: F.from, to: F.to, fraction: 0.4)
        XCTAssertEqual(inside[x: 5, y: 5], mixed[x: 5, y: 5], "outside the extent: the cross-dissolve")
        XCTAssertEqual(inside[x: 90, y: 60], mixed[x: 90, y: 60])
    }

    // MARK: Cube, iris, ripple, suck

    func testCubeBringsTheNewFaceInFromTheSubtypesSide() throws {
        // Half-way through the quarter turn the shared edge is at the centre: `to` (orange
        // toward its left edge) turns in on the left, `from` (green toward its right edge)
        // turns away on the right.
        let image = try frame("cube", ["subtype": "fromLeft"], at: 0.5)
        let left = image[x: 3, y: height / 2], right = image[x: width - 4, y: height / 2]
        XCTAssertEqual(left.alpha, 255)
        XCTAssertGreaterThan(left.red, 150)
        XCTAssertLessThan(left.green, 160)
        XCTAssertGreaterThan(right.alpha, 0)
        let flipped = try frame("cube", ["subtype": "fromRight"], at: 0.5)
        let newOnRight = flipped[x: width - 4, y: height / 2]
        XCTAssertGreaterThan(newOnRight.blue, 150, "fromRight: `to` (blue toward its right edge) on the right")
    }

    func testIrisOpensFromTheCentreAndClosesToIt() throws {
        let opening = try frame("cameraIrisHollowOpen", at: 0.4)
        XCTAssertEqual(opening[x: width / 2, y: height / 2], F.to[x: width / 2, y: height / 2], "new content in the aperture")
        XCTAssertEqual(opening[x: 1, y: 1], F.from[x: 1, y: 1], "old content on the blades")
        let closing = try frame("cameraIrisHollowClose", at: 0.6)
        XCTAssertEqual(closing[x: width / 2, y: height / 2], F.from[x: width / 2, y: height / 2])
        XCTAssertEqual(closing[x: 1, y: 1], F.to[x: 1, y: 1])
    }

    func testRippleCarriesTheNewContentOutFromTheCentre() throws {
        let image = try frame("rippleEffect", at: 0.5)
        XCTAssertEqual(image[x: width / 2, y: height / 2], F.to[x: width / 2, y: height / 2])
        XCTAssertEqual(image[x: 0, y: 0], F.from[x: 0, y: 0])
        let early = try frame("rippleEffect", at: 0.2)
        var changed = 0
        for y in 0..<height { for x in 0..<width where early[x: x, y: y] != F.from[x: x, y: y] { changed += 1 } }
        XCTAssertGreaterThan(changed, 50)
        XCTAssertLessThan(changed, F.size.area / 2, "early on only a disc about the centre has changed")
    }

    func testSuckDrawsTheOldContentIntoAPointBelowTheCentre() throws {
        let image = try frame("suckEffect", at: 0.8)
        XCTAssertEqual(image[x: 2, y: 2], F.to[x: 2, y: 2], "the corners have been drawn in")
        XCTAssertEqual(image[x: width - 3, y: height - 3], F.to[x: width - 3, y: height - 3])
        var remaining: [(Int, Int)] = []
        for y in 0..<height { for x in 0..<width where image[x: x, y: y] != F.to[x: x, y: y] { remaining.append((x, y)) } }
        XCTAssertFalse(remaining.isEmpty, "some of the old content is still on its way in")
        let meanX = Double(remaining.map(\.0).reduce(0, +)) / Double(remaining.count)
        let meanY = Double(remaining.map(\.1).reduce(0, +)) / Double(remaining.count)
        XCTAssertEqual(meanX, Double(width) / 2, accuracy: 8, "it converges on the horizontal centre")
        XCTAssertGreaterThan(meanY, Double(height) / 2, "below the vertical centre")
    }
}
