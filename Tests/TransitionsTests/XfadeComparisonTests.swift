import Foundation
import KinescopeTestSupport
import Raster
@testable import Transitions
import XCTest

/// Each transition named after ffmpeg's xfade against ffmpeg's own xfade output on the same
/// inputs (ffmpeg 5.1, inputs and output through `format=gbrp`, so that xfade works on the RGB
/// channels as ours do): frames at 30 % and 50 % of the way, PSNR over R, G and B.
///
/// Stated tolerance: ≥ 40 dB for every name (the formulas are ffmpeg's, in the same float
/// precision; what differs is rounding at a few edge pixels), but ≥ 35 dB for `fadegrays`: ffmpeg
/// 5.1's `fadegrays` sums each pixel's grey into an uninitialised variable (`int bg[2][4]`, then
/// `bg[0][0] += …`), so its greys are not the means of R, G and B that its code intends (a
/// uniform (200, 101, 50) fades through grey ≈ 126 instead of 117); ours are the means, 35.9 and
/// 38.6 dB from ffmpeg's frames. Measured
/// here: see the message of each assertion (printed on failure) and BENCHMARKS.md.
final class XfadeComparisonTests: XCTestCase {
    static let names = ["fade", "wipeleft", "wiperight", "wipeup", "wipedown", "slideleft", "slideright", "slideup", "slidedown",
                        "circlecrop", "rectcrop", "fadeblack", "fadewhite", "radial", "smoothleft", "smoothright", "smoothup",
                        "smoothdown", "circleopen", "circleclose", "vertopen", "vertclose", "horzopen", "horzclose", "dissolve", "pixelize",
                        "diagtl", "diagtr", "diagbl", "diagbr", "wipetl", "wipetr", "wipebl",
                        "wipebr", "squeezeh", "distance", "hlslice", "hrslice", "vuslice", "vdslice", "hblur", "fadegrays",
                        "squeezev", "zoomin", "fadefast", "fadeslow"]

    /// ffmpeg's xfade frames for `name` at 10 fps over 1 s: frame k is at progress k / 10.
    private func ffmpegFrames(_ name: String, folder: TemporaryFolder) throws -> [[UInt32]] {
        guard let ffmpeg = Programs.onPath("ffmpeg") else { throw XCTSkip("ffmpeg is not installed (scripts/install-deps --test)") }
        let size = TransitionFixtures.size
        func raw(_ bitmap: Bitmap, count: Int) -> Data {
            var one = Data()
            for y in 0..<bitmap.height {
                bitmap.row(y).withMemoryRebound(to: UInt8.self) { one.append(contentsOf: $0) }
            }
            return Data([Data](repeating: one, count: count).joined())
        }
        try raw(TransitionFixtures.from, count: 10).write(to: URL(fileURLWithPath: folder.file("a.raw")))
        try raw(TransitionFixtures.to, count: 20).write(to: URL(fileURLWithPath: folder.file("b.raw")))
        let input = ["-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(size.width)x\(size.height)", "-framerate", "10", "-i"]
        let run = try runTool(ffmpeg, ["-v", "error"] + input + [folder.file("a.raw")] + input + [folder.file("b.raw"),
            "-filter_complex", "[0]format=gbrp[a];[1]format=gbrp[b];[a][b]xfade=transition=\(name):duration=1:offset=0,format=bgra",
            "-frames:v", "10", "-f", "rawvideo", "-pix_fmt", "bgra", "-"])
        guard run.status == 0 else { throw TestSupportError("ffmpeg xfade \(name) failed") }
        let words = run.output.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        let area = size.area
        return stride(from: 0, to: words.count - area + 1, by: area).map { Array(words[$0..<($0 + area)]) }
    }

    /// PSNR in dB over R, G and B (∞ when identical).
    static func psnr(_ a: [UInt32], _ b: [UInt32]) -> Double {
        var sum = 0.0
        for (p, q) in zip(a, b) {
            for shift: UInt32 in [0, 8, 16] {
                let d = Double(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
                sum += d * d
            }
        }
        let mse = sum / Double(3 * a.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// Float rounding in a mix (255·m + 255·(1 − m) = 254.99998) must not make an opaque pixel
    /// translucent: every frame of two opaque images is opaque.
    func testXfadeFramesOfOpaqueImagesStayOpaque() {
        for name in Self.names {
            guard let transition = try? TransitionRegistry.make(named: name) else {
                XCTFail("\(name) is not registered")
                continue
            }
            for k in [1, 3, 5, 7, 9] {
                let frame = TransitionFixtures.frame(transition, progress: Double(k) / 10)
                var translucent = 0
                for y in 0..<frame.height { translucent += frame.row(y).filter { $0 >> 24 != 0xFF }.count }
                XCTAssertEqual(translucent, 0, "\(name) at progress 0.\(k): \(translucent) translucent pixels")
            }
        }
    }

    func testEveryXfadeNameIsRegisteredAndMatchesFFmpegsXfade() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var report: [String] = []
        for name in Self.names {
            let transition = try TransitionRegistry.make(named: name)
            let theirs = try ffmpegFrames(name, folder: folder)
            XCTAssertEqual(theirs.count, 10, name)
            guard theirs.count == 10 else { continue }
            for k in [3, 5] {
                let ours = TransitionFixtures.frame(transition, progress: Double(k) / 10)
                var words: [UInt32] = []
                for y in 0..<ours.height { words += Array(ours.row(y)) }
                let value = Self.psnr(words, theirs[k])
                report.append("\(name)@0.\(k): \(value.isInfinite ? "identical" : String(format: "%.1f dB", value))")
                XCTAssertGreaterThanOrEqual(value, name == "fadegrays" ? 35 : 40, "\(name) at progress 0.\(k): PSNR \(value) dB against ffmpeg's xfade")
            }
        }
        print("xfade PSNR against ffmpeg: " + report.joined(separator: ", "))
    }
}
