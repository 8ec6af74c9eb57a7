import Geometry
import Graphics
import Layers
import Raster
import Views
import XCTest

/// UIEdgeInsets and intrinsic sizes, as UIKit has them.
final class EdgeInsetsAndIntrinsicSizeTests: XCTestCase {
    func testInsetByMovesEachEdgeInward() throws {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual(rect.inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)),
                       CGRect(x: 12, y: 21, width: 94, height: 46))
        XCTAssertEqual(rect.inset(by: UIEdgeInsets(top: -5, left: -5, bottom: -5, right: -5)),
                       CGRect(x: 5, y: 15, width: 110, height: 60), "negative insets grow the rectangle")
        XCTAssertEqual(rect.inset(by: .zero), rect)
        XCTAssertEqual(UIEdgeInsets(), .zero)
        XCTAssertEqual(UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4).description, "{1.0, 2.0, 3.0, 4.0}")
    }

    func testPlainViewsHaveNoIntrinsicSizeAndImageViewsTheirImages() throws {
        onMain {
            XCTAssertEqual(UIView.noIntrinsicMetric, -1)
            XCTAssertEqual(UIView().intrinsicContentSize, CGSize(width: -1, height: -1))
            XCTAssertEqual(UIImageView(frame: .zero).intrinsicContentSize, CGSize(width: -1, height: -1))
            let image = UIImage(cgImage: CGImage(bitmap: Bitmap(width: 6, height: 4)), scale: 2)
            XCTAssertEqual(UIImageView(image: image).intrinsicContentSize, CGSize(width: 3, height: 2))
        }
    }
}
