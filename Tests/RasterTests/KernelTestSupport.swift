import KinescopeTestSupport
@testable import Raster
import XCTest

/// The row widths every fast kernel is checked at: below, at and around one and two 8-pixel
/// vectors, and a full HD row.
let kernelTestWidths = [1, 7, 15, 16, 17, 33, 1920]

/// Where a kernel's destination lies in the memory it is checked in.
enum DestinationLayout: CaseIterable, CustomStringConvertible {
    /// The whole of a tightly packed bitmap (`rowStride == width`).
    case tight
    /// A view at an odd offset inside a larger bitmap, so rows start unaligned and the stride is
    /// not the width.
    case oddOffsetView

    /// The parent size and the view's rectangle in it, for a `width`×`height` destination.
    func placement(width: Int, height: Int) -> (parentWidth: Int, parentHeight: Int, view: PixelRect) {
        switch self {
        case .tight: (width, height, PixelRect(x: 0, y: 0, width: width, height: height))
        case .oddOffsetView: (width + 13, height + 4, PixelRect(x: 5, y: 3, width: width, height: height))
        }
    }

    var description: String {
        switch self {
        case .tight: "tight"
        case .oddOffsetView: "odd-offset view"
        }
    }
}

extension SeededRandom {
    /// Random valid pixels seen through a view at (3, 1) of a larger random bitmap, so the view's
    /// rows start at odd addresses and its stride differs from its width.
    mutating func bitmapView(width: Int, height: Int) -> Bitmap {
        let parent = bitmap(width: width + 7, height: height + 2)
        return try! parent.view(of: PixelRect(x: 3, y: 1, width: width, height: height))
    }

    /// Random coverage seen through a view at (1, 2) of a larger random mask.
    mutating func coverageMaskView(width: Int, height: Int) -> CoverageMask {
        let parent = coverageMask(width: width + 5, height: height + 3)
        return try! parent.view(of: PixelRect(x: 1, y: 2, width: width, height: height))
    }
}

/// Applies `operation` through each kernel path to identical random destinations laid out as
/// `layout`, and checks that the fast path's pixels equal the reference's byte for byte and that
/// neither path changed any pixel of the parent bitmap outside `touched` (given in the
/// destination's coordinates; `nil` means the whole destination may change).
func assertFastMatchesReference(
    width: Int, height: Int, layout: DestinationLayout, seed: UInt64, touched: PixelRect? = nil,
    _ context: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line,
    _ operation: (_ destination: Bitmap, _ kernels: KernelPath) throws -> Void
) rethrows {
    var random = SeededRandom(seed: seed)
    let (parentWidth, parentHeight, viewRect) = layout.placement(width: width, height: height)
    let original = random.bitmap(width: parentWidth, height: parentHeight)
    let allowed = touched ?? PixelRect(x: 0, y: 0, width: width, height: height)
    let allowedInParent = PixelRect(x: viewRect.x + allowed.x, y: viewRect.y + allowed.y,
                                    width: allowed.width, height: allowed.height)
    var results: [Bitmap] = []
    for kernels in [KernelPath.reference, .fast] {
        let parent = original.copy()
        try operation(try! parent.view(of: viewRect), kernels)
        assertUnchanged(parent, comparedWith: original, outside: allowedInParent,
                        "\(kernels) path, width \(width), \(layout) \(context())", file: file, line: line)
        results.append(parent)
    }
    assertSamePixels(results[1], results[0], "fast vs reference, width \(width), \(layout) \(context())",
                     file: file, line: line)
}

/// Runs `assertFastMatchesReference` over every width of `kernelTestWidths` and both layouts, with
/// `height` rows (three by default: enough to catch stride errors, cheap at 1920 in debug builds).
func assertFastMatchesReferenceAtAllWidths(
    height: Int = 3, seed: UInt64, _ context: @autoclosure () -> String = "",
    file: StaticString = #filePath, line: UInt = #line,
    _ operation: (_ destination: Bitmap, _ kernels: KernelPath) throws -> Void
) rethrows {
    for width in kernelTestWidths {
        for layout in DestinationLayout.allCases {
            try assertFastMatchesReference(width: width, height: height, layout: layout,
                                           seed: seed &+ UInt64(width), context(),
                                           file: file, line: line, operation)
        }
    }
}

/// Fails naming the first differing pixel when `actual` and `expected` differ.
func assertSamePixels(_ actual: Bitmap, _ expected: Bitmap, _ message: @autoclosure () -> String = "",
                      file: StaticString = #filePath, line: UInt = #line) {
    let comparison = BitmapComparison(actual: actual, expected: expected, tolerance: .exact)
    guard !comparison.passes(.exact) else { return }
    if let first = comparison.firstDifference {
        XCTFail("\(message()): \(comparison.differingPixels) pixels differ; first at (\(first.x), \(first.y)): "
                + "\(String(first.actual.packed, radix: 16)) instead of \(String(first.expected.packed, radix: 16))",
                file: file, line: line)
    } else {
        XCTFail("\(message()): sizes differ, \(actual.size) instead of \(expected.size)", file: file, line: line)
    }
}

/// Fails when any pixel of `bitmap` outside `rect` differs from `original` (same size).
func assertUnchanged(_ bitmap: Bitmap, comparedWith original: Bitmap, outside rect: PixelRect,
                     _ message: @autoclosure () -> String = "",
                     file: StaticString = #filePath, line: UInt = #line) {
    for y in 0..<bitmap.height {
        for x in 0..<bitmap.width where !rect.contains(x: x, y: y) {
            if bitmap[x: x, y: y] != original[x: x, y: y] {
                XCTFail("\(message()): pixel (\(x), \(y)) outside \(rect) changed from "
                        + "\(original[x: x, y: y]) to \(bitmap[x: x, y: y])", file: file, line: line)
                return
            }
        }
    }
}

/// Builds a bitmap from rows of packed `0xAARRGGBB` words (all rows the same length).
func bitmap(rows: [[UInt32]]) -> Bitmap {
    let result = Bitmap(width: rows.first?.count ?? 0, height: rows.count)
    for (y, row) in rows.enumerated() {
        for (x, word) in row.enumerated() { result[x: x, y: y] = PremultipliedColor(packed: word) }
    }
    return result
}

/// The packed words of `bitmap`, row by row, for exact comparison with hand-computed values.
func words(of bitmap: Bitmap) -> [[UInt32]] {
    (0..<bitmap.height).map { Array(bitmap.row($0)) }
}
