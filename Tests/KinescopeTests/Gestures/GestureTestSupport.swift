import Kinescope
import XCTest

/// Records every action call as "name.state", with the values the test asks for.
@MainActor
final class GestureRecorder {
    var entries: [String] = []
    var times: [Double] = []
    var translations: [CGPoint] = []
    var velocities: [CGPoint] = []
    var scales: [CGFloat] = []
    var rotations: [CGFloat] = []
    var onAction: ((UIGestureRecognizer) -> Void)?
    let clock: () -> Double

    init(clock: @escaping () -> Double) { self.clock = clock }

    func clear() {
        entries = []
        times = []
        translations = []
        velocities = []
        scales = []
        rotations = []
    }

    func record(_ recognizer: UIGestureRecognizer) {
        entries.append("\(recognizer.name ?? "?").\(Self.name(recognizer.state))")
        times.append(clock())
        onAction?(recognizer)
    }

    func pan(_ recognizer: UIPanGestureRecognizer) {
        translations.append(recognizer.translation(in: nil))
        velocities.append(recognizer.velocity(in: nil))
        record(recognizer)
    }

    func pinch(_ recognizer: UIPinchGestureRecognizer) {
        scales.append(recognizer.scale)
        velocities.append(CGPoint(x: recognizer.velocity, y: 0))
        record(recognizer)
    }

    func rotate(_ recognizer: UIRotationGestureRecognizer) {
        rotations.append(recognizer.rotation)
        record(recognizer)
    }

    static func name(_ state: UIGestureRecognizer.State) -> String {
        switch state {
        case .possible: "possible"
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }
}

/// A view that logs its touches into the recorder's entries.
@MainActor
final class GestureTouchView: UIView {
    var recorder: GestureRecorder?
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { recorder?.entries.append("view.began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if recorder?.entries.last != "view.moved" { recorder?.entries.append("view.moved") }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { recorder?.entries.append("view.ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { recorder?.entries.append("view.cancelled") }
}

/// Counts calls of an action method that takes no argument.
@MainActor
final class ActionCounter {
    var count = 0
    func bump() { count += 1 }
}

/// A delegate with switchable answers.
@MainActor
final class GestureDelegate: UIGestureRecognizerDelegate {
    var simultaneous = false
    var shouldBegin = true
    var receives = true
    weak var mustWaitFor: UIGestureRecognizer?
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { shouldBegin }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { receives }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        otherGestureRecognizer === mustWaitFor
    }
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { simultaneous }
}

@MainActor
struct GestureScene {
    let host: HeadlessHost
    let window: UIWindow
    let view: GestureTouchView
    let recorder: GestureRecorder
    var now: Double { host.runLoop.engine.clock.now }
}

/// A 240×160 window whose whole area is a `GestureTouchView`, shown on a headless host.
@MainActor
func makeGestureScene() throws -> GestureScene {
    let host = try HeadlessHost(size: CGSize(width: 240, height: 160))
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: 160))
    let view = GestureTouchView(frame: window.bounds)
    window.addSubview(view)
    host.show(window)
    let recorder = GestureRecorder { host.runLoop.engine.clock.now }
    view.recorder = recorder
    return GestureScene(host: host, window: window, view: view, recorder: recorder)
}
