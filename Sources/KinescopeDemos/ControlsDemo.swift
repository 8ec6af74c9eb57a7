import Kinescope

/// A settings-like screen laid out with stack views and constraints: white rows on iOS's grouped
/// gray, each a horizontal `UIStackView` of a label and a control, in a vertical one pinned under
/// the top. The controls are wired as an app would: the switch starts and stops the spinner, the
/// slider drives the progress bar, the stepper counts copies, the segmented and page controls
/// name what they picked, the name field and the notes view take typing (Return in the field
/// ends editing), Play animates the progress bar, Alert asks for a new name in an alert with
/// a text field, and Panel slides a panel up from the bottom by animating its constraint's
/// constant inside `UIView.animate` with `layoutIfNeeded()` (a click on the panel slides it away).
final class ControlsDemoViewController: UIViewController, UITextFieldDelegate {
    private static let rowHeight: CGFloat = 52
    private static let panelHeight: CGFloat = 120
    private static let groupedBackground = UIColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255, alpha: 1)

    private let column = UIStackView()
    private let toggle = UISwitch()
    private let spinner = UIActivityIndicatorView(style: .medium)
    private let slider = UISlider(frame: .zero)
    private let progress = UIProgressView(progressViewStyle: .default)
    private let stepper = UIStepper()
    private let units = UISegmentedControl(items: ["Metric", "Imperial", "Nautical"])
    private let pages = UIPageControl()
    private let name = UITextField(frame: .zero)
    private let notes = UITextView(frame: .zero)
    private let buttons: [UIButton] = {
        // The third: an outlined capsule (the background's stroke in the tint) with a semibold
        // attributed title.
        var outlined = UIButton.Configuration.plain()
        outlined.background.strokeWidth = 1
        outlined.cornerStyle = .capsule
        var panelTitle = AttributedString("Panel")
        panelTitle.font = .systemFont(ofSize: 15, weight: .semibold)
        outlined.attributedTitle = panelTitle
        let styles: [(String?, UIButton.Configuration)] = [("Play", .filled()), ("Alert", .tinted()), (nil, outlined)]
        return styles.map { title, base in
            var configuration = base
            configuration.buttonSize = .small
            if let title { configuration.title = title }
            return UIButton(configuration: configuration)
        }
    }()
    private let panel = UIView(frame: .zero)
    private var panelTop: NSLayoutConstraint?
    private var labels: [String: UILabel] = [:]

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Self.groupedBackground
        slider.value = 0.35
        progress.progress = 0.35
        toggle.isOn = true
        spinner.startAnimating()
        units.selectedSegmentIndex = 0
        pages.numberOfPages = 5
        stepper.maximumValue = 20
        stepper.value = 1
        name.placeholder = "Your name"
        name.borderStyle = .roundedRect
        name.clearButtonMode = .whileEditing
        name.delegate = self
        notes.text = "Notes: click here and type."
        notes.font = .systemFont(ofSize: 15)

        column.axis = .vertical
        column.spacing = 1
        column.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(column)
        // Up to 480 points, and never wider than the screen: above every row's wishes, so a
        // narrow screen squeezes the rows' labels rather than pushing the column off the edges.
        let width = column.widthAnchor.constraint(equalTo: view.widthAnchor, constant: -32)
        width.priority = .init(999)
        NSLayoutConstraint.activate([
            column.topAnchor.constraint(equalTo: view.topAnchor, constant: 24),
            column.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            column.widthAnchor.constraint(lessThanOrEqualToConstant: 480),
            width,
        ])
        addRow("Spinner", [spinner, toggle])
        addRow("Brightness", [slider], fills: true)
        addRow("Progress", [progress], fills: true)
        addRow("Copies: 1", [stepper], key: "copies")
        addRow("Units: Metric", [units], key: "units")
        addRow("Page 1 of 5", [pages], key: "page")
        addRow("Name", [name], fills: true)
        addRow("Notes", [notes], fills: true, height: 96)
        addRow("Buttons", buttons)
        makePanel()
        wire()
    }

    /// A row: the label, a flexible gap (unless the controls fill the row), the controls.
    private func addRow(_ title: String, _ controls: [UIView], fills: Bool = false, key: String? = nil,
                        height: CGFloat = rowHeight) {
        let label = UILabel(frame: .zero)
        label.text = title
        label.font = .systemFont(ofSize: 17)
        // Below the controls' compression resistance: on a narrow screen the label gives way
        // (first its preferred width, then its text, truncated), not the controls.
        let labelWidth = label.widthAnchor.constraint(equalToConstant: 124)
        labelWidth.priority = .init(740)
        labelWidth.isActive = true
        label.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        // …but keeps a stub of its text (48 points: "Unit…") before the controls squeeze, and
        // never goes below zero, which a view without a minimum width otherwise could.
        let stub = label.widthAnchor.constraint(greaterThanOrEqualToConstant: 48)
        stub.priority = .init(760)
        stub.isActive = true
        label.widthAnchor.constraint(greaterThanOrEqualToConstant: 0).isActive = true
        var views: [UIView] = [label]
        if !fills {
            let gap = UIView(frame: .zero)
            gap.setContentHuggingPriority(.init(1), for: .horizontal)
            // A view without content has no width of its own to defend: without this the solver
            // keeps the label's preferred width by giving the gap a negative one (as UIKit's
            // would), and the controls overlap the label.
            gap.widthAnchor.constraint(greaterThanOrEqualToConstant: 0).isActive = true
            views.append(gap)
            for control in controls { control.setContentHuggingPriority(.required, for: .horizontal) }
        }
        views += controls
        let row = UIStackView(arrangedSubviews: views)
        row.axis = .horizontal
        row.alignment = fills && controls.first is UITextView ? .fill : .center
        row.spacing = 8
        row.backgroundColor = .white
        row.isLayoutMarginsRelativeArrangement = true
        row.layoutMargins = UIEdgeInsets(top: 6, left: 16, bottom: 6, right: 16)
        row.heightAnchor.constraint(equalToConstant: height).isActive = true
        column.addArrangedSubview(row)
        if let key { labels[key] = label }
    }

    /// The panel waits below the bottom edge; `panelTop` moves it.
    private func makePanel() {
        panel.backgroundColor = UIColor(red: 0.0, green: 0.48, blue: 1.0, alpha: 1)
        panel.layer.cornerRadius = 16
        panel.translatesAutoresizingMaskIntoConstraints = false
        let caption = UILabel(frame: .zero)
        caption.text = "Slid in by its constraint — click to close"
        caption.textColor = .white
        caption.textAlignment = .center
        caption.numberOfLines = 0
        caption.translatesAutoresizingMaskIntoConstraints = false
        panel.addSubview(caption)
        view.addSubview(panel)
        let top = panel.topAnchor.constraint(equalTo: view.bottomAnchor)
        panelTop = top
        NSLayoutConstraint.activate([
            top,
            panel.leadingAnchor.constraint(equalTo: column.leadingAnchor),
            panel.trailingAnchor.constraint(equalTo: column.trailingAnchor),
            panel.heightAnchor.constraint(equalToConstant: Self.panelHeight),
            caption.leadingAnchor.constraint(equalTo: panel.leadingAnchor, constant: 16),
            caption.trailingAnchor.constraint(equalTo: panel.trailingAnchor, constant: -16),
            caption.centerYAnchor.constraint(equalTo: panel.centerYAnchor),
        ])
        panel.addGestureRecognizer(UITapGestureRecognizer(target: self, action: ControlsDemoViewController.hidePanel))
    }

    private func wire() {
        toggle.addAction(UIAction { [unowned self] _ in
            if toggle.isOn { spinner.startAnimating() } else { spinner.stopAnimating() }
        }, for: .valueChanged)
        slider.addAction(UIAction { [unowned self] _ in progress.progress = slider.value }, for: .valueChanged)
        stepper.addAction(UIAction { [unowned self] _ in labels["copies"]?.text = "Copies: \(Int(stepper.value))" }, for: .valueChanged)
        units.addAction(UIAction { [unowned self] _ in
            labels["units"]?.text = "Units: \(units.titleForSegment(at: units.selectedSegmentIndex) ?? "")"
        }, for: .valueChanged)
        pages.addAction(UIAction { [unowned self] _ in labels["page"]?.text = "Page \(pages.currentPage + 1) of 5" }, for: .valueChanged)
        buttons[0].addAction(UIAction { [unowned self] _ in
            let next: Float = progress.progress < 0.5 ? 0.9 : 0.1
            progress.setProgress(next, animated: true)
            slider.setValue(next, animated: true)
        }, for: .primaryActionTriggered)
        buttons[1].addAction(UIAction { [unowned self] _ in askForName() }, for: .primaryActionTriggered)
        buttons[2].addAction(UIAction { [unowned self] _ in showPanel() }, for: .primaryActionTriggered)
    }

    private func askForName() {
        let alert = UIAlertController(title: "Rename", message: "Enter the name to show.", preferredStyle: .alert)
        alert.addTextField { [name] field in
            field.placeholder = "Name"
            field.text = name.text
        }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Rename", style: .default) { [unowned self, unowned alert] _ in
            name.text = alert.textFields?.first?.text
        })
        present(alert, animated: true)
    }

    private func showPanel() {
        view.endEditing(true)
        movePanel(to: -Self.panelHeight - 16)
    }

    private func hidePanel() {
        movePanel(to: 0)
    }

    /// The constraint animation idiom: change the constant, then lay out inside the block.
    private func movePanel(to constant: CGFloat) {
        view.layoutIfNeeded()
        panelTop?.constant = constant
        UIView.animate(withDuration: 0.4, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0) {
            self.view.layoutIfNeeded()
        }
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        textField.resignFirstResponder()
        return true
    }
}
