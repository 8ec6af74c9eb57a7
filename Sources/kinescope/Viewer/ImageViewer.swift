import Foundation
import Kinescope

/// The live viewer (`kinescope [view]`): an `ImageViewerController` in a `UIWindow`, run by an
/// `ApplicationRunLoop` on an `X11Host` — the same loop every Kinescope app runs (X events →
/// touches and keys → views, the implicit transaction, animations, compositing, present), so the
/// viewer is UIKit code like any other. `--record` attaches to the host's `presentObserver`.
///
/// The loop renders only while something animates and blocks on the X connection otherwise.
/// Closing the window (`WM_DELETE_WINDOW`), or another client destroying it, ends the viewer
/// with exit 0; losing the X server is an error (exit 69).
@MainActor
final class ImageViewer {
    struct Options {
        var imagePaths: [String]
        var transitionName: String
        var duration: Double
        var size: PixelSize
        var framesPerSecond: Double = 60
        /// `--stats`: print the frame statistics at exit (they are printed anyway when frames
        /// were dropped).
        var printsStatistics = false
    }

    let options: Options
    let controller: ImageViewerController
    private let host: X11Host
    private let loop: ApplicationRunLoop

    /// Reads the images (exit 66 missing, 65 unreadable), resolves the transition (64), then
    /// opens the window (69 without a usable display), in that order.
    init(options: Options) throws(CommandLineFailure) {
        self.options = options
        var images: [UIImage] = []
        for path in options.imagePaths {
            do {
                images.append(UIImage(cgImage: CGImage(bitmap: try ImageFile.read(contentsOf: path))))
            } catch {
                throw CommandLineFailure(error)
            }
        }
        guard !images.isEmpty else { throw .usage("no images to show") }
        let transition = try ViewerTransition.named(options.transitionName)
        do {
            host = try X11Host(title: "Kinescope", size: options.size)
        } catch {
            throw CommandLineFailure(error)
        }
        controller = ImageViewerController(images: images, transition: transition, duration: options.duration)
        loop = ApplicationRunLoop(host: host, clock: MonotonicClock(),
                                  framesPerSecond: Int(options.framesPerSecond.rounded()))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: options.size.width, height: options.size.height))
        window.rootViewController = controller
        controller.titleDidChange = { [host] title in host.setTitle(title) }
        controller.quitRequested = { [unowned loop] in loop.requestQuit() }
        host.setTitle(controller.windowTitle)
        loop.show(window)
    }

    /// Sees every frame the window presents, as `Host.presentObserver` does (`--record`).
    var presentObserver: PresentObserver? {
        get { host.presentObserver }
        set { host.presentObserver = newValue }
    }

    /// Runs until the user quits or the window is closed or destroyed; then prints the frame
    /// statistics on standard error with `--stats` or when frames were dropped. When the loop
    /// fails (the X server lost), the error is the one line printed: no statistics.
    func run() throws(CommandLineFailure) -> ExitCode {
        do {
            try loop.run()
        } catch {
            // The turn that saw the window destroyed may still try to present into it.
            guard case .windowDestroyed = error, loop.quitRequested else { throw CommandLineFailure(error) }
        }
        if options.printsStatistics || loop.droppedFrameCount > 0 {
            FileHandle.standardError.write(Data("kinescope: \(loop.statistics)\n".utf8))
        }
        return .success
    }
}
