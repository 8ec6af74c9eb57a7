import Raster
@testable import Transitions

/// Two 192×128 frames for the Core Image goldens, large enough to see the shapes: `from` is four
/// coloured quadrants crossed by a white grid every 16 pixels (so warps and shifts show), `to` a
/// diagonal gradient with a dark disc and a light band (so it is never confused with `from`).
enum CoreImageFixtures {
    static let size = PixelSize(uncheckedWidth: 192, height: 128)

    static let from: Bitmap = {
        let b = Bitmap(size: size)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let left = x < size.width / 2, top = y < size.height / 2
                var color: PremultipliedColor = switch (left, top) {
                case (true, true): PremultipliedColor(red: 220, green: 50, blue: 50, alpha: 255)
                case (false, true): PremultipliedColor(red: 50, green: 190, blue: 70, alpha: 255)
                case (true, false): PremultipliedColor(red: 50, green: 80, blue: 220, alpha: 255)
                case (false, false): PremultipliedColor(red: 240, green: 210, blue: 50, alpha: 255)
                }
                if x % 16 == 0 || y % 16 == 0 { color = .white }
                b[x: x, y: y] = color
            }
        }
        return b
    }()

    static let to: Bitmap = {
        let b = Bitmap(size: size)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let dx = x - 130, dy = y - 45
                if dx * dx + dy * dy < 600 {
                    b[x: x, y: y] = PremultipliedColor(red: 25, green: 25, blue: 40, alpha: 255)
                } else if (y - x / 3) % 40 < 6 {
                    b[x: x, y: y] = PremultipliedColor(red: 250, green: 240, blue: 220, alpha: 255)
                } else {
                    let t = UInt8((x + y) * 255 / (size.width + size.height))
                    b[x: x, y: y] = PremultipliedColor(red: 255 - t, green: 120, blue: t, alpha: 255)
                }
            }
        }
        return b
    }()

    /// One frame rendered directly through the transition, in one band.
    static func frame(_ transition: any Transition, progress: Double, from: Bitmap = from, to: Bitmap = to) -> Bitmap {
        let out = Bitmap(size: from.size, filledWith: PremultipliedColor(red: 1, green: 2, blue: 3, alpha: 255))
        transition.render(from: from, to: to, progress: progress, into: out, clip: out.bounds, scratch: TransitionScratch())
        return out
    }

    /// How many pixels of `frame` equal the pixel of `image` at the same place, as a fraction.
    static func fractionEqual(_ frame: Bitmap, _ image: Bitmap) -> Double {
        var same = 0
        for y in 0..<frame.height {
            let a = frame.row(y), b = image.row(y)
            for x in 0..<frame.width where a[x] == b[x] { same += 1 }
        }
        return Double(same) / Double(frame.size.area)
    }
}
