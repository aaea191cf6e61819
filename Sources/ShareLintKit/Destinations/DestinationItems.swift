/// Step 1 of the destination model: the item types each activity item carries
/// (docs/destinations.md).
extension DestinationModel {
    /// `+[SHSheetActivityItemsManager _placeholderActivityItemValuesForActivityItem:]` and
    /// `_UIActivityItemTypesSet`: while matching, each wrapper's placeholder is its
    /// NSItemProvider (Provider bit, plus one bit per type it conforms to through
    /// `hasItemConformingToTypeIdentifier:`); a message body is a string (String bit).
    /// Without `receipts`, an item of the `items` path is neither labelled nor loaded.
    package static func matchedItems(of configuration: ShareConfiguration, registry: UTTypeRegistry,
                                    typeOf: (Representation) -> String?, receipts: Bool = true) -> [MatchedItem] {
        if configuration.usesActivityItems { return objectItems(of: configuration, registry: registry) }
        return HeaderPipeline.activityItems(of: configuration).map { activityItem in
            switch activityItem {
            case .string(let text, let item):
                guard receipts else { return MatchedItem(types: .string, label: "", loaded: .unknown) }
                let label = item.map { $0.path + ".metadata.messageBody" } ?? "metadata.messageBody"
                return MatchedItem(types: .string, label: label, loaded: .string(text.value))
            case .provider(let item):
                // The list of types is read only by receipts.
                var registered: [String]? = receipts ? [] : nil
                registered?.reserveCapacity(item.representations.count)
                let (types, unknown) = providerTypes(of: item, registry: registry, typeOf: typeOf, registered: &registered)
                return MatchedItem(types: types, label: receipts ? item.path : "", registeredTypes: registered ?? [], hasUnknownType: unknown,
                                   loaded: receipts ? loadedValue(of: item, registry: registry, typeOf: typeOf) : .unknown)
            }
        }
    }

    /// An item provider's bits (Provider, and those of each representation's type), and
    /// whether a representation's type is unknown (not inferable, or not in the registry);
    /// `registered`, when given, gets each type found.
    static func providerTypes(of item: Item, registry: UTTypeRegistry, typeOf: (Representation) -> String?,
                              registered: inout [String]?) -> (types: ActivityItemTypes, unknown: Bool) {
        var types: ActivityItemTypes = .itemProvider, unknown = false
        for representation in item.representations {
            guard let type = typeOf(representation) else {
                unknown = true
                continue
            }
            registered?.append(type)
            let (bits, declared) = ActivityItemTypes.providerBitsAndDeclared(of: type, registry: registry)
            types.formUnion(bits)
            if !declared { unknown = true }
        }
        return (types, unknown)
    }

    /// What `canPerformWithActivityItems:` reads of the items (`matchedItems` without
    /// `receipts`), without making them: for rules that ask only what is offered.
    static func itemSummary(of configuration: ShareConfiguration, registry: UTTypeRegistry,
                            typeOf: (Representation) -> String?) -> ItemSummary {
        var summary = ItemSummary()
        summary.isActivityItems = configuration.usesActivityItems
        if configuration.usesActivityItems {
            for item in objectItems(of: configuration, registry: registry) { summary.add(item.types, unknown: item.hasUnknownType) }
            return summary
        }
        // The activity items of `HeaderPipeline.activityItems`, walked where they are written
        // (a summary does not depend on their order): an item provider per item, and a
        // string per message body.
        var none: [String]?
        for item in configuration.items {
            let (types, unknown) = providerTypes(of: item, registry: registry, typeOf: typeOf, registered: &none)
            summary.add(types, unknown: unknown)
            if item.metadata?.messageBody != nil { summary.add(.string, unknown: false) }
        }
        if configuration.metadata?.messageBody != nil { summary.add(.string, unknown: false) }
        return summary
    }

    /// The activityItems path (`UIActivityViewController(activityItems:)`): the objects
    /// themselves are matched, and an item source by its placeholder
    /// (`activityViewControllerPlaceholderItem:`). `ItemTypesSet`: a string sets String, a web
    /// NSURL URL, a UIImage Image, a file NSURL FileURL plus the bits of its type (an image,
    /// movie, PDF, vCard or audio file); NSURLs and images are not data; an NSData is Data
    /// (and Image when its bytes are an image); a print formatter Printable.
    static func objectItems(of configuration: ShareConfiguration, registry: UTTypeRegistry) -> [MatchedItem] {
        configuration.activityItems.compactMap { entry in
            guard let value = entry.value ?? entry.source?.placeholder else { return nil }
            let loaded = loadedValue(of: value, registry: registry)
            var item = MatchedItem(source: entry.source, types: types(of: loaded, registry: registry), label: entry.path, loaded: loaded)
            if case .fileURL(_, nil) = loaded { item.hasUnknownType = true }
            return item
        }
    }

    /// An object of the activityItems path as an activity receives it.
    static func loadedValue(of value: ActivityValue, registry: UTTypeRegistry) -> MatchedItem.LoadedValue {
        switch value {
        case .text(let text): return .string(text.value)
        case .url(let url): return .url(url.value)
        case .image(let path): return .image(path: path.value)
        case .fileURL(let path):
            return .fileURL(path: path.value, type: typeOfExtension(path.value, registry: registry))
        case .data(let path):
            return .data(path: path.value, type: typeOfExtension(path.value, registry: registry))
        case .printText, .printMarkup:
            return .printFormatter
        }
    }

    /// The type a file's extension gives, nil when none does.
    private static func typeOfExtension(_ path: String, registry: UTTypeRegistry) -> String? {
        guard let ext = PathLogic.fileExtension(of: path), case .type(let type) = registry.inferType(forExtension: ext) else { return nil }
        return type
    }

    /// `ItemTypesSet` for a plain object.
    static func types(of value: MatchedItem.LoadedValue, registry: UTTypeRegistry) -> ActivityItemTypes {
        switch value {
        case .string: return .string
        case .url(let url): return isFileURL(url) ? .fileURL : .url
        case .image: return .image
        case .fileURL(_, let type):
            let types: ActivityItemTypes = .fileURL
            guard let type else { return types }
            return types.union(ActivityItemTypes.providerBits(of: type, registry: registry).subtracting([.url, .data]))
        case .data(_, let type):
            // `IsData` for every NSData; `IsImageData` when ImageIO reads the bytes as an
            // image (sharelint takes the file's type for what ImageIO reads: inferred).
            guard let type, registry.conforms(type, to: "public.image") else { return .data }
            return [.data, .image]
        case .printFormatter: return .printable
        case .file, .unknown: return []
        }
    }

    /// `UIActivity _loadItemProvidersFromActivityItemsStartingAtIndex`: a provider that can
    /// load an NSURL becomes the URL; else it is loaded "as a file of type" (sharelint takes
    /// the first representation's type: inferred).
    static func loadedValue(of item: Item, registry: UTTypeRegistry, typeOf: (Representation) -> String?) -> MatchedItem.LoadedValue {
        for representation in item.representations {
            if case .url(let url)? = representation.payload, let type = typeOf(representation), registry.conforms(type, toParentOf: .url) {
                return .url(url.value)
            }
        }
        guard let first = item.representations.first, let type = typeOf(first) else { return .unknown }
        return .file(type: type)
    }
}
