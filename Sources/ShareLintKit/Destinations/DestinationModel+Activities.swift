import ShareLintMessages

// Step 3 of the destination model: each activity's `canPerformWithActivityItems:`
// (`DestinationModel`, docs/destinations.md).
extension DestinationModel {
    // MARK: Step 3: canPerformWithActivityItems: per activity

    /// What `canPerformWithActivityItems:` reads of the items: `_UIActivityItemTypesSet`
    /// (the bits of every item, ORed once per match) and `_UIActivityItemCountOfType` for
    /// the bits decisions count.
    struct ItemSummary: Equatable {
        var types: ActivityItemTypes = []
        var count = 0, images = 0, videos = 0, pdfs = 0
        /// Whether an item's type is unknown: its bits are then a guess.
        var hasUnknownType = false
        /// Whether the items are plain objects (`activityItems`), not item providers: what
        /// Print's reason names.
        var isActivityItems = false

        mutating func add(_ bits: ActivityItemTypes, unknown: Bool) {
            types.formUnion(bits)
            count += 1
            if bits.contains(.image) { images += 1 }
            if bits.contains(.video) { videos += 1 }
            if bits.contains(.pdf) { pdfs += 1 }
            if unknown { hasUnknownType = true }
        }
    }

    /// What every activity decision reads. The items themselves only for receipts: a
    /// context made from a summary (what rules about exclusions need) has none.
    struct Context {
        var configuration: ShareConfiguration
        var items: [MatchedItem]
        var registry: UTTypeRegistry
        var subject: String?
        var summary: ItemSummary
        /// The UIImages' sizes in points, by path (what Mail and Messages test).
        var imageSizes: [String: (width: Double, height: Double)] = [:]
        /// `_UIActivityItemTypesSet`.
        var types: ActivityItemTypes { summary.types }

        init(configuration: ShareConfiguration, items: [MatchedItem], registry: UTTypeRegistry, subject: String?) {
            self.configuration = configuration
            self.items = items
            self.registry = registry
            self.subject = subject
            summary = ItemSummary()
            summary.isActivityItems = configuration.usesActivityItems
            for item in items { summary.add(item.types, unknown: item.hasUnknownType) }
        }

        init(configuration: ShareConfiguration, summary: ItemSummary, registry: UTTypeRegistry) {
            self.configuration = configuration
            self.items = []
            self.registry = registry
            self.subject = nil
            self.summary = summary
        }

        /// iOS 26 when `-[SHSheetServiceManager canShareFileURL:]` refuses the file URLs:
        /// `-_configureContentManagedForActivityItem:activityItemValue:outURLs:outScopedURLs:activity:`
        /// returns NO for them, so `-_resolvePlaceholderActivityItems` leaves them out of what
        /// activities are matched with (`summary`) and `-_resolveActivityItemsForActivity:` out
        /// of what the chosen one receives (`prepared`). Set by `refusingFileURLs()`.
        private(set) var refusesFileURLs = false

        /// This context with the file URLs refused: an item whose matched value (the object,
        /// or an item source's placeholder) is a file URL no longer counts.
        func refusingFileURLs() -> Context {
            var refusing = self
            refusing.refusesFileURLs = true
            refusing.summary = ItemSummary()
            refusing.summary.isActivityItems = summary.isActivityItems
            for item in items where !item.types.contains(.fileURL) { refusing.summary.add(item.types, unknown: item.hasUnknownType) }
            return refusing
        }

        /// What each item gives an activity when it prepares: an item source's
        /// `activityViewController:itemForActivityType:` (its override's item, else its item,
        /// else its placeholder), else the item as loaded; without the file URLs when they are
        /// refused.
        func prepared(for activityType: String) -> [(item: MatchedItem, value: MatchedItem.LoadedValue)] {
            // A source that returns nil for the activity gives it nothing: UIKit drops a nil
            // item from what the activity prepares with (inferred: the methods that collect
            // the items are not in the image read; Apple documents nil as "no item").
            let all = items.compactMap { item -> (item: MatchedItem, value: MatchedItem.LoadedValue)? in
                if item.source?.withholds(activityType) == true { return nil }
                guard let source = item.source, let value = source.item(for: activityType) else { return (item: item, value: item.loaded) }
                return (item: item, value: DestinationModel.loadedValue(of: value, registry: registry))
            }
            guard refusesFileURLs else { return all }
            return all.filter { !DestinationModel.isFileURL($0.value) }
        }

        /// The subject an activity gets (`UIActivity _subjectForActivityItem:`, the first
        /// non-nil): on the activityItems path an item source's
        /// `activityViewController:subjectForActivityType:`, asked of `askingFirst` (Mail: the
        /// string and URL items) before the items in order (a refused file URL is not among
        /// them, so its source is not asked); else the configuration's.
        func subject(for activityType: String, askingFirst: [MatchedItem] = []) -> String? {
            guard configuration.usesActivityItems else { return subject }
            let first = askingFirst.lazy.compactMap { $0.source?.subject(for: activityType)?.value }.first
            if let first { return first }
            let asked = refusesFileURLs ? prepared(for: activityType).map(\.item) : items
            return asked.lazy.compactMap { $0.source?.subject(for: activityType)?.value }.first
        }
    }

    /// What `canPerformWithActivityItems:` decides, before exclusion.
    struct Decision {
        var availability: Destination.Availability
        var reason: Destination.Reason?
        var conditions: [String] = []

        static func offered(_ conditions: [String] = []) -> Decision { Decision(availability: .offered, reason: nil, conditions: conditions) }
        static func no(_ kind: Destination.Reason.Kind, _ summary: Message, detail: String? = nil) -> Decision {
            Decision(availability: .notOffered, reason: .init(kind, summary, detail: detail))
        }
        static func runTime(_ kind: Destination.Reason.Kind, _ summary: Message, detail: String? = nil) -> Decision {
            Decision(availability: .decidedAtRunTime, reason: .init(kind, summary, detail: detail))
        }
    }

    /// One built-in activity: exclusion first (`shouldExcludeActivity:` runs before
    /// `_canPerformActivityWithItems` in `_UIActivityHelper`), then its own decision.
    func destination(_ activity: BuiltInActivity, _ context: Context, excludedBy: LocatedString?, print: Destination?, receipts: Bool) -> Destination {
        let decision = decide(activity, context, print: print)
        var destination = Destination(name: activity.shortName, activityType: activity.activityType, title: activity.title,
                                      titleMessage: activity.titleMessage, row: activity.row,
                                      availability: decision.availability, reason: decision.reason, conditions: decision.conditions,
                                      receipt: nil, evidence: activity.evidence, availabilityUnlessExcluded: decision.availability,
                                      reasonUnlessExcluded: decision.reason)
        if activity == .saveToCameraRoll {
            destination.titleMessage = Self.saveTitle(images: context.summary.images, videos: context.summary.videos)
            destination.title = destination.titleMessage.english
        }
        if let excludedBy {
            destination.availability = .notOffered
            destination.reason = .init(.excluded, Message(.reasonExcludedBy, ["entry": excludedBy.value, "line": excludedBy.range.start.line]))
            destination.conditions = []
        } else if receipts, decision.availability != .notOffered {
            destination.receipt = receipt(activity, context)
        }
        return destination
    }

    /// The version check, then the activity's `canPerformWithActivityItems:`.
    func decide(_ activity: BuiltInActivity, _ context: Context, print: Destination?) -> Decision {
        let introduced = activity.introduced
        if target.major < introduced.major {
            return .no(.notInThisIOS, Message(.reasonAvailableFrom, ["title": activity.titleMessage, "version": "\(introduced.major).\(introduced.minor)", "target": "\(target)"]))
        }
        let types = context.types
        switch activity {
        case .mail:
            // UIMailActivity: String | Image | URL | FileURL | PDF | Dictionary | Data (0x98F).
            guard !types.isDisjoint(with: [.string, .image, .url, .fileURL, .pdf, .data]) else {
                return .no(.noSuitableItem, Message(.reasonMailTakes))
            }
            return .offered(["the Mail app is installed", "when the device has mail accounts, one may send (MDM)"])
        case .message:
            // UIMessageActivity: String | Image | URL | Video | PDF outright, and a file URL
            // (FileURL) when IMCore's isSupportedAttachmentUTI: accepts its type, which it does
            // for any type with iMessage or RCS on; Data only for supported types; a bare
            // provider never. Images, videos and files are refused without iMessage, RCS or
            // MMS (0x4A), PDFs without iMessage or RCS (0x80).
            if !types.isDisjoint(with: [.string, .url, .image, .video, .pdf, .fileURL]) {
                var conditions = ["the device can send messages (canSendText, MDM)"]
                if !types.isDisjoint(with: [.image, .video]) { conditions.append("images and videos need iMessage, RCS or MMS (SMS alone refuses them)") }
                if types.contains(.pdf) { conditions.append("PDFs need iMessage or RCS") }
                if types.contains(.fileURL) {
                    conditions.append("files need iMessage or RCS (with MMS alone, only the types IMCore's isSupportedAttachmentUTI: allows)")
                }
                return .offered(conditions)
            }
            if types.contains(.data) {
                return .runTime(.decidedByDevice, Message(.reasonMessagesAttachments),
                                detail: "Messages takes data items only of the types IMCore lists as supported attachments (isSupportedAttachmentUTI), a list that is not in the image")
            }
            return .no(.noSuitableItem, Message(.reasonMessagesTakes))
        case .copyToPasteboard:
            // UICopyToPasteboardActivity: only providers (types == 0x4000), or String | Image | URL | FileURL | Copyable | PDF (0x9F).
            if types == .itemProvider || !types.isDisjoint(with: [.string, .image, .url, .fileURL, .copyable, .pdf]) { return .offered() }
            if types.contains(.itemProvider) {
                return .runTime(.decidedByDevice, Message(.reasonCopyUnresolved),
                                detail: "unresolved: the providers set Data (0x4800), which Copy's mask 0x9F leaves out unless NSItemProvider is among its copyable classes, whose names the decompile elides; check on a device")
            }
            return .no(.noSuitableItem, Message(.reasonCopyTakes))
        case .print:
            // UIPrintActivity: any video removes Print; else Image | Printable | PDF (0xA2).
            if types.contains(.video) { return .no(.noSuitableItem, Message(.reasonVideoRemovesPrint)) }
            guard !types.isDisjoint(with: [.image, .printable, .pdf]) else {
                // On the activityItems path canPrintURL: sees the file URLs themselves: it takes
                // image and PDF files (its body is not in the image: inferred), which already
                // set Image or PDF.
                if context.summary.isActivityItems {
                    return .no(.noSuitableItem, Message(.reasonPrintTakesFiles),
                               detail: "Print takes images, PDFs and image or PDF files (canPrintURL:), and no activity item is one")
                }
                return .no(.noSuitableItem, Message(.reasonPrintTakes),
                           detail: "Print takes images and PDFs, and no item conforms to public.image or com.adobe.pdf (canPrintData: and canPrintURL: see item providers, not data or files, while matching)")
            }
            return .offered(["printing is available (UIPrintInteractionController isPrintingAvailable)"])
        case .saveToCameraRoll:
            return decideSave(context)
        case .assignToContact:
            // UIAssignToContactActivity: (types & 0x42) && !(types & 0x40) && at most one image.
            guard !types.isDisjoint(with: [.image, .video]) else { return .no(.noSuitableItem, Message(.reasonContactTakesImage)) }
            if types.contains(.video) { return .no(.noSuitableItem, Message(.reasonVideoRemovesContact)) }
            let images = context.summary.images
            if images > 1 { return .no(.noSuitableItem, Message(.reasonContactOneImage, ["count": images])) }
            return .offered()
        case .addToReadingList:
            // UIAddToReadingListActivity: Safari displayable and the URL bit.
            guard types.contains(.url) else { return .no(.noSuitableItem, Message(.reasonReadingListTakes)) }
            return .offered(["Safari is installed"])
        case .airDrop:
            // UIAirDropActivity +canPerformActivityWithItemClasses: (class list elided; strings,
            // URLs, images, data and item providers inferred from SFAirDropActivityViewController).
            guard context.summary.count > 0 else { return .no(.noSuitableItem, Message(.reasonNothingShared)) }
            return .offered(["AirDrop is allowed on the device (settings, MDM, Classroom)"])
        case .openInIBooks:
            if let gate = printingGate(print) { return gate }
            if types.contains(.pdf) { return .no(.noSuitableItem, Message(.reasonPDFRemovesBooks)) }
            guard !types.isDisjoint(with: [.image, .printable]) else { return .no(.noSuitableItem, Message(.reasonBooksTakes)) }
            return .offered(["Books is installed and allowed by MDM"])
        case .markupAsPDF:
            if let gate = printingGate(print) { return gate }
            guard !types.isDisjoint(with: [.printable, .pdf]) else { return .no(.noSuitableItem, Message(.reasonMarkupTakes)) }
            let pdfs = context.summary.pdfs
            if pdfs > 1 { return .no(.noSuitableItem, Message(.reasonMarkupOnePDF, ["count": pdfs])) }
            return .offered(["the content is not managed (MDM)"])
        case .sharePlay:
            if target.major == 15 {
                return .runTime(.decidedByDevice, Message(.reasonSharePlayFrom),
                                detail: "SharePlay is available from iOS 15.4; beyond that, offered only when the app has the Group Activities entitlement and SharePlay is available (the items are ignored)")
            }
            return .runTime(.decidedByDevice, Message(.reasonSharePlay),
                            detail: "offered only when the app has the Group Activities entitlement and SharePlay is available; the items are ignored")
        case .collaborationInviteWithLink, .collaborationCopyLink:
            return .no(.needsSpecialItem, Message(.reasonCollaboration),
                       detail: "its canPerformWithActivityItems: returns NO: it appears only for a collaboration item (a CKShare or SWCollaborationMetadata provider, or an iCloud Drive file), which a configuration does not hold")
        case .addToHomeScreen:
            if target.major == 16 {
                return .no(.notInThisIOS, Message(.reasonHomeScreenFrom),
                           detail: "Add to Home Screen is available from iOS 16.4, and then only to apps with the default-browser entitlement sharing a web view")
            }
            return .no(.needsSpecialItem, Message(.reasonHomeScreen),
                       detail: "offered only to apps with the default-browser entitlement sharing a web view or an add-to-home-screen item; a configuration's items are item providers")
        case .postToFacebook, .postToTwitter, .postToWeibo, .postToTencentWeibo, .postToFlickr, .postToVimeo:
            return .no(.noBuiltInActivity, Message(.reasonNoBuiltInActivity),
                       detail: "no built-in activity has this type since iOS 11: it names Apple's retired com.apple.share.\(Self.socialService(activity)).post extension; the service's own app extension has its own type")
        }
    }

    /// `UISaveToCameraRollActivity`: an image or a video, then `_canSaveImages`: while Photos
    /// add-only access is undetermined, the Info.plist must declare
    /// NSPhotoLibraryAddUsageDescription or NSPhotoLibraryUsageDescription.
    func decideSave(_ context: Context) -> Decision {
        guard context.summary.images > 0 || context.summary.videos > 0 else {
            return .no(.noSuitableItem, Message(.reasonSaveTakes))
        }
        let access = "Photos access is not denied or restricted"
        guard let infoPlist else {
            return .offered([access, "the app's Info.plist declares NSPhotoLibraryAddUsageDescription or NSPhotoLibraryUsageDescription (else hidden until access is decided; check with --info-plist)"])
        }
        guard infoPlist.declaresPhotoLibraryUsage else {
            return .no(.needsInfoPlistKey, Message(.reasonPhotosKey, ["plist": infoPlist.path]))
        }
        return .offered([access])
    }
}
