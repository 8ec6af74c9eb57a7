import Geometry
import Layers
import Raster
import Views
import XCTest

/// Runs a test body on the main actor.
///
/// `@MainActor final class …: XCTestCase` does not work on Linux with Swift 6.3: the runner
/// casts each test method to a non-isolated `(Case) -> () throws -> ()` and traps ("Could not
/// cast value of type '(ProbeTests) -> @MainActor () throws -> ()'"). XCTest runs every test on
/// the main thread, so the bodies enter the main actor here instead.
func onMain(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated(body)
}

/// A list of what happened, in order, shared by the recording views and controllers of a test.
@MainActor
final class EventLog {
    private(set) var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
    func clear() { entries = [] }
}

/// A view that records its hierarchy callbacks, layout passes and touches (which it handles:
/// nothing travels further up the responder chain) into `log`, each prefixed with `name`.
@MainActor
class RecordingView: UIView {
    var name = ""
    var log: EventLog?
    private(set) var layoutCount = 0
    /// The touch locations received, in this view's coordinates.
    private(set) var touchLocations: [CGPoint] = []

    convenience init(name: String, frame: CGRect, log: EventLog? = nil) {
        self.init(frame: frame)
        self.name = name
        self.log = log
    }

    private func record(_ entry: String) { log?.append("\(name).\(entry)") }

    override func layoutSubviews() {
        layoutCount += 1
        record("layoutSubviews")
    }
    override func willMove(toSuperview newSuperview: UIView?) {
        record("willMoveToSuperview(\((newSuperview as? RecordingView)?.name ?? (newSuperview == nil ? "nil" : "view")))")
    }
    override func didMoveToSuperview() { record("didMoveToSuperview") }
    override func willMove(toWindow newWindow: UIWindow?) { record("willMoveToWindow(\(newWindow == nil ? "nil" : "window"))") }
    override func didMoveToWindow() { record("didMoveToWindow") }
    override func didAddSubview(_ subview: UIView) { record("didAddSubview(\((subview as? RecordingView)?.name ?? "view"))") }
    override func willRemoveSubview(_ subview: UIView) { record("willRemoveSubview(\((subview as? RecordingView)?.name ?? "view"))") }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { recordTouch("touchesBegan", touches) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { recordTouch("touchesMoved", touches) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { recordTouch("touchesEnded", touches) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { recordTouch("touchesCancelled", touches) }

    private func recordTouch(_ phase: String, _ touches: Set<UITouch>) {
        if let touch = touches.first { touchLocations.append(touch.location(in: self)) }
        record(phase)
    }
}

/// A window of `width`×`height` points at the origin.
@MainActor
func makeWindow(width: CGFloat = 200, height: CGFloat = 150) -> UIWindow {
    UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
}

/// Composites `view`'s layer tree into a new bitmap of its bounds' size, as a host shows a
/// window: the view's own position is cancelled so that its bounds fill the bitmap.
@MainActor
func composite(_ view: UIView) -> Bitmap {
    view.layoutIfNeeded()
    let bitmap = Bitmap(width: Int(view.bounds.width), height: Int(view.bounds.height))
    let origin = view.frame.origin
    Compositor(threadCount: 1).render(view.layer.makeRenderNode(), into: bitmap,
                                      transform: Homography(CATransform3DMakeTranslation(-origin.x, -origin.y, 0)))
    return bitmap
}

/// The pixel at (`x`, `y`) of an image's bitmap.
func pixel(_ image: UIImage?, _ x: Int, _ y: Int, file: StaticString = #filePath, line: UInt = #line) -> PremultipliedColor? {
    guard let bitmap = image?.cgImage?.bitmap else {
        XCTFail("no image", file: file, line: line)
        return nil
    }
    return bitmap[x: x, y: y]
}

extension PremultipliedColor {
    static let red = PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255)
    static let green = PremultipliedColor(red: 0, green: 255, blue: 0, alpha: 255)
    static let blue = PremultipliedColor(red: 0, green: 0, blue: 255, alpha: 255)
}

/// Asserts two points are equal within `accuracy` on each axis.
func assertEqual(_ a: CGPoint, _ b: CGPoint, accuracy: CGFloat = 1e-9, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.x, b.x, accuracy: accuracy, "x of \(a) vs \(b) \(message)", file: file, line: line)
    XCTAssertEqual(a.y, b.y, accuracy: accuracy, "y of \(a) vs \(b) \(message)", file: file, line: line)
}

/// Asserts two rectangles are equal within `accuracy` on each edge.
func assertEqual(_ a: CGRect, _ b: CGRect, accuracy: CGFloat = 1e-9, _ message: String = "",
                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.minX, b.minX, accuracy: accuracy, "minX of \(a) vs \(b) \(message)", file: file, line: line)
    XCTAssertEqual(a.minY, b.minY, accuracy: accuracy, "minY of \(a) vs \(b) \(message)", file: file, line: line)
    XCTAssertEqual(a.width, b.width, accuracy: accuracy, "width of \(a) vs \(b) \(message)", file: file, line: line)
    XCTAssertEqual(a.height, b.height, accuracy: accuracy, "height of \(a) vs \(b) \(message)", file: file, line: line)
}
