#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What rules ask about one document again and again (a file's facts, a payload's sniffed
/// content and type, the destinations), answered once per document: a rule context and its
/// memo live on one thread for one document, so there is no lock. Paths are compared as
/// bytes, like the file cache's keys (`==` on `String` would match an NFD path with its NFC
/// twin, a different file on Linux). Payloads are keyed by the identity of their
/// `Representation`, which the configuration (held by the context) keeps alive. One
/// thread, no overlapping access: its properties skip the dynamic exclusivity check, like
/// the model's (see ShareConfiguration.swift).
final class DocumentMemo: @unchecked Sendable {
    /// Usually a handful of paths per document: a list searched in order beats hashing;
    /// past `listedPaths` (a configuration may refer to thousands) an index by bytes. One
    /// array, sized for the paths the context knows of: appending to two arrays that grew
    /// from empty cost some 950 instructions per path (their reallocations).
    /// A struct, not a tuple: an array of tuples is copied through the runtime's generic
    /// tuple witnesses.
    private struct KnownPath {
        var path: String
        var facts: FileFacts
    }
    @exclusivity(unchecked) private var known: [KnownPath] = []
    @exclusivity(unchecked) private var index: [[UInt8]: Int]?
    private static let listedPaths = 16
    /// By representation ordinal: a `base64` payload's sniffed content and a `file` payload's
    /// inferred type. The arrays are made when a first answer is kept: other payloads are
    /// answered without them, and most documents need neither.
    private let count: Int
    @exclusivity(unchecked) private var contents: [SniffedContent??]?
    @exclusivity(unchecked) private var types: [String??]?
    /// By whether the report has receipts.
    @exclusivity(unchecked) var destinations = SmallMap<Bool, DestinationReport>()

    init(representations count: Int, paths: Int) {
        self.count = count
        known.reserveCapacity(paths)
    }

    /// The content kept for a representation: nil while unknown.
    func content(_ slot: Int) -> SniffedContent?? { contents?[slot] ?? nil }

    func remember(_ content: SniffedContent?, slot: Int) {
        if contents == nil { contents = Array(repeating: nil, count: count) }
        contents![slot] = .some(content)
    }

    /// The type kept for a representation: nil while unknown.
    func type(_ slot: Int) -> String?? { types?[slot] ?? nil }

    func remember(_ type: String?, slot: Int) {
        if types == nil { types = Array(repeating: nil, count: count) }
        types![slot] = .some(type)
    }

    func facts(_ path: String) -> FileFacts? {
        if let index { return index[Array(path.utf8)].map { known[$0].facts } }
        for i in known.indices where PathBytes.equal(known[i].path, path) { return known[i].facts }
        return nil
    }

    func remember(_ facts: FileFacts, for path: String) {
        known.append(KnownPath(path: path, facts: facts))
        if index != nil {
            index?[Array(path.utf8)] = known.count - 1
        } else if known.count > Self.listedPaths {
            var byBytes: [[UInt8]: Int] = [:]
            for (i, entry) in known.enumerated() where byBytes[Array(entry.path.utf8)] == nil { byBytes[Array(entry.path.utf8)] = i }
            index = byBytes
        }
    }
}

/// Byte equality of two strings, without Unicode canonical equivalence.
enum PathBytes {
    static func equal(_ a: String, _ b: String) -> Bool {
        if a.utf8.count != b.utf8.count { return false }
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard x.count == y.count, let p = x.baseAddress, let q = y.baseAddress else { return x.count == y.count }
                return memcmp(p, q, x.count) == 0
            }
        }
    }
}
