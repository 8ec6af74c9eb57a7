import Geometry
import Graphics
import Raster
import XCTest
@testable import Layers

// Shared helpers of the Apple-fact tests, ported from the GNUstep QuartzCore suite (whose
// expectations are measured on Apple's QuartzCore in its CI).

func assertPoint(_ p: CGPoint, _ x: CGFloat, _ y: CGFloat, accuracy: CGFloat = 1e-4,
                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(p.x, x, accuracy: accuracy, "x of \(p)", file: file, line: line)
    XCTAssertEqual(p.y, y, accuracy: accuracy, "y of \(p)", file: file, line: line)
}

func assertRect(_ r: CGRect, _ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat, accuracy: CGFloat = 1e-4,
                file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(r.origin.x, x, accuracy: accuracy, "x of \(r)", file: file, line: line)
    XCTAssertEqual(r.origin.y, y, accuracy: accuracy, "y of \(r)", file: file, line: line)
    XCTAssertEqual(r.size.width, w, accuracy: accuracy, "width of \(r)", file: file, line: line)
    XCTAssertEqual(r.size.height, h, accuracy: accuracy, "height of \(r)", file: file, line: line)
}

func assertAffine(_ t: CGAffineTransform, _ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat,
                  file: StaticString = #filePath, line: UInt = #line) {
    for (got, want) in [(t.a, a), (t.b, b), (t.c, c), (t.d, d), (t.tx, tx), (t.ty, ty)] {
        XCTAssertEqual(got, want, accuracy: 1e-4, "\(t)", file: file, line: line)
    }
}

/// A square bitmap context cleared to transparent, with Core Graphics' unflipped user space
/// (y up from the bottom row), as the GNUstep tests draw into.
final class PaintedContext {
    let side: Int
    let context: CGContext

    init(side: Int = 200) {
        self.side = side
        context = CGContext(width: side, height: side)!
    }

    private lazy var image: CGImage = context.makeImage()!

    /// The pixel at (x, y), y counted up from the bottom as layer geometry is in this context.
    func pixel(_ x: Int, _ y: Int) -> PremultipliedColor? {
        guard x >= 0, y >= 0, x < side, y < side else { return nil }
        return image.bitmap[x: x, y: side - 1 - y]
    }

    /// Whether anything was drawn on the pixel at (x, y).
    func painted(_ x: Int, _ y: Int) -> Bool {
        guard let p = pixel(x, y) else { return false }
        return p.alpha != 0 || p.red != 0 || p.green != 0 || p.blue != 0
    }

    var paintedCount: Int {
        var n = 0
        for y in 0..<side { for x in 0..<side where painted(x, y) { n += 1 } }
        return n
    }

    /// Whether the painted pixels are exactly x in [x0, x1) by y in [y0, y1).
    func paintedExactly(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Bool {
        for y in 0..<side {
            for x in 0..<side where painted(x, y) != (x >= x0 && x < x1 && y >= y0 && y < y1) { return false }
        }
        return true
    }

    /// The painted area's bounding box in (x, y-up) pixel coordinates; nil when nothing is painted.
    var paintedBox: (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<side {
            for x in 0..<side where painted(x, y) {
                if let b = box { box = (min(b.0, x), min(b.1, y), max(b.2, x + 1), max(b.3, y + 1)) } else { box = (x, y, x + 1, y + 1) }
            }
        }
        return box.map { (x0: $0.0, y0: $0.1, x1: $0.2, y1: $0.3) }
    }
}

let factRed = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
let factGreen = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
let factBlue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
