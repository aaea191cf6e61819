/// A fixed set of mapping-key names (a shape's allowed keys) that a scalar is matched
/// against as bytes: the names' UTF-8 bytes in one array, each found by its length and
/// first byte before its bytes are compared, so matching a key makes no string and takes
/// no reference count.
public struct KeyTable: Sendable {
    /// Every name's bytes, one after another.
    private let bytes: [UInt8]
    /// Where each name starts in `bytes`; one more entry marks the end of the last.
    private let starts: [Int]

    /// A table of `names`, matched in their order (the first equal name wins).
    public init(_ names: [String]) {
        var bytes: [UInt8] = [], starts: [Int] = []
        for name in names {
            starts.append(bytes.count)
            bytes.append(contentsOf: name.utf8)
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
    }

    /// How many names the table holds.
    public var count: Int { starts.count - 1 }

    /// The index of the name whose bytes are `text`, if any.
    func index(of text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = text.first else {
            // Only an empty name matches empty text.
            for i in 0..<count where starts[i] == starts[i + 1] { return i }
            return nil
        }
        return bytes.withUnsafeBufferPointer { names in
            starts.withUnsafeBufferPointer { starts in
                for i in 0..<starts.count - 1 {
                    let start = starts[i]
                    guard starts[i + 1] - start == text.count, names[start] == first else { continue }
                    var j = 1
                    while j < text.count, names[start + j] == text[j] { j += 1 }
                    if j == text.count { return i }
                }
                return nil
            }
        }
    }
}

extension FlatDocument {
    /// The index in `table` of the name a scalar's text is, byte for byte (nil for a
    /// collection, or text that is none of the names).
    public func index(of node: NodeRef, in table: KeyTable) -> Int? {
        let record = records[node.index]
        guard record.kind == .scalar else { return nil }
        return bytes.withUnsafeBufferPointer { all in
            table.index(of: UnsafeBufferPointer(rebasing: all[record.textStart..<record.textStart + record.textCount]))
        }
    }
}
