import Foundation
import Geometry
import XCTest
@testable import Layers

/// Facts of GNUstep's Tests/quartzcore/CALayer/dynamic.m (measured on Apple's QuartzCore).
/// Swift has no `@dynamic` properties: what ports is the storage behind them, a layer's
/// key-value coding of keys that are not its properties (Apple's layers accept any key).
/// The per-C-type accessor checks (char, unsigned short…) have no Swift counterpart: skipped.
final class CALayerDynamicFactsTests: XCTestCase {
    private var f: AnimationFixture!
    override func setUp() { f = AnimationFixture() }
    override func tearDown() { f.finish() }

    func testAKeyNobodySetReadsAsNothing() {
        XCTAssertNil(CALayer().value(forKey: "p"))
    }

    func testAValueSetForAnUndeclaredKeyIsKeptAndReadBack() {
        let l = CALayer()
        l.setValue(NSNumber(value: -42), forKey: "p")
        XCTAssertEqual((l.value(forKey: "p") as? NSNumber)?.intValue, -42)
        l.setValue(NSNumber(value: 99), forKey: "p")
        XCTAssertEqual((l.value(forKey: "p") as? NSNumber)?.intValue, 99)
        l.setValue("hello", forKey: "q")
        XCTAssertEqual(l.value(forKey: "q") as? String, "hello")
        l.setValue(nil, forKey: "q")
        XCTAssertNil(l.value(forKey: "q"), "a stored value can be set back to nil")
    }

    func testUndeclaredKeysBelongToEachLayer() {
        let first = CALayer(), second = CALayer()
        first.setValue(11, forKey: "p")
        XCTAssertNil(second.value(forKey: "p"))
        second.setValue(22, forKey: "p")
        XCTAssertEqual(first.value(forKey: "p") as? Int, 11)
    }

    func testAStructureSetByAnUndeclaredKeyCanBeReadBack() {
        let l = CALayer()
        l.setValue(NSValue(cgPoint: CGPoint(x: 7, y: 8)), forKey: "p")
        XCTAssertEqual((l.value(forKey: "p") as? NSValue)?.cgPointValue, CGPoint(x: 7, y: 8))
    }
}
