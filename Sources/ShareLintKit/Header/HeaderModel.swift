import ShareLintMessages
/// Predicts what the share sheet shows above its rows for a configuration: runs the
/// pipeline of `HeaderPipeline` for a target and locale, and says why when iOS shows no
/// preview (docs/header.md).
package struct HeaderModel: Sendable {
    /// The iOS version predicted for.
    package var target: IOSTarget
    /// The locale of the summary strings.
    package var locale: HeaderLocale

    /// Creates a header model.
    package init(target: IOSTarget = .default, locale: HeaderLocale = .en) {
        self.target = target
        self.locale = locale
    }

    /// The prediction for a document of either path: `activityItems` needs the files its
    /// file URLs name and the registry that types them.
    package func prediction(for configuration: ShareConfiguration, files: FileInspector, directory: String, registry: UTTypeRegistry) -> HeaderPrediction {
        guard configuration.usesActivityItems else { return prediction(for: configuration) }
        return ActivityItemsHeader(files: files, directory: directory, registry: registry)
            .prediction(for: configuration, target: target, locale: locale)
    }

    /// The prediction for a configuration of the `items` path.
    package func prediction(for configuration: ShareConfiguration) -> HeaderPrediction {
        let activityItems = HeaderPipeline.activityItems(of: configuration)
        var entries: [HeaderPipeline.Entry] = []
        entries.reserveCapacity(activityItems.count)
        // Items without link metadata of their own show the configuration's: its entry is made
        // once, and its copies share their fields (`HeaderPipeline.Entry`).
        var sharedLink: (link: LinkPresentation, entry: HeaderPipeline.Entry)?
        for item in activityItems {
            if case .provider(let provider) = item, let link = HeaderPipeline.linkPresentation(of: provider, in: configuration) {
                if sharedLink?.link !== link { sharedLink = (link, HeaderPipeline.entry(of: link)) }
                entries.append(sharedLink!.entry)
            } else if let entry = HeaderPipeline.metadata(of: item, in: configuration) {
                entries.append(entry)
            }
        }
        let requests = HeaderPipeline.urlRequests(in: activityItems)
        HeaderPipeline.filter(&entries, urlRequests: requests, for: target)
        if let header = HeaderPipeline.presentation(of: entries, urlRequests: target.dropsStringEntries ? requests : [], locale: locale,
                                                   target: target) {
            return .preview(header)
        }
        return .noPreview(reason: Self.noPreviewReason(activityItems))
    }

    /// Why no entry exists, in words that name what to add.
    static func noPreviewReason(_ activityItems: [HeaderPipeline.ActivityItem]) -> Message {
        if activityItems.isEmpty { return Message(.reasonNothingShared) }
        return Message(.noPreviewNoMetadata)
    }

    /// Whether text is empty or white space only.
    static func isBlank(_ text: String) -> Bool {
        text.withBytes(notBlank) ? false : isBlankByScalars(text)
    }

    /// `isBlank` for a document's value, read as bytes (its string is made only for text
    /// whose first bytes do not settle it).
    static func isBlank(_ text: LocatedString) -> Bool {
        text.withBytes(notBlank) ? false : isBlankByScalars(text.value)
    }

    /// Whether the first bytes show the text is not blank, without Unicode properties.
    private static func notBlank(_ utf8: ByteView) -> Bool {
        for byte in utf8 {
            // Printable ASCII settles it without looking up Unicode properties.
            if byte > 0x20 && byte < 0x7F { return true }
            // A lead byte from 0xE4 starts a scalar from U+4000: above every white space
            // (most CJK text stops here).
            if byte >= 0xE4 { return true }
            if byte >= 0x80 { break }
        }
        return false
    }

    /// No scalar above U+3000 (IDEOGRAPHIC SPACE) is white space, so CJK text is settled
    /// without the property lookup too (a test checks every scalar).
    private static func isBlankByScalars(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value <= Self.lastWhiteSpace && $0.properties.isWhitespace }
    }

    /// The highest scalar with the Unicode White_Space property.
    static let lastWhiteSpace: UInt32 = 0x3000

    /// `isBlank` for text that is not looked at byte by byte first (for its test).
    static func isBlankByProperties(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }
}

/// ByteCountFormatter's `.file` style: decimal units, no decimals for KB, one for MB,
/// two from GB up.
package enum ByteCount {
    /// Formats a byte count: "Zero KB", "1 byte", "12 KB", "1.2 MB".
    package static func fileStyle(_ bytes: Int) -> String {
        if bytes == 0 { return "Zero KB" }
        if bytes == 1 { return "1 byte" }
        if bytes < 1000 { return "\(bytes) bytes" }
        let units = ["KB", "MB", "GB", "TB", "PB"]
        let decimals = [0, 1, 2, 2, 2]
        var value = Double(bytes) / 1000
        var unit = 0
        while true {
            let factor = pow10(decimals[unit])
            let rounded = (value * factor).rounded() / factor
            if rounded >= 1000, unit + 1 < units.count {
                value /= 1000
                unit += 1
                continue
            }
            return format(rounded, decimals: decimals[unit]) + " " + units[unit]
        }
    }

    private static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { r, _ in r * 10 } }

    private static func format(_ value: Double, decimals: Int) -> String {
        let scaled = Int((value * pow10(decimals)).rounded())
        let whole = scaled / Int(pow10(decimals))
        var fraction = scaled % Int(pow10(decimals))
        var digits = decimals
        while digits > 0 && fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        guard digits > 0 else { return String(whole) }
        let fractionText = String(fraction)
        return "\(whole)." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }
}
