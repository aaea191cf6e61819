import ShareLintMessages
import YAMLSyntax

/// A configuration with nothing to share.
package struct EmptyConfigurationRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .emptyConfiguration, severity: .error,
        summary: "A configuration has no items and no `messageBody`.",
        rationale: "The share sheet has nothing to share and shows no header; the share point is broken.",
        triggering: [RuleExample("↓schemaVersion: 1\nmetadata:\n  title: 邀请好友\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nmetadata:\n  title: 邀请好友\n  messageBody: 扫码进入小程序\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        let configuration = context.configuration
        var end = configuration.range.start
        end.column += 1
        if configuration.usesActivityItems {
            guard configuration.writtenActivityItemCount == 0 else { return }
            findings.report(description.id, Message(.activityItemsEmpty),
                            at: SourceRange(start: configuration.range.start, end: end))
            return
        }
        guard configuration.writtenItemCount == 0, configuration.metadata?.messageBody == nil else { return }
        findings.report(description.id, Message(.sharesNothing),
                        at: SourceRange(start: configuration.range.start, end: end))
    }
}

/// `linkPresentation` without a URL, or with an original URL on another site.
package struct LinkMetadataIncompleteRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .linkMetadataIncomplete, severity: .warning,
        summary: "`linkPresentation` has neither `url` nor `originalURL` (warning), or `originalURL` is on another site than `url` (info).",
        rationale: "LPLinkMetadata without a URL shows no host in the header and cannot be refreshed; an original URL on another site looks like a redirect to users.",
        triggering: [
            RuleExample("schemaVersion: 1\nmetadata:\n  ↓linkPresentation:\n    title: 邀请好友\nitems:\n  - text: hello\n"),
            RuleExample("schemaVersion: 1\nmetadata:\n  linkPresentation:\n    url: https://example.com/i\n    originalURL: ↓https://short.example.net/i\nitems:\n  - text: hello\n"),
        ],
        nonTriggering: [RuleExample("schemaVersion: 1\nmetadata:\n  linkPresentation:\n    url: https://example.com/invite\n    originalURL: https://www.example.com/i\nitems:\n  - text: hello\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        check(context.configuration.metadata?.linkPresentation, context, &findings)
        for item in context.configuration.items { check(item.metadata?.linkPresentation, context, &findings) }
    }

    private func check(_ lp: LinkPresentation?, _ context: RuleContext, _ findings: inout Findings) {
        guard let lp else { return }
        guard let url = lp.url ?? lp.originalURL else {
            findings.report(description.id, Message(.linkPresentationNoURL),
                            at: lp.keyRange ?? lp.range, path: lp.path)
            return
        }
        guard let original = lp.originalURL, lp.url != nil,
              let a = context.parts(of: url), let b = context.parts(of: original),
              !a.host.isEmpty, !b.host.isEmpty, !URLParts.sameSite(a, b) else { return }
        findings.report(description.id, Message(.originalURLOtherSite, ["original": b.host, "url": a.host]), at: original, severity: .info)
    }
}

/// An image or a video is shared while Save Image / Save Video is available.
package struct PhotoLibraryUsageRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .photoLibraryUsage, severity: .warning,
        summary: "An image or a video is shared and `saveToCameraRoll` is not excluded: the app needs NSPhotoLibraryAddUsageDescription or NSPhotoLibraryUsageDescription (an error when `--info-plist` has neither).",
        rationale: """
        When an image or a video is shared the share sheet offers "Save Image" or "Save Video". Saving to Photos needs a \
        usage description in the app's Info.plist: without one, older iOS versions crash the app when it is chosen, and \
        iOS 18 hides the activity while Photos access is undetermined (UISaveToCameraRollActivity _canSaveImages, which \
        accepts NSPhotoLibraryAddUsageDescription or NSPhotoLibraryUsageDescription). Add the key, or exclude saveToCameraRoll. \
        A project that generates its Info.plist sets the key as INFOPLIST_KEY_NSPhotoLibraryAddUsageDescription: name the \
        .xcconfig or the .xcodeproj with --info-plist.
        """,
        triggering: [
            RuleExample("schemaVersion: 1\nitems:\n  - type: public.png\n    file: ↓poster.png\n", files: ["poster.png": ExampleFiles.png(width: 64, height: 64)]),
            RuleExample("schemaVersion: 1\nitems:\n  - type: public.mpeg-4\n    base64: ↓AAAAGGZ0eXBtcDQy\n"),
        ],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - type: public.png\n    file: poster.png\nexcludedActivityTypes: [saveToCameraRoll]\n", files: ["poster.png": ExampleFiles.png(width: 64, height: 64)])])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        guard !context.isExcluded("saveToCameraRoll") else { return }
        let plist = context.options.infoPlist
        if plist?.declaresPhotoLibraryUsage == true { return }
        guard let (location, kind) = Self.firstSaved(context) else { return }
        let activity = Message(kind == "image" ? .titleSaveImage : .titleSaveVideo)
        if let plist {
            findings.report(description.id,
                Message(.photoUsageMissingInPlist, ["activity": activity, "plist": PathLogic.fileName(of: plist.path)]),
                at: location, severity: .error)
        } else if context.fileMemo.firstPhotoLibraryNote() {
            // Without the app's Info.plist, a note once per file: the same for every document.
            findings.report(description.id,
                Message(.photoUsageNeedsPlist, ["activity": activity]),
                at: location)
        }
    }

    /// "image" or "video" for a representation with bytes of either kind, else nil.
    static func savedKind(_ representation: Representation, _ context: RuleContext) -> String? {
        switch representation.payload {
        case .file?, .base64?:
            guard let type = context.effectiveType(of: representation) else { return nil }
            return savedKind(of: type, context)
        default:
            return nil
        }
    }

    private static func savedKind(of type: String, _ context: RuleContext) -> String? {
        if context.conformsToImage(type) { return "image" }
        if context.conforms(type, toParentOf: .video) { return "video" }
        return nil
    }

    /// The first image or video shared: a representation with such bytes (UISaveToCameraRollActivity
    /// counts a provider with any type conforming to public.image or public.movie), or on the
    /// activityItems path an image, an image or movie file URL, or an item source's such placeholder.
    static func firstSaved(_ context: RuleContext) -> (LocatedString, String)? {
        for item in context.configuration.items {
            for representation in item.representations {
                if let payload = representation.payload, let kind = savedKind(representation, context) { return (payload.located, kind) }
            }
        }
        for entry in context.configuration.activityItems {
            switch entry.value ?? entry.source?.placeholder {
            case .image(let path)?: return (path, "image")
            case .fileURL(let path)?:
                if let ext = PathLogic.fileExtension(of: path.value), case .type(let type) = context.registry.inferType(forExtension: ext),
                   let kind = savedKind(of: type, context) { return (path, kind) }
            default: break
            }
        }
        return nil
    }
}

/// The expected header differs from the predicted one.
package struct HeaderMismatchRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .headerMismatch, severity: .error,
        summary: "`expect.header.title` or `subtitle` differs from the header sharelint predicts for the run's iOS target (`--ios`, default 26).",
        rationale: """
        The expectation records what the author saw on a phone; a change to the items that changes the header should be \
        noticed in review. The header depends on the iOS version: iOS 16 and later drop the message body's entry when \
        another entry exists, so pin the version you checked with `--ios` or `ios:` in .sharelint.yml.
        """,
        triggering: [RuleExample("schemaVersion: 1\nmetadata:\n  title: 邀请好友\n  messageBody: 扫码进入小程序\nitems:\n  - type: com.compuserve.gif\n    base64: R0lGODlhAQABAAAAADs=\nexpect:\n  header:\n    title: ↓Plain Text and 1 Image\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nmetadata:\n  title: 邀请好友\n  messageBody: 扫码进入小程序\nitems:\n  - type: com.compuserve.gif\n    base64: R0lGODlhAQABAAAAADs=\nexpect:\n  header:\n    title: 邀请好友\n    subtitle: \"\"\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        guard let expect = context.configuration.expect else { return }
        let header = context.header
        // Worded only for a message: most documents' expectations hold.
        let target = { Message(.targetAndLocale, ["target": "\(context.options.iosTarget)", "locale": context.options.locale.rawValue]) }
        let shown: (String) -> Message = { text in header == nil ? Message(.noPreviewShown) : Message(.subjectKey, ["key": text]) }
        if let title = expect.title, title.value != (header?.title ?? "") {
            findings.report(description.id, Message(.expectedTitle, ["expected": title.value, "shown": shown(header?.title ?? ""), "target": target()]),
                            at: title, suggestion: header?.title)
        }
        if let subtitle = expect.subtitle, subtitle.value != (header?.subtitle ?? "") {
            findings.report(description.id, Message(.expectedSubtitle, ["expected": subtitle.value, "shown": shown(header?.subtitle ?? ""), "target": target()]),
                            at: subtitle, suggestion: header?.subtitle)
        }
    }
}

/// iOS shows no preview of the shared content above the share sheet.
package struct NoHeaderPreviewRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .noHeaderPreview, severity: .warning,
        summary: "iOS has no link metadata for any shared item, so the share sheet shows no preview of the content.",
        rationale: """
        The share sheet builds its header from the link metadata of each activity item. An item provider has metadata only \
        when it has a title, a thumbnail or fullSize preview, or linkPresentation (its own or the configuration's); a \
        message body has its text. Without any, the header shows none of the content: people see no picture or title of \
        what they are about to send.
        """,
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - ↓type: com.compuserve.gif\n    base64: R0lGODlhAQABAAAAADs=\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nmetadata:\n  title: 邀请好友\nitems:\n  - type: com.compuserve.gif\n    base64: R0lGODlhAQABAAAAADs=\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        guard case .noPreview = context.prediction else { return }
        let configuration = context.configuration
        if configuration.usesActivityItems {
            guard let first = configuration.activityItems.first else { return }
            findings.report(description.id,
                Message(.noPreviewActivityItems),
                at: SourceRange(start: first.range.start, end: first.range.start), path: first.path)
            return
        }
        guard let first = configuration.items.first else { return }
        findings.report(description.id,
            Message(.noPreviewItems),
            at: SourceRange(start: first.range.start, end: first.range.start), path: first.path)
    }
}
