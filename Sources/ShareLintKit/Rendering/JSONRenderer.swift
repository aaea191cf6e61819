/// The JSON report of SPEC §5 (`--format json`), described by
/// `Schemas/sharelint-report.schema.json`.
public struct JSONRenderer: ReportRenderer {
    public static let identifier = "json"

    public init() {}

    public func render(_ run: LintRun) -> String {
        report(run).serialized(indent: 2) + "\n"
    }

    /// The report as a JSON value.
    public func report(_ run: LintRun) -> JSONValue {
        let summary = run.summary
        return .object([
            ("version", .int(1)),
            ("files", .array(run.files.map(file))),
            ("summary", .object([
                ("files", .int(summary.files)), ("documents", .int(summary.documents)),
                ("errors", .int(summary.errors)), ("warnings", .int(summary.warnings)), ("infos", .int(summary.infos)),
            ])),
        ])
    }

    private func file(_ file: FileReport) -> JSONValue {
        .object([
            ("path", .string(file.path)),
            ("documents", .array(file.documents.map { document in
                .object([
                    ("index", .int(document.index)),
                    ("name", .optional(document.name)),
                    ("header", document.header.map { .object([("title", .string($0.title)), ("subtitle", .string($0.subtitle))]) } ?? .null),
                ])
            })),
            ("diagnostics", .array(file.diagnostics.map(diagnostic))),
        ])
    }

    private func diagnostic(_ d: Diagnostic) -> JSONValue {
        .object([
            ("rule", .string(d.rule.rawValue)),
            ("severity", .string(d.severity.rawValue)),
            ("message", .string(d.message)),
            ("document", .optional(d.document)),
            ("line", .int(d.range.start.line)),
            ("column", .int(d.range.start.column)),
            ("endLine", .int(d.range.end.line)),
            ("endColumn", .int(d.range.end.column)),
            ("keyPath", .string(d.keyPath)),
            ("suggestion", .optional(d.suggestion)),
        ])
    }
}
