import Geometry
import Views
import XCTest

final class LargeSystemTests: XCTestCase {
    /// 10 000 constraints (2 500 views in rows of 50, each chained to the one before) solve,
    /// and a constant edit on the first view moves its whole row and nothing else.
    func testTenThousandConstraintsSolveAndEditIncrementally() {
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 5100, height: 2500 / 50 * 12))
            var views: [UIView] = []
            var constraints: [NSLayoutConstraint] = []
            for index in 0..<2500 {
                let view = UIView()
                view.translatesAutoresizingMaskIntoConstraints = false
                root.addSubview(view)
                if index % 50 == 0 {
                    constraints.append(view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 2))
                    constraints.append(index == 0 ? view.topAnchor.constraint(equalTo: root.topAnchor)
                                       : view.topAnchor.constraint(equalTo: views[index - 50].bottomAnchor, constant: 2))
                } else {
                    constraints.append(view.leadingAnchor.constraint(equalTo: views[index - 1].trailingAnchor, constant: 2))
                    constraints.append(view.topAnchor.constraint(equalTo: views[index - 1].topAnchor))
                }
                constraints.append(view.widthAnchor.constraint(equalToConstant: 100))
                constraints.append(view.heightAnchor.constraint(equalToConstant: 10))
                views.append(view)
            }
            NSLayoutConstraint.activate(constraints)
            XCTAssertEqual(root.constraints.count + views.reduce(0) { $0 + $1.constraints.count }, 10_000,
                           "constant widths and heights are installed on their views, the rest on the root")
            root.layoutIfNeeded()
            XCTAssertEqual(views[2499].frame, CGRect(x: 2 + 49 * 102, y: 49 * 12, width: 100, height: 10))
            constraints[0].constant = 12
            root.layoutIfNeeded()
            XCTAssertEqual(views[49].frame.minX, 12 + 49 * 102)
            XCTAssertEqual(views[50].frame.minX, 2, "the next row stays")
        }
    }
}
