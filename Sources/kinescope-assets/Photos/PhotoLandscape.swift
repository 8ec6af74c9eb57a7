import Glibc
import Raster

/// `PhotoLandscape`: a photographic-style 1920×1080 landscape for compositor tests and
/// benchmarks. A late-afternoon sky with a sun glow and fractal clouds, a far range of rocky
/// mountains with snow, forested hills, a lake that mirrors them with ripples, and a meadow of
/// fine grass and flowers, all under colour film grain and a slight vignette: smooth
/// gradients, soft edges, fine detail and noise in one frame.
enum PhotoLandscape {
    static let width = 1920
    static let height = 1080

    static func draw() -> Bitmap {
        let scene = Scene()
        return renderOpaque(width: width, height: height) { x, y in scene.colour(x: x, y: y) }
    }

    /// The scene's fixed parameters, noise fields and per-column outlines (mountain ridge, hill
    /// line, lake shore), computed once.
    private struct Scene {
        let clouds = ValueNoise(seed: 0x5EED_C10D)
        let terrain = ValueNoise(seed: 0x5EED_1A4D)
        let detail = ValueNoise(seed: 0x5EED_DE7A)
        let film = ValueNoise(seed: 0x5EED_F11E)
        let sun = Vector2(1000, 292)
        /// The lake's far edge, which is also the mirror line of its reflections.
        let lakeTop = 702.0
        let farRidge: [Double]
        let nearRidge: [Double]
        let shore: [Double]

        init() {
            var far = [Double](), near = [Double](), shore = [Double]()
            for x in 0..<PhotoLandscape.width {
                let u = Double(x) + 0.5
                let envelope = 0.45 + 0.55 * terrain.fractal(u / 900, 11.5, octaves: 2)
                far.append(575 - Self.ridged(terrain, u / 380, row: 0, octaves: 7) * envelope * 360)
                near.append(690 - Self.ridged(terrain, u / 240 + 40, row: 9, octaves: 6) * 130)
                shore.append(880 - detail.fractal(u / 320, 3.7, octaves: 4) * 90)
            }
            farRidge = far
            nearRidge = near
            self.shore = shore
        }

        /// Ridged fractal noise in 0…1 along one row of the lattice: sharp crests, round valleys.
        static func ridged(_ noise: ValueNoise, _ u: Double, row: Double, octaves: Int) -> Double {
            var sum = 0.0, weight = 0.5, frequency = 1.0
            for octave in 0..<octaves {
                let n = noise.value(u * frequency + Double(octave) * 31.7, row)
                sum += (1 - abs(n * 2 - 1)) * weight
                weight *= 0.5
                frequency *= 2.1
            }
            return sum
        }

        func colour(x: Int, y: Int) -> Colour {
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            var c: Colour
            if py >= shore[x] {
                c = meadow(px, py, shore: shore[x])
            } else if py >= lakeTop {
                c = lake(x, px, py)
            } else {
                c = land(x, px, py)
            }
            let dx = (px - 960) / 960, dy = (py - 540) / 540
            c = Colour.mix(c, Colour(hex: 0x000000), 0.22 * smoothstep(0.5, 2, dx * dx + dy * dy))
            return grain(c, x: x, y: y, amount: 0.022, noise: film)
        }

        /// Everything above the lake: sky, mountains, hills. The lake samples it for reflections.
        func land(_ column: Int, _ x: Double, _ y: Double) -> Colour {
            if y >= nearRidge[column] { return hills(x, y, ridge: nearRidge[column]) }
            if y >= farRidge[column] { return mountains(x, y, ridge: farRidge[column]) }
            return sky(x, y)
        }

        func sky(_ x: Double, _ y: Double) -> Colour {
            let zenith = Colour(hex: 0x1B4A8C), middle = Colour(hex: 0x5C9ED9), horizon = Colour(hex: 0xF3D2A8)
            let t = y / 700
            var c = t < 0.55 ? Colour.mix(zenith, middle, t / 0.55) : Colour.mix(middle, horizon, (t - 0.55) / 0.45)
            let d = (Vector2(x, y) - sun).length
            let glow = min(exp(-d / 240) * 0.8 + exp(-d / 45) * 0.6, 1)
            c = Colour.mix(c, Colour(hex: 0xFFF0C4), glow)
            c = Colour.mix(c, Colour(hex: 0xFFFEF6), smoothstep(36, 30, d))

            let band = smoothstep(30, 120, y) * smoothstep(560, 330, y)
            guard band > 0 else { return c }
            let cx = x / 560, cy = y / 150
            let density = clouds.fractal(cx, cy, octaves: 7, gain: 0.55) + (band - 1) * 0.25
            let cover = smoothstep(0.55, 0.64, density)
            guard cover > 0 else { return c }
            let lit = clouds.fractal(cx + 0.03, cy - 0.1, octaves: 7, gain: 0.55)
            let shade = min(max(0.35 + (density - lit) * 7, 0), 1)
            var cloud = Colour.mix(Colour(hex: 0xFFFFFF), Colour(hex: 0x9AA6BF), shade)
            cloud = Colour.mix(cloud, Colour(hex: 0xFFD8A0), glow * 0.7 * (1 - shade))
            return Colour.mix(c, cloud, cover * 0.95)
        }

        func mountains(_ x: Double, _ y: Double, ridge: Double) -> Colour {
            let below = y - ridge
            let u = x / 110, v = y / 55
            let relief = detail.fractal(u, v, octaves: 6)
            let faces = terrain.fractal(u / 4 + 70, v / 3, octaves: 3)
            let slope = (detail.fractal(u + 0.04, v, octaves: 6) - relief) / 0.04
                + (terrain.fractal(u / 4 + 70.02, v / 3, octaves: 3) - faces) / 0.02 * 0.6
            let light = min(max(0.5 + slope * 0.35, 0), 1)
            var c = Colour.mix(Colour(hex: 0x2F4268), Colour(hex: 0xB8A892), light)
            c = Colour.mix(c, Colour(hex: 0x1F2B45), smoothstep(0.5, 0.75, relief) * 0.5)
            let snowLine = 370 + detail.fractal(x / 70, 1.3, octaves: 4) * 110
            let snow = smoothstep(snowLine + 12, snowLine - 12, y) * smoothstep(0.4, 0.55, relief + light * 0.3)
            c = Colour.mix(c, Colour.mix(Colour(hex: 0xB8C6E0), Colour(hex: 0xFFFBF2), light), snow)
            let haze = 0.12 + 0.6 * smoothstep(60, 300, below)
            return Colour.mix(c, Colour(hex: 0xA9BCD8), haze)
        }

        func hills(_ x: Double, _ y: Double, ridge: Double) -> Colour {
            let depth = min((y - ridge) / 110, 1)
            let u = x / 11, v = y / 9
            let canopy = detail.fractal(u + 50, v, octaves: 4)
            let slope = (detail.fractal(u + 50.08, v, octaves: 4) - canopy) / 0.08
            let light = min(max(0.5 + slope * 0.3, 0), 1)
            var c = Colour.mix(Colour(hex: 0x18321C), Colour(hex: 0x7FA653), light)
            c = Colour.mix(c, Colour(hex: 0x0F2112), smoothstep(0.5, 0.7, canopy) * 0.5 + depth * 0.2)
            return Colour.mix(c, Colour(hex: 0xA9BCCF), 0.35 * smoothstep(20, 0, y - ridge) + 0.1)
        }

        func lake(_ column: Int, _ x: Double, _ y: Double) -> Colour {
            let distance = y - lakeTop
            let wave = detail.fractal(x / 90, y / 3, octaves: 3)
            let ripple = (wave - 0.5) * (4 + distance * 0.15)
            let mirrored = min(max(lakeTop - distance - ripple - 1, 0), lakeTop - 1)
            let mirrorColumn = min(max(column + Int(ripple * 1.5), 0), PhotoLandscape.width - 1)
            let reflected = land(mirrorColumn, Double(mirrorColumn) + 0.5, mirrored)
            var c = Colour.mix(Colour(hex: 0x1E4560), reflected, 0.78 - smoothstep(0, 110, distance) * 0.2)
            let sparkle = smoothstep(0.8, 0.95, detail.value(x / 2.5, y * 1.3)) * exp(-abs(x - sun.x) / 180)
            c = Colour.mix(c, Colour(hex: 0xFFF4D6), sparkle * 0.9)
            return c
        }

        func meadow(_ x: Double, _ y: Double, shore: Double) -> Colour {
            let near = min((y - shore) / 300, 1)
            let patches = detail.fractal(x / 170, y / 55, octaves: 4)
            var c = Colour.mix(Colour(hex: 0xA8C45A), Colour(hex: 0x3D6A24), patches)
            c = Colour.mix(c, Colour(hex: 0x2B4A1A), near * 0.4 + smoothstep(8, 0, y - shore) * 0.5)
            let fine = detail.value(x / 1.6, y / 11)
            let coarse = detail.value(x / 4 + 300, y / 30)
            let blades = fine * (0.35 + near * 0.3) + coarse * (0.65 - near * 0.3)
            c = Colour.mix(c, blades > 0.5 ? Colour(hex: 0xDCEB94) : Colour(hex: 0x1A3410), abs(blades - 0.5) * 1.1)
            let cell = 7 + (near * 10).rounded(.down) * 0.6
            let flower = detail.hash(Int(x / cell), Int(y / cell) &+ 50_000 &+ Int(near * 10) &* 1000)
            if flower > 0.982 {
                let petals = [Colour(hex: 0xF5E04A), Colour(hex: 0xF4F4F4), Colour(hex: 0xD9467A), Colour(hex: 0x8C6FE0)]
                let pick = petals[Int(flower * 100_000) % petals.count]
                let fx = (x / cell).truncatingRemainder(dividingBy: 1) - 0.5
                let fy = (y / cell).truncatingRemainder(dividingBy: 1) - 0.5
                c = Colour.mix(c, pick, smoothstep(0.36, 0.2, (fx * fx + fy * fy).squareRoot()))
            }
            return c
        }
    }
}
