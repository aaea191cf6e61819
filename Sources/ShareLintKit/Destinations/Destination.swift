import ShareLintMessages
/// What the share sheet does with one activity for one configuration: whether it is
/// offered, why not, and what it receives (docs/destinations.md cites the iOS method behind
/// each decision).
public struct Destination: Sendable, Hashable {
    /// The name used in `expect.destinations`: a built-in short name (`mail`) or an
    /// application activity's type.
    public package(set) var name: String
    /// The activity type iOS reports (`com.apple.UIKit.activity.Mail`).
    public package(set) var activityType: String
    /// The title under the icon, in English (`Mail`, `Save Image`).
    public package(set) var title: String
    /// The title under the icon, in any language (an application activity's as written).
    package var titleMessage: Message
    /// The row it appears in.
    public package(set) var row: Row
    /// Whether it is offered.
    public package(set) var availability: Availability
    /// Why it is not offered, or what decides it at run time; nil when it is offered.
    public package(set) var reason: Reason?
    /// What must hold on the device for an offered activity to show (Mail installed, ...).
    package var conditions: [String]
    /// What it receives, when it is offered or may be.
    package var receipt: Receipt?
    /// The decompiled iOS method the decision comes from.
    package var evidence: String
    /// An application activity's image file, as written (for pictures of the sheet).
    package var imagePath: String?
    /// An application activity's SF Symbol name (drawn as a neutral glyph in pictures).
    package var symbol: String?
    /// What it would be without its own exclusion (for `excluded-never-offered`).
    package var availabilityUnlessExcluded: Availability
    /// Why, without its own exclusion, it would not be offered (or what decides it).
    package var reasonUnlessExcluded: Reason?
    /// On iOS 26, for an activity of the activityItems path whose offer or receipt rests on a
    /// file URL: what it does when `-[SHSheetServiceManager canShareFileURL:]` allows the
    /// files and when it refuses them (`availability` is then `decidedAtRunTime`, `receipt`
    /// the allowed outcome's); nil otherwise.
    package var fileOutcomes: FileOutcomes?

    /// The share sheet's rows (`+[UIActivity activityCategory]`).
    public enum Row: String, Sendable, Hashable {
        /// `UIActivityCategoryShare` (1): the row of app icons.
        case share
        /// `UIActivityCategoryAction` (0): the list of actions.
        case action
    }

    /// Whether an activity shows.
    public enum Availability: String, Sendable, Hashable, CaseIterable {
        /// It shows (subject to `conditions`).
        case offered
        /// It does not show.
        case notOffered
        /// Only the device or the app's own code can tell.
        case decidedAtRunTime

        /// "offered", "not offered", "decided at run time", in any language.
        package var words: Message {
            switch self {
            case .offered: return Message(.availabilityOffered)
            case .notOffered: return Message(.availabilityNotOffered)
            case .decidedAtRunTime: return Message(.availabilityRunTime)
            }
        }

        /// "yes", "no", "run time": for tables.
        package var shortText: String {
            switch self {
            case .offered: return "yes"
            case .notOffered: return "no"
            case .decidedAtRunTime: return "run time"
            }
        }
    }

    /// Why an activity is not offered, or what decides it.
    public struct Reason: Sendable, Hashable {
        /// The kind of reason.
        public package(set) var kind: Kind
        /// The reason for people, in any language: what the activity takes and what is
        /// missing, without the iOS methods it rests on.
        package var summary: Message
        /// The reason in full, in English, with the iOS methods and masks it rests on.
        public package(set) var text: String

        /// Kinds of reasons.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// Listed in `excludedActivityTypes`.
            case excluded
            /// No activity item is of a kind it takes.
            case noSuitableItem
            /// Hidden without an Info.plist key.
            case needsInfoPlistKey
            /// Tried only after Print, which is not offered.
            case needsPrint
            /// The activity does not exist in the target iOS version.
            case notInThisIOS
            /// No built-in activity has the type any more.
            case noBuiltInActivity
            /// Needs an item or entitlement a configuration cannot provide.
            case needsSpecialItem
            /// Decided by the app's own code at run time.
            case decidedByApp
            /// Decided by the device, its settings or the app's entitlements at run time.
            case decidedByDevice
        }

        /// Creates a reason; `detail` is the full reason when it says more than the summary.
        package init(_ kind: Kind, _ summary: Message, detail: String? = nil) {
            self.kind = kind
            self.summary = summary
            self.text = detail ?? summary.english
        }
    }

    /// What an activity does in one of the outcomes of a run-time answer.
    package struct Outcome: Sendable, Hashable {
        /// Whether it is offered.
        package var availability: Availability
        /// Why it is not offered, or what decides it.
        package var reason: Reason?
        /// What must hold on the device for it to show.
        package var conditions: [String]
        /// What it receives, when it is offered or may be.
        package var receipt: Receipt?

        /// Creates an outcome.
        package init(availability: Availability, reason: Reason?, conditions: [String], receipt: Receipt?) {
            self.availability = availability
            self.reason = reason
            self.conditions = conditions
            self.receipt = receipt
        }
    }

    /// The two outcomes of `-[SHSheetServiceManager canShareFileURL:]` (iOS 26): with the file
    /// URLs, as iOS 18 has them, and without those the system refuses.
    package struct FileOutcomes: Sendable, Hashable {
        /// The items whose file URLs are asked about (`activityItems[0]`).
        package var files: [String]
        /// When the system allows the files.
        package var ifAllowed: Outcome
        /// When it refuses them: the files are absent.
        package var ifRefused: Outcome

        /// Creates the outcomes.
        package init(files: [String], ifAllowed: Outcome, ifRefused: Outcome) {
            self.files = files
            self.ifAllowed = ifAllowed
            self.ifRefused = ifRefused
        }
    }

    /// What an activity receives.
    package struct Receipt: Sendable, Hashable {
        /// The subject (Mail's subject line); nil when none.
        package var subject: String?
        /// The message text; nil when none.
        package var body: String?
        /// Whether the body is sent as HTML (Mail: `setMessageBody:isHTML:` with YES).
        package var isHTML: Bool
        /// Files attached, in order.
        package var attachments: [Attachment]
        /// Everything else it receives, in words, in order (in English, with the iOS methods
        /// it comes from).
        package var items: [String]
        /// What it receives besides the subject, text and attachments, for people, in any
        /// language (`sharelint destinations` without `--verbose`).
        package var summary: [Message] = []

        /// A text cut to 24 characters on one line, for a line that names several things.
        package static func excerpt(_ text: String) -> String {
            let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            return flat.count > 24 ? String(flat.prefix(24)) + "…" : flat
        }

        /// Creates a receipt.
        package init(subject: String? = nil, body: String? = nil, isHTML: Bool = false, attachments: [Attachment] = [], items: [String] = []) {
            self.subject = subject
            self.body = body
            self.isHTML = isHTML
            self.attachments = attachments
            self.items = items
        }
    }

    /// One attached file.
    package struct Attachment: Sendable, Hashable {
        /// The item it comes from (`items[0]`).
        package var item: String
        /// Its type.
        package var type: String
        /// Its file name when known; nil when iOS names the file it loads the item into.
        package var name: String?

        /// Creates an attachment.
        package init(item: String, type: String, name: String?) {
            self.item = item
            self.type = type
            self.name = name
        }
    }
}

/// The destinations of one configuration.
public struct DestinationReport: Sendable, Hashable {
    /// The built-in activities and the application activities, in the
    /// share sheet's default order (share row, then action list).
    public package(set) var destinations: [Destination]
    /// `excludedActivityTypes` entries iOS ignores (other apps' extensions).
    public package(set) var ignoredExclusions: [String]
    /// Whether some item's type is unknown (a typo, a type not inferable), so that what is
    /// offered is a guess for the activities that test that item.
    public package(set) var hasUnknownItemTypes: Bool
    /// What decides other apps' share and action extensions (always at run time).
    package var extensions: String

    /// The destination of a name (`mail`, a raw value, or an application activity's type).
    public func destination(named name: String) -> Destination? {
        destinations.first { $0.name == name || $0.activityType == name }
    }
}
