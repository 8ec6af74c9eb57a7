import Geometry

/// A rectangle that takes part in Auto Layout without being a view, as UIKit's
/// `UILayoutGuide`: add it to a view with `addLayoutGuide(_:)`, constrain its anchors, and read
/// where the layout put it from `layoutFrame`.
///
/// ```swift
/// let gap = UILayoutGuide()
/// view.addLayoutGuide(gap)
/// NSLayoutConstraint.activate([gap.leadingAnchor.constraint(equalTo: a.trailingAnchor),
///                              gap.trailingAnchor.constraint(equalTo: b.leadingAnchor),
///                              gap.widthAnchor.constraint(equalToConstant: 20)])
/// ```
@MainActor
open class UILayoutGuide: @MainActor CustomStringConvertible {
    enum Kind { case custom, margins, safeArea, scrollContent, scrollFrame }

    let kind: Kind

    /// The view the guide belongs to (set by `addLayoutGuide(_:)`); its coordinates are the
    /// guide's.
    open internal(set) weak var owningView: UIView?
    /// The guide's variables in the engine that last used it.
    var engineSlot: LayoutEngine.Slot?

    /// A name for logs and debugging. Default empty; the margins guide is
    /// `UIViewLayoutMarginsGuide` and the safe-area guide `UIViewSafeAreaLayoutGuide`, as in UIKit.
    open var identifier = ""

    /// A guide of your own; add it to a view with `addLayoutGuide(_:)` before constraining it.
    public init() { kind = .custom }

    init(kind: Kind, owningView: UIView) {
        self.kind = kind
        self.owningView = owningView
        identifier = switch kind {
        case .margins: "UIViewLayoutMarginsGuide"
        case .safeArea: "UIViewSafeAreaLayoutGuide"
        case .scrollContent: "UIScrollView-contentLayoutGuide"
        case .scrollFrame: "UIScrollView-frameLayoutGuide"
        case .custom: ""
        }
    }

    /// The guide's rectangle in the owning view's coordinates, as of the last layout pass:
    /// `.zero` before the guide took part in one. The margins guide is the bounds inset by
    /// `layoutMargins`; the safe-area guide is the bounds inset by `safeAreaInsets`.
    open var layoutFrame: CGRect {
        guard let owningView else { return .zero }
        switch kind {
        case .margins: return owningView.bounds.inset(by: owningView.layoutMargins)
        case .safeArea: return owningView.bounds.inset(by: owningView.safeAreaInsets)
        case .scrollContent: return CGRect(origin: .zero, size: (owningView as? UIScrollView)?.contentSize ?? .zero)
        case .scrollFrame: return owningView.bounds
        case .custom:
            guard let engine = owningView.layoutEngineHost.layoutStateStorage?.engine,
                  let guide = engine.hostRect(of: self), let view = engine.hostRect(of: owningView) else { return .zero }
            return CGRect(x: guide.minX - view.minX + owningView.bounds.minX, y: guide.minY - view.minY + owningView.bounds.minY,
                          width: guide.width, height: guide.height)
        }
    }

    /// The guide's edges, centre and size as anchors (leading/trailing are left/right: layout is left to right here).
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }

    open var description: String {
        let name = identifier.isEmpty ? "" : " - \"\(identifier)\""
        return "<\(NSLayoutConstraint.typeName(self)): \(NSLayoutConstraint.address(self))\(name), layoutFrame = \(layoutFrame), owningView = \(owningView.map { NSLayoutConstraint.itemName($0) } ?? "nil")>"
    }
}
