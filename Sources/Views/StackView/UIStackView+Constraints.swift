import Geometry

extension UIStackView {
    private typealias Attribute = NSLayoutConstraint.Attribute

    /// The attributes along and across the axis.
    private struct Axes {
        let lead: Attribute, trail: Attribute, length: Attribute, center: Attribute
        let top: Attribute, bottom: Attribute, thickness: Attribute, middle: Attribute

        init(_ axis: NSLayoutConstraint.Axis) {
            if axis == .horizontal {
                (lead, trail, length, center) = (.leading, .trailing, .width, .centerX)
                (top, bottom, thickness, middle) = (.top, .bottom, .height, .centerY)
            } else {
                (lead, trail, length, center) = (.top, .bottom, .height, .centerY)
                (top, bottom, thickness, middle) = (.leading, .trailing, .width, .centerX)
            }
        }
    }

    /// The constraints UIKit's stack view makes for the current arrangement (and the spacer
    /// guides they need, added to the stack view).
    func makeArrangementConstraints() -> [NSLayoutConstraint] {
        let axes = Axes(axis)
        let container: AnyObject = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        var made: [NSLayoutConstraint] = []
        func add(_ a: AnyObject, _ aa: Attribute, _ relation: NSLayoutConstraint.Relation, _ b: AnyObject?,
                 _ ba: Attribute, multiplier: CGFloat = 1, constant: CGFloat = 0, priority: Float = 1000, id: String) {
            let constraint = NSLayoutConstraint(item: a, attribute: aa, relatedBy: relation, toItem: b,
                                                attribute: b == nil ? .notAnAttribute : ba, multiplier: multiplier,
                                                constant: constant)
            constraint.priority = UILayoutPriority(priority)
            constraint.identifier = id
            made.append(constraint)
        }
        let visible = arrangedSubviews.filter { !$0.isHidden }
        var previousVisible: UIView?
        for view in arrangedSubviews {
            if view.isHidden {
                // Collapsed where it would be, with no spacing around it.
                add(view, axes.length, .equal, nil, .notAnAttribute, constant: 0, id: "UISV-hiding")
                if let previousVisible {
                    add(view, axes.lead, .equal, previousVisible, axes.trail, id: "UISV-hiding")
                } else {
                    add(view, axes.lead, .equal, container, axes.lead, id: "UISV-hiding")
                }
            } else {
                previousVisible = view
            }
        }
        if let first = visible.first, let last = visible.last {
            add(first, axes.lead, .equal, container, axes.lead, id: "UISV-canvas-connection")
            add(last, axes.trail, .equal, container, axes.trail, id: "UISV-canvas-connection")
        }
        let baselineGaps = isBaselineRelativeArrangement && axis == .vertical
        for (previous, next) in zip(visible, visible.dropFirst()) {
            let gap = gap(after: previous)
            let (nextLead, previousTrail): (Attribute, Attribute) = baselineGaps ? (.firstBaseline, .lastBaseline)
                : (axes.lead, axes.trail)
            switch distribution {
            case .fill, .fillEqually, .fillProportionally:
                add(next, nextLead, .equal, previous, previousTrail, constant: gap, id: "UISV-spacing")
            case .equalSpacing, .equalCentering:
                add(next, nextLead, .greaterThanOrEqual, previous, previousTrail, constant: gap, id: "UISV-spacing")
            }
        }
        switch distribution {
        case .fill: break
        case .fillEqually:
            for view in visible.dropFirst() { add(view, axes.length, .equal, visible[0], axes.length, id: "UISV-fill-equally") }
        case .fillProportionally:
            let lengths = visible.map { view -> CGFloat in
                let size = view.intrinsicContentSize
                let length = axis == .horizontal ? size.width : size.height
                return length == UIView.noIntrinsicMetric || !length.isFinite ? 0 : max(0, length)
            }
            let total = lengths.reduce(0, +)
            let spacingTotal = zip(visible, visible.dropFirst()).reduce(CGFloat(0)) { $0 + gap(after: $1.0) }
            if total > 0 {
                for (view, length) in zip(visible, lengths) {
                    let share = length / total
                    add(view, axes.length, .equal, container, axes.length, multiplier: share, constant: -share * spacingTotal,
                        priority: 999, id: "UISV-fill-proportionally")
                }
            }
        case .equalSpacing, .equalCentering:
            let centering = distribution == .equalCentering
            var firstSpacer: UILayoutGuide?
            for (previous, next) in zip(visible, visible.dropFirst()) {
                let spacer = UILayoutGuide()
                spacer.identifier = centering ? "UISV-distributing-centers" : "UISV-distributing-gaps"
                addLayoutGuide(spacer)
                spacerGuides.append(spacer)
                let (from, to) = centering ? (axes.center, axes.center) : (axes.trail, axes.lead)
                add(spacer, axes.lead, .equal, previous, from, id: "UISV-distributing")
                add(spacer, axes.trail, .equal, next, to, id: "UISV-distributing")
                // A guide's cross axis follows the container, so it is never ambiguous.
                add(spacer, axes.top, .equal, container, axes.top, id: "UISV-spacer-alignment")
                add(spacer, axes.thickness, .equal, nil, .notAnAttribute, constant: 0, id: "UISV-spacer-alignment")
                if let firstSpacer {
                    add(spacer, axes.length, .equal, firstSpacer, axes.length, priority: centering ? 999 : 1000,
                        id: "UISV-distributing-edge")
                } else {
                    firstSpacer = spacer
                }
            }
        }
        let alignment = axis == .vertical && (self.alignment == .firstBaseline || self.alignment == .lastBaseline)
            ? .fill : self.alignment
        if alignment != .fill {
            // Without a size from outside, the stack is as thick as its thickest view.
            add(container, axes.thickness, .equal, nil, .notAnAttribute, constant: 0, priority: 49, id: "UISV-canvas-fit")
        }
        for (index, view) in arrangedSubviews.enumerated() {
            switch alignment {
            case .fill:
                add(view, axes.top, .equal, container, axes.top, id: "UISV-alignment")
                add(view, axes.bottom, .equal, container, axes.bottom, id: "UISV-alignment")
            case .leading:
                add(view, axes.top, .equal, container, axes.top, id: "UISV-alignment")
                add(view, axes.bottom, .lessThanOrEqual, container, axes.bottom, id: "UISV-spanning-boundary")
            case .trailing:
                add(view, axes.bottom, .equal, container, axes.bottom, id: "UISV-alignment")
                add(view, axes.top, .greaterThanOrEqual, container, axes.top, id: "UISV-spanning-boundary")
            case .center:
                add(view, axes.middle, .equal, container, axes.middle, id: "UISV-alignment")
                add(view, axes.top, .greaterThanOrEqual, container, axes.top, id: "UISV-spanning-boundary")
            case .firstBaseline, .lastBaseline:
                let baseline: Attribute = alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                if index > 0 { add(view, baseline, .equal, arrangedSubviews[0], baseline, id: "UISV-alignment") }
                add(view, .top, .greaterThanOrEqual, container, .top, id: "UISV-spanning-boundary")
                add(view, .bottom, .lessThanOrEqual, container, .bottom, id: "UISV-spanning-boundary")
                // Up against the top where the stack is taller than the views need.
                add(view, .top, .equal, container, .top, priority: 1, id: "UISV-ambiguity-suppression")
            }
        }
        return made
    }
}
