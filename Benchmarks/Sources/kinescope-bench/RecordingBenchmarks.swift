import BenchmarkSupport
import Dispatch
import Foundation
import Kinescope

/// Recording throughput through the sinks the command line uses (`PNGSequenceSink` at level 1,
/// `Y4MSink` 4:2:0), into a tmpfs folder (`/dev/shm` when present) so that the disk does not
/// set the pace. PNG runs on one thread and, as `kinescope record` does, with one encoder per
/// thread; the peer is libpng 1.6 at zlib level 1 with the same row filter (Sub) and the same
/// 8-bit RGB output, on as many threads (one file per frame, so it parallelises the same way).
/// Y4M has no peer: it is one thread in the command line too.
struct RecordingBenchmarks {
    let options: BenchOptions

    func run() throws -> ([BenchRecord], [String]) {
        guard options.wants("record png") || options.wants("record y4m") else { return ([], []) }
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let folder = "\(base)/kinescope-bench-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pngFrames = options.quick ? 8 : 24
        let y4mFrames = options.quick ? 30 : 120
        var records: [BenchRecord] = []
        for (width, height) in kernelSizes {
            let size = sizeText(width, height)
            let frames = Self.frames(width: width, height: height)
            if options.wants("record png") {
                for threads in options.threadCounts {
                    let ours = try perFrame(pngFrames, threads: threads) {
                        try Self.parallel(count: pngFrames, threads: threads) { index in
                            let sink = try PNGSequenceSink(folder: "\(folder)/ours-\(size)", compressionLevel: 1)
                            try sink.consume(frames[index % frames.count], index: index)
                        }
                    }
                    try? FileManager.default.createDirectory(atPath: "\(folder)/libpng-\(size)", withIntermediateDirectories: true)
                    let peer = try perFrame(pngFrames, threads: threads) {
                        try Self.parallel(count: pngFrames, threads: threads) { index in
                            _ = LibPNG.write(frames[index % frames.count], to: "\(folder)/libpng-\(size)/frame-\(index).png", level: 1)
                        }
                    }
                    records.append(BenchRecord(name: "record PNG level 1, ms per frame", size: size, threads: threads,
                                               ours: ours, peer: "libpng", peerValue: peer))
                }
            }
            if options.wants("record y4m") {
                let bitmapSize = try PixelSize(width: width, height: height)
                let ours = try perFrame(y4mFrames, threads: 1) {
                    let sink = try Y4MSink(destination: .file(path: "\(folder)/ours-\(size).y4m"), size: bitmapSize)
                    for index in 0..<y4mFrames { try sink.consume(frames[index % frames.count], index: index) }
                    try sink.finish()
                }
                records.append(BenchRecord(name: "record Y4M 4:2:0, ms per frame", size: size, threads: 1, ours: ours))
            }
        }
        let notes = [
            "recording: PNG \(pngFrames) / Y4M \(y4mFrames) frames per run into \(base), ms per frame (fps = 1000 / ms; one thread: its CPU time, writes included); libpng writes the same RGB rows with the Sub filter at level 1 on the same thread count",
        ]
        return (records, notes)
    }

    /// Median milliseconds per frame of `body`, which writes `count` frames on `threads`
    /// threads: the thread's CPU time (writes to tmpfs included) for one, wall time for more.
    private func perFrame(_ count: Int, threads: Int, _ body: () throws -> Void) throws -> Double {
        var failure: (any Error)?
        let ms = Stopwatch.medianMilliseconds(runs: options.quick ? 1 : 3, warmUp: 1, clock: threads == 1 ? .threadCPU : .wall) {
            do { try body() } catch { failure = error }
        }
        if let failure { throw failure }
        return ms / Double(count)
    }

    /// Runs `body(index)` for `0..<count`, frame `i` on thread `i % threads`.
    private static func parallel(count: Int, threads: Int, _ body: @escaping @Sendable (Int) throws -> Void) throws {
        let errors = ErrorBox()
        Bands.run(threads) { thread in
            for index in stride(from: thread, to: count, by: threads) {
                do { try body(index) } catch { errors.set(error) }
            }
        }
        if let error = errors.error { throw error }
    }

    /// Four different opaque frames (a picture, its mirror, and two mixes of them).
    static func frames(width: Int, height: Int) -> [Bitmap] {
        let photo = TestImage.photo(width: width, height: height)
        let mirror = Bitmap(size: photo.size, filledWith: .black)
        mirror.drawImage(photo, inverseTransform: .scale(x: -1, y: 1).concatenating(.translation(x: Double(width), y: 0)),
                         options: ImageDrawOptions(filter: .nearest))
        let mixes = [80, 170].map { weight -> Bitmap in
            let b = Bitmap(size: photo.size)
            try! b.mix(from: photo, to: mirror, weight: UInt8(weight))
            return b
        }
        return [photo, mirror] + mixes
    }
}

/// The first error thrown on any thread.
final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?
    var error: (any Error)? { lock.withLock { stored } }
    func set(_ error: any Error) { lock.withLock { if stored == nil { stored = error } } }
}
