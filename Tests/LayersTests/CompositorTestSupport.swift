import Geometry
import Graphics
import KinescopeTestSupport
import Raster
@testable import Layers

/// A 64×48 test picture whose orientation shows at a glance: red top-left, green top-right,
/// blue bottom-left, yellow bottom-right, with a white cross through the middle.
func quadrantImage(width: Int = 64, height: Int = 48) -> CGImage {
    let bitmap = Bitmap(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            let left = x < width / 2, top = y < height / 2
            var color: PremultipliedColor = switch (left, top) {
            case (true, true): .init(red: 220, green: 40, blue: 40, alpha: 255)
            case (false, true): .init(red: 40, green: 200, blue: 60, alpha: 255)
            case (true, false): .init(red: 40, green: 70, blue: 220, alpha: 255)
            case (false, false): .init(red: 240, green: 220, blue: 40, alpha: 255)
            }
            if abs(x - width / 2) < 2 || abs(y - height / 2) < 2 { color = .white }
            bitmap[x: x, y: y] = color
        }
    }
    return CGImage(bitmap: bitmap)
}

/// A root layer of `width`×`height` points at the origin with a grey background.
func rootLayer(width: CGFloat = 160, height: CGFloat = 120) -> CALayer {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: width, height: height)
    root.position = CGPoint(x: width / 2, y: height / 2)
    root.backgroundColor = CGColor(gray: 0.5, alpha: 1)
    return root
}

/// Renders the tree into a new bitmap of the root's size.
func render(_ root: CALayer, threads: Int = 1) -> Bitmap {
    let bitmap = Bitmap(width: Int(root.bounds.width), height: Int(root.bounds.height))
    Compositor(threadCount: threads).render(root.makeRenderNode(), into: bitmap)
    return bitmap
}

func imageLayer(_ image: CGImage, frame: CGRect) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.contents = image
    return layer
}
