#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the top-level string values of an Info.plist: XML (UTF-8, or UTF-8 or UTF-16
/// with a byte order mark) with `XMLPropertyListReader`, which bounds nesting as it
/// reads; binary (`bplist00`) with the toolchain's `PropertyListDecoder`, after
/// `BinaryPropertyListCheck` has checked every length.
public enum PropertyList {
    /// A property list that could not be read.
    public struct Failure: Error, CustomStringConvertible {
        /// What is wrong with it.
        public var description: String
    }

    /// The top-level dictionary's keys, with their values when they are strings.
    public static func topLevelStrings(_ bytes: [UInt8]) throws -> [String: String?] {
        guard bytes.starts(with: Array("bplist".utf8)) else {
            return try XMLPropertyListReader.topLevelStrings(bytes)
        }
        // PropertyListDecoder traps on some crafted lengths (a dictionary count near
        // Int64.max): check every length against the file before handing it over.
        try BinaryPropertyListCheck.validate(bytes)
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
