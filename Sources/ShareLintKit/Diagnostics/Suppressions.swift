import ShareLintMessages
import YAMLSyntax

/// One `# sharelint-disable-…` comment.
struct SuppressionComment {
    enum Scope { case nextLine, line, file }

    var scope: Scope
    /// The line the comment is on.
    var line: Int
    /// The rule ids named, each with where it is written.
    var rules: [(id: String, range: SourceRange)]
    /// Where the directive is, for a comment that names no rule.
    var range: SourceRange
    /// The reason written after `--`, if any.
    var reason: String? = nil
}

/// A diagnostic that a `sharelint-disable` comment suppressed: kept for formats that
/// record suppressions (SARIF), never counted or shown as a problem.
package struct SuppressedDiagnostic: Sendable, Hashable {
    /// The diagnostic as it would have been reported.
    package var diagnostic: Diagnostic
    /// The reason written after `--` in the comment, if any.
    package var justification: String?
}

/// Finds suppression comments in the source text and applies them. libyaml
/// does not report comments, so they are found in the text: a `#` at the start of a
/// line or after white space, outside every scalar's range (so a `#` inside a quoted or
/// block scalar is never taken for a comment).
enum Suppressions {
    static let marker = Array("sharelint-disable".utf8)
    /// The index in `marker` of the byte searched for first (its `b`).
    private static let probe = 14

    /// Whether the text mentions suppressions at all (the fast path skips the rest).
    static func mentioned(in text: ByteView) -> Bool {
        // The marker's `b` is searched for first: a rare letter in YAML text (`s`, its
        // first byte, stopped the search eleven times as often).
        text.contains(marker, searchingFirstFor: probe)
    }

    /// The ranges of every scalar in a node tree (iteratively; aliases are expanded
    /// at most as far as the alias limit allowed).
    static func scalarRanges(of root: Node, into ranges: inout [SourceRange]) {
        var stack = [root]
        while let node = stack.popLast() {
            switch node.content {
            case .scalar: ranges.append(node.range)
            case .sequence(let items): stack.append(contentsOf: items)
            case .mapping(let pairs): for pair in pairs { stack.append(pair.key); stack.append(pair.value) }
            case .invalid: break
            }
        }
    }

    /// Whether a position lies in one of the ranges, which are sorted by start and do
    /// not overlap (scalars never nest; an alias repeats a range): a binary search.
    private static func inside(_ position: SourcePosition, _ ranges: [SourceRange]) -> Bool {
        let key = (position.line, position.column)
        var low = 0, high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if (ranges[mid].start.line, ranges[mid].start.column) <= key { low = mid + 1 } else { high = mid }
        }
        // ranges[low - 1] is the last range starting at or before the position.
        guard low > 0 else { return false }
        let range = ranges[low - 1]
        return key < (range.end.line, range.end.column)
    }

    /// The suppression comments of a text. Lines end at every break libyaml counts
    /// (LF, CRLF, CR, NEL, U+2028, U+2029), so line numbers match the diagnostics'.
    static func comments(in text: ByteView, scalarRanges unsorted: [SourceRange]) -> [SuppressionComment] {
        var result: [SuppressionComment] = []
        let scalarRanges = unsorted.sorted { ($0.start.line, $0.start.column) < ($1.start.line, $1.start.column) }
        for (index, bytes) in text.lineRanges.enumerated() {
            let lineBytes = text.bytes(in: bytes)
            guard mentioned(in: lineBytes) else { continue }
            let line = lineBytes.string
            let scalars = Array(line.unicodeScalars)
            var quote: Unicode.Scalar?
            var column = 0
            while column < scalars.count {
                let c = scalars[column]
                if let q = quote {
                    if c == "\\" && q == "\"" { column += 2; continue }
                    if c == q { quote = nil }
                } else if c == "\"" || c == "'" {
                    let previous = column > 0 ? scalars[column - 1] : " "
                    if " \t:[{,-".unicodeScalars.contains(previous) { quote = c }
                } else if c == "#" && (column == 0 || scalars[column - 1] == " " || scalars[column - 1] == "\t") {
                    let position = SourcePosition(line: index + 1, column: column + 1)
                    if !inside(position, scalarRanges), let comment = parse(scalars, from: column + 1, line: index + 1) {
                        result.append(comment)
                    }
                    break
                }
                column += 1
            }
        }
        return result
    }

    /// Parses `sharelint-disable-SCOPE RULE[, RULE] -- reason` after the `#`.
    private static func parse(_ scalars: [Unicode.Scalar], from start: Int, line: Int) -> SuppressionComment? {
        var i = start
        while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" { i += 1 }
        let wordStart = i
        while i < scalars.count, scalars[i] != " " && scalars[i] != "\t" { i += 1 }
        let word = String(String.UnicodeScalarView(scalars[wordStart..<i]))
        let scope: SuppressionComment.Scope
        switch word {
        case "sharelint-disable-next-line": scope = .nextLine
        case "sharelint-disable-line": scope = .line
        case "sharelint-disable-file": scope = .file
        default:
            guard word.hasPrefix("sharelint-disable") else { return nil }
            // An unknown directive names no valid scope: report it as naming nothing.
            return SuppressionComment(scope: .line, line: line, rules: [],
                                      range: range(line, wordStart, i))
        }
        var rules: [(String, SourceRange)] = []
        while i < scalars.count {
            while i < scalars.count, " \t,".unicodeScalars.contains(scalars[i]) { i += 1 }
            if i + 1 < scalars.count, scalars[i] == "-", scalars[i + 1] == "-" {
                let text = String(String.UnicodeScalarView(scalars[(i + 2)...])).trimmingWhitespace
                var comment = SuppressionComment(scope: scope, line: line, rules: rules, range: range(line, wordStart, wordStart + word.unicodeScalars.count))
                comment.reason = text.isEmpty ? nil : text
                return comment
            }
            let tokenStart = i
            while i < scalars.count, !" \t,".unicodeScalars.contains(scalars[i]) { i += 1 }
            if i > tokenStart { rules.append((String(String.UnicodeScalarView(scalars[tokenStart..<i])), range(line, tokenStart, i))) }
        }
        return SuppressionComment(scope: scope, line: line, rules: rules, range: range(line, wordStart, wordStart + word.unicodeScalars.count))
    }

    private static func range(_ line: Int, _ start: Int, _ end: Int) -> SourceRange {
        SourceRange(start: SourcePosition(line: line, column: start + 1), end: SourcePosition(line: line, column: end + 1))
    }

    /// Removes suppressed diagnostics and returns findings for suppressions that
    /// suppressed nothing (or name no rule).
    static func apply(_ comments: [SuppressionComment], to diagnostics: inout [Diagnostic]) -> [Finding] {
        var suppressed: [SuppressedDiagnostic] = []
        return apply(comments, to: &diagnostics, suppressed: &suppressed)
    }

    /// As above, and collects what was suppressed with the comment's reason.
    static func apply(_ comments: [SuppressionComment], to diagnostics: inout [Diagnostic], suppressed: inout [SuppressedDiagnostic]) -> [Finding] {
        var used = Set<Int>()
        // Indexes, so each diagnostic looks at the few comments that can apply to it:
        // the comments aimed at its line, and the first file-wide one naming its rule.
        var ruleIndex: [[String: Int]] = []
        var firstIndex = 0
        var offsets: [Int] = []
        var byLine: [Int: [Int]] = [:]
        var fileWide: [String: Int] = [:]
        for (c, comment) in comments.enumerated() {
            offsets.append(firstIndex)
            firstIndex += comment.rules.count
            var index: [String: Int] = [:]
            for (r, rule) in comment.rules.enumerated() where index[rule.id] == nil { index[rule.id] = r }
            ruleIndex.append(index)
            switch comment.scope {
            case .file: for id in index.keys where fileWide[id] == nil { fileWide[id] = c }
            case .line: byLine[comment.line, default: []].append(c)
            case .nextLine: byLine[comment.line + 1, default: []].append(c)
            }
        }
        diagnostics.removeAll { diagnostic in
            let id = diagnostic.rule.rawValue
            var first = fileWide[id]
            for c in byLine[diagnostic.range.start.line] ?? [] where ruleIndex[c][id] != nil && c < (first ?? Int.max) { first = c }
            guard let c = first, let r = ruleIndex[c][id] else { return false }
            used.insert(offsets[c] + r)
            suppressed.append(SuppressedDiagnostic(diagnostic: diagnostic, justification: comments[c].reason))
            return true
        }
        func key(_ c: Int, _ r: Int) -> Int { offsets[c] + r }
        var findings: [Finding] = []
        let id: RuleID = .unusedSuppression
        for (c, comment) in comments.enumerated() {
            if comment.rules.isEmpty {
                findings.append(Finding(id, Message(.suppressionNamesNoRule), at: comment.range))
            }
            for (r, rule) in comment.rules.enumerated() where !used.contains(key(c, r)) {
                if RuleCatalog.description(of: RuleID(rawValue: rule.id)) == nil {
                    let suggestion = Suggestions.nearest(to: rule.id, in: RuleCatalog.ids.map(\.rawValue))
                    findings.append(Finding(id, Message(.suppressionUnknownRule, ["rule": rule.id, "hint": Message.didYouMean(suggestion)]), at: rule.range, suggestion: suggestion))
                } else {
                    let unused: MessageID
                    switch comment.scope {
                    case .file: unused = .suppressionUnusedInFile
                    case .line: unused = .suppressionUnusedOnLine
                    case .nextLine: unused = .suppressionUnusedOnNextLine
                    }
                    findings.append(Finding(id, Message(unused, ["rule": rule.id]), at: rule.range))
                }
            }
        }
        return findings
    }
}

/// A suppression comment that suppressed nothing.
package struct UnusedSuppressionRule: StructuralRule {
    package init() {}
    package static let description = RuleDescription(
        id: .unusedSuppression, severity: .warning,
        summary: "A `sharelint-disable` comment that suppressed nothing (or names no rule).",
        rationale: """
        Suppressions are by rule id: `# sharelint-disable-next-line RULE[, RULE] -- reason`, a trailing \
        `# sharelint-disable-line RULE`, or `# sharelint-disable-file RULE`. One that no longer matches \
        anything hides the next real problem of that rule; remove it.
        """,
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - url: https://example.com/  # sharelint-disable-line ↓insecure-url\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  # sharelint-disable-next-line insecure-url -- the partner has no https yet\n  - url: http://example.com/\n")])
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }
}
