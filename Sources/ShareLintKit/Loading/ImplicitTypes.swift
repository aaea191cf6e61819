/// The YAML 1.1 readings of plain scalars that are not strings.
enum ImplicitTypes {
    private static let booleans: Set<String> = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
        "true", "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF",
    ]
    private static let nulls: Set<String> = ["~", "null", "Null", "NULL"]
    private static let specialFloats: Set<String> = [
        ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN",
    ]

    /// What YAML 1.1 reads a plain scalar as ("a boolean", "null", "a number"), or nil
    /// when it is a string.
    static func nonStringReading(of value: String) -> String? {
        // Every non-string reading starts with one of these ASCII characters and is short
        // unless it is a number: reject the common case without hashing.
        guard let first = value.utf8.first else { return nil }
        switch first {
        case UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
             UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "o"), UInt8(ascii: "O"), UInt8(ascii: "~"), UInt8(ascii: "."),
             UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            break
        default:
            return nil
        }
        // The words are at most five bytes long: longer scalars can only be numbers.
        if value.utf8.count <= 5 {
            if booleans.contains(value) { return "a boolean" }
            if nulls.contains(value) { return "null" }
            if specialFloats.contains(value) { return "a number" }
        }
        switch first {
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return isNumber(value) ? "a number" : nil
        default:
            return nil
        }
    }

    /// Integers (decimal, 0-octal, 0x, 0b, sexagesimal, `_` separators) and floats
    /// (with a dot or an exponent) of YAML 1.1.
    private static func isNumber(_ value: String) -> Bool {
        var s = Substring(value)
        if s.first == "+" || s.first == "-" { s = s.dropFirst() }
        guard let first = s.first, first.isASCII, first.isNumber || first == "." else { return false }
        if s.hasPrefix("0x") { return s.count > 2 && s.dropFirst(2).allSatisfy { $0.isHexDigit || $0 == "_" } }
        if s.hasPrefix("0b") { return s.count > 2 && s.dropFirst(2).allSatisfy { $0 == "0" || $0 == "1" || $0 == "_" } }
        if s.contains(":") {
            return s.split(separator: ":", omittingEmptySubsequences: false).allSatisfy { part in
                !part.isEmpty && part.allSatisfy { ($0.isASCII && $0.isNumber) || $0 == "_" || $0 == "." }
            }
        }
        var sawDigit = false, sawDot = false, sawExponent = false
        var previous: Character = " "
        for c in s {
            if c.isASCII && c.isNumber { sawDigit = true }
            else if c == "_" { if sawExponent { return false } }
            else if c == "." { if sawDot || sawExponent { return false }; sawDot = true }
            else if c == "e" || c == "E" { if sawExponent || !sawDigit { return false }; sawExponent = true }
            else if (c == "+" || c == "-") && (previous == "e" || previous == "E") {}
            else { return false }
            previous = c
        }
        return sawDigit && previous != "e" && previous != "E" && previous != "+" && previous != "-"
    }
}
