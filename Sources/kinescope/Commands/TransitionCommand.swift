// Design note. `kinescope transition` is ffmpeg's xfade with Apple's vocabulary: two still
// images in, N frames out. The two inputs are composed onto full frames once; each frame is then
// one `TransitionRenderer` call (horizontal bands over all cores) into a buffer from
// `EncodingQueue`'s pool, while encoder threads store earlier frames: one thread converting and
// writing the Y4M stream in order, or one thread per core each writing whole PNG files. Output
// bytes depend only on the frame index, never on thread timing or count.
//
// Measured here (release, -target-cpu native; the 2 cores shared with other builds at load
// average 11-17, so CPU time is the steadier figure; `/usr/bin/time`, 5 runs):
//   fade, 60 frames, 1920x1080 JPEGs → Y4M 4:2:0 on /dev/null:
//     kinescope  0.36-0.43 s user + 0.06-0.08 s sys, wall 0.90-1.66 s (median 1.35 s)
//     ffmpeg -filter_complex "loop,xfade=transition=fade,format=yuv420p" -f yuv4mpegpipe (each
//     input decoded once): 1.25-1.40 s user + 0.10-0.13 s sys, wall 2.97-5.83 s (median 3.25 s)
//     → about 3.3x less CPU and 2.4x less wall time than ffmpeg; with `-loop 1` image inputs
//     (ffmpeg's usual recipe, re-decoding every frame) ffmpeg takes 3.5-3.7 s user, 11-15 s wall.
//   Per frame (302 minus 2 frames): ≈ 5.5 ms CPU for the mix, the BT.601 conversion and the write.
//   PNG level 1, the same 60 photographic frames (3.8 MB each): ≈ 10 s CPU, 170 ms a frame in
//   zlib; the encoders are the bottleneck, so PNG gets one encoder thread per core.
//   `view --record`: copying a presented 1920x1080 frame into the queue costs ≈ 0.4 ms (best,
//   warm cache); the encoding happens off the display thread.

import Foundation
import Kinescope

/// `kinescope transition NAME --from A --to B --out PATH [options]`: renders a registered
/// transition between two images as a PNG sequence, a Y4M stream, an animated PNG or a GIF.
enum TransitionCommand {
    struct Options {
        var name: String?
        var fromPath: String?
        var toPath: String?
        var outPath: String?
        /// Frame count, ≥ 2: frame i shows progress i / (frames − 1).
        var frames = 60
        /// Frame size; nil means the size of the `from` image.
        var size: PixelSize?
        var format: RecordingFormat?
        var framesPerSecond = 60
        /// `--param KEY=VALUE` pairs; a key given twice keeps its last value.
        var parameters: [String: String] = [:]
        var pngLevel = 1
        var chroma: Y4MSink.Chroma = .yuv420
        /// Plays of an APNG, GIF or WebP, `0...65535` (0: for ever); nil when not given.
        var loopCount: Int?
        /// `--quality`, `--crf`, `--preset`.
        var encoding = EncodingOptions()
        /// `--at P`: one still at progress P, `0...1`, written as one PNG.
        var stillProgress: Double?
        /// `--range A-B`: only the frames whose progress `i / (frames − 1)` is in `A...B`.
        var range: ClosedRange<Double>?
    }

    static func run(_ cursor: inout ArgumentCursor) throws(CommandLineFailure) -> ExitCode {
        let options = try parse(&cursor)
        return try render(options)
    }

    static func parse(_ cursor: inout ArgumentCursor) throws(CommandLineFailure) -> Options {
        var options = Options()
        while let word = cursor.next() {
            switch word {
            case let .option("--from", inline):
                options.fromPath = try cursor.value(of: "--from", inline: inline)
            case let .option("--to", inline):
                options.toPath = try cursor.value(of: "--to", inline: inline)
            case let .option("--out", inline), let .option("-o", inline):
                options.outPath = try cursor.value(of: "--out", inline: inline)
            case let .option("--frames", inline):
                options.frames = try cursor.integer(of: "--frames", inline: inline, in: 2...1_000_000)
            case let .option("--size", inline):
                options.size = try cursor.size(of: "--size", inline: inline)
            case let .option("--fps", inline):
                options.framesPerSecond = try cursor.integer(of: "--fps", inline: inline, in: 1...1000)
            case let .option("--format", inline):
                options.format = try RecordingFormat.parse(try cursor.value(of: "--format", inline: inline))
            case let .option("--param", inline):
                let text = try cursor.value(of: "--param", inline: inline)
                guard let eq = text.firstIndex(of: "="), eq != text.startIndex else {
                    throw .usage("--param \(text): expected KEY=VALUE (see 'kinescope list' for each transition's keys)")
                }
                options.parameters[String(text[..<eq])] = String(text[text.index(after: eq)...])
            case let .option("--png-level", inline):
                options.pngLevel = try cursor.integer(of: "--png-level", inline: inline, in: 0...9)
            case let .option("--loop", inline):
                options.loopCount = try cursor.integer(of: "--loop", inline: inline, in: 0...65535)
            case let .option("--at", inline):
                options.stillProgress = try cursor.number(of: "--at", inline: inline, in: 0...1)
            case let .option("--range", inline):
                options.range = try cursor.progressRange(of: "--range", inline: inline)
            case let .option("--chroma", inline):
                options.chroma = try cursor.chroma(of: "--chroma", inline: inline)
            case let .option(name, inline):
                if try options.encoding.take(name, inline: inline, from: &cursor) { continue }
                throw .usage("unknown option '\(name)' for transition")
            case let .positional(word):
                guard options.name == nil else {
                    throw .usage("transition takes one NAME, got '\(options.name!)' and '\(word)'")
                }
                options.name = word
            }
        }
        guard options.name != nil else { throw .usage("transition needs a NAME (one of 'kinescope list')") }
        guard options.fromPath != nil else { throw .usage("transition needs --from IMAGE") }
        guard options.toPath != nil else { throw .usage("transition needs --to IMAGE") }
        guard options.outPath != nil else { throw .usage("transition needs --out PATH (a folder, a .y4m, .apng or .gif file, or - for standard output)") }
        if options.stillProgress != nil, options.range != nil {
            throw .usage("--at and --range: a still is one frame; give one of them")
        }
        return options
    }

    /// Validates everything that can be checked cheaply (transition, parameters, images, output)
    /// before drawing anything, then renders and stores the frames.
    static func render(_ options: Options) throws(CommandLineFailure) -> ExitCode {
        let name = options.name!, outPath = options.outPath!
        if options.stillProgress != nil { try StillOutput.check(outPath, format: options.format) }
        let format = options.stillProgress != nil ? .png : try RecordingFormat.resolve(options.format, path: outPath, option: "--out")
        if let loop = options.loopCount, !format.loops {
            throw .usage("--loop \(loop): only an animation loops (.apng, .gif, .webp), not \(format.displayName)")
        }
        try options.encoding.check(for: format)
        let transition: any Transition
        let from: Bitmap, to: Bitmap
        do {
            transition = try TransitionRegistry.make(named: name, parameters: options.parameters)
            from = try ImageFile.read(contentsOf: options.fromPath!)
            to = try ImageFile.read(contentsOf: options.toPath!)
        } catch {
            throw CommandLineFailure(error)
        }
        let size = options.size ?? from.size
        let indices = try frameIndices(options)

        if let progress = options.stillProgress {
            let renderer = TransitionRenderer()
            let compositor = Compositor(threadCount: renderer.threadCount)
            let frame = Bitmap(size: size)
            do {
                try renderer.render(transition, from: fitted(from, into: size, compositor: compositor),
                                    to: fitted(to, into: size, compositor: compositor), progress: progress, into: frame)
            } catch {
                throw CommandLineFailure(error)
            }
            try StillOutput.write(frame, to: outPath, compressionLevel: options.pngLevel)
            return .success
        }

        InterruptSignals.ignoreBrokenPipes()
        let interruption = Interruption()
        let signalSources = InterruptSignals.trap { interruption.interrupt(by: $0) }
        defer { signalSources.forEach { $0.cancel() } }

        let renderer = TransitionRenderer()
        let encoders = format == .png ? renderer.threadCount : 1
        let output = RecordingOutput(path: outPath, format: format, pngLevel: options.pngLevel,
                                     chroma: options.chroma, framesPerSecond: options.framesPerSecond,
                                     loopCount: options.loopCount ?? 0, quality: options.encoding.quality,
                                     crf: options.encoding.crf, preset: options.encoding.preset ?? "medium")
        let (queue, namer) = try makeQueue(output, frameSize: size, encoders: encoders)
        interruption.attach(queue, cancelling: !format.isAnimation)

        let compositor = Compositor(threadCount: renderer.threadCount)
        let first = fitted(from, into: size, compositor: compositor)
        let last = fitted(to, into: size, compositor: compositor)

        var bar = ProgressBar(total: indices.count, label: type(of: transition).name)
        for (k, i) in indices.enumerated() {
            guard !interruption.isInterrupted, let buffer = queue.nextBuffer(waiting: true) else { break }
            let progress = Double(i) / Double(options.frames - 1)
            do {
                // The two images never change: generation 0 keeps their mip chains across frames.
                try renderer.render(transition, from: first, to: last, progress: progress, into: buffer,
                                    inputGeneration: 0)
            } catch {
                queue.cancel()
                _ = queue.close()
                throw CommandLineFailure(error)
            }
            queue.submit(buffer)
            bar.update(k + 1)
        }
        let outcome = queue.close()
        bar.finish()
        try RecordingCompletion.check(outcome, interruption: interruption, namer: namer, outPath: outPath, format: format,
                                      framesRequested: indices.count)
        return .success
    }

    /// The frames of the full render (`0..<frames`) to draw: all, or those whose progress
    /// `i / (frames − 1)` lies in `--range` (written as frames 0, 1, … of the output, each the
    /// same pixels as that frame of the full render). An empty range is a usage error.
    static func frameIndices(_ options: Options) throws(CommandLineFailure) -> ClosedRange<Int> {
        let last = options.frames - 1
        guard let range = options.range else { return 0...last }
        // A tolerance of 1e-9 so that 0.2 · 10 = 2.0000000000000004 still includes frame 2.
        let first = Int((range.lowerBound * Double(last) - 1e-9).rounded(.up))
        let end = Int((range.upperBound * Double(last) + 1e-9).rounded(.down))
        guard first <= end else {
            throw .usage("--range \(range.lowerBound)-\(range.upperBound): no frame of \(options.frames) has its progress in that range (frame i is at i/\(last)); widen it or give more --frames")
        }
        return first...end
    }

    /// The queue with its sinks; the sinks are not kept here, so an abandoned Y4M file is
    /// removed as soon as the queue lets go of it. Also returns a PNG sink, whose file names
    /// are needed to tidy up after a failure.
    private static func makeQueue(_ output: RecordingOutput, frameSize: PixelSize,
                                  encoders: Int) throws(CommandLineFailure) -> (EncodingQueue, PNGSequenceSink?) {
        let sinks = try output.makeSinks(frameSize: frameSize, encoderCount: encoders)
        return (EncodingQueue(sinks: sinks, frameSize: frameSize, capacity: sinks.count + 2),
                sinks.first as? PNGSequenceSink)
    }


    /// `image` scaled to fit inside a frame of `size`, keeping its aspect ratio and centred (a
    /// layer with `contentsGravity = .resizeAspect`, bilinear sampling), over opaque black; the
    /// bars beside or above it are black, and translucent pixels show black through. An image
    /// that already has the frame's size is copied over black unscaled.
    static func fitted(_ image: Bitmap, into size: PixelSize, compositor: Compositor) -> Bitmap {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        root.position = CGPoint(x: CGFloat(size.width) / 2, y: CGFloat(size.height) / 2)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        let picture = CALayer()
        picture.frame = root.bounds
        picture.contents = CGImage(bitmap: image)
        picture.contentsGravity = .resizeAspect
        root.addSublayer(picture)
        let frame = Bitmap(size: size)
        compositor.render(root.makeRenderNode(), into: frame)
        return frame
    }
}
