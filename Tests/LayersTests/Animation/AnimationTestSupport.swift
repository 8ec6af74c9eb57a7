import Geometry
import XCTest
@testable import Layers

/// A fresh animation engine on a virtual clock (starting at 100 s), made current on this thread
/// for one test so that nothing global is shared between tests, with its diagnostics collected.
/// Tests make one in `setUp` and call `finish()` in `tearDown`.
final class AnimationFixture {
    let clock = VirtualClock(now: 100)
    let engine: AnimationEngine
    private(set) var diagnostics: [String] = []

    init() {
        engine = AnimationEngine(clock: clock)
        engine.diagnosticHandler = { [unowned self] in self.diagnostics.append($0) }
        engine.makeCurrent()
    }

    func finish() {
        AnimationEngine.resignCurrent()
    }

    /// A layer of 100×100 points at (50, 50), committed and shown once (it has a presentation
    /// and animates implicitly).
    func committedLayer() -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.position = CGPoint(x: 50, y: 50)
        show(layer)
        return layer
    }

    /// One run-loop turn that commits and draws `layer`'s tree, as a host shows it.
    func show(_ layer: CALayer) {
        engine.commitImplicitTransaction()
        engine.prepareFrame()
        _ = layer.makeRenderNode()
        engine.finishFrame()
    }

    /// One run-loop turn `seconds` later.
    func advance(_ seconds: Double) {
        engine.advance(by: seconds)
    }

    /// The presentation value of `layer` at the scalar key path `keyPath`.
    func presented(_ layer: CALayer, _ keyPath: String, file: StaticString = #filePath, line: UInt = #line) -> Double {
        guard let p = layer.presentation(), let path = LayerKeyPath(keyPath),
              case let .scalar(v) = path.get(p.modelValues) else {
            XCTFail("no scalar presentation value for \(keyPath)", file: file, line: line)
            return .nan
        }
        return v
    }
}

/// A delegate that records its callbacks.
final class RecordingAnimationDelegate: CAAnimationDelegate {
    var events: [String] = []
    func animationDidStart(_ anim: CAAnimation) { events.append("start") }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append(flag ? "stop finished" : "stop removed") }
}

/// `CAMediaTimingFunction(name: .default)` applied to `x`.
func systemEase(_ x: Double) -> Double { CAMediaTimingFunction(name: .default).output(at: x) }
