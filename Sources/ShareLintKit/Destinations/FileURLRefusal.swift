import ShareLintMessages
/// iOS 26's question about file URLs (docs/destinations.md, "File URLs the system may
/// refuse"): 26.1's `SHSheetActivityItemsManager
/// -_configureContentManagedForActivityItem:activityItemValue:outURLs:outScopedURLs:activity:`
/// asks `-[SHSheetServiceManager canShareFileURL:]` of a file URL, a synchronous call the system
/// answers at run time, and returns NO when it refuses; `-_resolvePlaceholderActivityItems`
/// and `-_resolveActivityItemsForActivity:` then skip the value ("skipping activityItem:").
/// 18.2's method has no such test. The `items` path is not concerned: its values are item
/// providers.
extension DestinationModel {
    /// Whether a value an activity receives is a file URL (`-[NSURL isFileURL]`).
    static func isFileURL(_ value: MatchedItem.LoadedValue) -> Bool {
        switch value {
        case .fileURL: return true
        case .url(let url): return isFileURL(url)
        case .string, .file, .image, .data, .printFormatter, .unknown: return false
        }
    }

    /// Whether an object of the activityItems path is a file URL.
    static func isFileURL(_ value: ActivityValue) -> Bool {
        switch value {
        case .fileURL: return true
        case .url(let url): return URLParts.isFileURL(url.value)
        case .text, .image, .data, .printText, .printMarkup: return false
        }
    }

    /// The activityItems entries that hold a file URL (the object, an item source's
    /// placeholder, or an item it returns for some activity): what iOS 26 asks the system
    /// about. Empty on the `items` path.
    static func fileURLItems(of configuration: ShareConfiguration) -> [String] {
        guard configuration.usesActivityItems else { return [] }
        return configuration.activityItems.compactMap { entry in
            var values = [entry.value, entry.source?.placeholder, entry.source?.defaults.item]
            values += entry.source?.overrides.map(\.response.item) ?? []
            return values.contains { $0.map(isFileURL) ?? false } ? entry.path : nil
        }
    }

    /// An activity as iOS 26 decides it: `allowed` when the system lets the app share the
    /// file URLs (as 18.2 decides), `refused` when it does not. Where the two differ in what
    /// is offered or received, the activity is decided at run time and keeps both outcomes;
    /// `receipt` and the conditions stay the allowed outcome's (the refused one's when only it
    /// offers the activity).
    static func merging(_ allowed: Destination, ifFileRefused refused: Destination, files: [String]) -> Destination {
        var merged = allowed
        if allowed.availabilityUnlessExcluded != refused.availabilityUnlessExcluded {
            merged.availabilityUnlessExcluded = .decidedAtRunTime
            merged.reasonUnlessExcluded = fileURLReason(files: files, allowed: allowed.availabilityUnlessExcluded,
                                                        refused: refused.availabilityUnlessExcluded)
        }
        guard allowed.availability != refused.availability || allowed.receipt != refused.receipt else { return merged }
        let outcome = { (d: Destination) in Destination.Outcome(availability: d.availability, reason: d.reason, conditions: d.conditions, receipt: d.receipt) }
        merged.fileOutcomes = Destination.FileOutcomes(files: files, ifAllowed: outcome(allowed), ifRefused: outcome(refused))
        // An application activity is decided at run time either way: its own reason stays.
        if allowed.availability != .decidedAtRunTime || refused.availability != .decidedAtRunTime {
            merged.availability = .decidedAtRunTime
            merged.reason = fileURLReason(files: files, allowed: allowed.availability, refused: refused.availability)
        }
        if allowed.availability == .notOffered { merged.conditions = refused.conditions }
        return merged
    }

    /// The reason of an activity decided by `canShareFileURL:`, in short (each outcome's own
    /// reason is kept with it).
    static func fileURLReason(files: [String], allowed: Destination.Availability, refused: Destination.Availability) -> Destination.Reason {
        let named = files.count == 1 ? Message(.fileURLOf, ["file": files[0]]) : Message(.fileURLsOf, ["files": files])
        let summary: Message
        switch (allowed, refused) {
        case (.offered, .notOffered): summary = Message(.reasonFileURLOfferedIfMay, ["files": named])
        case (.notOffered, .offered): summary = Message(.reasonFileURLOfferedIfNot, ["files": named])
        case (let a, let r) where a == r: summary = Message(.reasonFileURLAbsent, ["files": named])
        default: summary = Message(.reasonFileURLEither, ["files": named, "allowed": allowed.words, "refused": refused.words])
        }
        // The full reason names the method asked.
        let shown = files.count == 1 ? files[0] + "'s file URL" : "the file URLs of " + files.joined(separator: ", ")
        let lead = "iOS 26 asks -[SHSheetServiceManager canShareFileURL:] at run time whether the app may share \(shown)"
        let detail: String
        switch (allowed, refused) {
        case (.offered, .notOffered): detail = lead + ": offered only if it may"
        case (.notOffered, .offered): detail = lead + ": offered only if it may not"
        case (let a, let r) where a == r: detail = lead + "; a file it refuses is absent from what the activity receives"
        default: detail = lead + ": if it may, \(allowed.words.english); if not, \(refused.words.english)"
        }
        return Destination.Reason(.decidedByDevice, summary, detail: detail)
    }
}
