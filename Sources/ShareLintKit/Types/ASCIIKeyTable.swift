import YAMLSyntax

/// A table of ASCII string keys built once per run (the names of built-in activities),
/// looked up by the key's bytes: an open-addressing table hashed with `ByteHash`, with no
/// `Hasher` (SipHash over the string, about 500 instructions a lookup in a `Dictionary`).
///
/// Equal `String`s are canonically equivalent, and an ASCII string is canonically
/// equivalent only to its own bytes when the other string is ASCII too; so an ASCII key
/// is answered by bytes, and a key that is not ASCII by a `Dictionary` kept beside (a
/// Kelvin sign U+212A is `K` to a `String`). A table with a key that is not ASCII asks
/// the dictionary for every key. A class: a static table is used where it stands (a
/// struct was copied out of its global, a retain and a release per array, per lookup).
final class ASCIIKeyTable<Value: Sendable>: Sendable {
    /// Every key's bytes, one after another, and where each starts (one more entry ends
    /// the last).
    private let bytes: [UInt8]
    private let starts: [Int]
    private let values: [Value]
    /// Indexes into `values`, -1 for an empty slot; the count is a power of two, at least
    /// twice the keys.
    private let slots: [Int32]
    private let dictionary: [String: Value]
    private let allASCII: Bool

    /// A table of `pairs`; a key given twice keeps its first value.
    init(_ pairs: [(key: String, value: Value)]) {
        var dictionary: [String: Value] = [:]
        var bytes: [UInt8] = [], starts: [Int] = [], values: [Value] = []
        for (key, value) in pairs where dictionary[key] == nil {
            dictionary[key] = value
            starts.append(bytes.count)
            bytes.append(contentsOf: key.utf8)
            values.append(value)
        }
        starts.append(bytes.count)
        var size = 16
        while size < 2 * values.count { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        for i in values.indices {
            var slot = bytes[starts[i]..<starts[i + 1]].withUnsafeBufferPointer { ByteHash.of($0) } & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(i)
        }
        self.bytes = bytes
        self.starts = starts
        self.values = values
        self.slots = slots
        self.dictionary = dictionary
        self.allASCII = !bytes.contains { $0 >= 0x80 }
    }

    /// The value of `key`, if the table has it.
    func value(for key: String) -> Value? {
        guard allASCII else { return dictionary[key] }
        var key = key
        let found: Int?? = key.withUTF8 { text in
            var high: UInt8 = 0
            for byte in text { high |= byte }
            guard high < 0x80 else { return nil }
            let hash = ByteHash.of(text)
            return bytes.withUnsafeBufferPointer { names in
                starts.withUnsafeBufferPointer { starts in
                    slots.withUnsafeBufferPointer { slots in
                        let mask = slots.count - 1
                        var slot = hash & mask
                        while slots[slot] >= 0 {
                            let i = Int(slots[slot]), start = starts[i]
                            if starts[i + 1] - start == text.count,
                               KeyTable.equal(UnsafeBufferPointer(rebasing: names[start..<start + text.count]), text) {
                                return .some(i)
                            }
                            slot = (slot + 1) & mask
                        }
                        return .some(nil)
                    }
                }
            }
        }
        switch found {
        case .some(.some(let i)): return values[i]
        case .some(.none): return nil
        case .none: return dictionary[key]
        }
    }
}
