import Foundation
import Kinescope
import KinescopeDemos

/// `kinescope demo NAME [--size WxH] [--fps N] [--stats]`: a demo in a live X11 window; a click
/// runs its effect, `q`, Esc or the window's close button quits. Frames are paced at `--fps`
/// (default 60); the frame statistics are printed at exit with `--stats`, and anyway when
/// frames were dropped, as the viewer does.
enum DemoCommand {
    @MainActor
    static func run(_ cursor: inout ArgumentCursor) throws(CommandLineFailure) -> ExitCode {
        var name: String?
        var size = PixelSize(uncheckedWidth: 960, height: 720)
        var framesPerSecond = 60.0
        var printsStatistics = false
        while let word = cursor.next() {
            switch word {
            case let .option("--size", inline): size = try cursor.size(of: "--size", inline: inline)
            case let .option("--fps", inline): framesPerSecond = try cursor.number(of: "--fps", inline: inline, in: 1...480)
            case .option("--stats", nil): printsStatistics = true
            case let .option(option, _): throw .usage("unknown option '\(option)' for demo")
            case let .positional(value):
                guard name == nil else { throw .usage("demo takes one name, got '\(value)' too") }
                name = value
            }
        }
        guard let name else { throw .usage("demo needs a name: \(DemoCatalog.all.map(\.name).joined(separator: ", "))") }
        let demo = try DemoCatalog.demo(forCommandLine: name)
        let host: X11Host
        do {
            host = try X11Host(title: "Kinescope — \(demo.name) — click to run", size: size)
        } catch {
            throw CommandLineFailure(error)
        }
        let loop = ApplicationRunLoop(host: host, clock: MonotonicClock(), framesPerSecond: Int(framesPerSecond.rounded()))
        loop.show(DemoCatalog.window(for: demo, size: size))
        loop.keyObserver = { [unowned loop] key in
            if key.characters == "q" || key.keysym == 0xFF1B { loop.requestQuit() }
        }
        do {
            try loop.run()
        } catch {
            // The turn that saw the window destroyed may still try to present into it.
            guard case .windowDestroyed = error, loop.quitRequested else { throw CommandLineFailure(error) }
        }
        if printsStatistics || loop.droppedFrameCount > 0 {
            FileHandle.standardError.write(Data("kinescope: \(loop.statistics)\n".utf8))
        }
        return .success
    }
}

extension DemoCatalog {
    /// The demo called `name`, or a usage failure (exit 64) listing the demos.
    @MainActor
    static func demo(forCommandLine name: String) throws(CommandLineFailure) -> Demo {
        do {
            return try demo(named: name)
        } catch {
            throw .usage(error.description)
        }
    }
}
