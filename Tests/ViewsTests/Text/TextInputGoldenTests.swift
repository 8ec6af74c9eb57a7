import Foundation
import Geometry
import KinescopeTestSupport
import Layers
import Raster
@testable import Views
import XCTest

/// Goldens at 2 pixels per point. Tolerance: 24 per channel on at most 60 pixels, for the
/// anti-aliased glyph edges FreeType may place differently from one build of it to another.
final class TextInputGoldenTests: XCTestCase {
    static let tolerance = ImageTolerance(perChannel: 24, maxDifferingPixels: 60)

    func testFieldInEachBorderStyle() throws {
        ControlFixture.run(height: 200) { f in
            var fields: [UIView] = []
            for (i, style) in [UITextField.BorderStyle.none, .line, .bezel, .roundedRect].enumerated() {
                let field = UITextField(frame: CGRect(x: 10, y: 10 + CGFloat(i) * 44, width: 180, height: 34))
                field.borderStyle = style
                if i % 2 == 0 { field.text = "Text \(i)" } else { field.placeholder = "Placeholder" }
                field.clearButtonMode = i == 2 ? .always : .never
                fields.append(field)
            }
            let bitmap = stage(width: 200, height: 190, fields)
            assertBitmap(bitmap, matchesGolden: "field-border-styles", tolerance: Self.tolerance)
        }
    }

    func testTextViewWithSelection() throws {
        ControlFixture.run(height: 200) { f in
            let view = UITextView(frame: CGRect(x: 0, y: 0, width: 160, height: 100))
            view.font = .systemFont(ofSize: 14)
            view.text = "Kinescope edits text.\nSecond paragraph wraps onto more lines."
            f.window.addSubview(view)
            XCTAssertTrue(view.becomeFirstResponder())
            view.selectedRange = NSRange(location: 10, length: 30)
            view.removeFromSuperview()
            let bitmap = stage(width: 160, height: 100, [view])
            XCTAssertEqual(view.canvas.highlightFrames.count, 3, "the selection spans three lines")
            assertBitmap(bitmap, matchesGolden: "text-view-selection", tolerance: Self.tolerance)
        }
    }
}
