import ShareLintMessages
import ShareLintKit

/// `sharelint type QUERY`: a type identifier, a filename extension or a MIME type.
enum TypeLookup {
    static func declarations(for query: String) throws -> [UTTypeDeclaration] {
        let registry = UTTypeRegistry.system
        let trimmed = query.hasPrefix(".") ? String(query.dropFirst()) : query
        var found: [UTTypeDeclaration] = []
        if query.contains("/") {
            found = registry.types(forMIMEType: query)
        } else if let declaration = registry.declaration(for: query), query.contains(".") && !query.hasPrefix(".") {
            found = [declaration]
        } else {
            found = registry.types(forExtension: trimmed)
        }
        guard found.isEmpty else { return found }
        let candidates: [String]
        if query.contains("/") {
            candidates = registry.declarations.flatMap(\.mimeTypes)
        } else if query.hasPrefix(".") || !query.contains(".") {
            candidates = registry.declarations.flatMap { $0.extensions.map { "." + $0 } }
        } else {
            candidates = registry.declarations.map(\.identifier)
        }
        let suggestion = Suggestions.nearest(to: query.hasPrefix(".") || query.contains(".") || query.contains("/") ? query : "." + query, in: candidates)
        throw UsageError(Message(.typeUnknown, ["query": query, "hint": Message.didYouMean(suggestion)]))
    }

    /// The chain as one line: `public.mpeg-4 → public.movie → … → public.item`.
    static func chain(_ identifier: String) -> String {
        ([identifier] + UTTypeRegistry.system.ancestorLevels(of: identifier).map { $0.joined(separator: ", ") }).joined(separator: " → ")
    }

    static func render(_ query: String, json: Bool) throws -> String {
        let declarations = try declarations(for: query)
        let registry = UTTypeRegistry.system
        if json {
            let value = JSONValue.object([
                ("query", .string(query)),
                ("types", .array(declarations.map { d in
                    .object([
                        ("identifier", .string(d.identifier)),
                        ("conformsTo", .array(d.conformsTo.map(JSONValue.string))),
                        ("chain", .array(registry.ancestorLevels(of: d.identifier).map { .array($0.map(JSONValue.string)) })),
                        ("extensions", .array(d.extensions.map(JSONValue.string))),
                        ("mimeTypes", .array(d.mimeTypes.map(JSONValue.string))),
                        ("abstract", .bool(d.isAbstract)),
                    ])
                })),
            ])
            return value.serialized(indent: 2) + "\n"
        }
        return declarations.map { d in
            var lines = ["\(d.identifier)\(d.isAbstract ? " (abstract)" : "")", "  conforms to: \(chain(d.identifier))"]
            if !d.extensions.isEmpty { lines.append("  extensions:  " + d.extensions.map { "." + $0 }.joined(separator: ", ")) }
            if !d.mimeTypes.isEmpty { lines.append("  MIME types:  " + d.mimeTypes.joined(separator: ", ")) }
            return lines.joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }
}
