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
        var out = ""
        write(to: &out, indent: indent, level: 0)
        return out
    }

    private func write(to out: inout String, indent: Int, level: Int) {
        let newline = indent > 0 ? "\n" : ""
        let pad = Self.padding(indent * (level + 1))
        let closePad = Self.padding(indent * level)
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? String(d) : "null"
        case .string(let s): Self.escape(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "[" + newline
            for (i, item) in items.enumerated() {
                out += pad
                item.write(to: &out, indent: indent, level: level + 1)
                out += (i + 1 < items.count ? "," : "") + newline
            }
            out += closePad + "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{" + newline
            for (i, (key, value)) in pairs.enumerated() {
                out += pad
                Self.escape(key, into: &out)
                out += indent > 0 ? ": " : ":"
                value.write(to: &out, indent: indent, level: level + 1)
                out += (i + 1 < pairs.count ? "," : "") + newline
            }
            out += closePad + "}"
        }
    }

    private static let paddings = (0...16).map { String(repeating: " ", count: $0 * 2) }

    private static func padding(_ width: Int) -> String {
        width % 2 == 0 && width / 2 < paddings.count ? paddings[width / 2] : String(repeating: " ", count: width)
    }

    /// Writes a JSON string literal (RFC 8259 escapes; non-ASCII kept as UTF-8).
    static func escape(_ s: String, into out: inout String) {
        // Most strings need no escaping: append them whole.
        var plain = true
        var previous2: UInt8 = 0, previous: UInt8 = 0
        for byte in s.utf8 {
            if byte < 0x20 || byte == 0x22 || byte == 0x5C || (previous2 == 0xE2 && previous == 0x80 && (byte == 0xA8 || byte == 0xA9)) {
                plain = false
                break
            }
            previous2 = previous
            previous = byte
        }
        if plain {
            out += "\""
            out += s
            out += "\""
            return
        }
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
