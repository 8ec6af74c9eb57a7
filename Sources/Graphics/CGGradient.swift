import Geometry
import Raster

/// A colour ramp for `CGContext.drawLinearGradient` and `drawRadialGradient`: colours at
/// locations in `0...1`, interpolated as Core Graphics does, on unpremultiplied components (a
/// gradient from opaque white to clear passes through half-transparent grey).
///
/// Locations nil spread the colours evenly, the first at 0 and the last at 1 (Apple's rule).
/// Locations outside `0...1` are clamped; colours before the first location and after the last
/// are the end colours.
///
///     let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
///                               colors: [UIColor.red.cgColor, UIColor.blue.cgColor] as CFArray,
///                               locations: [0, 1])!
///     context.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 0, y: 100), options: [])
public final class CGGradient: @unchecked Sendable {
    /// The colour stops (unpremultiplied, sorted by location when drawn).
    public let stops: [GradientRamp.Stop]
    /// The colour space given (every RGB space is drawn as sRGB, greys as greys).
    public let colorSpace: CGColorSpace?
    /// The 1024-entry ramp drawn from (made once).
    package let ramp: GradientRamp

    package init(stops: [GradientRamp.Stop], colorSpace: CGColorSpace?) {
        self.stops = stops
        self.colorSpace = colorSpace
        ramp = GradientRamp(stops: stops)
    }

    /// A gradient through `colors` (`CGColor`s; other elements are skipped) at `locations`
    /// (as many as there are colours, or nil for an even spread). Nil when there are no colours
    /// or the counts differ.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let list = colors.compactMap { $0 as? CGColor }
        guard !list.isEmpty else { return nil }
        let spots = locations.map { p in (0..<list.count).map { p[$0] } } ?? Self.evenLocations(list.count)
        var stops: [GradientRamp.Stop] = []
        for (color, location) in zip(list, spots) {
            stops.append(GradientRamp.Stop(location: Double(location), red: Double(color.red),
                                           green: Double(color.green), blue: Double(color.blue),
                                           alpha: Double(color.alpha)))
        }
        self.init(stops: stops, colorSpace: space)
    }

    /// Swift's array form of `init(colorsSpace:colors:locations:)`.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: [CGFloat]?) {
        if let locations {
            let count = colors.count
            guard locations.count >= count else { return nil }
            let copy = locations
            self.init(colorsSpace: space, colors: colors, locations: copy.withUnsafeBufferPointer { $0.baseAddress })
        } else {
            self.init(colorsSpace: space, colors: colors, locations: nil as UnsafePointer<CGFloat>?)
        }
    }

    /// A gradient from `count` colours of `space`'s components plus alpha each (4 for RGB, 2
    /// for grey) at `locations` (nil: even). Nil when `count` is not positive or the space has
    /// a model Kinescope does not draw.
    public convenience init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                             locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0, space.model == .rgb || space.model == .monochrome else { return nil }
        let n = space.numberOfComponents + 1
        let spots = locations.map { p in (0..<count).map { p[$0] } } ?? Self.evenLocations(count)
        self.init(stops: (0..<count).map { i in
            let c = components + i * n
            let (r, g, b) = n == 2 ? (c[0], c[0], c[0]) : (c[0], c[1], c[2])
            return GradientRamp.Stop(location: Double(spots[i]), red: Double(r), green: Double(g), blue: Double(b),
                                     alpha: Double(c[n - 1]))
        }, colorSpace: space)
    }

    /// Swift's array form of `init(colorSpace:colorComponents:locations:count:)`.
    public convenience init?(colorSpace space: CGColorSpace, colorComponents components: [CGFloat],
                             locations: [CGFloat]?, count: Int) {
        let n = space.numberOfComponents + 1
        guard count > 0, components.count >= count * n, locations.map({ $0.count >= count }) ?? true else { return nil }
        let result: CGGradient? = components.withUnsafeBufferPointer { c in
            if let locations {
                return locations.withUnsafeBufferPointer { l in
                    CGGradient(colorSpace: space, colorComponents: c.baseAddress!, locations: l.baseAddress, count: count)
                }
            }
            return CGGradient(colorSpace: space, colorComponents: c.baseAddress!, locations: nil, count: count)
        }
        guard let result else { return nil }
        self.init(stops: result.stops, colorSpace: space)
    }

    private static func evenLocations(_ count: Int) -> [CGFloat] {
        count == 1 ? [0] : (0..<count).map { CGFloat($0) / CGFloat(count - 1) }
    }
}
