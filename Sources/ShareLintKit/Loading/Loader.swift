import YAMLSyntax

/// Turns a document's node tree into a `ShareConfiguration`, checking it against
/// `FormatSchema` on the way. It never throws: every problem becomes a finding and
/// the partial model is returned.
public struct Loader {
    var findings = Findings()
    private let documentIndex: Int

    private init(documentIndex: Int) {
        self.documentIndex = documentIndex
    }

    /// Loads a document; returns the configuration (nil when the root is not a
    /// mapping) and the findings.
    public static func load(_ root: Node, documentIndex: Int) -> (ShareConfiguration?, [Finding]) {
        var loader = Loader(documentIndex: documentIndex)
        let configuration = loader.configuration(root)
        return (configuration, loader.findings.all)
    }

    // MARK: - Structure

    /// The checked keys of one mapping (a handful, so looked up by comparison).
    struct Fields {
        /// The allowed keys written, in order, and their pairs (two arrays: the key search
        /// reads only the keys).
        var keys: [String] = []
        var pairs: [Pair] = []
        var path: String
        var range: SourceRange
        /// The allowed keys that unknown keys of this mapping were probably meant to be.
        var meant: Set<String> = []

        func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

        subscript(_ key: String) -> Pair? {
            // Lengths first: most keys differ in length, and that test is free.
            let length = key.utf8.count
            for i in keys.indices where keys[i].utf8.count == length && keys[i] == key { return pairs[i] }
            return nil
        }
    }

    /// Checks that `node` is a mapping of `shape`: reports wrong-kind, unknown-key
    /// (with the nearest allowed key) and missing-key.
    mutating func fields(_ node: Node, _ shape: FormatSchema.Shape, path: String, what: @autoclosure () -> String) -> Fields? {
        guard let pairs = node.pairs else {
            if case .invalid = node.content { return nil }
            findings.report("wrong-kind", "\(what()) must be a mapping, not \(node.kindDescription)", at: node.range, path: path)
            return nil
        }
        var result = Fields(path: path, range: node.range)
        // Sized once: grown by appends, the two arrays took four allocations each.
        result.keys.reserveCapacity(pairs.count)
        result.pairs.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let key = pair.key.scalar?.value, pair.key.scalar != nil else {
                findings.report("wrong-kind", "keys must be plain strings, not \(pair.key.kindDescription)", at: pair.key.range, path: path)
                continue
            }
            guard shape.field(key) != nil else {
                if let placement = Self.placement(of: key, in: shape) {
                    findings.report("unknown-key", "unknown key '\(key)' in \(what()): '\(key)' belongs under \(placement.place)",
                                    at: pair.key.range, path: result.childPath(key))
                    // Its contents are still checked, so fixing the place leaves no surprise.
                    if let inner = placement.shape, pair.value.pairs != nil {
                        _ = fields(pair.value, inner, path: result.childPath(key), what: "'\(key)'")
                    }
                    continue
                }
                let suggestion = Suggestions.nearest(to: key, in: shape.fields.map(\.name))
                if let suggestion { result.meant.insert(suggestion) }
                let hint = suggestion.map { "; did you mean '\($0)'?" } ?? "; allowed keys: \(shape.fields.map(\.name).joined(separator: ", "))"
                findings.report("unknown-key", "unknown key '\(key)' in \(what())\(hint)", at: pair.key.range,
                                path: result.childPath(key), suggestion: suggestion)
                continue
            }
            result.keys.append(key)
            result.pairs.append(pair)
        }
        for field in shape.fields where field.required && result[field.name] == nil && field.name != "schemaVersion" {
            findings.report("missing-key", "\(what()) is missing the required key '\(field.name)'", at: startRange(of: node), path: path)
        }
        return result
    }

    /// Keys often written one level off, where they belong, and the shape their contents are
    /// checked with (only in the shapes of the `items` path, where the hint is right).
    private static func placement(of key: String, in shape: FormatSchema.Shape) -> (place: String, shape: FormatSchema.Shape?)? {
        switch (shape.name, key) {
        case ("Item", "thumbnail"), ("Item", "fullSize"), ("Representation", "thumbnail"), ("Representation", "fullSize"),
             ("Metadata", "thumbnail"), ("Metadata", "fullSize"):
            return ("the item's 'previews'", nil)
        case ("ShareConfiguration", "thumbnail"), ("ShareConfiguration", "fullSize"):
            return ("an item's 'previews'", nil)
        case ("ShareConfiguration", "linkPresentation"), ("Item", "linkPresentation"):
            return ("'metadata'", FormatSchema.linkPresentation)
        case ("ShareConfiguration", "messageBody"), ("Item", "messageBody"), ("ShareConfiguration", "title"), ("Item", "title"):
            return ("'metadata'", nil)
        case ("ShareConfiguration", "previews"):
            return ("an item (previews are per item)", FormatSchema.previews)
        case ("Representation", "previews"), ("Representation", "metadata"):
            return ("the item, not one of its representations", nil)
        case ("Previews", "linkPresentation"), ("Previews", "title"):
            return ("'metadata'", nil)
        case ("Metadata", "previews"):
            return ("the item, next to 'metadata'", FormatSchema.previews)
        default:
            return nil
        }
    }

    /// A one-character range at the start of a node, for problems of the whole node.
    func startRange(of node: Node) -> SourceRange {
        var end = node.range.start
        end.column += 1
        end.offset += 1
        return SourceRange(start: node.range.start, end: end)
    }

    /// Reads a string field; reports wrong-kind for collections, and implicit-type for
    /// plain scalars that YAML 1.1 reads as another type.
    mutating func string(_ fields: Fields, _ key: String, text: Bool = false) -> Located<String>? {
        guard let pair = fields[key] else { return nil }
        return string(pair.value, keyRange: pair.key.range, parent: fields.path, key: key, what: "'\(key)'", text: text)
    }

    mutating func string(_ node: Node, keyRange: SourceRange?, path: String, what: @autoclosure () -> String, text: Bool) -> Located<String>? {
        string(node, keyRange: keyRange, parent: path, key: "", what: what(), text: text)
    }

    /// Reads a string value; its path is `parent.key` (or `parent` when `key` is empty),
    /// joined only when a finding needs it.
    mutating func string(_ node: Node, keyRange: SourceRange?, parent: String, key: String,
                                 what: @autoclosure () -> String, text: Bool) -> Located<String>? {
        var path: String { key.isEmpty ? parent : (parent.isEmpty ? key : parent + "." + key) }
        guard let scalar = node.scalar else {
            if case .invalid = node.content { return nil }
            findings.report("wrong-kind", "\(what()) must be a string, not \(node.kindDescription)", at: node.range, path: path)
            return nil
        }
        if scalar.isNull && node.tag == nil {
            if text { return Located("", range: node.range, keyRange: keyRange, parent: parent, key: key) }
            findings.report("wrong-kind", "\(what()) must be a string, but it is empty (null)", at: keyRange ?? node.range, path: path)
            return nil
        }
        if scalar.style == .plain, node.tag == nil, let reading = ImplicitTypes.nonStringReading(of: scalar.value) {
            findings.report("implicit-type", "YAML 1.1 reads '\(scalar.value)' as \(reading), not a string: quote it (\"\(scalar.value)\")",
                            at: node.range, path: path, suggestion: "\"\(scalar.value)\"")
        }
        return Located(scalar.value, range: node.range, keyRange: keyRange, parent: parent, key: key)
    }

    /// Reads a list field, calling `element` for each entry.
    private mutating func list<T>(_ fields: Fields, _ key: String, element: (inout Loader, Node, String, Int) -> T?) -> [T] {
        guard let pair = fields[key] else { return [] }
        let path = fields.childPath(key)
        guard let items = pair.value.items else {
            if case .invalid = pair.value.content { return [] }
            if pair.value.scalar?.isNull == true { return [] }
            findings.report("wrong-kind", "'\(key)' must be a list, not \(pair.value.kindDescription)", at: pair.value.range, path: path)
            return []
        }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for (i, node) in items.enumerated() {
            if let value = element(&self, node, "\(path)[\(i)]", i) { result.append(value) }
        }
        return result
    }

    mutating func strings(_ fields: Fields, _ key: String) -> [Located<String>] {
        list(fields, key) { loader, node, path, _ in
            loader.string(node, keyRange: nil, path: path, what: "an entry of '\(key)'", text: false)
        }
    }

    // MARK: - The model

    private mutating func configuration(_ root: Node) -> ShareConfiguration? {
        guard let f = fields(root, FormatSchema.configuration, path: "", what: "a share configuration") else { return nil }
        let config = ShareConfiguration(documentIndex: documentIndex, range: root.range)
        config.schemaVersion = schemaVersion(f)
        config.name = string(f, "name")
        if let name = config.name, !Self.isValidName(name.value) {
            findings.report("wrong-kind", "'name' is an identifier for reports: it must start with an ASCII letter or digit and hold only ASCII letters (A-Z, a-z), digits, '.', '_' and '-', not '\(name.value)'; write other text in 'description' or 'metadata.title'", at: name)
        }
        _ = string(f, "description")
        if let pair = f["metadata"] { config.metadata = metadata(pair.value, path: "metadata") }
        config.items = list(f, "items") { loader, node, path, index in loader.item(node, path: path, index: index) }
        config.writtenItemCount = f["items"]?.value.items?.count ?? 0
        if let pair = f["activityItems"] {
            config.usesActivityItems = true
            if f["items"] != nil {
                findings.report("payload-conflict",
                                "a configuration has either 'items' (UIActivityItemsConfiguration) or 'activityItems' (UIActivityViewController(activityItems:)), not both: keep one",
                                at: pair.key.range, path: "activityItems")
            }
            if let metadata = f["metadata"] {
                findings.report("unknown-key",
                                "'metadata' is read only with 'items' (UIActivityItemsConfiguration); with 'activityItems', share text as a text item and give link metadata through an item source's linkPresentation",
                                at: metadata.key.range, path: "metadata")
            }
            config.activityItems = list(f, "activityItems") { loader, node, path, index in loader.activityItem(node, path: path, index: index) }
            config.writtenActivityItemCount = pair.value.items?.count ?? 0
        }
        config.applicationActivities = list(f, "applicationActivities") { loader, node, path, _ in loader.activity(node, path: path) }
        config.excludedActivityTypes = strings(f, "excludedActivityTypes")
        config.types = list(f, "types") { loader, node, path, _ in loader.typeDeclaration(node, path: path) }
        if let pair = f["expect"] {
            config.expect = expectation(pair.value, path: "expect", activityTypes: config.applicationActivities.compactMap { $0.type?.value })
        }
        if let pair = f["wechat"] { config.wechat = wechat(pair.value, path: "wechat") }
        return config
    }

    private mutating func schemaVersion(_ f: Fields) -> Located<Int>? {
        guard let pair = f["schemaVersion"] else {
            findings.report("unsupported-schema-version", "'schemaVersion: 1' is missing; add it as the first line of the document",
                            at: startRange(of: Node(.invalid, range: f.range)), path: "schemaVersion", suggestion: "schemaVersion: 1")
            return nil
        }
        let node = pair.value
        if let scalar = node.scalar, scalar.style == .plain, let version = Int(scalar.value) {
            if version != 1 {
                findings.report("unsupported-schema-version", "schemaVersion \(version) is not supported; this sharelint reads schemaVersion 1",
                                at: node.range, path: "schemaVersion", suggestion: "1")
            }
            return Located(version, range: node.range, keyRange: pair.key.range, path: "schemaVersion")
        }
        let shown = node.scalar.map { $0.style == .plain ? "'\($0.value)'" : "the string \"\($0.value)\"" } ?? node.kindDescription
        findings.report("unsupported-schema-version", "schemaVersion must be the integer 1, not \(shown)",
                        at: node.range, path: "schemaVersion", suggestion: "1")
        return nil
    }

    private mutating func metadata(_ node: Node, path: String) -> Metadata? {
        guard let f = fields(node, FormatSchema.metadata, path: path, what: "'metadata'") else { return nil }
        let metadata = Metadata(range: node.range)
        metadata.title = string(f, "title", text: true)
        metadata.messageBody = string(f, "messageBody", text: true)
        metadata.linkPresentation = linkPresentation(f)
        return metadata
    }

    /// `linkPresentation` of a mapping, when present and a mapping.
    mutating func linkPresentation(_ f: Fields) -> LinkPresentation? {
        guard let pair = f["linkPresentation"] else { return nil }
        let lpPath = f.childPath("linkPresentation")
        guard let lf = fields(pair.value, FormatSchema.linkPresentation, path: lpPath, what: "'linkPresentation'") else { return nil }
        let lp = LinkPresentation(range: pair.value.range, keyRange: pair.key.range, path: lpPath)
        lp.title = string(lf, "title", text: true)
        lp.url = string(lf, "url")
        lp.originalURL = string(lf, "originalURL")
        lp.icon = string(lf, "icon")
        lp.image = string(lf, "image")
        lp.video = string(lf, "video")
        lp.remoteVideoURL = string(lf, "remoteVideoURL")
        return lp
    }

    private static let payloadKeys = ["text", "url", "file", "base64"]

    /// `name`: `[A-Za-z0-9][A-Za-z0-9._-]*`.
    static func isValidName(_ name: String) -> Bool {
        func alnum(_ s: Unicode.Scalar) -> Bool { (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") }
        guard let first = name.unicodeScalars.first, alnum(first) else { return false }
        return name.unicodeScalars.allSatisfy { alnum($0) || $0 == "." || $0 == "_" || $0 == "-" }
    }

    mutating func payload(_ f: Fields) -> [Payload] {
        var payloads: [Payload] = []
        if let v = string(f, "text", text: true) { payloads.append(.text(v)) }
        if let v = string(f, "url") { payloads.append(.url(v)) }
        if let v = string(f, "file") { payloads.append(.file(v)) }
        if let v = string(f, "base64") { payloads.append(.base64(v)) }
        return payloads
    }

    private mutating func representation(_ f: Fields, node: Node, path: String, what: String) -> Representation {
        let representation = Representation(range: node.range, path: path)
        representation.type = string(f, "type")
        let payloads = payload(f)
        let written = Self.payloadKeys.filter { f[$0] != nil }
        // A misspelt payload key (or `representations`) is the root cause, already reported.
        let misspelt = !f.meant.isDisjoint(with: Self.payloadKeys + ["representations"])
        if written.isEmpty && misspelt {
            return representation
        } else if written.isEmpty {
            findings.report("payload-conflict", "\(what) has no payload: add one of text, url, file or base64",
                            at: startRange(of: node), path: path)
        } else if written.count > 1 {
            let second = f[written[1]]!.key.range
            findings.report("payload-conflict", "\(what) has several payloads (\(written.joined(separator: ", "))): keep exactly one",
                            at: second, path: f.childPath(written[1]))
        } else {
            representation.payload = payloads.first
        }
        return representation
    }

    mutating func item(_ node: Node, path: String, index: Int) -> Item? {
        guard let f = fields(node, FormatSchema.item, path: path, what: "an item") else { return nil }
        let item = Item(index: index, range: node.range, path: path)
        item.suggestedName = string(f, "suggestedName")
        if let pair = f["metadata"] { item.metadata = metadata(pair.value, path: f.childPath("metadata")) }
        if let pair = f["previews"], let pf = fields(pair.value, FormatSchema.previews, path: f.childPath("previews"), what: "'previews'") {
            let previews = Previews(range: pair.value.range)
            previews.thumbnail = string(pf, "thumbnail")
            previews.fullSize = string(pf, "fullSize")
            item.previews = previews
        }
        if let pair = f["representations"] {
            let shorthand = (["type"] + Self.payloadKeys).filter { f[$0] != nil }
            if let first = shorthand.first {
                findings.report("payload-conflict",
                                "an item uses either the shorthand (type and one payload) or 'representations', not both: move '\(first)' into a representation",
                                at: f[first]!.key.range, path: f.childPath(first))
            }
            item.representations = list(f, "representations") { loader, node, path, _ in
                guard let rf = loader.fields(node, FormatSchema.representation, path: path, what: "a representation") else { return nil }
                return loader.representation(rf, node: node, path: path, what: "this representation")
            }
            if pair.value.items?.isEmpty == true || pair.value.scalar?.isNull == true {
                findings.report("payload-conflict", "'representations' is empty: list at least one representation",
                                at: pair.key.range, path: f.childPath("representations"))
            }
        } else {
            item.representations = [representation(f, node: node, path: path, what: "this item")]
        }
        return item
    }
}
