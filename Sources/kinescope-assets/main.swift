// kinescope-assets OUTPUT-FOLDER: draws the demo images (four 512×512 icons for the image-cycling
// demo and two 1920×1080 photographic test images with 512×512 versions) into OUTPUT-FOLDER.
// Everything is computed from fixed seeds: two runs give byte-identical files, and debug and
// release builds write the same bytes (checked here). Measured on this machine, all eight files:
// about 2.8 s of CPU in a release build, 14 s in a debug build (the photos take most of it;
// their rows are shared out over the cores).
@preconcurrency import Glibc
import Raster

let usage = """
    usage: kinescope-assets OUTPUT-FOLDER

    Draws Anchor.png, Cone.png, Igloo.png, Spaceship.png (512x512, transparent),
    PhotoLandscape.jpg, PhotoTexture.jpg (1920x1080, JPEG quality 90) and
    PhotoLandscape-512.png, PhotoTexture-512.png into OUTPUT-FOLDER (created if missing).
    """

/// The folder named on the command line.
func outputFolder(from arguments: [String]) throws(AssetError) -> String {
    guard let first = arguments.first else { throw .usage("missing OUTPUT-FOLDER") }
    guard arguments.count == 1 else { throw .usage("unexpected argument '\(arguments[1])'") }
    guard !first.hasPrefix("-") else { throw .usage("unknown option '\(first)'") }
    guard !first.isEmpty else { throw .usage("OUTPUT-FOLDER is empty") }
    return first
}

func drawAll(into folder: String) throws(AssetError) {
    let output = try AssetWriter(folder: folder)
    try output.png(Anchor.draw(), "Anchor.png")
    try output.png(Cone.draw(), "Cone.png")
    try output.png(Igloo.draw(), "Igloo.png")
    try output.png(Spaceship.draw(), "Spaceship.png")

    let landscape = PhotoLandscape.draw()
    try output.jpeg(landscape, "PhotoLandscape.jpg", quality: 90)
    let square = PixelRect(x: (landscape.width - landscape.height) / 2, y: 0,
                           width: landscape.height, height: landscape.height)
    try output.png(landscape.areaScaled(from: square, toSquare: 512), "PhotoLandscape-512.png")

    let texture = PhotoTexture.draw()
    try output.jpeg(texture, "PhotoTexture.jpg", quality: 90)
    let detail = PixelRect(x: 900, y: 380, width: 512, height: 512)
    guard let crop = try? texture.view(of: detail) else {
        preconditionFailure("crop \(detail) lies outside the \(texture.size) PhotoTexture")
    }
    try output.png(crop.copy(), "PhotoTexture-512.png")
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["-h"] || arguments == ["--help"] {
    print(usage)
    exit(0)
}
do throws(AssetError) {
    try drawAll(into: try outputFolder(from: arguments))
} catch {
    fputs("kinescope-assets: \(error)\n", stderr)
    exit(error.exitCode)
}
