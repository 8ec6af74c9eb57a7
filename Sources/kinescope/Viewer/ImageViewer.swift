import Foundation
import Kinescope

/// The live viewer: shows one image at a time in an X11 window; a click, space or → moves to the
/// next with the chosen transition, 1–9 pick a transition, `s` toggles slow animations (×10, like
/// the iOS Simulator's), `q` or Esc quits, and the window's close button exits cleanly.
///
/// It paces frames at the display rate while a transition runs and blocks on the X connection
/// (no polling, no rendering) while nothing moves.
final class ImageViewer {
    struct Options {
        var imagePaths: [String]
        var transitionName: String
        var duration: Double
        var size: PixelSize
        var framesPerSecond: Double = 60
    }

    private let options: Options
    private let host: X11Host
    private let images: [CGImage]
    private let compositor = Compositor()
    private let renderer = TransitionRenderer()
    private var transition: any Transition
    private var transitionName: String
    private var index = 0
    private var slow = false

    /// Composed full-window frames of the current and next image, rebuilt on resize.
    private var stills: [Int: Bitmap] = [:]
    private var running: (from: Int, to: Int, start: ContinuousClock.Instant, duration: Double)?
    private let clock = ContinuousClock()
    private var needsFullFrame = true

    init(options: Options) throws(CommandLineFailure) {
        self.options = options
        var loaded: [CGImage] = []
        for path in options.imagePaths {
            do {
                loaded.append(CGImage(bitmap: try ImageFile.read(contentsOf: path)))
            } catch {
                throw CommandLineFailure(error)
            }
        }
        guard !loaded.isEmpty else { throw .usage("no images to show") }
        images = loaded
        do {
            transition = try TransitionRegistry.make(named: options.transitionName)
            host = try X11Host(title: "", size: options.size)
        } catch {
            throw CommandLineFailure(error)
        }
        transitionName = type(of: transition).name
        updateTitle()
    }

    /// Sees every frame the window presents, as `Host.presentObserver` does (`--record`).
    var presentObserver: PresentObserver? {
        get { host.presentObserver }
        set { host.presentObserver = newValue }
    }

    /// Runs until the user quits or closes the window.
    func run() throws(CommandLineFailure) -> ExitCode {
        var events: [HostEvent] = []
        events.reserveCapacity(64)
        var nextFrame = clock.now
        while true {
            let timeout: Duration? = running == nil && !needsFullFrame ? nil : max(.zero, nextFrame - clock.now)
            events.removeAll(keepingCapacity: true)
            do {
                try host.nextEvents(timeout: timeout, into: &events)
            } catch {
                throw CommandLineFailure(error)
            }
            for event in events {
                if let exit = handle(event) { return exit }
            }
            if running != nil || needsFullFrame, clock.now >= nextFrame {
                try drawFrame()
                nextFrame = max(nextFrame + .seconds(1 / options.framesPerSecond), clock.now - .milliseconds(100))
            }
        }
    }

    private func handle(_ event: HostEvent) -> ExitCode? {
        switch event {
        case .pointerDown(.primary, _, _, _):
            advance()
        case let .keyDown(key):
            switch key.text {
            case " ": advance()
            case "q": return .success
            case "s":
                slow.toggle()
                updateTitle()
            case let digit where digit.count == 1 && ("1"..."9").contains(digit):
                pick(Int(digit)! - 1)
            default:
                if key.keysym == 0xFF1B { return .success }  // Escape
                if key.keysym == 0xFF53 { advance() }  // Right arrow
            }
        case .closeRequested, .windowDestroyed:
            return .success
        case .resized:
            stills.removeAll()
            needsFullFrame = true
        default:
            break
        }
        return nil
    }

    private func advance() {
        guard running == nil else { return }
        let next = (index + 1) % images.count
        running = (index, next, clock.now, options.duration * (slow ? 10 : 1))
        index = next
        needsFullFrame = true
    }

    /// The transitions keys 1–9 choose, in order, among those registered.
    static let favourites = ["flipFromLeft", "flipFromRight", "curlUp", "curlDown", "crossDissolve",
                             "CIBarsSwipeTransition", "push", "cube", "CIRippleTransition"]

    private func pick(_ slot: Int) {
        let available = Self.favourites.filter { (try? TransitionRegistry.type(named: $0)) != nil }
        guard slot < available.count, let chosen = try? TransitionRegistry.make(named: available[slot]) else { return }
        transition = chosen
        transitionName = available[slot]
        updateTitle()
    }

    private func updateTitle() {
        host.setTitle("Kinescope — \(transitionName)\(slow ? " (slow)" : "") — click for the next image")
    }

    private func drawFrame() throws(CommandLineFailure) {
        do {
            let frame = try host.backBuffer()
            if let run = running {
                let elapsed = Double((clock.now - run.start).components.attoseconds) / 1e18
                    + Double((clock.now - run.start).components.seconds)
                let progress = min(1, elapsed / max(run.duration, 1e-6))
                try renderer.render(transition, from: still(run.from, size: frame.size),
                                    to: still(run.to, size: frame.size), progress: progress, into: frame)
                if progress >= 1 { running = nil }
            } else {
                frame.copy(from: still(index, size: frame.size), atX: 0, y: 0)
                needsFullFrame = false
            }
            try host.present()
        } catch {
            throw CommandLineFailure(error)
        }
    }

    /// Image `i` centred on the window's background, scaled to fit with a margin.
    private func still(_ i: Int, size: PixelSize) -> Bitmap {
        if let cached = stills[i], cached.size == size { return cached }
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        root.position = CGPoint(x: CGFloat(size.width) / 2, y: CGFloat(size.height) / 2)
        root.backgroundColor = CGColor(red: 0.13, green: 0.14, blue: 0.17, alpha: 1)
        let picture = CALayer()
        let margin = CGFloat(min(size.width, size.height)) * 0.08
        picture.frame = root.bounds.insetBy(dx: margin, dy: margin)
        picture.contents = images[i]
        picture.contentsGravity = .resizeAspect
        root.addSublayer(picture)
        let bitmap = Bitmap(size: size)
        compositor.render(root.makeRenderNode(), into: bitmap)
        stills[i] = bitmap
        return bitmap
    }
}
