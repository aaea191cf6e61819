import YAMLSyntax

/// The loader's `items` path: an item, its representations and their payloads.
extension Loader {
    /// The first payload read, and how many payload keys are written: each written one is
    /// read (so its problems are reported), in the order text, url, file, base64.
    mutating func payload(_ f: Fields) -> (first: Payload?, written: Int) {
        var first: Payload?, written = 0
        // By the keys' indexes in `payloadKeys` (and in the shape): no string compared.
        for kind in 0..<4 {
            guard let pair = f.payloadPair(kind) else { continue }
            written += 1
            guard let value = string(f, pair, Self.payloadKeys[kind], text: kind == 0), first == nil else { continue }
            switch kind {
            case 0: first = .text(value)
            case 1: first = .url(value)
            case 2: first = .file(value)
            default: first = .base64(value)
            }
        }
        return (first, written)
    }

    mutating func representation(_ f: Fields, node: NodeRef, path: String, what: String) -> Representation {
        let representation = Representation(range: doc.range(node), path: path, ordinal: representationCount)
        representationCount += 1
        representation.type = string(f, "type")
        let (first, writtenCount) = payload(f)
        // Usually exactly one payload is written: then the list of keys is not needed.
        if writtenCount == 1 {
            representation.payload = first
            return representation
        }
        let written = Self.payloadKeys.filter { f[$0] != nil }
        // A misspelt payload key (or `representations`) is the root cause, already reported.
        let misspelt = f.meantAny(of: Self.payloadKeys + ["representations"])
        if written.isEmpty && misspelt {
            return representation
        } else if written.isEmpty {
            findings.report("payload-conflict", "\(what) has no payload: add one of text, url, file or base64",
                            at: startRange(of: node), path: path)
        } else if written.count > 1 {
            let second = doc.range(f[written[1]]!.key)
            findings.report("payload-conflict", "\(what) has several payloads (\(written.joined(separator: ", "))): keep exactly one",
                            at: second, path: f.childPath(written[1]))
        } else {
            representation.payload = first
        }
        return representation
    }

    mutating func item(_ node: NodeRef, path: String, index: Int) -> Item? {
        guard let f = fields(node, FormatSchema.item, path: path, what: "an item") else { return nil }
        let item = Item(index: index, range: doc.range(node), path: path)
        item.suggestedName = string(f, "suggestedName")
        if let pair = f["metadata"] { item.metadata = metadata(pair.value, path: Self.itemChildPath(f, Self.itemMetadataPaths, index: index, "metadata")) }
        if let pair = f["previews"],
           let pf = fields(pair.value, FormatSchema.previews, path: Self.itemChildPath(f, Self.itemPreviewsPaths, index: index, "previews"), what: "'previews'") {
            let previews = Previews(range: doc.range(pair.value))
            previews.thumbnail = string(pf, "thumbnail")
            previews.fullSize = string(pf, "fullSize")
            item.previews = previews
        }
        if let pair = f["representations"] {
            let shorthand = (["type"] + Self.payloadKeys).filter { f[$0] != nil }
            if let first = shorthand.first {
                findings.report("payload-conflict",
                                "an item uses either the shorthand (type and one payload) or 'representations', not both: move '\(first)' into a representation",
                                at: doc.range(f[first]!.key), path: f.childPath(first))
            }
            item.representations = list(f, "representations") { loader, node, path, _ in
                guard let rf = loader.fields(node, FormatSchema.representation, path: path, what: "a representation") else { return nil }
                return loader.representation(rf, node: node, path: path, what: "this representation")
            }
            if doc.kind(pair.value) == .sequence && doc.count(pair.value) == 0 || doc.isNull(pair.value) {
                findings.report("payload-conflict", "'representations' is empty: list at least one representation",
                                at: doc.range(pair.key), path: f.childPath("representations"))
            }
        } else {
            item.representations = [representation(f, node: node, path: path, what: "this item")]
        }
        return item
    }
}
