import Foundation
import Geometry
import KinescopeTestSupport
import Raster
import Transitions
import XCTest

/// Parameter text from a command line or a config file through `TransitionRegistry.make`:
/// NaN and infinities are refused for every parameter with an error naming the transition,
/// the key, the value and what is valid; every value accepted (including extreme but finite
/// points, rectangles and angles, and the ends of each range) renders at any progress without
/// trapping; progress outside 0…1 is clamped and NaN counts as 0.
final class NumericTransitionTests: XCTestCase {
    static let size = try! PixelSize(width: 40, height: 30)

    /// Texts to try for a parameter of `kind`: its range ends, just outside them, non-finite and
    /// malformed numbers, and extremes that are valid.
    private func candidates(for kind: TransitionParameter.Kind) -> [String] {
        let nonFinite = ["nan", "inf", "-inf", "NaN", "+infinity"]
        let malformed = ["", "abc", "1,2,3,4,5", "0x", "--1"]
        switch kind {
        case let .scalar(_, range):
            let ends = [range.lowerBound, range.upperBound, range.lowerBound.nextDown, range.upperBound.nextUp]
            return nonFinite + malformed + ends.map { "\($0)" } + ["1e308", "-1e308", "0", "-0", "5e-324"]
        case .angle:
            return nonFinite + malformed + ["1e300", "-1e300", "0", "6.283185307179586", "-1e-320"]
        case .point:
            return nonFinite.map { "\($0),1" } + ["1,nan", "auto", "1"] + malformed
                + ["1e300,-1e300", "-1e308,1e308", "0,0", "-5,-5", "1e15,3", "1e300,3", "-1e300,3", "3,1e300", "3,-1e300"]
        case .rect:
            return ["nan,0,1,1", "0,0,inf,1", "0,0,1,-1", "0,0,0,1", "auto", "1,2,3"] + malformed
                + ["-1e300,-1e300,1e300,1e300", "0,0,1e308,1e308", "0,0,5e-324,5e-324", "-20,-20,1,1", "1e15,1e15,1,1"]
        case .color:
            return ["nan,0,0", "0,0,0,inf", "2,0,0", "-1,0,0", "1,1"] + malformed + ["0,0,0,0", "1,1,1,1", "5e-324,0,1"]
        case let .choice(_, options):
            return options + ["", "nan", options[0].uppercased() + "x"]
        }
    }

    /// `text` as the registry prints a parsed value: each number in its shortest form (whole
    /// numbers without a fraction, `nan`, `inf`), a colour with its alpha; unparsable text as is.
    static func normalized(_ text: String, kind: TransitionParameter.Kind) -> String {
        if case .choice = kind { return text }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !text.isEmpty, parts.allSatisfy({ $0 != nil }) else { return text }
        let numbers = parts.map { $0! }
        var shown = numbers.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int($0)) : String($0) }
        if case .color = kind, numbers.count == 3 { shown.append("1") }
        return shown.joined(separator: ",")
    }

    func testEveryParameterRefusesNonFiniteValuesAndAcceptedValuesRenderAtAnyProgress() throws {
        var random = SeededRandom(seed: 1212)
        let from = random.bitmap(width: Self.size.width, height: Self.size.height)
        let to = random.bitmap(width: Self.size.width, height: Self.size.height)
        let frame = Bitmap(size: Self.size)
        let renderer = TransitionRenderer(threadCount: 2)
        let progresses: [Double] = [.nan, -.infinity, -1, 0, .leastNonzeroMagnitude, 0.25, 0.5, 1.0.nextDown, 1, 2, .infinity]
        var accepted = 0, refused = 0
        for type in TransitionRegistry.all {
            let name = type.name
            for parameter in type.parameters {
                for text in candidates(for: parameter.kind) {
                    let transition: any Transition
                    do {
                        transition = try TransitionRegistry.make(named: name, parameters: [parameter.key: text])
                    } catch {
                        refused += 1
                        guard case let .invalidValue(transitionName, key, value, valid) = error else {
                            XCTFail("\(name) \(parameter.key)=\(text): unexpected error \(error)")
                            continue
                        }
                        XCTAssertEqual(transitionName, name)
                        XCTAssertEqual(key, parameter.key)
                        XCTAssertEqual(value, Self.normalized(text, kind: parameter.kind), "the message shows the value given")
                        XCTAssertFalse(valid.isEmpty)
                        XCTAssertTrue(error.description.contains(name) && error.description.contains(parameter.key),
                                      "the message names the transition and the key: \(error)")
                        continue
                    }
                    accepted += 1
                    let lowered = text.lowercased()
                    XCTAssertFalse(lowered.contains("nan") || lowered.contains("inf"),
                                   "\(name) accepted a non-finite \(parameter.key) = \(text)")
                    for progress in progresses {
                        try renderer.render(transition, from: from, to: to, progress: progress, into: frame)
                        if progress.isNaN || progress <= 0 {
                            XCTAssertTrue(frame.hasSamePixels(as: from), "\(name) \(parameter.key)=\(text): progress \(progress) shows `from`")
                        } else if progress >= 1 {
                            XCTAssertTrue(frame.hasSamePixels(as: to), "\(name) \(parameter.key)=\(text): progress \(progress) shows `to`")
                        }
                    }
                }
            }
        }
        print("NumericTransitionTests: \(TransitionRegistry.all.count) transitions, \(accepted) values accepted and rendered, \(refused) refused")
        XCTAssertGreaterThan(accepted, 50)
        XCTAssertGreaterThan(refused, 100)
    }

    /// Frames of different sizes and empty frames are refused or drawn, never trapped on.
    func testMismatchedAndEmptyFramesAreRefusedWithAnErrorNamingBothSizes() throws {
        let renderer = TransitionRenderer(threadCount: 1)
        for type in TransitionRegistry.all {
            let transition = try TransitionRegistry.make(named: type.name)
            XCTAssertThrowsError(try renderer.render(transition, from: Bitmap(width: 4, height: 4), to: Bitmap(width: 5, height: 4),
                                                     progress: 0.5, into: Bitmap(width: 4, height: 4))) { error in
                XCTAssertTrue("\(error)".contains("4x4") && "\(error)".contains("5x4"), "\(error)")
            }
            for (width, height) in [(0, 0), (1, 1), (1, 37), (37, 1)] {
                let empty = Bitmap(width: width, height: height)
                try renderer.render(transition, from: empty, to: Bitmap(width: width, height: height), progress: 0.5,
                                    into: Bitmap(width: width, height: height))
            }
        }
    }
}
