import ShareLintMessages
import YAMLSyntax

/// The activityItems path of the loader (`UIActivityViewController(activityItems:)`).
extension Loader {
    /// Exactly one of `keys` in a mapping: reports none or several as payload-conflict.
    private mutating func single(of keys: [String], in f: Fields, node: NodeRef, what: Subject) -> String? {
        let written = keys.filter { f[$0] != nil }
        if written.isEmpty {
            findings.report(.payloadConflict, Message(.nothingToShare, ["what": what.message, "keys": keys]),
                            at: startRange(of: node), path: f.path)
            return nil
        }
        if written.count > 1, let second = f[written[1]] {
            findings.report(.payloadConflict, Message(.severalValues, ["what": what.message, "keys": written]),
                            at: doc.range(second.key), path: f.childPath(written[1]))
            return nil
        }
        return written[0]
    }

    /// A plain activity value: `text`, `url`, `image` or `fileURL`.
    private mutating func activityValue(_ f: Fields, node: NodeRef, what: Subject) -> ActivityValue? {
        guard let key = single(of: FormatSchema.activityValueKeys, in: f, node: node, what: what) else { return nil }
        switch key {
        case "text": return string(f, key, text: true).map(ActivityValue.text)
        case "url": return string(f, key).map(ActivityValue.url)
        case "image": return string(f, key).map(ActivityValue.image)
        case "data": return string(f, key).map(ActivityValue.data)
        case "printFormatter":
            guard let pair = f[key], let pf = fields(pair.value, FormatSchema.printFormatter, path: f.childPath(key), what: .key(key)),
                  let kind = single(of: ["text", "markup"], in: pf, node: pair.value, what: .key(key)) else { return nil }
            return kind == "text" ? string(pf, "text", text: true).map(ActivityValue.printText) : string(pf, "markup").map(ActivityValue.printMarkup)
        default: return string(f, key).map(ActivityValue.fileURL)
        }
    }

    private mutating func activityValue(_ f: Fields, _ key: String, what: Subject) -> ActivityValue? {
        guard let pair = f[key],
              let vf = fields(pair.value, FormatSchema.activityValue, path: f.childPath(key), what: .key(key)) else { return nil }
        return activityValue(vf, node: pair.value, what: what)
    }

    private mutating func activityResponse(_ f: Fields, range: SourceRange, path: String) -> ActivityResponse {
        ActivityResponse(range: range, path: path, item: activityValue(f, "item", what: .key("item")), subject: string(f, "subject", text: true),
                         dataType: string(f, "dataType"), thumbnail: string(f, "thumbnail"))
    }

    /// A `forActivity` entry: a response, which may withhold the item (`withheld: true`,
    /// the source returning nil), and then gives no `item`.
    private mutating func override(_ f: Fields, range: SourceRange, path: String) -> ActivityResponse {
        let withheld = boolean(f, "withheld")
        if withheld?.value == true, let item = f["item"] {
            findings.report(.payloadConflict, Message(.withheldWithItem), at: doc.range(item.key), path: f.childPath("item"))
        }
        guard withheld?.value == true else { return activityResponse(f, range: range, path: path) }
        return ActivityResponse(range: range, path: path, subject: string(f, "subject", text: true), dataType: string(f, "dataType"),
                                thumbnail: string(f, "thumbnail"), withheld: true)
    }

    mutating func activityItem(_ node: NodeRef, path: String, index: Int) -> ActivityItemEntry? {
        guard let f = fields(node, FormatSchema.activityItem, path: path, what: .activityItem) else { return nil }
        guard isPresent(f, path: path) else {
            leftOutActivityItems += 1
            return nil
        }
        let range = doc.range(node)
        guard let key = single(of: FormatSchema.activityValueKeys + ["source"], in: f, node: node, what: .thisActivityItem) else {
            return ActivityItemEntry(index: index, range: range, path: path)
        }
        guard key == "source", let pair = f["source"] else {
            return ActivityItemEntry(index: index, range: range, path: path, value: activityValue(f, node: node, what: .thisActivityItem))
        }
        let sourcePath = f.childPath("source")
        guard let sf = fields(pair.value, FormatSchema.itemSource, path: sourcePath, what: .key("source")) else {
            return ActivityItemEntry(index: index, range: range, path: path)
        }
        let sourceRange = doc.range(pair.value)
        let placeholder = activityValue(sf, "placeholder", what: .key("placeholder"))
        let defaults = activityResponse(sf, range: sourceRange, path: sourcePath)
        let linkPresentation = self.linkPresentation(sf)
        var overrides: [(activity: LocatedString, response: ActivityResponse)] = []
        if let written = sf["forActivity"] {
            let overridesPath = sf.childPath("forActivity")
            if let pairs = doc.pairs(written.value) {
                for (keyNode, value) in pairs {
                    guard let name = string(keyNode, keyRange: nil, path: overridesPath, what: .activityName, text: false) else { continue }
                    let responsePath = overridesPath + "." + name.value
                    guard let rf = fields(value, FormatSchema.activityResponse, path: responsePath, what: .key(name.value)) else { continue }
                    overrides.append((name, override(rf, range: doc.range(value), path: responsePath)))
                }
            } else if !doc.isNull(written.value), !doc.isInvalid(written.value) {
                findings.report(.wrongKind, Message(.forActivityMustBeMapping, ["kind": doc.kindDescription(written.value)]),
                                at: doc.range(written.value), path: overridesPath)
            }
        }
        let source = ItemSource(range: sourceRange, path: sourcePath, placeholder: placeholder, defaults: defaults, overrides: overrides,
                                linkPresentation: linkPresentation)
        return ActivityItemEntry(index: index, range: range, path: path, source: source)
    }

    mutating func activity(_ node: NodeRef, path: String) -> ApplicationActivity? {
        guard let f = fields(node, FormatSchema.activity, path: path, what: .applicationActivity), isPresent(f, path: path) else { return nil }
        let type = string(f, "type"), title = string(f, "title", text: true), image = string(f, "image")
        var symbol = string(f, "symbol")
        if let written = symbol, !Self.isSymbolName(written.value) {
            findings.report(.wrongKind, Message(.symbolName, ["value": written.value]), at: written)
            symbol = nil
        }
        if image != nil, let written = f["symbol"] {
            findings.report(.payloadConflict, Message(.imageAndSymbol), at: doc.range(written.key), path: f.childPath("symbol"))
        }
        var category = string(f, "category")
        if let written = category, written.value != "action" && written.value != "share" {
            let suggestion = Suggestions.nearest(to: written.value, in: ["action", "share"])
            findings.report(.wrongKind, Message(.categoryValue, ["value": written.value]),
                            at: written, suggestion: suggestion)
            category = nil
        }
        return ApplicationActivity(range: doc.range(node), path: path, type: type, title: title, image: image, symbol: symbol, category: category)
    }

    /// An SF Symbol's name as Apple writes them: lowercase words and digits joined by dots
    /// (`square.and.arrow.down`, `person.2.fill`). Whether the symbol exists is not known here.
    static func isSymbolName(_ name: String) -> Bool {
        let words = name.split(separator: ".", omittingEmptySubsequences: false)
        return !name.isEmpty && words.allSatisfy { word in
            !word.isEmpty && word.utf8.allSatisfy { $0 &- 0x61 < 26 || $0 &- 0x30 < 10 }
        }
    }

    mutating func typeDeclaration(_ node: NodeRef, path: String) -> TypeDeclarationEntry? {
        guard let f = fields(node, FormatSchema.typeDeclaration, path: path, what: .typeDeclaration) else { return nil }
        return TypeDeclarationEntry(range: doc.range(node), path: path, identifier: string(f, "identifier"), conformsTo: strings(f, "conformsTo"),
                                    extensions: strings(f, "extensions"), mimeTypes: strings(f, "mimeTypes"))
    }
}
