import ShareLintMessages
/// Predicts which activities the share sheet offers for a configuration and what each
/// receives, step by step in iOS's order (docs/destinations.md cites the decompiled iOS 18.2
/// method behind each step):
///
///     activity items -> item types -> exclusions -> canPerform per activity -> printing-based -> prepare
///     (HeaderPipeline)  (step 1)      (step 2)      (step 3)                    (step 4)           (step 5)
package struct DestinationModel: Sendable {
    /// The iOS version predicted for.
    package var target: IOSTarget
    /// The app's Info.plist, when given (`--info-plist`).
    package var infoPlist: InfoPlistFacts?

    /// Creates a model.
    package init(target: IOSTarget = .default, infoPlist: InfoPlistFacts? = nil) {
        self.target = target
        self.infoPlist = infoPlist
    }

    /// The destinations of a configuration; `typeOf` gives a representation's type (declared
    /// or inferred), nil when unknown. Without `receipts`, only what is offered is decided
    /// (what rules about exclusions need), and `receipt` stays nil.
    /// `imageSize` gives an image file's pixel size (after its orientation), nil when unknown:
    /// it decides how Mail and Messages name and encode a UIImage.
    package func report(for configuration: ShareConfiguration, registry: UTTypeRegistry, receipts: Bool = true,
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
        destination.symbol = activity.symbol?.value
        if let entry = exclusions.honoured[type] {
            destination.availability = .notOffered
            destination.reason = .init(.excluded, Message(.reasonExcludedBy, ["entry": entry.value, "line": entry.range.start.line]))
        } else if receipts {
            let prepared = context.prepared(for: type)
            destination.receipt = Destination.Receipt(items: prepared.map { Self.describe($0.item, $0.value) + " (prepare(withActivityItems:))" })
            destination.receipt?.summary = prepared.map { Self.summary($0.item, $0.value) }
            if var receipt = destination.receipt {
                Self.noteWithheld(context, type, in: &receipt)
                destination.receipt = receipt
            }
        }
        return destination
    }
}
