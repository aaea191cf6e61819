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
            (a.path, a.rule, a.keyPath, a.message) < (b.path, b.rule, b.keyPath, b.message)
        }
    }

    static let header = "# sharelint baseline 1"
    var counts: [Key: Int] = [:]

    private static func key(_ diagnostic: Diagnostic, in file: FileReport) -> Key {
        let path = file.path.hasPrefix("./") ? String(file.path.dropFirst(2)) : file.path
        return Key(path: path, rule: diagnostic.rule.rawValue, keyPath: diagnostic.keyPath, message: diagnostic.message)
    }

    /// Every diagnostic of a run.
    init(recording run: LintRun) {
        for file in run.files {
            for diagnostic in file.diagnostics { counts[Self.key(diagnostic, in: file), default: 0] += 1 }
        }
    }

    /// The file's text.
    var text: String {
        var out = Self.header + "\n"
        for key in counts.keys.sorted() {
            out += [key.path, key.rule, key.keyPath, String(counts[key] ?? 0), key.message].map(Self.escape).joined(separator: "\t") + "\n"
        }
        return out
    }

    /// Reads a baseline file's text; a malformed line is a usage error naming it.
    init(parsing text: String, path: String) throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard lines.first.map(String.init) == Self.header else {
            throw UsageError(message: "--baseline \(path): not a sharelint baseline (the first line must be '\(Self.header)'); write one with --write-baseline \(path)")
        }
        for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map { Self.unescape(String($0)) }
            guard fields.count == 5, let count = Int(fields[3]), count > 0 else {
                throw UsageError(message: "--baseline \(path):\(index + 1): expected PATH, RULE, KEYPATH, COUNT and MESSAGE separated by tabs; rewrite it with --write-baseline \(path)")
            }
            counts[Key(path: fields[0], rule: fields[1], keyPath: fields[2], message: fields[4]), default: 0] += count
        }
    }

    /// Removes the diagnostics the baseline records from the run and returns the entries
    /// (with the counts) that matched nothing: problems fixed since, to remove from it.
    func apply(to run: inout LintRun) -> [(Key, Int)] {
        var left = counts
        for i in run.files.indices {
            let file = run.files[i]
            run.files[i].diagnostics.removeAll { diagnostic in
                let key = Self.key(diagnostic, in: file)
                guard let n = left[key], n > 0 else { return false }
                left[key] = n - 1
                return true
            }
        }
        return left.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    private static func escape(_ field: String) -> String {
        var out = ""
        for character in field {
            switch character {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.append(character)
            }
        }
        return out
    }

    private static func unescape(_ field: String) -> String {
        var out = ""
        var escaped = false
        for character in field {
            if escaped {
                switch character {
                case "t": out += "\t"
                case "n": out += "\n"
                case "r": out += "\r"
                default: out.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }
}

extension AdoptionOptions {
    /// Loads `--baseline FILE`; nil without the option.
    func loadBaseline() throws -> Baseline? {
        guard let path = baselinePath else { return nil }
        if writeBaselinePath != nil {
            throw UsageError(message: "--baseline and --write-baseline cannot be used together: write the baseline once, then lint with --baseline")
        }
        guard Platform.kind(path, follow: true) == .file else {
            throw UsageError(message: "--baseline \(path): no such file; create it with --write-baseline \(path)")
        }
        let bytes: [UInt8]
        do {
            guard case .bytes(let b) = try FileReading.contents(of: path, limit: 64 << 20) else {
                throw UsageError(message: "--baseline \(path): larger than 64 MiB")
            }
            bytes = b
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError(message: "--baseline \(path): \(error)")
        }
        return try Baseline(parsing: String(decoding: bytes, as: UTF8.self), path: path)
    }

    /// With `--baseline`: the run without recorded problems, and a note per stale entry.
    func applyBaseline(_ baseline: Baseline?, to run: inout LintRun, io: CommandIO) {
        guard let baseline, let path = baselinePath else { return }
        let stale = baseline.apply(to: &run)
        guard !stale.isEmpty else { return }
        let total = stale.reduce(0) { $0 + $1.1 }
        io.writeError("sharelint: warning: \(total) problem\(total == 1 ? "" : "s") recorded in \(path) no longer occur\(total == 1 ? "s" : ""); rewrite it with --write-baseline \(path):\n")
        for (key, count) in stale {
            io.writeError("  \(key.path): \(key.rule)\(key.keyPath.isEmpty ? "" : " at \(key.keyPath)")\(count > 1 ? " (\(count)×)" : ""): \(key.message)\n")
        }
    }

    /// With `--write-baseline`: writes every problem of the run and says so; true when written.
    func writeBaseline(_ run: LintRun, io: CommandIO) throws -> Bool {
        guard let path = writeBaselinePath else { return false }
        let baseline = Baseline(recording: run)
        guard Platform.writeFile(path, baseline.text) else {
            throw UsageError(message: "--write-baseline \(path): \(Platform.errorMessage())")
        }
        let total = baseline.counts.values.reduce(0, +)
        io.writeError("sharelint: recorded \(total) problem\(total == 1 ? "" : "s") in \(path); lint with --baseline \(path) to report only new ones\n")
        return true
    }
}
