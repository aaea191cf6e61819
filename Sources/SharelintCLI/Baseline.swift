import ShareLintKit

/// `--write-baseline FILE` / `--baseline FILE`: adopting sharelint on a repository with
/// existing problems. An entry is keyed by path, rule, key path and message (never by line
/// or column), with a count, so edits elsewhere in a file do not revive it; only problems
/// beyond the recorded ones are reported. The file is text, one entry per line, so it
/// reads well in a diff:
///
///     # sharelint baseline 1
///     PATH<TAB>RULE<TAB>KEYPATH<TAB>COUNT<TAB>MESSAGE
struct Baseline {
    struct Key: Hashable, Comparable {
        var path: String
        var rule: String
        var keyPath: String
        var message: String

        static func < (a: Key, b: Key) -> Bool {
            if a.path != b.path { return a.path < b.path }
            if a.rule != b.rule { return a.rule < b.rule }
            if a.keyPath != b.keyPath { return a.keyPath < b.keyPath }
            return a.message < b.message
        }
    }

    static let header = "# sharelint baseline 1"
    /// The entries in the order first met (a file's order), each once, and their counts.
    private(set) var keys: [Key] = []
    private(set) var counts: [Int] = []
    /// Each key's position in `keys`.
    private var positions: [Key: Int] = [:]

    /// Adds `count` to an entry (saturating), or adds the entry.
    private mutating func add(_ key: Key, _ count: Int) {
        // One hash of the key: its slot is found (or made) once.
        let next = keys.count
        func claim(_ slot: inout Int) -> Int {
            if slot < 0 { slot = next }
            return slot
        }
        let position = claim(&positions[key, default: -1])
        if position == next {
            keys.append(key)
            counts.append(count)
        } else {
            counts[position] = Self.saturatingSum(counts[position], count)
        }
    }

    /// The number of problems recorded (saturating).
    var total: Int { counts.reduce(0, Self.saturatingSum) }

    private static func key(_ diagnostic: Diagnostic, in file: FileReport) -> Key {
        let path = file.path.hasPrefix("./") ? String(file.path.dropFirst(2)) : file.path
        return Key(path: path, rule: diagnostic.rule.rawValue, keyPath: diagnostic.keyPath, message: diagnostic.message)
    }

    /// Every diagnostic of a run.
    init(recording run: LintRun) {
        for file in run.files {
            for diagnostic in file.diagnostics { add(Self.key(diagnostic, in: file), 1) }
        }
    }

    /// The file's text.
    var text: String {
        var out = Self.header + "\n"
        // Positions sorted, not entries: an entry's four strings are not copied around.
        for position in keys.indices.sorted(by: { keys[$0] < keys[$1] }) {
            let key = keys[position]
            out += [key.path, key.rule, key.keyPath, String(counts[position]), key.message].map(Self.escape).joined(separator: "\t") + "\n"
        }
        return out
    }

    /// The most stale entries listed (the count says how many there are in all).
    static let staleEntriesShown = 100

    /// The largest baseline file read: 64 MiB (about 600,000 entries).
    static let largestFile = 64 << 20
    /// The allowed COUNT of one entry: a file reports at most `maxDiagnosticsPerFile`
    /// (at most 10,000,000) diagnostics, so no entry can match more.
    static let countRange = 1...10_000_000

    /// Reads a baseline file's bytes in one pass (a malformed line is a usage error naming
    /// it): each line is cut into fields in place, a field is copied into a string once
    /// (unescaped only when it holds a backslash), and consecutive entries of one path
    /// share its string. Time and memory are linear in the file's size.
    init(parsing bytes: [UInt8], path: String) throws {
        let newline = UInt8(ascii: "\n"), tab = UInt8(ascii: "\t"), backslash = UInt8(ascii: "\\")
        let headerBytes = Array(Self.header.utf8)
        guard bytes.starts(with: headerBytes), bytes.count == headerBytes.count || bytes[headerBytes.count] == newline else {
            throw UsageError(message: "--baseline \(path): not a sharelint baseline (the first line must be '\(Self.header)'); write one with --write-baseline \(path)")
        }
        // One pass over the bytes: where each of the line's fields starts and ends, and
        // whether it holds a backslash (only such a field is unescaped).
        var starts = [Int](repeating: 0, count: 5), ends = [Int](repeating: 0, count: 5)
        var escaped = [Bool](repeating: false, count: 5)
        var field = 0
        var lineNumber = 2
        var index = headerBytes.count + 1
        var lineStart = index
        starts[0] = index
        var lastPath = ""
        var rules: [String: String] = [:]
        // Room for every line at once: growing the table rehashed every key each time
        // (a third of the time of a 64 MiB file).
        let lines = bytes.reduce(0) { $1 == newline ? $0 + 1 : $0 }
        keys.reserveCapacity(lines)
        counts.reserveCapacity(lines)
        positions.reserveCapacity(lines)
        while index <= bytes.count {
            let byte = index < bytes.count ? bytes[index] : newline
            if byte == newline {
                if index > lineStart {
                    if field < 5 { ends[field] = index }
                    guard field == 4, let count = Self.count(bytes[starts[3]..<ends[3]]) else {
                        throw UsageError(message: "--baseline \(path):\(lineNumber): expected PATH, RULE, KEYPATH, COUNT and MESSAGE separated by tabs; "
                                         + "rewrite it with --write-baseline \(path)")
                    }
                    guard Self.countRange.contains(count) else {
                        throw UsageError(message: "--baseline \(path):\(lineNumber): the count must be a whole number from \(Self.countRange.lowerBound) "
                                         + "to \(Self.countRange.upperBound); rewrite it with --write-baseline \(path)")
                    }
                    func text(_ k: Int) -> String { Self.field(bytes[starts[k]..<ends[k]], escaped: escaped[k]) }
                    // Entries are sorted by path: one string per run of entries of a path, and
                    // one per rule.
                    let entryPath = text(0)
                    if entryPath != lastPath { lastPath = entryPath }
                    let ruleText = text(1)
                    let rule: String
                    if let known = rules[ruleText] {
                        rule = known
                    } else {
                        rule = ruleText
                        if rules.count < 1024 { rules[ruleText] = ruleText }
                    }
                    add(Key(path: lastPath, rule: rule, keyPath: text(2), message: text(4)), count)
                }
                lineNumber += 1
                lineStart = index + 1
                field = 0
                starts[0] = lineStart
                escaped[0] = false
            } else if byte == tab {
                if field < 5 { ends[field] = index }
                field += 1
                if field < 5 {
                    starts[field] = index + 1
                    escaped[field] = false
                }
            } else if byte == backslash, field < 5 {
                escaped[field] = true
            }
            index += 1
        }
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

    /// `a + b`, or `Int.max` where that would overflow.
    static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// A field's text: the bytes as they are, or unescaped when they hold a backslash.
    private static func field(_ bytes: ArraySlice<UInt8>, escaped: Bool) -> String {
        guard escaped else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var escaped = false
        for byte in bytes {
            if escaped {
                switch byte {
                case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "r"): out.append(UInt8(ascii: "\r"))
                default: out.append(byte)
                }
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Removes the diagnostics the baseline records from the run and returns the entries
    /// (with the counts) that matched nothing, in the file's order: problems fixed since,
    /// to remove from it.
    func apply(to run: inout LintRun) -> [(Key, Int)] {
        var left = counts
        for i in run.files.indices {
            let file = run.files[i]
            run.files[i].diagnostics.removeAll { diagnostic in
                guard let position = positions[Self.key(diagnostic, in: file)], left[position] > 0 else { return false }
                left[position] -= 1
                return true
            }
        }
        return left.indices.filter { left[$0] > 0 }.map { (keys[$0], left[$0]) }
    }

    /// By scalar, not by character: "\r\n" is one character, and must become two escapes.
    private static func escape(_ field: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in field.unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}

extension AdoptionOptions {
    /// Loads `--baseline FILE`; nil without the option.
    func loadBaseline() throws -> Baseline? {
        guard let path = baselinePath else { return nil }
        if writeBaselinePath != nil {
            throw UsageError(message: "--baseline and --write-baseline cannot be used together: write the baseline once, then lint with --baseline")
        }
        guard FileKind.of(path, follow: true) == .file else {
            throw UsageError(message: "--baseline \(path): no such file; create it with --write-baseline \(path)")
        }
        let bytes: [UInt8]
        do {
            switch try FileReading.contents(of: path, limit: Baseline.largestFile) {
            case .bytes(let b): bytes = b
            case .tooLarge(let size):
                throw UsageError(message: "--baseline \(path): \(size) bytes, larger than the limit of \(Baseline.largestFile) bytes (64 MiB); "
                                 + "lint parts of the repository with a baseline each")
            }
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError(message: "--baseline \(path): \(error)")
        }
        return try Baseline(parsing: bytes, path: path)
    }

    /// With `--baseline`: the run without recorded problems, and a note per stale entry.
    func applyBaseline(_ baseline: Baseline?, to run: inout LintRun, io: CommandIO) {
        guard let baseline, let path = baselinePath else { return }
        let stale = baseline.apply(to: &run)
        guard !stale.isEmpty else { return }
        let total = stale.reduce(0) { Baseline.saturatingSum($0, $1.1) }
        // Every field comes from the file (or a share file's text): shown with its control
        // characters as escapes, so none drives the terminal or forges a CI log line.
        let shown = TerminalText.visible(path)
        var text = "sharelint: warning: \(total) problem\(total == 1 ? "" : "s") recorded in \(shown) no longer occur\(total == 1 ? "s" : ""); "
            + "rewrite it with --write-baseline \(shown):\n"
        for (key, count) in stale.prefix(Baseline.staleEntriesShown) {
            let at = key.keyPath.isEmpty ? "" : " at \(TerminalText.visible(key.keyPath))"
            text += "  \(TerminalText.visible(key.path)): \(TerminalText.visible(key.rule))\(at)\(count > 1 ? " (\(count)×)" : ""): \(TerminalText.visible(key.message))\n"
        }
        if stale.count > Baseline.staleEntriesShown {
            text += "  ... and \(stale.count - Baseline.staleEntriesShown) more entries\n"
        }
        io.writeError(text)
    }

    /// With `--write-baseline`: writes every problem of the run and says so; true when written.
    func writeBaseline(_ run: LintRun, io: CommandIO) throws -> Bool {
        guard let path = writeBaselinePath else { return false }
        let baseline = Baseline(recording: run)
        guard Platform.writeFile(path, baseline.text) else {
            throw UsageError(message: "--write-baseline \(path): \(Platform.errorMessage())")
        }
        let total = baseline.total
        let shown = TerminalText.visible(path)
        io.writeError("sharelint: recorded \(total) problem\(total == 1 ? "" : "s") in \(shown); lint with --baseline \(shown) to report only new ones\n")
        return true
    }
}
