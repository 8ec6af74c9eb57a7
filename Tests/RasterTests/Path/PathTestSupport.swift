import Foundation
import Geometry
import KinescopeTestSupport
@testable import Raster

extension SeededRandom {
    /// A double in `range`, from the top 53 bits.
    mutating func pathCoordinate(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
}

/// Helpers shared by the path and blur tests.
enum PathFixtures {

    /// An independent oracle: the fraction of each pixel's `samples`×`samples` grid of sample points
    /// that the polygon covers under `rule`, by counting crossings of every edge. Slow, simple and
    /// exact up to the sampling.
    static func supersampledCoverage(_ path: FlattenedPath, rule: FillRule, width: Int, height: Int,
                                     samples: Int = 16) -> [Double] {
        var edges: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
        for index in 0..<path.contourCount {
            let contour = Array(path.contour(index))
            for i in contour.indices {
                let a = contour[i], b = contour[(i + 1) % contour.count]
                edges.append((Double(a.x), Double(a.y), Double(b.x), Double(b.y)))
            }
        }
        var result = [Double](repeating: 0, count: width * height)
        for py in 0..<height {
            for sy in 0..<samples {
                let y = Double(py) + (Double(sy) + 0.5) / Double(samples)
                // Crossings of this sample row, with direction, sorted by x.
                var crossings: [(x: Double, winding: Int)] = []
                for e in edges where (e.y0 <= y && y < e.y1) || (e.y1 <= y && y < e.y0) {
                    let x = e.x0 + (y - e.y0) / (e.y1 - e.y0) * (e.x1 - e.x0)
                    crossings.append((x, e.y0 < e.y1 ? 1 : -1))
                }
                crossings.sort { $0.x < $1.x }
                for px in 0..<width {
                    for sx in 0..<samples {
                        let x = Double(px) + (Double(sx) + 0.5) / Double(samples)
                        var winding = 0
                        for c in crossings where c.x < x { winding += c.winding }
                        let inside = rule == .nonZero ? winding != 0 : winding & 1 != 0
                        if inside { result[py * width + px] += 1 }
                    }
                }
            }
        }
        let total = Double(samples * samples)
        return result.map { $0 / total }
    }

    /// Every value of the mask, row by row.
    static func values(_ mask: CoverageMask) -> [UInt8] {
        (0..<mask.height).flatMap { Array(mask.row($0)) }
    }

    /// The sum of a mask's values divided by 255: its covered area in pixels.
    static func coveredArea(_ mask: CoverageMask) -> Double {
        Double(values(mask).reduce(0) { $0 + Int($1) }) / 255
    }

    /// Fills `path` into a new `width`×`height` mask.
    static func rasterize(_ path: FlattenedPath, rule: FillRule = .nonZero, width: Int, height: Int,
                          kernels: KernelPath = .fast, rasterizer: CoverageRasterizer = CoverageRasterizer()) -> CoverageMask {
        let mask = CoverageMask(width: width, height: height)
        rasterizer.fill(path, rule: rule, into: mask, origin: .zero, kernels: kernels)
        return mask
    }

    /// A polygon through `points`, closed.
    static func polygon(_ points: [(Double, Double)]) -> FlattenedPath {
        polyline(points, closed: true)
    }

    /// A contour through `points`: a move to the first, lines to the others, closed when asked.
    static func polyline(_ points: [(Double, Double)], closed: Bool = false) -> FlattenedPath {
        var path = FlattenedPath()
        for (i, p) in points.enumerated() {
            let point = CGPoint(x: p.0, y: p.1)
            if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        if closed { path.close() }
        return path
    }
}
