/// One measured case: our figure and, where a peer does the same job, the peer's, measured in
/// the same run (this machine is shared: absolute times drift, ratios measured together hold).
public struct BenchRecord: Sendable, Equatable {
    /// What was measured, e.g. `"bilinear affine (scale 0.5, rotate 30°)"`.
    public var name: String
    /// The frame size, `"1920x1080"`, or `""` where there is none.
    public var size: String
    /// Threads our side ran on (the peer ran on as many: see the table's notes).
    public var threads: Int
    /// Our median, in `unit` (milliseconds unless said otherwise).
    public var ours: Double
    /// The peer's name (`"pixman"`, `"cairo"`, `"ffmpeg xfade"`, `"libpng"`), nil where none.
    public var peer: String?
    /// The peer's median in the same unit, nil where there is no peer.
    public var peerValue: Double?
    /// The unit of `ours` and `peerValue`: `"ms"` for times (lower is better); other units are
    /// named in the table and written as an extra `unit` key in the JSON.
    public var unit: String

    public init(name: String, size: String, threads: Int, ours: Double, peer: String? = nil,
                peerValue: Double? = nil, unit: String = "ms") {
        self.name = name
        self.size = size
        self.threads = threads
        self.ours = ours
        self.peer = peer
        self.peerValue = peerValue
        self.unit = unit
    }

    /// `peer / ours`: above 1 means we are faster (for times). Nil without a peer or for a zero
    /// time.
    public var ratio: Double? {
        guard let peerValue, ours > 0, ours.isFinite, peerValue.isFinite else { return nil }
        return peerValue / ours
    }
}

/// The `--json` output: one array of records
/// `{"name", "size", "threads", "ours_ms", "peer", "peer_ms", "ratio"}` (plus `"unit"` when a
/// record's figures are not milliseconds), with JSON `null` where a value is absent. Written by
/// hand so that absent values appear as `null` (Foundation's encoder drops them).
public enum JSONReport {
    public static func encode(_ records: [BenchRecord]) -> String {
        var lines: [String] = []
        for record in records {
            var fields = [
                "\"name\": \(string(record.name))",
                "\"size\": \(string(record.size))",
                "\"threads\": \(record.threads)",
                "\"ours_ms\": \(number(record.ours))",
                "\"peer\": \(record.peer.map(string) ?? "null")",
                "\"peer_ms\": \(record.peerValue.map(number) ?? "null")",
                "\"ratio\": \(record.ratio.map(number) ?? "null")",
            ]
            if record.unit != "ms" { fields.append("\"unit\": \(string(record.unit))") }
            lines.append("  {" + fields.joined(separator: ", ") + "}")
        }
        return lines.isEmpty ? "[]\n" : "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A JSON number with four decimals at most; JSON has no NaN or infinity, so those are null.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return Table.fixed(value, digits: 4)
    }
}

/// The readable table printed on standard output.
public enum Table {
    public static func render(_ records: [BenchRecord]) -> String {
        let header = ["case", "size", "thr", "ours", "peer", "peer", "peer/ours"]
        var rows: [[String]] = [header]
        for r in records {
            let unit = r.unit == "ms" ? "" : " " + r.unit
            rows.append([r.name, r.size, String(r.threads), fixed(r.ours, digits: 2) + unit, r.peer ?? "",
                         r.peerValue.map { fixed($0, digits: 2) + unit } ?? "",
                         r.ratio.map { fixed($0, digits: 2) + "x" } ?? ""])
        }
        var widths = Array(repeating: 0, count: header.count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        return rows.map { row in
            row.enumerated().map { i, cell in
                let gap = String(repeating: " ", count: widths[i] - cell.count)
                return i == 0 || i == 4 ? cell + gap : gap + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// `value` with exactly `digits` decimals, without Foundation's locale-dependent formatting.
    public static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(value) }
        var text = String(Int64(scaled))
        if digits > 0 {
            while text.count <= digits { text = "0" + text }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
        }
        return (value < 0 && scaled != 0 ? "-" : "") + text
    }
}
