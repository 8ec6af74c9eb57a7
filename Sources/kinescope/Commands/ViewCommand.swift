import Kinescope

/// `kinescope [view] [IMAGE...] [--transition NAME] [--duration S] [--size WxH] [--fps N] [--stats] [--record PATH]`.
enum ViewCommand {
    @MainActor
    static func run(_ cursor: inout ArgumentCursor) throws(CommandLineFailure) -> ExitCode {
        var options = ImageViewer.Options(imagePaths: [], transitionName: "flipFromLeft", duration: 1.0,
                                          size: PixelSize(uncheckedWidth: 960, height: 720))
        var recordPath: String?
        while let word = cursor.next() {
            switch word {
            case let .option("--transition", inline):
                options.transitionName = try cursor.value(of: "--transition", inline: inline)
            case let .option("--duration", inline):
                options.duration = try cursor.number(of: "--duration", inline: inline, in: 0.01...600)
            case let .option("--size", inline):
                options.size = try cursor.size(of: "--size", inline: inline)
            case let .option("--fps", inline):
                options.framesPerSecond = try cursor.number(of: "--fps", inline: inline, in: 1...480)
            case .option("--stats", nil):
                options.printsStatistics = true
            case let .option("--record", inline):
                recordPath = try cursor.value(of: "--record", inline: inline)
            case let .option(name, _):
                throw .usage("unknown option '\(name)' for view")
            case let .positional(path):
                options.imagePaths.append(path)
            }
        }
        if options.imagePaths.isEmpty { options.imagePaths = Assets.demoImagePaths }
        guard let recordPath else {
            let viewer = try ImageViewer(options: options)
            viewer.presentObserver = FirstFrameReport.observerIfRequested()
            return try viewer.run()
        }
        return try ViewRecording.run(options, recordingTo: recordPath)
    }
}
