import ShareLintMessages
import YAMLSyntax

/// Turns a document's nodes into a `ShareConfiguration`, checking it against
/// `FormatSchema` on the way. It never throws: every problem becomes a finding and
/// the partial model is returned. It reads the flat document by node references (keys are
/// matched as bytes; a string is made only for a value the model keeps or a message).
package struct Loader {
    var findings = Findings()
    private let documentIndex: Int
    /// The document read; every `NodeRef` the loader handles is one of its nodes.
    let doc: FlatDocument
    /// How many representations have been made: the next one's ordinal (`LoaderItems.swift`).
    var representationCount = 0
    /// The document's string values, kept together in one storage that the configuration
    /// and each value hold (`ShareConfiguration.strings`).
    let strings: LocatedStrings
    /// The allowed keys written in the document's mappings (`Fields`).
    let writtenKeys: WrittenKeys
    /// `parameters` by name (the first declaration of a name), read before any value.
    var declaredParameters: [String: Parameter] = [:]
    /// `parameters`, in order.
    var parameterList: [Parameter] = []
    /// Every `$(name)` written in a value, in order (`LoaderParameters.swift`).
    var parameterUses: [ParameterUse] = []
    /// The written pieces of each value that uses a parameter, by the value's key path.
    var valueTemplates: [String: [ParameterSyntax.Piece]] = [:]
    /// The bytes of examples put in place so far, and whether they reached the document's
    /// most (`Loader.mostExampleBytes`).
    var exampleBytes = 0, examplesUsedUp = false
    /// Every `when:` read, in order (`LoaderConditions.swift`).
    var conditions: [Condition] = []
    /// The variant read: entries whose conditions do not hold in it are left out. Nil:
    /// every entry is read.
    let variant: Variant?
    /// How many `items` and `activityItems` entries the variant left out.
    var leftOutItems = 0, leftOutActivityItems = 0

    private init(document: FlatDocument, documentIndex: Int, writtenKeys: WrittenKeys?, variant: Variant?) {
        self.variant = variant
        self.doc = document
        self.documentIndex = documentIndex
        self.strings = LocatedStrings()
        self.writtenKeys = writtenKeys ?? WrittenKeys()
    }

    /// Loads a document; returns the configuration (nil when the root is not a
    /// mapping) and the findings.
    package static func load(_ document: FlatDocument, documentIndex: Int) -> (ShareConfiguration?, [Finding]) {
        load(document, documentIndex: documentIndex, writtenKeys: nil)
    }

    /// Loads a document keeping its mappings' keys in `writtenKeys` (emptied first; the
    /// file's, `FileMemo.writtenKeys`).
    /// With a `variant`, the entries whose conditions do not hold in it are left out.
    static func load(_ document: FlatDocument, documentIndex: Int, writtenKeys: WrittenKeys?, variant: Variant? = nil) -> (ShareConfiguration?, [Finding]) {
        writtenKeys?.removeAll()
        var loader = Loader(document: document, documentIndex: documentIndex, writtenKeys: writtenKeys, variant: variant)
        let configuration = loader.configuration(document.root)
        return (configuration, loader.findings.all)
    }

    /// A key and its value in a mapping.
    struct Pair {
        var key: NodeRef
        var value: NodeRef
    }

    // MARK: - Structure

    /// Checks that `node` is a mapping of `shape`: reports wrong-kind, unknown-key
    /// (with the nearest allowed key) and missing-key.
    /// `what` is a small value, not an autoclosure: a closure made a copy of this large
    /// function per caller (code the instruction cache fetched again for every document).
    mutating func fields(_ node: NodeRef, _ shape: FormatSchema.Shape, path: String, what: Subject) -> Fields? {
        guard var cursor = doc.pairCursor(node) else {
            if doc.isInvalid(node) { return nil }
            findings.report(.wrongKind, Message(.mustBeMapping, ["what": what.message, "kind": doc.kindDescription(node)]), at: doc.range(node), path: path)
            return nil
        }
        let first = writtenKeys.count
        var result = Fields(shape: shape, keys: writtenKeys, writtenRange: first..<first, path: path, node: node)
        var meantContainers: [MisspeltContainer] = []
        while let (keyNode, value) = doc.nextPair(&cursor) {
            let pair = Pair(key: keyNode, value: value)
            guard doc.kind(keyNode) == .scalar else {
                findings.report(.wrongKind, Message(.keysMustBeStrings, ["kind": doc.kindDescription(keyNode)]), at: doc.range(keyNode), path: path)
                continue
            }
            // Matched as bytes: the names are ASCII, and a key as long in UTF-8 as a name
            // and equal to it as a String is its bytes (docs/decisions.md, "Byte or
            // String"). Other keys are unknown.
            if let i = doc.index(of: keyNode, in: shape.keyTable) {
                writtenKeys.append(WrittenKey(name: i, length: shape.nameLengths[i], pair: pair))
                result.writtenRange = first..<writtenKeys.count
                continue
            }
            let key = doc.text(keyNode)!
            if let placement = Self.placement(of: key, in: shape) {
                findings.report(.unknownKey, Message(.unknownKeyBelongs, ["key": key, "what": what.message, "place": placement.place]),
                                at: doc.range(pair.key), path: result.childPath(key))
                // Its contents are still checked, so fixing the place leaves no surprise.
                if let inner = placement.shape, doc.kind(pair.value) == .mapping {
                    _ = fields(pair.value, inner, path: result.childPath(key), what: .key(key))
                    // Its keys are dropped, so this mapping's stay one run.
                    writtenKeys.removeLast(from: result.writtenRange.upperBound)
                }
                continue
            }
            let suggestion = Suggestions.nearest(to: key, in: shape.fields.map(\.name))
            if let suggestion, let i = shape.names.firstIndex(of: suggestion), i < 64 { result.meant |= 1 << UInt64(i) }
            let hint = suggestion.map { Message(.didYouMean, ["suggestion": $0]) } ?? Self.allowedKeys(shape)
            findings.report(.unknownKey, Message(.unknownKey, ["key": key, "what": what.message, "hint": hint]), at: doc.range(pair.key),
                            path: result.childPath(key), suggestion: suggestion)
            if let suggestion, let i = shape.names.firstIndex(of: suggestion), Self.holdsKeys(shape.fields[i].kind) {
                meantContainers.append((i, pair, key))
            }
        }
        if !meantContainers.isEmpty { readMisspelt(meantContainers, shape: shape, into: &result) }
        for key in shape.requiredKeys where !result.isWritten(key) {
            findings.report(.missingKey, Message(.missingKey, ["what": what.message, "key": shape.names[key]]), at: startRange(of: node), path: path)
        }
        // Moved out: a plain `return` copied the value (three retains) and destroyed the local.
        return consume result
    }

    /// Keys often written one level off, where they belong, and the shape their contents are
    /// checked with (only in the shapes of the `items` path, where the hint is right).
    private static func placement(of key: String, in shape: FormatSchema.Shape) -> (place: Message, shape: FormatSchema.Shape?)? {
        let metadata = Subject.key("metadata").message
        switch (shape.name, key) {
        case ("Item", "thumbnail"), ("Item", "fullSize"), ("Representation", "thumbnail"), ("Representation", "fullSize"),
             ("Metadata", "thumbnail"), ("Metadata", "fullSize"):
            return (Message(.placeTheItemsPreviews), nil)
        case ("ShareConfiguration", "thumbnail"), ("ShareConfiguration", "fullSize"):
            return (Message(.placeAnItemsPreviews), nil)
        case ("ShareConfiguration", "linkPresentation"), ("Item", "linkPresentation"):
            return (metadata, FormatSchema.linkPresentation)
        case ("ShareConfiguration", "messageBody"), ("Item", "messageBody"), ("ShareConfiguration", "title"), ("Item", "title"):
            return (metadata, nil)
        case ("ShareConfiguration", "previews"):
            return (Message(.placeAnItem), FormatSchema.previews)
        case ("Representation", "previews"), ("Representation", "metadata"):
            return (Message(.placeTheItem), nil)
        case ("Previews", "linkPresentation"), ("Previews", "title"):
            return (metadata, nil)
        case ("ItemSource", "withheld"):
            return (Message(.placeAForActivityEntry), nil)
        case ("Metadata", "previews"):
            return (Message(.placeNextToMetadata), FormatSchema.previews)
        default:
            return nil
        }
    }

    /// A one-character range at the start of a node, for problems of the whole node.
    func startRange(of node: NodeRef) -> SourceRange {
        startRange(of: doc.range(node))
    }

    func startRange(of range: SourceRange) -> SourceRange {
        var end = range.start
        end.column += 1
        end.offset += 1
        return SourceRange(start: range.start, end: end)
    }

    /// Reads a string field; reports wrong-kind for collections, and implicit-type for
    /// plain scalars that YAML 1.1 reads as another type.
    mutating func string(_ fields: Fields, _ key: String, text: Bool = false) -> LocatedString? {
        guard let pair = fields[key] else { return nil }
        return string(fields, pair, key, text: text)
    }

    /// Reads the string of a pair already found under `key`.
    mutating func string(_ fields: Fields, _ pair: Pair, _ key: String, text: Bool = false) -> LocatedString? {
        string(pair.value, keyRange: doc.range(pair.key), parent: fields.path, key: key, what: .key(key), text: text)
    }

    mutating func string(_ node: NodeRef, keyRange: SourceRange?, path: String, what: @autoclosure () -> Subject, text: Bool) -> LocatedString? {
        string(node, keyRange: keyRange, parent: path, key: "", what: what(), text: text)
    }

    /// Reads a string value; its path is `parent.key` (or `parent` when `key` is empty),
    /// joined only when a finding needs it.
    mutating func string(_ node: NodeRef, keyRange: SourceRange?, parent: String, key: String,
                                 what: @autoclosure () -> Subject, text: Bool) -> LocatedString? {
        var path: String { KeyPathText.join(parent, key) }
        let range = doc.range(node)
        guard doc.kind(node) == .scalar else {
            if doc.isInvalid(node) { return nil }
            findings.report(.wrongKind, Message(.mustBeString, ["what": what().message, "kind": doc.kindDescription(node)]), at: range, path: path)
            return nil
        }
        let tagged = doc.hasTag(node)
        if doc.isNull(node) && !tagged {
            if text { return strings.add("", range: range, keyRange: keyRange, parent: parent, key: key) }
            findings.report(.wrongKind, Message(.mustBeStringNotNull, ["what": what().message]), at: keyRange ?? range, path: path)
            return nil
        }
        // The first byte is read from the document: most values cannot read as another type,
        // and are never made into a `String` here (the storage keeps their bytes).
        if doc.style(node) == .plain, !tagged, doc.firstByte(node).map(ImplicitTypes.mayStartNonString) ?? false,
           let value = doc.text(node), let reading = ImplicitTypes.nonStringReading(of: value) {
            findings.report(.implicitType, Message(.implicitType, ["value": value, "reading": reading]),
                            at: range, path: path, suggestion: "\"\(value)\"")
        }
        let strings = strings
        if mayUseParameters(node), let value = valueWithExamples(node, range: range, parent: parent, key: key) {
            return strings.add(value, range: range, keyRange: keyRange, parent: parent, key: key)
        }
        return strings.add(textOf: node, in: doc, range: range, keyRange: keyRange, parent: parent, key: key)
    }

    /// Checks a string field the model does not keep (`description`) as `string` does,
    /// making its string only when `string` could report something: a collection, a null,
    /// or a plain scalar that may read as another type.
    mutating func checkString(_ fields: Fields, _ key: String) {
        guard let pair = fields[key] else { return }
        let node = pair.value, tagged = doc.hasTag(node)
        let quiet = doc.kind(node) == .scalar && !(doc.isNull(node) && !tagged)
            && (doc.style(node) != .plain || tagged || !(doc.firstByte(node).map(ImplicitTypes.mayStartNonString) ?? false))
        if !quiet { _ = string(fields, pair, key) }
    }

    /// Reads a list field, calling `element` for each entry with its path.
    mutating func list<T>(_ fields: Fields, _ key: String, element: (inout Loader, NodeRef, String, Int) -> T?) -> [T] {
        guard let (path, list) = listEntries(fields, key), var cursor = doc.itemCursor(list) else { return [] }
        var result: [T] = []
        result.reserveCapacity(doc.count(list))
        var i = 0
        while let node = doc.nextItem(&cursor) {
            if let value = element(&self, node, Self.elementPath(path, i), i) { result.append(value) }
            i += 1
        }
        return result
    }

    /// A list field's path and entries; reports a value that is not a list (a null or
    /// missing list has no entries).
    private mutating func listEntries(_ fields: Fields, _ key: String) -> (path: String, list: NodeRef)? {
        guard let pair = fields[key] else { return nil }
        let path = fields.childPath(key)
        guard doc.kind(pair.value) == .sequence else {
            if doc.isInvalid(pair.value) || doc.isNull(pair.value) { return nil }
            // A mapping is most often one entry written without its '- '.
            let hint = doc.kind(pair.value) == .mapping ? Message(.oneEntryPerLine) : .empty
            findings.report(.wrongKind, Message(.mustBeList, ["key": key, "kind": doc.kindDescription(pair.value), "hint": hint]), at: doc.range(pair.value), path: path)
            return nil
        }
        return (path, pair.value)
    }

    /// A list of strings: each entry keeps the list's path and its `[i]` apart (joined only
    /// when a diagnostic needs the path), so no path is made per entry.
    mutating func strings(_ fields: Fields, _ key: String) -> [LocatedString] {
        guard let (path, list) = listEntries(fields, key), var cursor = doc.itemCursor(list) else { return [] }
        var result: [LocatedString] = []
        result.reserveCapacity(doc.count(list))
        var i = 0
        while let node = doc.nextItem(&cursor) {
            if let value = string(node, keyRange: nil, parent: path, key: Self.indexSuffix(i), what: .entry(of: .key(key)), text: false) {
                result.append(value)
            }
            i += 1
        }
        return result
    }

    // MARK: - The model

    private mutating func configuration(_ root: NodeRef) -> ShareConfiguration? {
        guard let f = fields(root, FormatSchema.configuration, path: "", what: .configuration) else { return nil }
        let schemaVersion = self.schemaVersion(f)
        // First: every value after reads with the examples in place.
        parameters(f)
        let name = string(f, "name")
        if let name, !Self.isValidName(name.value) {
            findings.report(.wrongKind, Message(.invalidName, ["name": name.value]), at: name)
        }
        checkString(f, "description")
        var metadata: Metadata?
        if let pair = f["metadata"] { metadata = self.metadata(pair.value, path: "metadata") }
        let items = list(f, "items") { loader, node, path, index in loader.item(node, path: path, index: index) }
        let writtenItemCount = (f["items"].map { doc.kind($0.value) == .sequence ? doc.count($0.value) : 0 } ?? 0) - leftOutItems
        var activityItems: [ActivityItemEntry] = [], writtenActivityItemCount = 0, usesActivityItems = false
        if let pair = f["activityItems"] {
            usesActivityItems = true
            if f["items"] != nil {
                findings.report(.payloadConflict,
                                Message(.itemsAndActivityItems),
                                at: doc.range(pair.key), path: "activityItems")
            }
            if let written = f["metadata"] {
                findings.report(.unknownKey,
                                Message(.metadataWithActivityItems),
                                at: doc.range(written.key), path: "metadata")
            }
            activityItems = list(f, "activityItems") { loader, node, path, index in loader.activityItem(node, path: path, index: index) }
            writtenActivityItemCount = (doc.kind(pair.value) == .sequence ? doc.count(pair.value) : 0) - leftOutActivityItems
        }
        let applicationActivities = list(f, "applicationActivities") { loader, node, path, _ in loader.activity(node, path: path) }
        let excludedActivityTypes = exclusions(f)
        let types = list(f, "types") { loader, node, path, _ in loader.typeDeclaration(node, path: path) }
        var expect: Expectation?
        if let pair = f["expect"] {
            expect = expectation(pair.value, path: "expect", activityTypes: applicationActivities.compactMap { $0.type?.value })
        }
        var wechat: WeChatDescription?
        if let pair = f["wechat"] { wechat = self.wechat(pair.value, path: "wechat") }
        return ShareConfiguration(documentIndex: documentIndex, range: doc.range(root), strings: strings, schemaVersion: schemaVersion,
                                  name: name, metadata: metadata, items: items, writtenItemCount: writtenItemCount,
                                  activityItems: activityItems, writtenActivityItemCount: writtenActivityItemCount,
                                  usesActivityItems: usesActivityItems, applicationActivities: applicationActivities,
                                  excludedActivityTypes: excludedActivityTypes, types: types, expect: expect, wechat: wechat,
                                  parameters: parameterList, parameterUses: parameterUses, conditions: conditions,
                                  valueTemplates: valueTemplates)
    }

    private mutating func schemaVersion(_ f: Fields) -> Located<Int>? {
        guard let pair = f["schemaVersion"] else {
            findings.report(.unsupportedSchemaVersion, Message(.schemaVersionMissing),
                            at: startRange(of: f.node), path: "schemaVersion", suggestion: "schemaVersion: 1")
            return nil
        }
        let node = pair.value
        if let scalar = doc.scalar(node), scalar.style == .plain, let version = Int(scalar.value) {
            if version != 1 {
                findings.report(.unsupportedSchemaVersion, Message(.schemaVersionUnsupported, ["version": version]),
                                at: doc.range(node), path: "schemaVersion", suggestion: "1")
            }
            return Located(version, range: doc.range(node), keyRange: doc.range(pair.key), path: "schemaVersion")
        }
        let shown = doc.scalar(node).map { $0.style == .plain ? Message(.subjectKey, ["key": $0.value]) : Message(.shownString, ["value": $0.value]) }
            ?? doc.kindDescription(node)
        findings.report(.unsupportedSchemaVersion, Message(.schemaVersionNotInteger, ["shown": shown]),
                        at: doc.range(node), path: "schemaVersion", suggestion: "1")
        return nil
    }

    mutating func metadata(_ node: NodeRef, path: String) -> Metadata? {
        guard let f = fields(node, FormatSchema.metadata, path: path, what: .key("metadata")) else { return nil }
        return Metadata(range: doc.range(node), title: string(f, "title", text: true), messageBody: string(f, "messageBody", text: true),
                        linkPresentation: linkPresentation(f))
    }

    /// `linkPresentation` of a mapping, when present and a mapping.
    mutating func linkPresentation(_ f: Fields) -> LinkPresentation? {
        guard let pair = f["linkPresentation"] else { return nil }
        let lpPath = f.childPath("linkPresentation")
        guard let lf = fields(pair.value, FormatSchema.linkPresentation, path: lpPath, what: .key("linkPresentation")) else { return nil }
        // Arguments are evaluated left to right: the fields are read, and reported, in this order.
        return LinkPresentation(range: doc.range(pair.value), keyRange: doc.range(pair.key), path: lpPath,
                                title: string(lf, "title", text: true), url: string(lf, "url"), originalURL: string(lf, "originalURL"),
                                icon: string(lf, "icon"), image: string(lf, "image"), video: string(lf, "video"),
                                remoteVideoURL: string(lf, "remoteVideoURL"))
    }

    static let payloadKeys = ["text", "url", "file", "base64"]

    /// `name`: `[A-Za-z0-9][A-Za-z0-9._-]*`. Every allowed character is ASCII, so the
    /// name's UTF-8 bytes are checked (a byte of a multi-byte character is none of them).
    static func isValidName(_ name: String) -> Bool {
        func alnum(_ b: UInt8) -> Bool { b &- 0x61 < 26 || b &- 0x41 < 26 || b &- 0x30 < 10 }
        return name.withBytes { bytes in
            guard let first = bytes.first, alnum(first) else { return false }
            return bytes.allSatisfy { alnum($0) || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D }
        }
    }
}

extension Loader {
    /// The keys a mapping allows, for a message: all of them when they are few, else the
    /// first five and a count (`sharelint schema` lists every key).
    static func allowedKeys(_ shape: FormatSchema.Shape) -> Message {
        let names = shape.fields.map(\.name), shown = 5
        guard names.count > shown + 1 else { return Message(.allowedKeys, ["keys": names]) }
        return Message(.allowedKeysAndMore, ["keys": Array(names.prefix(shown)), "more": names.count - shown])
    }
}
