import Raster

/// A small deterministic random generator (SplitMix64, Steele, Lea & Flood 2014) for tests: the
/// same seed gives the same sequence on every machine and Swift version, unlike the system
/// generator. Not for anything that needs unpredictability.
///
///     var random = SeededRandom(seed: 7)
///     let image = random.bitmap(width: 33, height: 5)
///
/// It conforms to `RandomNumberGenerator`, but the standard library's `random(in:using:)` may
/// change its algorithm between releases; the methods below (`next(below:)` and the pixel
/// helpers) are fixed here, so results stay reproducible.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    /// The generator's whole state; it advances by a fixed odd constant on every call.
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 uniformly distributed bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0), from the high half of a 64×64-bit product
    /// (Lemire's method without the rejection step: the bias is below 2⁻³² for test-sized bounds).
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "bound \(bound) must be positive")
        return Int(UInt64(bound).multipliedFullWidth(by: next()).high)
    }

    /// A number in `range`.
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + next(below: range.upperBound - range.lowerBound + 1)
    }

    /// A uniformly distributed byte.
    public mutating func nextByte() -> UInt8 {
        UInt8(truncatingIfNeeded: next() >> 56)
    }

    /// A valid premultiplied colour (every channel ≤ alpha) with the given alpha and uniformly
    /// drawn colour channels.
    public mutating func premultipliedColor(alpha: UInt8) -> PremultipliedColor {
        let a = Int(alpha)
        return PremultipliedColor(red: UInt8(next(in: 0...a)), green: UInt8(next(in: 0...a)),
                                  blue: UInt8(next(in: 0...a)), alpha: alpha)
    }

    /// A valid premultiplied colour with uniformly drawn alpha.
    public mutating func premultipliedColor() -> PremultipliedColor {
        premultipliedColor(alpha: nextByte())
    }

    /// Fills `bitmap` (or a view) with valid premultiplied pixels in runs of 1…24 pixels, each run
    /// either opaque, transparent black, or of random alpha, so that kernels meet both their
    /// general case and their opaque/transparent shortcuts, and the runs' edges fall anywhere.
    public mutating func fill(_ bitmap: Bitmap) {
        var remaining = 0, kind = 0
        for y in 0..<bitmap.height {
            let row = bitmap.row(y)
            for x in 0..<row.count {
                if remaining == 0 {
                    remaining = next(in: 1...24)
                    kind = next(below: 8)
                }
                remaining -= 1
                switch kind {
                case 0, 1, 2: row[x] = premultipliedColor(alpha: 255).packed
                case 3: row[x] = 0
                default: row[x] = premultipliedColor().packed
                }
            }
        }
    }

    /// A new bitmap of random valid premultiplied pixels (see `fill(_:)` for their mix).
    public mutating func bitmap(width: Int, height: Int) -> Bitmap {
        let result = Bitmap(width: width, height: height)
        fill(result)
        return result
    }

    /// Fills `mask` (or a view) with coverage in runs of 1…24 values, each run all 255, all 0,
    /// or random.
    public mutating func fill(_ mask: CoverageMask) {
        var remaining = 0, kind = 0
        for y in 0..<mask.height {
            let row = mask.row(y)
            for x in 0..<row.count {
                if remaining == 0 {
                    remaining = next(in: 1...24)
                    kind = next(below: 4)
                }
                remaining -= 1
                switch kind {
                case 0: row[x] = 255
                case 1: row[x] = 0
                default: row[x] = nextByte()
                }
            }
        }
    }

    /// A new mask of random coverage (see `fill(_:)` for its mix).
    public mutating func coverageMask(width: Int, height: Int) -> CoverageMask {
        let result = CoverageMask(width: width, height: height)
        fill(result)
        return result
    }
}
