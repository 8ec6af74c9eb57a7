import Codecs
import Foundation
import Geometry
import Graphics
import Layers
import Raster

/// An immutable image, as UIKit's `UIImage`, backed by a `CGImage`.
open class UIImage: @unchecked Sendable, CustomStringConvertible {
    /// The pixels.
    public let cgImage: CGImage?
    /// Pixels per point: an image of 200×100 pixels at scale 2 is 100×50 points.
    public let scale: CGFloat

    /// The folders `init?(named:)` searches, in order: `KINESCOPE_ASSETS` if set, the `assets`
    /// folder beside or above the running executable (a SwiftPM or CMake build inside a
    /// checkout), then `./assets`. Set it to use an app's own folders.
    nonisolated(unsafe) public static var searchPaths: [URL] = defaultSearchPaths()

    /// How views draw the image: as it is, or as a template (its alpha filled with the tint).
    public let renderingMode: RenderingMode

    public init(cgImage: CGImage, scale: CGFloat = 1) {
        self.cgImage = cgImage
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        renderingMode = .automatic
    }

    /// An image of `cgImage` drawn with `renderingMode`.
    init(cgImage: CGImage, scale: CGFloat, renderingMode: RenderingMode) {
        self.cgImage = cgImage
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        self.renderingMode = renderingMode
    }

    /// Loads `name` (with or without extension; `.png`, then `.jpg`/`.jpeg`, then `@2x` variants
    /// are tried) from `searchPaths`. Nil when no file is found or it cannot be decoded, as on
    /// UIKit.
    public convenience init?(named name: String) {
        guard let (path, scale) = UIImage.find(name), let bitmap = try? ImageFile.read(contentsOf: path) else { return nil }
        self.init(cgImage: CGImage(bitmap: bitmap), scale: scale)
    }

    /// Loads the PNG or JPEG file at `path`; nil when it is missing or cannot be decoded.
    public convenience init?(contentsOfFile path: String) {
        guard let bitmap = try? ImageFile.read(contentsOf: path) else { return nil }
        self.init(cgImage: CGImage(bitmap: bitmap), scale: UIImage.scale(fromFileName: path))
    }

    /// Decodes PNG or JPEG data; nil when it cannot.
    public convenience init?(data: Data, scale: CGFloat = 1) {
        guard let bitmap = try? ImageFile.decode([UInt8](data), name: "image data") else { return nil }
        self.init(cgImage: CGImage(bitmap: bitmap), scale: scale)
    }

    /// The size in points: pixels divided by `scale`.
    open var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }

    /// The image as PNG data, nil if it cannot be encoded.
    open func pngData() -> Data? {
        guard let cgImage, let bytes = try? PNGEncoder.encode(cgImage.bitmap) else { return nil }
        return Data(bytes)
    }

    /// Draws the image upright into `rect` of the current UIKit image context.
    open func draw(in rect: CGRect) {
        guard let cgImage, let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.saveGState()
        ctx.translateBy(x: 0, y: rect.minY + rect.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(cgImage, in: rect)
        ctx.restoreGState()
    }

    /// Draws the image at its size with its top-left corner at `point`.
    open func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }

    open var description: String { "UIImage(\(size.width)x\(size.height) @\(scale)x)" }

    private static func defaultSearchPaths() -> [URL] {
        var paths: [URL] = []
        if let configured = ProcessInfo.processInfo.environment["KINESCOPE_ASSETS"] {
            paths.append(URL(fileURLWithPath: configured))
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            paths.append(folder.appendingPathComponent("assets"))
            folder.deleteLastPathComponent()
        }
        paths.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("assets"))
        return paths
    }

    private static func find(_ name: String) -> (String, CGFloat)? {
        let hasExtension = ["png", "jpg", "jpeg"].contains((name as NSString).pathExtension.lowercased())
        let candidates = hasExtension ? [name] : ["\(name).png", "\(name)@2x.png", "\(name).jpg", "\(name).jpeg"]
        for folder in searchPaths {
            for candidate in candidates {
                let path = folder.appendingPathComponent(candidate).path
                if FileManager.default.fileExists(atPath: path) { return (path, scale(fromFileName: path)) }
            }
        }
        return nil
    }

    private static func scale(fromFileName path: String) -> CGFloat {
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if base.hasSuffix("@3x") { return 3 }
        if base.hasSuffix("@2x") { return 2 }
        return 1
    }
}
