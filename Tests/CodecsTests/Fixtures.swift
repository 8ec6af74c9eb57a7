@testable import Codecs
import Raster
import XCTest

// The image, chunk and folder fixtures shared with other test targets live in
// KinescopeTestSupport (PNGFixture, JPEGFixture, PNGChunk, TemporaryFolder, SeededRandom).

/// A bitmap of `size` with pixel (x, y) = `color(x, y)`.
func makeBitmap(width: Int, height: Int, _ color: (Int, Int) -> PremultipliedColor) -> Bitmap {
    let bitmap = Bitmap(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width { bitmap[x: x, y: y] = color(x, y) }
    }
    return bitmap
}

/// Asserts that `body` throws an `ImageCodecError` matched by `matches`, and that its message
/// contains `mentioning`.
func assertCodecError<T>(_ body: @autoclosure () throws -> T, mentioning: String,
                         file: StaticString = #filePath, line: UInt = #line,
                         _ matches: (ImageCodecError) -> Bool) {
    do {
        _ = try body()
        XCTFail("expected an ImageCodecError, got a result", file: file, line: line)
    } catch let error as ImageCodecError {
        XCTAssertTrue(matches(error), "unexpected error case: \(error)", file: file, line: line)
        XCTAssertTrue(error.description.contains(mentioning), "message '\(error)' does not mention '\(mentioning)'",
                      file: file, line: line)
    } catch {
        XCTFail("unexpected error type \(type(of: error)): \(error)", file: file, line: line)
    }
}
