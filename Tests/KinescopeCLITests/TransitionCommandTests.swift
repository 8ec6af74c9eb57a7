import Codecs
import Foundation
import KinescopeTestSupport
import Raster
import XCTest

/// `kinescope transition`, run as a child process: the frames it writes (PNG folder, Y4M file,
/// Y4M on standard output), their determinism, and every failure's exit code and message.
final class TransitionCommandTests: XCTestCase {
    static let assets = GoldenImage.packageRoot(from: #filePath).appendingPathComponent("assets")
    static let anchor = assets.appendingPathComponent("Anchor.png").path
    static let cone = assets.appendingPathComponent("Cone.png").path
    static let landscape = assets.appendingPathComponent("PhotoLandscape-512.png").path

    private var folder: TemporaryFolder!
    private var tool: CommandLineTool!

    override func setUpWithError() throws {
        tool = try CommandLineTool.kinescope()
        folder = try TemporaryFolder()
    }

    override func tearDown() { folder?.remove() }

    /// `image` composited over opaque black: for premultiplied pixels, the same colour words
    /// with alpha 255.
    private func overBlack(_ path: String) throws -> Bitmap {
        let image = try ImageFile.read(contentsOf: path)
        let result = image.copy()
        for y in 0..<result.height {
            let row = result.row(y)
            for x in 0..<row.count { row[x] |= 0xFF00_0000 }
        }
        return result
    }

    private func assertSamePixels(_ actual: Bitmap, _ expected: Bitmap, _ what: String,
                                  file: StaticString = #filePath, line: UInt = #line) {
        let comparison = BitmapComparison(actual: actual, expected: expected, tolerance: .exact)
        XCTAssertTrue(comparison.passes(.exact),
                      "\(what): \(comparison.differingPixels) pixels differ, first \(String(describing: comparison.firstDifference))",
                      file: file, line: line)
    }

    func testFadeWritesOnePNGPerFrameWithTheComposedInputsFirstAndLast() throws {
        let out = folder.file("frames")
        let run = try tool.run(["transition", "fade", "--from", Self.anchor, "--to", Self.cone, "--out", out, "--frames", "5"])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(run.standardError, "", "no progress bar or chatter when standard error is not a terminal")
        XCTAssertEqual(run.standardOutput.count, 0)
        XCTAssertEqual(folder.contents("frames"), (1...5).map { String(format: "frame-%06d.png", $0) },
                       "five frames, no temporary files left")

        let frames = try (1...5).map { try ImageFile.read(contentsOf: "\(out)/\(String(format: "frame-%06d.png", $0))") }
        assertSamePixels(frames[0], try overBlack(Self.anchor), "first frame vs Anchor over black")
        assertSamePixels(frames[4], try overBlack(Self.cone), "last frame vs Cone over black")
        XCTAssertFalse(frames[2].hasSamePixels(as: frames[0]), "the middle frame differs from the first")
        XCTAssertFalse(frames[2].hasSamePixels(as: frames[4]), "the middle frame differs from the last")
        // A fade is linear: the middle frame is the mean of the two ends, within rounding.
        let middle = frames[2], first = frames[0], last = frames[4]
        for (x, y) in [(256, 256), (100, 400), (400, 100), (0, 0)] {
            let a = first[x: x, y: y], b = last[x: x, y: y], m = middle[x: x, y: y]
            XCTAssertEqual(Double(m.red), (Double(a.red) + Double(b.red)) / 2, accuracy: 1, "red at (\(x), \(y))")
            XCTAssertEqual(Double(m.green), (Double(a.green) + Double(b.green)) / 2, accuracy: 1, "green at (\(x), \(y))")
        }
    }

    func testOutputBytesAreTheSameOnEveryRunAndForAnyThreadCount() throws {
        let arguments = ["transition", "fade", "--from", Self.landscape, "--to", Self.anchor, "--frames", "4",
                         "--size", "203x117"]
        var outputs: [String: [String: Data]] = [:]
        for (label, threads) in [("default", nil), ("again", nil), ("one", "1"), ("two", "2"), ("five", "5")] as [(String, String?)] {
            let out = folder.file(label)
            let run = try tool.run(arguments + ["--out", out], environment: threads.map { ["KINESCOPE_THREADS": $0] } ?? [:])
            XCTAssertEqual(run.status, 0, "\(label): \(run.standardError)")
            var files: [String: Data] = [:]
            for name in folder.contents(label) { files[name] = try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(name)")) }
            XCTAssertEqual(files.count, 4, "\(label): \(files.keys.sorted())")
            outputs[label] = files
        }
        for label in ["again", "one", "two", "five"] {
            XCTAssertEqual(outputs[label], outputs["default"], "\(label) differs from the first run")
        }

        let y4mArguments = arguments + ["--format", "y4m"]
        let one = try tool.run(y4mArguments + ["--out", "-"], environment: ["KINESCOPE_THREADS": "1"])
        let two = try tool.run(y4mArguments + ["--out", "-"], environment: ["KINESCOPE_THREADS": "2"])
        XCTAssertEqual(one.status, 0, one.standardError)
        XCTAssertEqual(two.status, 0, two.standardError)
        XCTAssertEqual(one.standardOutput, two.standardOutput, "Y4M bytes with 1 and 2 threads")
        XCTAssertEqual(try Y4MFile(Array(one.standardOutput)).frames.count, 4)
    }

    /// A square image in a wide frame is scaled to the frame's height and centred, with opaque
    /// black bars beside it.
    func testImagesAreFittedIntoTheFrameSizeCentredOverBlack() throws {
        let out = folder.file("fit")
        let run = try tool.run(["transition", "fade", "--from", Self.landscape, "--to", Self.anchor,
                                "--out", out, "--frames", "2", "--size", "160x90"])
        XCTAssertEqual(run.status, 0, run.standardError)
        let first = try ImageFile.read(contentsOf: "\(out)/frame-000001.png")
        XCTAssertEqual(first.size, try PixelSize(width: 160, height: 90))
        let black = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255)
        for y in 0..<90 {
            for x in [0, 10, 34, 125, 140, 159] {
                XCTAssertEqual(first[x: x, y: y], black, "bar pixel (\(x), \(y))")
            }
            for x in [36, 80, 123] {
                XCTAssertEqual(first[x: x, y: y].alpha, 255, "picture pixel (\(x), \(y)) is opaque")
            }
        }
        var pictureColours = Set<UInt32>()
        for y in 0..<90 { for x in 36..<124 { pictureColours.insert(first[x: x, y: y].packed) } }
        XCTAssertGreaterThan(pictureColours.count, 500, "the photo fills the 90×90 square in the middle")
    }

    func testY4MFileParsesHasOneFramePerStepAndFFprobeAcceptsIt() throws {
        let path = folder.file("fade.y4m")
        let arguments = ["transition", "FADE", "--from", Self.anchor, "--to", Self.cone, "--frames", "6",
                         "--fps", "25", "--chroma", "444", "--size", "96x54"]
        let run = try tool.run(arguments + ["--out", path])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertEqual(folder.contents(), ["fade.y4m"], "published under its name, no temporary file left")
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let stream = try Y4MFile(bytes)
        XCTAssertEqual(stream.tokens, ["YUV4MPEG2", "W96", "H54", "F25:1", "Ip", "A1:1", "C444", "XYSCSS=444", "XCOLORRANGE=LIMITED"])
        XCTAssertEqual(stream.frames.count, 6)
        XCTAssertEqual(stream.luma(frame: 0, x: 0, y: 0), 16, "the black bar is Y′ 16 (limited range)")
        XCTAssertNotEqual(stream.frames[0], stream.frames[5])
        XCTAssertNotEqual(stream.frames[2], stream.frames[0])

        let piped = try tool.run(arguments + ["--out", "-"])
        XCTAssertEqual(piped.status, 0, piped.standardError)
        XCTAssertEqual(Array(piped.standardOutput), bytes, "standard output carries the same stream as the file")

        guard let ffprobe = Programs.onPath("ffprobe") else { return }
        let probe = try runHelper(ffprobe, ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                            "stream=width,height,pix_fmt,r_frame_rate,nb_read_frames", "-of", "default=nw=1", path])
        XCTAssertEqual(probe.status, 0)
        for line in ["width=96", "height=54", "pix_fmt=yuv444p", "r_frame_rate=25/1", "nb_read_frames=6"] {
            XCTAssertTrue(probe.output.contains(line), "ffprobe output lacks \(line):\n\(probe.output)")
        }
    }

    func testDefaultChromaIs420AndDefaultFrameCountIs60() throws {
        let run = try tool.run(["transition", "fade", "--from", Self.anchor, "--to", Self.cone, "--size", "33x17", "--out", "-"])
        XCTAssertEqual(run.status, 0, run.standardError)
        let stream = try Y4MFile(Array(run.standardOutput))
        XCTAssertEqual(stream.tokens, ["YUV4MPEG2", "W33", "H17", "F60:1", "Ip", "A1:1", "C420jpeg", "XYSCSS=420JPEG", "XCOLORRANGE=LIMITED"])
        XCTAssertEqual(stream.frames.count, 60)
    }

    func testAClosedPipeIsReportedAsAnIOErrorNotASilentSignalDeath() throws {
        let process = tool.makeProcess(["transition", "fade", "--from", Self.anchor, "--to", Self.cone, "--out", "-"])
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        try output.fileHandleForReading.close()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "not killed by SIGPIPE")
        XCTAssertEqual(process.terminationStatus, 74, message)
        XCTAssertEqual(message.split(separator: "\n").count, 1, message)
        XCTAssertTrue(message.contains("standard output") && message.contains("EPIPE"), message)
    }

    func testFullDeviceAsY4MOutputExits74AndLeavesTheDeviceAlone() throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { throw XCTSkip("/dev/full is not writable here") }
        let run = try tool.run(["transition", "fade", "--from", Self.anchor, "--to", Self.cone, "--frames", "3",
                                "--format", "y4m", "--out", "/dev/full"])
        XCTAssertEqual(run.status, 74, run.standardError)
        XCTAssertEqual(run.errorLines.count, 1, run.standardError)
        XCTAssertTrue(run.standardError.hasPrefix("kinescope: /dev/full"), run.standardError)
        XCTAssertTrue(run.standardError.contains("ENOSPC"), run.standardError)
        let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/full")
        XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeCharacterSpecial, "/dev/full is still the device")
    }

    /// Each failure: its sysexits code, one line on standard error naming the input, and no
    /// output created.
    func testEachFailureExitsWithItsCodeAndOneLineNamingTheInput() throws {
        let corrupt = folder.file("corrupt.png")
        XCTAssertTrue(FileManager.default.createFile(atPath: corrupt, contents: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 40))))
        let notFolder = folder.file("a-file")
        XCTAssertTrue(FileManager.default.createFile(atPath: notFolder, contents: Data([1])))
        try FileManager.default.createDirectory(atPath: folder.file("a-folder"), withIntermediateDirectories: false)
        let out = folder.file("out")
        let base = ["--from", Self.anchor, "--to", Self.cone, "--frames", "3"]

        let cases: [(arguments: [String], code: Int32, mentions: [String])] = [
            (["transition", "fade", "--from", folder.file("missing.png"), "--to", Self.cone, "--out", out], 66, ["missing.png"]),
            (["transition", "fade", "--from", Self.anchor, "--to", corrupt, "--out", out], 65, [corrupt]),
            (["transition", "fadee"] + base + ["--out", out], 64, ["'fadee'", "fade"]),
            (["transition", "fade", "--param", "wobble=3"] + base + ["--out", out], 64, ["wobble"]),
            (["transition", "fade", "--param", "novalue"] + base + ["--out", out], 64, ["novalue", "KEY=VALUE"]),
            (["transition", "fade", "--size", "0x10"] + base + ["--out", out], 64, ["--size 0x10"]),
            (["transition", "fade", "--size", "wide"] + base + ["--out", out], 64, ["--size wide"]),
            (["transition", "fade", "--frames", "1", "--from", Self.anchor, "--to", Self.cone, "--out", out], 64, ["--frames 1"]),
            (["transition", "fade", "--format", "mkv"] + base + ["--out", out], 64, ["--format mkv", "apng", "gif", "webm", "mp4"]),
            (["transition", "fade", "--loop", "65536"] + base + ["--out", out + ".gif"], 64, ["--loop 65536"]),
            (["transition", "fade", "--loop", "-1"] + base + ["--out", out + ".gif"], 64, ["--loop -1"]),
            (["transition", "fade", "--loop", "2"] + base + ["--out", out + ".y4m"], 64, ["--loop 2", ".apng", ".gif"]),
            (["transition", "fade", "--format", "apng"] + base + ["--out", "-"], 64, ["standard output"]),
            (["transition", "fade", "--format", "gif"] + base + ["--out", folder.file("a-folder")], 73, ["a-folder"]),
            (["transition", "fade", "--format", "apng"] + base + ["--out", "/dev/null"], 73, ["/dev/null", "regular file"]),
            (["transition", "fade"] + base + ["--out", "/proc/x.gif"], 73, ["/proc/x.gif"]),
            (["transition", "fade"] + base + ["--out", "/proc/x.apng"], 73, ["/proc/x.apng"]),
            (["transition", "fade"] + base + ["--out", folder.file("no/such/folder/out.gif")], 73, ["no/such/folder/out.gif"]),
            (["transition", "fade", "--chroma", "422"] + base + ["--out", out], 64, ["--chroma 422"]),
            (["transition", "fade", "--png-level", "12"] + base + ["--out", out], 64, ["--png-level 12"]),
            (["transition", "fade", "--bogus"] + base + ["--out", out], 64, ["'--bogus'"]),
            (["transition", "fade", "--from", Self.anchor, "--to", Self.cone], 64, ["--out"]),
            (["transition", "--from", Self.anchor, "--to", Self.cone, "--out", out], 64, ["NAME"]),
            (["transition", "fade", "--format", "png"] + base + ["--out", "-"], 64, ["standard output"]),
            (["transition", "fade"] + base + ["--out", folder.file("no/such/folder/out.y4m")], 73, ["no/such/folder/out.y4m"]),
            (["transition", "fade"] + base + ["--out", "\(notFolder)/frames"], 73, [notFolder]),
            (["transition", "fade"] + base + ["--out", notFolder], 73, [notFolder]),
            (["transition", "fade", "--format", "y4m"] + base + ["--out", folder.file("a-folder")], 73, ["a-folder"]),
        ]
        for testCase in cases {
            let run = try tool.run(testCase.arguments)
            let described = testCase.arguments.joined(separator: " ")
            XCTAssertEqual(run.status, testCase.code, "\(described): \(run.standardError)")
            XCTAssertEqual(run.errorLines.count, 1, "\(described): one line expected, got \(run.standardError)")
            XCTAssertTrue(run.standardError.hasPrefix("kinescope: "), run.standardError)
            for mention in testCase.mentions {
                XCTAssertTrue(run.standardError.contains(mention), "\(described): message lacks \(mention): \(run.standardError)")
            }
            XCTAssertEqual(run.standardOutput.count, 0, described)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no failure created the output")
        XCTAssertEqual(folder.contents("a-folder"), [], "nothing written into the folder given as a Y4M file")
    }

    /// A parameter outside its range is refused with the key, the value and the valid range, for
    /// the first registered transition (from `kinescope list`) that has a numeric range.
    func testOutOfRangeParameterNamesKeyValueAndRange() throws {
        let list = try tool.run(["list"])
        XCTAssertEqual(list.status, 0)
        var current: String?
        var found: (transition: String, key: String, upper: Double, range: String)?
        for line in String(decoding: list.standardOutput, as: UTF8.self).split(separator: "\n") {
            if !line.hasPrefix(" ") { current = String(line) }
            guard found == nil, let current, line.contains("--param "),
                  let open = line.firstIndex(of: "("), let close = line[open...].firstIndex(of: ")") else { continue }
            let range = String(line[line.index(after: open)..<close])
            let bounds = range.components(separatedBy: "...")
            guard bounds.count == 2, Double(bounds[0]) != nil, let upper = Double(bounds[1]) else { continue }
            let assignment = line.split(separator: " ").first { $0.contains("=") }!
            found = (current, String(assignment.split(separator: "=")[0]), upper, range)
        }
        guard let found else { throw XCTSkip("no registered transition has a numeric parameter range yet") }
        let value = String(Int(found.upper) + 1000)
        let run = try tool.run(["transition", found.transition, "--param", "\(found.key)=\(value)", "--from", Self.anchor,
                                "--to", Self.cone, "--out", folder.file("out")])
        XCTAssertEqual(run.status, 64, run.standardError)
        XCTAssertEqual(run.errorLines.count, 1, run.standardError)
        for mention in [found.key, value, found.range] {
            XCTAssertTrue(run.standardError.contains(mention), "message lacks \(mention): \(run.standardError)")
        }
    }

    /// SIGINT part-way through a Y4M file: exit 130, and neither the file nor its temporary file
    /// is left behind. The test waits (inotify) until a frame has been written, then interrupts.
    func testInterruptingAY4MFileLeavesNothingBehind() throws {
        let path = folder.file("long.y4m")
        let process = tool.makeProcess(["transition", "fade", "--from", Self.anchor, "--to", Self.cone,
                                        "--frames", "1000000", "--size", "64x64", "--out", path])
        let error = Pipe()
        process.standardError = error
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let header = "YUV4MPEG2 W64 H64 F60:1 Ip A1:1 C420jpeg XYSCSS=420JPEG XCOLORRANGE=LIMITED\n".utf8.count
        XCTAssertTrue(try waitForChanges(in: folder.path) {
            bytesInFiles(in: folder.path, prefix: ".long.y4m.") > header || !process.isRunning
        })
        process.interrupt()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "SIGINT is handled")
        XCTAssertEqual(process.terminationStatus, 130, message)
        XCTAssertEqual(message, "kinescope: interrupted; \(path) was not written\n")
        XCTAssertEqual(folder.contents(), [], "the temporary file is removed")
    }

    /// On a terminal (a pseudo-terminal from `script`), standard error shows a progress bar.
    func testProgressBarAppearsOnATerminal() throws {
        guard let script = Programs.onPath("script") else { throw XCTSkip("script(1) not installed") }
        let command = [tool.url.path, "transition", "fade", "--from", Self.anchor, "--to", Self.cone,
                       "--frames", "3", "--size", "16x16", "--out", folder.file("tty")]
            .map { "'\($0)'" }.joined(separator: " ")
        let typescript = try runHelper(script, ["-qec", command, "/dev/null"])
        XCTAssertEqual(typescript.status, 0, typescript.output)
        XCTAssertTrue(typescript.output.contains("fade [") && typescript.output.contains("3/3 frames"), typescript.output)
    }
}
