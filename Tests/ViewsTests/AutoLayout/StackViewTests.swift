import Geometry
import Views
import XCTest

/// A horizontal stack of 200×50 (laid out by frame) with views of the given intrinsic sizes.
@MainActor
func makeStack(_ sizes: [(CGFloat, CGFloat)], width: CGFloat = 200, height: CGFloat = 50,
               configure: (UIStackView) -> Void = { _ in }) -> (UIView, UIStackView, [SizedView]) {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
    let views = sizes.map { SizedView($0.0, $0.1) }
    let stack = UIStackView(arrangedSubviews: views)
    stack.frame = CGRect(x: 0, y: 0, width: width, height: height)
    root.addSubview(stack)
    configure(stack)
    root.layoutIfNeeded()
    return (root, stack, views)
}

final class StackViewTests: XCTestCase {
    func testFillStretchesTheViewThatHugsLeast() {
        onMain {
            let (_, stack, views) = makeStack([(40, 20), (60, 30)]) { stack in
                stack.spacing = 10
            }
            views[1].setContentHuggingPriority(UILayoutPriority(249), for: .horizontal)
            stack.layoutIfNeeded()
            XCTAssertEqual(views[0].frame, CGRect(x: 0, y: 0, width: 40, height: 50))
            XCTAssertEqual(views[1].frame, CGRect(x: 50, y: 0, width: 150, height: 50))
            XCTAssertTrue(views.allSatisfy { !$0.translatesAutoresizingMaskIntoConstraints })
            XCTAssertTrue(stack.constraints.contains { $0.identifier == "UISV-spacing" && $0.constant == 10 })
        }
    }

    func testFillEquallyAndFillProportionally() {
        onMain {
            let (_, stack, views) = makeStack([(40, 20), (60, 30)]) { stack in
                stack.distribution = .fillEqually
                stack.spacing = 10
            }
            XCTAssertEqual(views.map(\.frame), [CGRect(x: 0, y: 0, width: 95, height: 50), CGRect(x: 105, y: 0, width: 95, height: 50)])
            stack.distribution = .fillProportionally
            stack.spacing = 0
            stack.layoutIfNeeded()
            XCTAssertEqual(views.map(\.frame.width), [80, 120])
            stack.frame.size.width = 300
            stack.layoutIfNeeded()
            XCTAssertEqual(views.map(\.frame.width), [120, 180], "proportions hold at another size")
        }
    }

    func testEqualSpacingAndEqualCentering() {
        onMain {
            let (_, stack, views) = makeStack([(40, 20), (60, 20), (20, 20)]) { stack in
                stack.distribution = .equalSpacing
            }
            XCTAssertEqual(views.map(\.frame.minX), [0, 80, 180])
            XCTAssertEqual(views.map(\.frame.width), [40, 60, 20])
            stack.distribution = .equalCentering
            stack.layoutIfNeeded()
            XCTAssertEqual(views.map(\.frame.midX), [20, 105, 190])
            XCTAssertEqual(views.map(\.frame.width), [40, 60, 20])
            stack.frame.size.width = 120
            stack.distribution = .equalSpacing
            stack.spacing = 5
            stack.layoutIfNeeded()
            XCTAssertEqual(views.map(\.frame.width).reduce(0, +) + 10, 120, accuracy: 1,
                           "too little room: the minimum gaps hold and compression resistance gives way")
        }
    }

    func testAlignments() {
        onMain {
            let (_, stack, views) = makeStack([(40, 20), (60, 30)]) { stack in stack.alignment = .top }
            XCTAssertEqual(views.map(\.frame.minY), [0, 0])
            XCTAssertEqual(views.map(\.frame.height), [20, 30])
            stack.alignment = .center
            stack.layoutIfNeeded()
            XCTAssertEqual(views.map(\.frame.minY), [15, 10])
            stack.alignment = .bottom
            stack.layoutIfNeeded()
            XCTAssertEqual(views.map(\.frame.maxY), [50, 50])
        }
    }

    func testVerticalStackWithMarginsAndCustomSpacing() {
        onMain {
            let (_, stack, views) = makeStack([(40, 20), (60, 30), (10, 10)], width: 100, height: 200) { stack in
                stack.axis = .vertical
                stack.alignment = .leading
                stack.spacing = 4
                stack.isLayoutMarginsRelativeArrangement = true
                stack.layoutMargins = UIEdgeInsets(top: 5, left: 6, bottom: 5, right: 6)
            }
            stack.setCustomSpacing(12, after: views[0])
            XCTAssertEqual(stack.customSpacing(after: views[0]), 12)
            XCTAssertEqual(stack.customSpacing(after: views[1]), UIStackView.spacingUseDefault)
            views[2].setContentHuggingPriority(UILayoutPriority(1), for: .vertical)
            stack.layoutIfNeeded()
            XCTAssertEqual(views[0].frame, CGRect(x: 6, y: 5, width: 40, height: 20))
            XCTAssertEqual(views[1].frame, CGRect(x: 6, y: 37, width: 60, height: 30))
            XCTAssertEqual(views[2].frame, CGRect(x: 6, y: 71, width: 10, height: 124), "the last view takes the rest")
        }
    }

    func testHiddenViewsCollapseAndComeBack() {
        onMain {
            let (_, stack, views) = makeStack([(40, 20), (60, 20), (20, 20)]) { stack in
                stack.distribution = .fillEqually
                stack.spacing = 10
            }
            XCTAssertEqual(views.map(\.frame.width), [60, 60, 60])
            views[1].isHidden = true
            stack.layoutIfNeeded()
            XCTAssertEqual(views[0].frame, CGRect(x: 0, y: 0, width: 95, height: 50))
            XCTAssertEqual(views[2].frame, CGRect(x: 105, y: 0, width: 95, height: 50))
            XCTAssertEqual(views[1].frame.width, 0)
            XCTAssertEqual(stack.arrangedSubviews.count, 3)
            views[1].isHidden = false
            stack.layoutIfNeeded()
            XCTAssertEqual(views.map(\.frame.width), [60, 60, 60])
        }
    }

    func testArrangedSubviewsBookkeeping() {
        onMain {
            let (_, stack, views) = makeStack([(40, 20), (60, 20)])
            let extra = SizedView(10, 10)
            stack.insertArrangedSubview(extra, at: 0)
            XCTAssertTrue(stack.arrangedSubviews.first === extra)
            XCTAssertTrue(stack.subviews.last === extra, "a new subview goes on top of the others")
            stack.removeArrangedSubview(views[0])
            XCTAssertEqual(stack.arrangedSubviews.count, 2)
            XCTAssertTrue(views[0].superview === stack, "still a subview")
            views[1].removeFromSuperview()
            XCTAssertEqual(stack.arrangedSubviews.map { ObjectIdentifier($0) }, [ObjectIdentifier(extra)])
            stack.layoutIfNeeded()
            XCTAssertEqual(extra.frame, CGRect(x: 0, y: 0, width: 200, height: 50))
        }
    }

    func testAStackSizesItselfToItsContentWhenConstrained() {
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
            let views = [SizedView(40, 20), SizedView(60, 30)]
            let stack = UIStackView(arrangedSubviews: views)
            stack.translatesAutoresizingMaskIntoConstraints = false
            stack.spacing = UIStackView.spacingUseSystem
            stack.alignment = .center
            root.addSubview(stack)
            NSLayoutConstraint.activate([stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                                         stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 10)])
            root.layoutIfNeeded()
            XCTAssertEqual(stack.frame, CGRect(x: 10, y: 10, width: 108, height: 30))
            XCTAssertEqual(views[0].frame, CGRect(x: 0, y: 5, width: 40, height: 20))
            XCTAssertEqual(stack.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize), CGSize(width: 108, height: 30))
        }
    }

    func testFirstBaselineAlignmentLinesUpLabels() {
        onMain {
            let big = UILabel(), small = UILabel()
            big.font = .systemFont(ofSize: 28)
            big.text = "Title"
            small.font = .systemFont(ofSize: 11)
            small.text = "note"
            let (_, stack, _) = makeStack([]) { stack in
                stack.alignment = .firstBaseline
                stack.addArrangedSubview(big)
                stack.addArrangedSubview(small)
            }
            stack.layoutIfNeeded()
            XCTAssertEqual(big.frame.minY, 0)
            XCTAssertEqual(big.frame.minY + big.font.ascender, small.frame.minY + small.font.ascender, accuracy: 1.5)
        }
    }
}
