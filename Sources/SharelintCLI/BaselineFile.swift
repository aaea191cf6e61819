import ShareLintMessages
import ShareLintKit

/// A baseline read with `--baseline FILE` (the format is `Baseline`'s): the file's bytes
/// are the storage. An entry is where its line starts and its count; a table of entry
/// numbers, sized once from the line count, finds an entry by its key. A key is compared
/// as the file writes it, escaped (`Baseline.escape`): a diagnostic's key is escaped the
/// same way, never the file's text unescaped. A line written with other escapes than
/// those (`\a` for `a`) is written again the canonical way into a second buffer.
///
/// Memory is the file's size plus about 24 bytes an entry, whatever the entries' lengths
/// (the shortest distinct line is about 10 bytes: at most 3.4 times the file's size);
/// strings are made only for the stale entries listed.
struct BaselineFile {
    private let bytes: [UInt8]
    /// Lines rewritten with canonical escapes.
    private var rewritten: [UInt8] = []
    /// Each entry's line start: in `bytes`, or with the top bit set in `rewritten`.
    private var starts: [UInt32] = []
    /// Each entry's count (sums saturate).
    private var counts: [Int] = []
    /// Open addressing: an entry number plus one in each used slot, 0 in a free one.
    private var slots: [UInt32]

    private static let tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n"), backslash = UInt8(ascii: "\\")
    private static let inRewritten: UInt32 = 1 << 31

    /// Reads a baseline file's bytes in one pass (a malformed line is a usage error naming
    /// it). Time and memory are linear in the file's size.
    init(parsing bytes: [UInt8], path: String) throws {
        self.bytes = bytes
        let headerBytes = Array(Baseline.header.utf8)
        guard bytes.starts(with: headerBytes), bytes.count == headerBytes.count || bytes[headerBytes.count] == Self.newline else {
            slots = []
            throw UsageError(Message(.baselineNotBaseline, ["path": path, "header": Baseline.header]))
        }
        let lines = bytes.reduce(0) { $1 == Self.newline ? $0 + 1 : $0 } + 1
        var capacity = 16
        while capacity < lines + lines / 2 { capacity *= 2 }
        slots = [UInt32](repeating: 0, count: capacity)
        starts.reserveCapacity(lines)
        counts.reserveCapacity(lines)
        var lineNumber = 2
        var lineStart = headerBytes.count + 1
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != Self.newline { lineEnd += 1 }
            if lineEnd > lineStart { try read(lineStart..<lineEnd, number: lineNumber, path: path) }
            lineNumber += 1
            lineStart = lineEnd + 1
        }
    }

    /// One entry line: checked, canonical, then added or counted.
    private mutating func read(_ line: Range<Int>, number: Int, path: String) throws {
        var tabs: [Int] = []
        var canonical = true
        var index = line.lowerBound
        while index < line.upperBound {
            let byte = bytes[index]
            if byte == Self.tab {
                tabs.append(index)
                guard tabs.count <= 4 else { break }
            } else if byte == Self.backslash {
                let next = index + 1 < line.upperBound ? bytes[index + 1] : 0
                if [Self.backslash, UInt8(ascii: "t"), UInt8(ascii: "n"), UInt8(ascii: "r")].contains(next) {
                    index += 1
                } else {
                    canonical = false
                }
            }
            index += 1
        }
        guard tabs.count == 4, let count = Self.count(bytes[(tabs[2] + 1)..<tabs[3]]) else {
            throw UsageError(Message(.baselineBadLine, ["path": path, "line": number]))
        }
        guard Baseline.countRange.contains(count) else {
            throw UsageError(Message(.baselineBadCount, ["path": path, "line": number, "low": Baseline.countRange.lowerBound,
                                                         "high": Baseline.countRange.upperBound]))
        }
        var start = UInt32(line.lowerBound)
        if !canonical {
            // Unescaped, then escaped as the file should have been written.
            var fields = [Int](tabs)
            fields.insert(line.lowerBound - 1, at: 0)
            fields.append(line.upperBound)
            let texts = (0..<5).map { Self.unescaped(bytes[(fields[$0] + 1)..<fields[$0 + 1]]) }
            start = Self.inRewritten | UInt32(rewritten.count)
            rewritten += Array(texts.map(Baseline.escape).joined(separator: "\t").utf8) + [Self.newline]
        }
        let (prefix, message) = parts(ofEntryAt: start)
        let hash = Self.hash(prefix, message)
        if let entry = find(hash: hash, prefix: prefix, message: message) {
            counts[entry] = Baseline.saturatingSum(counts[entry], count)
        } else {
            insert(hash: hash, entry: starts.count)
            starts.append(start)
            counts.append(count)
        }
    }

    /// An entry's key, escaped as written: PATH, RULE and KEYPATH with their tabs, and
    /// MESSAGE.
    private func parts(ofEntryAt start: UInt32) -> (prefix: ArraySlice<UInt8>, message: ArraySlice<UInt8>) {
        let text = start & Self.inRewritten == 0 ? bytes : rewritten
        let lineStart = Int(start & ~Self.inRewritten)
        // The third tab ends the prefix; the fourth starts the message (a checked line has four).
        var tabs = 0, prefixEnd = lineStart, messageStart = lineStart
        var end = lineStart
        while end < text.count, text[end] != Self.newline {
            if text[end] == Self.tab {
                tabs += 1
                if tabs == 3 { prefixEnd = end }
                if tabs == 4 { messageStart = end + 1 }
            }
            end += 1
        }
        return (text[lineStart..<prefixEnd], text[messageStart..<end])
    }

    /// FNV-1a over the prefix, a separator, and the message.
    private static func hash(_ prefix: some Sequence<UInt8>, _ message: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in prefix { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        hash = (hash ^ 0x1FF) &* 0x0000_0100_0000_01B3
        for byte in message { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    private func find(hash: UInt64, prefix: some Collection<UInt8>, message: some Collection<UInt8>) -> Int? {
        guard !slots.isEmpty else { return nil }
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] != 0 {
            let entry = Int(slots[slot] - 1)
            let (otherPrefix, otherMessage) = parts(ofEntryAt: starts[entry])
            if otherPrefix.elementsEqual(prefix), otherMessage.elementsEqual(message) { return entry }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    private mutating func insert(hash: UInt64, entry: Int) {
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = UInt32(entry + 1)
    }

    /// What applying the baseline did: how many problems it held back, and what matched
    /// nothing (problems fixed since, to remove from it): how many entries and problems,
    /// and the first entries in the file's order with what is left of their counts.
    struct Outcome {
        var heldBack = 0
        var entries = 0
        var total = 0
        var listed: [(Baseline.Key, Int)] = []
    }

    /// Removes the diagnostics the baseline records from the run, listing at most
    /// `listing` stale entries.
    func apply(to run: inout LintRun, listing: Int) -> Outcome {
        var stale = Outcome()
        var left = counts
        for i in run.files.indices {
            let file = run.files[i]
            run.files[i].diagnostics.removeAll { diagnostic in
                let key = Baseline.key(diagnostic, in: file)
                let prefix = Array([key.path, key.rule, key.keyPath].map(Baseline.escape).joined(separator: "\t").utf8)
                let message = Array(Baseline.escape(key.message).utf8)
                guard let entry = find(hash: Self.hash(prefix, message), prefix: prefix, message: message), left[entry] > 0 else { return false }
                left[entry] -= 1
                stale.heldBack += 1
                return true
            }
        }
        for entry in left.indices where left[entry] > 0 {
            stale.entries += 1
            stale.total = Baseline.saturatingSum(stale.total, left[entry])
            if stale.listed.count < listing { stale.listed.append((key(of: entry), left[entry])) }
        }
        return stale
    }

    /// An entry's key as strings, unescaped.
    private func key(of entry: Int) -> Baseline.Key {
        let (prefix, message) = parts(ofEntryAt: starts[entry])
        let fields = prefix.split(separator: Self.tab, maxSplits: 2, omittingEmptySubsequences: false).map(Self.unescaped)
        return Baseline.Key(path: fields[0], rule: fields[1], keyPath: fields[2], message: Self.unescaped(message))
    }

    /// A COUNT field's value: up to 18 ASCII digits, else nil (a longer number is out of
    /// range anyway and reads as `Int.max`, so no arithmetic on it can overflow).
    private static func count(_ field: ArraySlice<UInt8>) -> Int? {
        guard !field.isEmpty else { return nil }
        var value = 0
        for byte in field {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value > 100_000_000_000_000_000 ? .max : value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// A field's text with `\t`, `\n`, `\r` and `\\` read as what they stand for, and any
    /// other escaped character as itself.
    private static func unescaped(_ bytes: ArraySlice<UInt8>) -> String {
        guard bytes.contains(backslash) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var escaped = false
        for byte in bytes {
            if escaped {
                switch byte {
                case UInt8(ascii: "t"): out.append(tab)
                case UInt8(ascii: "n"): out.append(newline)
                case UInt8(ascii: "r"): out.append(UInt8(ascii: "\r"))
                default: out.append(byte)
                }
                escaped = false
            } else if byte == backslash {
                escaped = true
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
