import Foundation
import Geometry
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// A virtual clock and an animation engine made current for one test, collecting the
/// diagnostics the controls print, and a visible window to put controls in.
@MainActor
final class ControlFixture {
    let clock = VirtualClock(now: 100)
    let engine: AnimationEngine
    let window: UIWindow
    private(set) var diagnostics: [String] = []

    init(width: CGFloat = 320, height: CGFloat = 120) {
        engine = AnimationEngine(clock: clock)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
        engine.diagnosticHandler = { [unowned self] in self.diagnostics.append($0) }
        engine.makeCurrent()
        window.isHidden = false
        window.backgroundColor = .white
    }

    /// Commits what the test changed, so animations begin at the current time.
    func commit() { engine.advance(by: 0) }

    /// Moves time on by `seconds` (animations and display links follow).
    func advance(_ seconds: TimeInterval) { engine.advance(by: seconds) }

    /// Runs `body` with the fixture, then resigns its engine.
    nonisolated static func run(width: CGFloat = 320, height: CGFloat = 120, _ body: @MainActor (ControlFixture) throws -> Void) rethrows {
        try onMain {
            let fixture = ControlFixture(width: width, height: height)
            defer { AnimationEngine.resignCurrent() }
            try body(fixture)
        }
    }

    /// A touch down at `point` (window coordinates), then up at `end` (default: the same place).
    func tap(_ point: CGPoint, end: CGPoint? = nil) {
        window.sendTouch(.began, at: point, timestamp: clock.now)
        window.sendTouch(.ended, at: end ?? point, timestamp: clock.now + 0.05)
    }

    /// A touch down at `from`, moved through `steps` even steps to `to`, then lifted there.
    func drag(from: CGPoint, to: CGPoint, steps: Int = 4, lift: Bool = true) {
        window.sendTouch(.began, at: from, timestamp: clock.now)
        for step in 1...steps {
            let t = CGFloat(step) / CGFloat(steps)
            window.sendTouch(.moved, at: CGPoint(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t),
                             timestamp: clock.now + 0.01 * Double(step))
        }
        if lift { window.sendTouch(.ended, at: to, timestamp: clock.now + 0.01 * Double(steps + 1)) }
    }
}

/// Records a control's events by name, in the order they are sent.
@MainActor
final class ControlEventLog {
    private(set) var entries: [String] = []

    static let named: [(UIControl.Event, String)] = [
        (.touchDown, "touchDown"), (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"),
        (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primary"),
    ]

    /// Listens to `control`'s touch-down, touch-up, cancel, value-changed and primary events.
    init(_ control: UIControl) {
        for (event, name) in Self.named {
            control.addAction(UIAction { [unowned self] _ in self.entries.append(name) }, for: event)
        }
    }

    /// The recorded names other than the touch events.
    var values: [String] { entries.filter { $0 == "valueChanged" || $0 == "primary" } }

    func clear() { entries = [] }
}

/// The colour at the centre of the window's pixel at `point` of `bitmap` (straight, 0–255).
func straightColor(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> (red: Int, green: Int, blue: Int, alpha: Int) {
    let p = bitmap[x: x, y: y]
    let packed = p.packed
    let a = Int((packed >> 24) & 0xFF), r = Int((packed >> 16) & 0xFF), g = Int((packed >> 8) & 0xFF), b = Int(packed & 0xFF)
    guard a > 0 else { return (0, 0, 0, 0) }
    return (r * 255 / a, g * 255 / a, b * 255 / a, a)
}

/// A stage of `width`×`height` points on white holding `views` (placed by their frames),
/// composited at `scale` pixels per point: what a golden shows.
@MainActor
func stage(width: CGFloat, height: CGFloat, scale: CGFloat = 2, _ views: [UIView]) -> Bitmap {
    let stage = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
    stage.backgroundColor = .white
    for view in views { stage.addSubview(view) }
    stage.layoutIfNeeded()
    for view in views { view.layoutIfNeeded() }
    let bitmap = Bitmap(width: Int(width * scale), height: Int(height * scale))
    Compositor(threadCount: 1).render(stage.layer.makeRenderNode(), into: bitmap,
                                      transform: Homography(CATransform3DMakeScale(scale, scale, 1)))
    return bitmap
}

/// The x of the middle of the opaque white pixels on `row` (a thumb's centre), in pixels.
func whiteRunCentre(_ bitmap: Bitmap, row: Int) -> Double? {
    let white = (0..<bitmap.width).filter {
        let c = straightColor(bitmap, $0, row)
        return c.alpha > 250 && c.red > 245 && c.green > 245 && c.blue > 245
    }
    guard let first = white.first, let last = white.last else { return nil }
    return Double(first + last + 1) / 2
}
