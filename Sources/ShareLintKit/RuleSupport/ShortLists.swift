/// A map that searches its few entries in order (a document has a handful of
/// representations; hashing them and allocating a table costs more), indexed past
/// `searched` entries.
struct SmallMap<Key: Hashable, Value> {
    private var keys: [Key] = []
    private var values: [Value] = []
    private var index: [Key: Int]?
    private static var searched: Int { 16 }

    subscript(key: Key) -> Value? {
        get {
            if let index { return index[key].map { values[$0] } }
            return keys.firstIndex(of: key).map { values[$0] }
        }
        set {
            guard let newValue else { return }
            if let i = index?[key] ?? (index == nil ? keys.firstIndex(of: key) : nil) {
                values[i] = newValue
                return
            }
            keys.append(key)
            values.append(newValue)
            if index != nil {
                index?[key] = keys.count - 1
            } else if keys.count > Self.searched {
                var built: [Key: Int] = [:]
                for (i, known) in keys.enumerated() { built[known] = i }
                index = built
            }
        }
    }
}

/// Repeated keys in a list: each element whose key an earlier element has, with the first
/// such element. A short list (most configurations list a handful) is searched without
/// allocating; a long one (one may list 200,000) goes through `FirstSeen`. In a short list,
/// `sameKey` may settle whether two elements' keys are equal without comparing the strings
/// (nil: compare them).
enum Repeats {
    static func forEach<Element>(in items: [Element], key: (Element) -> String?,
                                 sameKey: (Element, Element) -> Bool? = { _, _ in nil },
                                 _ body: (_ repeated: Element, _ first: Element) -> Void) {
        // One entry repeats nothing, and its key (made from a document's bytes) is not asked for.
        guard items.count > 1 else { return }
        guard items.count > 16 else {
            for i in items.indices {
                guard let k = key(items[i]) else { continue }
                if let j = items[..<i].firstIndex(where: { sameKey($0, items[i]) ?? (key($0) == k) }) { body(items[i], items[j]) }
            }
            return
        }
        var seen = FirstSeen<Int>()
        for i in items.indices {
            guard let k = key(items[i]) else { continue }
            if let j = seen.first(k, else: i) { body(items[i], items[j]) }
        }
    }
}

/// The first entry written with each key: searched in order while there are few (most
/// configurations list a handful, and hashing them costs more), indexed past `searched`
/// (one may list 200,000). Keys compare as `String`s, in both regimes.
struct FirstSeen<Value> {
    private var keys: [String] = []
    private var values: [Value] = []
    private var index: [String: Int]?
    private static var searched: Int { 16 }

    /// The value first recorded for `key`; when there is none, records `value` and returns nil.
    mutating func first(_ key: String, else value: Value) -> Value? {
        if let index {
            if let i = index[key] { return values[i] }
        } else if let i = keys.firstIndex(of: key) {
            return values[i]
        }
        keys.append(key)
        values.append(value)
        if index != nil {
            index?[key] = keys.count - 1
        } else if keys.count > Self.searched {
            var built: [String: Int] = [:]
            for (i, known) in keys.enumerated() { built[known] = i }
            index = built
        }
        return nil
    }
}
