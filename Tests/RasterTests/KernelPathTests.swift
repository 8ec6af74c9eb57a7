import Foundation
@testable import Raster
import XCTest

final class KernelPathTests: XCTestCase {
    func testReferenceKernelsAreForcedOnlyByAnAffirmativeValue() throws {
        for value in ["1", "true", "TRUE", "yes", "Yes"] {
            XCTAssertEqual(KernelPath(environmentValue: value), .reference, value)
        }
        for value in [nil, "", "0", "false", "no", "2", " 1"] as [String?] {
            XCTAssertEqual(KernelPath(environmentValue: value), .fast, value ?? "unset")
        }
    }

    func testCurrentPathFollowsTheEnvironmentOfThisProcess() throws {
        let raw = ProcessInfo.processInfo.environment[KernelPath.environmentVariable]
        XCTAssertEqual(KernelPath.current, KernelPath(environmentValue: raw))
    }

}
