import Codecs
import Foundation
import Raster
import XCTest

/// Golden-image checks: compare a rendered `Bitmap` with a reference PNG kept beside the test.
///
/// References live in `Goldens/<TestFileName>/<name>.png` next to the calling test file (one
/// folder per test file). On a mismatch the test fails naming the first bad pixel, and
/// `actual.png`, `expected.png` and `diff.png` are written to
/// `.test-artifacts/<TestFileName>/<name>/` at the package root.
///
/// Regenerating is an explicit act: run the tests with `KINESCOPE_UPDATE_GOLDENS=1` and the
/// references that are missing or differ are rewritten (each one reported as a test failure, so a
/// regeneration run can never pass silently); commit the new PNGs after looking at them.
public enum GoldenImage {
    /// Whether this run rewrites references (`KINESCOPE_UPDATE_GOLDENS=1`).
    public static var isUpdating: Bool {
        ProcessInfo.processInfo.environment["KINESCOPE_UPDATE_GOLDENS"] == "1"
    }

    /// The package root: the nearest folder above `filePath` that holds `Package.swift`.
    public static func packageRoot(from filePath: String) -> URL {
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    static func referenceURL(name: String, testFile: String) -> URL {
        let file = URL(fileURLWithPath: testFile)
        return file.deletingLastPathComponent()
            .appendingPathComponent("Goldens")
            .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
            .appendingPathComponent("\(name).png")
    }

    static func artifactFolder(name: String, testFile: String) -> URL {
        let file = URL(fileURLWithPath: testFile)
        return packageRoot(from: testFile)
            .appendingPathComponent(".test-artifacts")
            .appendingPathComponent(file.deletingPathExtension().lastPathComponent)
            .appendingPathComponent(name)
    }
}

/// Fails the test unless `actual` matches the golden PNG `name` within `tolerance`.
public func assertBitmap(
    _ actual: Bitmap,
    matchesGolden name: String,
    tolerance: ImageTolerance = .exact,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    let testFile = "\(file)"
    let reference = GoldenImage.referenceURL(name: name, testFile: testFile)
    let expected: Bitmap?
    do {
        expected = try ImageFile.read(contentsOf: reference.path)
    } catch {
        expected = nil
        if !GoldenImage.isUpdating {
            XCTFail("golden '\(name)' unreadable (\(error)); run with KINESCOPE_UPDATE_GOLDENS=1 to create it",
                    file: file, line: line)
            writeArtifacts(actual: actual, expected: nil, name: name, testFile: testFile)
            return
        }
    }
    if let expected {
        let comparison = BitmapComparison(actual: actual, expected: expected, tolerance: tolerance)
        if comparison.passes(tolerance) { return }
        if !GoldenImage.isUpdating {
            let folder = writeArtifacts(actual: actual, expected: expected, name: name, testFile: testFile)
            XCTFail(mismatchMessage(comparison, name: name, tolerance: tolerance, actualSize: actual.size,
                                    expectedSize: expected.size, artifacts: folder), file: file, line: line)
            return
        }
    }
    do {
        try FileManager.default.createDirectory(at: reference.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try PNGEncoder.write(actual, to: reference.path, compressionLevel: 9)
        XCTFail("golden '\(name)' rewritten at \(reference.path) (KINESCOPE_UPDATE_GOLDENS=1): look at it, then commit",
                file: file, line: line)
    } catch {
        XCTFail("golden '\(name)' could not be written: \(error)", file: file, line: line)
    }
}

/// Fails the test unless `actual` matches `expected` within `tolerance`; on failure writes
/// actual / expected / diff PNGs under `.test-artifacts/` named after `name`.
public func assertBitmap(
    _ actual: Bitmap,
    matches expected: Bitmap,
    name: String,
    tolerance: ImageTolerance = .exact,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    let comparison = BitmapComparison(actual: actual, expected: expected, tolerance: tolerance)
    guard !comparison.passes(tolerance) else { return }
    let testFile = "\(file)"
    let folder = writeArtifacts(actual: actual, expected: expected, name: name, testFile: testFile)
    XCTFail(mismatchMessage(comparison, name: name, tolerance: tolerance, actualSize: actual.size,
                            expectedSize: expected.size, artifacts: folder), file: file, line: line)
}

private func mismatchMessage(
    _ comparison: BitmapComparison, name: String, tolerance: ImageTolerance,
    actualSize: PixelSize, expectedSize: PixelSize, artifacts: URL?
) -> String {
    var message: String
    if !comparison.sizesMatch {
        message = "'\(name)': size \(actualSize) differs from the expected \(expectedSize)"
    } else {
        message = "'\(name)': \(comparison.differingPixels) pixels differ beyond \(tolerance)"
            + " (largest channel difference \(comparison.maxChannelDifference), PSNR "
            + String(format: "%.1f", comparison.psnr) + " dB)"
        if let first = comparison.firstDifference {
            message += "; first at (\(first.x), \(first.y)): actual \(first.actual), expected \(first.expected)"
        }
    }
    if let artifacts { message += "; see \(artifacts.path)/{actual,expected,diff}.png" }
    return message
}

@discardableResult
private func writeArtifacts(actual: Bitmap, expected: Bitmap?, name: String, testFile: String) -> URL? {
    let folder = GoldenImage.artifactFolder(name: name, testFile: testFile)
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try PNGEncoder.write(actual, to: folder.appendingPathComponent("actual.png").path, compressionLevel: 1)
        if let expected {
            try PNGEncoder.write(expected, to: folder.appendingPathComponent("expected.png").path, compressionLevel: 1)
            try PNGEncoder.write(BitmapComparison.diffImage(actual: actual, expected: expected),
                                 to: folder.appendingPathComponent("diff.png").path, compressionLevel: 1)
        }
        return folder
    } catch {
        return nil
    }
}
