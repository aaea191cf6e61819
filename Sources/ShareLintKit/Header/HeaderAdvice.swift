import ShareLintMessages

/// What a content author reads under a header that is only a summary of types ("Plain
/// Text and 1 Image", "3 Images") or under no preview at all: why, in one sentence, and
/// what to add for a title and an image. A summary is what
/// `LPMultipleMetadataPresentationTransformer` draws for several entries (docs/header.md):
/// nothing titles the share as a whole, so iOS names the items' types.
enum HeaderAdvice {
    static func advice(for configuration: ShareConfiguration, prediction: HeaderPrediction) -> Message? {
        switch prediction {
        case .noPreview(let reason):
            if reason.id == .reasonNothingShared { return Message(.adviceNothingShared) }
            return Message(configuration.usesActivityItems ? .adviceNoPreviewActivityItems : .adviceNoPreviewItems)
        case .preview(let header):
            guard header.style == .summary else { return nil }
            return Message(configuration.usesActivityItems ? .adviceSummaryActivityItems : .adviceSummaryItems)
        }
    }
}
