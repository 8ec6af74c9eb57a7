/// A strict YUV4MPEG2 reader: the header tokens and every frame's planes (8-bit, 4:2:0 or
/// 4:4:4). A partial last frame, a missing `FRAME` marker or trailing bytes are errors: a stream
/// that parses is complete and consistent.
struct Y4MFile {
    var width = 0
    var height = 0
    var tokens: [String] = []
    var frames: [ArraySlice<UInt8>] = []

    var isSubsampled: Bool { !tokens.contains("C444") }
    var frameBytes: Int {
        let cw = isSubsampled ? (width + 1) / 2 : width, ch = isSubsampled ? (height + 1) / 2 : height
        return width * height + 2 * cw * ch
    }

    init(_ bytes: [UInt8]) throws {
        guard let newline = bytes.firstIndex(of: 0x0A) else { throw ReliabilityError("no Y4M header line in \(bytes.count) bytes") }
        tokens = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ").map(String.init)
        guard tokens.first == "YUV4MPEG2" else { throw ReliabilityError("bad Y4M magic '\(tokens.first ?? "")'") }
        for token in tokens.dropFirst() {
            if token.hasPrefix("W") { width = Int(token.dropFirst()) ?? 0 }
            if token.hasPrefix("H") { height = Int(token.dropFirst()) ?? 0 }
        }
        guard width > 0, height > 0 else { throw ReliabilityError("no size in Y4M header \(tokens)") }
        var offset = newline + 1
        let marker = Array("FRAME\n".utf8)
        while offset < bytes.count {
            guard bytes.count >= offset + marker.count, Array(bytes[offset..<offset + marker.count]) == marker else {
                throw ReliabilityError("no FRAME marker at byte \(offset) of \(bytes.count) (after \(frames.count) frames)")
            }
            offset += marker.count
            guard bytes.count >= offset + frameBytes else {
                throw ReliabilityError("partial frame \(frames.count) at byte \(offset): \(bytes.count - offset) of \(frameBytes) bytes")
            }
            frames.append(bytes[offset..<offset + frameBytes])
            offset += frameBytes
        }
    }

    /// The mean luma (Y′) of frame `index`.
    func meanLuma(_ index: Int) -> Double {
        let plane = frames[index].prefix(width * height)
        return Double(plane.reduce(0) { $0 + Int($1) }) / Double(width * height)
    }
}
