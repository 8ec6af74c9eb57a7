import Foundation
import Kinescope
import KinescopeDemos

/// `kinescope record DEMO --out PATH [--frames N | --seconds S] [--fps N] [--size WxH]
/// [--format png|y4m|apng|gif] [--loop N] [--input SCRIPT | --click-at SECONDS...] [--png-level 0-9]
/// [--chroma 420|444|444alpha]`: a demo run headless on a virtual clock, faster than real time, every
/// frame stored. The same command gives the same bytes every time, whatever the thread count.
///
/// Frame 0 shows the demo at time 0; frame i shows it at i / fps seconds. The input (an
/// `InputScript` read from SCRIPT, or `--click-at` clicks at the centre, which are a script of
/// clicks) is played by an `InputScriptPlayer`: an event at time t is delivered just before the
/// first frame at or after t.
enum RecordCommand {
    struct Options {
        var demo: String?
        var outPath: String?
        var frames: Int?
        var seconds: Double?
        var framesPerSecond = 60
        var size = PixelSize(uncheckedWidth: 640, height: 480)
        var format: RecordingFormat?
        var clicks: [Double] = []
        /// `--input SCRIPT`: the path of an input script (text or JSON).
        var inputPath: String?
        var pngLevel = 1
        var chroma: Y4MSink.Chroma = .yuv420
        /// Plays of an APNG, GIF or WebP, `0...65535` (0: for ever); nil when not given.
        var loopCount: Int?
        /// `--quality`, `--crf`, `--preset`.
        var encoding = EncodingOptions()
        /// `--at SECONDS`: only the frame shown at that time, written as one PNG.
        var stillTime: Double?
    }

    @MainActor
    static func run(_ cursor: inout ArgumentCursor) throws(CommandLineFailure) -> ExitCode {
        let options = try parse(&cursor)
        let demo = try DemoCatalog.demo(forCommandLine: options.demo!)
        let outPath = options.outPath!
        if let time = options.stillTime { return try recordStill(demo, at: time, options: options) }
        let format = try RecordingFormat.resolve(options.format, path: outPath, option: "--out")
        if let loop = options.loopCount, !format.loops {
            throw .usage("--loop \(loop): only an animation loops (.apng, .gif, .webp), not \(format.displayName)")
        }
        try options.encoding.check(for: format)
        let frameCount = options.frames ?? Int(((options.seconds ?? 2) * Double(options.framesPerSecond)).rounded())
        guard frameCount >= 1 else { throw .usage("--seconds \(options.seconds ?? 0) gives no frame at \(options.framesPerSecond) fps") }
        let script = try inputScript(options, endTime: Double(frameCount - 1) / Double(options.framesPerSecond))

        InterruptSignals.ignoreBrokenPipes()
        let interruption = Interruption()
        let signalSources = InterruptSignals.trap { interruption.interrupt(by: $0) }
        defer { signalSources.forEach { $0.cancel() } }

        let output = RecordingOutput(path: outPath, format: format, pngLevel: options.pngLevel,
                                     chroma: options.chroma, framesPerSecond: options.framesPerSecond,
                                     loopCount: options.loopCount ?? 0, quality: options.encoding.quality,
                                     crf: options.encoding.crf, preset: options.encoding.preset ?? "medium")
        let encoders = format == .png ? ProcessInfo.processInfo.activeProcessorCount : 1
        let sinks = try output.makeSinks(frameSize: options.size, encoderCount: encoders)
        let queue = EncodingQueue(sinks: sinks, frameSize: options.size, capacity: sinks.count + 2)
        interruption.attach(queue, cancelling: !format.isAnimation)

        let host: HeadlessHost
        do {
            host = try HeadlessHost(size: CGSize(width: options.size.width, height: options.size.height),
                                    framesPerSecond: options.framesPerSecond)
        } catch {
            queue.cancel()
            _ = queue.close()
            throw CommandLineFailure(error)
        }
        host.show(DemoCatalog.window(for: demo, size: options.size))
        var player = InputScriptPlayer(script)
        var bar = ProgressBar(total: frameCount, label: "record \(demo.name)")
        for index in 0..<frameCount {
            advance(host, to: index, player: &player, options: options)
            guard !interruption.isInterrupted, let buffer = queue.nextBuffer(waiting: true) else { break }
            let shown = host.snapshot().cgImage!.bitmap
            buffer.copy(from: shown, atX: 0, y: 0)
            queue.submit(buffer)
            bar.update(index + 1)
        }
        let outcome = queue.close()
        bar.finish()
        try RecordingCompletion.check(outcome, interruption: interruption, namer: sinks.first as? PNGSequenceSink,
                                      outPath: outPath, format: format, framesRequested: frameCount)
        return .success
    }

    /// Moves `host` to frame `index` (the next one): the clock forward by one frame (except for
    /// frame 0), then the input due by that frame's time.
    @MainActor
    private static func advance(_ host: HeadlessHost, to index: Int, player: inout InputScriptPlayer, options: Options) {
        if index > 0 { host.advance(by: 1 / Double(options.framesPerSecond)) }
        player.deliverEvents(dueBy: Double(index) / Double(options.framesPerSecond), to: host)
    }

    /// The input to play: the script at `--input`, or the `--click-at` times as clicks at the
    /// centre of the window. Warns (one line on standard error) when input comes after the
    /// recording's last frame, at `endTime` seconds, and so is never delivered (nil: no
    /// warning, for a still, which may well be taken in the middle of a script).
    private static func inputScript(_ options: Options, endTime: Double?) throws(CommandLineFailure) -> InputScript {
        let script: InputScript
        if let path = options.inputPath {
            do { script = try InputScript(contentsOfFile: path) } catch { throw CommandLineFailure(error) }
        } else {
            let centre = CGPoint(x: CGFloat(options.size.width) / 2, y: CGFloat(options.size.height) / 2)
            do {
                script = try InputScript(options.clicks.sorted().map { InputScript.Event(time: $0, action: .click(centre)) })
            } catch { throw CommandLineFailure(error) }
        }
        if let endTime, script.duration > endTime + 1e-9 {
            let source = options.inputPath.map { "\($0): " } ?? "--click-at: "
            FileHandle.standardError.write(Data("kinescope: warning: \(source)input until \(script.duration) s, but the last frame shows \(endTime) s; later input is not delivered\n".utf8))
        }
        return script
    }

    /// `--at SECONDS`: runs the demo to the frame shown at that time, frame ⌊SECONDS · fps⌋ (the
    /// same pixels as that frame of a recording), and writes it as one PNG. With `--frames` or
    /// `--seconds`, a time past the recording's end is a usage error.
    @MainActor
    private static func recordStill(_ demo: DemoCatalog.Demo, at time: Double, options: Options) throws(CommandLineFailure) -> ExitCode {
        try StillOutput.check(options.outPath!, format: options.format)
        let index = Int((time * Double(options.framesPerSecond) + 1e-9).rounded(.down))
        if options.frames != nil || options.seconds != nil {
            let frameCount = options.frames ?? Int(((options.seconds ?? 2) * Double(options.framesPerSecond)).rounded())
            guard index < frameCount else {
                throw .usage("--at \(time): the recording has \(frameCount) frames at \(options.framesPerSecond) fps, so it ends before \(time) s (frame \(index)); use a time below \(Double(frameCount) / Double(options.framesPerSecond))")
            }
        }
        var player = InputScriptPlayer(try inputScript(options, endTime: nil))
        let host: HeadlessHost
        do {
            host = try HeadlessHost(size: CGSize(width: options.size.width, height: options.size.height),
                                    framesPerSecond: options.framesPerSecond)
        } catch {
            throw CommandLineFailure(error)
        }
        host.show(DemoCatalog.window(for: demo, size: options.size))
        for i in 0...index { advance(host, to: i, player: &player, options: options) }
        try StillOutput.write(host.snapshot().cgImage!.bitmap, to: options.outPath!, compressionLevel: options.pngLevel)
        return .success
    }

    private static func parse(_ cursor: inout ArgumentCursor) throws(CommandLineFailure) -> Options {
        var options = Options()
        while let word = cursor.next() {
            switch word {
            case let .option("--out", inline): options.outPath = try cursor.value(of: "--out", inline: inline)
            case let .option("--frames", inline): options.frames = try cursor.integer(of: "--frames", inline: inline, in: 1...1_000_000)
            case let .option("--seconds", inline): options.seconds = try cursor.number(of: "--seconds", inline: inline, in: 0...86_400)
            case let .option("--fps", inline): options.framesPerSecond = try cursor.integer(of: "--fps", inline: inline, in: 1...1000)
            case let .option("--size", inline): options.size = try cursor.size(of: "--size", inline: inline)
            case let .option("--click-at", inline):
                options.clicks.append(try cursor.number(of: "--click-at", inline: inline, in: 0...86_400))
            case let .option("--input", inline): options.inputPath = try cursor.value(of: "--input", inline: inline)
            case let .option("--png-level", inline): options.pngLevel = try cursor.integer(of: "--png-level", inline: inline, in: 0...9)
            case let .option("--format", inline):
                options.format = try RecordingFormat.parse(try cursor.value(of: "--format", inline: inline))
            case let .option("--loop", inline):
                options.loopCount = try cursor.integer(of: "--loop", inline: inline, in: 0...65535)
            case let .option("--chroma", inline):
                options.chroma = try cursor.chroma(of: "--chroma", inline: inline)
            case let .option("--at", inline):
                options.stillTime = try cursor.number(of: "--at", inline: inline, in: 0...86_400)
            case let .option(name, inline):
                if try options.encoding.take(name, inline: inline, from: &cursor) { continue }
                throw .usage("unknown option '\(name)' for record")
            case let .positional(value):
                guard options.demo == nil else { throw .usage("record takes one demo, got '\(value)' too") }
                options.demo = value
            }
        }
        guard options.demo != nil else { throw .usage("record needs a demo name") }
        guard options.outPath != nil else { throw .usage("record needs --out PATH") }
        if options.frames != nil && options.seconds != nil { throw .usage("give --frames or --seconds, not both") }
        if options.inputPath != nil && !options.clicks.isEmpty {
            throw .usage("give --input or --click-at, not both (write the clicks into the script as 'SECONDS click X Y')")
        }
        return options
    }
}
