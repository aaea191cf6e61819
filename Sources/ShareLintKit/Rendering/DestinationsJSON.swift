import ShareLintMessages

extension JSONRenderer {
    /// `documents[].destinations` of the JSON report (`sharelint destinations --format json`),
    /// described by `Schemas/sharelint-report.schema.json`.
    static func destinations(_ report: DestinationReport, language: Language) -> JSONValue {
        .object([
            ("activities", .array(report.destinations.map { destination($0, language: language) })),
            ("ignoredExclusions", .array(report.ignoredExclusions.map(JSONValue.string))),
            ("extensions", .string(report.extensions)),
        ])
    }

    private static func destination(_ d: Destination, language: Language) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("name", .string(d.name)),
            ("activityType", .string(d.activityType)),
            ("title", .string(d.titleMessage.text(in: language))),
            ("row", .string(d.row.rawValue)),
            ("offered", .string(d.availability.rawValue)),
            ("reason", reason(d.reason, language: language)),
            ("conditions", .array(d.conditions.map(JSONValue.string))),
            ("receives", d.receipt.map(receipt) ?? .null),
            ("evidence", .string(d.evidence)),
        ]
        // iOS 26: an activity decided by -[SHSheetServiceManager canShareFileURL:] carries both outcomes.
        if let outcomes = d.fileOutcomes {
            fields.append(("fileURLs", .object([
                ("items", .array(outcomes.files.map(JSONValue.string))),
                ("ifAllowed", outcome(outcomes.ifAllowed, language: language)),
                ("ifRefused", outcome(outcomes.ifRefused, language: language)),
            ])))
        }
        return .object(fields)
    }

    private static func outcome(_ o: Destination.Outcome, language: Language) -> JSONValue {
        .object([
            ("offered", .string(o.availability.rawValue)),
            ("reason", reason(o.reason, language: language)),
            ("conditions", .array(o.conditions.map(JSONValue.string))),
            ("receives", o.receipt.map(receipt) ?? .null),
        ])
    }

    /// The reason: its kind, the reason for people in the report's language (`summary`)
    /// and in full with the iOS methods, in English (`text`).
    private static func reason(_ r: Destination.Reason?, language: Language) -> JSONValue {
        r.map { .object([("kind", .string($0.kind.rawValue)), ("summary", .string($0.summary.text(in: language))), ("text", .string($0.text))]) } ?? .null
    }

    private static func receipt(_ r: Destination.Receipt) -> JSONValue {
        var fields: [(String, JSONValue)] = [("subject", .optional(r.subject)), ("body", .optional(r.body))]
        // Only Mail sends a body as HTML: the key is there, true, only then.
        if r.isHTML { fields.append(("isHTML", .bool(true))) }
        fields.append(("attachments", .array(r.attachments.map { a in
            .object([("item", .string(a.item)), ("type", .string(a.type)), ("name", .optional(a.name))])
        })))
        fields.append(("items", .array(r.items.map(JSONValue.string))))
        return .object(fields)
    }
}
