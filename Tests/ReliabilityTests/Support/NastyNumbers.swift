import Foundation
import Geometry
import KinescopeTestSupport

/// Numbers a caller can pass by mistake: NaN, both infinities, the largest finite values, values
/// whose squares overflow, subnormals, signed zeros, negatives.
enum Nasty {
    static let values: [CGFloat] = [.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                    1e300, -1e300, 1e155, 1e-300, .leastNonzeroMagnitude, 0, -0.0, -1, 1, 1e9, -7.5]
    static let floats: [Float] = [.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                  1e30, -1e30, .leastNonzeroMagnitude, 0, -0.0, -1, 0.5, 1, 2]

    /// Draws from `values` most of the time and a random ordinary number otherwise.
    static func draw(_ random: inout SeededRandom) -> CGFloat {
        if random.next(below: 4) == 0 { return CGFloat(random.next(in: -2000...2000)) / 7 }
        return values[random.next(below: values.count)]
    }

    static func point(_ random: inout SeededRandom) -> CGPoint { CGPoint(x: draw(&random), y: draw(&random)) }

    static func rect(_ random: inout SeededRandom) -> CGRect {
        CGRect(x: draw(&random), y: draw(&random), width: draw(&random), height: draw(&random))
    }

    static func affine(_ random: inout SeededRandom) -> CGAffineTransform {
        CGAffineTransform(a: draw(&random), b: draw(&random), c: draw(&random), d: draw(&random),
                          tx: draw(&random), ty: draw(&random))
    }

    /// A 3D transform with a few nasty entries over an ordinary one (entirely nasty matrices
    /// would all be rejected at the first check and test little).
    static func transform3D(_ random: inout SeededRandom) -> CATransform3D {
        var entries = CATransform3DMakeRotation(CGFloat(random.next(in: 0...628)) / 100, 0.3, 1, 0.2).entries
        entries[14] = CGFloat(random.next(in: -50...50))
        entries[11] = -1 / 500
        for _ in 0..<random.next(in: 1...3) { entries[random.next(below: 16)] = draw(&random) }
        return CATransform3D(entries: entries)!
    }
}

extension CGPoint {
    var isFinite: Bool { x.isFinite && y.isFinite }
}
