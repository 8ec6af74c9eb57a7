import Kinescope
import XCTest

/// The book's sketch pad, run headless: a view collects touch points and strokes them with a
/// `UIBezierPath` in `draw(_:)`; the strokes show in the host's frames.
final class SketchPadTests: XCTestCase {
    func testDraggedStrokesShowInTheHeadlessFrame() throws {
        try onMain {
            let host = try HeadlessHost(size: CGSize(width: 120, height: 90), framesPerSecond: 20)
            let controller = UIViewController()
            let pad = TouchSketchView(frame: CGRect(x: 0, y: 0, width: 120, height: 90))
            pad.backgroundColor = .white
            controller.view.addSubview(pad)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 120, height: 90))
            window.rootViewController = controller
            host.show(window)

            host.inject(.pointerDown(.primary, x: 10, y: 70, modifiers: []))
            try host.runLoop.runTurn(maximumWait: .zero)
            for (x, y) in [(30, 20), (60, 70), (90, 20), (110, 60)] {
                host.inject(.pointerMoved(x: x, y: y, modifiers: []))
                try host.runLoop.runTurn(maximumWait: .zero)
            }
            host.inject(.pointerUp(.primary, x: 110, y: 60, modifiers: []))
            host.advance(by: 1.0 / 20)
            let frame = try XCTUnwrap(host.snapshot().cgImage).bitmap
            XCTAssertEqual(pad.strokes.first?.count, 6, "down, four moves and up")
            let ink = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255)
            XCTAssertEqual(frame[x: 20, y: 45], ink, "half way from (10, 70) to (30, 20)")
            XCTAssertEqual(frame[x: 75, y: 45], ink, "half way from (60, 70) to (90, 20)")
            XCTAssertEqual(frame[x: 60, y: 30], .white, "between the strokes")
        }
    }
}

/// Collects each touch's points (began, moved, ended) and strokes them, round-capped and
/// round-joined, 5 points wide.
final class TouchSketchView: UIView {
    private(set) var strokes: [[CGPoint]] = []

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        strokes.append([touch.location(in: self)])
        setNeedsDisplay()
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, !strokes.isEmpty else { return }
        strokes[strokes.count - 1].append(touch.location(in: self))
        setNeedsDisplay()
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        touchesMoved(touches, with: event)
    }

    override func draw(_ rect: CGRect) {
        UIColor.black.setStroke()
        for points in strokes {
            guard let first = points.first else { continue }
            let path = UIBezierPath()
            path.lineWidth = 5
            path.lineCapStyle = .round
            path.lineJoinStyle = .round
            path.move(to: first)
            for p in points.dropFirst() { path.addLine(to: p) }
            path.stroke()
        }
    }
}
