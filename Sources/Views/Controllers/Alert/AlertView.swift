import Foundation
import Geometry
import Graphics

/// The root view of a `UIAlertController`: one card for an alert, the actions' card and the
/// cancel card for an action sheet, with the title, message, text inputs, buttons and
/// hairline separators. Its subviews are made again only when the content changes (an
/// action, the title, the message, `preferredAction`, a text input), then placed by
/// `layoutSubviews`; `fittingSize(in:)` gives the size the presentation controller uses.
///
/// The figures are UIKit's as seen on iOS 13–17 in light mode, not published by Apple:
/// - alert: 270 points wide, corner radius 14, title semibold 17 and message 13 centred,
///   16 points from the sides, 19 points above and below the text (2 between title and
///   message); buttons 44 points high, 17 points, in one row when there are two and both
///   titles fit in half the width, else stacked;
/// - action sheet: the window's width less 8 points each side, corner radius 13, title
///   semibold 13 and message 13 in grey, 14 points above and below the text (12 between);
///   buttons 57 points high, 20 points; the cancel card 8 points below the others.
/// The cards' background is a translucent white (0.97 white at 0.95 alpha) in place of
/// UIKit's blur, which Kinescope does not have; the action sheet's cancel card is opaque
/// white, as on iOS.
@MainActor
final class AlertView: UIView {
    static let alertWidth: CGFloat = 270
    static let alertCornerRadius: CGFloat = 14
    static let sheetCornerRadius: CGFloat = 13
    static let sheetMargin: CGFloat = 8
    static let cardColor = UIColor(white: 0.97, alpha: 0.95)

    /// The metrics of one style.
    struct Metrics {
        let titleFont: UIFont
        let messageFont: UIFont
        let textColor: UIColor
        let textTop: CGFloat
        let textGap: CGFloat
        let textBottom: CGFloat
        let buttonHeight: CGFloat
        let buttonFontSize: CGFloat

        static let alert = Metrics(titleFont: .systemFont(ofSize: 17, weight: .semibold), messageFont: .systemFont(ofSize: 13),
                                   textColor: .label, textTop: 19, textGap: 2, textBottom: 19, buttonHeight: 44, buttonFontSize: 17)
        static let sheet = Metrics(titleFont: .systemFont(ofSize: 13, weight: .semibold), messageFont: .systemFont(ofSize: 13),
                                   textColor: UIColor(white: 0.56, alpha: 1), textTop: 14, textGap: 12, textBottom: 14,
                                   buttonHeight: 57, buttonFontSize: 20)
    }

    /// The text inputs' box: height, and the field's inset in it.
    static let inputHeight: CGFloat = 28
    static let inputInset = CGSize(width: 5, height: 4)
    static let textSide: CGFloat = 16

    private weak var controller: UIAlertController?
    private var needsRebuild = true
    private let mainCard = UIView(frame: .zero)
    private let cancelCard = UIView(frame: .zero)
    private let titleLabel = UILabel(frame: .zero)
    private let messageLabel = UILabel(frame: .zero)
    private var inputBoxes: [UIView] = []
    /// The buttons of the main card, the cancel button last (it goes left in a row of two),
    /// and the cancel card's button (action sheet).
    private(set) var buttons: [AlertActionButton] = []
    private var cancelButton: AlertActionButton?
    private var separators: [UIView] = []

    init(controller: UIAlertController) {
        self.controller = controller
        super.init(frame: CGRect(x: 0, y: 0, width: Self.alertWidth, height: 100))
        backgroundColor = .clear
        clipsToBounds = true
        for card in [mainCard, cancelCard] {
            card.layer.masksToBounds = true
            addSubview(card)
        }
        for label in [titleLabel, messageLabel] {
            label.numberOfLines = 0
            label.textAlignment = .center
            mainCard.addSubview(label)
        }
    }

    private var isSheet: Bool { controller?.preferredStyle == .actionSheet }
    private var metrics: Metrics { isSheet ? .sheet : .alert }
    private var hairline: CGFloat { 1 / UIScreen.main.scale }

    /// The title, message, actions or inputs changed: rebuild before the next layout.
    func contentChanged() {
        needsRebuild = true
        setNeedsLayout()
    }

    /// The frame the controller's view takes in a container of `bounds`: an alert centred
    /// (its height at most the container's less 2 × 8 points; the rest is clipped, where
    /// UIKit would scroll the text), an action sheet at the bottom, 8 points from the edges
    /// (clipped the same way).
    func fittingFrame(in bounds: CGRect) -> CGRect {
        rebuildIfNeeded()
        if isSheet {
            let width = max(0, bounds.width - 2 * Self.sheetMargin)
            let height = min(arrange(width: width, place: false), max(0, bounds.height - 2 * Self.sheetMargin))
            return CGRect(x: bounds.minX + Self.sheetMargin, y: bounds.maxY - Self.sheetMargin - height, width: width, height: height)
        }
        let width = min(Self.alertWidth, bounds.width)
        let height = min(arrange(width: width, place: false), max(0, bounds.height - 2 * Self.sheetMargin))
        return CGRect(x: (bounds.midX - width / 2).rounded(), y: (bounds.midY - height / 2).rounded(), width: width, height: height)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        rebuildIfNeeded()
        _ = arrange(width: bounds.width, place: true)
    }

    private func rebuildIfNeeded() {
        guard needsRebuild, let controller else { return }
        needsRebuild = false
        let metrics = self.metrics
        titleLabel.font = metrics.titleFont
        titleLabel.textColor = metrics.textColor
        titleLabel.text = controller.title
        messageLabel.font = metrics.messageFont
        messageLabel.textColor = metrics.textColor
        messageLabel.text = controller.message
        for view in buttons + separators + inputBoxes { view.removeFromSuperview() }
        cancelButton?.removeFromSuperview()
        let preferred = controller.preferredAction
        let make = { (action: UIAlertAction) in
            AlertActionButton(action: action, fontSize: metrics.buttonFontSize,
                              bold: preferred.map { $0 === action } ?? (action.style == .cancel))
        }
        let cancel = controller.cancelAction
        let others = controller.actions.filter { $0.style != .cancel }
        if isSheet {
            buttons = others.map(make)
            cancelButton = cancel.map(make)
        } else {
            buttons = (others + (cancel.map { [$0] } ?? [])).map(make)
            cancelButton = nil
        }
        for button in buttons { mainCard.addSubview(button) }
        if let cancelButton { cancelCard.addSubview(cancelButton) }
        inputBoxes = controller.textInputViews.map { field in
            let box = UIView(frame: .zero)
            box.backgroundColor = .white
            box.layer.borderWidth = hairline
            box.layer.borderColor = UIColor.separator.cgColor
            box.addSubview(field)
            mainCard.addSubview(box)
            return box
        }
        separators = []
        let radius = isSheet ? Self.sheetCornerRadius : Self.alertCornerRadius
        mainCard.layer.cornerRadius = radius
        cancelCard.layer.cornerRadius = radius
        mainCard.backgroundColor = Self.cardColor
        cancelCard.backgroundColor = .white
        cancelCard.isHidden = cancelButton == nil
    }

    /// Whether two alert buttons share a row: exactly two, both titles fitting in half the
    /// width less 8 points each side, on one line.
    private func buttonsShareARow(width: CGFloat) -> Bool {
        guard !isSheet, buttons.count == 2 else { return false }
        let room = width / 2 - 16
        return buttons.allSatisfy { $0.titleWidth <= room }
    }

    /// Lays the content out for `width` and returns the total height; with `place`, sets the
    /// frames (separators made on the way; they are reused in later passes).
    private func arrange(width: CGFloat, place: Bool) -> CGFloat {
        let metrics = self.metrics
        var separatorIndex = 0
        func separator(_ frame: CGRect) {
            guard place else { return }
            if separatorIndex == separators.count {
                let line = UIView(frame: .zero)
                line.backgroundColor = .separator
                mainCard.addSubview(line)
                separators.append(line)
            }
            separators[separatorIndex].frame = frame
            separatorIndex += 1
        }
        let textWidth = max(0, width - 2 * Self.textSide)
        var y: CGFloat = 0
        let hasTitle = !(titleLabel.text ?? "").isEmpty
        let hasMessage = !(messageLabel.text ?? "").isEmpty
        titleLabel.isHidden = !hasTitle
        messageLabel.isHidden = !hasMessage
        if hasTitle || hasMessage {
            y += metrics.textTop
            for (label, shown) in [(titleLabel, hasTitle), (messageLabel, hasMessage)] where shown {
                if label === messageLabel, hasTitle { y += metrics.textGap }
                let height = ceil(label.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude)).height)
                if place { label.frame = CGRect(x: Self.textSide, y: y, width: textWidth, height: height) }
                y += height
            }
            y += metrics.textBottom
        }
        if !inputBoxes.isEmpty {
            if y == 0 { y += Self.textSide }
            for box in inputBoxes {
                if place {
                    box.frame = CGRect(x: Self.textSide, y: y, width: textWidth, height: Self.inputHeight)
                    box.subviews.first?.frame = box.bounds.insetBy(dx: Self.inputInset.width, dy: Self.inputInset.height)
                }
                y += Self.inputHeight - hairline
            }
            y += hairline + Self.textSide
        }
        let row = buttonsShareARow(width: width)
        let placed = row && buttons.last?.action.style == .cancel ? buttons.reversed() : buttons
        for (index, button) in placed.enumerated() {
            if row && index == 1 {
                let left = (width / 2).rounded()
                separator(CGRect(x: left, y: y - metrics.buttonHeight, width: hairline, height: metrics.buttonHeight))
                if place { button.frame = CGRect(x: left + hairline, y: y - metrics.buttonHeight, width: width - left - hairline, height: metrics.buttonHeight) }
                continue
            }
            if y > 0 {
                separator(CGRect(x: 0, y: y, width: width, height: hairline))
                y += hairline
            }
            let buttonWidth = row ? (width / 2).rounded() : width
            if place { button.frame = CGRect(x: 0, y: y, width: buttonWidth, height: metrics.buttonHeight) }
            y += metrics.buttonHeight
        }
        if place {
            for extra in separators[separatorIndex...] { extra.removeFromSuperview() }
            separators.removeSubrange(separatorIndex...)
            mainCard.frame = CGRect(x: 0, y: 0, width: width, height: y)
            mainCard.isHidden = y == 0
        }
        guard let cancelButton else { return y }
        let top = y > 0 ? y + Self.sheetMargin : 0
        if place {
            cancelCard.frame = CGRect(x: 0, y: top, width: width, height: metrics.buttonHeight)
            cancelButton.frame = cancelCard.bounds
        }
        return top + metrics.buttonHeight
    }
}
