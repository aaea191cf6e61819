import ShareLintMessages
import ShareLintKit
import YAMLSyntax

/// Where a position falls in the YAML node tree of a document.
struct NodeLocation {
    /// The keys from the document's root to the node (list indices left out).
    var keys: [String]
    /// Whether the node sits in a list (its parent is a sequence).
    var inList: Bool
    /// The node under the position.
    var node: Node
    /// Whether the position is on a mapping key (then `keys` ends with it).
    var isKey: Bool
    /// The document's index in the stream, and its nodes.
    var documentIndex: Int
    var documentNodes: FlatDocument

    /// The node at a position in text, or nil.
    static func find(_ position: SourcePosition, in bytes: [UInt8]) -> NodeLocation? {
        let reader = YAMLDocumentReader(bytes: bytes)
        while let document = reader.next() {
            guard let nodes = document.nodes else { continue }
            if let found = find(position, in: nodes.tree(nodes.root), keys: [], inList: false) {
                return NodeLocation(keys: found.keys, inList: found.inList, node: found.node, isKey: found.isKey,
                                    documentIndex: document.index, documentNodes: nodes)
            }
        }
        return nil
    }

    private static func contains(_ range: SourceRange, _ position: SourcePosition) -> Bool {
        range.start <= position && (position < range.end || position == range.end)
    }

    private static func find(_ position: SourcePosition, in node: Node, keys: [String], inList: Bool)
        -> (keys: [String], inList: Bool, node: Node, isKey: Bool)? {
        switch node.content {
        case .mapping(let pairs):
            for pair in pairs {
                let key = pair.key.scalar?.value ?? ""
                if contains(pair.key.range, position) { return (keys + [key], false, pair.key, true) }
                if contains(pair.value.range, position) || (pair.value.range.start == pair.value.range.end && pair.value.range.start.line == position.line && pair.key.range.end <= position) {
                    return find(position, in: pair.value, keys: keys + [key], inList: false) ?? (keys + [key], false, pair.value, false)
                }
            }
            return nil
        case .sequence(let items):
            for item in items where contains(item.range, position) {
                return find(position, in: item, keys: keys, inList: true) ?? (keys, true, item, false)
            }
            return nil
        case .scalar, .invalid:
            return contains(node.range, position) ? (keys, inList, node, false) : nil
        }
    }
}

extension FormatSchema {
    /// The field a key path names, from a configuration's root.
    static func field(at keys: [String]) -> Field? {
        var shape: Shape? = configuration
        var field: Field?
        for key in keys {
            if shape == nil, let dictionary = field, case .dictionary(_, let value) = dictionary.kind {
                // A name of a mapping by names (`parameters.inviter`, `forActivity.mail`): its value.
                field = Field(key, value, dictionary.summary)
                shape = value.shape
                continue
            }
            guard let current = shape, let next = current.field(key) else { return nil }
            field = next
            shape = next.kind.shape
        }
        return field
    }
}

extension FormatSchema.ValueKind {
    /// The mapping shape of this kind, or of its list's elements.
    var shape: FormatSchema.Shape? {
        switch self {
        case .object(let shape): return shape
        case .list(let element, _): return element.shape
        default: return nil
        }
    }
}

/// `textDocument/hover`: a rule id in a suppression comment (its summary), a type
/// identifier (its conformance chain), an activity type (its raw value), a key (its
/// summary; a top-level key also the predicted header), the `---` line (the header).
struct Hover {
    let document: LanguageServer.OpenDocument
    let encoding: PositionEncoding

    func hover(at position: LSPPosition) -> JSONValue? {
        let text = document.text
        let line = text.lineText(position.line)
        let source = text.sourcePosition(of: position, encoding: encoding)
        if let markdown = suppressionRule(in: line, column: source.column) {
            return result(markdown)
        }
        if line.hasPrefix("---") {
            // The document this marker starts: the first whose content begins on or after it.
            let reader = YAMLDocumentReader(bytes: text.bytes)
            while let yaml = reader.next() {
                if let root = yaml.root, root.range.start.line >= source.line { return header(document: yaml.index).map(result) }
            }
            return nil
        }
        guard let location = NodeLocation.find(source, in: text.bytes) else { return nil }
        var markdown: String?
        if location.isKey {
            if let field = FormatSchema.field(at: location.keys) {
                markdown = "**\(field.name)**: \(field.summary)"
            }
            if location.keys.count == 1, let header = header(document: location.documentIndex) {
                markdown = (markdown.map { $0 + "\n\n" } ?? "") + header
            }
        } else if let value = location.node.scalar?.value {
            let name = location.keys.last ?? ""
            if location.keys == ["excludedActivityTypes"] {
                markdown = Self.activity(value)
            } else if (name == "type" && location.keys.first == "items") || name == "conformsTo" || location.keys == ["types", "identifier"] {
                markdown = Self.type(value, registry: location.documentNodes.configurationRegistry)
            } else if let field = FormatSchema.field(at: location.keys) {
                markdown = "**\(field.name)**: \(field.summary)"
            }
        }
        return markdown.map(result)
    }

    private func result(_ markdown: String) -> JSONValue {
        .object([("contents", .object([("kind", .string("markdown")), ("value", .string(markdown))]))])
    }

    /// The predicted header of a document, for each iOS behaviour where they differ, and
    /// under a summary of types or no preview, why and what to add.
    private func header(document index: Int) -> String? {
        guard let report = document.report, let entry = report.documents.first(where: { $0.index == index }) else { return nil }
        let language = document.language
        let heading = Message(.hoverHeader).text(in: language)
        var lines = ["**\(heading)**" + (entry.otherTargets.isEmpty ? "" : " (\(document.target.behaviourLabel))") + ": "
            + HeaderListing.describe(entry.header, noPreviewReason: entry.noPreviewReasonText, language: language)]
        for other in entry.otherTargets {
            lines.append("**\(other.targets)**: " + HeaderListing.describe(other.prediction.header, noPreviewReason: other.prediction.noPreviewReasonText,
                                                                             language: language))
        }
        if let advice = entry.headerAdvice { lines.append(advice.text(in: language)) }
        return lines.joined(separator: "\n\n")
    }

    /// The summary of the rule id under a column of a `# sharelint-disable…` line.
    private func suppressionRule(in line: String, column: Int) -> String? {
        let scalars = Array(line.unicodeScalars)
        guard let hash = scalars.firstIndex(of: "#"), line.contains("sharelint-disable"), column - 1 > hash, column - 1 < scalars.count else { return nil }
        let isWord: (Unicode.Scalar) -> Bool = { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" }
        var start = column - 1, end = column - 1
        guard isWord(scalars[start]) else { return nil }
        while start > 0, isWord(scalars[start - 1]) { start -= 1 }
        while end < scalars.count, isWord(scalars[end]) { end += 1 }
        let word = String(String.UnicodeScalarView(scalars[start..<end]))
        if let description = RuleCatalog.description(of: RuleID(rawValue: word)) {
            return "**\(description.id)** (\(description.severity.rawValue)): \(description.summary)"
        }
        if word.hasPrefix("sharelint-disable") {
            return "Suppresses the rules named after it: `sharelint-disable-next-line`, `-line` or `-file`, then rule ids, then `-- reason`."
        }
        return nil
    }

    static func type(_ identifier: String, registry: UTTypeRegistry) -> String {
        guard let declaration = registry.declaration(for: identifier) else {
            let suggestion = registry.suggestion(for: identifier)
            return "`\(identifier)`: unknown type identifier" + (suggestion.map { "; did you mean `\($0)`?" } ?? "")
        }
        let chain = ([declaration.identifier] + registry.ancestorLevels(of: declaration.identifier).map { $0.joined(separator: ", ") })
            .map { "`\($0)`" }.joined(separator: " → ")
        var lines = ["**\(declaration.identifier)**\(declaration.isAbstract ? " (abstract)" : "")", "conforms to: " + chain]
        if !declaration.extensions.isEmpty { lines.append("extensions: " + declaration.extensions.map { "`.\($0)`" }.joined(separator: ", ")) }
        if !declaration.mimeTypes.isEmpty { lines.append("MIME types: " + declaration.mimeTypes.map { "`\($0)`" }.joined(separator: ", ")) }
        return lines.joined(separator: "\n\n")
    }

    static func activity(_ name: String) -> String {
        if let raw = BuiltInActivityTypes.rawValue(for: name) {
            return "`\(name)`: the built-in activity type `\(raw)`"
        }
        return "`\(name)`: not a built-in activity type; excluded as written (another app's activity type)"
    }
}

extension FlatDocument {
    /// The registry of the system types plus a document's own `types` declarations.
    var configurationRegistry: UTTypeRegistry {
        let (configuration, _) = Loader.load(self, documentIndex: 0)
        return configuration.map(TypeInferenceLogic.registry(for:)) ?? UTTypeRegistry.system
    }
}

