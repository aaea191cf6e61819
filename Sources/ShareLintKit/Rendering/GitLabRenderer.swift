import ShareLintMessages
/// A GitLab Code Quality report (`artifacts:reports:codequality`): a JSON array with one
/// issue per diagnostic, holding the fields GitLab documents, `description`, `check_name`
/// (the rule id), `fingerprint`, `severity` and `location` (`path`, and `lines.begin` with
/// `lines.end`). Severities: error → `major`, warning → `minor`, info → `info`.
///
/// The fingerprint is stable across edits elsewhere in a file: the first 32 hexadecimal
/// digits of the SHA-256 of the path, the rule, the key path, the message and the
/// occurrence (0 for the first issue with these four in the file, 1 for the next), never
/// of line numbers. GitLab tells new problems from fixed ones by it.
package struct GitLabRenderer: ReportRenderer {
    package static let identifier = "gitlab"

    /// Creates a renderer.
    /// The language of the descriptions (the fingerprints use the English message, so they
    /// stay the same whichever language a run reports in).
    package var language: Language

    package init(language: Language = .english) {
        self.language = language
    }

    /// The Code Quality severity of a diagnostic's severity.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "major"
        case .warning: return "minor"
        case .info: return "info"
        }
    }

    /// A path as GitLab matches it against the repository: relative, without a leading `./`.
    static func path(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        return String(path)
    }

    /// The fingerprint of the `occurrence`-th issue with this path, rule, key path and
    /// message. Each field is prefixed with its length in UTF-8 bytes, so no two
    /// different lists of fields hash the same text.
    static func fingerprint(path: String, rule: RuleID, keyPath: String, message: String, occurrence: Int) -> String {
        var text = ""
        for field in [path, rule.rawValue, keyPath, message, String(occurrence)] {
            text += "\(field.utf8.count):" + field
        }
        return String(SHA256.hex(Array(text.utf8)).prefix(32))
    }

    package func render(_ run: LintRun) -> String {
        var issues: [JSONValue] = []
        for file in run.files {
            let path = Self.path(file.path)
            var seen: [[String]: Int] = [:]
            for d in file.diagnostics {
                let key = [d.rule.rawValue, d.keyPath, d.message]
                let occurrence = seen[key, default: 0]
                seen[key] = occurrence + 1
                issues.append(.object([
                    ("description", .string(d.message(in: language))),
                    ("check_name", .string(d.rule.rawValue)),
                    ("fingerprint", .string(Self.fingerprint(path: path, rule: d.rule, keyPath: d.keyPath, message: d.message, occurrence: occurrence))),
                    ("severity", .string(Self.severity(d.severity))),
                    ("location", .object([
                        ("path", .string(path)),
                        ("lines", .object([("begin", .int(d.range.start.line)), ("end", .int(d.range.end.line))])),
                    ])),
                ]))
            }
        }
        return JSONValue.array(issues).serialized(indent: 2) + "\n"
    }
}
