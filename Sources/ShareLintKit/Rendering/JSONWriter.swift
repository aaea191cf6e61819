/// A minimal JSON builder with a stable key order.
package indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number with a fraction or exponent (as read by a JSON parser).
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }
    package func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

    /// A string or null.
    package static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    /// An int or null.
    package static func optional(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }

    /// The JSON text; `indent` > 0 pretty-prints with that many spaces.
    package func serialized(indent: Int = 0) -> String {
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
        case .int(let i): out.decimal(i)
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

    /// The most bytes `escape` writes for a text of `utf8Count` UTF-8 bytes: its quotes,
    /// and six bytes a byte (a control character becomes `\u00XX`; U+2028 and U+2029,
    /// three bytes each, become six).
    static func escapedSize(utf8Count: Int) -> Int { 2 + 6 * utf8Count }

    /// Writes a JSON string literal (RFC 8259 escapes; non-ASCII kept as UTF-8) into a
    /// byte array or the document writer's buffer.
    static func escape<Sink: JSONByteSink>(_ s: String, into out: inout Sink) {
        // Most texts need no escape: copied whole. A byte below 0x20, a quote, a backslash
        // or the lead byte E2 (of U+2028 and U+2029) takes the byte-by-byte way below.
        let copied = s.withBytes { bytes in
            for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2 { return false }
            out.put(UInt8(ascii: "\""))
            out.put(bytes)
            out.put(UInt8(ascii: "\""))
            return true
        }
        if copied { return }
        out.put(UInt8(ascii: "\""))
        var previous2: UInt8 = 0, previous: UInt8 = 0
        for byte in s.utf8 {
            defer { previous2 = previous; previous = byte }
            switch byte {
            case UInt8(ascii: "\""): out.put(ascii: "\\\"")
            case UInt8(ascii: "\\"): out.put(ascii: "\\\\")
            case UInt8(ascii: "\n"): out.put(ascii: "\\n")
            case UInt8(ascii: "\r"): out.put(ascii: "\\r")
            case UInt8(ascii: "\t"): out.put(ascii: "\\t")
            case 0x08: out.put(ascii: "\\b")
            case 0x0C: out.put(ascii: "\\f")
            case 0..<0x20: appendUnicodeEscape(UInt32(byte), to: &out)
            case 0xA8 where previous2 == 0xE2 && previous == 0x80, 0xA9 where previous2 == 0xE2 && previous == 0x80:
                // U+2028 and U+2029 (E2 80 A8/A9): escaped, as JavaScript reads them as line ends.
                out.removeLast(2)
                appendUnicodeEscape(byte == 0xA8 ? 0x2028 : 0x2029, to: &out)
            default: out.put(byte)
            }
        }
        out.put(UInt8(ascii: "\""))
    }

    private static func appendUnicodeEscape<Sink: JSONByteSink>(_ value: UInt32, to out: inout Sink) {
        let hex = String(value, radix: 16)
        let escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        escape.withBytes { out.put($0) }
    }
}
