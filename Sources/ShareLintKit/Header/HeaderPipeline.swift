/// The share sheet's header pipeline for `UIActivityViewController(activityItemsConfiguration:)`,
/// step by step in iOS's order (docs/header.md cites the decompiled iOS 18.2
/// method behind each step):
///
///     activity items  ->  link metadata entries  ->  filtered entries  ->  presentation
///     (step 1)            (step 2)                   (step 3)               (steps 4-6)
public enum HeaderPipeline {
    // MARK: Step 1: activity items

    /// One activity item the share sheet receives for a configuration.
    public enum ActivityItem: Sendable {
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
    public static func activityItems(of configuration: ShareConfiguration) -> [ActivityItem] {
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
    public struct FileFacts: Sendable, Hashable {
        /// The file name, with its extension.
        public var name: String
        /// Its type, from the extension.
        public var type: String?
        /// Its size in bytes (0 when it cannot be read).
        public var size: Int
        /// `summaryTypeForTransformer:`.
        public var summaryCategory: HeaderCategory
        /// `+descriptionForUTI:` ("PNG Image"), nil when iOS asks the system for it.
        public var typeDescription: String?

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
    public static func metadata(of activityItem: ActivityItem, in configuration: ShareConfiguration) -> Entry? {
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
    public static func urlRequests(in activityItems: [ActivityItem]) -> [String] {
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
    public static func filtered(_ entries: [Entry], urlRequests: [String], for target: IOSTarget) -> [Entry] {
        var entries = entries
        filter(&entries, urlRequests: urlRequests, for: target)
        return entries
    }

    /// `filtered`, in place: the entries kept stay where they are.
    public static func filter(_ entries: inout [Entry], urlRequests: [String], for target: IOSTarget) {
        guard target.dropsStringEntries, entries.contains(where: { !$0.isFromString }) || !urlRequests.isEmpty else { return }
        entries.removeAll { $0.isFromString }
    }

    // MARK: Steps 4-6: presentation

    /// `UIActivityContentViewController _createLinkView`: entries go to
    /// `LPLinkView _initWithMultipleMetadata:` (one: `LPLinkMetadataPresentationTransformer`;
    /// several: `LPMultipleMetadataPresentationTransformer`); with none, URL requests are
    /// fetched (`_initWithMetadataLoadedFromRequests:`); with neither, the link view has no
    /// metadata: nil here.
    public static func presentation(of entries: [Entry], urlRequests: [String], locale: HeaderLocale,
                                    target: IOSTarget = .default) -> Header? {
        switch entries.count {
        case 0:
            guard let url = urlRequests.first else { return nil }
            return fetched(url, target: target)
        case 1: return single(entries[0], target: target)
        default: return summary(entries, locale: locale, target: target)
        }
    }

    /// One web page loaded by `LPLinkView _initWithMetadataLoadedFromRequests:`: its own
    /// title (unknown offline) unless the URL is a search engine's result page, whose query
    /// `-titleForStyle:` shows (inferred: the loaded metadata keeps the requested URL);
    /// the subtitle is the simplified host, or an Apple product name where
    /// `-rendererStyle` gives the page's host its own style (inferred: the page has a title,
    /// which that style needs).
    static func fetched(_ url: String, target: IOSTarget = .default) -> Header {
        let query = URLDisplay.searchQuery(of: url)
        let style = query != nil ? RendererStyle.searchResult : rendererStyle(originalURL: url, hasTitle: true, target: target)
        return Header(title: query ?? "", subtitle: subtitle(originalURL: url, summary: nil, style: style), style: .fetched, fetchedURL: url)
    }

    /// `LPLinkMetadataPresentationTransformer`: the title (`-titleForStyle:`: the search query
    /// of the canonical URL, `URL` else `originalURL`, when it is a search engine's result
    /// page, else `title`, else `siteName`, which the format lacks, else empty); the subtitle
    /// (`-subtitleForStyle:` of `-rendererStyle`): from `originalURL` (a file URL's last path
    /// component, a `tel:` number, an Apple product name for the hosts `-rendererStyle`
    /// styles, else the simplified host), else the summary; the icon, else the image.
    static func single(_ entry: Entry, target: IOSTarget = .default) -> Header {
        // LPFileMetadata presentationPropertiesForTransformer: the name and "type · size".
        if let file = entry.file {
            return Header(title: file.title, subtitle: file.subtitle, style: .single, icon: entry.icon, iconPath: entry.iconPath)
        }
        // -titleForStyle: and -rendererStyle (style 4) both begin with the search query of the
        // canonical URL: asked once.
        let query = (entry.url ?? entry.originalURL).flatMap(URLDisplay.searchQuery(of:))
        let title = entry.title
        let style = query != nil ? RendererStyle.searchResult
            : rendererStyle(originalURL: entry.originalURL, hasTitle: !(title ?? "").isEmpty, target: target)
        return Header(title: query ?? title ?? "", subtitle: subtitle(originalURL: entry.originalURL, summary: entry.summary, style: style),
                      style: .single, icon: entry.icon ?? entry.image, iconPath: entry.icon != nil ? entry.iconPath : entry.imagePath)
    }

    /// The styles of `LPLinkMetadataPresentationTransformer -rendererStyle` that decide a
    /// single entry's title or subtitle (iOS's numbers in the comments).
    enum RendererStyle: Sendable, Equatable {
        /// 4: the canonical URL is a search engine's result page.
        case searchResult
        /// 43: `fitness.apple.com` over http(s).
        case appleFitness
        /// 52: `health.apple.com` over http(s).
        case appleHealth
        /// 55: `classical.music.apple.com` (18.2 and 26.1).
        case appleMusicClassical
        /// 60: `sports.apple.com` (26.1 only).
        case appleSports
        /// Any other style: none of them changes the title or the subtitle.
        case other
    }

    /// `LPLinkMetadataPresentationTransformer -rendererStyle`, in its order, after style 4
    /// (a search result, asked first by the callers): for metadata without a specialization
    /// (a loaded file's has one, and `single` presents it before asking) and with a non-empty
    /// title, by the host of `originalURL`: `LPPresentationSpecializations +isAppleFitnessURL:`
    /// 43 and `+isAppleHealthURL:` 52 (http and https only), `+isAppleMusicClassicalURL:` 55,
    /// `+isAppleBookSeriesURL:` 57, `+isAppleGamesActivityURL:` 61 (26.1), `+isAppleSportsURL:`
    /// 60 (26.1); each compares the whole host, ignoring case, whatever the scheme unless said.
    /// Book series and Games activity URLs are not modelled: their hosts are elided in the
    /// image, and their subtitle is the domain anyway (57 shows a summary first, which no
    /// link metadata of a configuration has).
    static func rendererStyle(originalURL: String?, hasTitle: Bool, target: IOSTarget) -> RendererStyle {
        guard hasTitle, let originalURL, let parts = URLParts(originalURL) else { return .other }
        let isWeb = parts.scheme == "http" || parts.scheme == "https"
        switch parts.host {
        case "fitness.apple.com" where isWeb: return .appleFitness
        case "health.apple.com" where isWeb: return .appleHealth
        case "classical.music.apple.com": return .appleMusicClassical
        case "sports.apple.com" where target.hasAppleSportsStyle: return .appleSports
        default: return .other
        }
    }

    /// `LPLocalizedString(@"<glyph> Music Classical")`, the subtitle of style 55. The key is
    /// read; its first character, which the decompiled text shows as a glyph, is inferred to
    /// be U+F8FF (Apple's logo, a private-use character), and the English value to be the key
    /// (the strings files are not in the image).
    static let appleMusicClassicalName = "\u{F8FF} Music Classical"
    /// `LPLocalizedString(@"<glyph> Sports")`, the subtitle of style 60 (26.1): inferred as
    /// `appleMusicClassicalName` is.
    static let appleSportsName = "\u{F8FF} Sports"

    /// `LPLinkMetadataPresentationTransformer -subtitleForStyle:`: without `originalURL` the
    /// summary; a file URL's last path component; a `tel:` URL's number; then by style: 43 and
    /// 52 the summary, else the domain; 55 and 60 a localized Apple product name; any other
    /// the domain (`-domainName`). 26.1 adds style 60 to 18.2's method; the rest is the same.
    static func subtitle(originalURL: String?, summary: String?, style: RendererStyle) -> String {
        guard let originalURL else { return summary ?? "" }
        // `subtitle(ofOriginalURL:)` tests a file or `tel:` URL first, as the method does.
        if style == .other || style == .searchResult { return subtitle(ofOriginalURL: originalURL) }
        if let scheme = URLParts(originalURL)?.scheme, scheme == "file" || scheme == "tel" { return subtitle(ofOriginalURL: originalURL) }
        switch style {
        case .appleFitness, .appleHealth: return summary ?? subtitle(ofOriginalURL: originalURL)
        case .appleMusicClassical: return appleMusicClassicalName
        case .appleSports: return appleSportsName
        case .searchResult, .other: return subtitle(ofOriginalURL: originalURL)
        }
    }

    /// How an `originalURL` shows as a single entry's subtitle
    /// (`LPLinkMetadataPresentationTransformer subtitleForStyle:`): a file URL's last path
    /// component (percent-decoded), a `tel:` URL's number, an http(s) URL's simplified host
    /// (`domainName`), any other URL simplified (`URLDisplay.simplified`: `tanka://invite/`
    /// shows as `tanka://invite`).
    static func subtitle(ofOriginalURL url: String) -> String {
        guard let parts = URLParts(url) else { return url }
        switch parts.scheme {
        case "file": return PercentDecoding.decode(lastPathComponent(of: url))
        // iOS formats the number for the region (_lp_formattedTelephoneNumber); sharelint shows it as written.
        case "tel": return PercentDecoding.decode(String(url.dropFirst(4)))
        default: return URLDisplay.simplified(url)
        }
    }

    private static func lastPathComponent(of url: String) -> String {
        var path = Substring(url)
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        return String(path.split(separator: "/", omittingEmptySubsequences: true).last ?? "")
    }

    /// `LPMultipleMetadataPresentationTransformer`: the summary title and subtitle, and the
    /// first entry's icon (else image).
    static func summary(_ entries: [Entry], locale: HeaderLocale, target: IOSTarget = .default) -> Header {
        // By index: the fields read, not a copy of the entry.
        let first = entries.firstIndex { $0.icon != nil || $0.image != nil }
        return Header(title: summaryTitle(entries, locale: locale, target: target), subtitle: summarySubtitle(entries, locale: locale),
                      style: .summary, icon: first.flatMap { entries[$0].icon ?? entries[$0].image },
                      iconPath: first.flatMap { entries[$0].icon != nil ? entries[$0].iconPath : entries[$0].imagePath })
    }

    /// `_summaryCounts`: the category of an entry. A URL (`originalURL`, else `URL`) makes a
    /// Link, or a Document when it is a file URL; else an image makes an Image (18.2), or an
    /// icon or an image (26.1: a thumbnail alone, and a string's `text.cursor` icon, count);
    /// else Plain Text.
    static func category(of entry: Entry, target: IOSTarget = .default) -> HeaderCategory {
        if let file = entry.file { return file.summaryCategory }
        if let isFile = entry.withOriginalURLOrURL(URLParts.isFileURL(bytes:)) { return isFile ? .document : .link }
        if entry.image != nil || (target.countsIconsAsImages && entry.icon != nil) { return .image }
        return .plainText
    }

    /// One string per category ("Plain Text" never counted), sorted as
    /// `localizedStandardCompare` sorts them, descending, and joined with the list pattern.
    static func summaryTitle(_ entries: [Entry], locale: HeaderLocale, target: IOSTarget = .default) -> String {
        // Four categories: counted and ordered in place (no array but the strings joined,
        // and none for a single category, the usual title).
        let all = HeaderCategory.byIndex
        let grouped = target.groupsDigitsInCounts
        var tally = SIMD4<Int>()
        for entry in entries { tally[category(of: entry, target: target).index] += 1 }
        // Descending localizedStandardCompare: "Plain Text" (a letter sorts after digits)
        // first, then larger counts, and at equal counts the English words descending
        // would be Link, Image, Document.
        func before(_ a: Int, _ b: Int) -> Bool {
            if (all[a] == .plainText) != (all[b] == .plainText) { return all[a] == .plainText }
            if tally[a] != tally[b] { return countSortsFirst(tally[a], tally[b], grouped: grouped) }
            return locale.equalCountRank(all[a]) < locale.equalCountRank(all[b])
        }
        // The counted categories' indexes, sorted by insertion (a total order: no ties).
        var ordered = SIMD4<Int>(), n = 0
        for i in all.indices where tally[i] > 0 {
            var j = n
            while j > 0, before(i, ordered[j - 1]) {
                ordered[j] = ordered[j - 1]
                j -= 1
            }
            ordered[j] = i
            n += 1
        }
        if n == 1 { return locale.categoryString(all[ordered[0]], count: tally[ordered[0]], grouped: grouped) }
        return locale.joinList((0..<n).map { locale.categoryString(all[ordered[$0]], count: tally[ordered[$0]], grouped: grouped) })
    }

    /// Whether the string of count `a` sorts before that of `b` (different counts) under
    /// descending `localizedStandardCompare:`, which compares runs of digits as numbers: plain
    /// counts by size; grouped counts ("1,234") group by group, so "2 Links" comes before
    /// "1,234 Images" (read: the comparator and the format; when one count's groups begin the
    /// other's, the longer first is inferred).
    static func countSortsFirst(_ a: Int, _ b: Int, grouped: Bool) -> Bool {
        guard grouped, a >= 1000 || b >= 1000 else { return a > b }
        let ga = HeaderLocale.groups(of: a), gb = HeaderLocale.groups(of: b)
        for (x, y) in zip(ga, gb) where x != y { return x > y }
        return ga.count > gb.count
    }

    /// `_summarySubtitle`: the total size when every entry is a file and the sizes add up to
    /// more than zero; else, in order and without repeats, each entry's `originalURL` shown
    /// simplified (entries with a file `originalURL` are skipped), or its summary.
    static func summarySubtitle(_ entries: [Entry], locale: HeaderLocale) -> String {
        if entries.allSatisfy({ $0.fileSize != nil }) {
            // Saturating: a sum past Int.max is shown as the largest size, never a crash.
            let total = entries.reduce(0) { sum, entry in
                let size = entry.fileSize ?? 0
                return sum.addingReportingOverflow(size).overflow ? Int.max : sum + size
            }
            if total > 0 { return ByteCount.fileStyle(total) }
        }
        var parts: [String] = []
        // Past sixteen parts, a set says which are written (a configuration may list
        // 200,000 items); before, the few parts are searched.
        var written: Set<String>?
        // Entries often share one originalURL (the configuration's link metadata): the
        // answer for the same bytes as the last one's is reused (nil: a file URL, skipped).
        // The URLs are read as bytes: a document's value is made into no string.
        var last: (entry: Int, part: String?)?
        // By index: an entry's fields are read in place, not copied out with the entry.
        for i in entries.indices {
            let part: String?
            // nil when the entry has no originalURL.
            let sameAsLast: Bool? = entries[i].withOriginalURL { original in
                guard let last else { return false }
                return entries[i].sharesFields(with: entries[last.entry])
                    || entries[last.entry].withOriginalURL { $0 == original } ?? false
            }
            if let sameAsLast {
                if sameAsLast, let last {
                    guard let known = last.part else { continue }
                    part = known
                } else {
                    let shown: String? = entries[i].withOriginalURL { original in
                        let url = URLParts(bytes: original)
                        // LinkPresentation wraps each host in U+202A...U+202C (left-to-right
                        // embedding); sharelint leaves the invisible marks out of what it
                        // prints and compares.
                        if url?.scheme == "file" { return nil }
                        return url?.simplifiedHost ?? URLDisplay.simplified(original.string)
                    } ?? nil
                    last = (i, shown)
                    guard let shown else { continue }
                    part = shown
                }
            } else {
                part = entries[i].summary
            }
            guard let part else { continue }
            if written != nil {
                if written!.insert(part).inserted { parts.append(part) }
            } else if !parts.contains(part) {
                parts.append(part)
                if parts.count > 16 { written = Set(parts) }
            }
        }
        return locale.joinList(parts)
    }
}

/// How the share sheet counts an entry in a summary title.
public enum HeaderCategory: Sendable, Hashable, CaseIterable {
    case plainText, link, image, document

    /// `allCases`, made once (the synthesized `allCases` makes an array each time).
    static let byIndex = allCases

    /// Its place in `allCases`.
    var index: Int {
        switch self {
        case .plainText: return 0
        case .link: return 1
        case .image: return 2
        case .document: return 3
        }
    }

}

/// Percent-decoding of URL text, as `stringByRemovingPercentEncoding` does: nil-free
/// (an invalid escape leaves the text as it was).
enum PercentDecoding {
    static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard utf8.count >= 2, let high = hex(utf8[utf8.startIndex]), let low = hex(utf8[utf8.startIndex + 1]) else { return text }
            bytes.append(high << 4 | low)
            utf8 = utf8.dropFirst(2)
        }
        let decoded = String(decoding: bytes, as: UTF8.self)
        // Escapes that do not decode to UTF-8 leave the text as it was.
        return decoded.utf8.elementsEqual(bytes) ? decoded : text
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
