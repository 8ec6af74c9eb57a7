import Glibc
import Raster

/// `PhotoTexture`: a photographic-style 1920×1080 still life of materials for compositor tests
/// and benchmarks: a framed mosaic of rounded pebbles on the left, a woven tartan swatch (a fine
/// two-pixel weave, slightly rotated) and a painted hue-and-shade card on the right, all lying
/// on wooden planks with soft shadows, under colour film grain. It is dense in high-contrast
/// detail, hard edges at every angle and smooth colour ramps, which is what resampling and
/// blending kernels get wrong first.
enum PhotoTexture {
    static let width = 1920
    static let height = 1080

    static func draw() -> Bitmap {
        let scene = Scene()
        return renderOpaque(width: width, height: height) { x, y in scene.colour(x: x, y: y) }
    }

    private struct Scene {
        let wood = ValueNoise(seed: 0x7E57_00D1)
        let stones = ValueNoise(seed: 0x7E57_57E1)
        let fibres = ValueNoise(seed: 0x7E57_F1B2)
        let film = ValueNoise(seed: 0x7E57_F11E)

        let panel = RoundedRect(Box(minX: 70, minY: 70, maxX: 1060, maxY: 1010), cornerRadius: 18)
        let fabricAngle = -0.07
        let fabricBox = Box(minX: 1150, minY: 90, maxX: 1850, maxY: 600)
        let card = RoundedRect(Box(minX: 1170, minY: 690, maxX: 1840, maxY: 990), cornerRadius: 8)
        let fabric: Transformed
        static let stoneColours = [0xB5553A, 0x5E7A99, 0xD9A441, 0x7F9A6B, 0xE8DCC4, 0x3F3B3A, 0xA86F9E, 0x4F8F8A]
            .map { Colour(hex: $0) }
        /// The tartan's thread colours, one entry per four threads, repeating.
        static let sett = [0x1E3A6E, 0x1E3A6E, 0x1E3A6E, 0x0E4D2C, 0x0E4D2C, 0xC62E2E, 0x0E4D2C, 0x0E4D2C,
                           0x1E3A6E, 0x1E3A6E, 0xF2D04A, 0x1E3A6E].map { Colour(hex: $0) }
        /// Cell size of the pebble mosaic, in pixels.
        let stoneSize = 54.0
        /// Width of one thread of the weave, in pixels.
        let thread = 2.0

        init() {
            fabric = RoundedRect(fabricBox, cornerRadius: 4).rotated(by: fabricAngle, around: fabricBox.center)
        }

        func colour(x: Int, y: Int) -> Colour {
            let p = Vector2(Double(x) + 0.5, Double(y) + 0.5)
            let inPanel = coverage(panel.distance(to: p))
            let inFabric = coverage(fabric.distance(to: p))
            let inCard = coverage(card.distance(to: p))
            var c: Colour
            if inPanel == 1 {
                c = framedMosaic(p)
            } else if inFabric == 1 {
                c = weave(p)
            } else if inCard == 1 {
                c = paintCard(p)
            } else {
                c = planks(p)
                let q = p + Vector2(-14, -20)
                let nearest = min(panel.distance(to: q), fabric.distance(to: q), card.distance(to: q))
                c = Colour.mix(c, Colour(hex: 0x120A04), smoothstep(26, -20, nearest) * 0.55)
                if inPanel > 0 { c = Colour.mix(c, framedMosaic(p), inPanel) }
                if inFabric > 0 { c = Colour.mix(c, weave(p), inFabric) }
                if inCard > 0 { c = Colour.mix(c, paintCard(p), inCard) }
            }
            return grain(c, x: x, y: y, amount: 0.025, noise: film)
        }

        func coverage(_ distance: Double) -> Double { min(max(0.5 - distance, 0), 1) }

        /// Horizontal planks 216 pixels tall with dark joints, each with its own tone and grain.
        func planks(_ p: Vector2) -> Colour {
            let plankHeight = 216.0
            let index = (p.y / plankHeight).rounded(.down)
            let local = p.y - index * plankHeight
            let tone = wood.hash(Int(index), 77)
            let offset = wood.hash(Int(index), 78) * 4000
            let bend = wood.fractal((p.x + offset) / 700, index * 3.1, octaves: 3) * 90
            let rings = (local + bend + wood.fractal((p.x + offset) / 90, local / 30, octaves: 3) * 14) / 13
            let ring = rings - rings.rounded(.down)
            let light = Colour.mix(Colour(hex: 0xC48A52), Colour(hex: 0x9A6434), tone)
            let dark = Colour.mix(Colour(hex: 0x7A4A24), Colour(hex: 0x5A3418), tone)
            var c = Colour.mix(light, dark, smoothstep(0.55, 0.95, ring) * 0.85)
            let fibre = fibres.value((p.x + offset) / 30, p.y / 1.2)
            c = Colour.mix(c, Colour(hex: 0x3A2010), (fibre - 0.5) * 0.3 + 0.1)
            let joint = min(local, plankHeight - local)
            return Colour.mix(c, Colour(hex: 0x1C0F06), smoothstep(4, 0.5, joint) * 0.9)
        }

        /// The mosaic inside a brass frame 16 pixels wide.
        func framedMosaic(_ p: Vector2) -> Colour {
            let inset = -panel.distance(to: p)
            if inset < 16 {
                let bevel = (inset - 8) / 8
                let along = (p.x - panel.box.minX + p.y - panel.box.minY) / 1900
                let metal = Colour.mix(Colour(hex: 0xF3D98C), Colour(hex: 0x8A6420), min(max(along + bevel * 0.35 + 0.3, 0), 1))
                let brushed = fibres.value(p.x / 0.9 + p.y / 40, p.y / 0.9 - p.x / 40)
                return Colour.mix(metal, Colour(hex: 0x5A3E10), (brushed - 0.5) * 0.25 + smoothstep(2, 0, abs(inset - 16)) * 0.5)
            }
            return mosaic(p)
        }

        /// Rounded pebbles in a jittered grid (a Voronoi diagram of one point per cell), lit
        /// from the top left, set in sandy grout.
        func mosaic(_ p: Vector2) -> Colour {
            let gx = Int((p.x / stoneSize).rounded(.down)), gy = Int((p.y / stoneSize).rounded(.down))
            var nearest = Vector2(0, 0), second = Vector2(0, 0)
            var d1 = Double.infinity, d2 = Double.infinity
            var cell = (0, 0)
            for j in (gy - 1)...(gy + 1) {
                for i in (gx - 1)...(gx + 1) {
                    let f = Vector2((Double(i) + 0.15 + 0.7 * stones.hash(i, j)) * stoneSize,
                                    (Double(j) + 0.15 + 0.7 * stones.hash(i &+ 9999, j)) * stoneSize)
                    let d = (p - f).dot(p - f)
                    if d < d1 {
                        d2 = d1
                        second = nearest
                        d1 = d
                        nearest = f
                        cell = (i, j)
                    } else if d < d2 {
                        d2 = d
                        second = f
                    }
                }
            }
            let edge = (d2 - d1) / (2 * (second - nearest).length)
            let pick = stones.hash(cell.0, cell.1 &+ 4242)
            var c = Self.stoneColours[Int(pick * Double(Self.stoneColours.count)) % Self.stoneColours.count]
            c = Colour.mix(c, Colour(hex: 0xFFFFFF), stones.hash(cell.0 &+ 1, cell.1) * 0.25)
            let speckle = stones.fractal(p.x / 5, p.y / 5, octaves: 3)
            c = Colour.mix(c, Colour(hex: 0x000000), (speckle - 0.5) * 0.5 + 0.05)
            let towardsEdge = (p - nearest).normalized
            let rim = smoothstep(14, 2, edge)
            let lit = -towardsEdge.dot(Vector2(-0.6, -0.8))
            c = Colour.mix(c, lit > 0 ? Colour(hex: 0x000000) : Colour(hex: 0xFFFFFF), rim * abs(lit) * 0.55)
            let grout = Colour.mix(Colour(hex: 0xCFC6B2), Colour(hex: 0x8C846F), stones.value(p.x / 1.5, p.y / 1.5))
            return Colour.mix(grout, c, smoothstep(2, 4, edge))
        }

        /// A plain weave of `thread`-pixel threads in a tartan sett, rotated with the swatch;
        /// each pixel averages 3 × 3 samples so the weave stays crisp without stair steps.
        func weave(_ p: Vector2) -> Colour {
            var red = 0.0, green = 0.0, blue = 0.0
            for sy in 0..<3 {
                for sx in 0..<3 {
                    let q = p + Vector2((Double(sx) - 1) / 3, (Double(sy) - 1) / 3)
                    let local = (q - fabricBox.center).rotated(by: -fabricAngle)
                    let s = weaveSample(local)
                    red += s.red
                    green += s.green
                    blue += s.blue
                }
            }
            let fold = fibres.fractal(p.x / 160, p.y / 220, octaves: 3)
            let shade = 0.8 + fold * 0.35
            return Colour(red: red / 9 * shade, green: green / 9 * shade, blue: blue / 9 * shade)
        }

        func weaveSample(_ local: Vector2) -> Colour {
            let column = Int((local.x / thread).rounded(.down)), row = Int((local.y / thread).rounded(.down))
            let warpOnTop = (column &+ row) & 1 == 0
            let stripe = warpOnTop ? column : row
            let count = Self.sett.count
            let c = Self.sett[((stripe >> 2) % count + count) % count]
            let across = warpOnTop ? local.x / thread : local.y / thread
            let t = across - across.rounded(.down)
            return Colour.mix(c, Colour(hex: 0x000000), 0.45 * abs(t - 0.5) * 2)
        }

        /// A painted card: hue across, from white (top) through the full colour to black.
        func paintCard(_ p: Vector2) -> Colour {
            let u = (p.x - card.box.minX) / (card.box.maxX - card.box.minX)
            let v = (p.y - card.box.minY) / (card.box.maxY - card.box.minY)
            let hue = hueColour(u)
            var c = v < 0.5 ? Colour.mix(Colour(hex: 0xFFFFFF), hue, v * 2) : Colour.mix(hue, Colour(hex: 0x000000), (v - 0.5) * 2)
            let paper = fibres.fractal(p.x / 3, p.y / 3, octaves: 2)
            c = Colour.mix(c, Colour(hex: 0x808080), (paper - 0.5) * 0.12)
            return c
        }

        /// The fully saturated colour at hue `h` in 0…1 (red, yellow, green, cyan, blue, magenta).
        func hueColour(_ h: Double) -> Colour {
            let k = h * 6
            func channel(_ n: Double) -> Double {
                let m = (n + k).truncatingRemainder(dividingBy: 6)
                return 1 - max(0, min(m, 4 - m, 1))
            }
            return Colour(red: channel(5), green: channel(3), blue: channel(1))
        }
    }
}
