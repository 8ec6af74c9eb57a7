import Geometry
import Layers
import Views
import XCTest

/// `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`: the examples of
/// Apple's Auto Layout Guide, laid out and measured.
final class VisualFormatTests: XCTestCase {
    func testSpacingsToTheSuperviewAndBetweenViews() {
        onMain {
            let (root, v) = scene(["box", "a", "b"])
            layOut(root, ["H:|-50-[box]-50-|", "V:|-10-[box(20)]", "|-[a(40)]-[b]-|", "V:[box]-(>=30)-[a(10)]", "V:[b(==a)]"],
                   views: v)
            XCTAssertEqual(v["box"]!.frame, CGRect(x: 50, y: 10, width: 300, height: 20))
            // `|-` is the superview's layout margin (8), `-` between views the standard 8 points.
            XCTAssertEqual(v["a"]!.frame.minX, 8)
            XCTAssertEqual(v["a"]!.frame.width, 40)
            XCTAssertEqual(v["b"]!.frame.minX, 56)
            XCTAssertEqual(v["b"]!.frame.maxX, 392)
            XCTAssertEqual(v["a"]!.frame.minY, 60, "at least 30 below the box; nothing pulls it further")
            XCTAssertEqual(v["b"]!.frame.height, 10, "[b(==a)] copies a's height")
        }
    }

    func testFlushViewsPrioritiesMultiplePredicatesAndMetrics() {
        onMain {
            let (root, v) = scene(["maroon", "blue", "flexible"])
            layOut(root, ["H:|[maroon(width)][blue]|", "V:|[maroon(h)]", "V:|[blue(h)]",
                          "H:|-pad-[flexible(>=70,<=100)]", "H:[flexible(300@20)]", "V:[maroon]-pad-[flexible(h)]"],
                   metrics: ["width": 150, "h": 30.0, "pad": CGFloat(12)], views: v)
            XCTAssertEqual(v["maroon"]!.frame, CGRect(x: 0, y: 0, width: 150, height: 30))
            XCTAssertEqual(v["blue"]!.frame, CGRect(x: 150, y: 0, width: 250, height: 30))
            XCTAssertEqual(v["flexible"]!.frame, CGRect(x: 12, y: 42, width: 100, height: 30),
                           "the required ≤100 wins over the weak 300")
        }
    }

    func testAlignmentOptionsAndRightToLeft() {
        onMain {
            let (root, v) = scene(["a", "b", "c"])
            layOut(root, ["H:|-10-[a(50)]-20-[b(60)]", "V:|-40-[a(30)]", "V:[b(10)]", "V:|[c(5)]"], views: v)
            let constraints = NSLayoutConstraint.constraints(withVisualFormat: "H:[a]-20-[b]", options: .alignAllCenterY,
                                                             metrics: nil, views: v)
            XCTAssertEqual(constraints.count, 2)
            XCTAssertEqual(constraints[1].firstAttribute, .centerY)
            NSLayoutConstraint.activate([constraints[1]])
            NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "H:|-5-[c(30)]", options: .directionRightToLeft,
                                                                       metrics: nil, views: v))
            root.layoutIfNeeded()
            XCTAssertEqual(v["b"]!.frame, CGRect(x: 80, y: 50, width: 60, height: 10), "centred on a")
            XCTAssertEqual(v["c"]!.frame.maxX, 395, "right to left: 5 points from the right edge")
        }
    }

    func testTheConstraintsAreApplesAndInactive() throws {
        try onMain {
            let (root, v) = scene(["a", "b"])
            defer { withExtendedLifetime(root) {} }
            var made: [NSLayoutConstraint] = []
            let messages = capturingDiagnostics {
                made = NSLayoutConstraint.constraints(withVisualFormat: "H:[a]-(>=15@500)-[b]-|", metrics: nil, views: v)
            }
            XCTAssertEqual(messages, [])
            XCTAssertEqual(made.count, 2)
            let gap = try XCTUnwrap(made.first)
            XCTAssertTrue(gap.firstItem === v["b"])
            XCTAssertEqual(gap.firstAttribute, .leading)
            XCTAssertEqual(gap.relation, .greaterThanOrEqual)
            XCTAssertTrue(gap.secondItem === v["a"])
            XCTAssertEqual(gap.secondAttribute, .trailing)
            XCTAssertEqual(gap.constant, 15)
            XCTAssertEqual(gap.priority, UILayoutPriority(500))
            XCTAssertEqual(made[1].firstAttribute, .trailingMargin, "superview.trailingMargin == b.trailing")
            XCTAssertTrue(made[1].secondItem === v["b"])
            XCTAssertFalse(made.contains { $0.isActive })
        }
    }

    func testBadFormatsGiveOneDiagnosticAndNoConstraints() {
        onMain {
            let (root, v) = scene(["a", "b"])
            defer { withExtendedLifetime(root) {} }
            let loose = UIView()
            let cases: [(String, NSLayoutConstraint.FormatOptions, [String: UIView], String)] = [
                ("H:|-[a]-[missing]-|", [], v, "'missing' is not a key in the views dictionary"),
                ("H:[a(>=width)]", [], v, "'width' is neither a view nor a metric"),
                ("H:[a]-10[b]", [], v, "expected '-' after a spacing"),
                ("H:[a(50]", [], v, "expected ',' or ')'"),
                ("H:[a]-[b] junk", [], v, "expected a view"),
                ("H:[a(10@2000)]", [], v, "priority 2000.0 is outside"),
                ("H:|[loose]|", [], ["loose": loose], "has none"),
                ("H:[a][b]", .alignAllLeading, v, "own axis"),
                ("", [], v, "expected a view"),
            ]
            for (format, options, views, expected) in cases {
                var made: [NSLayoutConstraint] = []
                let messages = capturingDiagnostics {
                    made = NSLayoutConstraint.constraints(withVisualFormat: format, options: options, metrics: nil, views: views)
                }
                XCTAssertTrue(made.isEmpty, format)
                XCTAssertEqual(messages.count, 1, "\(format): \(messages)")
                XCTAssertTrue(messages.first?.contains(expected) ?? false, "\(format): \(messages)")
                XCTAssertTrue(messages.first?.contains("\"\(format)\"") ?? false, "the message quotes the format")
            }
        }
    }
}

@MainActor
private func scene(_ names: [String], width: CGFloat = 400, height: CGFloat = 300) -> (UIView, [String: UIView]) {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
    var views: [String: UIView] = [:]
    for name in names {
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        views[name] = view
    }
    return (root, views)
}

@MainActor
private func layOut(_ root: UIView, _ formats: [String], options: NSLayoutConstraint.FormatOptions = [],
                    metrics: [String: Any]? = nil, views: [String: UIView]) {
    for format in formats {
        NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: format, options: options,
                                                                   metrics: metrics, views: views))
    }
    root.layoutIfNeeded()
}
