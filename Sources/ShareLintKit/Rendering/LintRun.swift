/// The result of linting a set of files: what renderers format.
package struct LintRun: Sendable {
    /// The files, in sorted path order.
    package var files: [FileReport]

    /// Creates a run.
    package init(files: [FileReport]) {
        self.files = files
    }

    /// Counts over the whole run.
    package struct Summary: Sendable, Hashable {
        /// Files linted.
        package var files = 0
        /// Documents read.
        package var documents = 0
        /// Diagnostics of severity error.
        package var errors = 0
        /// Diagnostics of severity warning.
        package var warnings = 0
        /// Diagnostics of severity info.
        package var infos = 0
    }

    /// The counts of files, documents and diagnostics by severity.
    package var summary: Summary {
        var summary = Summary()
        summary.files = files.count
        for file in files {
            summary.documents += file.documents.count
            summary.errors += file.count(.error)
            summary.warnings += file.count(.warning)
            summary.infos += file.count(.info)
        }
        return summary
    }

    /// The run with only diagnostics at or above a severity (for `--quiet`).
    package func keeping(atLeast severity: Severity) -> LintRun {
        var copy = self
        for i in copy.files.indices {
            copy.files[i].diagnostics.removeAll { $0.severity < severity }
            copy.files[i].suppressed.removeAll { $0.diagnostic.severity < severity }
        }
        return copy
    }
}

/// A report format.
package protocol ReportRenderer {
    /// The `--format` name.
    static var identifier: String { get }
    /// The report for a run.
    func render(_ run: LintRun) -> String
}

extension Severity {
    /// Whether a diagnostic of this severity fails the run (exit 1): an error always, a
    /// warning only with `--strict`, an info never. Reports that count failures (JUnit)
    /// use this, so they agree with the exit code.
    package func failsRun(strict: Bool) -> Bool {
        self == .error || (strict && self == .warning)
    }
}

extension LintRun.Summary {
    /// Whether the run fails (exit 1): an error, or with `--strict` a warning.
    package func failsRun(strict: Bool) -> Bool {
        errors > 0 || (strict && warnings > 0)
    }
}
