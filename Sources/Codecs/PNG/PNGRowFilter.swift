/// PNG's five row filters (PNG 1.2 §6): each filtered row is one filter-type byte followed by the
/// row's bytes minus a prediction from the pixel to the left (`a`), above (`b`) and above-left
/// (`c`), modulo 256.
enum PNGRowFilter {
    /// Which filter a row gets.
    enum Strategy {
        /// None (type 0) for every row: stored data, level 0.
        case none
        /// Sub (type 1) for every row: fastest, good on photographs and gradients.
        case sub
        /// The filter with the smallest sum of |signed filtered byte| for each row (libpng's
        /// heuristic), ties to the lower type.
        case adaptive
    }

    /// Writes the filtered form of `row` (`count` bytes, `bytesPerPixel` a pixel) to `output`
    /// (`count + 1` bytes). `previous` is the row above, unfiltered, or nil for the first row
    /// (PNG treats it as zeros).
    static func filter(_ row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int, bytesPerPixel: Int,
                       strategy: Strategy, into output: UnsafeMutablePointer<UInt8>) {
        switch strategy {
        case .none:
            output[0] = 0
            (output + 1).update(from: row, count: count)
        case .sub:
            apply(1, row, previous, count, bytesPerPixel, output)
        case .adaptive:
            var best: UInt8 = 0, bestScore = Int.max
            for type: UInt8 in 0...4 {
                apply(type, row, previous, count, bytesPerPixel, output)
                var score = 0
                for i in 1...count {
                    let v = Int(Int8(bitPattern: output[i]))
                    score &+= v < 0 ? -v : v
                }
                if score < bestScore {
                    bestScore = score
                    best = type
                }
            }
            if best != 4 { apply(best, row, previous, count, bytesPerPixel, output) }
        }
    }

    /// Filters `row` with filter `type` into `output`.
    private static func apply(_ type: UInt8, _ row: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>?, _ count: Int,
                              _ bpp: Int, _ output: UnsafeMutablePointer<UInt8>) {
        output[0] = type
        let out = output + 1
        switch (type, previous) {
        case (0, _):
            out.update(from: row, count: count)
        case (1, _), (4, nil):
            // Paeth with a zero row above predicts from the left, as Sub does.
            for i in 0..<min(bpp, count) { out[i] = row[i] }
            var i = bpp
            while i < count {
                out[i] = row[i] &- row[i &- bpp]
                i &+= 1
            }
        case (2, nil):
            out.update(from: row, count: count)
        case let (2, up?):
            for i in 0..<count { out[i] = row[i] &- up[i] }
        case (3, nil):
            for i in 0..<count { out[i] = row[i] &- (i >= bpp ? row[i - bpp] >> 1 : 0) }
        case let (3, up?):
            for i in 0..<count {
                let left = i >= bpp ? Int(row[i - bpp]) : 0
                out[i] = row[i] &- UInt8((left + Int(up[i])) >> 1)
            }
        case (_, nil):
            preconditionFailure("PNG row filter types are 0...4")
        case let (_, up?):
            for i in 0..<count {
                let a = i >= bpp ? Int(row[i - bpp]) : 0, b = Int(up[i]), c = i >= bpp ? Int(up[i - bpp]) : 0
                let p = a + b - c
                let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                let predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                out[i] = row[i] &- UInt8(predictor)
            }
        }
    }
}
