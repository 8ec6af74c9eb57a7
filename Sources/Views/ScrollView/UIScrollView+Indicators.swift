import Foundation
import Geometry
import Graphics
import Layers

/// The scroll indicators' look and timing. UIKit documents neither; these are what iOS is seen
/// to draw: bars 3 points thick, 3 points from the edge, at least 36 points long (squeezed
/// when the content is pulled past an edge), fully visible while the content moves and for
/// 0.5 s after, then fading out over 0.3 s.
enum ScrollIndicatorMetrics {
    static let thickness: CGFloat = 3
    static let margin: CGFloat = 3
    static let minimumLength: CGFloat = 36
    static let hold: TimeInterval = 0.5
    static let fade: TimeInterval = 0.3
}

extension UIScrollView {
    /// Shows the indicators for a moment (fully for 0.5 s, then fading out), as after a scroll.
    public func flashScrollIndicators() {
        showIndicators()
        holdIndicators(at: CACurrentMediaTime())
    }

    /// The indicators stay fully visible until `holdIndicators(at:)`.
    func showIndicators() {
        indicatorsShownUntil = nil
        setIndicatorOpacity(1)
        ensureLink()
    }

    /// The scrolling stopped at `time`: the indicators fade out after the hold.
    func holdIndicators(at time: TimeInterval) {
        guard indicatorOpacity > 0 else { return }
        indicatorsShownUntil = time + ScrollIndicatorMetrics.hold
        ensureLink()
    }

    /// The indicators' opacity for the frame at `time`.
    func fadeIndicators(at time: TimeInterval) {
        guard let until = indicatorsShownUntil else { return }
        if isDragging || motion != nil {
            indicatorsShownUntil = nil
            return setIndicatorOpacity(1)
        }
        let faded = (time - until) / ScrollIndicatorMetrics.fade
        if faded >= 1 {
            indicatorsShownUntil = nil
            setIndicatorOpacity(0)
        } else {
            setIndicatorOpacity(Float(1 - max(0, faded)))
        }
    }

    private func setIndicatorOpacity(_ opacity: Float) {
        guard opacity != indicatorOpacity else { return }
        indicatorOpacity = opacity
        updateIndicators()
    }

    /// Keeps the indicator layers above the content's (a subview added or brought to the front
    /// after them would cover them).
    func keepIndicatorsOnTop() {
        guard let sublayers = layer.sublayers, sublayers.count > 2 else { return }
        let tail = sublayers.suffix(2)
        guard tail.first !== verticalIndicator || tail.last !== horizontalIndicator else { return }
        layer.addSublayer(verticalIndicator)
        layer.addSublayer(horizontalIndicator)
    }

    /// Places, colours and shows or hides the two indicators for the current offset.
    func updateIndicators() {
        let b = bounds
        guard b.width.isFinite, b.height.isFinite, b.minX.isFinite, b.minY.isFinite else { return }
        let low = minimumOffset, high = maximumOffset
        let showV = showsVerticalScrollIndicator && hasScrollableRange(.vertical) && indicatorOpacity > 0
        let showH = showsHorizontalScrollIndicator && hasScrollableRange(.horizontal) && indicatorOpacity > 0
        let m = ScrollIndicatorMetrics.margin, w = ScrollIndicatorMetrics.thickness
        let color: CGColor = switch indicatorStyle {
        case .default: CGColor(gray: 0, alpha: 0.35)
        case .black: CGColor(gray: 0, alpha: 0.5)
        case .white: CGColor(gray: 1, alpha: 0.5)
        }
        if showV {
            let track = b.height - 2 * m - (showH ? w + m : 0)
            let (start, length) = Self.indicatorSpan(offset: b.minY, low: low.y, high: high.y, visible: b.height, track: track)
            place(verticalIndicator, CGRect(x: b.maxX - m - w, y: b.minY + m + start, width: w, height: length), color)
        }
        if showH {
            let track = b.width - 2 * m - (showV ? w + m : 0)
            let (start, length) = Self.indicatorSpan(offset: b.minX, low: low.x, high: high.x, visible: b.width, track: track)
            place(horizontalIndicator, CGRect(x: b.minX + m + start, y: b.maxY - m - w, width: length, height: w), color)
        }
        if verticalIndicator.isHidden == showV { verticalIndicator.isHidden = !showV }
        if horizontalIndicator.isHidden == showH { horizontalIndicator.isHidden = !showH }
    }

    private func place(_ indicator: CALayer, _ frame: CGRect, _ color: CGColor) {
        if indicator.actions == nil {
            let none = NSNull()
            indicator.actions = ["position": none, "bounds": none, "opacity": none, "hidden": none,
                                 "backgroundColor": none, "cornerRadius": none]
        }
        indicator.frame = frame
        indicator.cornerRadius = ScrollIndicatorMetrics.thickness / 2
        indicator.backgroundColor = color
        indicator.opacity = indicatorOpacity
    }

    /// Where along a `track` points long the indicator starts and how long it is, for an
    /// offset in `low...high` showing `visible` points: proportional to the share of the
    /// content shown, at least `minimumLength`, shortened by how far the offset is past an edge.
    static func indicatorSpan(offset: CGFloat, low: CGFloat, high: CGFloat, visible: CGFloat,
                              track: CGFloat) -> (start: CGFloat, length: CGFloat) {
        let track = max(0, track)
        let total = high - low + visible
        guard total > 0, total.isFinite, high > low else { return (0, track) }
        let minimum = min(track, ScrollIndicatorMetrics.minimumLength)
        var length = max(minimum, track * visible / total)
        let overshoot = offset < low ? low - offset : offset > high ? offset - high : 0
        length = max(min(track, 2 * ScrollIndicatorMetrics.thickness), length - overshoot)
        let progress = min(1, max(0, (offset - low) / (high - low)))
        return ((track - length) * progress, length)
    }
}
