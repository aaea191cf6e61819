/// Reads the top-level string values of an Info.plist, XML or binary (`bplist00`),
/// without Foundation. Only what sharelint needs: keys and their string values.
public enum PropertyList {
    /// A property list that could not be read.
    public struct Failure: Error, CustomStringConvertible {
        /// What is wrong with it.
        public var description: String
    }

    /// The top-level dictionary's keys, with their values when they are strings.
    public static func topLevelStrings(_ bytes: [UInt8]) throws -> [String: String?] {
        if bytes.starts(with: Array("bplist00".utf8)) { return try binary(bytes) }
        return try xml(String(decoding: bytes, as: UTF8.self))
    }

    // MARK: XML

    private static func xml(_ text: String) throws -> [String: String?] {
        guard let dictStart = text.firstRange(of: "<dict>") else {
            throw Failure(description: "not a property list with a top-level <dict>")
        }
        var result: [String: String?] = [:]
        var rest = text[dictStart.upperBound...]
        var depth = 0
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            if tag == "dict" || tag == "array" { depth += 1; continue }
            if tag == "/dict" || tag == "/array" {
                if depth == 0 { return result }
                depth -= 1
                continue
            }
            guard depth == 0, tag == "key", let end = rest.firstRange(of: "</key>") else { continue }
            let key = unescape(String(rest[..<end.lowerBound]))
            rest = rest[end.upperBound...]
            // The value: the next element.
            guard let valueOpen = rest.firstIndex(of: "<"), let valueClose = rest[valueOpen...].firstIndex(of: ">") else { break }
            let valueTag = rest[rest.index(after: valueOpen)..<valueClose]
            if valueTag == "string", let valueEnd = rest.firstRange(of: "</string>") {
                result[key] = .some(unescape(String(rest[rest.index(after: valueClose)..<valueEnd.lowerBound])))
                rest = rest[valueEnd.upperBound...]
            } else if valueTag == "string/" {
                result[key] = .some("")
                rest = rest[rest.index(after: valueClose)...]
            } else {
                result[key] = .some(nil)
            }
        }
        throw Failure(description: "the property list's <dict> is not closed")
    }

    private static func unescape(_ s: String) -> String {
        var out = s
        for (entity, value) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            out = out.split(separator: entity, omittingEmptySubsequences: false).joined(separator: value)
        }
        return out
    }

    // MARK: Binary

    private static func binary(_ bytes: [UInt8]) throws -> [String: String?] {
        let b = ByteReader(bytes)
        let bad = Failure(description: "the binary property list is malformed")
        guard bytes.count >= 40, let offsetSize = b.byte(bytes.count - 26), let refSize = b.byte(bytes.count - 25),
              (1...8).contains(offsetSize), (1...8).contains(refSize) else { throw bad }
        func uint(_ at: Int, _ size: Int) throws -> Int {
            guard at >= 0, at + size <= bytes.count else { throw bad }
            var value = 0
            for i in 0..<size { value = value << 8 | Int(bytes[at + i]) }
            guard value >= 0 else { throw bad }
            return value
        }
        let count = try uint(bytes.count - 24, 8), top = try uint(bytes.count - 16, 8), table = try uint(bytes.count - 8, 8)
        guard count < bytes.count, top < count else { throw bad }
        func offset(of object: Int) throws -> Int {
            guard object < count else { throw bad }
            return try uint(table + object * Int(offsetSize), Int(offsetSize))
        }
        /// The marker's length: the low nibble, or a following int object when it is 0xF.
        func length(at start: Int) throws -> (Int, Int) {
            guard let marker = b.byte(start) else { throw bad }
            let low = Int(marker & 0x0F)
            if low != 0x0F { return (low, start + 1) }
            guard let intMarker = b.byte(start + 1), intMarker >> 4 == 0x1 else { throw bad }
            let size = 1 << Int(intMarker & 0x0F)
            return (try uint(start + 2, size), start + 2 + size)
        }
        func string(_ object: Int) throws -> String? {
            let start = try offset(of: object)
            guard let marker = b.byte(start) else { throw bad }
            let (n, data) = try length(at: start)
            switch marker >> 4 {
            case 0x5:
                guard data + n <= bytes.count else { throw bad }
                return String(decoding: bytes[data..<(data + n)], as: UTF8.self)
            case 0x6:
                guard data + 2 * n <= bytes.count else { throw bad }
                let units = (0..<n).map { UInt16(bytes[data + 2 * $0]) << 8 | UInt16(bytes[data + 2 * $0 + 1]) }
                return String(decoding: units, as: UTF16.self)
            default:
                return nil
            }
        }
        let start = try offset(of: top)
        guard let marker = b.byte(start), marker >> 4 == 0xD else {
            throw Failure(description: "the binary property list's top object is not a dictionary")
        }
        let (n, refs) = try length(at: start)
        guard refs + 2 * n * Int(refSize) <= bytes.count else { throw bad }
        var result: [String: String?] = [:]
        for i in 0..<n {
            let keyRef = try uint(refs + i * Int(refSize), Int(refSize))
            let valueRef = try uint(refs + (n + i) * Int(refSize), Int(refSize))
            guard let key = try string(keyRef) else { continue }
            result[key] = .some(try string(valueRef))
        }
        return result
    }
}
