// kinescope-bench: Kinescope's image kernels against pixman (and cairo where it can), one core,
// 1920×1080, milliseconds per frame (median after warm-up) and the ratio peer/ours.
//   swift run -c release --package-path Benchmarks kinescope-bench [--quick]
import BenchmarkSupport
import CPixman
import Raster

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
/// `--only WORD`: run only the cases whose name contains WORD (perspective, scale, opacity).
let only = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
func wanted(_ name: String) -> Bool { only.map { name.contains($0) } ?? true }
let runs = quick ? 5 : 31
let width = 1920, height = 1080
let frame = PixelRect(x: 0, y: 0, width: width, height: height)
let photo = TestImage.photo(width: width, height: height)
let border = 2
let padded = TestImage.padded(photo, border: border)
let background = Bitmap(size: try! PixelSize(width: width, height: height), filledWith: PremultipliedColor(packed: 0xFF30_3030))

struct Row {
    let name: String
    let milliseconds: Double
    let peer: Double?
}
var rows: [Row] = []

func measure(_ body: (Bitmap) -> Void) -> Double {
    let destination = background.copy()
    return Stopwatch.medianMilliseconds(runs: runs) { body(destination) }
}

func pixmanTime(inverse: ProjectiveTransform?, opacity: Double = 1, rect: PixelRect) -> Double {
    let destination = background.copy()
    let source = Pixman.image(inverse == nil ? photo : padded)
    let target = Pixman.image(destination)
    defer { Pixman.release(source); Pixman.release(target) }
    // pixman samples the padded image: shift source coordinates by the border.
    let transform = inverse.map { Pixman.fixedTransform($0.concatenating(.translation(x: Double(border), y: Double(border)))) }
    return Stopwatch.medianMilliseconds(runs: runs) {
        Pixman.compositeOver(source: source, transform: transform, opacity: opacity, destination: target, rect: rect)
    }
}

// 1. A full-size image turned 60° about y with perspective.
if wanted("perspective") {
    let forward = Scenes.rotatedAboutY(width: width, height: height, frameWidth: width, frameHeight: height,
                                       degrees: 60, eyeDistance: 2000)
    let inverse = forward.inverted()!
    let box = Scenes.bounds(of: forward, width: width, height: height, frame: frame)
    let chain = MipmappedImage(photo)
    _ = chain.level(1)
    let peerBox = pixmanTime(inverse: inverse, rect: box)
    let peerFull = pixmanTime(inverse: inverse, rect: frame)
    rows.append(Row(name: "perspective 60° about y, bilinear", milliseconds: measure { frame in
        frame.drawImage(chain, inverseTransform: inverse, options: ImageDrawOptions(filter: .bilinear))
    }, peer: peerBox))
    rows.append(Row(name: "perspective 60° about y, mipmapped", milliseconds: measure { frame in
        frame.drawImage(chain, inverseTransform: inverse, options: ImageDrawOptions(filter: .mipmappedBilinear))
    }, peer: peerBox))
    rows.append(Row(name: "  pixman over the whole frame", milliseconds: peerFull, peer: nil))
}

// 2. Scale 0.5 and rotate 30° about the centre.
if wanted("scale") {
    let forward = Scenes.scaledAndRotated(width: width, height: height, frameWidth: width, frameHeight: height,
                                          scale: 0.5, degrees: 30)
    let inverse = forward.inverted()!
    let box = Scenes.bounds(of: forward, width: width, height: height, frame: frame)
    let chain = MipmappedImage(photo)
    let build = Stopwatch.medianMilliseconds(runs: runs) { _ = MipmappedImage.halved(photo) }
    _ = chain.level(1)
    let peer = pixmanTime(inverse: inverse, rect: box)
    let cairoDestination = background.copy()
    let cairo = Stopwatch.medianMilliseconds(runs: runs) {
        Cairo.paintOver(source: photo, inverse: inverse, destination: cairoDestination)
    }
    rows.append(Row(name: "scale 0.5 + rotate 30°, mipmapped (level 1 cached)", milliseconds: measure { frame in
        frame.drawImage(chain, inverseTransform: inverse, options: ImageDrawOptions(filter: .mipmappedBilinear))
    }, peer: peer))
    rows.append(Row(name: "scale 0.5 + rotate 30°, bilinear level 0", milliseconds: measure { frame in
        frame.drawImage(chain, inverseTransform: inverse, options: ImageDrawOptions(filter: .bilinear))
    }, peer: peer))
    rows.append(Row(name: "  cairo bilinear, same map", milliseconds: cairo, peer: nil))
    rows.append(Row(name: "  mip level 1 build (once per image)", milliseconds: build, peer: nil))
}

// 2b. Axis-aligned scale (no rotation): 1920×1080 → 1440×810, centred.
if wanted("scale") {
    let forward = Scenes.scaledAndRotated(width: width, height: height, frameWidth: width, frameHeight: height,
                                          scale: 0.75, degrees: 0)
    let inverse = forward.inverted()!
    let box = Scenes.bounds(of: forward, width: width, height: height, frame: frame)
    let chain = MipmappedImage(photo)
    let peer = pixmanTime(inverse: inverse, rect: box)
    rows.append(Row(name: "scale 0.75, axis-aligned", milliseconds: measure { frame in
        frame.drawImage(chain, inverseTransform: inverse, options: ImageDrawOptions(filter: .mipmappedBilinear))
    }, peer: peer))
}

// 3. Plain opacity blend: the whole image at 50 % over the frame.
if wanted("opacity") {
    let chain = MipmappedImage(photo)
    let peer = pixmanTime(inverse: nil, opacity: 0.5, rect: frame)
    rows.append(Row(name: "opacity 0.5 blend, identity", milliseconds: measure { frame in
        frame.drawImage(chain, inverseTransform: .identity, options: ImageDrawOptions(opacity: 0.5))
    }, peer: peer))
}

func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
func fixed(_ v: Double, _ digits: Int = 2) -> String {
    var s = String(Int((v * 100).rounded()))
    while s.count < 3 { s = "0" + s }
    return String(s.dropLast(2)) + "." + String(s.suffix(2))
}

print("kinescope-bench: \(width)x\(height), one thread, CPU ms per frame (thread CPU clock), median of \(runs) runs after 2 warm-up runs\(quick ? " (--quick)" : "")")
print(pad("case", 52) + lpad("ours ms", 9) + lpad("fps", 8) + lpad("pixman ms", 11) + lpad("pixman/ours", 13))
for row in rows {
    var line = pad(row.name, 52) + lpad(fixed(row.milliseconds), 9) + lpad(String(Int((1000 / row.milliseconds).rounded())), 8)
    if let peer = row.peer {
        line += lpad(fixed(peer), 11) + lpad(fixed(peer / row.milliseconds) + "x", 13)
    }
    print(line)
}
