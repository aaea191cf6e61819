import YAMLSyntax

/// The activityItems path of the loader (`UIActivityViewController(activityItems:)`).
extension Loader {
    /// Exactly one of `keys` in a mapping: reports none or several as payload-conflict.
    private mutating func single(of keys: [String], in f: Fields, node: NodeRef, what: String) -> String? {
        let written = keys.filter { f[$0] != nil }
        if written.isEmpty {
            findings.report("payload-conflict", "\(what) has nothing to share: add one of \(keys.joined(separator: ", "))",
                            at: startRange(of: node), path: f.path)
            return nil
        }
        if written.count > 1, let second = f[written[1]] {
            findings.report("payload-conflict", "\(what) has several values (\(written.joined(separator: ", "))): keep exactly one",
                            at: doc.range(second.key), path: f.childPath(written[1]))
            return nil
        }
        return written[0]
    }

    /// A plain activity value: `text`, `url`, `image` or `fileURL`.
    private mutating func activityValue(_ f: Fields, node: NodeRef, what: String) -> ActivityValue? {
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

    mutating func activityItem(_ node: NodeRef, path: String, index: Int) -> ActivityItemEntry? {
        guard let f = fields(node, FormatSchema.activityItem, path: path, what: "an activity item") else { return nil }
        let entry = ActivityItemEntry(index: index, range: doc.range(node), path: path)
        guard let key = single(of: FormatSchema.activityValueKeys + ["source"], in: f, node: node, what: "this activity item") else { return entry }
        guard key == "source", let pair = f["source"] else {
            entry.value = activityValue(f, node: node, what: "this activity item")
            return entry
        }
        let sourcePath = f.childPath("source")
        guard let sf = fields(pair.value, FormatSchema.itemSource, path: sourcePath, what: "'source'") else { return entry }
        let source = ItemSource(range: doc.range(pair.value), path: sourcePath)
        source.placeholder = activityValue(sf, "placeholder", what: "'placeholder'")
        activityResponse(sf, into: source.defaults)
        source.linkPresentation = linkPresentation(sf)
        if let overrides = sf["forActivity"] {
            let overridesPath = sf.childPath("forActivity")
            if let pairs = doc.pairs(overrides.value) {
                for (keyNode, value) in pairs {
                    guard let name = string(keyNode, keyRange: nil, path: overridesPath, what: "an activity name", text: false) else { continue }
                    let responsePath = overridesPath + "." + name.value
                    guard let rf = fields(value, FormatSchema.activityResponse, path: responsePath, what: "'\(name.value)'") else { continue }
                    let response = ActivityResponse(range: doc.range(value), path: responsePath)
                    activityResponse(rf, into: response)
                    source.overrides.append((name, response))
                }
            } else if !doc.isNull(overrides.value), !doc.isInvalid(overrides.value) {
                findings.report("wrong-kind", "'forActivity' must be a mapping of activity names, not \(doc.kindDescription(overrides.value))",
                                at: doc.range(overrides.value), path: overridesPath)
            }
        }
        entry.source = source
        return entry
    }

    mutating func activity(_ node: NodeRef, path: String) -> ApplicationActivity? {
        guard let f = fields(node, FormatSchema.activity, path: path, what: "an application activity") else { return nil }
        let activity = ApplicationActivity(range: doc.range(node), path: path)
        activity.type = string(f, "type")
        activity.title = string(f, "title", text: true)
        activity.image = string(f, "image")
        if let category = string(f, "category") {
            if category.value == "action" || category.value == "share" {
                activity.category = category
            } else {
                let suggestion = Suggestions.nearest(to: category.value, in: ["action", "share"])
                findings.report("wrong-kind", "'category' must be 'action' or 'share', not '\(category.value)'",
                                at: category, suggestion: suggestion)
            }
        }
        return activity
    }

    mutating func typeDeclaration(_ node: NodeRef, path: String) -> TypeDeclarationEntry? {
        guard let f = fields(node, FormatSchema.typeDeclaration, path: path, what: "a type declaration") else { return nil }
        let entry = TypeDeclarationEntry(range: doc.range(node), path: path)
        entry.identifier = string(f, "identifier")
        entry.conformsTo = strings(f, "conformsTo")
        entry.extensions = strings(f, "extensions")
        entry.mimeTypes = strings(f, "mimeTypes")
        return entry
    }
}
