import Codecs
import Foundation
import Raster
import XCTest

/// Seeded mutations of valid PNG and JPEG files through `ImageFile.decode`: none may crash,
/// none may spend more than ten seconds of CPU (a hang, not a speed figure), and every failure
/// is an `ImageCodecError` whose message starts with the input's name.
///
/// 10 200 cases by default; `KINESCOPE_FUZZ_SCALE=N` runs N times as many. One case can be
/// replayed with `KINESCOPE_FUZZ_CASE=png:<seed>:<i>` or `jpeg:<seed>:<i>`, which prints what
/// the mutation did.
final class ImageFuzzTests: XCTestCase {
    static let pngCasesPerSeed = 1100
    static let jpegCasesPerSeed = 900
    /// What counts as a hang. A mutated header may legally ask for the largest image allowed
    /// (`ImageLimits.maxPixelCount`, e.g. 4096×16384), which takes ≈ 1 s of CPU to decode under
    /// ASan on this machine — a one-second limit failed on such a case under load (1.06 s), so
    /// the limit is ten times that: still far from any loop that does not end.
    static let cpuLimit: Duration = .seconds(10)

    private var scale: Int {
        max(1, ProcessInfo.processInfo.environment["KINESCOPE_FUZZ_SCALE"].flatMap { Int($0) } ?? 1)
    }

    /// `KINESCOPE_FUZZ_CASE` as (format, seed index, case index).
    private var replay: (String, Int, Int)? {
        guard let text = ProcessInfo.processInfo.environment["KINESCOPE_FUZZ_CASE"] else { return nil }
        let parts = text.split(separator: ":")
        guard parts.count == 3, let seed = Int(parts[1]), let index = Int(parts[2]) else { return nil }
        return (String(parts[0]), seed, index)
    }

    private static func kind(_ error: ImageCodecError) -> String {
        switch error {
        case .truncated: "truncated"
        case let .corrupt(_, detail) where detail.contains("CRC"): "corrupt (CRC)"
        case .corrupt: "corrupt"
        case .unsupported: "unsupported"
        case .dimensionsTooLarge: "too large"
        case .notAnImage: "not an image"
        case .empty: "empty"
        default: "other: \(error)"
        }
    }

    /// Decodes one case; checks the outcome; returns its kind for the tally.
    private func decodeCase(_ bytes: [UInt8], name: String, what: String, harness: FuzzHarness, tally: inout Tally) {
        var outcome = ""
        let cpu = harness.run("\(name) (\(what))") {
            do throws(ImageCodecError) {
                let bitmap = try ImageFile.decode(bytes, name: name)
                XCTAssertFalse(bitmap.size.isEmpty, "\(name) (\(what)) decoded to an empty bitmap")
                XCTAssertLessThanOrEqual(bitmap.size.area, ImageLimits.maxPixelCount, "\(name) (\(what))")
                outcome = "decoded"
            } catch {
                XCTAssertTrue(error.description.hasPrefix("\(name): "), "\(name) (\(what)): message does not name the input: \(error)")
                outcome = Self.kind(error)
                XCTAssertFalse(outcome.hasPrefix("other"), "\(name) (\(what)): unexpected error for in-memory data: \(error)")
            }
        }
        XCTAssertLessThan(cpu, Self.cpuLimit, "\(name) (\(what)) took \(cpu) of CPU")
        if outcome == "decoded" { tally.decoded += 1 } else { tally.errors[outcome, default: 0] += 1 }
    }

    func testTenThousandMutatedPNGsAndJPEGsNeverCrashHangOrFailWithoutNamingTheInput() throws {
        let pngSeeds = try ImageSeeds.pngs(), jpegSeeds = try ImageSeeds.jpegs()
        for seed in pngSeeds + jpegSeeds {
            XCTAssertNoThrow(try ImageFile.decode(seed.bytes, name: seed.name), "the unmutated seed \(seed.name) must decode")
        }
        let harness = FuzzHarness()
        defer { harness.finish() }
        var png = Tally(), jpeg = Tally()

        if let (format, seedIndex, index) = replay {
            let seeds = format == "png" ? pngSeeds : jpegSeeds
            var mutator = Mutator(seed: UInt64(seedIndex) << 32 | UInt64(index))
            let other = seeds[(seedIndex + 1) % seeds.count].bytes
            let (bytes, what) = format == "png" ? mutator.mutatePNG(seeds[seedIndex].bytes, other: other)
                : mutator.mutateJPEG(seeds[seedIndex].bytes, other: other)
            print("replaying \(format):\(seedIndex):\(index): \(what), \(bytes.count) bytes")
            decodeCase(bytes, name: "replay.\(format)", what: what, harness: harness, tally: &png)
            print(png)
            do { _ = try ImageFile.decode(bytes, name: "replay") } catch { print(error) }
            return
        }

        for (seedIndex, seed) in pngSeeds.enumerated() {
            let other = pngSeeds[(seedIndex + 1) % pngSeeds.count].bytes
            for index in 0..<Self.pngCasesPerSeed * scale {
                var mutator = Mutator(seed: UInt64(seedIndex) << 32 | UInt64(index))
                let (bytes, what) = mutator.mutatePNG(seed.bytes, other: other)
                if bytes == seed.bytes { png.unchanged += 1 }
                decodeCase(bytes, name: "png:\(seedIndex):\(index)", what: what, harness: harness, tally: &png)
            }
        }
        for (seedIndex, seed) in jpegSeeds.enumerated() {
            let other = jpegSeeds[(seedIndex + 1) % jpegSeeds.count].bytes
            for index in 0..<Self.jpegCasesPerSeed * scale {
                var mutator = Mutator(seed: UInt64(seedIndex) << 32 | UInt64(index))
                let (bytes, what) = mutator.mutateJPEG(seed.bytes, other: other)
                if bytes == seed.bytes { jpeg.unchanged += 1 }
                decodeCase(bytes, name: "jpeg:\(seedIndex):\(index)", what: what, harness: harness, tally: &jpeg)
            }
        }
        print("ImageFuzzTests: PNG \(png.total) cases: \(png)")
        print("ImageFuzzTests: JPEG \(jpeg.total) cases: \(jpeg)")
        print("ImageFuzzTests: CPU \(harness.totalCPU) in total; slowest case \(harness.slowestCPU): \(harness.slowestLabel)")

        XCTAssertGreaterThanOrEqual(png.total + jpeg.total, 10_000)
        XCTAssertLessThan(png.unchanged + jpeg.unchanged, (png.total + jpeg.total) / 50, "mutations must change the input")
        // The strategies must get past the checksums: a fuzzer whose every case dies at the
        // CRC check tests nothing else.
        let pastCRC = png.total - (png.errors["corrupt (CRC)"] ?? 0)
        XCTAssertGreaterThan(pastCRC, png.total / 2, "most PNG cases must reach beyond the CRC check: \(png)")
        XCTAssertGreaterThan(png.errors["too large"] ?? 0, 50, "huge declared sizes must be among the PNG cases: \(png)")
        XCTAssertGreaterThan(jpeg.errors["too large"] ?? 0, 50, "huge declared sizes must be among the JPEG cases: \(jpeg)")
        XCTAssertGreaterThan(png.decoded, 100, "some mutations leave a decodable PNG (ancillary damage): \(png)")
    }

    /// Valid restructurings decode to exactly the seed's pixels: the IDAT stream split into
    /// chunks of random sizes (1 byte upwards).
    func testPNGWithItsDataSplitIntoRandomIDATChunksDecodesToTheSamePixels() throws {
        for (seedIndex, seed) in try ImageSeeds.pngs().enumerated() {
            let expected = try ImageFile.decode(seed.bytes, name: seed.name)
            for index in 0..<40 {
                var mutator = Mutator(seed: 0xA000 + UInt64(seedIndex * 100 + index))
                let bytes = mutator.resplitIDAT(seed.bytes)
                let decoded = try ImageFile.decode(bytes, name: "\(seed.name) resplit \(index)")
                XCTAssertTrue(decoded.hasSamePixels(as: expected), "\(seed.name) resplit \(index) decodes differently")
            }
        }
    }
}

private struct Tally: CustomStringConvertible {
    var decoded = 0
    /// Cases whose mutation left the seed unchanged (a dropped-then-reinserted chunk…).
    var unchanged = 0
    var errors: [String: Int] = [:]
    var total: Int { decoded + errors.values.reduce(0, +) }
    var description: String {
        "decoded \(decoded) (\(unchanged) unchanged), " + errors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
}
