/// A strict YUV4MPEG2 reader for tests: the header tokens and every frame's planes (8-bit, 4:2:0
/// unless the header says `C444`). A partial last frame, a missing `FRAME` marker or trailing
/// bytes are errors, so a stream that parses is complete and consistent.
public struct Y4MFile: Sendable {
    public private(set) var width = 0
    public private(set) var height = 0
    /// The header line's tokens, `YUV4MPEG2` first.
    public private(set) var tokens: [String] = []
    /// Each frame's Y′, Cb and Cr planes, without the `FRAME` line.
    public private(set) var frames: [[UInt8]] = []

    public var isSubsampled: Bool { !tokens.contains("C444") }
    public var chromaWidth: Int { isSubsampled ? (width + 1) / 2 : width }
    public var chromaHeight: Int { isSubsampled ? (height + 1) / 2 : height }
    public var frameBytes: Int { width * height + 2 * chromaWidth * chromaHeight }
    /// Bytes of the header line, newline included.
    public var headerBytes: Int { tokens.joined(separator: " ").utf8.count + 1 }

    public init(_ bytes: [UInt8]) throws {
        guard let newline = bytes.firstIndex(of: 0x0A) else {
            throw TestSupportError("no Y4M header line in \(bytes.count) bytes")
        }
        tokens = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ").map(String.init)
        guard tokens.first == "YUV4MPEG2" else { throw TestSupportError("bad Y4M magic '\(tokens.first ?? "")'") }
        for token in tokens.dropFirst() {
            if token.hasPrefix("W") { width = Int(token.dropFirst()) ?? 0 }
            if token.hasPrefix("H") { height = Int(token.dropFirst()) ?? 0 }
        }
        guard width > 0, height > 0 else { throw TestSupportError("no size in Y4M header \(tokens)") }
        var offset = newline + 1
        let marker = Array("FRAME\n".utf8)
        while offset < bytes.count {
            guard bytes.count >= offset + marker.count, Array(bytes[offset..<offset + marker.count]) == marker else {
                throw TestSupportError("no FRAME marker at byte \(offset) of \(bytes.count) (after \(frames.count) frames)")
            }
            offset += marker.count
            guard bytes.count >= offset + frameBytes else {
                throw TestSupportError("partial frame \(frames.count) at byte \(offset): "
                                       + "\(bytes.count - offset) of \(frameBytes) bytes")
            }
            frames.append(Array(bytes[offset..<offset + frameBytes]))
            offset += frameBytes
        }
    }

    /// (Y′, Cb, Cr) of pixel (x, y) in frame `index`.
    public func sample(frame index: Int, x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        let f = frames[index]
        let cx = isSubsampled ? x / 2 : x, cy = isSubsampled ? y / 2 : y
        let chromaPlane = chromaWidth * chromaHeight
        return (f[y * width + x], f[width * height + cy * chromaWidth + cx],
                f[width * height + chromaPlane + cy * chromaWidth + cx])
    }

    /// Y′ of pixel (x, y) in frame `index`.
    public func luma(frame index: Int, x: Int, y: Int) -> UInt8 { frames[index][y * width + x] }

    /// The mean Y′ of frame `index`.
    public func meanLuma(_ index: Int) -> Double {
        let plane = frames[index].prefix(width * height)
        return Double(plane.reduce(0) { $0 + Int($1) }) / Double(width * height)
    }
}
