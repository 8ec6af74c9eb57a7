import Codecs
import Foundation
import KinescopeTestSupport
import Raster
import XCTest

/// The committed demo images in `assets/`: present, decodable, the stated sizes and kinds
/// (transparent icons, opaque photos), and exactly what `kinescope-assets` draws today.
final class AssetTests: XCTestCase {
    static let icons = ["Anchor", "Cone", "Igloo", "Spaceship"]
    static let photos = ["PhotoLandscape", "PhotoTexture"]
    /// Every file the tool writes, with its size in pixels.
    static let files: [(name: String, width: Int, height: Int)] =
        icons.map { ("\($0).png", 512, 512) }
        + photos.flatMap { [("\($0).jpg", 1920, 1080), ("\($0)-512.png", 512, 512)] }

    static let assetsFolder = GoldenImage.packageRoot(from: #filePath).appendingPathComponent("assets")

    private func read(_ name: String, in folder: URL = AssetTests.assetsFolder) throws -> Bitmap {
        try ImageFile.read(contentsOf: folder.appendingPathComponent(name).path)
    }

    func testCommittedAssetsDecodeWithTheirStatedSizes() throws {
        for file in Self.files {
            let bitmap = try read(file.name)
            XCTAssertEqual(bitmap.width, file.width, "\(file.name) width")
            XCTAssertEqual(bitmap.height, file.height, "\(file.name) height")
        }
    }

    func testIconsHaveTransparentCornersAndAnOpaqueSubjectFillingMostOfTheCanvas() throws {
        for icon in Self.icons {
            let bitmap = try read("\(icon).png")
            for (cx, cy) in [(0, 0), (496, 0), (0, 496), (496, 496)] {
                for y in cy..<(cy + 16) {
                    for x in cx..<(cx + 16) {
                        XCTAssertEqual(bitmap[x: x, y: y].alpha, 0, "\(icon) corner pixel (\(x), \(y))")
                    }
                }
            }
            var opaque = 0
            var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width {
                    let alpha = bitmap[x: x, y: y].alpha
                    if alpha == 255 { opaque += 1 }
                    if alpha >= 128 {
                        minX = min(minX, x)
                        maxX = max(maxX, x)
                        minY = min(minY, y)
                        maxY = max(maxY, y)
                    }
                }
            }
            XCTAssertGreaterThan(Double(opaque) / Double(bitmap.size.area), 0.2, "\(icon): opaque share of the canvas")
            let extent = max(maxX - minX, maxY - minY) + 1
            XCTAssertGreaterThanOrEqual(extent, 380, "\(icon): subject spans \(extent) of 512 pixels, want about 80 %")
            XCTAssertEqual(Double(minX + maxX) / 2, 256, accuracy: 40, "\(icon): subject centred horizontally")
            XCTAssertEqual(Double(minY + maxY) / 2, 256, accuracy: 40, "\(icon): subject centred vertically")
        }
    }

    /// The image-cycling demo relies on each icon looking different at a glance: the mean
    /// colours of their opaque pixels lie far apart.
    func testIconsHaveDifferentDominantColours() throws {
        var means: [(String, SIMD3<Double>)] = []
        for icon in Self.icons {
            let bitmap = try read("\(icon).png")
            var sum = SIMD3<Double>(0, 0, 0), count = 0.0
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width where bitmap[x: x, y: y].alpha == 255 {
                    let c = bitmap[x: x, y: y]
                    sum += SIMD3(Double(c.red), Double(c.green), Double(c.blue))
                    count += 1
                }
            }
            means.append((icon, sum / count))
        }
        for i in 0..<means.count {
            for j in (i + 1)..<means.count {
                let d = means[i].1 - means[j].1
                let distance = (d * d).sum().squareRoot()
                XCTAssertGreaterThan(distance, 60, "mean colours of \(means[i].0) \(means[i].1) and \(means[j].0) \(means[j].1)")
            }
        }
    }

    func testPhotosAreOpaqueDetailedAndTheJPEGsStayUnderOneMegabyte() throws {
        for photo in Self.photos {
            let jpeg = Self.assetsFolder.appendingPathComponent("\(photo).jpg").path
            let bytes = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: jpeg)[.size] as? Int)
            XCTAssertLessThan(bytes, 1_048_576, "\(photo).jpg size")
            for name in ["\(photo).jpg", "\(photo)-512.png"] {
                let bitmap = try read(name)
                var colours = Set<UInt32>()
                var translucent = 0
                for y in 0..<bitmap.height {
                    for pixel in bitmap.row(y) {
                        if pixel >> 24 != 0xFF { translucent += 1 }
                        colours.insert(pixel)
                    }
                }
                XCTAssertEqual(translucent, 0, "\(name): pixels that are not opaque")
                XCTAssertGreaterThan(colours.count, 20_000, "\(name): distinct colours (texture and noise expected)")
            }
        }
    }

    /// Runs the built tool into a temporary folder: the PNGs must match the committed bytes
    /// exactly; the JPEGs (whose bytes depend on the libjpeg-turbo version) must decode to the
    /// same pictures within JPEG's rounding.
    func testRegeneratingReproducesTheCommittedFiles() throws {
        let tool = try Self.toolURL()
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("kinescope-assets-test-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }

        let run = try Self.run(tool, [folder.path])
        XCTAssertEqual(run.status, 0, "kinescope-assets failed: \(run.standardError)")
        XCTAssertEqual(run.standardOutput.split(separator: "\n").count, Self.files.count, run.standardOutput)

        for file in Self.files {
            let committed = Self.assetsFolder.appendingPathComponent(file.name)
            let fresh = folder.appendingPathComponent(file.name)
            if file.name.hasSuffix(".png") {
                XCTAssertEqual(try Data(contentsOf: fresh), try Data(contentsOf: committed),
                               "\(file.name) differs from the committed file; rerun `swift run kinescope-assets assets`")
            } else {
                let comparison = BitmapComparison(actual: try read(file.name, in: folder), expected: try read(file.name),
                                                  tolerance: ImageTolerance(perChannel: 2))
                XCTAssertTrue(comparison.passes(ImageTolerance(perChannel: 2)),
                              "\(file.name): \(comparison.differingPixels) pixels differ, first \(String(describing: comparison.firstDifference))")
            }
        }
    }

    func testToolRejectsBadArgumentsWithOneLineMessages() throws {
        let tool = try Self.toolURL()
        let missing = try Self.run(tool, [])
        XCTAssertEqual(missing.status, 64)
        XCTAssertEqual(missing.standardError.split(separator: "\n").count, 1, missing.standardError)
        XCTAssertTrue(missing.standardError.contains("usage: kinescope-assets OUTPUT-FOLDER"), missing.standardError)

        let option = try Self.run(tool, ["--bogus"])
        XCTAssertEqual(option.status, 64)
        XCTAssertTrue(option.standardError.contains("'--bogus'"), option.standardError)

        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("kinescope-assets-not-a-folder-\(ProcessInfo.processInfo.processIdentifier)")
        try Data([1]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let notFolder = try Self.run(tool, [file.path])
        XCTAssertEqual(notFolder.status, 73)
        XCTAssertEqual(notFolder.standardError.split(separator: "\n").count, 1, notFolder.standardError)
        XCTAssertTrue(notFolder.standardError.contains(file.path), notFolder.standardError)
        XCTAssertEqual(notFolder.standardOutput, "", "nothing is drawn when the folder is unusable")
    }

    /// The `kinescope-assets` executable built beside this test binary (SwiftPM puts both in
    /// `.build/<triple>/<configuration>/`, the CMake build in `build/bin/`).
    static func toolURL() throws -> URL {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var candidates = [executable.deletingLastPathComponent(), Bundle.main.bundleURL,
                          Bundle.main.bundleURL.deletingLastPathComponent()]
        candidates += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for folder in candidates {
            let tool = folder.appendingPathComponent("kinescope-assets")
            if FileManager.default.isExecutableFile(atPath: tool.path) { return tool }
        }
        throw XCTSkip("kinescope-assets executable not found next to the test binary (looked in "
                      + candidates.map(\.path).joined(separator: ", ") + "); build it first")
    }

    static func run(_ tool: URL, _ arguments: [String]) throws -> (status: Int32, standardOutput: String, standardError: String) {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}
