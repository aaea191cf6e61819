import ShareLintMessages
/// The header the share sheet draws above the activity rows.
public struct Header: Sendable, Hashable {
    /// How the header was laid out.
    public enum Style: String, Sendable, Hashable {
        /// One metadata entry: `LPLinkMetadataPresentationTransformer`.
        case single
        /// Several entries: `LPMultipleMetadataPresentationTransformer`.
        case summary
        /// No entry but a URL request: `LPLinkView _initWithMetadataLoadedFromRequests:`
        /// fetches the page, whose own title iOS shows (unknown offline).
        case fetched
    }

    /// Where the header's image comes from.
    public enum IconSource: String, Sendable, Hashable, CaseIterable {
        /// An item's `previews.thumbnail`.
        case thumbnail
        /// An item's `previews.fullSize`.
        case fullSize
        /// `linkPresentation.icon`.
        case linkIcon
        /// `linkPresentation.image`.
        case linkImage
        /// The text symbol the share sheet gives a string item.
        case text
        /// A file URL's own thumbnail (QuickLook), else its type's icon.
        case file
    }

    /// The title, such as "Plain Text and 1 Image".
    public package(set) var title: String
    /// The subtitle; empty when there is none.
    public package(set) var subtitle: String
    /// Single entry or summary.
    public package(set) var style: Style
    /// The source of the header's image, nil when none of the configuration's images is
    /// shown (iOS then draws a stock icon: the app's, Safari's, a file's).
    public package(set) var icon: IconSource?
    /// For a fetched header: the page iOS loads.
    public package(set) var fetchedURL: String?
    /// What only the device can tell about this header, nil when nothing: on iOS 26 a file
    /// URL's request waits for `-[SHSheetServiceManager canShareFileURL:]`.
    package var decidedAtRunTimeNote: Message?
    /// `decidedAtRunTimeNote` in English.
    public var decidedAtRunTime: String? { decidedAtRunTimeNote?.english }
    /// The image file the icon comes from, as written in the configuration (relative to its
    /// directory): what a picture of the sheet draws. Not part of the reports.
    package var iconPath: String?
    /// On iOS 26, for a header that rests on a file URL: what the share sheet shows when
    /// `-[SHSheetServiceManager canShareFileURL:]` refuses the file (this header is what it
    /// shows when it allows it); nil otherwise.
    package var ifFileRefused: IfFileRefused?

    /// The other outcome of a header decided at run time by `canShareFileURL:` (a class, so
    /// that a header can hold a prediction that holds a header).
    package final class IfFileRefused: Sendable, Hashable {
        /// What iOS shows when the file URLs are refused.
        package let prediction: HeaderPrediction

        /// Creates the outcome.
        package init(_ prediction: HeaderPrediction) { self.prediction = prediction }

        package static func == (a: IfFileRefused, b: IfFileRefused) -> Bool { a.prediction == b.prediction }
        package func hash(into hasher: inout Hasher) { hasher.combine(prediction) }
    }

    /// Creates a header.
    package init(title: String, subtitle: String, style: Style = .single, icon: IconSource? = nil, fetchedURL: String? = nil,
                iconPath: String? = nil, decidedAtRunTime: Message? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.style = style
        self.icon = icon
        self.fetchedURL = fetchedURL
        self.iconPath = iconPath
        self.decidedAtRunTimeNote = decidedAtRunTime
    }
}

/// What the share sheet shows above its rows for one target: a header, or no preview.
package enum HeaderPrediction: Sendable, Hashable {
    /// A header.
    case preview(Header)
    /// No preview at all, with the reason in words.
    case noPreview(reason: Message)

    /// The header, nil for no preview.
    package var header: Header? {
        if case .preview(let header) = self { return header }
        return nil
    }

    /// Why there is no preview, nil when there is one.
    package var noPreviewReasonText: Message? {
        if case .noPreview(let reason) = self { return reason }
        return nil
    }

    /// Why there is no preview, in English.
    package var noPreviewReason: String? { noPreviewReasonText?.english }
}

/// The prediction for another target than the run's, where it differs.
package struct TargetPrediction: Sendable, Hashable {
    /// The versions it holds for, such as "iOS 14–15".
    package var targets: String
    /// What those versions show.
    package var prediction: HeaderPrediction

    /// Creates one.
    package init(targets: String, prediction: HeaderPrediction) {
        self.targets = targets
        self.prediction = prediction
    }
}
