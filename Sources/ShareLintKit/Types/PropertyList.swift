#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the top-level string values of an Info.plist (XML, also UTF-16 with a byte
/// order mark, or binary `bplist00`) with the toolchain's `PropertyListDecoder`, which
/// handles comments, CDATA, entities and DOCTYPE.
public enum PropertyList {
    /// A property list that could not be read.
    public struct Failure: Error, CustomStringConvertible {
        /// What is wrong with it.
        public var description: String
    }

    /// The top-level dictionary's keys, with their values when they are strings.
    public static func topLevelStrings(_ bytes: [UInt8]) throws -> [String: String?] {
        if bytes.starts(with: Array("bplist".utf8)) {
            // PropertyListDecoder traps on some crafted lengths (a dictionary count near
            // Int64.max): check every length against the file before handing it over.
            try BinaryPropertyListCheck.validate(bytes)
        } else {
            // The XML parser recurses per nested element: bound the depth first.
            try XMLPropertyListCheck.validate(bytes)
        }
        let dictionary: TopLevelStrings
        do {
            dictionary = try PropertyListDecoder().decode(TopLevelStrings.self, from: Data(bytes))
        } catch DecodingError.typeMismatch {
            throw Failure(description: "the property list's top-level value is not a dictionary")
        } catch let error as DecodingError {
            throw Failure(description: "not a valid property list (\(Self.reason(error)))")
        } catch {
            throw Failure(description: "not a valid property list")
        }
        return dictionary.values
    }

    private static func reason(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context):
            if let underlying = context.underlyingError as? CocoaError,
               let detail = underlying.userInfo["NSDebugDescription"] as? String {
                return detail
            }
            return context.debugDescription
        default:
            return "\(error)"
        }
    }

    /// A dictionary whose string values are kept and other values recorded as nil.
    private struct TopLevelStrings: Decodable {
        var values: [String: String?] = [:]

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            for key in container.allKeys {
                values[key.stringValue] = .some(try? container.decode(String.self, forKey: key))
            }
        }
    }
}

/// Checks a binary property list's trailer, offset table and every object's length
/// against the file size with checked arithmetic, so no length can overflow or point
/// past the end when the decoder reads it. Linear in the file size.
enum BinaryPropertyListCheck {
    static func validate(_ bytes: [UInt8]) throws {
        let bad = PropertyList.Failure(description: "the binary property list is malformed (a size or offset points past its end)")
        let n = bytes.count
        guard n >= 8 + 32 else { throw bad }
        func uint(_ at: Int, _ size: Int) throws -> Int {
            guard size >= 1, size <= 8, at >= 0, at <= n - size else { throw bad }
            var value: UInt64 = 0
            for i in 0..<size { value = value << 8 | UInt64(bytes[at + i]) }
            guard value <= UInt64(Int.max) else { throw bad }
            return Int(value)
        }
        let trailer = n - 32
        let offsetSize = Int(bytes[trailer + 6]), refSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(refSize) else { throw bad }
        let count = try uint(trailer + 8, 8), top = try uint(trailer + 16, 8), table = try uint(trailer + 24, 8)
        // Every object takes at least one byte and one offset-table entry.
        guard count >= 1, count <= n, top < count, table >= 8, table < trailer else { throw bad }
        let (tableBytes, overflow) = count.multipliedReportingOverflow(by: offsetSize)
        guard !overflow, tableBytes <= trailer - table else { throw bad }
        for object in 0..<count {
            let offset = try uint(table + object * offsetSize, offsetSize)
            guard offset >= 8, offset < table else { throw bad }
            let marker = bytes[offset]
            let kind = marker >> 4
            // Only kinds with a length: data, strings, arrays, sets, dictionaries.
            let unit: Int
            switch kind {
            case 0x4, 0x5: unit = 1
            case 0x6: unit = 2
            case 0x8: unit = 1  // UID: low nibble + 1 bytes
            case 0xA, 0xC: unit = refSize
            case 0xD: unit = 2 * refSize
            case 0x1, 0x2, 0x3:
                // int, real, date: 2^nibble bytes (date: 8)
                let size = kind == 0x3 ? 8 : 1 << Int(marker & 0x07)
                guard size <= table - offset - 1 else { throw bad }
                continue
            default:
                continue
            }
            var length = Int(marker & 0x0F)
            var start = offset + 1
            if kind == 0x8 {
                length += 1
            } else if length == 0x0F {
                guard start < table else { throw bad }
                let intMarker = bytes[start]
                guard intMarker >> 4 == 0x1, intMarker & 0x0F <= 3 else { throw bad }
                let size = 1 << Int(intMarker & 0x0F)
                length = try uint(start + 1, size)
                start += 1 + size
            }
            let (total, overflowed) = length.multipliedReportingOverflow(by: unit)
            guard !overflowed, start <= table, total <= table - start else { throw bad }
        }
    }
}

/// Bounds the nesting of an XML property list before the decoder, which recurses per
/// element, reads it (100,000 nested `<array>` would overflow the stack).
enum XMLPropertyListCheck {
    /// The deepest nesting of `<array>` and `<dict>` accepted.
    static let maxDepth = 512

    static func validate(_ bytes: [UInt8]) throws {
        let utf8: [UInt8]
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            let bigEndian = bytes[0] == 0xFE
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = 2
            while i + 1 < bytes.count {
                units.append(bigEndian ? UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]) : UInt16(bytes[i + 1]) << 8 | UInt16(bytes[i]))
                i += 2
            }
            utf8 = Array(String(decoding: units, as: UTF16.self).utf8)
        } else {
            utf8 = bytes
        }
        var depth = 0, i = 0
        let n = utf8.count
        func starts(_ literal: StaticString, at index: Int) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard index + count <= n else { return false }
            return literal.withBytes { pattern in
                (0..<count).allSatisfy { utf8[index + $0] == pattern[$0] }
            }
        }
        func skip(to end: StaticString, from index: Int) -> Int {
            var j = index
            while j < n, !starts(end, at: j) { j += 1 }
            return j + end.utf8CodeUnitCount
        }
        while i < n {
            guard utf8[i] == UInt8(ascii: "<") else { i += 1; continue }
            if starts("<!--", at: i) { i = skip(to: "-->", from: i + 4); continue }
            if starts("<![CDATA[", at: i) { i = skip(to: "]]>", from: i + 9); continue }
            var close = i + 1
            while close < n, utf8[close] != UInt8(ascii: ">") { close += 1 }
            guard close < n else { break }
            let selfClosing = utf8[close - 1] == UInt8(ascii: "/")
            if !selfClosing, starts("<array", at: i) || starts("<dict", at: i) {
                depth += 1
                if depth > maxDepth {
                    throw PropertyList.Failure(description: "the property list nests deeper than \(maxDepth) levels")
                }
            } else if starts("</array", at: i) || starts("</dict", at: i) {
                depth = max(0, depth - 1)
            }
            i = close + 1
        }
    }
}
