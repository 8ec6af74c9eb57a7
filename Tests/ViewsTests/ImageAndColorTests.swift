import Codecs
import Foundation
import Geometry
import Graphics
import KinescopeTestSupport
import Layers
import Raster
import Views
import XCTest

/// UIImage loading (`init?(named:)`, files, data), PNG round trips, UIImageView sizing and
/// UIColor's constructors and values.
final class ImageAndColorTests: XCTestCase {
    private var assetsFolder: URL {
        GoldenImage.packageRoot(from: #filePath).appendingPathComponent("assets")
    }

    func testDefaultSearchPathsIncludeTheWorkingDirectorysAssets() throws {
        let expected = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("assets")
        XCTAssertTrue(UIImage.searchPaths.map(\.standardizedFileURL.path).contains(expected.standardizedFileURL.path),
                      "\(UIImage.searchPaths)")
    }

    func testImageNamedFindsTheRepositorysAssetsWithOrWithoutExtension() throws {
        let saved = UIImage.searchPaths
        defer { UIImage.searchPaths = saved }
        UIImage.searchPaths = [URL(fileURLWithPath: "/nonexistent-kinescope-folder"), assetsFolder]
        let reference = try ImageFile.read(contentsOf: assetsFolder.appendingPathComponent("Anchor.png").path)
        for name in ["Anchor", "Anchor.png"] {
            let image = try XCTUnwrap(UIImage(named: name), name)
            XCTAssertEqual(image.scale, 1)
            XCTAssertEqual(image.size, CGSize(width: reference.width, height: reference.height))
            XCTAssertTrue(try XCTUnwrap(image.cgImage).bitmap.hasSamePixels(as: reference), name)
        }
        XCTAssertNotNil(UIImage(named: "PhotoLandscape"), "falls back to .jpg")
        XCTAssertNil(UIImage(named: "NoSuchImage"))
    }

    func testImageNamedReadsTheScaleFromAnAt2xSuffix() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kinescope-views-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try PNGEncoder.write(Bitmap(size: try PixelSize(width: 8, height: 6), filledWith: .red),
                             to: folder.appendingPathComponent("Dot@2x.png").path)
        let saved = UIImage.searchPaths
        defer { UIImage.searchPaths = saved }
        UIImage.searchPaths = [folder]
        let image = try XCTUnwrap(UIImage(named: "Dot"))
        XCTAssertEqual(image.scale, 2)
        XCTAssertEqual(image.size, CGSize(width: 4, height: 3))
        let file = try XCTUnwrap(UIImage(contentsOfFile: folder.appendingPathComponent("Dot@2x.png").path))
        XCTAssertEqual(file.scale, 2)
        XCTAssertNil(UIImage(contentsOfFile: folder.appendingPathComponent("missing.png").path))
    }

    func testPNGDataRoundTripsThePixels() throws {
        let bitmap = Bitmap(width: 5, height: 4)
        var random = SeededRandom(seed: 42)
        for y in 0..<4 {
            for x in 0..<5 {
                bitmap[x: x, y: y] = (x + y) % 3 == 0 ? .clear : random.premultipliedColor(alpha: 255)
            }
        }
        let image = UIImage(cgImage: CGImage(bitmap: bitmap), scale: 2)
        let data = try XCTUnwrap(image.pngData())
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG signature")
        let decoded = try XCTUnwrap(UIImage(data: data, scale: 2))
        XCTAssertEqual(decoded.size, image.size)
        XCTAssertTrue(try XCTUnwrap(decoded.cgImage).bitmap.hasSamePixels(as: bitmap))
        XCTAssertNil(UIImage(data: Data([1, 2, 3])), "not an image")
    }

    func testImageViewSizesItselfToItsImageAndShowsItAtItsScale() throws {
        onMain {
            let image = UIImage(cgImage: CGImage(bitmap: Bitmap(size: try! PixelSize(width: 8, height: 6), filledWith: .blue)), scale: 2)
            let imageView = UIImageView(image: image)
            XCTAssertEqual(imageView.frame, CGRect(x: 0, y: 0, width: 4, height: 3))
            XCTAssertTrue(imageView.layer.contents as? CGImage === image.cgImage)
            XCTAssertEqual(imageView.layer.contentsScale, 2)
            imageView.image = nil
            XCTAssertNil(imageView.layer.contents)
            XCTAssertEqual(imageView.sizeThatFits(CGSize(width: 100, height: 100)), .zero)
            imageView.image = image
            imageView.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            imageView.sizeToFit()
            XCTAssertEqual(imageView.frame.size, CGSize(width: 4, height: 3))
        }
    }

    func testImageDrawInRectIsUpright() throws {
        let bitmap = Bitmap(width: 2, height: 2)
        bitmap[x: 0, y: 0] = .red
        bitmap[x: 1, y: 0] = .red
        bitmap[x: 0, y: 1] = .blue
        bitmap[x: 1, y: 1] = .blue
        let source = UIImage(cgImage: CGImage(bitmap: bitmap))
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 20)).image { context in
            context.cgContext.interpolationQuality = .none
            source.draw(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        XCTAssertEqual(pixel(image, 10, 2), .red)
        XCTAssertEqual(pixel(image, 10, 17), .blue)
    }

    func testHueSaturationBrightnessGiveTheExpectedRGB() throws {
        let cases: [(h: CGFloat, s: CGFloat, b: CGFloat, rgb: (CGFloat, CGFloat, CGFloat))] = [
            (0, 1, 1, (1, 0, 0)), (1.0 / 6, 1, 1, (1, 1, 0)), (1.0 / 3, 1, 1, (0, 1, 0)),
            (0.5, 1, 1, (0, 1, 1)), (2.0 / 3, 1, 1, (0, 0, 1)), (5.0 / 6, 1, 1, (1, 0, 1)),
            (1, 1, 1, (1, 0, 0)), (0.5, 0.5, 1, (0.5, 1, 1)), (0.25, 1, 0.5, (0.25, 0.5, 0)),
            (0.3, 0, 0.7, (0.7, 0.7, 0.7)), (0.9, 1, 0, (0, 0, 0)), (-1.0 / 3, 1, 1, (0, 0, 1)),
            (1.0 / 12, 1, 1, (1, 0.5, 0)),
        ]
        for c in cases {
            let color = UIColor(hue: c.h, saturation: c.s, brightness: c.b, alpha: 0.5)
            var r: CGFloat = -1, g: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
            XCTAssertTrue(color.getRed(&r, green: &g, blue: &b, alpha: &a))
            XCTAssertEqual(r, c.rgb.0, accuracy: 1e-12, "red of hue \(c.h) sat \(c.s) bri \(c.b)")
            XCTAssertEqual(g, c.rgb.1, accuracy: 1e-12, "green of hue \(c.h) sat \(c.s) bri \(c.b)")
            XCTAssertEqual(b, c.rgb.2, accuracy: 1e-12, "blue of hue \(c.h) sat \(c.s) bri \(c.b)")
            XCTAssertEqual(a, 0.5)
        }
    }

    func testNamedColorsHaveUIKitsComponents() throws {
        func rgba(_ color: UIColor) -> [CGFloat] {
            var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
            color.getRed(&r, green: &g, blue: &b, alpha: &a)
            return [r, g, b, a]
        }
        XCTAssertEqual(rgba(.darkGray), [1.0 / 3, 1.0 / 3, 1.0 / 3, 1])
        XCTAssertEqual(rgba(.lightGray), [2.0 / 3, 2.0 / 3, 2.0 / 3, 1])
        XCTAssertEqual(rgba(.gray), [0.5, 0.5, 0.5, 1])
        XCTAssertEqual(rgba(.orange), [1, 0.5, 0, 1])
        XCTAssertEqual(rgba(.purple), [0.5, 0, 0.5, 1])
        XCTAssertEqual(rgba(.brown), [0.6, 0.4, 0.2, 1])
        XCTAssertEqual(rgba(.clear), [0, 0, 0, 0])
        XCTAssertEqual(rgba(.red.withAlphaComponent(0.25)), [1, 0, 0, 0.25])
        XCTAssertEqual(UIColor(white: 1, alpha: 1), .white)
        XCTAssertNotEqual(UIColor.red, UIColor.red.withAlphaComponent(0.5))
    }

    func testColorsSetTheFillAndStrokeOfTheCurrentContext() throws {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { context in
            UIColor(red: 0, green: 0, blue: 1, alpha: 0.5).set()
            UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        XCTAssertEqual(pixel(image, 1, 1), PremultipliedColor(red: 0, green: 0, blue: 128, alpha: 128))
    }
}
