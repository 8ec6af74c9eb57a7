import Geometry
import Views
import XCTest

final class ConstraintLayoutTests: XCTestCase {
    func testAnchorsMakeTheConstraintsTheyName() {
        onMain {
            let (root, child) = makeConstrainedPair()
            let c = child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20)
            XCTAssertTrue(c.firstItem === child)
            XCTAssertTrue(c.secondItem === root)
            XCTAssertEqual(c.firstAttribute, .leading)
            XCTAssertEqual(c.secondAttribute, .leading)
            XCTAssertEqual(c.relation, .equal)
            XCTAssertEqual(c.constant, 20)
            XCTAssertEqual(c.multiplier, 1)
            XCTAssertEqual(c.priority, .required)
            XCTAssertFalse(c.isActive)
            let w = child.widthAnchor.constraint(lessThanOrEqualTo: root.widthAnchor, multiplier: 0.5, constant: -4)
            XCTAssertEqual(w.relation, .lessThanOrEqual)
            XCTAssertEqual(w.multiplier, 0.5)
            XCTAssertEqual(w.constant, -4)
            let h = child.heightAnchor.constraint(greaterThanOrEqualToConstant: 44)
            XCTAssertNil(h.secondItem)
            XCTAssertEqual(h.secondAttribute, .notAnAttribute)
            let spaced = child.topAnchor.constraint(equalToSystemSpacingBelow: root.topAnchor, multiplier: 2)
            XCTAssertEqual(spaced.constant, 16, "system spacing is 8 points")
            XCTAssertEqual(child.leadingAnchor.constraint(equalToSystemSpacingAfter: root.leadingAnchor, multiplier: 1).constant, 8)
            XCTAssertTrue(c.firstAnchor.item === child)
            XCTAssertTrue(c.secondAnchor?.item === root)
        }
    }

    func testActivationInstallsOnTheNearestCommonAncestorAndPlacesTheView() {
        onMain {
            let (root, child) = makeConstrainedPair()
            NSLayoutConstraint.activate([
                child.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
                child.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -30),
                child.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
                child.heightAnchor.constraint(equalTo: root.heightAnchor, multiplier: 0.25),
            ])
            XCTAssertEqual(root.constraints.count, 4)
            XCTAssertTrue(child.constraints.isEmpty)
            root.layoutIfNeeded()
            XCTAssertEqual(child.frame, CGRect(x: 20, y: 10, width: 250, height: 50))
            root.frame = CGRect(x: 0, y: 0, width: 400, height: 100)
            root.layoutIfNeeded()
            XCTAssertEqual(child.frame, CGRect(x: 20, y: 10, width: 350, height: 25))
        }
    }

    func testConstantEditMovesTheViewAtTheNextPass() {
        onMain {
            let (root, child) = makeConstrainedPair()
            let left = child.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 5)
            NSLayoutConstraint.activate([left, child.topAnchor.constraint(equalTo: root.topAnchor),
                                         child.widthAnchor.constraint(equalToConstant: 40),
                                         child.heightAnchor.constraint(equalTo: child.widthAnchor)])
            root.layoutIfNeeded()
            XCTAssertEqual(child.frame, CGRect(x: 5, y: 0, width: 40, height: 40))
            left.constant = 120
            XCTAssertEqual(child.frame.minX, 5, "nothing moves before the layout pass")
            root.layoutIfNeeded()
            XCTAssertEqual(child.frame, CGRect(x: 120, y: 0, width: 40, height: 40))
            left.isActive = false
            child.leftAnchor.constraint(equalTo: root.centerXAnchor).isActive = true
            root.layoutIfNeeded()
            XCTAssertEqual(child.frame.minX, 150)
        }
    }

    func testTheLowerPriorityGivesWay() {
        onMain {
            let (root, child) = makeConstrainedPair()
            let wide = child.widthAnchor.constraint(equalToConstant: 200)
            wide.priority = .defaultLow
            let narrow = child.widthAnchor.constraint(equalToConstant: 100)
            narrow.priority = .defaultHigh
            NSLayoutConstraint.activate([wide, narrow, child.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                         child.topAnchor.constraint(equalTo: root.topAnchor),
                                         child.heightAnchor.constraint(equalToConstant: 10)])
            root.layoutIfNeeded()
            XCTAssertEqual(child.frame.width, 100)
            narrow.priority = UILayoutPriority(200)
            root.layoutIfNeeded()
            XCTAssertEqual(child.frame.width, 200)
            // A required maximum beats both.
            child.widthAnchor.constraint(lessThanOrEqualToConstant: 150).isActive = true
            root.layoutIfNeeded()
            XCTAssertEqual(child.frame.width, 150)
        }
    }

    func testUnsatisfiableConstraintsAreLoggedAsUIKitDoesAndOneIsBroken() {
        onMain {
            let (root, child) = makeConstrainedPair()
            let first = child.widthAnchor.constraint(equalToConstant: 100)
            let second = child.widthAnchor.constraint(equalToConstant: 120)
            second.identifier = "too-wide"
            NSLayoutConstraint.activate([child.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                         child.topAnchor.constraint(equalTo: root.topAnchor),
                                         child.heightAnchor.constraint(equalToConstant: 10), first, second])
            let messages = capturingDiagnostics { root.layoutIfNeeded() }
            XCTAssertEqual(messages.count, 1)
            let log = messages.first ?? ""
            XCTAssertTrue(log.contains("Unable to simultaneously satisfy constraints."))
            XCTAssertTrue(log.contains("Will attempt to recover by breaking constraint \n\(second)"), log)
            XCTAssertTrue(log.contains("\"\(first)\""), "the conflicting constraint is listed: \(log)")
            XCTAssertTrue(log.contains("'too-wide' UIView:"))
            XCTAssertEqual(child.frame.width, 100)
            XCTAssertTrue(second.isActive, "a broken constraint stays active, as in UIKit")
            // Once the conflict is gone, the broken one is tried again and holds.
            first.isActive = false
            XCTAssertTrue(capturingDiagnostics { root.layoutIfNeeded() }.isEmpty)
            XCTAssertEqual(child.frame.width, 120)
        }
    }

    func testInvalidInputIsReportedAndIgnored() {
        onMain {
            let (root, child) = makeConstrainedPair()
            let other = UIView()
            var stray: NSLayoutConstraint!
            var nan: NSLayoutConstraint!
            var mixed: NSLayoutConstraint!
            let messages = capturingDiagnostics {
                stray = child.leadingAnchor.constraint(equalTo: other.leadingAnchor)
                stray.isActive = true
                nan = child.widthAnchor.constraint(equalToConstant: .nan)
                nan.isActive = true
                mixed = NSLayoutConstraint(item: child, attribute: .left, relatedBy: .equal, toItem: root,
                                           attribute: .top, multiplier: 1, constant: 0)
                mixed.isActive = true
                _ = NSLayoutConstraint(item: child, attribute: .width, relatedBy: .equal, toItem: root,
                                       attribute: .width, multiplier: .infinity, constant: 0)
            }
            XCTAssertFalse(stray.isActive, "no common ancestor")
            XCTAssertFalse(mixed.isActive)
            XCTAssertTrue(messages.contains { $0.contains("no common ancestor") }, "\(messages)")
            XCTAssertTrue(messages.contains { $0.contains("not finite") })
            XCTAssertTrue(messages.contains { $0.contains("different axes") })
            XCTAssertTrue(messages.contains { $0.contains("multiplier inf") })
            NSLayoutConstraint.activate([child.widthAnchor.constraint(equalToConstant: 30),
                                         child.heightAnchor.constraint(equalToConstant: 30),
                                         child.leftAnchor.constraint(equalTo: root.leftAnchor),
                                         child.topAnchor.constraint(equalTo: root.topAnchor)])
            root.layoutIfNeeded()
            XCTAssertEqual(child.frame.size, CGSize(width: 30, height: 30), "the NaN constraint is left out")
            nan.constant = 60
            nan.priority = .required
            _ = capturingDiagnostics { root.layoutIfNeeded() }
            XCTAssertEqual(child.frame.width, 30, "60 conflicts with 30 and is broken")
        }
    }

    func testPriorityCannotSwitchBetweenRequiredAndOptionalWhileInstalled() {
        onMain {
            let (root, child) = makeConstrainedPair()
            let c = child.widthAnchor.constraint(equalTo: root.widthAnchor)
            c.isActive = true
            let messages = capturingDiagnostics { c.priority = .defaultHigh }
            XCTAssertEqual(c.priority, .required)
            XCTAssertEqual(messages.count, 1)
            c.isActive = false
            c.priority = .defaultHigh
            XCTAssertEqual(c.priority, .defaultHigh)
        }
    }

    func testRemovingAViewDeactivatesTheConstraintsThatReachOutOfIt() {
        onMain {
            let (root, child) = makeConstrainedPair()
            let inner = UIView()
            child.addSubview(inner)
            let outer = child.leadingAnchor.constraint(equalTo: root.leadingAnchor)
            let own = inner.widthAnchor.constraint(equalTo: child.widthAnchor)
            NSLayoutConstraint.activate([outer, own])
            child.removeFromSuperview()
            XCTAssertFalse(outer.isActive)
            XCTAssertTrue(own.isActive, "constraints inside the removed subtree stay")
        }
    }

    func testMarginsGuidesAndMarginAttributes() {
        onMain {
            let (root, child) = makeConstrainedPair()
            root.layoutMargins = UIEdgeInsets(top: 10, left: 12, bottom: 14, right: 16)
            let guide = UILayoutGuide()
            root.addLayoutGuide(guide)
            NSLayoutConstraint.activate([
                child.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
                child.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
                NSLayoutConstraint(item: child, attribute: .top, relatedBy: .equal, toItem: root, attribute: .topMargin,
                                   multiplier: 1, constant: 0),
                child.heightAnchor.constraint(equalToConstant: 20),
                guide.topAnchor.constraint(equalTo: child.bottomAnchor),
                guide.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor),
                guide.leadingAnchor.constraint(equalTo: child.centerXAnchor),
                guide.trailingAnchor.constraint(equalTo: root.layoutMarginsGuide.trailingAnchor),
            ])
            root.layoutIfNeeded()
            XCTAssertEqual(child.frame, CGRect(x: 12, y: 10, width: 272, height: 20))
            XCTAssertEqual(guide.layoutFrame, CGRect(x: 148, y: 30, width: 136, height: 170))
            XCTAssertEqual(root.layoutMarginsGuide.layoutFrame, CGRect(x: 12, y: 10, width: 272, height: 176))
            XCTAssertEqual(root.safeAreaLayoutGuide.layoutFrame, root.bounds)
            root.layoutMargins = .zero
            root.layoutIfNeeded()
            XCTAssertEqual(child.frame, CGRect(x: 0, y: 0, width: 300, height: 20))
        }
    }

    func testAutoresizingMasksBecomeConstraints() {
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            let container = UIView()
            container.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(container)
            let width = container.widthAnchor.constraint(equalToConstant: 200)
            NSLayoutConstraint.activate([container.leftAnchor.constraint(equalTo: root.leftAnchor),
                                         container.topAnchor.constraint(equalTo: root.topAnchor),
                                         container.heightAnchor.constraint(equalToConstant: 100), width])
            root.layoutIfNeeded()
            // A frame-laid view with a flexible width inside, and a constrained view after it.
            let bar = UIView(frame: CGRect(x: 10, y: 10, width: 150, height: 20))
            bar.autoresizingMask = [.flexibleWidth]
            container.addSubview(bar)
            let badge = UIView()
            badge.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(badge)
            NSLayoutConstraint.activate([badge.leadingAnchor.constraint(equalTo: bar.trailingAnchor, constant: 5),
                                         badge.topAnchor.constraint(equalTo: bar.bottomAnchor),
                                         badge.widthAnchor.constraint(equalToConstant: 10),
                                         badge.heightAnchor.constraint(equalToConstant: 10)])
            root.layoutIfNeeded()
            XCTAssertEqual(badge.frame, CGRect(x: 165, y: 30, width: 10, height: 10))
            width.constant = 250
            root.layoutIfNeeded()
            XCTAssertEqual(bar.frame, CGRect(x: 10, y: 10, width: 200, height: 20), "the mask still resizes the bar")
            XCTAssertEqual(badge.frame.minX, 215, "the constraint follows the bar's translated right edge")
            // A constraint fighting a translated frame is broken with UIKit's note about masks.
            let fight = bar.widthAnchor.constraint(equalToConstant: 50)
            fight.isActive = true
            let messages = capturingDiagnostics { root.layoutIfNeeded() }
            XCTAssertTrue(messages.first?.contains("NSAutoresizingMaskLayoutConstraint h=-&- v=--&") == true, "\(messages)")
            XCTAssertTrue(messages.first?.contains("translatesAutoresizingMaskIntoConstraints") == true)
        }
    }

    func testHuggingAndCompressionResistanceDecideWhichViewStretches() {
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 50))
            let a = SizedView(40, 20), b = SizedView(60, 20)
            root.addSubview(a)
            root.addSubview(b)
            a.setContentHuggingPriority(UILayoutPriority(260), for: .horizontal)
            NSLayoutConstraint.activate([a.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                         b.leadingAnchor.constraint(equalTo: a.trailingAnchor),
                                         b.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                                         a.topAnchor.constraint(equalTo: root.topAnchor),
                                         b.topAnchor.constraint(equalTo: root.topAnchor)])
            root.layoutIfNeeded()
            XCTAssertEqual(a.frame, CGRect(x: 0, y: 0, width: 40, height: 20), "a hugs harder and keeps its size")
            XCTAssertEqual(b.frame, CGRect(x: 40, y: 0, width: 160, height: 20))
            root.frame = CGRect(x: 0, y: 0, width: 80, height: 50)
            b.setContentCompressionResistancePriority(UILayoutPriority(760), for: .horizontal)
            root.layoutIfNeeded()
            XCTAssertEqual(b.frame.width, 60, "b resists compression harder")
            XCTAssertEqual(a.frame.width, 20)
            b.size = CGSize(width: 70, height: 20)
            b.invalidateIntrinsicContentSize()
            root.layoutIfNeeded()
            XCTAssertEqual(a.frame.width, 10)
            XCTAssertEqual(UILabel().contentHuggingPriority(for: .vertical), UILayoutPriority(251))
            XCTAssertEqual(UIView().contentHuggingPriority(for: .horizontal), .defaultLow)
            XCTAssertEqual(UIView().contentCompressionResistancePriority(for: .vertical), .defaultHigh)
        }
    }

    func testSystemLayoutSizeFittingUsesTheSubtreesConstraints() {
        onMain {
            let cell = UIView()
            let content = SizedView(40, 20)
            cell.addSubview(content)
            NSLayoutConstraint.activate([content.leadingAnchor.constraint(equalTo: cell.leadingAnchor, constant: 10),
                                         content.trailingAnchor.constraint(equalTo: cell.trailingAnchor, constant: -10),
                                         content.topAnchor.constraint(equalTo: cell.topAnchor, constant: 5),
                                         content.bottomAnchor.constraint(equalTo: cell.bottomAnchor, constant: -5)])
            XCTAssertEqual(cell.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize), CGSize(width: 60, height: 30))
            let wide = cell.systemLayoutSizeFitting(CGSize(width: 320, height: 0), withHorizontalFittingPriority: .required,
                                                    verticalFittingPriority: .fittingSizeLevel)
            XCTAssertEqual(wide, CGSize(width: 320, height: 30))
            XCTAssertEqual(cell.frame, .zero, "fitting changes nothing")
        }
    }

    func testAFittingPassOnASubtreeLeavesTheWindowsEngineLayingItOut() {
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            let panel = UIView()
            panel.translatesAutoresizingMaskIntoConstraints = false
            let content = SizedView(40, 20)
            root.addSubview(panel)
            panel.addSubview(content)
            let leading = panel.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
            NSLayoutConstraint.activate([leading, panel.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
                                         content.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: 4),
                                         content.trailingAnchor.constraint(equalTo: panel.trailingAnchor, constant: -4),
                                         content.topAnchor.constraint(equalTo: panel.topAnchor, constant: 2),
                                         content.bottomAnchor.constraint(equalTo: panel.bottomAnchor, constant: -2)])
            root.layoutIfNeeded()
            XCTAssertEqual(panel.frame, CGRect(x: 10, y: 10, width: 48, height: 24))
            // The fitting engine gives the subtree's views variables of its own.
            XCTAssertEqual(panel.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize), CGSize(width: 48, height: 24))
            leading.constant = 30
            content.size = CGSize(width: 60, height: 20)
            content.invalidateIntrinsicContentSize()
            root.layoutIfNeeded()
            XCTAssertEqual(panel.frame, CGRect(x: 30, y: 10, width: 68, height: 24))
            XCTAssertEqual(content.frame, CGRect(x: 4, y: 2, width: 60, height: 20))
        }
    }

    func testBaselinesOfLabelsComeFromTheirText() {
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            let big = UILabel(), small = UILabel()
            big.font = .systemFont(ofSize: 30)
            big.text = "Big"
            small.font = .systemFont(ofSize: 12)
            small.text = "small"
            for label in [big, small] {
                label.translatesAutoresizingMaskIntoConstraints = false
                root.addSubview(label)
            }
            NSLayoutConstraint.activate([big.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                         big.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
                                         small.leadingAnchor.constraint(equalTo: big.trailingAnchor, constant: 8),
                                         small.firstBaselineAnchor.constraint(equalTo: big.firstBaselineAnchor)])
            root.layoutIfNeeded()
            XCTAssertEqual(big.frame.size, big.intrinsicContentSize)
            XCTAssertEqual(small.frame.size, small.intrinsicContentSize)
            let bigBaseline = big.frame.minY + big.font.ascender, smallBaseline = small.frame.minY + small.font.ascender
            XCTAssertEqual(bigBaseline, smallBaseline, accuracy: 1.5, "baselines line up (to the rounding of frames)")
            XCTAssertGreaterThan(small.frame.minY, big.frame.minY + 10)
            // A plain view's last baseline is its bottom.
            let box = UIView()
            box.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(box)
            NSLayoutConstraint.activate([box.lastBaselineAnchor.constraint(equalTo: root.topAnchor, constant: 100),
                                         box.heightAnchor.constraint(equalToConstant: 30)])
            root.layoutIfNeeded()
            XCTAssertEqual(box.frame.maxY, 100)
        }
    }

    func testUpdateConstraintsRunsOnceSubviewsFirstThenWhenAsked() {
        onMain {
            final class Probe: UIView {
                var log: [String] = []
                var name = ""
                weak var shared: Probe?
                override func updateConstraints() {
                    (shared ?? self).log.append(name)
                    super.updateConstraints()
                }
            }
            let root = Probe(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            root.name = "root"
            let child = Probe()
            child.name = "child"
            child.shared = root
            root.addSubview(child)
            child.translatesAutoresizingMaskIntoConstraints = false
            child.widthAnchor.constraint(equalToConstant: 10).isActive = true
            root.layoutIfNeeded()
            XCTAssertEqual(root.log, ["child", "root"])
            root.layoutIfNeeded()
            XCTAssertEqual(root.log, ["child", "root"])
            child.setNeedsUpdateConstraints()
            XCTAssertTrue(child.needsUpdateConstraints())
            root.layoutIfNeeded()
            XCTAssertEqual(root.log, ["child", "root", "child"])
            XCTAssertFalse(child.needsUpdateConstraints())
        }
    }

    func testAmbiguityAndConstraintsAffectingLayout() {
        onMain {
            let (root, child) = makeConstrainedPair()
            let width = child.widthAnchor.constraint(equalToConstant: 10)
            NSLayoutConstraint.activate([width, child.heightAnchor.constraint(equalToConstant: 10),
                                         child.topAnchor.constraint(equalTo: root.topAnchor)])
            root.layoutIfNeeded()
            XCTAssertTrue(child.hasAmbiguousLayout, "nothing places it horizontally")
            XCTAssertTrue(child.leadingAnchor.hasAmbiguousLayout)
            XCTAssertFalse(child.topAnchor.hasAmbiguousLayout)
            child.leadingAnchor.constraint(equalTo: root.leadingAnchor).isActive = true
            root.layoutIfNeeded()
            XCTAssertFalse(child.hasAmbiguousLayout)
            XCTAssertEqual(child.constraintsAffectingLayout(for: .horizontal).count, 2)
            XCTAssertTrue(child.constraintsAffectingLayout(for: .vertical).contains { $0 === width } == false)
        }
    }

    func testAConstrainedHierarchyIsFreedWhenReleased() {
        onMain {
            weak var weakRoot: UIView?
            weak var weakChild: UIView?
            weak var weakStack: UIStackView?
            do {
                let (root, child) = makeConstrainedPair()
                let stack = UIStackView(arrangedSubviews: [SizedView(10, 10), SizedView(20, 10)])
                stack.distribution = .equalSpacing
                root.addSubview(stack)
                NSLayoutConstraint.activate([child.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                             child.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5)])
                root.layoutIfNeeded()
                weakRoot = root
                weakChild = child
                weakStack = stack
            }
            XCTAssertNil(weakRoot, "the engine holds the views it lays out weakly")
            XCTAssertNil(weakChild)
            XCTAssertNil(weakStack)
        }
    }

    func testViewsWithoutConstraintsKeepTheirFrames() {
        onMain {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let child = UIView(frame: CGRect(x: 5, y: 6, width: 7, height: 8))
            root.addSubview(child)
            root.layoutIfNeeded()
            XCTAssertEqual(child.frame, CGRect(x: 5, y: 6, width: 7, height: 8))
            XCTAssertTrue(child.translatesAutoresizingMaskIntoConstraints)
            XCTAssertTrue(root.constraints.isEmpty)
        }
    }
}
