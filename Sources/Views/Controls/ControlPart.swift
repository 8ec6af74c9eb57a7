import Geometry
import Graphics
import Layers

/// A piece of a standard control's look (a track, a thumb, a pill): a plain view drawn by its
/// layer alone (background colour, corner radius, border, shadow), so it stays sharp at any
/// scale and animates through `UIView.animate`. It never takes touches: they go to the control.
@MainActor
final class ControlPart: UIView {
    override class var drawsWithDrawRect: Bool { false }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        layer.isOpaque = false
    }

    /// A part filled with `color`, its corners rounded by `cornerRadius` points.
    convenience init(color: UIColor?, cornerRadius: CGFloat = 0) {
        self.init(frame: .zero)
        backgroundColor = color
        layer.cornerRadius = cornerRadius
    }

    /// Gives the part a soft shadow below it, the shadow UIKit's thumbs and pills carry: black,
    /// `opacity`, `radius` points of blur, offset `dy` points down.
    func castShadow(opacity: Float, radius: CGFloat, dy: CGFloat) {
        layer.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        layer.shadowOpacity = opacity
        layer.shadowRadius = radius
        layer.shadowOffset = CGSize(width: 0, height: dy)
    }
}

/// A control part drawn as a path by a `CAShapeLayer` (a stepper's − and +, an activity
/// indicator's tick): vector, so sharp at any scale.
@MainActor
final class ShapePart: UIView {
    override class var drawsWithDrawRect: Bool { false }
    override class var layerClass: AnyClass { CAShapeLayer.self }

    /// The layer, as the shape layer it is.
    var shape: CAShapeLayer { layer as! CAShapeLayer }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        layer.isOpaque = false
    }
}

extension UIView {
    /// Runs `changes` in an ease-in-out animation of `duration` seconds when `animated`, else at
    /// once (even inside an enclosing animation block, as UIKit's `setOn(_:animated: false)` and
    /// friends do).
    static func controlAnimation(_ animated: Bool, duration: TimeInterval, _ changes: @escaping () -> Void) {
        if animated {
            UIView.animate(withDuration: duration, delay: 0, options: [.beginFromCurrentState, .allowUserInteraction],
                           animations: changes)
        } else {
            UIView.performWithoutAnimation(changes)
        }
    }
}

/// Where a control's misuse diagnostics go (UIKit raises an exception or logs for these):
/// the current animation engine's `diagnosticHandler`, standard error by default, one line
/// each naming the control's class.
@MainActor
enum ControlDiagnostics {
    static func report(_ control: UIView, _ message: String) {
        AnimationEngine.current.diagnosticHandler("\(type(of: control)): \(message)")
    }
}
