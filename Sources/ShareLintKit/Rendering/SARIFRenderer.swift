/// SARIF 2.1.0: one run, every rule in `tool.driver.rules` with its help text, results
/// with start and end positions in Unicode code points.
public struct SARIFRenderer: ReportRenderer {
    public static let identifier = "sarif"

    /// The tool version reported in the driver.
    public var toolVersion: String

    /// Creates a renderer.
    public init(toolVersion: String) {
        self.toolVersion = toolVersion
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

    public func render(_ run: LintRun) -> String {
        let descriptions = RuleCatalog.all.map(\.description)
        var index: [RuleID: Int] = [:]
        for (i, d) in descriptions.enumerated() { index[d.id] = i }
        let rules: [JSONValue] = descriptions.map { d in
            .object([
                ("id", .string(d.id.rawValue)),
                ("name", .string(Self.name(d.id))),
                ("shortDescription", .object([("text", .string(d.summary))])),
                ("fullDescription", .object([("text", .string(d.rationale))])),
                ("help", .object([("text", .string(RuleDocs.helpText(d))), ("markdown", .string(RuleDocs.helpMarkdown(d)))])),
                ("defaultConfiguration", .object([("level", .string(Self.level(d.severity)))])),
            ])
        }
        var results: [JSONValue] = []
        for file in run.files {
            for d in file.diagnostics {
                var result: [(String, JSONValue)] = [
                    ("ruleId", .string(d.rule.rawValue)),
                ]
                if let i = index[d.rule] { result.append(("ruleIndex", .int(i))) }
                result += [
                    ("level", .string(Self.level(d.severity))),
                    ("message", .object([("text", .string(d.message))])),
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
                ("columnKind", .string("unicodeCodePoints")),
                ("results", .array(results)),
            ])])),
        ])
        return sarif.serialized(indent: 2) + "\n"
    }
}

/// GitHub Actions workflow commands: one `::error`/`::warning`/`::notice` per
/// diagnostic, shown as annotations on the pull request.
public struct GitHubRenderer: ReportRenderer {
    public static let identifier = "github"

    public init() {}

    static func escapeData(_ s: String) -> String { escape(s, property: false) }

    static func escapeProperty(_ s: String) -> String { escape(s, property: true) }

    /// Percent-encodes what workflow commands reserve: `%`, CR and LF, and in
    /// properties also `:` and `,`. Text without any of them is returned as it is.
    private static func escape(_ s: String, property: Bool) -> String {
        func reserved(_ b: UInt8) -> Bool { b == 0x25 || b == 0x0D || b == 0x0A || (property && (b == 0x3A || b == 0x2C)) }
        guard s.utf8.contains(where: reserved) else { return s }
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    public func render(_ run: LintRun) -> String {
        var out = ""
        for file in run.files {
            for d in file.diagnostics {
                let command: String
                switch d.severity {
                case .error: command = "error"
                case .warning: command = "warning"
                case .info: command = "notice"
                }
                out += "::\(command) file=\(Self.escapeProperty(file.path)),line=\(d.range.start.line),col=\(d.range.start.column),"
                    + "endLine=\(d.range.end.line),endColumn=\(d.range.end.column),title=\(Self.escapeProperty(d.rule.rawValue))::"
                    + Self.escapeData(d.message) + "\n"
            }
        }
        return out
    }
}

/// JUnit XML: a testsuite per file, a testcase per document, a failure per error.
/// Warnings and infos go to the testcase's system-out.
public struct JUnitRenderer: ReportRenderer {
    public static let identifier = "junit"

    public init() {}

    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                // XML 1.0 cannot carry other control characters, even escaped.
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { out += "\u{FFFD}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    public func render(_ run: LintRun) -> String {
        let summary = run.summary
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        var totalTests = 0
        var suites = ""
        for file in run.files {
            // One testcase per document; diagnostics of the whole file (no document) get their own.
            var cases: [(name: String, diagnostics: [Diagnostic])] = file.documents.map { document in
                let name = document.name.map { "\($0) (document \(document.index))" } ?? "document \(document.index)"
                return (name, file.diagnostics.filter { $0.document == document.index })
            }
            let fileLevel = file.diagnostics.filter { $0.document == nil }
            if !fileLevel.isEmpty || cases.isEmpty { cases.append(("file", fileLevel)) }
            let failures = file.diagnostics.filter { $0.severity == .error }.count
            totalTests += cases.count
            suites += "  <testsuite name=\"\(Self.escape(file.path))\" tests=\"\(cases.count)\" failures=\(quoted(failures)) errors=\"0\">\n"
            for testCase in cases {
                suites += "    <testcase classname=\"\(Self.escape(file.path))\" name=\"\(Self.escape(testCase.name))\""
                let errors = testCase.diagnostics.filter { $0.severity == .error }
                let others = testCase.diagnostics.filter { $0.severity != .error }
                if errors.isEmpty && others.isEmpty { suites += "/>\n"; continue }
                suites += ">\n"
                for d in errors {
                    suites += "      <failure type=\"\(d.rule)\" message=\"\(Self.escape(d.message))\">"
                        + Self.escape("\(file.path):\(d.range.start.line):\(d.range.start.column): \(d.message) [\(d.rule)]") + "</failure>\n"
                }
                if !others.isEmpty {
                    let lines = others.map { "\(file.path):\($0.range.start.line):\($0.range.start.column): \($0.severity.rawValue): \($0.message) [\($0.rule)]" }
                    suites += "      <system-out>" + Self.escape(lines.joined(separator: "\n")) + "</system-out>\n"
                }
                suites += "    </testcase>\n"
            }
            suites += "  </testsuite>\n"
        }
        out += "<testsuites name=\"sharelint\" tests=\"\(totalTests)\" failures=\(quoted(summary.errors)) errors=\"0\">\n" + suites + "</testsuites>\n"
        return out
    }

    private func quoted(_ n: Int) -> String { "\"\(n)\"" }
}
