import Geometry
import XCTest

let tolerance: CGFloat = 1e-9

func assertClose(_ a: CGFloat, _ b: CGFloat, accuracy: CGFloat = tolerance,
                 _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(Double(a), Double(b), accuracy: Double(accuracy), message, file: file, line: line)
}

func assertClose(_ a: CGPoint, _ b: CGPoint, accuracy: CGFloat = tolerance,
                 _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(abs(a.x - b.x) <= accuracy && abs(a.y - b.y) <= accuracy,
                  "\(a) is not \(b) ± \(accuracy) \(message)", file: file, line: line)
}

func assertClose(_ a: CGRect, _ b: CGRect, accuracy: CGFloat = tolerance,
                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(abs(a.minX - b.minX) <= accuracy && abs(a.minY - b.minY) <= accuracy
                  && abs(a.width - b.width) <= accuracy && abs(a.height - b.height) <= accuracy,
                  "\(a) is not \(b) ± \(accuracy)", file: file, line: line)
}

func assertClose(_ a: CGAffineTransform, _ b: CGAffineTransform, accuracy: CGFloat = tolerance,
                 file: StaticString = #filePath, line: UInt = #line) {
    let pairs = [(a.a, b.a), (a.b, b.b), (a.c, b.c), (a.d, b.d), (a.tx, b.tx), (a.ty, b.ty)]
    XCTAssertTrue(pairs.allSatisfy { abs($0.0 - $0.1) <= accuracy },
                  "\(a) is not \(b) ± \(accuracy)", file: file, line: line)
}

func assertClose(_ a: CATransform3D, _ b: CATransform3D, accuracy: CGFloat = tolerance,
                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(zip(a.entries, b.entries).allSatisfy { abs($0.0 - $0.1) <= accuracy },
                  "\(a) is not \(b) ± \(accuracy)", file: file, line: line)
}

/// A small deterministic generator (SplitMix64) so that randomised tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
