import Kinescope
import XCTest

/// Apple's image-cycling program, ported from Objective-C with syntax-level changes, run headless:
/// a tap flips the image view to the next image with `UIView.transition(with:…)`.
final class ImageCycleProgramTests: XCTestCase {
    @MainActor
    final class CycleViewController: UIViewController {
        let imageView = UIImageView()
        let images = ["Anchor", "Cone", "Igloo", "Spaceship"].compactMap { UIImage(named: $0) }
        var index = 0

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .black
            imageView.frame = view.bounds
            imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            imageView.contentMode = .scaleAspectFit
            imageView.image = images[0]
            view.addSubview(imageView)
            view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: CycleViewController.handleTap))
        }

        func handleTap() {
            index = (index + 1) % images.count
            let next = images[index]
            UIView.transition(with: imageView, duration: 1.0, options: .transitionFlipFromLeft, animations: {
                self.imageView.image = next
            }, completion: nil)
        }
    }

    func testTapTransitionsToTheNextImage() throws {
        try onMain {
            XCTAssertEqual(UIImage(named: "Cone")?.size, CGSize(width: 512, height: 512), "the demo assets are found")
            let host = try HeadlessHost(size: CGSize(width: 128, height: 128), framesPerSecond: 10)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 128, height: 128))
            let controller = CycleViewController()
            window.rootViewController = controller
            host.show(window)
            let before = host.snapshot().cgImage!.bitmap

            host.click(at: CGPoint(x: 64, y: 64))
            XCTAssertTrue(controller.imageView.image === controller.images[1], "the model changes at once")
            host.advance(by: 0.3)
            let during = host.snapshot().cgImage!.bitmap
            host.advance(by: 0.8)
            let after = host.snapshot().cgImage!.bitmap

            let expected = UIImageView(image: controller.images[1])
            expected.frame = CGRect(x: 0, y: 0, width: 128, height: 128)
            expected.contentMode = .scaleAspectFit
            expected.backgroundColor = .black
            let reference = UIGraphicsImageRenderer(size: CGSize(width: 128, height: 128)).image { context in
                expected.layer.render(in: context.cgContext)
            }.cgImage!.bitmap
            XCTAssertFalse(during.hasSamePixels(as: before), "mid-way the view is turning")
            XCTAssertFalse(during.hasSamePixels(as: after))
            XCTAssertTrue(after.hasSamePixels(as: reference), "at the end the next image shows, exactly as drawn alone")
        }
    }
}
