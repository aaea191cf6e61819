/// A table of ASCII string keys built once per run (the names of built-in activities),
/// looked up by the key's bytes in a `BytesKeyedTable`, with no `Hasher` (a `Dictionary`
/// hashes the whole string with SipHash at each lookup).
///
/// Equal `String`s are canonically equivalent, and an ASCII string is canonically
/// equivalent only to its own bytes when the other string is ASCII too; so an ASCII key
/// is answered by bytes, and a key that is not ASCII by a `Dictionary` kept beside (a
/// Kelvin sign U+212A is `K` to a `String`). A table with a key that is not ASCII asks
/// the dictionary for every key. A class: a static table is used where it stands (a
/// struct was copied out of its global, a retain and a release per array, per lookup).
final class ASCIIKeyTable<Value: Sendable>: Sendable {
    /// The keys by their bytes.
    private let table: BytesKeyedTable<Value>
    private let dictionary: [String: Value]
    private let allASCII: Bool

    /// A table of `pairs`; a key given twice keeps its first value.
    init(_ pairs: [(key: String, value: Value)]) {
        var dictionary: [String: Value] = [:]
        var table = BytesKeyedTable<Value>()
        var allASCII = true
        for (key, value) in pairs where dictionary[key] == nil {
            dictionary[key] = value
            _ = table.value(for: key) { value }
            if key.utf8.contains(where: { $0 >= 0x80 }) { allASCII = false }
        }
        self.table = table
        self.dictionary = dictionary
        self.allASCII = allASCII
    }

    /// The value of `key`, if the table has it.
    func value(for key: String) -> Value? {
        guard allASCII else { return dictionary[key] }
        return key.withBytes { answer(forBytes: $0) } ?? dictionary[key]
    }

    /// The value of a document's value `key`, found by its bytes when they are ASCII (its
    /// string is made only for a key that is not).
    func value(for key: LocatedString) -> Value? {
        guard allASCII else { return dictionary[key.value] }
        return key.withBytes { answer(forBytes: $0) } ?? dictionary[key.value]
    }

    /// The answer for an ASCII key's bytes (`.some`), or nil when they are not ASCII and
    /// only the dictionary can answer.
    private func answer(forBytes text: ByteView) -> Value?? {
        guard text.isASCII else { return nil }
        return .some(table.value(forBytes: text))
    }
}
