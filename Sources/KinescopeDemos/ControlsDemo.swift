import Kinescope

/// The standard controls in a settings-like column: white rows on iOS's grouped gray, each
/// with a label and a control, wired together as an app would — the switch starts and stops
/// the spinner, the slider drives the progress bar, the stepper counts copies, the segmented
/// control and the page control name what they picked, and the filled button animates the
/// progress bar to a new value.
final class ControlsDemoViewController: UIViewController {
    private static let rowHeight: CGFloat = 52
    private static let groupedBackground = UIColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255, alpha: 1)

    private var rows: [(row: UIView, label: UILabel, control: UIView)] = []
    private let toggle = UISwitch()
    private let spinner = UIActivityIndicatorView(style: .medium)
    private let slider = UISlider(frame: .zero)
    private let progress = UIProgressView(progressViewStyle: .default)
    private let stepper = UIStepper()
    private let units = UISegmentedControl(items: ["Metric", "Imperial", "Nautical"])
    private let pages = UIPageControl()
    private let buttons: [UIButton] = {
        let styles: [(String, UIButton.Configuration)] = [("Animate", .filled()), ("Tinted", .tinted()), ("Gray", .gray()),
                                                          ("Plain", .plain())]
        return styles.map { title, base in
            var configuration = base
            configuration.title = title
            configuration.buttonSize = .small
            return UIButton(configuration: configuration)
        }
    }()
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
        let buttonRow = UIView(frame: .zero)
        for button in buttons { buttonRow.addSubview(button) }
        addRow("Spinner", toggle, accessory: spinner)
        addRow("Brightness", slider)
        addRow("Progress", progress)
        addRow("Copies: 1", stepper, key: "copies")
        addRow("Units: Metric", units, key: "units")
        addRow("Page 1 of 5", pages, key: "page")
        addRow("Buttons", buttonRow)

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
    }

    private func addRow(_ title: String, _ control: UIView, accessory: UIView? = nil, key: String? = nil) {
        let row = UIView(frame: .zero)
        row.backgroundColor = .white
        let label = UILabel(frame: .zero)
        label.text = title
        label.font = .systemFont(ofSize: 17)
        row.addSubview(label)
        row.addSubview(control)
        if let accessory { row.addSubview(accessory) }
        view.addSubview(row)
        rows.append((row, label, control))
        if let key { labels[key] = label }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let width = min(view.bounds.width - 32, 480)
        let left = ((view.bounds.width - width) / 2).rounded()
        var y: CGFloat = 24
        for (row, label, control) in rows {
            row.frame = CGRect(x: left, y: y, width: width, height: Self.rowHeight)
            label.frame = CGRect(x: 16, y: 0, width: 124, height: Self.rowHeight)
            let room = CGRect(x: 140, y: 0, width: width - 156, height: Self.rowHeight)
            let size = control.intrinsicContentSize
            let controlWidth = size.width > 0 ? min(size.width, room.width) : room.width
            let controlHeight = size.height > 0 ? size.height : Self.rowHeight
            control.frame = CGRect(x: room.maxX - controlWidth, y: ((Self.rowHeight - controlHeight) / 2).rounded(),
                                   width: controlWidth, height: controlHeight)
            y += Self.rowHeight + 1
        }
        spinner.center = CGPoint(x: toggle.frame.minX - 24, y: toggle.frame.midY)
        if let buttonRow = buttons.first?.superview {
            var x = buttonRow.bounds.width
            for button in buttons.reversed() {
                button.sizeToFit()
                x -= button.bounds.width
                button.frame.origin = CGPoint(x: x, y: ((buttonRow.bounds.height - button.bounds.height) / 2).rounded())
                x -= 8
            }
        }
    }
}
