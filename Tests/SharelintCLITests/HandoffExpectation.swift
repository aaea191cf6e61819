import Foundation
import ShareLintKit

/// What a configuration says iOS is handed, in the line format the recorder
/// (Tests/GeneratedCode/Recorder) writes from what generated code actually handed over:
/// computed from the model and the files on disk, with nothing of the generator.
struct HandoffExpectation {
    let configuration: ShareConfiguration
    let name: String
    /// The directory the configuration's paths are relative to.
    let directory: URL
    /// The type of each representation, by ordinal (declared or inferred).
    let representationTypes: [Int: String]
    /// The activity types item sources are asked about.
    let activityTypes: [String]
    /// The boolean parameters' values (the examples unless told).
    let booleans: [String: Bool]
    /// The paths of image parameters' values, when the recorder passes other images.
    var imageFiles: [String: String] = [:]

    init(configuration: ShareConfiguration, name: String, directory: URL, representationTypes: [Int: String], activityTypes: [String],
         booleans: [String: Bool]? = nil) {
        self.configuration = configuration
        self.name = name
        self.directory = directory
        self.representationTypes = representationTypes
        self.activityTypes = activityTypes
        self.booleans = booleans ?? Dictionary(configuration.parameters.filter { $0.kind == .boolean }
            .map { ($0.name.value, $0.example?.value == "true") }) { first, _ in first }
    }

    static func digest(_ data: Data?) -> String {
        guard let data else { return "missing" }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return "\(data.count)b:" + String(hash, radix: 16)
    }

    static func quoted(_ text: String?) -> String {
        guard let text else { return "nil" }
        var out = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { out += "\\" + String(scalar) }
            else if scalar.value >= 0x20 && scalar.value < 0x7F { out.unicodeScalars.append(scalar) }
            else { out += "\\u{" + String(scalar.value, radix: 16) + "}" }
        }
        return out + "\""
    }

    private func isPresent(_ path: String) -> Bool {
        for condition in configuration.conditions where condition.path == path {
            if let value = booleans[condition.parameter], value != condition.presentWhen { return false }
        }
        return true
    }

    private func bytes(_ path: String) -> Data? {
        try? Data(contentsOf: directory.appendingPathComponent(path))
    }

    private func file(_ path: LocatedString?) -> String { Self.digest(path.flatMap { bytes($0.value) }) }

    private func rawType(_ written: String) -> String {
        let raw = BuiltInActivityTypes.rawValue(for: written)
        return raw ?? written
    }

    private func link(_ link: LinkPresentation?) -> String {
        guard let link else { return "nil" }
        return "link title=\(Self.quoted(link.title?.value)) url=\(Self.quoted(link.url?.value)) originalURL=\(Self.quoted(link.originalURL?.value))"
            + " icon=\(link.icon.map { file($0) } ?? "nil") image=\(link.image.map { file($0) } ?? "nil")"
            + " video=\(link.video.map { file($0) } ?? "nil") remoteVideoURL=\(Self.quoted(link.remoteVideoURL?.value))"
    }

    private func value(_ value: ActivityValue?) -> String {
        guard let value else { return "nil" }
        switch value {
        case .text(let v): return "text:" + Self.quoted(v.value)
        case .url(let v): return "url:" + Self.quoted(v.value)
        case .image(let v): return "image:" + file(v)
        case .fileURL(let v): return "file:" + file(v)
        case .data(let v): return "data:" + file(v)
        case .printText(let v): return "printText:" + Self.quoted(v.value)
        case .printMarkup(let v): return "printMarkup:" + Self.quoted(v.value)
        }
    }

    private func representationBytes(_ representation: Representation) -> Data? {
        switch representation.payload {
        case .text(let v)?, .url(let v)?: return Data(v.value.utf8)
        case .file(let v)?: return bytes(v.value)
        case .base64(let v)?: return Data(base64Encoded: v.value, options: .ignoreUnknownCharacters)
        case nil: return nil
        }
    }

    /// The lines, as the recorder writes them.
    var lines: [String] {
        var lines = ["sheet \(Self.quoted(name))"]
        var excluded: [String] = []
        for (index, type) in configuration.excludedActivityTypes.enumerated() {
            let entry = type.path.hasSuffix(".type") ? String(type.path.dropLast(5)) : type.path
            if isPresent(entry.hasPrefix("excludedActivityTypes[") ? entry : "excludedActivityTypes[\(index)]") { excluded.append(rawType(type.value)) }
        }
        lines.append("excluded " + excluded.joined(separator: " "))
        if configuration.usesActivityItems {
            var index = 0
            for entry in configuration.activityItems where isPresent(entry.path) {
                defer { index += 1 }
                guard let source = entry.source else {
                    lines.append("value \(index) \(value(entry.value))")
                    continue
                }
                let placeholder = source.placeholder ?? source.defaults.item
                lines.append("source \(index) placeholder=\(placeholder.map { value($0) } ?? "text:\"\"")")
                for type in activityTypes {
                    let response = source.response(for: type)
                    let item = response.withheld ? nil : response.item ?? source.defaults.item ?? source.placeholder
                    lines.append("  for \(type) item=\(value(item)) subject=\(Self.quoted(response.subject?.value ?? source.defaults.subject?.value ?? ""))"
                        + " dataType=\(Self.quoted(response.dataType?.value ?? source.defaults.dataType?.value ?? ""))"
                        + " thumbnail=\((response.thumbnail ?? source.defaults.thumbnail).map { "image:" + file($0) } ?? "nil")")
                }
                lines.append("  link \(link(source.linkPresentation))")
            }
        } else {
            let items = configuration.items.filter { isPresent($0.path) }
            for (index, item) in items.enumerated() {
                lines.append("provider \(index) suggestedName=\(Self.quoted(item.suggestedName?.value))")
                for representation in item.representations where isPresent(representation.path) {
                    let type = representationTypes[representation.ordinal] ?? "public.data"
                    lines.append("  representation \(type) \(Self.digest(representationBytes(representation)))")
                }
            }
            let metadata = configuration.metadata
            lines.append("metadata title \(metadata?.title.map { "text:" + Self.quoted($0.value) } ?? "nil")")
            lines.append("metadata messageBody \(metadata?.messageBody.map { "text:" + Self.quoted($0.value) } ?? "nil")")
            lines.append("metadata linkPresentationMetadata \(link(metadata?.linkPresentation))")
            for (index, item) in items.enumerated() {
                lines.append("item \(index) title \(item.metadata?.title.map { "text:" + Self.quoted($0.value) } ?? "nil")")
                lines.append("item \(index) messageBody \(item.metadata?.messageBody.map { "text:" + Self.quoted($0.value) } ?? "nil")")
                lines.append("item \(index) linkPresentationMetadata \(link(item.metadata?.linkPresentation))")
                lines.append("preview \(index) thumbnail \(item.previews?.thumbnail.map { file($0) } ?? "nil")")
                lines.append("preview \(index) fullSize \(item.previews?.fullSize.map { file($0) } ?? "nil")")
            }
        }
        for activity in configuration.applicationActivities where isPresent(activity.path) {
            let image = activity.symbol.map { "systemName:" + $0.value } ?? activity.image.map { "image:" + file($0) } ?? "nil"
            lines.append("activity \(activity.type?.value ?? "") title=\(Self.quoted(activity.title?.value ?? "")) category=\(activity.category?.value == "share" ? "share" : "action") image=\(image)")
        }
        return lines
    }
}
