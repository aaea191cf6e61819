import ShareLintMessages
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

    /// Whether a plain scalar starting with `byte` may read as something other than a
    /// string (every such reading starts with one of these ASCII characters).
    static func mayStartNonString(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
             UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "o"), UInt8(ascii: "O"), UInt8(ascii: "~"), UInt8(ascii: "."),
             UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return false
        }
    }

    /// What YAML 1.1 reads a plain scalar as ("a boolean", "null", "a number"), or nil
    /// when it is a string.
    static func nonStringReading(of value: String) -> Message? {
        // Every non-string reading starts with one of these ASCII characters and is short
        // unless it is a number: reject the common case without hashing.
        guard let first = value.utf8.first, mayStartNonString(first) else { return nil }
        // The words are at most five bytes long: longer scalars can only be numbers.
        if value.utf8.count <= 5 {
            if booleans.contains(value) { return Message(.readingBoolean) }
            if nulls.contains(value) { return Message(.kindNull) }
            if specialFloats.contains(value) { return Message(.readingNumber) }
        }
        switch first {
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return isNumber(value) ? Message(.readingNumber) : nil
        default:
            return nil
        }
    }

    /// Integers (decimal, 0-octal, 0x, 0b, sexagesimal, `_` separators) and floats
    /// (with a dot or an exponent) of YAML 1.1.
    static func isNumber(_ value: String) -> Bool {
        // ASCII text (without CR, which joins LF into one Character) reads the same as
        // bytes, without making Characters.
        if let answer = value.withBytes({ isASCIINumber($0) }) { return answer }
        return isNumberInCharacters(value)
    }

    /// `isNumber` over the bytes of ASCII text; nil for other text.
    private static func isASCIINumber(_ bytes: ByteView) -> Bool? {
        guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return nil }
        func digit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        var s = bytes[...]
        if s.first == UInt8(ascii: "+") || s.first == UInt8(ascii: "-") { s = s.dropFirst() }
        guard let first = s.first, digit(first) || first == UInt8(ascii: ".") else { return false }
        let rest = s.dropFirst(2)
        if s.starts(with: "0x".utf8) {
            return s.count > 2 && rest.allSatisfy { digit($0) || ($0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "f")) || $0 == UInt8(ascii: "_") }
        }
        if s.starts(with: "0b".utf8) {
            return s.count > 2 && rest.allSatisfy { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "1") || $0 == UInt8(ascii: "_") }
        }
        if s.contains(UInt8(ascii: ":")) {
            return s.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).allSatisfy { part in
                !part.isEmpty && part.allSatisfy { digit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") }
            }
        }
        var sawDigit = false, sawDot = false, sawExponent = false
        var previous = UInt8(ascii: " ")
        for c in s {
            if digit(c) { sawDigit = true }
            else if c == UInt8(ascii: "_") { if sawExponent { return false } }
            else if c == UInt8(ascii: ".") { if sawDot || sawExponent { return false }; sawDot = true }
            else if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") { if sawExponent || !sawDigit { return false }; sawExponent = true }
            else if (c == UInt8(ascii: "+") || c == UInt8(ascii: "-")) && (previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E")) {}
            else { return false }
            previous = c
        }
        let last = previous
        return sawDigit && last != UInt8(ascii: "e") && last != UInt8(ascii: "E") && last != UInt8(ascii: "+") && last != UInt8(ascii: "-")
    }

    /// `isNumber` in Characters, for any text (the reference the byte path follows).
    static func isNumberInCharacters(_ value: String) -> Bool {
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
