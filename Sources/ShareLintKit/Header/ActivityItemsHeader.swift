import ShareLintMessages
/// The header for `UIActivityViewController(activityItems:applicationActivities:)`: the
/// same share sheet code as the configuration path, fed with plain objects and item sources
/// instead of wrappers (docs/header.md, "The activityItems path", cites each step).
package struct ActivityItemsHeader: Sendable {
    /// Looks up file URLs' sizes.
    let files: FileInspector
    /// The share file's directory, for relative paths.
    let directory: String
    /// Types of file URLs, by extension.
    let registry: UTTypeRegistry

    /// Creates the path's model.
    package init(files: FileInspector, directory: String, registry: UTTypeRegistry) {
        self.files = files
        self.directory = directory
        self.registry = registry
    }

    /// A URL request: a web URL (its page is fetched) or a file URL (its file metadata is read).
    enum Request: Sendable, Hashable {
        case web(String)
        case file(path: String)

        /// The URL or path as written.
        var text: String {
            switch self {
            case .web(let url): return url
            case .file(let path): return path
            }
        }

        /// Whether `-[NSURL isFileURL]` holds: a `fileURL` item, or a `url` written with the
        /// `file:` scheme.
        var isFileURL: Bool {
            switch self {
            case .web(let url): return URLParts.isFileURL(url)
            case .file: return true
            }
        }
    }

    // MARK: Step 2: URL requests

    /// `SHSheetActivityItemsManager -_updateURLRequests` (the loop is the same in 18.2 and
    /// 26.1), over the activity items as written:
    /// - an NSURL, web or file, is requested;
    /// - a string is requested when it is a URL (`+[NSURL URLWithString:]` and
    ///   `SFIsStringURLSafelyConvertible()`: `HeaderPipeline.isURLRequest`, inferred);
    /// - an item source is asked its placeholder (`activityViewControllerPlaceholderItem:`)
    ///   and its item for Copy (`activityViewController:itemForActivityType:` with
    ///   `com.apple.UIKit.activity.CopyToPasteboard`): with an NSURL placeholder (a file URL
    ///   too), the Copy item if that is an NSURL, else the placeholder (a Copy *string* is not
    ///   parsed); with a string placeholder, the Copy item if it is an NSURL, or a string
    ///   that is a URL; nothing otherwise (the placeholder string itself is never parsed);
    /// - an image, or an item source with an image placeholder, makes none.
    /// (An attributed-string Copy item gives its first NSURL link attribute, and the plural
    /// `activityViewControllerPlaceholderItems:` gives its NSURLs: the format has neither.)
    /// On 26.1 each URL's block first asks `canShareFileURL:` of a file URL: `prediction`.
    func requests(_ configuration: ShareConfiguration) -> [Request] {
        configuration.activityItems.compactMap { entry in
            if let value = entry.value { return request(value) }
            guard let source = entry.source, let placeholder = source.placeholder else { return nil }
            // What the source returns for Copy: its override's item, else its item, else its placeholder.
            let copy = BuiltInActivityTypes.rawPrefix + "CopyToPasteboard"
            if source.withholds(copy) { return nil }
            let copied = source.item(for: copy) ?? placeholder
            switch placeholder {
            case .url, .fileURL:
                return Self.isNSURL(copied) ? request(copied) : request(placeholder)
            case .text:
                return request(copied)
            case .image, .data, .printText, .printMarkup:
                return nil
            }
        }
    }

    /// Whether a value is an NSURL (`isKindOfClass:`, the class elided in the image: inferred).
    private static func isNSURL(_ value: ActivityValue) -> Bool {
        switch value {
        case .url, .fileURL: return true
        case .text, .image, .data, .printText, .printMarkup: return false
        }
    }

    /// The request of one value: an NSURL's, a URL string's; none for an image.
    private func request(_ value: ActivityValue) -> Request? {
        switch value {
        case .url(let url): return .web(url.value)
        case .fileURL(let path): return .file(path: path.value)
        case .text(let text): return HeaderPipeline.isURLRequest(text.value) ? .web(text.value) : nil
        case .image, .data, .printText, .printMarkup: return nil
        }
    }

    // MARK: Step 3: entries

    /// `_UIActivityItemMapping _loadMetadataForActivityItem:`: an item source's
    /// `activityViewControllerLinkMetadata:`, a string's text; nothing for URLs, images and
    /// file URLs (they reach the header through URL requests, or not at all).
    func entries(_ configuration: ShareConfiguration) -> [HeaderPipeline.Entry] {
        configuration.activityItems.compactMap { entry in
            if let link = entry.source?.linkPresentation { return HeaderPipeline.entry(of: link) }
            if case .text(let text)? = entry.value { return HeaderPipeline.Entry(summary: text.value, icon: .text, isFromString: true) }
            return nil
        }
    }

    // MARK: Steps 4-8

    /// The prediction: entries as in the configuration path; with no entry, the URL requests
    /// loaded by `LPLinkView _initWithMetadataLoadedFromRequests:` (at most 10; more are shown
    /// as "N Documents" without loading). On iOS 26, where the header rests on a file URL's
    /// request, it is decided at run time: 26.1's `-_updateURLRequests` asks
    /// `-[SHSheetServiceManager canShareFileURL:]` of every file URL and makes no request of
    /// one it refuses; the header then carries what iOS shows in that case.
    package func prediction(for configuration: ShareConfiguration, target: IOSTarget, locale: HeaderLocale) -> HeaderPrediction {
        let requests = requests(configuration)
        let entries = entries(configuration)
        let prediction = self.prediction(entries: entries, requests: requests, target: target, locale: locale)
        guard target.asksBeforeSharingFileURLs, requests.contains(where: \.isFileURL), case .preview(var header) = prediction else {
            return prediction
        }
        let refused = self.prediction(entries: entries, requests: requests.filter { !$0.isFileURL }, target: target, locale: locale)
        guard refused != prediction else { return prediction }
        let files = Message(requests.filter(\.isFileURL).count == 1 ? .theFile : .theFiles)
        header.decidedAtRunTimeNote = Message(.decidedAtRunTimeNote, ["files": files, "refused": Self.describe(refused)])
        header.ifFileRefused = Header.IfFileRefused(refused)
        return .preview(header)
    }

    /// What iOS shows, in words, for the note of a header decided at run time.
    static func describe(_ prediction: HeaderPrediction) -> Message {
        guard let header = prediction.header else { return Message(.noPreviewShown) }
        if header.style == .fetched, header.title.isEmpty, let url = header.fetchedURL {
            return Message(.pageTitleAt, ["url": url, "subtitle": header.subtitle])
        }
        let title = header.title.isEmpty ? Message(.noTitle) : Message(.subjectKey, ["key": header.title])
        return header.subtitle.isEmpty ? title : Message(.titleDashSubtitle, ["title": title, "subtitle": Message(.subjectKey, ["key": header.subtitle])])
    }

    /// The prediction when the requests are these (every file URL allowed, or the refused ones
    /// left out).
    func prediction(entries: [HeaderPipeline.Entry], requests: [Request], target: IOSTarget, locale: HeaderLocale) -> HeaderPrediction {
        var entries = entries
        HeaderPipeline.filter(&entries, urlRequests: requests.map(\.text), for: target)
        if let header = HeaderPipeline.presentation(of: entries, urlRequests: [], locale: locale, target: target) { return .preview(header) }
        guard !requests.isEmpty else {
            return .noPreview(reason: Message(.noPreviewNoActivityMetadata))
        }
        if requests.count > 10 {
            // LPLinkView -_configureWithoutLoadingMetadataFromURLs: "%ld Document(s)" (digit
            // grouping on 26: localizedStringWithFormat:).
            return .preview(Header(title: locale.categoryString(.document, count: requests.count, grouped: target.groupsDigitsInCounts),
                                   subtitle: "", style: .summary))
        }
        let loaded = requests.map(entry(loading:))
        if loaded.count == 1, case .web(let url) = requests[0] {
            // LPMetadataProvider -_internalStartFetchingMetadataFromURLRequest loads only
            // http(s) URLs; any other is cancelled ("non-HTTP-family URL") and the entry keeps
            // its originalURL alone (inferred from -_startFetchingMetadataForRequest:).
            guard Self.isWebPage(url) else {
                return .preview(Header(title: "", subtitle: HeaderPipeline.subtitle(ofOriginalURL: url), style: .single))
            }
            return .preview(HeaderPipeline.fetched(url, target: target))
        }
        return .preview(HeaderPipeline.presentation(of: loaded, urlRequests: [], locale: locale, target: target)
                        ?? Header(title: "", subtitle: "", style: .summary))
    }

    /// Whether LPMetadataProvider loads the URL (`_lp_isHTTPFamilyURL`).
    static func isWebPage(_ url: String) -> Bool {
        let scheme = URLParts(url)?.scheme
        return scheme == "http" || scheme == "https"
    }

    /// A loaded request: a web page (its own title, unknown offline) or a file's metadata
    /// (`LPFileMetadataProviderSpecialization`, `LPFileMetadata`).
    func entry(loading request: Request) -> HeaderPipeline.Entry {
        switch request {
        case .web(let url):
            return HeaderPipeline.Entry(url: url, originalURL: url)
        case .file(let path):
            let name = PathLogic.fileName(of: path)
            let type = PathLogic.fileExtension(of: path).flatMap { ext -> String? in
                if case .type(let type) = registry.inferType(forExtension: ext) { return type }
                return nil
            }
            var size: Int?
            if case .file(_, let bytes) = files.facts(path, relativeTo: directory).resolution { size = bytes }
            let file = HeaderPipeline.FileFacts(name: name, type: type, size: size ?? 0,
                                                summaryCategory: summaryCategory(of: type),
                                                typeDescription: FileTypeDescription.describe(type, registry: registry))
            return HeaderPipeline.Entry(originalURL: "file://" + path, icon: .file, iconPath: file.summaryCategory == .image ? path : nil,
                                        fileSize: size ?? 0, file: file)
        }
    }

    /// `LPFileMetadata summaryTypeForTransformer:`: an image is an Image, plain text is Plain
    /// Text, anything else a Document.
    func summaryCategory(of type: String?) -> HeaderCategory {
        guard let type else { return .document }
        if registry.conformsToImage(type) { return .image }
        if registry.conforms(type, to: "public.plain-text") { return .plainText }
        return .document
    }
}

/// `+[LPFileMetadata descriptionForUTI:]`: the type line of a file's header ("PNG Image").
/// The table's keys are read; the English values ("PNG Image" for "PNG Image (file type)") are
/// inferred, as the strings files are not in the image.
enum FileTypeDescription {
    static let exact: [String: String] = [
        "public.png": "PNG Image", "public.jpeg": "JPEG Image", "com.compuserve.gif": "GIF Image", "public.tiff": "TIFF Image",
        "public.heif": "HEIF Image", "public.heif-standard": "HEIF Image", "com.adobe.pdf": "PDF Document", "public.rtf": "RTF Document",
        "com.apple.rtfd": "RTF Document", "com.apple.flat-rtfd": "RTF Document", "public.zip-archive": "ZIP Archive",
        "public.vcard": "Contact Card", "org.idpf.epub-container": "Book", "public.data": "File", "public.folder": "Folder",
        "com.apple.webarchive": "Web Archive",
    ]
    static let prefixes: [(String, String)] = [
        ("com.microsoft.word", "Word Document"), ("org.openxmlformats.wordprocessingml", "Word Document"),
        ("com.microsoft.excel", "Office Spreadsheet"), ("org.openxmlformats.spreadsheetml", "Office Spreadsheet"),
        ("com.microsoft.powerpoint", "Office Presentation"), ("org.openxmlformats.presentationml", "Office Presentation"),
    ]
    static let byConformance: [(String, String)] = [
        ("public.disk-image", "Disk Image"), ("public.source-code", "Source Code"), ("com.apple.application", "Application"),
        ("public.3d-content", "3D Object"), ("public.executable", "Executable"), ("public.archive", "Archive"),
        ("public.image", "Image"), ("public.audio", "Audio Recording"), ("public.font", "Font"), ("public.movie", "Video"),
        ("public.plain-text", "Text Document"),
    ]

    /// The description, nil when iOS would ask `UTTypeCopyDescription` (not modeled).
    static func describe(_ type: String?, registry: UTTypeRegistry) -> String? {
        guard let type = type?.lowercased() else { return nil }
        if let exact = exact[type] { return exact }
        if let prefix = prefixes.first(where: { type.hasPrefix($0.0) }) { return prefix.1 }
        return byConformance.first { registry.conforms(type, to: $0.0) }?.1
    }
}
