import Foundation
import Geometry
import Graphics

/// The button of one `UIAlertAction`: its title centred on one line (truncated in the
/// middle when too long), blue, red for `.destructive`, grey when disabled, semibold when
/// `bold`; a grey wash while a touch is down on it. A tap (touch up inside) asks the alert
/// controller to choose the action.
@MainActor
final class AlertActionButton: UIControl {
    /// The wash shown while highlighted: black at 0.1 alpha over the card (UIKit's is close).
    static let highlightColor = UIColor(white: 0, alpha: 0.1)
    /// The colour of a destructive title: UIKit's system red (light mode).
    static let destructiveColor = UIColor(red: 1, green: 59.0 / 255, blue: 48.0 / 255, alpha: 1)
    /// The colour of a disabled title.
    static let disabledColor = UIColor(white: 0, alpha: 0.3)

    let action: UIAlertAction
    private let label = UILabel(frame: .zero)

    init(action: UIAlertAction, fontSize: CGFloat, bold: Bool) {
        self.action = action
        super.init(frame: .zero)
        label.text = action.title
        label.font = .systemFont(ofSize: fontSize, weight: bold ? .semibold : .regular)
        label.textAlignment = .center
        label.lineBreakMode = .byTruncatingMiddle
        addSubview(label)
        isEnabled = action.isEnabled
        showState()
        action.onChange = { [weak self] in
            guard let self else { return }
            self.isEnabled = self.action.isEnabled
            self.showState()
        }
        addTarget(self, action: AlertActionButton.tapped, for: .touchUpInside)
    }

    /// The title's width on one line, points.
    var titleWidth: CGFloat {
        label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude)).width
    }

    override var isHighlighted: Bool {
        didSet { if isHighlighted != oldValue { showState() } }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.insetBy(dx: 8, dy: 0)
    }

    private func showState() {
        label.textColor = !action.isEnabled ? Self.disabledColor
            : action.style == .destructive ? Self.destructiveColor : .systemBlue
        backgroundColor = isHighlighted ? Self.highlightColor : .clear
    }

    private func tapped() {
        action.owner?.choose(action)
    }
}
