import ShareLintMessages
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

    static func key(_ diagnostic: Diagnostic, in file: FileReport) -> Key {
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

    /// `a + b`, or `Int.max` where that would overflow.
    static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// By scalar, not by character: "\r\n" is one character, and must become two escapes.
    static func escape(_ field: String) -> String {
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
    func loadBaseline() throws -> BaselineFile? {
        guard let path = baselinePath else { return nil }
        if writeBaselinePath != nil {
            throw UsageError(Message(.baselineTogether))
        }
        guard FileKind.of(path, follow: true) == .file else {
            throw UsageError(Message(.baselineNoFile, ["path": path]))
        }
        let bytes: [UInt8]
        do {
            switch try FileReading.contents(of: path, limit: Baseline.largestFile) {
            case .bytes(let b): bytes = b
            case .tooLarge(let size):
                throw UsageError(Message(.baselineTooLarge, ["path": path, "size": size, "limit": Baseline.largestFile]))
            }
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError(Message(.baselineReason, ["path": path, "reason": "\(error)"]))
        }
        return try BaselineFile(parsing: bytes, path: path)
    }

    /// With `--baseline`: the run without recorded problems, and a note per stale entry.
    func applyBaseline(_ baseline: BaselineFile?, to run: inout LintRun, io: CommandIO) {
        guard let baseline, let path = baselinePath else { return }
        let stale = baseline.apply(to: &run, listing: Baseline.staleEntriesShown)
        // Every field comes from the file (or a share file's text): shown with its control
        // characters as escapes, so none drives the terminal or forges a CI log line.
        // Said even when nothing is left to report: "no problems" alone would hide them.
        if stale.heldBack > 0 {
            io.say(stale.heldBack == 1 ? Message(.baselineHeldBack1, ["path": path]) : Message(.baselineHeldBack, ["count": stale.heldBack, "path": path]))
        }
        guard stale.entries > 0 else { return }
        let total = stale.total
        let language = io.language
        var text = "sharelint: " + TerminalText.visible((total == 1 ? Message(.baselineStale1, ["path": path])
            : Message(.baselineStale, ["count": total, "path": path])).text(in: language)) + "\n"
        for (key, count) in stale.listed {
            let at = key.keyPath.isEmpty ? "" : Message(.staleAt, ["keyPath": TerminalText.visible(key.keyPath)]).text(in: language)
            text += "  \(TerminalText.visible(key.path)): \(TerminalText.visible(key.rule))\(at)\(count > 1 ? " (\(count)×)" : ""): \(TerminalText.visible(key.message))\n"
        }
        if stale.entries > stale.listed.count {
            text += "  " + Message(.staleMore, ["count": stale.entries - stale.listed.count]).text(in: language) + "\n"
        }
        io.writeError(text)
    }

    /// With `--write-baseline`: writes every problem of the run and says so; true when written.
    func writeBaseline(_ run: LintRun, io: CommandIO) throws -> Bool {
        guard let path = writeBaselinePath else { return false }
        let baseline = Baseline(recording: run)
        guard Platform.writeFile(path, baseline.text) else {
            throw UsageError(Message(.writeBaselineReason, ["path": path, "reason": Platform.errorMessage()]))
        }
        let total = baseline.total
        io.say(total == 1 ? Message(.baselineRecorded1, ["path": path]) : Message(.baselineRecorded, ["count": total, "path": path]))
        return true
    }
}
