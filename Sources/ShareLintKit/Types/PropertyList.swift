#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the top-level string values of an Info.plist: XML (UTF-8, or UTF-8 or UTF-16
/// with a byte order mark) with `XMLPropertyListReader`, which bounds nesting as it
/// reads; binary (`bplist00`) with the toolchain's `PropertyListDecoder`, after
/// `BinaryPropertyListCheck` has checked every length, the nesting and the references.
package enum PropertyList {
    /// A property list that could not be read.
    package struct Failure: Error, CustomStringConvertible {
        /// What is wrong with it.
        package var description: String
    }

    /// The top-level dictionary's keys, with their values when they are strings.
    package static func topLevelStrings(_ bytes: [UInt8]) throws -> [String: String?] {
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
    struct TopLevelStrings: Decodable {
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
/// past the end when the decoder reads it; then walks the arrays, sets and dictionaries
/// reachable from the top object with an explicit stack, refusing a reference past the
/// objects, a container that contains itself, and nesting deeper than `maxDepth`. Each
/// container is walked once (a shared one is not walked again), so the check is linear
/// in the file size.
enum BinaryPropertyListCheck {
    /// The deepest nesting of arrays, sets and dictionaries accepted (as in XML).
    static let maxDepth = XMLPropertyListReader.maxDepth

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
        try checkNesting(bytes, top: top, count: count, table: table, offsetSize: offsetSize, refSize: refSize, uint: uint)
    }

    /// Where a container's references start and how many there are (a dictionary's keys
    /// and values); nil for other objects. Its lengths were checked already.
    private static func references(_ bytes: [UInt8], of object: Int, table: Int, offsetSize: Int,
                                   uint: (Int, Int) throws -> Int) throws -> (start: Int, count: Int)? {
        let offset = try uint(table + object * offsetSize, offsetSize)
        let marker = bytes[offset]
        let kind = marker >> 4
        guard kind == 0xA || kind == 0xC || kind == 0xD else { return nil }
        var length = Int(marker & 0x0F), start = offset + 1
        if length == 0x0F {
            let size = 1 << Int(bytes[start] & 0x0F)
            length = try uint(start + 1, size)
            start += 1 + size
        }
        return (start, kind == 0xD ? 2 * length : length)
    }

    /// The walk from the top object: the containers on the path are on `path`; `levels`
    /// keeps, per object, 0 before it is reached, `onPath` while it is on the path, and
    /// then 1 + the levels of containers at and below it.
    private static func checkNesting(_ bytes: [UInt8], top: Int, count: Int, table: Int, offsetSize: Int, refSize: Int,
                                     uint: (Int, Int) throws -> Int) throws {
        func references(of object: Int) throws -> (start: Int, count: Int)? {
            try Self.references(bytes, of: object, table: table, offsetSize: offsetSize, uint: uint)
        }
        guard let root = try references(of: top) else { return }
        let deep = PropertyList.Failure(description: "the binary property list nests deeper than \(maxDepth) levels")
        struct Step {
            var object: Int
            var start: Int
            var references: Int
            var next = 0
            /// The most levels of containers below it seen so far.
            var below = 0
        }
        let onPath = UInt16.max
        var levels = [UInt16](repeating: 0, count: count)
        var path = [Step(object: top, start: root.start, references: root.count)]
        levels[top] = onPath
        while let step = path.last {
            let last = path.count - 1
            guard step.next < step.references else {
                path.removeLast()
                let own = step.below + 1
                levels[step.object] = UInt16(own + 1)
                if !path.isEmpty { path[last - 1].below = max(path[last - 1].below, own) }
                continue
            }
            path[last].next += 1
            let child = try uint(step.start + step.next * refSize, refSize)
            guard child < count else {
                throw PropertyList.Failure(description: "the binary property list is malformed (a reference points past its objects)")
            }
            switch levels[child] {
            case onPath:
                throw PropertyList.Failure(description: "the binary property list is malformed (an array or dictionary contains itself)")
            case 0:
                guard let inner = try references(of: child) else {
                    levels[child] = 1
                    continue
                }
                guard path.count < maxDepth else { throw deep }
                levels[child] = onPath
                path.append(Step(object: child, start: inner.start, references: inner.count))
            case let known:
                let below = Int(known) - 1
                guard path.count + below <= maxDepth else { throw deep }
                path[last].below = max(path[last].below, below)
            }
        }
    }
}
