import YAMLSyntax

/// Turns a document's node tree into a `ShareConfiguration`, checking it against
/// `FormatSchema` on the way. It never throws: every problem becomes a finding and
/// the partial model is returned.
public struct Loader {
    private var findings = Findings()
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
    private struct Fields {
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
    private mutating func fields(_ node: Node, _ shape: FormatSchema.Shape, path: String, what: @autoclosure () -> String) -> Fields? {
        guard let pairs = node.pairs else {
            if case .invalid = node.content { return nil }
            findings.report("wrong-kind", "\(what()) must be a mapping, not \(node.kindDescription)", at: node.range, path: path)
            return nil
        }
        var result = Fields(path: path, range: node.range)
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
    private func startRange(of node: Node) -> SourceRange {
        var end = node.range.start
        end.column += 1
        end.offset += 1
        return SourceRange(start: node.range.start, end: end)
    }

    /// Reads a string field; reports wrong-kind for collections, and implicit-type for
    /// plain scalars that YAML 1.1 reads as another type.
    private mutating func string(_ fields: Fields, _ key: String, text: Bool = false) -> Located<String>? {
        guard let pair = fields[key] else { return nil }
        return string(pair.value, keyRange: pair.key.range, parent: fields.path, key: key, what: "'\(key)'", text: text)
    }

    private mutating func string(_ node: Node, keyRange: SourceRange?, path: String, what: @autoclosure () -> String, text: Bool) -> Located<String>? {
        string(node, keyRange: keyRange, parent: path, key: "", what: what(), text: text)
    }

    /// Reads a string value; its path is `parent.key` (or `parent` when `key` is empty),
    /// joined only when a finding needs it.
    private mutating func string(_ node: Node, keyRange: SourceRange?, parent: String, key: String,
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
        for (i, node) in items.enumerated() {
            if let value = element(&self, node, "\(path)[\(i)]", i) { result.append(value) }
        }
        return result
    }

    private mutating func strings(_ fields: Fields, _ key: String) -> [Located<String>] {
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
    private mutating func linkPresentation(_ f: Fields) -> LinkPresentation? {
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

    private mutating func payload(_ f: Fields) -> [Payload] {
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

    private mutating func item(_ node: Node, path: String, index: Int) -> Item? {
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

    // MARK: - The activityItems path

    /// Exactly one of `keys` in a mapping: reports none or several as payload-conflict.
    private mutating func single(of keys: [String], in f: Fields, node: Node, what: String) -> String? {
        let written = keys.filter { f[$0] != nil }
        if written.isEmpty {
            findings.report("payload-conflict", "\(what) has nothing to share: add one of \(keys.joined(separator: ", "))",
                            at: startRange(of: node), path: f.path)
            return nil
        }
        if written.count > 1, let second = f[written[1]] {
            findings.report("payload-conflict", "\(what) has several values (\(written.joined(separator: ", "))): keep exactly one",
                            at: second.key.range, path: f.childPath(written[1]))
            return nil
        }
        return written[0]
    }

    /// A plain activity value: `text`, `url`, `image` or `fileURL`.
    private mutating func activityValue(_ f: Fields, node: Node, what: String) -> ActivityValue? {
        guard let key = single(of: FormatSchema.activityValueKeys, in: f, node: node, what: what) else { return nil }
        switch key {
        case "text": return string(f, key, text: true).map(ActivityValue.text)
        case "url": return string(f, key).map(ActivityValue.url)
        case "image": return string(f, key).map(ActivityValue.image)
        default: return string(f, key).map(ActivityValue.fileURL)
        }
    }

    private mutating func activityValue(_ f: Fields, _ key: String, what: String) -> ActivityValue? {
        guard let pair = f[key],
              let vf = fields(pair.value, FormatSchema.activityValue, path: f.childPath(key), what: "'\(key)'") else { return nil }
        return activityValue(vf, node: pair.value, what: what)
    }

    private mutating func activityResponse(_ f: Fields, into response: ActivityResponse) {
        response.item = activityValue(f, "item", what: "'item'")
        response.subject = string(f, "subject", text: true)
        response.dataType = string(f, "dataType")
        response.thumbnail = string(f, "thumbnail")
    }

    private mutating func activityItem(_ node: Node, path: String, index: Int) -> ActivityItemEntry? {
        guard let f = fields(node, FormatSchema.activityItem, path: path, what: "an activity item") else { return nil }
        let entry = ActivityItemEntry(index: index, range: node.range, path: path)
        guard let key = single(of: FormatSchema.activityValueKeys + ["source"], in: f, node: node, what: "this activity item") else { return entry }
        guard key == "source", let pair = f["source"] else {
            entry.value = activityValue(f, node: node, what: "this activity item")
            return entry
        }
        let sourcePath = f.childPath("source")
        guard let sf = fields(pair.value, FormatSchema.itemSource, path: sourcePath, what: "'source'") else { return entry }
        let source = ItemSource(range: pair.value.range, path: sourcePath)
        source.placeholder = activityValue(sf, "placeholder", what: "'placeholder'")
        activityResponse(sf, into: source.defaults)
        source.linkPresentation = linkPresentation(sf)
        if let overrides = sf["forActivity"] {
            let overridesPath = sf.childPath("forActivity")
            if let pairs = overrides.value.pairs {
                for pair in pairs {
                    guard let name = string(pair.key, keyRange: nil, path: overridesPath, what: "an activity name", text: false) else { continue }
                    let responsePath = overridesPath + "." + name.value
                    guard let rf = fields(pair.value, FormatSchema.activityResponse, path: responsePath, what: "'\(name.value)'") else { continue }
                    let response = ActivityResponse(range: pair.value.range, path: responsePath)
                    activityResponse(rf, into: response)
                    source.overrides.append((name, response))
                }
            } else if overrides.value.scalar?.isNull != true, !isInvalid(overrides.value) {
                findings.report("wrong-kind", "'forActivity' must be a mapping of activity names, not \(overrides.value.kindDescription)",
                                at: overrides.value.range, path: overridesPath)
            }
        }
        entry.source = source
        return entry
    }

    private func isInvalid(_ node: Node) -> Bool {
        if case .invalid = node.content { return true }
        return false
    }

    private mutating func activity(_ node: Node, path: String) -> ApplicationActivity? {
        guard let f = fields(node, FormatSchema.activity, path: path, what: "an application activity") else { return nil }
        let activity = ApplicationActivity(range: node.range, path: path)
        activity.type = string(f, "type")
        activity.title = string(f, "title", text: true)
        activity.image = string(f, "image")
        if let category = string(f, "category") {
            if ["action", "share"].contains(category.value) {
                activity.category = category
            } else {
                let suggestion = Suggestions.nearest(to: category.value, in: ["action", "share"])
                findings.report("wrong-kind", "'category' must be 'action' or 'share', not '\(category.value)'",
                                at: category, suggestion: suggestion)
            }
        }
        return activity
    }

    private mutating func typeDeclaration(_ node: Node, path: String) -> TypeDeclarationEntry? {
        guard let f = fields(node, FormatSchema.typeDeclaration, path: path, what: "a type declaration") else { return nil }
        let entry = TypeDeclarationEntry(range: node.range, path: path)
        entry.identifier = string(f, "identifier")
        entry.conformsTo = strings(f, "conformsTo")
        entry.extensions = strings(f, "extensions")
        entry.mimeTypes = strings(f, "mimeTypes")
        return entry
    }

    // MARK: - Scalars of other kinds

    /// Reads a string field that must be one of `values`; reports wrong-kind with the
    /// nearest value otherwise.
    private mutating func enumeration(_ fields: Fields, _ key: String, _ values: [String]) -> Located<String>? {
        guard let value = string(fields, key) else { return nil }
        if values.contains(value.value) { return value }
        let suggestion = Suggestions.nearest(to: value.value, in: values)
            ?? values.first { $0.lowercased() == value.value.lowercased() }
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
        findings.report("wrong-kind", "'\(key)' must be one of \(values.joined(separator: ", ")), not '\(value.value)'\(hint)",
                        at: value, suggestion: suggestion)
        return nil
    }

    /// How a scalar that is not of the wanted kind is named in messages.
    private func shown(_ node: Node) -> String {
        guard let scalar = node.scalar else { return node.kindDescription }
        if scalar.isNull && node.tag == nil { return "empty (null)" }
        return scalar.style == .plain ? "'\(scalar.value)'" : "the string \"\(scalar.value)\""
    }

    /// Reads an integer field: a plain scalar of decimal digits.
    private mutating func integer(_ fields: Fields, _ key: String) -> Located<Int>? {
        guard let pair = fields[key] else { return nil }
        let node = pair.value
        if case .invalid = node.content { return nil }
        if let scalar = node.scalar, scalar.style == .plain, node.tag == nil, let value = Int(scalar.value) {
            return Located(value, range: node.range, keyRange: pair.key.range, parent: fields.path, key: key)
        }
        let suggestion = node.scalar.flatMap { Int($0.value) }.map(String.init)
        let hint = suggestion.map { "; write \($0) without quotes" } ?? ""
        findings.report("wrong-kind", "'\(key)' must be an integer, not \(shown(node))\(hint)", at: node.range,
                        path: fields.childPath(key), suggestion: suggestion)
        return nil
    }

    /// Reads a boolean field: a plain `true` or `false` (YAML 1.1's `yes`, `on` and
    /// the like are reported, as quoted strings are).
    private mutating func boolean(_ fields: Fields, _ key: String) -> Located<Bool>? {
        guard let pair = fields[key] else { return nil }
        let node = pair.value
        if case .invalid = node.content { return nil }
        if let scalar = node.scalar, scalar.style == .plain, node.tag == nil {
            switch scalar.value {
            case "true", "True", "TRUE": return Located(true, range: node.range, keyRange: pair.key.range, parent: fields.path, key: key)
            case "false", "False", "FALSE": return Located(false, range: node.range, keyRange: pair.key.range, parent: fields.path, key: key)
            default: break
            }
        }
        let suggestion: String? = node.scalar.flatMap { scalar in
            switch scalar.value.lowercased() {
            case "true", "yes", "y", "on": return "true"
            case "false", "no", "n", "off": return "false"
            default: return nil
            }
        }
        let hint = suggestion.map { "; write \($0)" } ?? ""
        findings.report("wrong-kind", "'\(key)' must be true or false, not \(shown(node))\(hint)", at: node.range,
                        path: fields.childPath(key), suggestion: suggestion)
        return nil
    }

    // MARK: - WeChat

    private mutating func wechat(_ node: Node, path: String) -> WeChatDescription? {
        guard let f = fields(node, FormatSchema.wechat, path: path, what: "'wechat'") else { return nil }
        let wechat = WeChatDescription()
        if let pair = f["miniProgramCode"] {
            let codePath = f.childPath("miniProgramCode")
            if let cf = fields(pair.value, FormatSchema.miniProgramCode, path: codePath, what: "'miniProgramCode'") {
                let code = MiniProgramCode(range: pair.value.range, keyRange: pair.key.range, path: codePath)
                code.writtenKeys = zip(cf.keys, cf.pairs).map { ($0, $1.key.range) }
                if let api = enumeration(cf, "api", FormatSchema.miniProgramCodeAPIs), let value = MiniProgramCode.API(rawValue: api.value) {
                    code.api = Located(value, range: api.range, keyRange: api.keyRange, path: api.path)
                }
                code.page = string(cf, "page")
                code.codePath = string(cf, "path")
                code.scene = string(cf, "scene")
                code.width = integer(cf, "width")
                code.envVersion = enumeration(cf, "envVersion", FormatSchema.miniProgramEnvVersions)
                code.checkPath = boolean(cf, "checkPath")
                code.image = string(cf, "image")
                wechat.miniProgramCode = code
            }
        }
        return wechat
    }

    private mutating func expectation(_ node: Node, path: String, activityTypes: [String]) -> Expectation? {
        guard let f = fields(node, FormatSchema.expect, path: path, what: "'expect'") else { return nil }
        let expectation = Expectation()
        if let pair = f["header"],
           let hf = fields(pair.value, FormatSchema.expectedHeader, path: f.childPath("header"), what: "'header'") {
            expectation.title = string(hf, "title")
            expectation.subtitle = string(hf, "subtitle")
        }
        if let pair = f["destinations"] {
            expectation.destinations = expectedDestinations(pair.value, path: f.childPath("destinations"), activityTypes: activityTypes)
        }
        return expectation
    }

    /// `expect.destinations`: keys name a built-in activity (short name or raw value) or one
    /// of the document's application activities; values are a state or a mapping.
    private mutating func expectedDestinations(_ node: Node, path: String, activityTypes: [String]) -> [ExpectedDestination] {
        guard let pairs = node.pairs else {
            if case .invalid = node.content { return [] }
            if node.scalar?.isNull == true { return [] }
            findings.report("wrong-kind", "'destinations' must be a mapping of activity names, not \(node.kindDescription)", at: node.range, path: path)
            return []
        }
        let known = BuiltInActivity.allCases.map(\.shortName) + activityTypes
        var result: [ExpectedDestination] = []
        for pair in pairs {
            guard let key = pair.key.scalar?.value else {
                findings.report("wrong-kind", "keys must be plain strings, not \(pair.key.kindDescription)", at: pair.key.range, path: path)
                continue
            }
            let entryPath = path + "." + key
            guard BuiltInActivity(named: key) != nil || activityTypes.contains(key) else {
                let suggestion = Suggestions.nearest(to: key, in: known)
                let hint = suggestion.map { "; did you mean '\($0)'?" } ?? "; use a built-in short name such as 'mail' or an application activity's type"
                findings.report("unknown-key", "unknown activity '\(key)' in 'destinations'\(hint)", at: pair.key.range, path: entryPath, suggestion: suggestion)
                continue
            }
            var entry = ExpectedDestination(name: Located(key, range: pair.key.range, keyRange: pair.key.range, path: entryPath))
            if pair.value.pairs != nil {
                guard let df = fields(pair.value, FormatSchema.expectedDestination, path: entryPath, what: "'\(key)'") else { continue }
                entry.state = destinationState(string(df, "offered"))
                entry.subject = string(df, "subject")
                entry.body = string(df, "body")
            } else {
                entry.state = destinationState(string(pair.value, keyRange: pair.key.range, path: entryPath, what: "'\(key)'", text: false))
            }
            result.append(entry)
        }
        return result
    }

    /// A state of `expect.destinations`, reported when it is not one of the states.
    private mutating func destinationState(_ value: Located<String>?) -> Located<String>? {
        guard let value else { return nil }
        guard FormatSchema.destinationStates.contains(value.value) else {
            let suggestion = Suggestions.nearest(to: value.value, in: FormatSchema.destinationStates)
            let hint = suggestion.map { "did you mean '\($0)'? The states are " } ?? "use "
            findings.report("wrong-kind", "'\(value.value)' is not a destination state; \(hint)\(FormatSchema.destinationStates.joined(separator: ", "))",
                            at: value, suggestion: suggestion)
            return nil
        }
        return value
    }
}
