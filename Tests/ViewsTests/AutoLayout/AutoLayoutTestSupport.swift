import Geometry
import Layers
import Views
import XCTest

/// A view with a fixed intrinsic content size, for hugging and compression tests that must not
/// depend on font metrics.
@MainActor
final class SizedView: UIView {
    var size: CGSize

    init(_ width: CGFloat, _ height: CGFloat) {
        size = CGSize(width: width, height: height)
        super.init(frame: .zero)
        translatesAutoresizingMaskIntoConstraints = false
    }

    override var intrinsicContentSize: CGSize { size }
}

/// A root view of `width`×`height` and a constrained child (`translatesAutoresizingMaskIntoConstraints` false).
@MainActor
func makeConstrainedPair(width: CGFloat = 300, height: CGFloat = 200) -> (root: UIView, child: UIView) {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
    let child = UIView()
    child.translatesAutoresizingMaskIntoConstraints = false
    root.addSubview(child)
    return (root, child)
}

/// Collects the diagnostics written while `body` runs.
@MainActor
func capturingDiagnostics(_ body: () throws -> Void) rethrows -> [String] {
    let engine = AnimationEngine.current
    let saved = engine.diagnosticHandler
    nonisolated(unsafe) var messages: [String] = []
    engine.diagnosticHandler = { messages.append($0) }
    defer { engine.diagnosticHandler = saved }
    try body()
    return messages
}
