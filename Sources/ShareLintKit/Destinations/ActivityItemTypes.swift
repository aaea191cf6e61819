/// The item-type bits the built-in activities test in `canPerformWithActivityItems:`
/// (`_UIActivityItemTypes()` / `ItemTypesSet()` in ShareSheet.framework, iOS 18.2): ORed
/// over every activity item the share sheet matches with.
package struct ActivityItemTypes: OptionSet, Sendable, Hashable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }

    /// 0x1: an NSString or NSAttributedString (a message body). An item provider of text does not set it.
    package static let string = ActivityItemTypes(rawValue: 0x1)
    /// 0x2: an image, or a provider with a type conforming to public.image.
    package static let image = ActivityItemTypes(rawValue: 0x2)
    /// 0x4: a non-file URL, or a provider with a type conforming to public.url.
    package static let url = ActivityItemTypes(rawValue: 0x4)
    /// 0x8: a file NSURL (never set by a provider).
    package static let fileURL = ActivityItemTypes(rawValue: 0x8)
    /// 0x10: a copyable object (class names elided in the decompile).
    package static let copyable = ActivityItemTypes(rawValue: 0x10)
    /// 0x20: a printing object (UIPrintFormatter, UIPrintPageRenderer: inferred).
    package static let printable = ActivityItemTypes(rawValue: 0x20)
    /// 0x40: a video, or a provider with a type conforming to public.movie.
    package static let video = ActivityItemTypes(rawValue: 0x40)
    /// 0x80: a PDF, or a provider with a type conforming to com.adobe.pdf.
    package static let pdf = ActivityItemTypes(rawValue: 0x80)
    /// 0x400: a vCard, or a provider with a type conforming to public.vcard.
    package static let contact = ActivityItemTypes(rawValue: 0x400)
    /// 0x800: NSData, or a provider with a type conforming to public.data.
    package static let data = ActivityItemTypes(rawValue: 0x800)
    /// 0x1000: audio, or a provider with a type conforming to public.audio.
    package static let audio = ActivityItemTypes(rawValue: 0x1000)
    /// 0x4000: an NSItemProvider.
    package static let itemProvider = ActivityItemTypes(rawValue: 0x4000)

    /// The types a provider's type sets through `IsConformingToTypeFromItemProvider`
    /// (`hasItemConformingToTypeIdentifier:`, so conformance is transitive).
    static let providerConformances: [(type: String, bit: ActivityItemTypes)] = [
        ("public.image", .image), ("public.url", .url), ("public.movie", .video), ("com.adobe.pdf", .pdf),
        ("public.vcard", .contact), ("public.data", .data), ("public.audio", .audio),
    ]
    private static let providerParents = providerConformances.map(\.type)

    /// The bits of `providerConformances` that `type` conforms to: for a system type in the
    /// system table, one lookup of the bits worked out once per run.
    static func providerBits(of type: String, registry: UTTypeRegistry) -> ActivityItemTypes {
        providerBitsAndDeclared(of: type, registry: registry).bits
    }

    /// `providerBits` and whether the registry declares `type`: a type found among the
    /// system table's bits is declared, so the second lookup is made only for the others.
    static func providerBitsAndDeclared(of type: String, registry: UTTypeRegistry) -> (bits: ActivityItemTypes, declared: Bool) {
        if registry.isSystemTable, let bits = systemBits.value(for: UTTypeRegistry.folded(type)) { return (bits, true) }
        return (computedBits(of: type, registry: registry), registry.contains(type))
    }

    /// The bits of every type the system table declares (looked up by bytes: no SipHash).
    private static let systemBits = ASCIIKeyTable(
        UTTypeRegistry.system.declarations.map { (key: UTTypeRegistry.folded($0.identifier), value: computedBits(of: $0.identifier, registry: .system)) })

    private static func computedBits(of type: String, registry: UTTypeRegistry) -> ActivityItemTypes {
        let matched = registry.conformances(of: type, to: providerParents)
        var types: ActivityItemTypes = []
        for (i, entry) in providerConformances.enumerated() where matched & (1 << UInt64(i)) != 0 { types.insert(entry.bit) }
        return types
    }
}

extension UTTypeRegistry {
    /// `conforms(type, to: parent)` for the parent of a provider bit (public.image,
    /// public.url, public.movie: `ActivityItemTypes.providerConformances`), the questions
    /// rules ask most, answered from the provider bits: for a system type in the system
    /// table, one lookup of bits worked out once per run instead of a search of the type's
    /// closure.
    func conforms(_ type: String, toParentOf bit: ActivityItemTypes) -> Bool {
        ActivityItemTypes.providerBits(of: type, registry: self).contains(bit)
    }

    /// `conforms(type, to: "public.image")`, from the provider bits.
    func conformsToImage(_ type: String) -> Bool { conforms(type, toParentOf: .image) }
}

/// One activity item as the activities see it while matching (a placeholder) and
/// preparing (a loaded value).
package struct MatchedItem: Sendable {
    /// The item source it comes from on the activityItems path: what an activity receives
    /// then depends on the activity (`activityViewController:itemForActivityType:`).
    package var source: ItemSource?
    /// Its bits for `canPerformWithActivityItems:`.
    package var types: ActivityItemTypes
    /// Its label in reports: `items[0]`, `metadata.messageBody`.
    package var label: String
    /// The types a provider registers (declared or inferred), highest fidelity first.
    package var registeredTypes: [String] = []
    /// Whether a representation's type is unknown (not inferable, or not in the registry):
    /// its bits are then a guess, and rules about what is offered stay quiet.
    package var hasUnknownType = false
    /// What it becomes when the activity prepares.
    package var loaded: LoadedValue

    /// What an activity item is once loaded: `UIActivity _loadItemProvidersFromActivityItems:`
    /// ("Attempting to load item at index %d as a URL", else "... as a file of type %@").
    package enum LoadedValue: Sendable, Hashable {
        /// A message-body string.
        case string(String)
        /// A provider loaded as an NSURL (a `url` payload).
        case url(String)
        /// A provider loaded as a file of a type (its first representation's: inferred).
        case file(type: String)
        /// A UIImage made from the image file at a path (the activityItems path).
        case image(path: String)
        /// A file URL to a path, with the type its extension gives (the activityItems path).
        case fileURL(path: String, type: String?)
        /// An NSData of a file's bytes, with the type its extension gives: what ImageIO
        /// would read them as (the activityItems path; no type travels with the data).
        case data(path: String, type: String?)
        /// A UIPrintFormatter (the activityItems path).
        case printFormatter
        /// A provider whose type sharelint cannot tell.
        case unknown

        /// The file path of a file URL, else nil.
        package var path: String? {
            if case .fileURL(let path, _) = self { return path }
            return nil
        }
    }
}
