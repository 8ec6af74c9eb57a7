@preconcurrency import Glibc

/// A one-line progress bar on standard error, drawn only when standard error is a terminal, so
/// that pipes and log files get nothing. Redraws at most once per whole percent.
struct ProgressBar {
    private let total: Int
    private let label: String
    private let enabled: Bool
    private var lastPercent = -1

    /// `total` ≥ 1 steps; `label` is shown before the bar ("fade").
    init(total: Int, label: String, enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = max(1, total)
        self.label = label
        self.enabled = enabled
    }

    /// Shows `done` of `total` steps.
    mutating func update(_ done: Int) {
        guard enabled else { return }
        let percent = min(100, done * 100 / total)
        guard percent != lastPercent else { return }
        lastPercent = percent
        let width = 30
        let filled = percent * width / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        fputs("\r\(label) [\(bar)] \(done)/\(total) frames", stderr)
    }

    /// Ends the line, leaving the last state visible.
    func finish() {
        guard enabled, lastPercent >= 0 else { return }
        fputs("\n", stderr)
    }
}
