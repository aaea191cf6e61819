import ShareLintMessages
/// SARIF 2.1.0: one run, every rule in `tool.driver.rules` with its help text, results
/// with start and end positions in Unicode code points; results suppressed by a comment are
/// kept with `suppressions` (kind `inSource`, the comment's reason as justification).
package struct SARIFRenderer: ReportRenderer {
    package static let identifier = "sarif"

    /// The tool version reported in the driver.
    package var toolVersion: String
    /// The language of the messages and rule descriptions, which the run names in
    /// `language`.
    package var language: Language

    /// Creates a renderer.
    package init(toolVersion: String, language: Language = .english) {
        self.toolVersion = toolVersion
        self.language = language
    }

    private static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    /// A rule id as a PascalCase name: `unknown-key` → `UnknownKey`.
    static func name(_ id: RuleID) -> String {
        id.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Percent-encodes a relative path for `artifactLocation.uri`.
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80 && (c.isLetter || c.isNumber || "/-._~".contains(c)) {
                out.append(c)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    package func render(_ run: LintRun) -> String {
        let descriptions = RuleCatalog.all.map(\.description)
        var index: [RuleID: Int] = [:]
        for (i, d) in descriptions.enumerated() { index[d.id] = i }
        let rules: [JSONValue] = descriptions.map { d in
            let text = RuleTexts.text(of: d, in: language)
            return .object([
                ("id", .string(d.id.rawValue)),
                ("name", .string(Self.name(d.id))),
                ("shortDescription", .object([("text", .string(text.summary))])),
                ("fullDescription", .object([("text", .string(text.rationale))])),
                ("help", .object([("text", .string(RuleDocs.helpText(d))), ("markdown", .string(RuleDocs.helpMarkdown(d)))])),
                ("defaultConfiguration", .object([("level", .string(Self.level(d.severity)))])),
            ])
        }
        var results: [JSONValue] = []
        for file in run.files {
            let kept = file.diagnostics.map { ($0, nil as SuppressedDiagnostic?) } + file.suppressed.map { ($0.diagnostic, $0 as SuppressedDiagnostic?) }
            for (d, suppression) in kept {
                var result: [(String, JSONValue)] = [
                    ("ruleId", .string(d.rule.rawValue)),
                ]
                if let i = index[d.rule] { result.append(("ruleIndex", .int(i))) }
                result += [
                    ("level", .string(Self.level(d.severity))),
                    ("message", .object([("text", .string(d.message(in: language)))])),
                    ("locations", .array([.object([
                        ("physicalLocation", .object([
                            ("artifactLocation", .object([("uri", .string(Self.uri(file.path)))])),
                            ("region", .object([
                                ("startLine", .int(d.range.start.line)), ("startColumn", .int(d.range.start.column)),
                                ("endLine", .int(d.range.end.line)), ("endColumn", .int(d.range.end.column)),
                            ])),
                        ])),
                    ])])),
                ]
                if let suggestion = d.suggestion {
                    result.append(("properties", .object([("suggestion", .string(suggestion))])))
                }
                if let fix = file.fixes.first(where: { $0.diagnostic.rule == d.rule && $0.diagnostic.message == d.message
                    && $0.diagnostic.range.start.line == d.range.start.line && $0.diagnostic.range.start.column == d.range.start.column }) {
                    // An insertion deletes an empty region where it goes.
                    let (start, end) = (fix.range.start, fix.range.end)
                    result.append(("fixes", .array([.object([
                        ("description", .object([("text", .string(fix.text.text(in: language)))])),
                        ("artifactChanges", .array([.object([
                            ("artifactLocation", .object([("uri", .string(Self.uri(file.path)))])),
                            ("replacements", .array([.object([
                                ("deletedRegion", .object([
                                    ("startLine", .int(start.line)), ("startColumn", .int(start.column)),
                                    ("endLine", .int(end.line)), ("endColumn", .int(end.column)),
                                ])),
                                ("insertedContent", .object([("text", .string(fix.replacement))])),
                            ])])),
                        ])])),
                    ])])))
                }
                if let suppression {
                    // A result suppressed in the source stays in the log, marked as such.
                    var entry: [(String, JSONValue)] = [("kind", .string("inSource"))]
                    if let justification = suppression.justification { entry.append(("justification", .string(justification))) }
                    result.append(("suppressions", .array([.object(entry)])))
                }
                results.append(.object(result))
            }
        }
        let sarif = JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("sharelint")),
                    ("version", .string(toolVersion)),
                    ("rules", .array(rules)),
                ]))])),
                ("language", .string(language == .english ? "en-US" : language.rawValue)),
                ("columnKind", .string("unicodeCodePoints")),
                ("results", .array(results)),
            ])])),
        ])
        return sarif.serialized(indent: 2) + "\n"
    }
}
