import ShareLintMessages
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

    mutating func representation(_ f: Fields, node: NodeRef, path: String, what: Subject) -> Representation {
        let range = doc.range(node), ordinal = representationCount
        representationCount += 1
        let type = string(f, "type")
        let (first, writtenCount) = payload(f)
        // Usually exactly one payload is written: then the list of keys is not needed.
        if writtenCount == 1 {
            return Representation(range: range, path: path, ordinal: ordinal, type: type, payload: first)
        }
        var payload: Payload?
        let written = Self.payloadKeys.filter { f[$0] != nil }
        if written.isEmpty {
            // A misspelt payload key (or `representations`) is the root cause, already reported.
            if !f.meantAny(of: Self.payloadKeys + ["representations"]) {
                findings.report(.payloadConflict, Message(.payloadNone, ["what": what.message]),
                                at: startRange(of: node), path: path)
            }
        } else if written.count > 1 {
            let second = doc.range(f[written[1]]!.key)
            findings.report(.payloadConflict, Message(.payloadSeveral, ["what": what.message, "keys": written]),
                            at: second, path: f.childPath(written[1]))
        } else {
            payload = first
        }
        return Representation(range: range, path: path, ordinal: ordinal, type: type, payload: payload)
    }

    mutating func item(_ node: NodeRef, path: String, index: Int) -> Item? {
        guard let f = fields(node, FormatSchema.item, path: path, what: .item) else { return nil }
        guard isPresent(f, path: path) else {
            leftOutItems += 1
            return nil
        }
        let suggestedName = string(f, "suggestedName")
        var metadata: Metadata?
        if let pair = f["metadata"] { metadata = self.metadata(pair.value, path: Self.itemChildPath(f, Self.itemMetadataPaths, index: index, "metadata")) }
        var previews: Previews?
        if let pair = f["previews"],
           let pf = fields(pair.value, FormatSchema.previews, path: Self.itemChildPath(f, Self.itemPreviewsPaths, index: index, "previews"), what: .key("previews")) {
            previews = Previews(range: doc.range(pair.value), thumbnail: string(pf, "thumbnail"), fullSize: string(pf, "fullSize"))
        }
        let representations: [Representation]
        if let pair = f["representations"] {
            let shorthand = (["type"] + Self.payloadKeys).filter { f[$0] != nil }
            if let first = shorthand.first {
                findings.report(.payloadConflict,
                                Message(.shorthandAndRepresentations, ["key": first]),
                                at: doc.range(f[first]!.key), path: f.childPath(first))
            }
            representations = list(f, "representations") { loader, node, path, _ in
                guard let rf = loader.fields(node, FormatSchema.representation, path: path, what: .representation),
                      loader.isPresent(rf, path: path) else { return nil }
                return loader.representation(rf, node: node, path: path, what: .thisRepresentation)
            }
            if doc.kind(pair.value) == .sequence && doc.count(pair.value) == 0 || doc.isNull(pair.value) {
                findings.report(.payloadConflict, Message(.representationsEmpty),
                                at: doc.range(pair.key), path: f.childPath("representations"))
            }
        } else {
            representations = [representation(f, node: node, path: path, what: .thisItem)]
        }
        return Item(index: index, range: doc.range(node), path: path, representations: representations, suggestedName: suggestedName,
                    metadata: metadata, previews: previews)
    }
}
