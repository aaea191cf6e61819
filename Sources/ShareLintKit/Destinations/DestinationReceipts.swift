import ShareLintMessages
extension DestinationModel {
    // MARK: Step 5: what each activity receives

    /// `_UIActivityItemsConfigurationActivityItemProvider activityViewController:subjectForActivityType:`
    /// (current SDK): the configuration's title, else the item's; Mail and Messages take the
    /// first non-nil subject over the items (`UIActivity _subjectForActivityItem:`), and
    /// strings have none.
    static func subject(of configuration: ShareConfiguration) -> String? {
        guard !configuration.items.isEmpty else { return nil }
        if let title = configuration.metadata?.title { return title.value }
        return configuration.items.lazy.compactMap { $0.metadata?.title?.value }.first
    }

    /// What an activity's `prepareWithActivityItems:` gets from the items.
    func receipt(_ activity: BuiltInActivity, _ context: Context) -> Destination.Receipt? {
        let prepared = context.prepared(for: activity.activityType)
        let subject = context.subject(for: activity.activityType)
        let described = { (filter: (MatchedItem) -> Bool, suffix: String) -> [String] in
            prepared.filter { filter($0.item) }.map { Self.describe($0.item, $0.value) + suffix }
        }
        let summarized = { (filter: (MatchedItem) -> Bool) -> [Message] in
            prepared.filter { filter($0.item) }.map { Self.summary($0.item, $0.value) }
        }
        var receipt = receiptDescribing(activity, prepared, context, subject: subject, described: described)
        switch activity {
        case .mail, .message: break
        case .airDrop, .copyToPasteboard: receipt?.summary = summarized(Self.isNotOnlyPrintable)
        case .print: receipt?.summary = summarized { !$0.types.isDisjoint(with: [.image, .pdf, .printable]) }
        case .saveToCameraRoll: receipt?.summary = summarized { !$0.types.isDisjoint(with: [.image, .video]) }
        case .assignToContact: receipt?.summary = Array(summarized { $0.types.contains(.image) }.prefix(1))
        case .addToReadingList:
            receipt?.summary = prepared.compactMap { _, value in
                guard case .url(let url) = value, ["http", "https"].contains(URLParts(url)?.scheme) else { return nil }
                return .verbatim(url)
            }
        case .openInIBooks: receipt?.summary = summarized { !$0.types.isDisjoint(with: [.image, .printable]) }
        case .markupAsPDF: receipt?.summary = summarized { !$0.types.isDisjoint(with: [.pdf, .printable]) }
        case .sharePlay: receipt?.summary = [Message(.receivesGroupActivity)]
        default: break
        }
        guard var described = receipt else { return nil }
        Self.noteWithheld(context, activity.activityType, in: &described)
        return described
    }

    /// The items whose source gives an activity nothing (`forActivity: {…: {withheld: true}}`).
    static func noteWithheld(_ context: Context, _ activityType: String, in receipt: inout Destination.Receipt) {
        for item in context.items where item.source?.withholds(activityType) == true {
            receipt.items.append("\(item.label): nothing (itemForActivityType returns nil: withheld)")
            receipt.summary.append(Message(.receiptWithheld, ["item": item.label]))
        }
    }

    /// Whether an item is something other than a print formatter (which only the printing
    /// activities take).
    static func isNotOnlyPrintable(_ item: MatchedItem) -> Bool { item.types != .printable }

    /// The receipt with its items in words (`receipt(_:_:)` adds the summary for people).
    private func receiptDescribing(_ activity: BuiltInActivity, _ prepared: [Prepared], _ context: Context, subject: String?,
                                   described: ((MatchedItem) -> Bool, String) -> [String]) -> Destination.Receipt? {
        switch activity {
        case .mail:
            return mailReceipt(prepared, context)
        case .message:
            return messageReceipt(prepared, context)
        case .airDrop:
            // SHSheetActivityItemsManager loadItemProvidersForRequest: every item, with subject and data types.
            // A print formatter is not among the classes it takes (inferred: they are elided).
            return Destination.Receipt(subject: subject, items: described(Self.isNotOnlyPrintable, ""))
        case .copyToPasteboard:
            // UICopyToPasteboardActivity prepareWithActivityItems: providers as registered; other objects made into
            // providers; its mask (0x9F) has no Printable bit.
            return Destination.Receipt(items: described(Self.isNotOnlyPrintable, ""))
        case .print:
            // UIPrintActivity prepareWithActivityItems: the first print formatter or renderer wins.
            return Destination.Receipt(items: described({ !$0.types.isDisjoint(with: [.image, .pdf, .printable]) }, ", printed"))
        case .saveToCameraRoll:
            // _UIActivityItemsGetImagesAndVideos.
            return Destination.Receipt(items: described({ !$0.types.isDisjoint(with: [.image, .video]) }, ", saved to Photos"))
        case .assignToContact:
            return Destination.Receipt(items: Array(described({ $0.types.contains(.image) }, ", cropped and set as a contact's photo").prefix(1)))
        case .addToReadingList:
            // Only http(s) NSURLs are added, titled by the subject, else the URL.
            var receipt = Destination.Receipt()
            for (item, value) in prepared {
                guard case .url(let url) = value else { continue }
                let scheme = URLParts(url)?.scheme
                if scheme == "http" || scheme == "https" {
                    receipt.items.append("\(item.label): \(url), titled '\(subject ?? url)'")
                } else {
                    receipt.items.append("\(item.label): \(url) is ignored (not http or https)")
                }
            }
            if receipt.items.isEmpty { receipt.items.append("note: whether the public.url item loads as a URL by then is decided at run time") }
            return receipt
        case .openInIBooks:
            // UIOpenInIBooksActivity: images drawn into a PDF, a print formatter rendered to one (savePDFToURL:).
            return Destination.Receipt(items: described({ !$0.types.isDisjoint(with: [.image, .printable]) }, ", rendered into one PDF opened in Books"))
        case .markupAsPDF:
            // UICreatePDFActivity: a PDF, or a print formatter's print preview as a PDF (_generatePrintPreview:).
            return Destination.Receipt(items: described({ !$0.types.isDisjoint(with: [.pdf, .printable]) }, ", opened in Markup"))
        case .sharePlay:
            return Destination.Receipt(items: ["the item carrying a GroupActivity, if any; else FaceTime starts without an activity"])
        case .collaborationInviteWithLink, .collaborationCopyLink, .addToHomeScreen,
             .postToFacebook, .postToTwitter, .postToWeibo, .postToTencentWeibo, .postToFlickr, .postToVimeo:
            return nil
        }
    }

    /// The URLs of the link metadata the items return (`activityViewControllerLinkMetadata:`):
    /// the wrappers' (an item's linkPresentation, else the configuration's) and item sources'.
    static func linkURLs(of configuration: ShareConfiguration) -> Set<String> {
        var urls: Set<String> = []
        let links = configuration.items.map { $0.metadata?.linkPresentation ?? configuration.metadata?.linkPresentation }
            + configuration.activityItems.map { $0.source?.linkPresentation }
        for link in links.compactMap({ $0 }) {
            if let url = link.url?.value { urls.insert(url) }
            if let url = link.originalURL?.value { urls.insert(url) }
        }
        return urls
    }

    static func isFileURL(_ url: String) -> Bool { URLParts(url)?.scheme == "file" }

    /// An attachment named by its file's last path component, when there is a file.
    static func attachment(_ item: MatchedItem, type: String, path: String?) -> Destination.Attachment {
        let name = path.flatMap { $0.split(separator: "/").last.map(String.init) }.map(PercentDecoding.decode)
        return Destination.Attachment(item: item.label, type: type, name: name)
    }

    /// What an item becomes, for people: "the text 'Hello'", a URL, "the image poster.png".
    static func summary(_ item: MatchedItem, _ value: MatchedItem.LoadedValue) -> Message {
        switch value {
        case .string(let text): return Message(.receivesText, ["text": Destination.Receipt.excerpt(text)])
        case .url(let url): return .verbatim(url)
        case .image(let path): return Message(.receivesImage, ["name": PathLogic.fileName(of: path)])
        case .fileURL(let path, _): return Message(.receivesFile, ["name": PathLogic.fileName(of: path)])
        case .data(let path, _): return Message(.receivesData, ["name": PathLogic.fileName(of: path)])
        case .printFormatter: return Message(.receivesPrintFormatter)
        case .file, .unknown:
            return item.registeredTypes.isEmpty ? Message(.receivesUnknown, ["item": item.label])
                : Message(.receivesItemOfType, ["item": item.label, "type": item.registeredTypes[0]])
        }
    }


    /// "items[0]: public.png, public.jpeg", "metadata.messageBody: the text '...'",
    /// "activityItems[1]: the image assets/poster.png".
    static func describe(_ item: MatchedItem, _ value: MatchedItem.LoadedValue) -> String {
        switch value {
        case .string(let text): return "\(item.label): the text '\(text)'"
        case .url(let url): return "\(item.label): \(url)"
        case .image(let path): return "\(item.label): the image \(path)"
        case .fileURL(let path, let type): return "\(item.label): the file \(path)" + (type.map { " (\($0))" } ?? "")
        case .data(let path, _): return "\(item.label): the bytes of \(path) (NSData)"
        case .printFormatter: return "\(item.label): a print formatter"
        case .file, .unknown:
            return item.registeredTypes.isEmpty ? "\(item.label): of a type sharelint cannot tell" : "\(item.label): " + item.registeredTypes.joined(separator: ", ")
        }
    }
}
