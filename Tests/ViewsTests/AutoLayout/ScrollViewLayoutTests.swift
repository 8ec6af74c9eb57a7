import Geometry
import Views
import XCTest

/// Auto Layout inside a scroll view: edges attach to the content area and set `contentSize`,
/// size and centre attach to the frame, and the two layout guides say either explicitly.
final class ScrollViewLayoutTests: XCTestCase {
    func testEdgesToTheScrollViewSetTheContentSizeAndWidthToItFollowsTheFrame() {
        onMain {
            let (root, scroll, stack) = makeScrollingStack()
            NSLayoutConstraint.activate([
                stack.topAnchor.constraint(equalTo: scroll.topAnchor),
                stack.bottomAnchor.constraint(equalTo: scroll.bottomAnchor),
                stack.leadingAnchor.constraint(equalTo: scroll.leadingAnchor),
                stack.trailingAnchor.constraint(equalTo: scroll.trailingAnchor),
                stack.widthAnchor.constraint(equalTo: scroll.widthAnchor),
            ])
            root.layoutIfNeeded()
            XCTAssertEqual(stack.frame, CGRect(x: 0, y: 0, width: 300, height: 500))
            XCTAssertEqual(scroll.contentSize, CGSize(width: 300, height: 500), "the content area is the stack's")
            XCTAssertEqual(scroll.frame.height, 200, "the scroll view keeps its frame")

            scroll.contentOffset = CGPoint(x: 0, y: 120)
            root.layoutIfNeeded()
            XCTAssertEqual(stack.frame.minY, 0, "content constraints ignore the scroll offset")
            XCTAssertEqual(scroll.contentLayoutGuide.layoutFrame, CGRect(x: 0, y: 0, width: 300, height: 500))
            XCTAssertEqual(scroll.frameLayoutGuide.layoutFrame, CGRect(x: 0, y: 120, width: 300, height: 200))
        }
    }

    func testTheGuidesGiveTheSameLayoutAndTheContentGrowsWithTheStack() {
        onMain {
            let (root, scroll, stack) = makeScrollingStack()
            NSLayoutConstraint.activate([
                stack.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor, constant: 10),
                stack.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor, constant: -10),
                stack.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor, constant: 20),
                stack.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor, constant: -20),
                stack.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor, constant: -40),
            ])
            root.layoutIfNeeded()
            XCTAssertEqual(stack.frame, CGRect(x: 20, y: 10, width: 260, height: 500))
            XCTAssertEqual(scroll.contentSize, CGSize(width: 300, height: 520))
            stack.addArrangedSubview(SizedView(10, 50))
            root.layoutIfNeeded()
            XCTAssertEqual(scroll.contentSize.height, 570)
        }
    }

    func testAViewPinnedToTheFrameGuideStaysOnScreenWhileTheContentScrolls() {
        onMain {
            let (root, scroll, stack) = makeScrollingStack()
            let badge = SizedView(40, 20)
            scroll.addSubview(badge)
            NSLayoutConstraint.activate([
                stack.topAnchor.constraint(equalTo: scroll.topAnchor),
                stack.bottomAnchor.constraint(equalTo: scroll.bottomAnchor),
                stack.leadingAnchor.constraint(equalTo: scroll.leadingAnchor),
                stack.widthAnchor.constraint(equalTo: scroll.widthAnchor),
                badge.topAnchor.constraint(equalTo: scroll.frameLayoutGuide.topAnchor, constant: 8),
                badge.trailingAnchor.constraint(equalTo: scroll.frameLayoutGuide.trailingAnchor, constant: -8),
            ])
            root.layoutIfNeeded()
            XCTAssertEqual(badge.frame, CGRect(x: 252, y: 8, width: 40, height: 20))
            XCTAssertEqual(scroll.contentSize.height, 500)
            XCTAssertEqual(scroll.contentSize.width, 0, "no trailing or width constraint to the content area: width left as set")
            scroll.contentOffset = CGPoint(x: 0, y: 150)
            root.layoutIfNeeded()
            XCTAssertEqual(badge.frame.minY, 158, "moved with the offset: still 8 points below the scroll view's top on screen")
            XCTAssertEqual(badge.convert(badge.bounds, to: root).minY, 8)
        }
    }

    func testConstraintsFromOutsideTheScrollViewStillMeanItsFrame() {
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            let scroll = UIScrollView()
            scroll.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(scroll)
            NSLayoutConstraint.activate([
                scroll.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
                scroll.bottomAnchor.constraint(equalTo: root.bottomAnchor),
                scroll.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                scroll.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            ])
            root.layoutIfNeeded()
            XCTAssertEqual(scroll.frame, CGRect(x: 0, y: 20, width: 300, height: 180))
            XCTAssertEqual(scroll.contentSize, .zero)
        }
    }
}

/// A 300×200 root holding a 300×200 scroll view, and a stack of `rows` rows 50 high inside it.
@MainActor
private func makeScrollingStack(rows: Int = 10) -> (root: UIView, scroll: UIScrollView, stack: UIStackView) {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
    let scroll = UIScrollView(frame: root.bounds)
    root.addSubview(scroll)
    let stack = UIStackView(arrangedSubviews: (0..<rows).map { _ in SizedView(10, 50) })
    stack.axis = .vertical
    stack.alignment = .fill
    stack.translatesAutoresizingMaskIntoConstraints = false
    scroll.addSubview(stack)
    return (root, scroll, stack)
}

