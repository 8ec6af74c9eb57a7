@testable import Raster
import KinescopeTestSupport
import XCTest

/// `ScaledRow.draw` (one destination row as an axis-aligned scale of one source row) against the
/// scalar reference of `drawImage` with the same row map and the row as clip, byte for byte;
/// and the transpose the vertical-axis flips draw through.
final class ScaledRowKernelTests: XCTestCase {
    func testScaledRowMatchesDrawImageReferenceOnRandomRows() throws {
        var rng = SeededRandom(seed: 0x5CA1_3D)
        var changed = 0
        for trial in 0..<500 {
            let size = trial % 13 == 5 ? try PixelSize(width: 1, height: Int.random(in: 1...9, using: &rng))
                : try PixelSize(width: Int.random(in: 1...70, using: &rng), height: Int.random(in: 1...40, using: &rng))
            let source = TransformFixtures.randomImage(width: size.width, height: size.height,
                                                       opaque: trial % 3 == 0, using: &rng)
            let chain = MipmappedImage(source)
            // U = a·X + c, V = d·Y + f, placed so that the row mostly meets the image (V about
            // 0…height at the row, U about 0…width somewhere in the range); now and then a row on
            // a texel centre.
            let a = Double.random(in: 0.1...9, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
            let d = Double.random(in: 0.1...9, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
            let y = Int.random(in: 0..<20, using: &rng)
            let lo = Int.random(in: -8...60, using: &rng), count = Int.random(in: 0...80, using: &rng)
            let anchor = Double(lo) + Double.random(in: 0...Double(max(count, 1)), using: &rng)
            let c = Double.random(in: -2...Double(size.width + 2), using: &rng) - a * anchor
            var v = Double.random(in: -1.5...Double(size.height) + 1.5, using: &rng)
            if trial % 4 == 1 { v = v.rounded() + 0.5 }
            let f = v - d * (Double(y) + 0.5)
            let map = ProjectiveTransform(a, 0, c, 0, d, f, 0, 0, 1)
            let background = TransformFixtures.randomImage(width: 130, height: 20, using: &rng)
            let overClear = trial % 5 == 2
            let expected = background.copy()
            let clip = PixelRect(x: lo, y: y, width: count, height: 1)
            if overClear { expected.fill(clip.intersection(expected.bounds), with: .clear) }
            expected.drawImage(chain, inverseTransform: map, options: ImageDrawOptions(), clip: clip, path: .reference)
            let actual = background.copy()
            let range = max(lo, 0)..<max(min(lo + count, actual.width), max(lo, 0))
            if !range.isEmpty, let row = ScaledRow(inverse: map, y: y, sourceSize: size, levelCount: chain.levelCount) {
                let temp = UnsafeMutablePointer<UInt32>.allocate(capacity: size.width)
                defer { temp.deallocate() }
                row.draw(level: chain.level(row.level), range: range,
                         pixels: actual.baseAddress + y * actual.rowStride + range.lowerBound, temp: temp,
                         overClear: overClear)
            } else if overClear {
                actual.fill(clip.intersection(actual.bounds), with: .clear)
            }
            if let difference = TransformFixtures.differences(actual, expected) {
                XCTFail("trial \(trial) size \(size) map \(map) row \(y) range \(range): \(difference)")
                return
            }
            if !expected.hasSamePixels(as: background) { changed += 1 }
        }
        XCTAssertGreaterThan(changed, 300, "most random rows should change some pixels, or the comparison proves little")
    }

    func testScaledColumnsGiveEachLaneTheBytesOfItsRow() throws {
        var rng = SeededRandom(seed: 0xC0_1D)
        var changed = 0
        for trial in 0..<150 {
            let size = try PixelSize(width: Int.random(in: 1...50, using: &rng), height: Int.random(in: 1...30, using: &rng))
            let source = TransformFixtures.randomImage(width: size.width, height: size.height,
                                                       opaque: trial % 3 == 0, using: &rng)
            let chain = MipmappedImage(source)
            let background = TransformFixtures.randomImage(width: 24, height: 40, using: &rng)
            let x = Int.random(in: 0...16, using: &rng)
            let lo = Int.random(in: 0...30, using: &rng)
            let rows = lo..<Int.random(in: lo...40, using: &rng)
            let overClear = Bool.random(using: &rng), firstLane = Int.random(in: 0...3, using: &rng)
            // Lane k: destination column x + k is the row y = x + k of the transposed problem.
            let lanes: [ScaledRow?] = (0..<8).map { k in
                guard Int.random(in: 0..<6, using: &rng) != 0 else { return nil }
                let a = Double.random(in: 0.2...5, using: &rng) * (Bool.random(using: &rng) ? 1 : -1)
                let d = Double.random(in: 0.2...5, using: &rng)
                let anchor = Double(lo) + Double.random(in: 0...Double(max(rows.count, 1)), using: &rng)
                let c = Double.random(in: -2...Double(size.width + 2), using: &rng) - a * anchor
                let f = Double.random(in: -1.5...Double(size.height) + 1.5, using: &rng) - d * (Double(x + k) + 0.5)
                return ScaledRow(inverse: ProjectiveTransform(a, 0, c, 0, d, f, 0, 0, 1), y: x + k,
                                 sourceSize: size, levelCount: chain.levelCount)
            }
            let expected = background.copy()
            let line = Bitmap(width: 40, height: 1)
            let temp = UnsafeMutablePointer<UInt32>.allocate(capacity: size.width + 8)
            defer { temp.deallocate() }
            for k in firstLane..<8 {
                for y in 0..<40 { line[x: y, y: 0] = expected[x: x + k, y: y] }
                if let row = lanes[k] {
                    row.draw(level: chain.level(row.level), range: rows, pixels: line.baseAddress + rows.lowerBound,
                             temp: temp, overClear: overClear)
                } else if overClear {
                    for y in rows { line[x: y, y: 0] = .clear }
                }
                for y in 0..<40 { expected[x: x + k, y: y] = line[x: y, y: 0] }
            }
            let actual = background.copy()
            let buffer = Bitmap(width: size.width + 8, height: 8)
            var group = ScaledColumns(x: x, range: rows, temp: buffer.baseAddress, tempStride: buffer.rowStride)
            for k in 0..<8 { if let row = lanes[k] { group.set(k, row: row, level: chain.level(row.level)) } }
            group.draw(into: actual, overClear: overClear, firstLane: firstLane)
            if let difference = TransformFixtures.differences(actual, expected) {
                XCTFail("trial \(trial) size \(size) x \(x) rows \(rows) overClear \(overClear) first lane \(firstLane): \(difference)")
                return
            }
            if !expected.hasSamePixels(as: background) { changed += 1 }
        }
        XCTAssertGreaterThan(changed, 100, "most random groups should change some pixels, or the comparison proves little")
    }

    func testScaledRowRejectsMapsThatAreNotRowScales() throws {
        let size = try PixelSize(width: 8, height: 8)
        XCTAssertNil(ScaledRow(inverse: ProjectiveTransform(1, 0.1, 0, 0, 1, 0, 0, 0, 1), y: 0, sourceSize: size, levelCount: 4))
        XCTAssertNil(ScaledRow(inverse: ProjectiveTransform(1, 0, 0, 0, 1, 0, 0.01, 0, 1), y: 0, sourceSize: size, levelCount: 4))
        XCTAssertNil(ScaledRow(inverse: ProjectiveTransform(0, 0, 0, 0, 1, 0, 0, 0, 1), y: 0, sourceSize: size, levelCount: 4))
        XCTAssertNotNil(ScaledRow(inverse: ProjectiveTransform(2, 0, 3, 0, 0.5, 1, 0, 0, 1), y: 0, sourceSize: size, levelCount: 4))
    }

    func testTransposeSwapsRowsAndColumnsOfViewsOfAnySize() throws {
        var rng = SeededRandom(seed: 0x7A45)
        for _ in 0..<40 {
            let w = Int.random(in: 1...45, using: &rng), h = Int.random(in: 1...45, using: &rng)
            let parent = TransformFixtures.randomImage(width: w + 5, height: h + 3, using: &rng)
            let image = try parent.view(of: PixelRect(x: 3, y: 2, width: w, height: h))
            let outParent = Bitmap(width: h + 9, height: w + 2)
            let out = try outParent.view(of: PixelRect(x: 4, y: 1, width: h, height: w))
            image.transpose(into: out)
            for y in 0..<h {
                for x in 0..<w where out[x: y, y: x] != image[x: x, y: y] {
                    XCTFail("\(w)×\(h): (\(x), \(y))")
                    return
                }
            }
            XCTAssertTrue(image.transposed().hasSamePixels(as: out))
        }
    }

    func testTransposeOfImagesLargerThanATileIsExact() throws {
        var rng = SeededRandom(seed: 0x7A46)
        for (w, h) in [(300, 141), (129, 257), (256, 256), (1, 300), (263, 7), (136, 128)] {
            let parent = TransformFixtures.randomImage(width: w + 3, height: h, using: &rng)
            let image = try parent.view(of: PixelRect(x: 2, y: 0, width: w, height: h))
            let out = image.transposed()
            for y in 0..<h {
                for x in 0..<w where out[x: y, y: x] != image[x: x, y: y] {
                    XCTFail("\(w)×\(h): (\(x), \(y))")
                    return
                }
            }
        }
    }

    func testTransposedChainLevelsAreTheTransposedLevels() throws {
        var rng = SeededRandom(seed: 31)
        let image = TransformFixtures.randomImage(width: 37, height: 22, using: &rng)
        let chain = MipmappedImage(image)
        XCTAssertTrue(chain.transposed === chain.transposed, "the transposed chain is kept")
        XCTAssertEqual(chain.transposed.levelCount, chain.levelCount)
        for level in 0..<chain.levelCount {
            XCTAssertTrue(chain.transposed.level(level).hasSamePixels(as: chain.level(level).transposed()), "level \(level)")
        }
    }
}
