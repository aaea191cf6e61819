/// The header the share sheet draws above the activity rows.
public struct Header: Sendable, Hashable {
    /// The title, such as "Plain Text and 1 Image".
    public var title: String
    /// The subtitle; empty when there is none.
    public var subtitle: String

    /// Creates a header.
    public init(title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
    }
}

/// How the share sheet counts an item in its header.
public enum HeaderCategory: Sendable, Hashable, CaseIterable {
    case plainText, link, image, document
}

/// Predicts the share sheet header of a configuration, as §4 describes
/// (LinkPresentation's behaviour for several items, observed in iOS 18.2).
public struct HeaderModel: Sendable {
    /// One entry of the header: an item provider or the message body.
    struct Entry {
        var category: HeaderCategory
        var item: Item?
        var text: String?
        var host: String?
        var size: Int?
        var isFile: Bool
        var fileName: String?
    }

    private let registry: UTTypeRegistry
    private let files: FileInspector
    private let directory: String

    /// Creates a header model that looks up types in `registry` and file sizes through `files`.
    public init(registry: UTTypeRegistry, files: FileInspector, directory: String) {
        self.registry = registry
        self.files = files
        self.directory = directory
    }

    /// The category of a representation (§4), nil when its payload is missing.
    public func category(of representation: Representation) -> HeaderCategory? {
        let content = TypeInferenceLogic.content(of: representation, files: files, directory: directory)
        let type = TypeInferenceLogic.effectiveType(of: representation, registry: registry, content: content)
        switch representation.payload {
        case .url?:
            guard let type else { return .link }
            return registry.conforms(type, to: "public.url") && !registry.conforms(type, to: "public.file-url") ? .link : .document
        case .text?:
            return .plainText
        case .file?, .base64?:
            guard let type else { return .document }
            if registry.conforms(type, to: "public.image") { return .image }
            if registry.conforms(type, to: "public.plain-text") { return .plainText }
            return .document
        case nil:
            return nil
        }
    }

    func entries(of configuration: ShareConfiguration) -> [Entry] {
        var entries: [Entry] = []
        for item in configuration.items {
            guard let first = item.representations.first, let payload = first.payload, let category = category(of: first) else { continue }
            var entry = Entry(category: category, item: item, isFile: false)
            switch payload {
            case .text(let text): entry.text = text.value
            case .url(let url): entry.host = URLParts(url.value)?.displayHost
            case .file(let path):
                entry.isFile = true
                entry.fileName = PathLogic.fileName(of: path.value)
                if case .file(_, let size) = files.resolve(path.value, relativeTo: directory) { entry.size = size }
            case .base64(let encoded):
                entry.isFile = true
                entry.size = Base64.decodedCount(encoded.value)
            }
            entries.append(entry)
        }
        if let body = configuration.metadata?.messageBody?.value, !body.isEmpty {
            entries.append(Entry(category: .plainText, text: body, isFile: false))
        }
        return entries
    }

    /// The predicted header; nil when there is nothing to share.
    public func header(for configuration: ShareConfiguration, locale: HeaderLocale) -> Header? {
        let entries = entries(of: configuration)
        guard !entries.isEmpty else { return nil }
        let title = entries.count == 1 ? singleTitle(entries[0], configuration, locale) : multipleTitle(entries, locale)
        return Header(title: title, subtitle: subtitle(entries, configuration, locale))
    }

    private func multipleTitle(_ entries: [Entry], _ locale: HeaderLocale) -> String {
        var counts: [HeaderCategory: Int] = [:]
        for entry in entries { counts[entry.category, default: 0] += 1 }
        // localizedStandardCompare, descending: "Plain Text" (a letter) before any count,
        // larger counts before smaller, and at equal counts Link, Image, Document.
        let rank: [HeaderCategory: Int] = [.plainText: 0, .link: 1, .image: 2, .document: 3]
        let ordered = counts.sorted { a, b in
            if (a.key == .plainText) != (b.key == .plainText) { return a.key == .plainText }
            if a.value != b.value { return a.value > b.value }
            return rank[a.key]! < rank[b.key]!
        }
        return locale.joinList(ordered.map { locale.categoryString($0.key, count: $0.value) })
    }

    private func singleTitle(_ entry: Entry, _ configuration: ShareConfiguration, _ locale: HeaderLocale) -> String {
        let candidates = [
            entry.item?.metadata?.title?.value,
            configuration.metadata?.title?.value,
            entry.item?.metadata?.linkPresentation?.title?.value,
            configuration.metadata?.linkPresentation?.title?.value,
        ]
        if let title = candidates.compactMap({ $0 }).first(where: { !Self.isBlank($0) }) { return title }
        if entry.isFile {
            if let name = entry.item?.suggestedName?.value, !Self.isBlank(name) { return name }
            if let name = entry.fileName { return name }
            return locale.categoryName(entry.category)
        }
        switch entry.category {
        case .link: return entry.host ?? locale.categoryName(.link)
        case .plainText: return Self.firstLine(entry.text ?? "", limit: 80)
        default: return locale.categoryName(entry.category)
        }
    }

    private func subtitle(_ entries: [Entry], _ configuration: ShareConfiguration, _ locale: HeaderLocale) -> String {
        if let body = configuration.metadata?.messageBody?.value, !Self.isBlank(body) {
            return Self.firstLine(body, limit: nil)
        }
        if entries.allSatisfy(\.isFile) {
            // A file that cannot be found or decoded has no size: show none rather than a wrong total.
            let sizes = entries.compactMap(\.size)
            return sizes.count == entries.count ? ByteCount.fileStyle(sizes.reduce(0, +)) : ""
        }
        var hosts: [String] = []
        for host in entries.compactMap(\.host) where !hosts.contains(host) { hosts.append(host) }
        return locale.joinList(hosts)
    }

    static func isBlank(_ text: String) -> Bool {
        for byte in text.utf8 {
            // Printable ASCII settles it without looking up Unicode properties.
            if byte > 0x20 && byte < 0x7F { return false }
            if byte >= 0x80 { break }
        }
        return text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }

    /// The first line of a text, cut to `limit` characters with `…`.
    static func firstLine(_ text: String, limit: Int?) -> String {
        let utf8 = text.utf8
        let line: Substring
        if let end = utf8.firstIndex(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x0B || $0 == 0x0C || $0 == 0xC2 || $0 == 0xE2 }) {
            // U+0085, U+2028 and U+2029 start with 0xC2 or 0xE2: check those by Character.
            let head = text[..<end]
            let rest = text[end...]
            let cut = rest.firstIndex(where: \.isNewline) ?? rest.endIndex
            line = text[head.startIndex..<cut]
        } else {
            line = text[...]
        }
        guard let limit, line.utf8.count > limit, line.count > limit else { return String(line) }
        return String(line.prefix(limit)) + "…"
    }
}

/// ByteCountFormatter's `.file` style: decimal units, no decimals for KB, one for MB,
/// two from GB up.
public enum ByteCount {
    /// Formats a byte count: "Zero KB", "1 byte", "12 KB", "1.2 MB".
    public static func fileStyle(_ bytes: Int) -> String {
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
