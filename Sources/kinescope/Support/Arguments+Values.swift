import Kinescope

extension ArgumentCursor {
    /// A `WxH` size (e.g. `1280x720`), each side in `1...PixelSize.maxDimension`.
    mutating func size(of name: String, inline: String?) throws(CommandLineFailure) -> PixelSize {
        let text = try value(of: name, inline: inline)
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w >= 1, h >= 1,
              let size = try? PixelSize(width: w, height: h) else {
            throw .usage("\(name) \(text): expected WIDTHxHEIGHT with sides in 1...\(PixelSize.maxDimension)")
        }
        return size
    }

    /// A finite number in `range`.
    mutating func number(of name: String, inline: String?, in range: ClosedRange<Double>) throws(CommandLineFailure) -> Double {
        let text = try value(of: name, inline: inline)
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw .usage("\(name) \(text): expected a number in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// A whole number in `range`.
    mutating func integer(of name: String, inline: String?, in range: ClosedRange<Int>) throws(CommandLineFailure) -> Int {
        let text = try value(of: name, inline: inline)
        guard let value = Int(text), range.contains(value) else {
            throw .usage("\(name) \(text): expected a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// A Y4M chroma layout: `420`, `444` or `444alpha` (`C444alpha`, which keeps the alpha).
    mutating func chroma(of name: String, inline: String?) throws(CommandLineFailure) -> Y4MSink.Chroma {
        let text = try value(of: name, inline: inline)
        switch text.lowercased() {
        case "420": return .yuv420
        case "444": return .yuv444
        case "444alpha": return .yuv444Alpha
        default: throw .usage("\(name) \(text): expected 420, 444 or 444alpha")
        }
    }

    /// `A-B` with `0 ≤ A ≤ B ≤ 1`: a part of a transition's progress.
    mutating func progressRange(of name: String, inline: String?) throws(CommandLineFailure) -> ClosedRange<Double> {
        let text = try value(of: name, inline: inline)
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite,
              0 <= a, a <= b, b <= 1 else {
            throw .usage("\(name) \(text): expected FROM-TO, progress values with 0 <= FROM <= TO <= 1 (e.g. 0.2-0.8)")
        }
        return a...b
    }
}
