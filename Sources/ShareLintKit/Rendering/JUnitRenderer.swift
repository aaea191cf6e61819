import ShareLintMessages
/// JUnit XML: a testsuite per file, a testcase per document (and one named `file` for
/// diagnostics of the whole file), at most one failure per testcase listing all its
/// failing diagnostics, so `failures` counts failing testcases and never exceeds `tests`
/// (the JUnit schema CI servers read). A diagnostic is failing exactly when it fails the
/// run (`Severity.failsRun(strict:)`): errors, and with `--strict` warnings too. The
/// others go to the testcase's system-out.
package struct JUnitRenderer: ReportRenderer {
    package static let identifier = "junit"

    /// Whether warnings fail the run (`--strict`), and so are failures here.
    package var strict: Bool

    /// The language of the messages, which each testsuite names in its properties
    /// (`sharelint.locale`).
    package var language: Language

    /// Creates a renderer; `strict` as the run's `--strict`.
    package init(strict: Bool = false, language: Language = .english) {
        self.strict = strict
        self.language = language
    }

    package func render(_ run: LintRun) -> String {
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
            let failures = cases.filter { $0.diagnostics.contains { $0.severity.failsRun(strict: strict) } }.count
            totalTests += cases.count
            totalFailures += failures
            suites += "  <testsuite name=\"\(XMLText.attribute(file.path))\" tests=\"\(cases.count)\" failures=\(quoted(failures)) errors=\"0\">\n"
                + "    <properties>\n      <property name=\"sharelint.locale\" value=\"\(language.rawValue)\"/>\n    </properties>\n"
            for testCase in cases {
                suites += "    <testcase classname=\"\(XMLText.attribute(file.path))\" name=\"\(XMLText.attribute(testCase.name))\""
                let failing = testCase.diagnostics.filter { $0.severity.failsRun(strict: strict) }
                let others = testCase.diagnostics.filter { !$0.severity.failsRun(strict: strict) }
                if failing.isEmpty && others.isEmpty { suites += "/>\n"; continue }
                suites += ">\n"
                if let first = failing.first {
                    let allErrors = failing.allSatisfy { $0.severity == .error }
                    let message = failing.count == 1 ? first.message(in: language)
                        : Message(allErrors ? .junitErrors : .junitProblems, ["count": failing.count, "first": first.text]).text(in: language)
                    let rules = Set(failing.map(\.rule.rawValue)).sorted().joined(separator: " ")
                    // An error's line as before; a warning failing under --strict says it is one.
                    let lines = failing.map { "\(file.path):\($0.range.start.line):\($0.range.start.column): "
                        + ($0.severity == .error ? "" : "\($0.severity.word.text(in: language)): ") + "\($0.message(in: language)) [\($0.rule)]" }
                    suites += "      <failure type=\"\(XMLText.attribute(rules))\" message=\"\(XMLText.attribute(message))\">"
                        + XMLText.content(lines.joined(separator: "\n")) + "</failure>\n"
                }
                if !others.isEmpty {
                    let lines = others.map {
                        "\(file.path):\($0.range.start.line):\($0.range.start.column): \($0.severity.word.text(in: language)): \($0.message(in: language)) [\($0.rule)]"
                    }
                    suites += "      <system-out>" + XMLText.content(lines.joined(separator: "\n")) + "</system-out>\n"
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
