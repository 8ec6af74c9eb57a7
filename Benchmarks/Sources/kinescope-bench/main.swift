// kinescope-bench: Kinescope side by side with pixman, cairo, libpng and ffmpeg, measured in the
// same run, and the frame budget of the demos, the recording throughput and the viewer's costs.
//   swift run -c release --package-path Benchmarks -Xswiftc -target-cpu -Xswiftc haswell \
//       kinescope-bench [--quick] [--json PATH] [--threads N] [--only WORD] [--kinescope PATH]
// Sections (`--only` matches a section or a case name): kernels, strokes, paint, transitions, layers, demos, ffmpeg,
// recording, viewer. BENCHMARKS.md at the top of the repository holds the latest table.
// Sections (`--only` matches a section or a case name): kernels, strokes, transitions, layers, specialized, demos, scroll,
// layout, ffmpeg, recording, viewer. BENCHMARKS.md at the top of the repository holds the latest table.
import BenchmarkSupport
import Foundation

let options: BenchOptions
do {
    options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("kinescope-bench: \(error)\n".utf8))
    exit(64)
}

/// `/proc/loadavg`'s 1-minute figure: the machine is shared, so the table says how busy it was.
func loadAverage() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").first.map(String.init) ?? "?"
}

var records: [BenchRecord] = []
var notes: [String] = []
let loadAtStart = loadAverage()
@MainActor
func section(_ name: String, _ body: () throws -> ([BenchRecord], [String])) {
    guard options.runs(section: name) else { return }
    FileHandle.standardError.write(Data("kinescope-bench: \(name)…\n".utf8))
    do {
        let (found, said) = try body()
        let kept = found.filter { options.wants($0.name) }
        records += kept
        if !kept.isEmpty { notes += said }
    } catch {
        notes.append("\(name): not measured — \(error)")
    }
}

section("kernels") { (KernelBenchmarks(options: options).run(), KernelBenchmarks.notes) }
section("strokes") { (StrokeBenchmarks(options: options).run(), StrokeBenchmarks.notes) }
section("paint") { (PaintBenchmarks(options: options).run(), PaintBenchmarks.notes) }
section("text") { (TextBenchmarks(options: options).run(), TextBenchmarks.notes) }
section("transitions") { (TransitionBenchmarks(options: options).run(), TransitionBenchmarks.notes) }
section("layers") { (LayerTreeBenchmarks(options: options).run(), LayerTreeBenchmarks.notes) }
section("specialized") {
    (SpecializedLayerBenchmarks(options: options).run() + ReplicatorLayerBenchmarks(options: options).run(),
     SpecializedLayerBenchmarks.notes + ReplicatorLayerBenchmarks.notes)
}
section("demos") { try MainActor.assumeIsolated { try DemoBenchmarks(options: options).run() } }
section("scroll") { try MainActor.assumeIsolated { try ScrollBenchmarks(options: options).run() } }
section("navigation") { try MainActor.assumeIsolated { try NavigationBenchmarks(options: options).run() } }
section("layout") { MainActor.assumeIsolated { LayoutBenchmarks(options: options).run() } }
section("ffmpeg") { try ToolBenchmarks(options: options).ffmpeg() }
section("recording") { try RecordingBenchmarks(options: options).run() }
section("viewer") { try ToolBenchmarks(options: options).viewer() }

print("kinescope-bench: \(options.summary); load average \(loadAtStart) at the start, \(loadAverage()) at the end, \(ProcessInfo.processInfo.activeProcessorCount) cores")
print(Table.render(records), terminator: "")
for note in notes { print("note: \(note)") }
if let path = options.jsonPath {
    do {
        try JSONReport.encode(records).write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("kinescope-bench: cannot write \(path): \(error)\n".utf8))
        exit(73)
    }
}
