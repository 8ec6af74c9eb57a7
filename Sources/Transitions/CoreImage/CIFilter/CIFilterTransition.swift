import Geometry
import Raster
import Synchronization

/// A registered transition configured through `CIFilter`: the points and rectangles `CIFilter`
/// set are in Core Image coordinates (origin at the bottom left, y up) and converted to the frame's
/// y-down pixels for each frame height — positions and rectangles are mirrored about the frame's
/// middle, offsets (`kCIAttributeTypeOffset`) only change sign. Values left at their defaults are
/// the transition's own and are not converted. Image inputs are passed to transitions that take
/// them. This is what `CIFilter.transition` returns, so `CATransition.filter` renders exactly what
/// `CIFilter.outputImage` does.
struct CIFilterTransition<Base: Transition>: Transition {
    static var name: String { Base.name }
    static var summary: String { Base.summary }
    static var parameters: [TransitionParameter] { Base.parameters }

    /// Parameter values; those under `explicitKeys` are in Core Image coordinates.
    let coreImageParameters: TransitionParameters
    /// The keys `CIFilter` set (the others hold the transition's defaults).
    let explicitKeys: Set<String>
    /// Image inputs by key (`inputMaskImage`…).
    let images: [String: Bitmap]
    private let instances = InstanceCache<Base>()

    /// Every point and rectangle of `parameters` is taken to be in Core Image coordinates.
    init(parameters: TransitionParameters) {
        self.init(coreImageParameters: parameters, explicitKeys: Set(Base.parameters.map(\.key)), images: [:])
    }

    init(coreImageParameters: TransitionParameters, explicitKeys: Set<String>, images: [String: Bitmap]) {
        self.coreImageParameters = coreImageParameters
        self.explicitKeys = explicitKeys
        self.images = images
    }

    /// The underlying transition for frames `height` pixels tall (made once per height).
    func base(forHeight height: Int) -> Base {
        instances.instance(for: height) {
            let values = Self.flipped(coreImageParameters, keys: explicitKeys, height: Double(height))
            if let imageTaking = Base.self as? any CoreImageTransition.Type {
                return imageTaking.init(parameters: values, images: images) as! Base
            }
            return Base(parameters: values)
        }
    }

    func render(from: Bitmap, to: Bitmap, progress: Double, into destination: Bitmap, clip: PixelRect,
                scratch: TransitionScratch) {
        base(forHeight: destination.height).render(from: from, to: to, progress: progress, into: destination,
                                                   clip: clip, scratch: scratch)
    }

    /// Whether the point parameter `key` is an offset rather than a position.
    static func isOffset(_ key: String) -> Bool {
        CIFilterTransitionKinds.isOffset(key, of: Base.self)
    }

    /// `values` with the points and rectangles under `keys` converted from y-up to y-down for
    /// `height`.
    static func flipped(_ values: TransitionParameters, keys: Set<String>, height: Double) -> TransitionParameters {
        var result = values
        for parameter in Base.parameters where keys.contains(parameter.key) {
            let converted: TransitionParameterValue
            switch values.value(parameter.key) {
            case let .point(p)?:
                converted = .point(isOffset(parameter.key) ? CGPoint(x: p.x, y: -p.y)
                                                           : CGPoint(x: p.x, y: CGFloat(height) - p.y))
            case let .rect(r)?:
                converted = .rect(CGRect(x: r.minX, y: CGFloat(height) - r.maxY, width: r.width, height: r.height))
            default:
                continue
            }
            if let updated = try? result.setting(parameter.key, to: converted, for: Base.self) { result = updated }
        }
        return result
    }
}

/// One instance per frame height, made on first use; shared by copies, safe across threads.
final class InstanceCache<T: Sendable>: Sendable {
    private let last = Mutex<(Int, T)?>(nil)

    func instance(for height: Int, make: () -> T) -> T {
        last.withLock { last in
            if let last, last.0 == height { return last.1 }
            let made = make()
            last = (height, made)
            return made
        }
    }
}
