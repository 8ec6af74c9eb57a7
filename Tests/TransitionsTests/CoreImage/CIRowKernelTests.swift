import KinescopeTestSupport
import Raster
import XCTest
@testable import Transitions

/// The SIMD row kernels and the warp sampler against their scalar references, on random pixels,
/// weights and lengths (including the ragged tails past the last whole vector).
final class CIRowKernelTests: XCTestCase {
    private func randomRow(_ random: inout SeededRandom, _ count: Int) -> [UInt32] {
        (0..<count).map { _ in random.premultipliedColor().packed }
    }

    private func randomWeights(_ random: inout SeededRandom, _ count: Int) -> [UInt32] {
        // Runs of 0 and 255 as well as mixed values, so the shortcuts are exercised.
        (0..<count).map { i in
            switch (i / 8) % 3 {
            case 0: 0
            case 1: 255
            default: UInt32(random.nextByte())
            }
        }
    }

    func testMixMatchesTheReference() {
        var random = SeededRandom(seed: 7)
        for count in [1, 7, 8, 9, 31, 64, 203] {
            let from = randomRow(&random, count), to = randomRow(&random, count)
            var weights = randomWeights(&random, count)
            weights.shuffle(using: &random)
            var fast = [UInt32](repeating: 0, count: count), reference = fast
            CIRowKernels.mixFast(&fast, from: from, to: to, weights: weights, count: count)
            CIRowKernels.mixReference(&reference, from: from, to: to, weights: weights, count: count)
            XCTAssertEqual(fast, reference, "count \(count)")
            for w: UInt32 in [0, 1, 128, 254, 255] {
                CIRowKernels.mix(&fast, from: from, to: to, weight: w, count: count)
                CIRowKernels.mixReference(&reference, from: from, to: to, weights: [UInt32](repeating: w, count: count), count: count)
                XCTAssertEqual(fast, reference, "constant weight \(w), count \(count)")
            }
        }
    }

    func testMixEndsAreExactCopies() {
        var random = SeededRandom(seed: 8)
        let from = randomRow(&random, 40), to = randomRow(&random, 40)
        var out = [UInt32](repeating: 0, count: 40)
        CIRowKernels.mixFast(&out, from: from, to: to, weights: [UInt32](repeating: 0, count: 40), count: 40)
        XCTAssertEqual(out, from)
        CIRowKernels.mixFast(&out, from: from, to: to, weights: [UInt32](repeating: 255, count: 40), count: 40)
        XCTAssertEqual(out, to)
    }

    func testTintMatchesTheReference() {
        var random = SeededRandom(seed: 9)
        for count in [3, 8, 17, 100] {
            let start = randomRow(&random, count), weights = randomWeights(&random, count)
            let color = random.premultipliedColor().packed
            var fast = start, reference = start
            CIRowKernels.tintFast(&fast, color: color, weights: weights, count: count)
            CIRowKernels.tintReference(&reference, color: color, weights: weights, count: count)
            XCTAssertEqual(fast, reference, "count \(count)")
            fast = start
            reference = start
            CIRowKernels.tintFast(&fast, color: color, weight: 77, count: count)
            CIRowKernels.tintReference(&reference, color: color, weight: 77, count: count)
            XCTAssertEqual(fast, reference, "constant, count \(count)")
        }
    }

    func testWeightsRoundFractionsAndClamp() {
        let lanes = CIRowKernels.weights(Floats8(-1, 0, 0.5, 1, 2, 0.002, 0.998, 1 / 255))
        XCTAssertEqual(lanes, Lanes8(0, 0, 128, 255, 255, 1, 254, 1))
        XCTAssertEqual(CIRowKernels.weight(0.5), 128)
        let roots = CIRowKernels.squareRoot(Floats8(0, 1, 2, 100, 1e6, 0.25, 3e-4, 7))
        for (i, x) in [0, 1, 2, 100, 1e6, 0.25, 3e-4, 7].enumerated() {
            XCTAssertEqual(Double(roots[i]), Double(x).squareRoot(), accuracy: Double(x).squareRoot() * 1e-5)
        }
        let rough = CIRowKernels.roughSquareRoot(Floats8(0, 1, 2, 100, 1e6, 0.25, 3e-4, 7))
        for (i, x) in [0, 1, 2, 100, 1e6, 0.25, 3e-4, 7].enumerated() {
            XCTAssertEqual(Double(rough[i]), Double(x).squareRoot(), accuracy: Double(x).squareRoot() * 2e-3)
        }
        let (floors, bits) = CIRowKernels.floor(Floats8(-1.5, -1, -0.2, 0, 0.2, 1, 1.999, 300.5))
        XCTAssertEqual(floors, Floats8(-2, -1, -1, 0, 0, 1, 1, 300))
        XCTAssertEqual(unsafeBitCast(bits, to: SIMD8<Int32>.self), SIMD8<Int32>(-2, -1, -1, 0, 0, 1, 1, 300))
    }

    /// Positions across the edges, and all inside (the fast path's one-offset branch).
    func testWarpSamplerMatchesTheReference() throws {
        var random = SeededRandom(seed: 10)
        let from = random.bitmap(width: 13, height: 9), to = random.bitmap(width: 13, height: 9)
        let shading = randomRow(&random, 64 * 64)
        for (count, columns, rows) in [(5, -3...15, -3...11), (8, -3...15, -3...11), (27, -3...15, -3...11),
                                       (8, 0...11, 0...7), (27, 0...11, 0...7)] {
            let storage = UnsafeMutablePointer<UInt32>.allocate(capacity: 6 * 32)
            defer { storage.deallocate() }
            let lanes = WarpLanes(ix: storage, iy: storage + 32, tx: storage + 64, ty: storage + 96,
                                  blend: storage + 128, light: storage + 160)
            for j in 0..<count {
                lanes.ix[j] = UInt32(bitPattern: Int32(random.next(in: columns)))
                lanes.iy[j] = UInt32(bitPattern: Int32(random.next(in: rows)))
                lanes.tx[j] = UInt32(random.next(in: 0...256))
                lanes.ty[j] = UInt32(random.next(in: 0...256))
                lanes.blend[j] = UInt32(random.nextByte())
                lanes.light[j] = UInt32(random.next(below: 64 * 64)) << 8 | (j % 3 == 0 ? 0 : UInt32(random.nextByte()))
            }
            for withShading in [false, true] {
                var fast = [UInt32](repeating: 0, count: count), reference = fast
                shading.withUnsafeBufferPointer { shade in
                    let s = withShading ? shade.baseAddress : nil
                    WarpSampler.fast(lanes, count: count, from: from, to: to, shading: s, into: &fast)
                    WarpSampler.reference(lanes, count: count, from: from, to: to, shading: s, into: &reference)
                }
                XCTAssertEqual(fast, reference, "count \(count), shading \(withShading)")
            }
        }
    }

    /// The mod pattern's knots, four at a time, against one at a time: the same bits.
    func testModLatticeKnotsMatchOneByOne() throws {
        var random = SeededRandom(seed: 11)
        let storage = UnsafeMutablePointer<UInt32>.allocate(capacity: 3 * 64)
        defer { storage.deallocate() }
        for _ in 0..<200 {
            let lattice = Lattice(cx: Double(random.next(in: -500...2500)) + 0.5, dy: Double(random.next(in: -1500...1500)) + 0.5,
                                  direction: ScreenDirection(coreImageAngle: Double(random.next(in: -314...314)) / 100),
                                  inverseSpacing: 1 / Double(random.next(in: 3...400)),
                                  inverseCompression: 1 / Double(random.next(in: 1...800)))
            let start = 8 * random.next(in: -40...300), count = random.next(in: 1...60)
            lattice.knots(from: start, count: count, u: storage, v: storage + 64, p: storage + 128)
            for m in 0..<count {
                let k = lattice.knot(start + 8 * m)
                XCTAssertEqual(storage[m], k.u.bitPattern)
                XCTAssertEqual(storage[64 + m], k.v.bitPattern)
                XCTAssertEqual(storage[128 + m], k.p.bitPattern)
            }
        }
    }
}
