/// The share sheet's header pipeline for `UIActivityViewController(activityItemsConfiguration:)`,
/// step by step in iOS's order (docs/header.md cites the decompiled iOS 18.2
/// method behind each step):
///
///     activity items  ->  link metadata entries  ->  filtered entries  ->  presentation
///     (step 1)            (step 2)                   (step 3)               (steps 4-6)
package enum HeaderPipeline {
    // MARK: Step 1: activity items

    /// One activity item the share sheet receives for a configuration.
    package enum ActivityItem: Sendable {
        /// `_UIActivityItemsConfigurationActivityItemProvider` wrapping item provider i.
        case provider(Item)
        /// A plain string: an item's `metadata.messageBody` (with the item) or the
        /// configuration's (without).
        case string(LocatedString, of: Item?)
    }

    /// `+[UIActivityItemsConfiguration _itemsForSystemSharingFromActivityItemsConfiguration:wrapperBlock:]`:
    /// for each item provider in order, its wrapper, then the item's own message body as a
    /// string; last, the configuration's message body as a string. A `text` payload is an
    /// item provider, never a string item.
    package static func activityItems(of configuration: ShareConfiguration) -> [ActivityItem] {
        var items: [ActivityItem] = []
        items.reserveCapacity(2 * configuration.items.count + 1)
        for item in configuration.items {
            items.append(.provider(item))
            if let body = item.metadata?.messageBody { items.append(.string(body, of: item)) }
        }
        if let body = configuration.metadata?.messageBody { items.append(.string(body, of: nil)) }
        return items
    }

    // MARK: Step 2: the link metadata of each activity item
    // (what the header reads of one, `Entry`, is in HeaderEntry.swift)

    /// `LPFileMetadata`: what a loaded file URL's entry knows.
    package struct FileFacts: Sendable, Hashable {
        /// The file name, with its extension.
        package var name: String
        /// Its type, from the extension.
        package var type: String?
        /// Its size in bytes (0 when it cannot be read).
        package var size: Int
        /// `summaryTypeForTransformer:`.
        package var summaryCategory: HeaderCategory
        /// `+descriptionForUTI:` ("PNG Image"), nil when iOS asks the system for it.
        package var typeDescription: String?

        /// The title: the name without its extension.
        var title: String {
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
            return String(name[..<dot])
        }

        /// The subtitle: the type and the size joined by a dot ("PNG Image · 2 KB"; the
        /// separator is inferred), either alone when the other is missing.
        var subtitle: String {
            let parts = [typeDescription, size > 0 ? ByteCount.fileStyle(size) : nil].compactMap { $0 }
            return parts.joined(separator: " · ")
        }
    }

    /// The metadata of one activity item, nil when iOS has none for it.
    /// - wrapper: `_UIActivityItemsConfigurationActivityItemProvider activityViewControllerLinkMetadata:`:
    ///   the item's `linkPresentation`, else the configuration's, else one made from the
    ///   title (the item's, else the configuration's) and the thumbnail and fullSize
    ///   previews; none when all three are absent.
    /// - string: `_UIActivityItemMapping _loadMetadataForActivityItem:`: the string as the summary.
    ///
    /// The entry reads the configuration's values when its fields are asked for, so it is
    /// read while the configuration is held, as the values themselves are (`LocatedString`).
    package static func metadata(of activityItem: ActivityItem, in configuration: ShareConfiguration) -> Entry? {
        switch activityItem {
        case .provider(let item):
            if let link = linkPresentation(of: item, in: configuration) {
                return entry(of: link)
            }
            let title = item.metadata?.title ?? configuration.metadata?.title
            let icon: Header.IconSource? = item.previews?.thumbnail == nil ? nil : .thumbnail
            let image: Header.IconSource? = item.previews?.fullSize == nil ? nil : .fullSize
            guard title != nil || icon != nil || image != nil else { return nil }
            return Entry(title: title?.value, icon: icon, image: image,
                         iconPath: item.previews?.thumbnail?.value, imagePath: item.previews?.fullSize?.value)
        case .string(let text, _):
            return Entry(values: Entry.Values(summary: text), icon: .text, isFromString: true)
        }
    }

    /// The link metadata a wrapper returns for an item: the item's, else the configuration's
    /// (`_UIActivityItemsConfigurationActivityItemProvider activityViewControllerLinkMetadata:`,
    /// the first step of `metadata(of:in:)`).
    static func linkPresentation(of item: Item, in configuration: ShareConfiguration) -> LinkPresentation? {
        item.metadata?.linkPresentation ?? configuration.metadata?.linkPresentation
    }

    /// An `LPLinkMetadata` written as `linkPresentation`.
    static func entry(of link: LinkPresentation) -> Entry {
        Entry(values: Entry.Values(title: link.title, url: link.url, originalURL: link.originalURL),
              icon: link.icon == nil ? nil : .linkIcon, image: link.image == nil ? nil : .linkImage,
              iconPath: link.icon?.value, imagePath: link.image?.value)
    }

    // MARK: Step 3: URL requests, and dropping the entries of string items

    /// `SHSheetActivityItemsManager _updateURLRequests`: a string item that
    /// `+[NSURL URLWithString:]` parses and `SFIsStringURLSafelyConvertible` accepts becomes a
    /// URL request; a wrapper's placeholder is an item provider and never does. The test
    /// `SFIsStringURLSafelyConvertible` makes is not in the image: sharelint takes an absolute
    /// http(s) URL with a host and no white space (inferred).
    package static func urlRequests(in activityItems: [ActivityItem]) -> [String] {
        activityItems.compactMap { item in
            guard case .string(let text, _) = item, isURLRequest(text) else { return nil }
            return text.value
        }
    }

    /// `isURLRequest` for a document's value: text that is no http(s) URL with a host is
    /// turned away over its bytes, without making its string.
    static func isURLRequest(_ text: LocatedString) -> Bool {
        guard let parts = URLParts(text), parts.scheme == "http" || parts.scheme == "https",
              !parts.host.isEmpty else { return false }
        return !text.value.unicodeScalars.contains { $0.properties.isWhitespace }
    }

    /// Whether a string becomes a URL request: an absolute http(s) URL with a host and no
    /// white space (inferred for `SFIsStringURLSafelyConvertible`).
    static func isURLRequest(_ text: String) -> Bool {
        guard let parts = URLParts(text), parts.scheme == "http" || parts.scheme == "https", !parts.host.isEmpty else { return false }
        return !text.unicodeScalars.contains { $0.properties.isWhitespace }
    }

    /// `SHSheetActivityItemsManager _updateLinkMetadataValues`: the entries of string items are
    /// removed when a non-string item has an entry or when a URL request exists. Read in
    /// iOS 18.2; the seed article shows iOS 14 keeping them, so targets before 16 keep them
    /// (16 and 17 are inferred to behave like 18).
    package static func filtered(_ entries: [Entry], urlRequests: [String], for target: IOSTarget) -> [Entry] {
        var entries = entries
        filter(&entries, urlRequests: urlRequests, for: target)
        return entries
    }

    /// `filtered`, in place: the entries kept stay where they are.
    package static func filter(_ entries: inout [Entry], urlRequests: [String], for target: IOSTarget) {
        guard target.dropsStringEntries, entries.contains(where: { !$0.isFromString }) || !urlRequests.isEmpty else { return }
        entries.removeAll { $0.isFromString }
    }

}
