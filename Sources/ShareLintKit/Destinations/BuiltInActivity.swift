import ShareLintMessages
/// The built-in activities, in the share sheet's default order within each
/// row: by `_defaultSortGroup`, then by the index in `_UIActivityUserDefaults
/// builtinActivityOrder` (iOS 18.2).
package enum BuiltInActivity: String, CaseIterable, Sendable {
    case collaborationInviteWithLink, airDrop, message, mail, openInIBooks
    case postToFacebook, postToTwitter, postToWeibo, postToTencentWeibo, postToFlickr, postToVimeo
    case sharePlay, collaborationCopyLink, copyToPasteboard, saveToCameraRoll, assignToContact
    case markupAsPDF, print, addToHomeScreen, addToReadingList

    /// `_defaultSortGroup`: 1 for the elevated built-ins (Copy, SharePlay, the collaboration
    /// activities), 2 for the other built-ins, 4 for Books (it overrides the method) and for
    /// extensions (the social types), 7 for Add to Reading List (no XPC attributes: sorted by
    /// title). The app's own activities are group 3.
    package var sortGroup: Int {
        switch self {
        case .copyToPasteboard, .sharePlay, .collaborationInviteWithLink, .collaborationCopyLink: return 1
        case .openInIBooks, .postToFacebook, .postToTwitter, .postToWeibo, .postToTencentWeibo, .postToFlickr, .postToVimeo: return 4
        case .addToReadingList: return 7
        default: return 2
        }
    }

    /// The short name (`UIActivity.ActivityType.mail`).
    package var shortName: String { rawValue }

    /// The raw activity type (`com.apple.UIKit.activity.Mail`).
    package var activityType: String {
        // The cases are few: finding the position beats hashing.
        guard let index = Self.all.firstIndex(of: self) else { return BuiltInActivityTypes.rawPrefix + rawValue }
        return Self.activityTypes[index]
    }

    /// `allCases`, built once (the synthesized property makes a new array per call).
    static let all = allCases

    /// The built-in for a short name or raw value.
    package init?(named name: String) {
        guard let activity = Self.byName.value(for: name) else { return nil }
        self = activity
    }

    /// The activity a document's value names (`init(named:)`, read over the value's bytes).
    init?(named name: LocatedString) {
        guard let activity = Self.byName.value(for: name) else { return nil }
        self = activity
    }

    /// Raw values in the order of `all`, and activities by short name and raw value: looked up once
    /// per run instead of per call (destinations ask for them for every activity of every
    /// document).
    private static let activityTypes: [String] = all.map {
        BuiltInActivityTypes.rawValue(for: $0.rawValue) ?? BuiltInActivityTypes.rawPrefix + $0.rawValue
    }
    private static let byName: ASCIIKeyTable<BuiltInActivity> = {
        var pairs: [(key: String, value: BuiltInActivity)] = []
        for (shortName, raw) in BuiltInActivityTypes.all {
            guard let index = activityTypes.firstIndex(of: raw) else { continue }
            pairs.append((shortName, all[index]))
            pairs.append((raw, all[index]))
        }
        return ASCIIKeyTable(pairs)
    }()

    /// The six types that exist only as aliases of Apple's retired `com.apple.share.*.post`
    /// extensions (`_UISocialActivityGetActivityTypeForApplicationExtension`).
    package static let social: [BuiltInActivity] = [.postToFacebook, .postToTwitter, .postToWeibo, .postToTencentWeibo, .postToFlickr, .postToVimeo]

    /// Whether it is one of the six social types.
    package var isSocial: Bool { Self.social.contains(self) }

    /// `+activityCategory`: 1 (share row) for Mail, Message, AirDrop, Books, the invite
    /// link and `UISocialActivity`; 0 (action list) for the others, SharePlay included.
    package var row: Destination.Row {
        switch self {
        case .airDrop, .message, .mail, .collaborationInviteWithLink, .openInIBooks,
             .postToFacebook, .postToTwitter, .postToWeibo, .postToTencentWeibo, .postToFlickr, .postToVimeo:
            return .share
        default:
            return .action
        }
    }

    /// The title under the icon, in English.
    package var title: String { titleMessage.english }

    /// The title under the icon, in any language: the words iOS shows in English and in
    /// zh-Hans (docs/decisions.md, "Messages in Simplified Chinese").
    package var titleMessage: Message {
        switch self {
        case .airDrop: return Message(.titleAirDrop)
        case .message: return Message(.titleMessages)
        case .mail: return Message(.titleMail)
        case .collaborationInviteWithLink: return Message(.titleLink)
        case .openInIBooks: return Message(.titleBooks)
        case .postToFacebook: return Message(.titleFacebook)
        case .postToTwitter: return Message(.titleTwitter)
        case .postToWeibo: return Message(.titleWeibo)
        case .postToTencentWeibo: return Message(.titleTencentWeibo)
        case .postToFlickr: return Message(.titleFlickr)
        case .postToVimeo: return Message(.titleVimeo)
        case .sharePlay: return Message(.titleSharePlay)
        case .collaborationCopyLink: return Message(.titleCopyLink)
        case .copyToPasteboard: return Message(.titleCopy)
        case .saveToCameraRoll: return Message(.titleSaveImage)
        case .assignToContact: return Message(.titleAssignToContact)
        case .markupAsPDF: return Message(.titleMarkup)
        case .print: return Message(.titlePrint)
        case .addToHomeScreen: return Message(.titleAddToHomeScreen)
        case .addToReadingList: return Message(.titleAddToReadingList)
        }
    }

    /// The iOS version that introduced it (UIActivity.h availability), as (major, minor).
    package var introduced: (major: Int, minor: Int) {
        switch self {
        case .postToFacebook, .postToTwitter, .postToWeibo, .message, .mail, .print, .copyToPasteboard,
             .assignToContact, .saveToCameraRoll: return (6, 0)
        case .addToReadingList, .postToFlickr, .postToVimeo, .postToTencentWeibo, .airDrop: return (7, 0)
        case .openInIBooks: return (9, 0)
        case .markupAsPDF: return (11, 0)
        case .sharePlay: return (15, 4)
        case .collaborationInviteWithLink, .collaborationCopyLink: return (16, 0)
        case .addToHomeScreen: return (16, 4)
        }
    }

    /// The decompiled method (iOS 18.2, ShareSheet.framework) its decision comes from.
    package var evidence: String {
        switch self {
        case .airDrop: return "UIAirDropActivity canPerformWithActivityItems: (+canPerformActivityWithItemClasses:, class list elided: inferred)"
        case .message: return "UIMessageActivity canPerformWithActivityItems: (masks 0x484F / 0x4805 | 0xCA), prepareWithActivityItems:"
        case .mail: return "UIMailActivity canPerformWithActivityItems: (types & 0x98F), prepareWithActivityItems:"
        case .collaborationInviteWithLink: return "UICollaborationInviteWithLinkActivity canPerformWithActivityItems: (returns NO), canPerformWithCollaborationItem:"
        case .openInIBooks: return "UIOpenInIBooksActivity canPerformWithActivityItems: ((types & 0x22) && !(types & 0x80)), _UIActivityGetPrintingBasedActivities"
        case .postToFacebook, .postToTwitter, .postToWeibo, .postToTencentWeibo, .postToFlickr, .postToVimeo:
            return "UISocialActivity, _UISocialActivityGetActivityTypeForApplicationExtension, SLComposeViewController _unsupportedServiceTypes"
        case .sharePlay: return "UISharePlayActivity canPerformWithActivityItems: (items ignored)"
        case .collaborationCopyLink: return "UICollaborationCopyLinkActivity canPerformWithActivityItems: (returns NO), canPerformWithCollaborationItem:"
        case .copyToPasteboard: return "UICopyToPasteboardActivity canPerformWithActivityItems: (types == 0x4000 or types & 0x9F), prepareWithActivityItems:"
        case .saveToCameraRoll: return "UISaveToCameraRollActivity canPerformWithActivityItems:, _canSaveImages"
        case .assignToContact: return "UIAssignToContactActivity canPerformWithActivityItems: (one image, no video)"
        case .markupAsPDF: return "UICreatePDFActivity canPerformWithActivityItems: (Print, then types & 0xA0, at most one PDF)"
        case .print: return "UIPrintActivity canPerformWithActivityItems: (no video; types & 0xA2)"
        case .addToHomeScreen: return "UIAddToHomeScreenActivity canPerformWithActivityItems: (_ShareSheetIsBrowser, web view item)"
        case .addToReadingList: return "UIAddToReadingListActivity canPerformWithActivityItems: ((types >> 2) & 1), prepareWithActivityItems:"
        }
    }
}

/// Apple's extensions whose identifiers `_UISocialActivityGetActivityTypeForApplicationExtension`
/// maps to a built-in type, so excluding them is honoured.
enum AppleExtensions {
    static let excludable: Set<String> = ["com.apple.reminders.sharingextension", "com.apple.mobilenotes.SharingExtension"]
}

extension DestinationModel {
    /// The service a retired social type names (`com.apple.share.<service>.post`).
    static func socialService(_ activity: BuiltInActivity) -> String {
        switch activity {
        case .postToFacebook: return "Facebook"
        case .postToTwitter: return "Twitter"
        case .postToWeibo: return "SinaWeibo"
        case .postToTencentWeibo: return "TencentWeibo"
        case .postToFlickr: return "Flickr"
        default: return "Vimeo"
        }
    }
}
