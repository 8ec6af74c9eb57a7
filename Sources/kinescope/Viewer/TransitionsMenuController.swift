import Kinescope

/// The viewer's transitions menu (key `t`): a grouped table of every transition the viewer can
/// run, in four sections by the API that runs it — UIKit's view transitions, Core Animation's
/// `CATransition` types, Core Image's transition filters, and view-controller transitions — with a
/// checkmark on the current one. Selecting a row calls `picked` with its name; Done (or Esc)
/// calls `picked(nil)`. The keyboard works too: ↑ and ↓ move the selection (from the current
/// transition), Return picks the selected row, `t` or Esc closes. The viewer shows it in a
/// navigation controller as a page sheet.
final class TransitionsMenuController: UITableViewController {
    struct Section {
        let title: String
        let names: [String]
    }

    /// Called with the chosen transition's name, or nil when the menu is closed without a choice.
    var picked: ((String?) -> Void)?
    let sections: [Section]
    private let current: String

    init(current: String) {
        self.current = current
        self.sections = Self.makeSections()
        super.init(style: .grouped)
        title = "Transitions"
    }

    /// Every registered transition by route, then the view-controller routes.
    static func makeSections() -> [Section] {
        var uiKit: [String] = [], layer: [String] = [], filter: [String] = []
        for type in TransitionRegistry.all {
            let name = type.name
            guard let transition = try? ViewerTransition.named(name) else { continue }
            switch transition.route {
            case .view: uiKit.append(name)
            case .layer: layer.append(name)
            case .filter: filter.append(name)
            case .controller: continue
            }
        }
        return [Section(title: "UIKit", names: uiKit), Section(title: "Core Animation", names: layer),
                Section(title: "Core Image", names: filter),
                Section(title: "View Controllers", names: ViewerTransition.controllerRoutes.map { route in route.name })]
            .filter { section in !section.names.isEmpty }
    }

    /// Where the current transition is listed, if it is.
    var currentIndexPath: IndexPath? {
        for (section, entry) in sections.enumerated() {
            if let row = entry.names.firstIndex(of: current) { return IndexPath(row: row, section: section) }
        }
        return nil
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "transition")
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .done, target: self,
                                                            action: TransitionsMenuController.close)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if let currentIndexPath { tableView.scrollToRow(at: currentIndexPath, at: .middle, animated: false) }
        becomeFirstResponder()
    }

    /// The menu takes the keys while it is shown, so that ↑ and ↓ move its selection instead of
    /// scrolling the table under the pointer.
    override var canBecomeFirstResponder: Bool { true }

    override func keyDown(_ key: UIKey) { handleKey(key) }

    func close() { picked?(nil) }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        resignFirstResponder()
    }

    /// Keys while the menu is shown: `t`/Esc close it, ↑/↓ move the selection, Return picks;
    /// other keys scroll the table.
    func handleKey(_ key: UIKey) {
        switch (key.characters, key.keysym) {
        case ("t", _), (_, 0xFF1B): close()  // t, Escape
        case (_, 0xFF52): moveSelection(by: -1)  // Up
        case (_, 0xFF54): moveSelection(by: 1)  // Down
        case (_, 0xFF0D), (_, 0xFF8D): pickSelected()  // Return, keypad Enter
        default: tableView.keyDown(key)
        }
    }

    private var allIndexPaths: [IndexPath] {
        sections.enumerated().flatMap { section, entry in entry.names.indices.map { IndexPath(row: $0, section: section) } }
    }

    /// Selects the row `offset` rows after the selected one (or the current transition's),
    /// stopping at the first and last, and scrolls it into view.
    func moveSelection(by offset: Int) {
        let rows = allIndexPaths
        guard !rows.isEmpty else { return }
        let from = (tableView.indexPathForSelectedRow ?? currentIndexPath).flatMap { rows.firstIndex(of: $0) }
        let target = from.map { min(max($0 + offset, 0), rows.count - 1) } ?? (offset < 0 ? rows.count - 1 : 0)
        tableView.selectRow(at: rows[target], animated: false, scrollPosition: .middle)
    }

    /// Picks the selected row, if one is.
    func pickSelected() {
        guard let selected = tableView.indexPathForSelectedRow else { return }
        picked?(sections[selected.section].names[selected.row])
    }

    override func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        sections[section].names.count
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        sections[section].title
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "transition", for: indexPath)
        let name = sections[indexPath.section].names[indexPath.row]
        cell.textLabel?.text = name
        cell.accessoryType = name == current ? .checkmark : .none
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        picked?(sections[indexPath.section].names[indexPath.row])
    }
}
