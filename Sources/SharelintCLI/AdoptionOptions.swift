import ShareLintMessages
import ShareLintKit

/// Options for adopting sharelint in a repository and controlling what a run reports:
/// `--allow-no-files`, `--force-exclude`, `--select`, `--ignore`, `--statistics`, `--no-header`.
struct AdoptionOptions {
    /// `--allow-no-files`: a run that finds no share file exits 0 instead of 2.
    var allowNoFiles = false
    /// `--force-exclude`: `exclude` also applies to paths named on the command line.
    var forceExclude = false
    /// `--select`: the ids of the rules its globs match, to report (empty: every rule; a
    /// glob that matches no rule is a usage error, so a `--select` never leaves it empty).
    var select: Set<String> = []
    /// `--ignore`: the ids of the rules its globs match, never reported.
    var ignore: Set<String> = []
    /// `--statistics`: print counts per rule instead of each diagnostic.
    var statistics = false
    /// `--no-header`: `validate`'s text output leaves out each document's header.
    var noHeader = false
    /// `--fix`: apply safe fixes in place before linting.
    var fixes = false
    /// `--diff`: print the safe fixes as a unified diff instead of writing them.
    var showsDiff = false
    /// `--baseline FILE`: problems recorded in FILE are not reported.
    var baselinePath: String?
    /// `--write-baseline FILE`: record every problem in FILE and exit 0.
    var writeBaselinePath: String?

    /// Parses one of these options; false when `name` is not one of them.
    mutating func parse(_ name: String, value: () throws -> String) throws -> Bool {
        switch name {
        case "--allow-no-files": allowNoFiles = true
        case "--force-exclude": forceExclude = true
        case "--statistics": statistics = true
        case "--no-header": noHeader = true
        case "--fix": fixes = true
        case "--diff": showsDiff = true
        case "--baseline": baselinePath = try value()
        case "--write-baseline": writeBaselinePath = try value()
        case "--select": select.formUnion(try Self.ruleGlobs(try value(), option: name))
        case "--ignore": ignore.formUnion(try Self.ruleGlobs(try value(), option: name))
        default: return false
        }
        return true
    }

    /// Comma-separated rule ids or globs (`wechat-*`), each of which must match a rule:
    /// the ids of the rules they match. Each distinct pattern is matched once against the
    /// rule ids, so the work is linear in the option's length.
    static func ruleGlobs(_ text: String, option: String) throws -> Set<String> {
        let ids = RuleCatalog.ids.map(\.rawValue)
        let idSet = Set(ids)
        var matched: Set<String> = []
        var seen: Set<String> = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pattern = part.trimmingSpaces
            guard !pattern.isEmpty else {
                throw UsageError(Message(.globsSeparated, ["option": option]))
            }
            guard seen.insert(pattern).inserted else { continue }
            if idSet.contains(pattern) {
                matched.insert(pattern)
                continue
            }
            let glob = Glob(pattern)
            let hits = ids.filter(glob.matches)
            guard !hits.isEmpty else {
                let suggestion = pattern.utf8.count > Suggestions.longestWord ? nil : Suggestions.nearest(to: pattern, in: ids)
                throw UsageError(Message(.globMatchesNoRule, ["option": option, "pattern": pattern.prefix(200),
                                                               "hint": suggestion.map { Message(.didYouMean, ["suggestion": $0]) } ?? Message(.seeSharelintRules)]))
            }
            matched.formUnion(hits)
        }
        return matched
    }

    /// Whether a rule is reported under `--select` / `--ignore` (`--ignore` wins).
    func reports(_ rule: RuleID) -> Bool {
        if ignore.contains(rule.rawValue) { return false }
        return select.isEmpty || select.contains(rule.rawValue)
    }

    /// The run without the diagnostics of rules left out by `--select` / `--ignore`.
    func filter(_ run: LintRun) -> LintRun {
        guard !select.isEmpty || !ignore.isEmpty else { return run }
        var copy = run
        for i in copy.files.indices {
            copy.files[i].diagnostics.removeAll { !reports($0.rule) }
            copy.files[i].suppressed.removeAll { !reports($0.diagnostic.rule) }
        }
        return copy
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

/// `--statistics`: one line per rule with its count, most frequent first.
enum RuleStatistics {
    struct Row: Equatable {
        var rule: RuleID
        var severity: Severity
        var count: Int
    }

    /// Counts per rule and severity, sorted by count (descending), then rule id.
    static func rows(_ run: LintRun) -> [Row] {
        var counts: [String: Row] = [:]
        for file in run.files {
            for diagnostic in file.diagnostics {
                let key = diagnostic.rule.rawValue + " " + diagnostic.severity.rawValue
                counts[key, default: Row(rule: diagnostic.rule, severity: diagnostic.severity, count: 0)].count += 1
            }
        }
        return counts.values.sorted { ($0.count, $1.rule, $1.severity.rawValue) > ($1.count, $0.rule, $0.severity.rawValue) }
    }

    /// `count  rule  severity` lines, then the summary line.
    static func text(_ run: LintRun, summary: String) -> String {
        let rows = rows(run)
        let width = rows.map { String($0.count).count }.max() ?? 1
        var out = ""
        for row in rows {
            let count = String(row.count)
            out += String(repeating: " ", count: width - count.count) + count + "  " + row.rule.rawValue + "  " + row.severity.rawValue + "\n"
        }
        return out + summary + "\n"
    }

    /// A JSON array of `{"rule", "severity", "count"}`.
    static func json(_ run: LintRun) -> String {
        let items = rows(run).map { "  {\"rule\": \"\($0.rule.rawValue)\", \"severity\": \"\($0.severity.rawValue)\", \"count\": \($0.count)}" }
        return items.isEmpty ? "[]\n" : "[\n" + items.joined(separator: ",\n") + "\n]\n"
    }
}

extension AdoptionOptions {
    /// `--statistics` prints text or JSON only.
    func checkFormat(_ format: String?) throws {
        guard statistics, let format, format != "text", format != "json" else { return }
        throw UsageError(Message(.statisticsFormat, ["format": format]))
    }

    /// No silent pass: a run that found no share file is a usage error (unless
    /// `--allow-no-files`, or every file named was left out by `--force-exclude`), and a
    /// `.sharelint.yml` met in a walk that is not the one in use is reported.
    func checkInputs(_ inputs: [FileCollector.Input], notes: FileCollector.Notes, paths: [String],
                     configuration: LintConfiguration?, cwd: String, io: CommandIO) throws {
        let active = configuration.map { PathLogic.join($0.directory, ProjectConfiguration.fileName) }
        for path in notes.configurations {
            let absolute = PathLogic.normalize(PathLogic.join(cwd, path)) ?? path
            guard absolute != active else { continue }
            let inUse = active.map { Message(.configInUse, ["path": PathLogic.relative($0, from: cwd)]) } ?? Message(.configNoneInUse)
            io.say(Message(.configNotUsed, ["path": path, "inUse": inUse]))
        }
        guard inputs.isEmpty, !allowNoFiles else { return }
        if !notes.forceExcluded.isEmpty {
            io.say(Message(.allForceExcluded))
            return
        }
        var searched: Message
        if paths.isEmpty, let configuration, !configuration.include.isEmpty {
            let file = PathLogic.relative(PathLogic.join(configuration.directory, ProjectConfiguration.fileName), from: cwd)
            searched = Message(.noFileMatchesInclude, ["globs": Self.listed(configuration.include), "file": file])
        } else {
            let shown = paths.isEmpty ? ["."] : paths
            searched = Message(.noShareFileIn, ["paths": shown.joined(separator: " ")])
        }
        if let configuration, !configuration.exclude.isEmpty {
            searched = Message(.excludeListed, ["searched": searched, "globs": Self.listed(configuration.exclude)])
        }
        throw UsageError(Message(.nothingLinted, ["searched": searched]))
    }

    /// The first globs of a list, quoted, and how many more there are: a list of
    /// thousands is not repeated in a message.
    static func listed(_ globs: GlobSet) -> Message {
        let shown = globs.prefix(10).map { "'\($0.pattern)'" }
        return globs.count > 10 ? Message(.globsAndMore, ["globs": shown, "more": globs.count - 10]) : Message(.verbatim, ["text": shown])
    }
}
