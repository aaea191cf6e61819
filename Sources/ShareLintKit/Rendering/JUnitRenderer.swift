/// JUnit XML: a testsuite per file, a testcase per document (and one named `file` for
/// diagnostics of the whole file), at most one failure per testcase listing all its
/// errors, so `failures` counts failing testcases and never exceeds `tests` (the JUnit
/// schema CI servers read). Warnings and infos go to the testcase's system-out.
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
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        var totalTests = 0
        var totalFailures = 0
        var suites = ""
        for file in run.files {
            // One testcase per document; diagnostics of the whole file (no document) get their own.
            var cases: [(name: String, diagnostics: [Diagnostic])] = file.documents.map { document in
                let name = document.name.map { "\($0) (document \(document.index))" } ?? "document \(document.index)"
                return (name, file.diagnostics.filter { $0.document == document.index })
            }
            let fileLevel = file.diagnostics.filter { $0.document == nil }
            if !fileLevel.isEmpty || cases.isEmpty { cases.append(("file", fileLevel)) }
            let failures = cases.filter { $0.diagnostics.contains { $0.severity == .error } }.count
            totalTests += cases.count
            totalFailures += failures
            suites += "  <testsuite name=\"\(Self.escape(file.path))\" tests=\"\(cases.count)\" failures=\(quoted(failures)) errors=\"0\">\n"
            for testCase in cases {
                suites += "    <testcase classname=\"\(Self.escape(file.path))\" name=\"\(Self.escape(testCase.name))\""
                let errors = testCase.diagnostics.filter { $0.severity == .error }
                let others = testCase.diagnostics.filter { $0.severity != .error }
                if errors.isEmpty && others.isEmpty { suites += "/>\n"; continue }
                suites += ">\n"
                if let first = errors.first {
                    let message = errors.count == 1 ? first.message : "\(errors.count) errors; the first: \(first.message)"
                    let rules = Set(errors.map(\.rule.rawValue)).sorted().joined(separator: " ")
                    let lines = errors.map { "\(file.path):\($0.range.start.line):\($0.range.start.column): \($0.message) [\($0.rule)]" }
                    suites += "      <failure type=\"\(Self.escape(rules))\" message=\"\(Self.escape(message))\">"
                        + Self.escape(lines.joined(separator: "\n")) + "</failure>\n"
                }
                if !others.isEmpty {
                    let lines = others.map { "\(file.path):\($0.range.start.line):\($0.range.start.column): \($0.severity.rawValue): \($0.message) [\($0.rule)]" }
                    suites += "      <system-out>" + Self.escape(lines.joined(separator: "\n")) + "</system-out>\n"
                }
                suites += "    </testcase>\n"
            }
            suites += "  </testsuite>\n"
        }
        out += "<testsuites name=\"sharelint\" tests=\"\(totalTests)\" failures=\(quoted(totalFailures)) errors=\"0\">\n" + suites + "</testsuites>\n"
        return out
    }

    private func quoted(_ n: Int) -> String { "\"\(n)\"" }
}
