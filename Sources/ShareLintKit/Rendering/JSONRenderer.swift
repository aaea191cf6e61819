/// The JSON report of SPEC §5 (`--format json`), described by
/// `Schemas/sharelint-report.schema.json`.
public struct JSONRenderer: ReportRenderer, Sendable {
    public static let identifier = "json"

    /// How many threads may render files at once (`--jobs`).
    public var jobs: Int

    public init(jobs: Int = 1) {
        self.jobs = jobs
    }

    public func render(_ run: LintRun) -> String {
        guard jobs > 1, run.files.count >= 64 else { return report(run).serialized(indent: 2) + "\n" }
        // Many files: each is serialized on its own, in parallel, then joined in order (the
        // same bytes as the whole report serialized at once; a test compares them).
        let fragments = ParallelMap.map(run.files, jobs: jobs) { file($0).serializedBytes(indent: 2, level: 2) }
        var out: [UInt8] = []
        out.reserveCapacity(fragments.reduce(64) { $0 + $1.count + 6 })
        out.append(contentsOf: "{\n  \"version\": 1,\n  \"files\": [".utf8)
        for (i, fragment) in fragments.enumerated() {
            out.append(contentsOf: (i == 0 ? "\n    " : ",\n    ").utf8)
            out.append(contentsOf: fragment)
        }
        out.append(contentsOf: "\n  ],\n  \"summary\": ".utf8)
        out.append(contentsOf: summary(run).serializedBytes(indent: 2, level: 1))
        out.append(contentsOf: "\n}\n".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    /// The report as a JSON value.
    public func report(_ run: LintRun) -> JSONValue {
        .object([
            ("version", .int(1)),
            ("files", .array(run.files.map(file))),
            ("summary", summary(run)),
        ])
    }

    private func summary(_ run: LintRun) -> JSONValue {
        let summary = run.summary
        return .object([
            ("files", .int(summary.files)), ("documents", .int(summary.documents)),
            ("errors", .int(summary.errors)), ("warnings", .int(summary.warnings)), ("infos", .int(summary.infos)),
        ])
    }

    private func file(_ file: FileReport) -> JSONValue {
        .object([
            ("path", .string(file.path)),
            ("documents", .array(file.documents.map { document in
                var fields: [(String, JSONValue)] = [
                    ("index", .int(document.index)),
                    ("name", .optional(document.name)),
                    ("header", Self.header(document.header)),
                    ("noPreviewReason", .optional(document.noPreviewReason)),
                ]
                if !document.otherTargets.isEmpty {
                    fields.append(("otherTargets", .array(document.otherTargets.map { other in
                        .object([("ios", .string(other.targets)), ("header", Self.header(other.prediction.header)),
                                 ("noPreviewReason", .optional(other.prediction.noPreviewReason))])
                    })))
                }
                if let destinations = document.destinations { fields.append(("destinations", Self.destinations(destinations))) }
                return .object(fields)
            })),
            ("diagnostics", .array(file.diagnostics.map(diagnostic))),
        ])
    }

    /// `{title, subtitle, style, icon}` (and `url` for a fetched page), or null.
    static func header(_ header: Header?) -> JSONValue {
        guard let header else { return .null }
        var fields: [(String, JSONValue)] = [
            ("title", .string(header.title)), ("subtitle", .string(header.subtitle)),
            ("style", .string(header.style.rawValue)), ("icon", .optional(header.icon?.rawValue)),
        ]
        if let url = header.fetchedURL { fields.append(("url", .string(url))) }
        return .object(fields)
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
