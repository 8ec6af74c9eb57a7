import Kinescope
import KinescopeDemos
import XCTest

/// The controls demo at a phone's width (320 points, the narrowest iPhone) and at the viewer's
/// default: every row's views stay inside the row, in order, none over another and none of
/// negative width. Before, at 320 the buttons row's spacer took a negative width so that its
/// label kept its preferred width, and the buttons were drawn over the label.
final class ControlsDemoLayoutTests: XCTestCase {
    func testEveryRowFitsItsViewsSideBySideAtPhoneAndViewerWidths() throws {
        try MainActor.assumeIsolated {
            for width in [320, 640] {
                let demo = try DemoCatalog.demo(named: "controls")
                let host = try HeadlessHost(size: CGSize(width: width, height: 640))
                let window = DemoCatalog.window(for: demo, size: host.size)
                host.show(window)
                host.advance(by: 1.0 / 60)
                let root = try XCTUnwrap(window.rootViewController?.view)
                let rows = stackViews(in: root).filter { $0.axis == .horizontal }
                XCTAssertEqual(rows.count, 9, "\(width): the nine rows")
                for row in rows {
                    XCTAssertLessThanOrEqual(row.convert(row.bounds, to: root).maxX, CGFloat(width) + 0.5, "\(width): the row is on screen")
                    XCTAssertGreaterThanOrEqual(row.convert(row.bounds, to: root).minX, -0.5)
                    var previousEnd = -CGFloat.infinity
                    for view in row.arrangedSubviews {
                        let name = (view as? UILabel)?.text ?? String(describing: type(of: view))
                        XCTAssertGreaterThanOrEqual(view.frame.width, 0, "\(width): \(name) has a width")
                        XCTAssertGreaterThanOrEqual(view.frame.minX, previousEnd - 0.5, "\(width): \(name) starts after the view before it")
                        XCTAssertLessThanOrEqual(view.frame.maxX, row.bounds.maxX + 0.5, "\(width): \(name) ends inside its row")
                        previousEnd = view.frame.maxX
                    }
                }
            }
        }
    }
}

@MainActor
private func stackViews(in view: UIView) -> [UIStackView] {
    ((view as? UIStackView).map { [$0] } ?? []) + view.subviews.flatMap(stackViews)
}
