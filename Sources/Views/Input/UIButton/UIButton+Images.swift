import Geometry
import Graphics
import Layers
import Raster

/// How a button changes an image for its state.
enum ImageAdjustment: Sendable {
    case none
    /// Highlighted `.custom` button: mixed with black at 45 %, alpha kept.
    case darker
    /// Disabled button: mixed with white at 40 %, alpha kept.
    case lighter
}

extension UIImage {
    /// A copy with every pixel's colour mixed toward black (`.darker`) or white (`.lighter`) and
    /// its alpha kept, as if the colour were painted over the image's own pixels only.
    func adjusted(_ adjustment: ImageAdjustment) -> UIImage {
        guard let source = cgImage?.bitmap, adjustment != .none else { return self }
        let result = source.copy()
        // Premultiplied: toward black scales each channel; toward white moves it toward alpha.
        let keep: UInt32 = adjustment == .darker ? 141 : 153 // of 256: 55 %, 60 %
        for y in 0..<result.height {
            let row = result.row(y)
            for x in 0..<row.count {
                let pixel = row[x]
                let alpha = pixel >> 24
                guard alpha != 0 else { continue }
                var out = alpha << 24
                for shift: UInt32 in [0, 8, 16] {
                    let channel = (pixel >> shift) & 0xFF
                    let mixed = adjustment == .darker
                        ? channel * keep / 256
                        : (channel * keep + alpha * (256 - keep)) / 256
                    out |= min(mixed, alpha) << shift
                }
                row[x] = out
            }
        }
        return UIImage(cgImage: CGImage(bitmap: result), scale: scale)
    }
}

/// The glyphs of UIKit's info, disclosure, add and close buttons, drawn with analytic
/// anti-aliasing (4×4 samples a pixel) at the screen's scale.
enum ButtonGlyph {
    /// The glyph for `type` (nil for `.custom` and `.system`), in `tint` where UIKit tints it.
    static func image(for type: UIButton.ButtonType, tint: UIColor) -> UIImage? {
        switch type {
        case .custom, .system: nil
        case .detailDisclosure, .infoLight, .infoDark:
            draw(size: 22, layers: [(tint.cgColor, { p in max(ring(p), dot(p), stem(p)) })])
        case .contactAdd:
            draw(size: 22, layers: [(tint.cgColor, { p in max(ring(p), plus(p)) })])
        case .close:
            draw(size: 30, layers: [
                (UIColor(red: 229.0 / 255, green: 229.0 / 255, blue: 234.0 / 255, alpha: 1).cgColor,
                 { p in disc(p, center: 15, radius: 15) }),
                (UIColor.systemGray.cgColor, { p in cross(p) }),
            ])
        }
    }

    /// The `showsTouchWhenHighlighted` glow: a 40-point white disc whose alpha falls from 0.9 at
    /// the centre to 0 at the edge, quadratically.
    static func glow() -> UIImage {
        draw(size: 40, layers: [(UIColor(white: 1, alpha: 1).cgColor, { p in
            let r = min(1, hypot(p.x - 20, p.y - 20) / 20)
            return 0.9 * (1 - r) * (1 - r)
        })])
    }

    /// 1 inside the ring of radius 10 (1.5 points wide) centred in a 22-point square, else 0.
    private static func ring(_ p: CGPoint) -> CGFloat {
        abs(hypot(p.x - 11, p.y - 11) - 9.25) <= 0.75 ? 1 : 0
    }

    private static func dot(_ p: CGPoint) -> CGFloat { disc(p, center: 11, y: 6.75, radius: 1.25) }

    private static func stem(_ p: CGPoint) -> CGFloat {
        p.x >= 10 && p.x <= 12 && p.y >= 9 && p.y <= 16 ? 1 : 0
    }

    private static func plus(_ p: CGPoint) -> CGFloat {
        let bar = { (along: CGFloat, across: CGFloat) -> Bool in along >= 6 && along <= 16 && abs(across - 11) <= 1 }
        return bar(p.x, p.y) || bar(p.y, p.x) ? 1 : 0
    }

    private static func cross(_ p: CGPoint) -> CGFloat {
        // Two strokes 2 points wide from (10.5, 10.5) to (19.5, 19.5) and across.
        func segment(_ a: CGPoint, _ b: CGPoint) -> Bool {
            let d = CGPoint(x: b.x - a.x, y: b.y - a.y)
            let t = max(0, min(1, ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / (d.x * d.x + d.y * d.y)))
            return hypot(p.x - a.x - t * d.x, p.y - a.y - t * d.y) <= 1
        }
        return segment(CGPoint(x: 10.5, y: 10.5), CGPoint(x: 19.5, y: 19.5))
            || segment(CGPoint(x: 19.5, y: 10.5), CGPoint(x: 10.5, y: 19.5)) ? 1 : 0
    }

    private static func disc(_ p: CGPoint, center: CGFloat, y: CGFloat? = nil, radius: CGFloat) -> CGFloat {
        hypot(p.x - center, p.y - (y ?? center)) <= radius ? 1 : 0
    }

    /// A `size`-point square image: each layer's colour painted, in order, with the coverage its
    /// function gives at points (in points, y down).
    private static func draw(size: CGFloat, layers: [(color: CGColor, coverage: (CGPoint) -> CGFloat)]) -> UIImage {
        let scale = kinescopeScreenScale
        let pixels = Int((size * scale).rounded())
        let bitmap = Bitmap(width: pixels, height: pixels)
        let samples = 4
        for y in 0..<pixels {
            for x in 0..<pixels {
                var r = 0.0, g = 0.0, b = 0.0, a = 0.0
                for (color, coverage) in layers {
                    var covered = 0.0
                    for sy in 0..<samples {
                        for sx in 0..<samples {
                            let point = CGPoint(x: (CGFloat(x) + (CGFloat(sx) + 0.5) / CGFloat(samples)) / scale,
                                                y: (CGFloat(y) + (CGFloat(sy) + 0.5) / CGFloat(samples)) / scale)
                            covered += Double(coverage(point))
                        }
                    }
                    let alpha = Double(color.alpha) * covered / Double(samples * samples)
                    r = Double(color.red) * alpha + r * (1 - alpha)
                    g = Double(color.green) * alpha + g * (1 - alpha)
                    b = Double(color.blue) * alpha + b * (1 - alpha)
                    a = alpha + a * (1 - alpha)
                }
                func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
                bitmap[x: x, y: y] = PremultipliedColor(red: byte(r), green: byte(g), blue: byte(b), alpha: byte(a))
            }
        }
        return UIImage(cgImage: CGImage(bitmap: bitmap), scale: scale)
    }
}
