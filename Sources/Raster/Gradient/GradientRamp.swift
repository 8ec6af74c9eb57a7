/// A colour ramp sampled from gradient stops: 1024 premultiplied colours for `t` in `0...1`.
///
/// The stops are interpolated as Core Graphics interpolates them: linearly between neighbouring
/// locations on unpremultiplied components, premultiplied afterwards, so a ramp from opaque white
/// to clear passes through half-transparent grey (not through half-transparent white, as a
/// premultiplied interpolation would give). Before the first stop the first colour holds, after
/// the last the last one.
///
/// Design note: 1024 entries keep the step between entries below a quarter of a code value for a
/// full 0→255 ramp, so the table is indistinguishable from per-pixel interpolation at 8 bits,
/// while a pixel costs one multiply and one load; the table (4 KB) is built once per gradient.
public struct GradientRamp: Sendable {
    /// A colour at a location, unpremultiplied, components in `0...1`.
    public struct Stop: Sendable, Equatable {
        public var location: Double
        public var red: Double, green: Double, blue: Double, alpha: Double
        public init(location: Double, red: Double, green: Double, blue: Double, alpha: Double) {
            self.location = location
            (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        }
    }

    /// The number of table entries.
    public static let resolution = 1024

    /// The table: entry `i` is the colour at `t = i / (resolution − 1)`.
    public let colors: [UInt32]
    /// True when every entry is opaque.
    public let isOpaque: Bool

    /// A ramp through `stops`, sorted by location (stable); locations are clamped to `0...1`
    /// and NaN components count as 0. No stops give a clear ramp.
    public init(stops: [Stop]) {
        let clean = stops.map { stop -> Stop in
            func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
            return Stop(location: unit(stop.location), red: unit(stop.red), green: unit(stop.green),
                        blue: unit(stop.blue), alpha: unit(stop.alpha))
        }
        let sorted = clean.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
        var table = [UInt32](repeating: 0, count: Self.resolution)
        if !sorted.isEmpty {
            var next = 0
            for i in 0..<Self.resolution {
                let t = Double(i) / Double(Self.resolution - 1)
                while next < sorted.count, sorted[next].location < t { next += 1 }
                let c: (Double, Double, Double, Double)
                if next == 0 {
                    c = (sorted[0].red, sorted[0].green, sorted[0].blue, sorted[0].alpha)
                } else if next == sorted.count {
                    let l = sorted[sorted.count - 1]
                    c = (l.red, l.green, l.blue, l.alpha)
                } else {
                    let a = sorted[next - 1], b = sorted[next]
                    let span = b.location - a.location
                    let f = span > 0 ? (t - a.location) / span : 1
                    c = (a.red + (b.red - a.red) * f, a.green + (b.green - a.green) * f,
                         a.blue + (b.blue - a.blue) * f, a.alpha + (b.alpha - a.alpha) * f)
                }
                table[i] = Self.premultiplied(c)
            }
        }
        colors = table
        isOpaque = table.allSatisfy { $0 >> 24 == 0xFF }
    }

    /// The packed premultiplied colour of unpremultiplied unit components, each rounded.
    static func premultiplied(_ c: (Double, Double, Double, Double)) -> UInt32 {
        let a = (c.3 * 255).rounded()
        func channel(_ v: Double) -> UInt32 { UInt32((v * a).rounded()) }
        return UInt32(a) << 24 | channel(c.0) << 16 | channel(c.1) << 8 | channel(c.2)
    }

    /// The entry for `t` (already within `0...1`).
    @inline(__always) public func color(at t: Double) -> UInt32 {
        colors[Int(t * Double(Self.resolution - 1) + 0.5)]
    }
}
