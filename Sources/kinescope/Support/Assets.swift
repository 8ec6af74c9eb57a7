import Foundation
import Kinescope

/// Finds the demo images: `KINESCOPE_ASSETS`, else the `assets` folder of the source tree the
/// binary was built in (`.build/<config>/kinescope` or `build/bin/kinescope`), else `./assets`.
enum Assets {
    static let demoImageNames = ["Anchor", "Cone", "Igloo", "Spaceship"]

    static var folder: URL {
        let fileManager = FileManager.default
        if let configured = ProcessInfo.processInfo.environment["KINESCOPE_ASSETS"] {
            return URL(fileURLWithPath: configured)
        }
        var candidate = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let assets = candidate.appendingPathComponent("assets")
            if fileManager.fileExists(atPath: assets.appendingPathComponent("Anchor.png").path) { return assets }
            candidate.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: fileManager.currentDirectoryPath).appendingPathComponent("assets")
    }

    /// The paths of the four demo images.
    static var demoImagePaths: [String] {
        demoImageNames.map { folder.appendingPathComponent("\($0).png").path }
    }
}
