@testable import Views
import Kinescope
import XCTest

/// A data source and delegate that logs what the table asks, with rows counted per section.
@MainActor
final class TableLog: NSObject, UITableViewDataSource, UITableViewDelegate {
    var counts: [Int]
    var heights: ((IndexPath) -> CGFloat)?
    var estimates: ((IndexPath) -> CGFloat)?
    var headerTitles: [Int: String] = [:]
    var entries: [String] = []
    var cellRequests = 0
    var style: UITableViewCell.CellStyle = .default
    var onCellForRow: ((UITableView, IndexPath) -> UITableViewCell?)?
    var onWillDisplay: ((UITableView, IndexPath) -> Void)?
    var redirectSelection: IndexPath??

    init(counts: [Int]) { self.counts = counts }

    func numberOfSections(in tableView: UITableView) -> Int { counts.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cellRequests += 1
        if let custom = onCellForRow?(tableView, indexPath) { return custom }
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        cell.backgroundColor = indexPath.row % 2 == 0 ? UIColor(red: 0.9, green: 0.3, blue: 0.3, alpha: 1)
            : UIColor(red: 0.3, green: 0.3, blue: 0.9, alpha: 1)
        return cell
    }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { headerTitles[section] }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        heights?(indexPath) ?? tableView.rowHeight
    }
    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat {
        estimates?(indexPath) ?? tableView.estimatedRowHeight
    }
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        onWillDisplay?(tableView, indexPath)
    }
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        entries.append("shouldHighlight \(indexPath.row)")
        return true
    }
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        entries.append("willSelect \(indexPath.row)")
        if let redirectSelection { return redirectSelection }
        return indexPath
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { entries.append("didSelect \(indexPath.row)") }
    func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
        entries.append("willDeselect \(indexPath.row)")
        return indexPath
    }
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) { entries.append("didDeselect \(indexPath.row)") }
}

/// A delegate with no height methods: the table must use `rowHeight` in O(1).
@MainActor
final class PlainTableSource: UITableViewDataSource, UITableViewDelegate {
    var count: Int
    init(count: Int) { self.count = count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "\(indexPath.row)"
        return cell
    }
}

@MainActor
struct TableScene {
    let host: HeadlessHost
    let window: UIWindow
    let table: UITableView

    func frame() { host.advance(by: 1.0 / Double(host.runLoop.framesPerSecond)) }
}

/// A window of `size` filled by a table whose data source and delegate are `source`, laid out.
@MainActor
func makeTableScene(_ source: UITableViewDataSource & UITableViewDelegate, style: UITableView.Style = .plain,
                    size: CGSize = CGSize(width: 160, height: 200), configure: (UITableView) -> Void = { _ in }) throws -> TableScene {
    let host = try HeadlessHost(size: size)
    let window = UIWindow(frame: CGRect(origin: .zero, size: size))
    window.backgroundColor = .white
    let table = UITableView(frame: window.bounds, style: style)
    table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    configure(table)
    table.dataSource = source
    table.delegate = source
    window.addSubview(table)
    host.show(window)
    table.layoutIfNeeded()
    return TableScene(host: host, window: window, table: table)
}

/// Collects the table and collection views' diagnostics while `body` runs.
@MainActor
func capturingDiagnostics(_ body: () throws -> Void) rethrows -> [String] {
    var messages: [String] = []
    let saved = ReuseDiagnostics.sink
    ReuseDiagnostics.sink = { messages.append($0) }
    defer { ReuseDiagnostics.sink = saved }
    try body()
    return messages
}
