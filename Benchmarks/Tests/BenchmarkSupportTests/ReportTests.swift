import BenchmarkSupport
import Foundation
import Raster
import XCTest

/// The `--json` writer, read back with Foundation's JSON parser, and the statistics it reports.
final class ReportTests: XCTestCase {
    private func parse(_ records: [BenchRecord]) throws -> [[String: Any]] {
        let text = JSONReport.encode(records)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try XCTUnwrap(object as? [[String: Any]], "not an array of objects: \(text)")
    }

    func testJSONRecordsParseBackWithEveryFieldAndNullsWhereThereIsNoPeer() throws {
        let records = [
            BenchRecord(name: "bilinear affine (scale 0.5, rotate 30°)", size: "1920x1080", threads: 2,
                        ours: 4.25, peer: "pixman", peerValue: 17),
            BenchRecord(name: "transition \"cube\"\\\n\ttab", size: "1920x1080", threads: 1, ours: 3.5),
            BenchRecord(name: "viewer peak RSS", size: "", threads: 2, ours: 61.5, unit: "MB"),
        ]
        let parsed = try parse(records)
        XCTAssertEqual(parsed.count, 3)
        let keys: Set = ["name", "size", "threads", "ours_ms", "peer", "peer_ms", "ratio"]
        XCTAssertEqual(Set(parsed[0].keys), keys)
        XCTAssertEqual(parsed[0]["name"] as? String, records[0].name)
        XCTAssertEqual(parsed[0]["size"] as? String, "1920x1080")
        XCTAssertEqual(parsed[0]["threads"] as? Int, 2)
        XCTAssertEqual(try XCTUnwrap(parsed[0]["ours_ms"] as? Double), 4.25, accuracy: 1e-9)
        XCTAssertEqual(parsed[0]["peer"] as? String, "pixman")
        XCTAssertEqual(try XCTUnwrap(parsed[0]["peer_ms"] as? Double), 17, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(parsed[0]["ratio"] as? Double), 4, accuracy: 1e-9)

        XCTAssertEqual(parsed[1]["name"] as? String, records[1].name, "escapes must round-trip")
        XCTAssertTrue(parsed[1]["peer"] is NSNull, "no peer is JSON null, not a missing key")
        XCTAssertTrue(parsed[1]["peer_ms"] is NSNull)
        XCTAssertTrue(parsed[1]["ratio"] is NSNull)

        XCTAssertEqual(Set(parsed[2].keys), keys.union(["unit"]))
        XCTAssertEqual(parsed[2]["unit"] as? String, "MB")
    }

    func testEmptyReportIsAnEmptyArray() throws {
        XCTAssertEqual(try parse([]).count, 0)
    }

    func testNonFiniteFiguresBecomeNullSoTheFileStaysValidJSON() throws {
        let parsed = try parse([BenchRecord(name: "broken", size: "1x1", threads: 1, ours: .nan, peer: "pixman", peerValue: .infinity)])
        XCTAssertTrue(parsed[0]["ours_ms"] is NSNull)
        XCTAssertTrue(parsed[0]["peer_ms"] is NSNull)
        XCTAssertTrue(parsed[0]["ratio"] is NSNull)
    }

    func testPercentilesInterpolateBetweenRanks() throws {
        XCTAssertEqual(percentile([5, 1, 3], 50), 3)
        XCTAssertEqual(percentile([4, 1, 3, 2], 50), 2.5)
        XCTAssertEqual(percentile(Array(stride(from: 1.0, through: 101, by: 1)), 99), 100, accuracy: 1e-9)
        XCTAssertEqual(percentile([7], 95), 7)
        XCTAssertTrue(percentile([], 50).isNaN)
    }

    func testFixedFormatsWithoutLocaleAndRounds() throws {
        XCTAssertEqual(Table.fixed(3.14159, digits: 2), "3.14")
        XCTAssertEqual(Table.fixed(0.005, digits: 2), "0.01")
        XCTAssertEqual(Table.fixed(-2.5, digits: 1), "-2.5")
        XCTAssertEqual(Table.fixed(12, digits: 0), "12")
        XCTAssertEqual(Table.fixed(0.0001, digits: 4), "0.0001")
    }

    func testBandsCoverTheRectangleOnceWithoutEmptyBands() throws {
        let rect = PixelRect(x: 3, y: 5, width: 10, height: 7)
        for count in 1...9 {
            let bands = Bands.split(rect, count: count)
            XCTAssertEqual(bands.first?.minY, 5)
            XCTAssertEqual(bands.last?.maxY, 12)
            XCTAssertEqual(bands.reduce(0) { $0 + $1.height }, 7)
            for (a, b) in zip(bands, bands.dropFirst()) { XCTAssertEqual(a.maxY, b.minY) }
            XCTAssertTrue(bands.allSatisfy { !$0.isEmpty && $0.minX == 3 && $0.width == 10 })
        }
    }
}
