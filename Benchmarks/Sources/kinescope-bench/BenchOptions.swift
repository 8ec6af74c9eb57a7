import Foundation

/// The command line: `[--quick] [--json PATH] [--threads N] [--only WORD] [--kinescope PATH]`.
struct BenchOptions: Sendable {
    /// Fewer runs and frames: a smoke test of the benchmark, not figures to quote.
    var quick = false
    var jsonPath: String?
    /// The "all threads" count; default: the active processors.
    var threads = ProcessInfo.processInfo.activeProcessorCount
    /// Runs only the sections or cases whose name contains this (case-insensitive).
    var only: String?
    /// The release `kinescope` binary for the ffmpeg and viewer sections.
    var kinescopePath: String?

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ arguments: [String]) throws(Failure) -> BenchOptions {
        var options = BenchOptions()
        var rest = arguments[...]
        func value(_ flag: String) throws(Failure) -> String {
            guard let v = rest.popFirst() else { throw Failure(description: "\(flag) needs a value") }
            return v
        }
        while let word = rest.popFirst() {
            switch word {
            case "--quick": options.quick = true
            case "--json": options.jsonPath = try value(word)
            case "--only": options.only = try value(word).lowercased()
            case "--kinescope": options.kinescopePath = try value(word)
            case "--threads":
                let text = try value(word)
                guard let n = Int(text), (1...64).contains(n) else {
                    throw Failure(description: "--threads \(text): expected a whole number in 1...64")
                }
                options.threads = n
            default:
                throw Failure(description: "unknown argument '\(word)'; expected --quick, --json PATH, --threads N, --only WORD, --kinescope PATH")
            }
        }
        return options
    }

    /// Timed runs per case (medians are taken over them, after two warm-up runs).
    var runs: Int { quick ? 5 : 21 }

    /// The thread counts each threaded case runs with: one, and all (when more than one).
    var threadCounts: [Int] { threads > 1 ? [1, threads] : [1] }

    static let sections = ["kernels", "strokes", "paint", "text", "transitions", "layers", "specialized", "demos", "scroll", "navigation", "layout", "ffmpeg", "recording", "viewer"]

    /// Whether a section runs: all without `--only`; with it, the section it names, or every
    /// section when it names none (then only the cases whose names contain the word are kept).
    func runs(section: String) -> Bool {
        guard let only else { return true }
        return section.contains(only) || !Self.sections.contains { $0.contains(only) }
    }

    /// Whether a case runs (checked by sections before measuring it).
    func wants(_ caseName: String) -> Bool {
        guard let only else { return true }
        return Self.sections.contains { $0.contains(only) } || caseName.lowercased().contains(only)
    }

    var summary: String {
        "\(runs) timed runs per case after 2 warm-ups (medians); 1 thread = that thread's CPU time, "
            + "\(threads) threads = wall time\(quick ? " (--quick: indicative only)" : "")"
    }
}

/// Frame sizes the kernel cases run at.
let kernelSizes = [(1280, 720), (1920, 1080)]

func sizeText(_ width: Int, _ height: Int) -> String { "\(width)x\(height)" }
