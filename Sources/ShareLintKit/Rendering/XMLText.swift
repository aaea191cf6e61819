/// Text for XML 1.0 reports (JUnit, checkstyle): the five markup characters escaped, and
/// the characters XML 1.0 cannot carry at all, even as references (controls other than
/// tab, line feed and carriage return; U+FFFE and U+FFFF), replaced by U+FFFD.
enum XMLText {
    /// Escaped for element content: tab, line feed and carriage return are kept as they are.
    static func content(_ s: String) -> String { escape(s, inAttribute: false) }

    /// Escaped for an attribute value in double quotes: tab, line feed and carriage return
    /// become character references, so a parser's attribute-value normalization keeps them.
    static func attribute(_ s: String) -> String { escape(s, inAttribute: true) }

    private static func escape(_ s: String, inAttribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r":
                if inAttribute { out += "&#\(scalar.value);" } else { out.unicodeScalars.append(scalar) }
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
