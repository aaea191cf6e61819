/// A minimal JSON builder with a stable key order.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number with a fraction or exponent (as read by a JSON parser).
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

    /// A string or null.
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    /// An int or null.
    public static func optional(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }

    /// The JSON text; `indent` > 0 pretty-prints with that many spaces.
    public func serialized(indent: Int = 0) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(to: &out, indent: indent, level: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// Written as UTF-8 bytes: appending to a byte array costs a few instructions per
    /// byte, where `String` appends cost hundreds per call.
    func write(to out: inout [UInt8], indent: Int, level: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): Self.appendDecimal(i, to: &out)
        case .double(let d): out.append(contentsOf: (d.isFinite ? String(d) : "null").utf8)
        case .string(let s): Self.escape(s, into: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.newline(indent: indent, level: level + 1, to: &out)
                item.write(to: &out, indent: indent, level: level + 1)
            }
            Self.newline(indent: indent, level: level, to: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            if pairs.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.newline(indent: indent, level: level + 1, to: &out)
                Self.escape(key, into: &out)
                out.append(UInt8(ascii: ":"))
                if indent > 0 { out.append(UInt8(ascii: " ")) }
                value.write(to: &out, indent: indent, level: level + 1)
            }
            Self.newline(indent: indent, level: level, to: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A line break and the indentation of `level` (nothing when not pretty-printing).
    static func newline(indent: Int, level: Int, to out: inout [UInt8]) {
        guard indent > 0 else { return }
        out.append(UInt8(ascii: "\n"))
        // Copied from a run of spaces (appending a repeated element went byte by byte).
        var count = indent * level
        while count > 0 {
            let run = min(count, spaces.count)
            out.append(contentsOf: spaces[0..<run])
            count -= run
        }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        guard value >= 0, value < 10 else {
            out.append(contentsOf: String(value).utf8)
            return
        }
        out.append(UInt8(ascii: "0") + UInt8(value))
    }

    /// Writes a JSON string literal (RFC 8259 escapes; non-ASCII kept as UTF-8).
    static func escape(_ s: String, into out: inout [UInt8]) {
        // Most texts need no escape: copied whole. A byte below 0x20, a quote, a backslash
        // or the lead byte E2 (of U+2028 and U+2029) takes the byte-by-byte way below.
        var text = s
        let copied = text.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2 { return false }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\""))
            return true
        }
        if copied { return }
        out.append(UInt8(ascii: "\""))
        var previous2: UInt8 = 0, previous: UInt8 = 0
        for byte in s.utf8 {
            defer { previous2 = previous; previous = byte }
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: "\\n".utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: "\\r".utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: "\\t".utf8)
            case 0x08: out.append(contentsOf: "\\b".utf8)
            case 0x0C: out.append(contentsOf: "\\f".utf8)
            case 0..<0x20: appendUnicodeEscape(UInt32(byte), to: &out)
            case 0xA8 where previous2 == 0xE2 && previous == 0x80, 0xA9 where previous2 == 0xE2 && previous == 0x80:
                // U+2028 and U+2029 (E2 80 A8/A9): escaped, as JavaScript reads them as line ends.
                out.removeLast(2)
                appendUnicodeEscape(byte == 0xA8 ? 0x2028 : 0x2029, to: &out)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func appendUnicodeEscape(_ value: UInt32, to out: inout [UInt8]) {
        let hex = String(value, radix: 16)
        out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
    }
}
