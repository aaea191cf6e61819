import ShareLintMessages
/// The lists a `RuleContext` makes for its document, in memory the file's next document
/// reuses: made anew, they were eight arrays allocated and freed per document
/// (docs/performance.md, "Shared answers"). A value: filled in a local variable while the context is made,
/// then held by the context as a constant (read with no exclusivity check); when the context
/// goes (`RuleContext.deinit`) they go back to the file's memo
/// (`FileMemo.keepForReuse`), which empties them once the context is gone, so the values
/// they held (the document's strings, its model) go with their document, as before.
struct ContextLists {
    var representations: [(item: Item, representation: Representation)] = []
    var typeReferences: [LocatedString] = []
    var urls: [LocatedString] = []
    var urlParts: [URLParts?] = []
    var texts: [TextEntry] = []
    var exclusions: [Exclusion] = []
    var referencedPaths: [ReferencedPath] = []
    var filePathSlots: [Int] = []

    /// A list longer than this is freed, not kept for the next document (what a file
    /// keeps stays bounded after a document of 200,000 items).
    private static let keptCapacity = 1_024

    /// Empties every list, keeping the memory of those that stayed small.
    mutating func removeAll() {
        func empty<T>(_ list: inout [T]) {
            guard list.capacity <= Self.keptCapacity else { return list = [] }
            // Last to first, each destroyed by code made for its type: `removeAll` went
            // through the runtime's destroy for any type, a call per element.
            while list.popLast() != nil {}
        }
        empty(&representations)
        empty(&typeReferences)
        empty(&urls)
        empty(&urlParts)
        empty(&texts)
        empty(&exclusions)
        empty(&referencedPaths)
        empty(&filePathSlots)
    }
}

extension ContextLists {
    /// Fills the lists of a configuration in one walk over its model (a walk per list
    /// retained and released every object it passed; docs/performance.md, "Shared
    /// answers"). Each list keeps the order its own walk had: the configuration's metadata, then
    /// item by item (representations, the item's metadata, its previews), then custom
    /// activities, the mini-program code, activity values, type declarations and item
    /// sources. `filePathSlots` gets the index in `referencedPaths` of each
    /// representation's `file` payload.
    mutating func fill(from configuration: ShareConfiguration, fileMemo: FileMemo) {
        let items = configuration.items
        var representationCount = 0
        for item in items { representationCount += item.representations.count }
        representations.reserveCapacity(representationCount)
        urls.reserveCapacity(3 + 2 * items.count)
        texts.reserveCapacity(4 + 3 * items.count)
        referencedPaths.reserveCapacity(4 + 4 * items.count)
        filePathSlots.append(contentsOf: repeatElement(-1, count: representationCount))

        func path(_ path: LocatedString, _ role: PathRole) {
            referencedPaths.append(ReferencedPath(path: path, role: role, memo: fileMemo.path(path)))
        }
        func link(_ lp: LinkPresentation?) {
            guard let lp else { return }
            if let v = lp.title { texts.append(TextEntry(v, .textLinkTitle, .title)) }
            if let v = lp.url { urls.append(v) }
            if let v = lp.originalURL { urls.append(v) }
            if let v = lp.remoteVideoURL { urls.append(v) }
            if let v = lp.icon { path(v, .linkIcon) }
            if let v = lp.image { path(v, .linkImage) }
            if let v = lp.video { path(v, .linkVideo) }
        }
        func metadata(_ metadata: Metadata?) {
            guard let metadata else { return }
            if let v = metadata.title { texts.append(TextEntry(v, .textTitle, .title)) }
            if let v = metadata.messageBody { texts.append(TextEntry(v, .textMessageBody, .messageBody)) }
            link(metadata.linkPresentation)
        }

        metadata(configuration.metadata)
        for item in items {
            for representation in item.representations {
                representations.append((item, representation))
                if let type = representation.type { typeReferences.append(type) }
                switch representation.payload {
                case .text(let text)?: texts.append(TextEntry(text, .textText, .text))
                case .url(let url)?: urls.append(url)
                case .file(let file)?:
                    // By the representation's ordinal, which is its index in `representations`.
                    let k = representation.ordinal
                    if k < filePathSlots.count && k < representations.count && representations[k].representation === representation {
                        filePathSlots[k] = referencedPaths.count
                    }
                    path(file, .file)
                case .base64?, nil: break
                }
            }
            metadata(item.metadata)
            if let previews = item.previews {
                if let v = previews.thumbnail { path(v, .thumbnail) }
                if let v = previews.fullSize { path(v, .fullSizePreview) }
            }
        }
        for activity in configuration.applicationActivities {
            if let v = activity.title { texts.append(TextEntry(v, .textActivityTitle, .title)) }
            if let v = activity.image { path(v, .activityImage) }
        }
        if let v = configuration.miniProgramCode?.image { path(v, .miniProgramCodeImage) }
        func activityValue(_ value: ActivityValue, _ kind: TextKind) {
            switch value {
            case .text(let text): texts.append(TextEntry(text, .textText, kind))
            case .url(let url): urls.append(url)
            case .image(let file): path(file, .image)
            case .fileURL(let file): path(file, .fileURL)
            case .data(let file): path(file, .data)
            case .printText(let text): texts.append(TextEntry(text, .textText, kind))
            case .printMarkup: break
            }
        }
        // In `activityValues`' order. A placeholder is shared only when the source has no
        // `item` (an activity gets its override's item, else the source's, else the
        // placeholder); otherwise its text is listed as a placeholder's.
        for entry in configuration.activityItems {
            if let value = entry.value { activityValue(value, .text) }
            guard let source = entry.source else { continue }
            if let placeholder = source.placeholder { activityValue(placeholder, source.defaults.item == nil ? .text : .placeholder) }
            for response in source.responses { if let item = response.item { activityValue(item, .text) } }
        }
        for entry in configuration.types { typeReferences += entry.conformsTo }
        for source in configuration.itemSources {
            for response in source.responses {
                if let v = response.subject { texts.append(TextEntry(v, .textSubject, .title)) }
                if let v = response.dataType { typeReferences.append(v) }
                if let v = response.thumbnail { path(v, .thumbnail) }
            }
            link(source.linkPresentation)
        }
    }
}
