// Steps 4 to 6 of the header pipeline: how the link metadata is presented (`HeaderPipeline`,
// docs/header.md).
extension HeaderPipeline {
    // MARK: Steps 4-6: presentation

    /// `UIActivityContentViewController _createLinkView`: entries go to
    /// `LPLinkView _initWithMultipleMetadata:` (one: `LPLinkMetadataPresentationTransformer`;
    /// several: `LPMultipleMetadataPresentationTransformer`); with none, URL requests are
    /// fetched (`_initWithMetadataLoadedFromRequests:`); with neither, the link view has no
    /// metadata: nil here.
    package static func presentation(of entries: [Entry], urlRequests: [String], locale: HeaderLocale,
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

    static func lastPathComponent(of url: String) -> String {
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
