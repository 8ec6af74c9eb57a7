import KinescopeTestSupport
import Raster
import XCTest
@testable import Transitions

/// One contract over every registered transition (DESIGN decision 5): exact ends, a visible
/// middle, direction, determinism, band independence, and parameters that are checked.
final class TransitionContractTests: XCTestCase {
    typealias F = TransitionFixtures

    func testRegistryIsNotEmptyAndNamesAreUnique() {
        XCTAssertFalse(TransitionRegistry.all.isEmpty)
        let names = TransitionRegistry.all.map { $0.name.lowercased() }
        XCTAssertEqual(Set(names).count, names.count, "duplicate names: \(names)")
    }

    func testProgressZeroGivesFromAndOneGivesToExactly() {
        for type in TransitionRegistry.all {
            let transition = type.init(parameters: type.defaultParameters)
            XCTAssertTrue(F.frame(transition, progress: 0).hasSamePixels(as: F.from), "\(type.name) at 0")
            XCTAssertTrue(F.frame(transition, progress: 1).hasSamePixels(as: F.to), "\(type.name) at 1")
        }
    }

    func testHalfWayDiffersFromBothEnds() {
        for type in TransitionRegistry.all {
            let middle = F.frame(type.init(parameters: type.defaultParameters), progress: 0.5)
            XCTAssertFalse(middle.hasSamePixels(as: F.from), "\(type.name) at 0.5 still shows from")
            XCTAssertFalse(middle.hasSamePixels(as: F.to), "\(type.name) at 0.5 already shows to")
        }
    }

    func testSwappedInputsAreDetected() {
        for type in TransitionRegistry.all {
            let transition = type.init(parameters: type.defaultParameters)
            let forward = F.frame(transition, progress: 0.3)
            let swapped = F.frame(transition, progress: 0.3, from: F.to, to: F.from)
            XCTAssertFalse(forward.hasSamePixels(as: swapped), "\(type.name) does not tell from and to apart")
        }
    }

    func testOutputIsDeterministicAndIndependentOfBands() throws {
        for type in TransitionRegistry.all {
            let transition = type.init(parameters: type.defaultParameters)
            let once = F.frame(transition, progress: 0.4)
            XCTAssertTrue(F.frame(transition, progress: 0.4).hasSamePixels(as: once), "\(type.name) is not deterministic")
            for threads in [2, 3] {
                let banded = Bitmap(size: F.size)
                try TransitionRenderer(threadCount: threads).render(transition, from: F.from, to: F.to, progress: 0.4, into: banded)
                XCTAssertTrue(banded.hasSamePixels(as: once), "\(type.name) differs with \(threads) bands")
            }
        }
    }

    /// What was in the destination never shows: the compositor draws a transition's frames into
    /// bitmaps earlier frames used, and `TransitionRenderer` into the caller's. Translucent and
    /// transparent inputs, where a kernel could skip pixels that stay clear.
    func testEveryPixelOfTheClipIsWrittenWhateverTheDestinationHeld() {
        let from = F.from.copy(), to = F.to.copy()
        from.fill(PixelRect(x: 0, y: 0, width: 48, height: 64), with: .clear)
        to.fill(PixelRect(x: 20, y: 10, width: 60, height: 30), with: PremultipliedColor(red: 40, green: 30, blue: 20, alpha: 90))
        to.fill(PixelRect(x: 0, y: 40, width: 96, height: 24), with: .clear)
        for type in TransitionRegistry.all {
            let transition = type.init(parameters: type.defaultParameters)
            for progress in [0.2, 0.45, 0.7] {
                let frames = [PremultipliedColor.clear, PremultipliedColor(red: 7, green: 200, blue: 9, alpha: 255)].map {
                    let out = Bitmap(size: F.size, filledWith: $0)
                    transition.render(from: from, to: to, progress: progress, into: out, clip: out.bounds,
                                      scratch: TransitionScratch())
                    return out
                }
                XCTAssertTrue(frames[0].hasSamePixels(as: frames[1]), "\(type.name) at \(progress) leaves pixels unwritten")
            }
        }
    }

    func testEveryInRangeParameterValueGivesAVisibleTransition() throws {
        for type in TransitionRegistry.all {
            for parameter in type.parameters {
                for value in sampleValues(parameter) {
                    let text = [parameter.key: value]
                    let transition = try TransitionRegistry.make(named: type.name, parameters: text)
                    let early = F.frame(transition, progress: 0.25), late = F.frame(transition, progress: 0.75)
                    XCTAssertFalse(early.hasSamePixels(as: late), "\(type.name) with \(parameter.key)=\(value): 0.25 equals 0.75")
                }
            }
        }
    }

    func testOutOfRangeParametersAreRefusedWithAClearMessage() {
        for type in TransitionRegistry.all {
            for parameter in type.parameters {
                for bad in invalidValues(parameter) {
                    XCTAssertThrowsError(try TransitionRegistry.make(named: type.name, parameters: [parameter.key: bad]),
                                         "\(type.name) accepted \(parameter.key)=\(bad)") { error in
                        let message = "\(error)"
                        XCTAssertTrue(message.contains(parameter.key) && message.contains(type.name), message)
                    }
                }
            }
        }
    }

    func testUnknownNamesSuggestTheClosest() {
        XCTAssertThrowsError(try TransitionRegistry.type(named: "fdae")) { error in
            XCTAssertTrue("\(error)".contains("fade"), "\(error)")
        }
        XCTAssertEqual(try TransitionRegistry.type(named: "FADE").name, "fade")
    }

    /// Minimum, default and maximum of ranges; a spread of angles including huge and negative
    /// ones; every option of a choice.
    private func sampleValues(_ parameter: TransitionParameter) -> [String] {
        switch parameter.kind {
        case let .scalar(value, range): [range.lowerBound, value, range.upperBound].map { String($0) }
        case let .angle(value): [value, 0, 1, -2.5, .pi / 2, 3.14, 100, -1e6].map { String($0) }
        case let .point(p): [p.map { "\($0.x),\($0.y)" } ?? "auto", "0,0", "95,63", "-50,200"]
        case let .rect(r):
            [r.map { "\($0.minX),\($0.minY),\($0.width),\($0.height)" } ?? "auto",
             "0,0,96,64", "10,5,30,20", "-20,-10,60,40"]
        case .color: ["0,0,0", "1,1,1,0.5"]
        case let .choice(_, options): options
        }
    }

    private func invalidValues(_ parameter: TransitionParameter) -> [String] {
        switch parameter.kind {
        case let .scalar(_, range): [range.lowerBound - 1, range.upperBound + 1, .nan].map { String($0) }
        case .angle: ["nan", "inf", "abc"]
        case .point: ["nan,0", "1", "x,y"]
        case .rect: ["0,0,0,10", "0,0,-5,5", "nan,0,1,1", "1,2,3"]
        case .color: ["2,0,0", "0,0"]
        case .choice: ["no-such-option"]
        }
    }
}
