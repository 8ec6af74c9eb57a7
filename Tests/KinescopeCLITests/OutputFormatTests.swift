import Foundation
import KinescopeTestSupport
import XCTest

/// What an output path (`transition --out`, `record --out`, `view --record`) is taken to be: a
/// name with a file-format extension Kinescope does not write (`x.mkv`, `x.avi`, and `x.png`
/// without `--format apng`) is a usage error that creates nothing, rather than a folder of PNGs
/// called `x.mkv`; `--format` must agree with the extension; folders (no extension, existing,
/// trailing `/`) are PNG frames; `.y4m`, `.apng`, `.gif` (and the video formats of
/// `VideoOutputTests`) are files of those formats.
final class OutputFormatTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var tool: CommandLineTool!

    override func setUpWithError() throws {
        tool = try CommandLineTool.kinescope()
        folder = try TemporaryFolder()
    }

    override func tearDown() { folder?.remove() }

    private var transitionInputs: [String] {
        ["transition", "fade", "--from", TransitionCommandTests.anchor, "--to", TransitionCommandTests.cone,
         "--frames", "2", "--size", "16x16"]
    }

    private func assertUsageError(_ arguments: [String], mentions: [String],
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try tool.run(arguments)
        let described = arguments.joined(separator: " ")
        XCTAssertEqual(run.status, 64, "\(described): \(run.standardError)", file: file, line: line)
        XCTAssertEqual(run.errorLines.count, 1, "\(described): one line expected, got \(run.standardError)", file: file, line: line)
        XCTAssertTrue(run.standardError.hasPrefix("kinescope: "), run.standardError, file: file, line: line)
        for mention in mentions {
            XCTAssertTrue(run.standardError.contains(mention), "\(described): message lacks \(mention): \(run.standardError)",
                          file: file, line: line)
        }
        XCTAssertEqual(run.standardOutput.count, 0, described, file: file, line: line)
    }

    func testUnsupportedFormatExtensionIsAUsageErrorNamingThePathAndTheFormatsAndCreatesNothing() throws {
        for name in ["x.mkv", "x.MKV", "x.avi", "x.flv", "frames.v2"] {
            let out = folder.file(name)
            let ext = String(name.split(separator: ".").last!)
            try assertUsageError(transitionInputs + ["--out", out],
                                 mentions: ["--out \(out)", "unknown output format '\(ext)'", "folder", ".y4m", ".apng", ".gif",
                                            ".webp", ".webm", ".mp4", ".mov"])
            try assertUsageError(transitionInputs + ["--format", "png", "--out", out], mentions: [out, "'\(ext)'"])
            try assertUsageError(transitionInputs + ["--format", "y4m", "--out", out], mentions: [out, "'\(ext)'"])
            try assertUsageError(transitionInputs + ["--format", "gif", "--out", out], mentions: [out, "'\(ext)'"])
        }
        XCTAssertEqual(folder.contents(), [], "no output, folder or file, was created")
    }

    func testASinglePNGFileIsRefusedUnlessAnAnimatedPNGIsAskedFor() throws {
        let out = folder.file("x.png")
        try assertUsageError(transitionInputs + ["--out", out], mentions: [out, "folder", "frame-000001.png", ".apng", "--format apng"])
        try assertUsageError(transitionInputs + ["--format", "png", "--out", out], mentions: [out])
        try assertUsageError(transitionInputs + ["--format", "gif", "--out", out], mentions: [out])
        XCTAssertEqual(folder.contents(), [])
        let run = try tool.run(transitionInputs + ["--format", "apng", "--out", out])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(folder.contents(), ["x.png"])
    }

    func testAnimationExtensionsAndFormatsMustAgree() throws {
        try assertUsageError(transitionInputs + ["--format", "gif", "--out", folder.file("x.apng")], mentions: ["animated PNG", "--format gif"])
        try assertUsageError(transitionInputs + ["--format", "apng", "--out", folder.file("x.gif")], mentions: ["GIF", "--format apng"])
        try assertUsageError(transitionInputs + ["--format", "y4m", "--out", folder.file("x.GIF")], mentions: ["GIF", "--format y4m"])
        try assertUsageError(transitionInputs + ["--format", "gif", "--out", folder.file("frames/")], mentions: ["folder", "GIF"])
        XCTAssertEqual(folder.contents(), [])
    }

    func testFormatContradictingTheExtensionOrTrailingSlashIsAUsageError() throws {
        let out = folder.file("x.y4m")
        try assertUsageError(transitionInputs + ["--format", "png", "--out", out], mentions: [out, "--format png", "Y4M"])
        let slashed = folder.file("frames/")
        try assertUsageError(transitionInputs + ["--format", "y4m", "--out", slashed], mentions: [slashed, "folder"])
        XCTAssertEqual(folder.contents(), [])
    }

    func testRecordAndViewRecordRefuseUnsupportedExtensionsToo() throws {
        let mkv = folder.file("demo.mkv")
        try assertUsageError(["record", "cover", "--frames", "1", "--size", "16x16", "--out", mkv],
                             mentions: ["--out \(mkv)", "'mkv'"])
        try assertUsageError(["record", "cover", "--frames", "1", "--size", "16x16", "--format", "y4m", "--out", folder.file("a.mp4")],
                             mentions: ["MP4", "--format y4m"])
        // Checked before the viewer opens its window, so this needs no display.
        let viewed = folder.file("session.avi")
        try assertUsageError(["view", TransitionCommandTests.anchor, "--record", viewed],
                             mentions: ["--record \(viewed)", "'avi'"])
        XCTAssertEqual(folder.contents(), [])
    }

    func testFoldersStillReceivePNGFramesAndY4MFilesStillWork() throws {
        // No extension: a new folder.
        var run = try tool.run(transitionInputs + ["--out", folder.file("plain")])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(folder.contents("plain"), ["frame-000001.png", "frame-000002.png"])
        // A dotted name given with a trailing slash, and an existing folder whatever its name.
        run = try tool.run(transitionInputs + ["--out", folder.file("take.2/")])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(folder.contents("take.2"), ["frame-000001.png", "frame-000002.png"])
        try FileManager.default.createDirectory(atPath: folder.file("existing.gif"), withIntermediateDirectories: false)
        run = try tool.run(transitionInputs + ["--out", folder.file("existing.gif")])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(folder.contents("existing.gif"), ["frame-000001.png", "frame-000002.png"])
        // .y4m in any case, with or without an agreeing --format.
        run = try tool.run(transitionInputs + ["--format", "Y4M", "--out", folder.file("clip.Y4M")])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.file("clip.Y4M")))
    }
}
