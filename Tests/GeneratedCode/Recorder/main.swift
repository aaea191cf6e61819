// The handoff recorder: compiled with a generated file and the test-only UIKit and
// LinkPresentation modules, it makes each share sheet's view controller and writes, one
// line each, everything the generated code handed "iOS": the items or the configuration
// (providers with their types and bytes, metadata per key, per item, previews per index and
// intent), the excluded types, the custom activities, and what each item source returns
// for each activity type. GenerateTests compares it with what the file says.
//
// Usage: recorder BUNDLE-DIRECTORY ACTIVITY-TYPES-FILE [ALTERNATIVES]

import Foundation
import LinkPresentation
import UIKit

/// Bytes as their count and FNV-1a 64 hash; "missing" for none.
func digest(_ data: Data?) -> String {
    guard let data else { return "missing" }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
    }
    return "\(data.count)b:" + String(hash, radix: 16)
}

/// Text on one line, every character outside printable ASCII escaped.
func quoted(_ text: String?) -> String {
    guard let text else { return "nil" }
    var out = "\""
    for scalar in text.unicodeScalars {
        if scalar == "\"" || scalar == "\\" { out += "\\" + String(scalar) }
        else if scalar.value >= 0x20 && scalar.value < 0x7F { out.unicodeScalars.append(scalar) }
        else { out += "\\u{" + String(scalar.value, radix: 16) + "}" }
    }
    return out + "\""
}

func describe(_ value: Any?) -> String {
    guard let value else { return "nil" }
    switch value {
    case let text as String: return "text:" + quoted(text)
    case let url as URL: return url.isFileURL ? "file:" + digest(try? Data(contentsOf: url)) : "url:" + quoted(url.absoluteString)
    case let image as UIImage: return "image:" + digest(image.pngData())
    case let data as Data: return "data:" + digest(data)
    case let formatter as UISimpleTextPrintFormatter: return "printText:" + quoted(formatter.text)
    case let formatter as UIMarkupTextPrintFormatter: return "printMarkup:" + quoted(formatter.markupText)
    case let link as LPLinkMetadata:
        return "link title=\(quoted(link.title)) url=\(quoted(link.url?.absoluteString)) originalURL=\(quoted(link.originalURL?.absoluteString))"
            + " icon=\(describeProvider(link.iconProvider)) image=\(describeProvider(link.imageProvider))"
            + " video=\(describeProvider(link.videoProvider)) remoteVideoURL=\(quoted(link.remoteVideoURL?.absoluteString))"
    case let provider as NSItemProvider: return describeProvider(provider)
    default: return "other:\(type(of: value))"
    }
}

/// A provider by its first representation's bytes.
func describeProvider(_ provider: NSItemProvider?) -> String {
    guard let provider else { return "nil" }
    guard let first = provider.registeredTypeIdentifiers.first else { return "empty" }
    return digest(provider.recordedLoadData(typeIdentifier: first))
}

@MainActor
func record(_ sheet: ShareSheet, bundle: Bundle, activityTypes: [String]) -> [String] {
    let controller = sheet.makeActivityViewController(bundle: bundle)
    var lines = record(name: sheet.name, controller: controller, activityTypes: activityTypes)
    if sheet.excludedActivityTypes != controller.excludedActivityTypes ?? [] { lines.append("excluded-property-differs") }
    return lines
}

/// What a view controller was handed.
@MainActor
func record(name: String, controller: UIActivityViewController, activityTypes: [String]) -> [String] {
    var lines = ["sheet \(quoted(name))"]
    let excluded = (controller.excludedActivityTypes ?? []).map(\.rawValue)
    lines.append("excluded " + excluded.joined(separator: " "))
    var activities = controller.recordedApplicationActivities
    if let configuration = controller.recordedConfiguration as? UIActivityItemsConfiguration {
        activities = configuration.applicationActivitiesProvider?() ?? []
        let providers = configuration.itemProvidersForActivityItemsConfiguration
        for (index, provider) in providers.enumerated() {
            lines.append("provider \(index) suggestedName=\(quoted(provider.suggestedName))")
            for type in provider.registeredTypeIdentifiers {
                lines.append("  representation \(type) \(digest(provider.recordedLoadData(typeIdentifier: type)))")
            }
        }
        let keys: [UIActivityItemsConfigurationMetadataKey] = [.title, .messageBody, .linkPresentationMetadata]
        for key in keys {
            lines.append("metadata \(key.rawValue) \(describe(configuration.metadataProvider?(key)))")
        }
        for index in providers.indices {
            for key in keys {
                lines.append("item \(index) \(key.rawValue) \(describe(configuration.perItemMetadataProvider?(index, key)))")
            }
            for intent in [UIActivityItemsConfigurationPreviewIntent.thumbnail, .fullSize] {
                let preview = configuration.previewProvider?(index, intent, CGSize(width: 100, height: 100))
                lines.append("preview \(index) \(intent.rawValue) \(describeProvider(preview))")
            }
        }
    } else {
        for (index, item) in controller.recordedActivityItems.enumerated() {
            guard let source = item as? UIActivityItemSource else {
                lines.append("value \(index) \(describe(item))")
                continue
            }
            lines.append("source \(index) placeholder=\(describe(source.activityViewControllerPlaceholderItem(controller)))")
            for raw in activityTypes {
                let type = UIActivity.ActivityType(rawValue: raw)
                let thumbnail = source.activityViewController(controller, thumbnailImageForActivityType: type, suggestedSize: CGSize(width: 100, height: 100))
                lines.append("  for \(raw) item=\(describe(source.activityViewController(controller, itemForActivityType: type)))"
                    + " subject=\(quoted(source.activityViewController(controller, subjectForActivityType: type)))"
                    + " dataType=\(quoted(source.activityViewController(controller, dataTypeIdentifierForActivityType: type)))"
                    + " thumbnail=\(describe(thumbnail))")
            }
            lines.append("  link \(describe(source.activityViewControllerLinkMetadata(controller)))")
        }
    }
    for activity in activities {
        let category = type(of: activity).activityCategory == .share ? "share" : "action"
        lines.append("activity \(activity.activityType?.rawValue ?? "nil") title=\(quoted(activity.activityTitle)) category=\(category)"
            + " image=\(activity.activityImage.map { $0.recordedSource.hasPrefix("systemName:") ? $0.recordedSource : "image:" + digest($0.pngData()) } ?? "nil")")
    }
    return lines
}

@MainActor
func main() {
    let arguments = CommandLine.arguments
    guard arguments.count >= 3, let bundle = Bundle(path: arguments[1]),
          let types = try? String(contentsOfFile: arguments[2], encoding: .utf8) else {
        FileHandle.standardError.write(Data("usage: recorder BUNDLE-DIRECTORY ACTIVITY-TYPES-FILE\n".utf8))
        exit(2)
    }
    let activityTypes = types.split(separator: "\n").map(String.init)
    var lines: [String] = []
    for name in ShareSheets.all.keys.sorted() {
        guard let sheet = ShareSheets.all[name] else { continue }
        lines += record(sheet, bundle: bundle, activityTypes: activityTypes)
    }
    lines += recordAlternatives(bundle: bundle, activityTypes: activityTypes)
    print(lines.joined(separator: "\n"))
}

MainActor.assumeIsolated { main() }
