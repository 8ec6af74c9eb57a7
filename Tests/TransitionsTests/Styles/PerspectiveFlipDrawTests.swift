import KinescopeTestSupport
import Raster
import XCTest
@testable import Transitions

/// `PerspectiveFlip.draw` (rows of a horizontal-axis turn, or of the transposed band for a
/// vertical-axis one) against Raster's `drawImage` of each face's whole perspective map, and its
/// independence of the band split, over every edge and the progresses where a face covers most
/// of the frame or is seen at a grazing angle.
///
/// Tolerance against `drawImage`: the rows take the level per row (per column when turned
/// about a vertical axis) and the edges' ramp along the row, and the columns interpolate
/// horizontally first, so a pixel may move by 2 per channel; pixels on a level boundary or on
/// the slanted edges may move further, at most 2% of the frame. Measured on these 96×64 frames:
/// turns about a vertical axis at most 32 such pixels (0.5 %), about a horizontal axis (drawn
/// row by row before the row kernel too) at most 108 (1.8 %).
final class PerspectiveFlipDrawTests: XCTestCase {
    typealias F = TransitionFixtures
    static let progresses = [0.05, 0.2, 0.45, 0.55, 0.8, 0.95]
    static let tolerance = ImageTolerance(perChannel: 2, maxDifferingPixels: F.size.area / 50)

    private func expected(_ faces: [(Bitmap, ProjectiveTransform)]) -> Bitmap {
        let out = Bitmap(size: F.size)
        for (image, map) in faces where map.determinant > 0 {
            if let inverse = map.inverted() { out.drawImage(image, inverseTransform: inverse) }
        }
        return out
    }

    private func assertClose(_ actual: Bitmap, _ expected: Bitmap, _ label: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        let comparison = BitmapComparison(actual: actual, expected: expected, tolerance: Self.tolerance)
        XCTAssertTrue(comparison.passes(Self.tolerance),
                      "\(label): \(comparison.differingPixels) pixels differ, max \(comparison.maxChannelDifference)",
                      file: file, line: line)
    }

    func testFlipsMatchDrawImageOfTheWholeMapWithinTolerance() throws {
        for edge in [ScreenEdge.left, .right, .top, .bottom] {
            let flip = PerspectiveFlip(leadingEdge: edge)
            for progress in Self.progresses {
                let actual = Bitmap(size: F.size)
                flip.render(from: F.from, to: F.to, progress: progress, into: actual, clip: actual.bounds,
                            scratch: TransitionScratch())
                let image = progress < 0.5 ? F.from : F.to
                assertClose(actual, expected([(image, flip.forwardMap(progress: progress, size: F.size))]),
                            "flip \(edge) at \(progress)")
            }
        }
    }

    func testCubesMatchDrawImageOfTheWholeMapsWithinTolerance() throws {
        for subtype in ["fromLeft", "fromRight", "fromTop", "fromBottom"] {
            let cube = try XCTUnwrap(try TransitionRegistry.make(named: "cube", parameters: ["subtype": subtype]) as? CubeTransition)
            for progress in Self.progresses {
                let actual = Bitmap(size: F.size)
                cube.render(from: F.from, to: F.to, progress: progress, into: actual, clip: actual.bounds,
                            scratch: TransitionScratch())
                let maps = cube.faceMaps(progress: progress, size: F.size)
                assertClose(actual, expected([(F.from, maps.from), (F.to, maps.to)]), "cube \(subtype) at \(progress)")
            }
        }
    }

    func testFlipsAndCubesGiveTheSameBytesInAnyBands() throws {
        for name in ["cube", "oglFlip"] {
            for subtype in ["fromLeft", "fromRight", "fromTop", "fromBottom"] {
                let transition = try TransitionRegistry.make(named: name, parameters: ["subtype": subtype])
                for progress in Self.progresses {
                    let once = F.frame(transition, progress: progress)
                    for threads in [2, 3] {
                        let banded = Bitmap(size: F.size)
                        try TransitionRenderer(threadCount: threads).render(transition, from: F.from, to: F.to,
                                                                            progress: progress, into: banded)
                        XCTAssertTrue(banded.hasSamePixels(as: once), "\(name) \(subtype) at \(progress), \(threads) bands")
                    }
                }
            }
        }
    }

    func testFlipsAndCubesGiveTheSameBytesInColumnStripsOfAnyWidth() throws {
        for name in ["cube", "oglFlip"] {
            for subtype in ["fromLeft", "fromTop"] {
                let transition = try TransitionRegistry.make(named: name, parameters: ["subtype": subtype])
                for progress in [0.05, 0.3, 0.7] {
                    let once = F.frame(transition, progress: progress)
                    let strips = Bitmap(size: F.size)
                    let scratch = TransitionScratch()
                    var x = 0
                    for width in [3, 8, 1, 13, 5, 9, 7, 20, 4, 26] where x < F.size.width {
                        let clip = PixelRect(x: x, y: 0, width: min(width, F.size.width - x), height: F.size.height)
                        transition.render(from: F.from, to: F.to, progress: progress, into: strips, clip: clip, scratch: scratch)
                        x += width
                    }
                    XCTAssertEqual(x, F.size.width)
                    XCTAssertTrue(strips.hasSamePixels(as: once), "\(name) \(subtype) at \(progress) in strips")
                }
            }
        }
    }

    func testFacesHoldUpToTwoFacesInOrder() throws {
        var faces = Faces()
        XCTAssertTrue(faces.isEmpty)
        let chain = MipmappedImage(F.from)
        faces.append(Face(chain: chain, inverse: .identity))
        faces.append(Face(chain: MipmappedImage(F.to), inverse: ProjectiveTransform(2, 0, 0, 0, 1, 0, 0, 0, 1)))
        XCTAssertEqual(faces.count, 2)
        XCTAssertTrue(faces[0].chain === chain)
        XCTAssertEqual(faces[1].inverse.m00, 2)
        XCTAssertTrue(faces.allSatisfy { $0.inverse.m11 == 1 })
        XCTAssertFalse(faces.allSatisfy { $0.inverse.m00 == 1 })
    }
}
