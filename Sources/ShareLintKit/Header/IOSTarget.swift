/// The iOS version a run predicts the share sheet for (`--ios N`, `ios:` in
/// `.sharelint.yml`). Three behaviours: 14 and 15 keep the entries of string items (what
/// the seed article saw); 16 to 18 drop them (read in iOS 18.2, inferred for 16 and 17);
/// 26 drops them too and differs in what it counts and how it formats (read in iOS 26.1).
/// docs/header.md says which is read and which inferred.
package struct IOSTarget: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The major version.
    package let major: Int

    /// The versions sharelint models: 14 to 18, and 26 (Apple numbered the release after 18 as 26).
    package static let supported: [Int] = [14, 15, 16, 17, 18, 26]
    /// The default target: the newest version whose image the model is read from (26.1).
    package static let `default` = IOSTarget(validated: 26)
    /// One target per distinct behaviour, oldest first: what `--ios all` compares.
    package static let representatives = [IOSTarget(validated: 14), IOSTarget(validated: 18), IOSTarget(validated: 26)]

    private init(validated major: Int) { self.major = major }

    /// A supported target, or nil.
    package init?(major: Int) {
        guard Self.supported.contains(major) else { return nil }
        self.major = major
    }

    /// Parses "18", "iOS 18", "18.2" or "ios18"; nil when the text names no supported version.
    package init?(parsing text: String) {
        var digits = Substring(text.lowercased())
        if digits.hasPrefix("ios") { digits = digits.dropFirst(3).drop(while: { $0 == " " }) }
        if let dot = digits.firstIndex(of: ".") {
            // A minor version is accepted when it is a number ("18.2"); it changes nothing.
            guard !digits[digits.index(after: dot)...].isEmpty, digits[digits.index(after: dot)...].allSatisfy(\.isASCIIDigit) else { return nil }
            digits = digits[..<dot]
        }
        guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy(\.isASCIIDigit), let major = Int(digits) else { return nil }
        self.init(major: major)
    }

    /// "14, 15, 16, 17, 18 or 26": the accepted values, for messages.
    package static var acceptedValues: String {
        let names = supported.map(String.init)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }

    /// `SHSheetActivityItemsManager _updateLinkMetadataValues` removes the entries of string
    /// items when another entry exists: read in iOS 18.2, inferred for 16 and 17 (and 26);
    /// iOS 14 and 15 keep them, as the seed article shows ("Plain Text and 1 Image").
    package var dropsStringEntries: Bool { major >= 16 }

    /// The versions that behave alike: 14–15, 16–18 (read in 18.2) and 26 (read in 26.1).
    package enum Behaviour: Sendable, Hashable {
        case keepsStringEntries, ios18, ios26
    }

    /// Which behaviour this version has.
    package var behaviour: Behaviour {
        if !dropsStringEntries { return .keepsStringEntries }
        return major >= 26 ? .ios26 : .ios18
    }

    /// The range of versions that behave like this one, for labels: "iOS 14–15", "iOS 16–18", "iOS 26".
    package var behaviourLabel: String {
        switch behaviour {
        case .keepsStringEntries: return "iOS 14–15"
        case .ios18: return "iOS 16–18"
        case .ios26: return "iOS 26"
        }
    }

    /// `LPMultipleMetadataPresentationTransformer -_summaryCounts`: an entry without a URL is
    /// an Image when it has an image or alternate images (18.2), or also an icon or content
    /// images (26.1).
    package var countsIconsAsImages: Bool { major >= 26 }

    /// `LPMultipleMetadataPresentationTransformer -summary` and `LPLinkView
    /// -_configureWithoutLoadingMetadataFromURLs:` format the counts with
    /// `localizedStringWithFormat:` (digit grouping, "1,234 Images") in 26.1, with
    /// `stringWithFormat:` ("1234 Images") in 18.2.
    package var groupsDigitsInCounts: Bool { major >= 26 }

    /// 26.1 asks `-[SHSheetServiceManager canShareFileURL:]` (a synchronous call to the
    /// system, answered at run time) of every file URL, and leaves out one it refuses:
    /// `SHSheetActivityItemsManager -_updateURLRequests` makes no request of it (the header),
    /// and `-_configureContentManagedForActivityItem:activityItemValue:outURLs:outScopedURLs:activity:`
    /// returns NO, so `-_resolvePlaceholderActivityItems` (what activities are matched with)
    /// and `-_resolveActivityItemsForActivity:` (what the chosen one receives) skip it. 18.2
    /// never asks.
    package var asksBeforeSharingFileURLs: Bool { major >= 26 }

    /// `LPLinkMetadataPresentationTransformer -rendererStyle` gives a titled link on
    /// `sports.apple.com` style 60, whose `-subtitleForStyle:` is a product name (26.1);
    /// 18.2 has no such style (the host shows).
    var hasAppleSportsStyle: Bool { major >= 26 }

    /// "iOS 18".
    package var description: String { "iOS \(major)" }

    /// Orders by version.
    package static func < (a: IOSTarget, b: IOSTarget) -> Bool { a.major < b.major }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { self >= "0" && self <= "9" }
}
