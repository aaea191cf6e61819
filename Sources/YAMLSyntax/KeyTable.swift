/// A fixed set of mapping-key names (a shape's allowed keys) that a scalar is matched
/// against as bytes: the names' UTF-8 bytes in one array, a key compared only with the
/// names as long as it, so matching a key makes no string and takes no reference count.
package struct KeyTable: Sendable {
    /// Every name's bytes, one after another.
    private let bytes: [UInt8]
    /// Where each name starts in `bytes`; one more entry marks the end of the last.
    private let starts: [Int]
    /// The names of each UTF-8 length, by index (lengths past the longest name have none):
    /// a key is compared only with names as long as it.
    private let byLength: [[Int]]

    /// A table of `names`, matched in their order (the first equal name wins).
    package init(_ names: [String]) {
        var bytes: [UInt8] = [], starts: [Int] = []
        for name in names {
            starts.append(bytes.count)
            bytes.append(contentsOf: name.utf8)
        }
        starts.append(bytes.count)
        var byLength: [[Int]] = []
        for (i, name) in names.enumerated() {
            let length = name.utf8.count
            while byLength.count <= length { byLength.append([]) }
            byLength[length].append(i)
        }
        self.bytes = bytes
        self.starts = starts
        self.byLength = byLength
    }

    /// How many names the table holds.
    package var count: Int { starts.count - 1 }

    /// The index of the name whose bytes are `text`, if any.
    func index(of text: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = text.count
        guard count < byLength.count, let key = text.baseAddress else { return nil }
        return bytes.withUnsafeBufferPointer { names in
            // Never nil: `count < byLength.count` means some name is at least one byte long.
            guard let first = names.baseAddress else { return nil }
            for i in byLength[count] where Self.equal(UnsafeRawPointer(first + starts[i]), UnsafeRawPointer(key), count: count) {
                return i
            }
            return nil
        }
    }

    /// Whether two byte runs are equal (`equal(_:_:count:)` when they are as long).
    @inlinable @inline(__always)
    package static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let x = a.baseAddress, let y = b.baseAddress else { return true }
        return equal(UnsafeRawPointer(x), UnsafeRawPointer(y), count: a.count)
    }

    /// Whether `count` bytes at `a` and at `b` are equal, compared eight at a time (a
    /// byte-by-byte loop with its bounds checks was most of a key's match).
    @inlinable @inline(__always)
    static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var i = 0
        while i + 8 <= count {
            guard a.loadUnaligned(fromByteOffset: i, as: UInt64.self) == b.loadUnaligned(fromByteOffset: i, as: UInt64.self) else { return false }
            i += 8
        }
        if i + 4 <= count {
            guard a.loadUnaligned(fromByteOffset: i, as: UInt32.self) == b.loadUnaligned(fromByteOffset: i, as: UInt32.self) else { return false }
            i += 4
        }
        while i < count {
            guard a.load(fromByteOffset: i, as: UInt8.self) == b.load(fromByteOffset: i, as: UInt8.self) else { return false }
            i += 1
        }
        return true
    }
}

extension FlatDocument {
    /// The index in `table` of the name a scalar's text is, byte for byte (nil for a
    /// collection, or text that is none of the names).
    package func index(of node: NodeRef, in table: KeyTable) -> Int? {
        let record = storage.record(node.index)
        guard record.kind == .scalar else { return nil }
        return table.index(of: storage.text(of: record))
    }
}
