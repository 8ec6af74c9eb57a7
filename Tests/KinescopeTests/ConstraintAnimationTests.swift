import Kinescope
import XCTest

final class ConstraintAnimationTests: XCTestCase {
    /// UIKit's idiom: change a constant, then lay out inside an animation block.
    func testLayoutIfNeededInsideAnimateAnimatesTheConstrainedFrames() throws {
        try onMain {
            let controller = UIViewController()
            let host = try makeHeadlessHost(controller)
            let panel = UIView()
            panel.backgroundColor = .red
            panel.translatesAutoresizingMaskIntoConstraints = false
            controller.view.addSubview(panel)
            let leading = panel.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor, constant: 0)
            NSLayoutConstraint.activate([leading, panel.topAnchor.constraint(equalTo: controller.view.topAnchor),
                                         panel.widthAnchor.constraint(equalToConstant: 40),
                                         panel.heightAnchor.constraint(equalToConstant: 40)])
            host.advance(by: 1.0 / 20)
            XCTAssertEqual(panel.frame, CGRect(x: 0, y: 0, width: 40, height: 40), "the window's frame layout solved")
            leading.constant = 100
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
                controller.view.layoutIfNeeded()
            }
            XCTAssertEqual(panel.frame.minX, 100, "the model is at the end at once")
            host.advance(by: 0.5)
            let midway = panel.layer.presentation()?.position.x ?? -1
            XCTAssertEqual(midway, 20 + 50, accuracy: 3, "half way at half time")
            host.advance(by: 0.6)
            XCTAssertEqual(panel.layer.presentation()?.position.x ?? -1, 120, accuracy: 1e-9)
        }
    }

    func testWindowFrameLayoutSolvesWithoutAnExplicitPass() throws {
        try onMain {
            let controller = UIViewController()
            let host = try makeHeadlessHost(controller, width: 200, height: 150)
            let label = UILabel()
            label.text = "Centred"
            label.translatesAutoresizingMaskIntoConstraints = false
            controller.view.addSubview(label)
            NSLayoutConstraint.activate([label.centerXAnchor.constraint(equalTo: controller.view.centerXAnchor),
                                         label.centerYAnchor.constraint(equalTo: controller.view.centerYAnchor)])
            host.advance(by: 1.0 / 20)
            let size = label.intrinsicContentSize
            XCTAssertEqual(label.frame.size, size)
            XCTAssertEqual(label.frame.midX, 100, accuracy: 0.5)
            XCTAssertEqual(label.frame.midY, 75, accuracy: 0.5)
            label.text = "A longer text"
            host.advance(by: 1.0 / 20)
            XCTAssertEqual(label.frame.size, label.intrinsicContentSize, "the new text's size is read again")
            XCTAssertEqual(label.frame.midX, 100, accuracy: 0.5)
        }
    }

    func testHidingAnArrangedViewInsideAnimateSlidesTheOthers() throws {
        try onMain {
            let controller = UIViewController()
            let host = try makeHeadlessHost(controller, width: 200, height: 100)
            let views = (0..<3).map { _ in UIView() }
            let stack = UIStackView(arrangedSubviews: views)
            stack.distribution = .fillEqually
            stack.frame = CGRect(x: 0, y: 0, width: 180, height: 40)
            controller.view.addSubview(stack)
            host.advance(by: 1.0 / 20)
            XCTAssertEqual(views[2].frame, CGRect(x: 120, y: 0, width: 60, height: 40))
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) {
                views[1].isHidden = true
            }
            XCTAssertEqual(views[2].frame, CGRect(x: 90, y: 0, width: 90, height: 40), "the model is at the end at once")
            host.advance(by: 0.5)
            let midway = views[2].layer.presentation()?.position.x ?? -1
            XCTAssertEqual(midway, (150 + 135) / 2, accuracy: 3, "half way at half time")
            host.advance(by: 0.6)
            XCTAssertEqual(views[2].layer.presentation()?.position.x ?? -1, 135, accuracy: 1e-9)
        }
    }
}
