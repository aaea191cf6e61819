import ShareLintMessages
/// Predicts which activities the share sheet offers for a configuration and what each
/// receives, step by step in iOS's order (docs/destinations.md cites the decompiled iOS 18.2
/// method behind each step):
///
///     activity items -> item types -> exclusions -> canPerform per activity -> printing-based -> prepare
///     (HeaderPipeline)  (step 1)      (step 2)      (step 3)                    (step 4)           (step 5)
public struct DestinationModel: Sendable {
    /// The iOS version predicted for.
    public var target: IOSTarget
    /// The app's Info.plist, when given (`--info-plist`).
    public var infoPlist: InfoPlistFacts?

    /// Creates a model.
    public init(target: IOSTarget = .default, infoPlist: InfoPlistFacts? = nil) {
        self.target = target
        self.infoPlist = infoPlist
    }

    /// The destinations of a configuration; `typeOf` gives a representation's type (declared
    /// or inferred), nil when unknown. Without `receipts`, only what is offered is decided
    /// (what rules about exclusions need), and `receipt` stays nil.
    /// `imageSize` gives an image file's pixel size (after its orientation), nil when unknown:
    /// it decides how Mail and Messages name and encode a UIImage.
    public func report(for configuration: ShareConfiguration, registry: UTTypeRegistry, receipts: Bool = true,
                       typeOf: (Representation) -> String?,
                       imageSize: (String) -> (width: Int, height: Int)? = { _ in nil }) -> DestinationReport {
        let items = Self.matchedItems(of: configuration, registry: registry, typeOf: typeOf, receipts: receipts)
        let exclusions = Self.exclusions(of: configuration)
        var context = Context(configuration: configuration, items: items, registry: registry, subject: Self.subject(of: configuration))
        if receipts {
            for item in items {
                guard case .image(let path) = item.loaded, context.imageSizes[path] == nil, let pixels = imageSize(path) else { continue }
                context.imageSizes[path] = Self.pointSize(pixels: pixels, path: path)
            }
        }
        var (builtIns, custom) = destinations(context, exclusions: exclusions, receipts: receipts)
        // iOS 26: a file URL -[SHSheetServiceManager canShareFileURL:] refuses is left out of
        // matching and of what each activity receives; where that changes an activity, it is
        // decided at run time, with both outcomes.
        let files = Self.fileURLItems(of: configuration)
        if target.asksBeforeSharingFileURLs, !files.isEmpty {
            let refused = destinations(context.refusingFileURLs(), exclusions: exclusions, receipts: receipts)
            builtIns = zip(builtIns, refused.builtIns).map { ($0.0.activity, Self.merging($0.0.destination, ifFileRefused: $0.1.destination, files: files)) }
            custom = zip(custom, refused.custom).map { Self.merging($0.0, ifFileRefused: $0.1, files: files) }
        }
        let builtDestination = { (activity: BuiltInActivity) in builtIns.first { $0.activity == activity }?.destination }
        // `_UIActivityHelper _activitiesByApplyingDefaultOrdering:`: by sort group; the app's
        // activities are group 3, in the order written.
        var ordered: [Destination] = []
        for row in [Destination.Row.share, .action] {
            let rowBuiltIns = BuiltInActivity.all.filter { $0.row == row }
            ordered += rowBuiltIns.filter { $0.sortGroup < 3 }.compactMap(builtDestination)
            ordered += custom.filter { $0.row == row }
            ordered += rowBuiltIns.filter { $0.sortGroup > 3 }.compactMap(builtDestination)
        }
        return DestinationReport(destinations: ordered, ignoredExclusions: exclusions.ignored, hasUnknownItemTypes: items.contains(where: \.hasUnknownType),
                                 extensions: "matched on the device by each extension's NSExtensionActivationRule; excludedActivityTypes cannot hide them")
    }

    /// Every built-in activity (Books and Markup after Print, which gates them) and every
    /// application activity, for one context.
    func destinations(_ context: Context, exclusions: Exclusions,
                      receipts: Bool) -> (builtIns: [(activity: BuiltInActivity, destination: Destination)], custom: [Destination]) {
        // Twenty activities: a list searched by case beats hashing.
        var built: [(activity: BuiltInActivity, destination: Destination)] = []
        for activity in BuiltInActivity.all where activity != .openInIBooks && activity != .markupAsPDF {
            built.append((activity, destination(activity, context, excludedBy: exclusions.honoured[activity.activityType], print: nil, receipts: receipts)))
        }
        let print = built.first { $0.activity == .print }?.destination
        for activity in [BuiltInActivity.openInIBooks, .markupAsPDF] {
            built.append((activity, destination(activity, context, excludedBy: exclusions.honoured[activity.activityType], print: print, receipts: receipts)))
        }
        let custom = context.configuration.applicationActivities.compactMap { applicationDestination($0, context, exclusions: exclusions, receipts: receipts) }
        return (built, custom)
    }

    /// All that an activity's decision were it not excluded reads of a configuration (what
    /// the rule about needless exclusions asks): the items' bits and counts, and whether
    /// Print is excluded (Books and Markup are tried only after Print). Plain values, so
    /// a file's documents that ask the same question share the answer (`FileMemo`).
    struct DecisionsQuestion: Equatable {
        var summary: ItemSummary
        var printExcluded: Bool
        /// iOS 26 with file URLs on the activityItems path: the summary without them (what
        /// `-[SHSheetServiceManager canShareFileURL:]` refusing them leaves), and the items
        /// that hold them; nil otherwise.
        var ifFileRefused: (summary: ItemSummary, files: [String])?

        static func == (a: DecisionsQuestion, b: DecisionsQuestion) -> Bool {
            a.summary == b.summary && a.printExcluded == b.printExcluded
                && a.ifFileRefused?.summary == b.ifFileRefused?.summary && a.ifFileRefused?.files == b.ifFileRefused?.files
        }
    }

    /// The question a configuration asks, without building destinations; `printMatters`
    /// when Books or Markup is asked about. Nil when an item's type is unknown (it could be
    /// the one an activity takes).
    static func question(for configuration: ShareConfiguration, printMatters: Bool, registry: UTTypeRegistry, target: IOSTarget = .default,
                         typeOf: (Representation) -> String?) -> DecisionsQuestion? {
        // What is offered reads only the items' bits and counts: no item is made.
        let summary = itemSummary(of: configuration, registry: registry, typeOf: typeOf)
        guard !summary.hasUnknownType else { return nil }
        let printExcluded = printMatters && exclusions(of: configuration).honoured[BuiltInActivity.print.activityType] != nil
        var question = DecisionsQuestion(summary: summary, printExcluded: printExcluded)
        let files = fileURLItems(of: configuration)
        if target.asksBeforeSharingFileURLs, !files.isEmpty {
            var refused = ItemSummary()
            refused.isActivityItems = true
            for item in objectItems(of: configuration, registry: registry) where !item.types.contains(.fileURL) {
                refused.add(item.types, unknown: item.hasUnknownType)
            }
            question.ifFileRefused = (refused, files)
        }
        return question
    }

    /// What `canPerformWithActivityItems:` decides for `activity` were it not excluded, and
    /// the title it would show. `decide` reads only the question (the context's summary and
    /// Print's destination), so the answer holds for every configuration that asks it
    /// (`DestinationsTests.testDecisionsReadOnlyTheirQuestion`).
    func decision(_ activity: BuiltInActivity, _ question: DecisionsQuestion, configuration: ShareConfiguration,
                  registry: UTTypeRegistry) -> (decision: Decision, title: Message) {
        func decision(_ summary: ItemSummary) -> Decision {
            let context = Context(configuration: configuration, summary: summary, registry: registry)
            var print: Destination?
            if activity == .openInIBooks || activity == .markupAsPDF {
                var made = destination(.print, context, excludedBy: nil, print: nil, receipts: false)
                // All that `printingGate` reads of an excluded Print.
                if question.printExcluded { (made.availability, made.reason) = (.notOffered, .init(.excluded, Message(.reasonExcluded))) }
                print = made
            }
            return decide(activity, context, print: print)
        }
        let title = activity == .saveToCameraRoll ? Self.saveTitle(images: question.summary.images, videos: question.summary.videos) : activity.titleMessage
        let allowed = decision(question.summary)
        // iOS 26: what is offered when the system refuses the file URLs (`merging`).
        guard let ifFileRefused = question.ifFileRefused else { return (allowed, title) }
        let refused = decision(ifFileRefused.summary)
        guard refused.availability != allowed.availability else { return (allowed, title) }
        let reason = Self.fileURLReason(files: ifFileRefused.files, allowed: allowed.availability, refused: refused.availability)
        return (Decision(availability: .decidedAtRunTime, reason: reason), title)
    }

    // MARK: Step 2: exclusions

    /// The exclusions iOS honours, by activity type, and those it ignores.
    struct Exclusions {
        var honoured: [String: LocatedString] = [:]
        var ignored: [String] = []
    }

    /// `-[_UIActivityMatchingContext shouldExcludeActivity:]`: a listed type excludes an
    /// activity only when `_canBeExcludeWhenMatchingWithContext:` agrees: built-ins and the
    /// app's own activities (UIActivity: YES), the social aliases (UISocialActivity: YES);
    /// other apps' extensions only for hosts with the private `com.apple.excludes-extensions`
    /// entitlement (UIApplicationExtensionActivity, `_UICanExcludeExtensionActivities`).
    static func exclusions(of configuration: ShareConfiguration) -> Exclusions {
        var exclusions = Exclusions()
        let own = Set(configuration.applicationActivities.compactMap { $0.type?.value })
        for entry in configuration.excludedActivityTypes {
            if let raw = BuiltInActivityTypes.rawValue(for: entry.value) {
                if exclusions.honoured[raw] == nil { exclusions.honoured[raw] = entry }
            } else if own.contains(entry.value) || AppleExtensions.excludable.contains(entry.value) {
                if exclusions.honoured[entry.value] == nil { exclusions.honoured[entry.value] = entry }
            } else if UTTypeRegistry.isValidIdentifier(entry.value), !entry.value.hasPrefix(BuiltInActivityTypes.rawPrefix) {
                exclusions.ignored.append(entry.value)
            }
        }
        return exclusions
    }

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
            let all = items.map { item in
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

    // MARK: Step 4: printing-based activities

    /// `_UIActivityHelper orderedAvailableActivitiesForMatchingContext:`: Books and Markup
    /// (`_UIActivityGetPrintingBasedActivities`) are tried only once Print passed.
    func printingGate(_ print: Destination?) -> Decision? {
        guard let print else { return .no(.needsPrint, Message(.reasonAfterPrint)) }
        if print.reason?.kind == .excluded { return .no(.needsPrint, Message(.reasonPrintExcluded)) }
        guard print.availability == .offered else {
            return .no(.needsPrint, Message(.reasonWhenPrint, ["reason": print.reason?.summary ?? Message(.reasonPrintNotOffered)]),
                       detail: "tried only when Print is offered: \(print.reason?.text ?? "Print is not offered")")
        }
        return nil
    }

    /// "Save Image", "Save Video", "Save 2 Images", "Save 3 Items" (`UISaveToCameraRollActivity activityTitle`).
    static func saveTitle(images: Int, videos: Int) -> Message {
        switch (images, videos) {
        case (0, 0), (1, 0): return Message(.titleSaveImage)
        case (0, 1): return Message(.titleSaveVideo)
        case (_, 0): return Message(.titleSaveImages, ["count": images])
        case (0, _): return Message(.titleSaveVideos, ["count": videos])
        default: return Message(.titleSaveItems, ["count": images + videos])
        }
    }

    /// An application activity: excludable (UIActivity `_canBeExcludeWhenMatchingWithContext:`
    /// returns YES); its own `canPerformWithActivityItems:` decides, which sharelint cannot run.
    func applicationDestination(_ activity: ApplicationActivity, _ context: Context, exclusions: Exclusions, receipts: Bool) -> Destination? {
        guard let type = activity.type?.value else { return nil }
        let row: Destination.Row = activity.category?.value == "share" ? .share : .action
        let runTime = Destination.Reason(.decidedByApp, Message(.reasonAppDecides), detail: "the activity's own canPerform(withActivityItems:) decides, in the app")
        var destination = Destination(name: type, activityType: type, title: activity.title?.value ?? type,
                                      titleMessage: .verbatim(activity.title?.value ?? type), row: row,
                                      availability: .decidedAtRunTime, reason: runTime, conditions: [], receipt: nil,
                                      evidence: "_UIActivityHelper _enumerateAvailableActivitiesForMatchingContext: (applicationActivities), UIActivity canPerformWithActivityItems:",
                                      availabilityUnlessExcluded: .decidedAtRunTime, reasonUnlessExcluded: runTime)
        destination.imagePath = activity.image?.value
        if let entry = exclusions.honoured[type] {
            destination.availability = .notOffered
            destination.reason = .init(.excluded, Message(.reasonExcludedBy, ["entry": entry.value, "line": entry.range.start.line]))
        } else if receipts {
            let prepared = context.prepared(for: type)
            destination.receipt = Destination.Receipt(items: prepared.map { Self.describe($0.item, $0.value) + " (prepare(withActivityItems:))" })
            destination.receipt?.summary = prepared.map { Self.summary($0.item, $0.value) }
        }
        return destination
    }
}
