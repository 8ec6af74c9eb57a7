import Kinescope
import XCTest

/// The run loop re-composites and presents only the damaged part of the window, and what the
/// host then holds is exactly a whole re-composite of the same tree.
final class DamageRunLoopTests: XCTestCase {
    func testAnimationsPresentOnlyTheirDamageAndEqualAWholeRender() throws {
        try onMain {
            for threads in [1, 3] {
                try checkDamageFrames(threads: threads)
            }
        }
    }

    func testResizePresentsTheWholeFrame() throws {
        try onMain {
            let (host, _, square) = try pacingScene(framesPerSecond: 20)
            square.backgroundColor = .blue
            host.advance(by: 1.0 / 20)
            XCTAssertEqual(host.lastDamage, [PixelRect(x: 8, y: 8, width: 24, height: 24)], "a recoloured square only")
            host.resize(to: try PixelSize(width: 100, height: 80))
            host.advance(by: 1.0 / 20)
            XCTAssertEqual(host.lastDamage, [PixelRect(x: 0, y: 0, width: 100, height: 80)])
        }
    }
}

@MainActor
private func checkDamageFrames(threads: Int) throws {
    let width = 120, height = 90
    let host = try HeadlessHost(size: try PixelSize(width: width, height: height))
    let loop = ApplicationRunLoop(host: host, clock: VirtualClock(), framesPerSecond: 20, threadCount: threads)
    host.owner = loop
    let controller = UIViewController()
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
    window.rootViewController = controller
    controller.view.backgroundColor = .white
    let picture = Bitmap(width: 40, height: 30)
    for y in 0..<30 {
        for x in 0..<40 { picture[x: x, y: y] = PremultipliedColor(red: UInt8(x * 6), green: UInt8(y * 8), blue: 90, alpha: 255) }
    }
    let imageView = UIImageView(image: UIImage(cgImage: CGImage(bitmap: picture)))
    imageView.frame = CGRect(x: 70, y: 50, width: 40, height: 30)
    controller.view.addSubview(imageView)
    let square = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
    square.backgroundColor = .red
    square.layer.shadowOpacity = 0.7
    square.layer.shadowRadius = 3
    controller.view.addSubview(square)
    let badge = UIView(frame: CGRect(x: 80, y: 10, width: 25, height: 15))
    badge.backgroundColor = .green
    controller.view.addSubview(badge)
    host.show(window)

    var partial = 0
    func checkFrames(_ count: Int, _ what: String) throws {
        for frameIndex in 0..<count {
            host.advance(by: 1.0 / 20)
            let whole = Bitmap(width: width, height: height)
            Compositor(threadCount: threads).render(window.layer.makeRenderNode(), into: whole, background: loop.background)
            let shown = try XCTUnwrap(host.lastFrame)
            if let (x, y) = firstDifference(shown, whole) {
                XCTFail("\(what), frame \(frameIndex), \(threads) threads: pixel (\(x), \(y)) shows \(shown[x: x, y: y]), "
                        + "a whole render \(whole[x: x, y: y]); last damage \(host.lastDamage)")
                return
            }
            if host.lastDamage != [PixelRect(x: 0, y: 0, width: width, height: height)] { partial += 1 }
        }
    }

    UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: { square.center.x += 30 })
    try checkFrames(12, "moving a shadowed square")
    XCTAssertGreaterThanOrEqual(partial, 8, "a moving square damages only its path")
    UIView.transition(with: badge, duration: 0.3, options: .transitionCrossDissolve,
                      animations: { badge.backgroundColor = .blue })
    try checkFrames(8, "cross-dissolving a view")
    UIView.transition(with: imageView, duration: 0.3, options: .transitionFlipFromLeft, animations: {})
    try checkFrames(8, "flipping an image view (drawn inside its bounds)")
    let wholeBefore = loop.statistics.wholeFrames
    var perspective = CATransform3DIdentity
    perspective.m34 = -1 / 300
    badge.layer.transform = CATransform3DRotate(perspective, 0.5, 0, 1, 0)
    try checkFrames(2, "turning a view in perspective")
    XCTAssertGreaterThan(loop.statistics.wholeFrames, wholeBefore, "a perspective change redraws the whole frame")
    XCTAssertLessThan(loop.statistics.compositedPixels, loop.statistics.framePixels * 3 / 4)
}

private func firstDifference(_ a: Bitmap, _ b: Bitmap) -> (Int, Int)? {
    for y in 0..<a.height {
        let ra = a.row(y), rb = b.row(y)
        for x in 0..<a.width where ra[x] != rb[x] { return (x, y) }
    }
    return nil
}
