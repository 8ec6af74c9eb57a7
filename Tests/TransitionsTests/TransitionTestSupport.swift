import Raster
@testable import Transitions

/// Two 96×64 frames that differ everywhere and are not mirror images of each other: `from` is
/// four coloured quadrants, `to` a diagonal gradient with a dark disc off centre.
enum TransitionFixtures {
    static let size = PixelSize(uncheckedWidth: 96, height: 64)

    static let from: Bitmap = {
        let b = Bitmap(size: size)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let left = x < size.width / 2, top = y < size.height / 2
                b[x: x, y: y] = switch (left, top) {
                case (true, true): PremultipliedColor(red: 230, green: 40, blue: 40, alpha: 255)
                case (false, true): PremultipliedColor(red: 40, green: 210, blue: 60, alpha: 255)
                case (true, false): PremultipliedColor(red: 40, green: 70, blue: 230, alpha: 255)
                case (false, false): PremultipliedColor(red: 245, green: 225, blue: 40, alpha: 255)
                }
            }
        }
        return b
    }()

    static let to: Bitmap = {
        let b = Bitmap(size: size)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let dx = x - 60, dy = y - 24
                if dx * dx + dy * dy < 200 {
                    b[x: x, y: y] = PremultipliedColor(red: 20, green: 20, blue: 30, alpha: 255)
                } else {
                    let t = UInt8((x + y) * 255 / (size.width + size.height))
                    b[x: x, y: y] = PremultipliedColor(red: 255 - t, green: 128, blue: t, alpha: 255)
                }
            }
        }
        return b
    }()

    /// Renders one frame directly through the transition (no renderer shortcuts), in one band.
    static func frame(_ transition: any Transition, progress: Double, from: Bitmap = from, to: Bitmap = to) -> Bitmap {
        let out = Bitmap(size: from.size, filledWith: PremultipliedColor(red: 1, green: 2, blue: 3, alpha: 255))
        transition.render(from: from, to: to, progress: progress, into: out, clip: out.bounds, scratch: TransitionScratch())
        return out
    }
}
