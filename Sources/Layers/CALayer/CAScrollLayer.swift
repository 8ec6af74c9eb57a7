import Geometry

/// How a `CAScrollLayer` may scroll (Apple's raw strings).
public struct CAScrollLayerScrollMode: RawRepresentable, Hashable, Sendable {
    /// The mode's name, as Apple spells it (`"none"`, `"vertically"`, `"horizontally"`, `"both"`).
    public let rawValue: String
    /// A mode by its name; names other than Apple's four scroll neither axis.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Scrolling does nothing.
    public static let none = CAScrollLayerScrollMode(rawValue: "none")
    /// Only the y origin moves.
    public static let vertically = CAScrollLayerScrollMode(rawValue: "vertically")
    /// Only the x origin moves.
    public static let horizontally = CAScrollLayerScrollMode(rawValue: "horizontally")
    /// Both move (the default).
    public static let both = CAScrollLayerScrollMode(rawValue: "both")

    var movesX: Bool { self == .both || self == .horizontally }
    var movesY: Bool { self == .both || self == .vertically }
}

/// A layer that shows part of its sublayers by moving the origin of its own `bounds`, as
/// Apple's `CAScrollLayer`: scrolling to a point puts that point (in its coordinates) at its top
/// left. It keeps every other `CALayer` default; set `masksToBounds` to hide what lies outside.
/// Scrolling sets `bounds`, so in a displayed tree it animates implicitly like any bounds
/// change (turn actions off in a `CATransaction` to jump).
open class CAScrollLayer: CALayer {
    /// Which axes scrolling moves. Default `.both`. Not animatable.
    open var scrollMode: CAScrollLayerScrollMode = .both

    /// A scroll layer with `CALayer`'s defaults, scrolling both ways.
    public required init() { super.init() }

    public required init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAScrollLayer { scrollMode = other.scrollMode }
    }

    /// Moves the origin of `bounds` to `p` along the axes `scrollMode` allows; the size stays.
    /// A non-finite coordinate leaves its axis alone.
    open func scroll(to p: CGPoint) {
        var b = bounds
        if scrollMode.movesX, p.x.isFinite { b.origin.x = p.x }
        if scrollMode.movesY, p.y.isFinite { b.origin.y = p.y }
        bounds = b
    }

    /// Scrolls as little as brings `r` into view, along the axes `scrollMode` allows: nothing
    /// when it is already inside the bounds; its near edge to the near edge when it lies
    /// before, its far edge to the far edge when after; a rectangle larger than the bounds is
    /// scrolled to its own origin (measured on Apple's QuartzCore).
    open func scroll(to r: CGRect) {
        let r = r.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return }
        let b = bounds
        func origin(_ lo: CGFloat, _ length: CGFloat, _ bLo: CGFloat, _ bLength: CGFloat) -> CGFloat {
            if length > bLength || lo < bLo { return lo }
            if lo + length > bLo + bLength { return lo + length - bLength }
            return bLo
        }
        scroll(to: CGPoint(x: origin(r.minX, r.width, b.minX, b.width), y: origin(r.minY, r.height, b.minY, b.height)))
    }
}

extension CALayer {
    /// The nearest ancestor (not this layer) that is a `CAScrollLayer`.
    var enclosingScrollLayer: CAScrollLayer? {
        var layer = superlayer
        while let current = layer {
            if let scroll = current as? CAScrollLayer { return scroll }
            layer = current.superlayer
        }
        return nil
    }

    /// Scrolls the nearest ancestor `CAScrollLayer` so that `p`, in this layer's coordinates,
    /// lies at its origin. Does nothing without one.
    public func scroll(_ p: CGPoint) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: scroller.convert(p, from: self))
    }

    /// Scrolls the nearest ancestor `CAScrollLayer` as little as brings `r`, in this layer's
    /// coordinates, into its view. Does nothing without one.
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scroller = enclosingScrollLayer else { return }
        scroller.scroll(to: scroller.convert(r, from: self))
    }

    /// The part of the bounds not clipped by the nearest ancestor `CAScrollLayer` (its bounds,
    /// in this layer's coordinates, intersected with this layer's); the whole bounds without
    /// one. `.null`-free: an empty intersection gives an empty rectangle at the bounds' origin.
    public var visibleRect: CGRect {
        guard let scroller = enclosingScrollLayer else { return bounds }
        let shown = bounds.intersection(convert(scroller.bounds, from: scroller))
        return shown.isNull ? CGRect(origin: bounds.origin, size: .zero) : shown
    }
}
