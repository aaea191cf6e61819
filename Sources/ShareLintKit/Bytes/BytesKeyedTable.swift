import YAMLSyntax

/// A table from strings, compared as bytes, to values: open addressing over indexes into
/// the entries, hashed eight bytes at a time and doubled past half full (a file may name
/// thousands of paths: `HostileScalingTests.testManyReferencedFilesAreLinear`). The keys'
/// bytes are kept one after another, and compared in place.
struct BytesKeyedTable<Value> {
    fileprivate struct Entry {
        /// The key's bytes in `keys`.
        var start: Int
        var count: Int
        /// The key's hash, compared before its bytes.
        var hash: Int
        var value: Value
    }
    private var entries: [Entry] = []
    private var keys: [UInt8] = []
    /// Indexes into `entries`, -1 for an empty slot; the count is a power of two.
    private var slots = [Int32](repeating: -1, count: 16)

    /// The value kept for `key`; made by `make`, and kept, when there is none.
    mutating func value(for key: String, otherwise make: () -> Value) -> Value {
        key.withBytes { value(forUTF8: $0, otherwise: make) }
    }

    /// The value kept for the key whose bytes are `bytes`; made by `make`, and kept, when
    /// there is none.
    mutating func value(forUTF8 bytes: ByteView, otherwise make: () -> Value) -> Value {
        let (found, hash, slot) = search(bytes.buffer)
        if let found { return entries[found].value }
        let value = make()
        entries.append(Entry(start: keys.count, count: bytes.count, hash: hash, value: value))
        keys.append(contentsOf: bytes.buffer)
        slots[slot] = Int32(truncatingIfNeeded: entries.count - 1)
        if 2 * entries.count > slots.count { grow() }
        return value
    }

    /// The value kept for the key whose bytes are `bytes`, if any.
    func value(forBytes bytes: ByteView) -> Value? {
        search(bytes.buffer).found.map { entries[$0].value }
    }

    /// The entry of the key `bytes`, with the key's hash and the slot where the search
    /// ended (the free slot for the key when there is no entry).
    private func search(_ bytes: UnsafeBufferPointer<UInt8>) -> (found: Int?, hash: Int, slot: Int) {
        let hash = ByteHash.of(bytes)
        let mask = slots.count - 1
        var slot = hash & mask
        let found: Int? = entries.withUnsafeBufferPointer { entries in
            keys.withUnsafeBufferPointer { keys in
                slots.withUnsafeBufferPointer { slots in
                    while slots[slot] >= 0 {
                        let k = Int(slots[slot])
                        let entry = entries[k]
                        if entry.hash == hash, entry.count == bytes.count,
                           KeyTable.equal(UnsafeBufferPointer(rebasing: keys[entry.start..<entry.start + entry.count]), bytes) {
                            return k
                        }
                        slot = (slot + 1) & mask
                    }
                    return nil
                }
            }
        }
        return (found, hash, slot)
    }

    /// Doubles the table and puts every entry back.
    private mutating func grow() {
        var table = [Int32](repeating: -1, count: 2 * slots.count)
        let mask = table.count - 1
        for k in entries.indices {
            var slot = entries[k].hash & mask
            while table[slot] >= 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(truncatingIfNeeded: k)
        }
        slots = table
    }
}

extension BytesKeyedTable: Sendable where Value: Sendable {}
extension BytesKeyedTable.Entry: Sendable where Value: Sendable {}

/// The hash of the byte-keyed tables (`BytesKeyedTable`, and `ASCIIKeyTable` through it).
enum ByteHash {
    /// FNV-1a's step over eight bytes at a time (then the rest one by one), finished with a
    /// multiply-xorshift so the low bits, which pick the slot, depend on every byte.
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return Int(truncatingIfNeeded: h) }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= bytes.count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* prime
            i += 8
        }
        while i < bytes.count {
            h = (h ^ UInt64(base[i])) &* prime
            i += 1
        }
        h ^= h >> 29
        h &*= 0xBF58_476D_1CE4_E5B9
        h ^= h >> 32
        return Int(truncatingIfNeeded: h)
    }
}
