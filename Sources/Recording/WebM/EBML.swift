/// Builds EBML (the binary format under Matroska and WebM) element by element into a byte array.
///
/// An element is its ID (1–4 bytes, written with its length marker, as the specifications list
/// them), its payload size as a variable-length integer, then the payload. Unsigned integers use
/// the fewest bytes; floats are 8 bytes; sizes of containers patched later use 8 bytes.
struct EBMLWriter {
    var bytes: [UInt8] = []

    /// The size field meaning "unknown" in 8 bytes: a container still open (a live stream, or
    /// a recording cut off before its sizes were written).
    static let unknownSize: [UInt8] = [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]

    mutating func id(_ id: UInt32) {
        var started = false
        for shift in stride(from: 24, through: 0, by: -8) {
            let byte = UInt8(truncatingIfNeeded: id >> UInt32(shift))
            if byte != 0 || started || shift == 0 {
                bytes.append(byte)
                started = true
            }
        }
    }

    /// `value` as the shortest variable-length size (1–8 bytes); all-ones patterns are
    /// avoided because they mean "unknown".
    mutating func size(_ value: Int) {
        var length = 1
        while length < 8 && UInt64(value) >= (UInt64(1) << (7 * UInt64(length))) - 1 { length += 1 }
        Self.appendSize(value, length: length, to: &bytes)
    }

    /// `value` as an 8-byte size field (for a size patched in place later).
    static func eightByteSize(_ value: Int) -> [UInt8] {
        var out: [UInt8] = []
        appendSize(value, length: 8, to: &out)
        return out
    }

    private static func appendSize(_ value: Int, length: Int, to out: inout [UInt8]) {
        let marked = UInt64(value) | (UInt64(1) << (7 * UInt64(length)))
        for i in stride(from: length - 1, through: 0, by: -1) {
            out.append(UInt8(truncatingIfNeeded: marked >> (8 * UInt64(i))))
        }
    }

    mutating func element(_ id: UInt32, _ payload: [UInt8]) {
        self.id(id)
        size(payload.count)
        bytes += payload
    }

    mutating func unsigned(_ id: UInt32, _ value: UInt64) {
        var payload: [UInt8] = []
        var started = false
        for shift in stride(from: 56, through: 0, by: -8) {
            let byte = UInt8(truncatingIfNeeded: value >> UInt64(shift))
            if byte != 0 || started || shift == 0 {
                payload.append(byte)
                started = true
            }
        }
        element(id, payload)
    }

    /// A signed integer in the fewest bytes (two's complement, big-endian).
    mutating func signed(_ id: UInt32, _ value: Int64) {
        var length = 1
        while length < 8 && !(-(Int64(1) << (8 * Int64(length) - 1)) ..< (Int64(1) << (8 * Int64(length) - 1))).contains(value) {
            length += 1
        }
        element(id, (0..<length).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * Int64($0))) })
    }

    mutating func float(_ id: UInt32, _ value: Double) {
        let bits = value.bitPattern
        element(id, (0..<8).reversed().map { UInt8(truncatingIfNeeded: bits >> (8 * UInt64($0))) })
    }

    mutating func string(_ id: UInt32, _ value: String) { element(id, Array(value.utf8)) }

    /// A container whose children `build` writes.
    mutating func master(_ id: UInt32, _ build: (inout EBMLWriter) -> Void) {
        var inner = EBMLWriter()
        build(&inner)
        element(id, inner.bytes)
    }

    /// A Void element of exactly `total` bytes (≥ 2), reserving room to overwrite later.
    mutating func void(totalBytes total: Int) {
        precondition(total >= 2 && total <= 127 + 2, "a Void of \(total) bytes needs a longer size field")
        id(Matroska.void)
        size(total - 2)
        bytes += [UInt8](repeating: 0, count: total - 2)
    }
}

/// The Matroska element IDs this muxer writes (with their length markers, as in the spec).
enum Matroska {
    static let ebml: UInt32 = 0x1A45_DFA3
    static let ebmlVersion: UInt32 = 0x4286, ebmlReadVersion: UInt32 = 0x42F7
    static let ebmlMaxIDLength: UInt32 = 0x42F2, ebmlMaxSizeLength: UInt32 = 0x42F3
    static let docType: UInt32 = 0x4282, docTypeVersion: UInt32 = 0x4287, docTypeReadVersion: UInt32 = 0x4285
    static let segment: UInt32 = 0x1853_8067
    static let seekHead: UInt32 = 0x114D_9B74, seek: UInt32 = 0x4DBB, seekID: UInt32 = 0x53AB, seekPosition: UInt32 = 0x53AC
    static let info: UInt32 = 0x1549_A966
    static let timecodeScale: UInt32 = 0x2A_D7B1, duration: UInt32 = 0x4489
    static let muxingApp: UInt32 = 0x4D80, writingApp: UInt32 = 0x5741
    static let tracks: UInt32 = 0x1654_AE6B, trackEntry: UInt32 = 0xAE
    static let trackNumber: UInt32 = 0xD7, trackUID: UInt32 = 0x73C5, trackType: UInt32 = 0x83
    static let flagLacing: UInt32 = 0x9C, codecID: UInt32 = 0x86, defaultDuration: UInt32 = 0x23_E383
    static let maxBlockAdditionID: UInt32 = 0x55EE
    static let video: UInt32 = 0xE0, pixelWidth: UInt32 = 0xB0, pixelHeight: UInt32 = 0xBA, alphaMode: UInt32 = 0x53C0
    static let colour: UInt32 = 0x55B0, matrixCoefficients: UInt32 = 0x55B1, range: UInt32 = 0x55B9
    static let transferCharacteristics: UInt32 = 0x55BA, primaries: UInt32 = 0x55BB
    static let cluster: UInt32 = 0x1F43_B675, timecode: UInt32 = 0xE7
    static let simpleBlock: UInt32 = 0xA3, blockGroup: UInt32 = 0xA0, block: UInt32 = 0xA1
    static let referenceBlock: UInt32 = 0xFB
    static let blockAdditions: UInt32 = 0x75A1, blockMore: UInt32 = 0xA6, blockAddID: UInt32 = 0xEE, blockAdditional: UInt32 = 0xA5
    static let cues: UInt32 = 0x1C53_BB6B, cuePoint: UInt32 = 0xBB, cueTime: UInt32 = 0xB3
    static let cueTrackPositions: UInt32 = 0xB7, cueTrack: UInt32 = 0xF7, cueClusterPosition: UInt32 = 0xF1
    static let void: UInt32 = 0xEC
}
