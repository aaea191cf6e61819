extension JSONRenderer {
    /// `documents[].destinations` of the JSON report (`sharelint destinations --format json`),
    /// described by `Schemas/sharelint-report.schema.json`.
    static func destinations(_ report: DestinationReport) -> JSONValue {
        .object([
            ("activities", .array(report.destinations.map(destination))),
            ("ignoredExclusions", .array(report.ignoredExclusions.map(JSONValue.string))),
            ("extensions", .string(report.extensions)),
        ])
    }

    private static func destination(_ d: Destination) -> JSONValue {
        .object([
            ("name", .string(d.name)),
            ("activityType", .string(d.activityType)),
            ("title", .string(d.title)),
            ("row", .string(d.row.rawValue)),
            ("offered", .string(d.availability.rawValue)),
            ("reason", d.reason.map { .object([("kind", .string($0.kind.rawValue)), ("text", .string($0.text))]) } ?? .null),
            ("conditions", .array(d.conditions.map(JSONValue.string))),
            ("receives", d.receipt.map(receipt) ?? .null),
            ("evidence", .string(d.evidence)),
        ])
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
