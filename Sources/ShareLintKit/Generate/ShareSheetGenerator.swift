// `sharelint generate`: the Swift that hands iOS each configuration, as the file says
// (docs/generate.md). The generated file is one fixed part (`ShareSheetRuntime`) and, per
// configuration, a builder function and its entry in `ShareSheets`. Every string from a
// file is written through `SwiftSource.literal`, every name through `SwiftSource`'s
// identifiers: nothing a file says can become code.

/// One configuration to generate, with where it was read.
package struct GeneratedConfiguration {
    /// The configuration, read from a file with no errors.
    package let configuration: ShareConfiguration
    /// The file, as the run names it.
    package let path: String
    /// The configuration's name: `name:`, else the file's name without `.share.yaml`.
    package let name: String
    /// The type identifier of each representation, by its ordinal (declared or inferred).
    package let representationTypes: [Int: String]
    /// The file as the run reports it (`path` is relative to the root, for the source).
    package let reportedPath: String

    /// Creates one; `reportedPath` left nil is `path`.
    package init(configuration: ShareConfiguration, path: String, name: String, representationTypes: [Int: String],
                 reportedPath: String? = nil) {
        self.configuration = configuration
        self.path = path
        self.name = name
        self.representationTypes = representationTypes
        self.reportedPath = reportedPath ?? path
    }
}

/// Writes the Swift source of a set of configurations.
package enum ShareSheetGenerator {
    /// Two configurations whose names are the same, or become the same Swift name.
    package struct NameClash {
        /// The Swift name both would take.
        package let identifier: String
        /// The configuration that took it first.
        package let first: GeneratedConfiguration
        /// The one that would take it again.
        package let second: GeneratedConfiguration
    }

    /// Every name clash of a set of configurations: nothing is generated.
    package struct NameClashes: Error {
        /// Each clash, in the order of the configurations.
        package let clashes: [NameClash]
    }

    /// The configuration's name as `generate` uses it: `name:`, else the file's name
    /// without `.share.yaml` (or `.share.yml`, or its last extension).
    package static func name(of configuration: ShareConfiguration, path: String) -> String {
        if let name = configuration.name?.value, !name.isEmpty { return name }
        var file = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".share.yaml", ".share.yml", ".yaml", ".yml"] where file.hasSuffix(suffix) {
            file.removeLast(suffix.count)
            break
        }
        return file
    }

    /// The name of a configuration's member of `ShareSheets`: its name in lowerCamelCase,
    /// with `Sheet` after it when that is `all` (`ShareSheets.all` is every configuration).
    package static func memberName(_ name: String) -> String {
        let identifier = SwiftSource.lowerCamelCase(name)
        return identifier == "all" ? identifier + "Sheet" : identifier
    }

    /// The source of `configurations`, in the order given (the caller sorts them); throws
    /// `NameClashes` when two would have the same Swift name.
    package static func source(_ configurations: [GeneratedConfiguration], version: String) throws -> String {
        var seen: [String: GeneratedConfiguration] = [:], clashes: [NameClash] = []
        for generated in configurations {
            let identifier = memberName(generated.name)
            if let earlier = seen[identifier] {
                clashes.append(NameClash(identifier: identifier, first: earlier, second: generated))
            } else {
                seen[identifier] = generated
            }
        }
        guard clashes.isEmpty else { throw NameClashes(clashes: clashes) }
        var out = ShareSheetRuntime.header(version: version)
        var entries: [String] = [], allEntries: [String] = []
        var builders: [String] = [], types: [String] = [], sources = ""
        for generated in configurations {
            let writer = ConfigurationWriter(generated)
            builders.append(writer.builder())
            sources += writer.sourceClasses()
            entries.append(writer.entry())
            allEntries.append("        \(SwiftSource.literal(generated.name)): \(writer.exampleSheet),")
            if let type = writer.parameterisedType() { types.append(type) }
        }
        out += """

        /// The share sheets of the app's share configurations, one per configuration, named
        /// after it (docs/generate.md).
        @available(iOS 14.0, *)
        public enum ShareSheets {

        """
        out += entries.joined(separator: "\n")
        out += """

            /// Every configuration by its name, with its parameters' examples in place.
            public static let all: [String: ShareSheet] = [

        """
        out += allEntries.isEmpty ? "        :\n" : allEntries.joined(separator: "\n") + "\n"
        out += "    ]\n}\n"
        for type in types { out += "\n" + type }
        out += "\n/// How each configuration is made, as its file says.\n@available(iOS 14.0, *)\nenum ShareSheetBuilders {\n"
        out += builders.joined(separator: "\n")
        out += "}\n"
        out += sources
        out += ShareSheetRuntime.support
        return out
    }
}

/// The code of one configuration.
private struct ConfigurationWriter {
    let generated: GeneratedConfiguration
    let configuration: ShareConfiguration
    let identifier: String
    /// The declared parameters of a known kind, in order, one per name.
    let parameters: [Parameter]
    let kinds: [String: Parameter.Kind]
    /// The condition of each conditioned entry, by its path (booleans only).
    let conditions: [String: Condition]

    init(_ generated: GeneratedConfiguration) {
        self.generated = generated
        configuration = generated.configuration
        identifier = ShareSheetGenerator.memberName(generated.name)
        var names = Set<String>(), parameters: [Parameter] = []
        for parameter in configuration.parameters where parameter.kind != nil && names.insert(parameter.name.value).inserted {
            parameters.append(parameter)
        }
        self.parameters = parameters
        kinds = configuration.parameterKinds
        var conditions: [String: Condition] = [:]
        for condition in configuration.conditions where kinds[condition.parameter] == .boolean { conditions[condition.path] = condition }
        self.conditions = conditions
    }

    var isParameterised: Bool { !parameters.isEmpty }
    var typeName: String { SwiftSource.upperCamelCase(generated.name) + "ShareSheet" }
    var exampleSheet: String {
        "ShareSheets.\(SwiftSource.identifier(identifier))" + (isParameterised ? ".example" : "")
    }

    // MARK: The public entry

    /// `ShareSheets.invitePoster`: the `ShareSheet`, or the parameterised type's value.
    func entry() -> String {
        let doc = "    /// \(SwiftSource.comment(generated.name)), from \(SwiftSource.comment(generated.path)).\n"
        if isParameterised {
            return doc + "    public static let \(SwiftSource.identifier(identifier)) = \(typeName)()\n"
        }
        return doc + """
            public static let \(SwiftSource.identifier(identifier)) = ShareSheet(
                name: \(SwiftSource.literal(generated.name)),
                excludedActivityTypes: \(excludedList(values: examples, indent: 8)),
                make: { bundle, completion, performActivity in
                    ShareSheetBuilders.\(SwiftSource.identifier(identifier))(bundle: bundle, completion: completion, performActivity: performActivity)
                }
            )

        """
    }

    /// The type of a configuration with parameters.
    func parameterisedType() -> String? {
        guard isParameterised else { return nil }
        let arguments = parameters.map { SwiftSource.parameter($0.name.value, type: swiftType($0.kind)) }
        let passed = parameters.map { "\(label($0)): \(SwiftSource.identifier($0.name.value))" }
        let examplesPassed = parameters.map { "\(label($0)): \(exampleValue($0))" }
        return """
        /// \(SwiftSource.comment(generated.name)), from \(SwiftSource.comment(generated.path)): made with its parameters' values.
        @available(iOS 14.0, *)
        public struct \(typeName): Sendable {
            /// The configuration's name.
            public var name: String { \(SwiftSource.literal(generated.name)) }

            /// The share sheet with the file's examples in place.
            public var example: ShareSheet {
                ShareSheet(
                    name: \(SwiftSource.literal(generated.name)),
                    excludedActivityTypes: \(excludedList(values: examples, indent: 12)),
                    make: { bundle, completion, performActivity in
                        ShareSheetBuilders.\(SwiftSource.identifier(identifier))(
        \(lines(examplesPassed + ["bundle: bundle", "completion: completion", "performActivity: performActivity"], indent: 20))
                        )
                    }
                )
            }

            /// The view controller that shares the configuration with these values (a trailing
            /// closure is `completion`).
            ///
            /// - Parameters:
        \(parameterDocumentation)
            ///   - bundle: Where the configuration's files are looked up.
            ///   - completion: The view controller's `completionWithItemsHandler`.
            ///   - performActivity: What a custom activity's `perform()` does.
            @MainActor
            public func makeActivityViewController(
        \(lines(arguments + ["bundle: Bundle = .main", "completion: UIActivityViewController.CompletionWithItemsHandler? = nil",
                            "performActivity: @escaping ShareSheet.PerformHandler = { _, _ in }"], indent: 8))
            ) -> UIActivityViewController {
                ShareSheetBuilders.\(SwiftSource.identifier(identifier))(
        \(lines(passed + ["bundle: bundle", "completion: completion", "performActivity: performActivity"], indent: 12))
                )
            }
        }

        """
    }

    /// The excluded types present when the boolean parameters have `values`, as a Swift array.
    private func excludedList(values: [String: Bool], indent: Int) -> String {
        var types: [String] = []
        for (index, excluded) in configuration.excludedActivityTypes.enumerated() {
            let path = entryPath(of: excluded.path, list: "excludedActivityTypes") ?? "excludedActivityTypes[\(index)]"
            if let condition = conditions[path], values[condition.parameter] != condition.presentWhen { continue }
            types.append("UIActivity.ActivityType(rawValue: \(SwiftSource.literal(activityType(excluded.value))))")
        }
        guard !types.isEmpty else { return "[]" }
        return "[\n" + lines(types, indent: indent + 4) + ",\n" + String(repeating: " ", count: indent) + "]"
    }

    /// Arguments one per line, each indented by `indent` spaces.
    private func lines(_ arguments: [String], indent: Int) -> String {
        arguments.map { String(repeating: " ", count: indent) + $0 }.joined(separator: ",\n")
    }

    /// `///   - name: description` for each parameter (its kind when it has no description).
    private var parameterDocumentation: String {
        parameters.map { parameter in
            let about = parameter.description.map { SwiftSource.comment($0.value) } ?? "The \(parameter.kind?.rawValue ?? "") parameter."
            return "    ///   - \(parameter.name.value): \(about)"
        }.joined(separator: "\n")
    }

    private func label(_ parameter: Parameter) -> String { SwiftSource.argumentLabel(parameter.name.value) }

    private func swiftType(_ kind: Parameter.Kind?) -> String {
        switch kind {
        case .text?: return "String"
        case .url?, .file?: return "URL"
        case .integer?: return "Int"
        case .image?: return "UIImage"
        case .boolean?, nil: return "Bool"
        }
    }

    /// The value of a parameter's example, as Swift (an image or file looked up in the bundle).
    private func exampleValue(_ parameter: Parameter) -> String {
        let example = parameter.example?.value ?? ""
        switch parameter.kind {
        case .text?: return SwiftSource.literal(example)
        case .url?: return "ShareSheetSupport.exampleURL(\(SwiftSource.literal(example)))"
        case .integer?:
            return Int(example).map(String.init) ?? "0"
        case .image?: return "ShareSheetSupport.image(\(SwiftSource.literal(example)), in: bundle) ?? UIImage()"
        case .file?: return "ShareSheetSupport.url(\(SwiftSource.literal(example)), in: bundle) ?? URL(fileURLWithPath: \(SwiftSource.literal(example)))"
        case .boolean?, nil: return example == "true" ? "true" : "false"
        }
    }

    /// The examples' boolean values, for the example's excluded types.
    private var examples: [String: Bool] {
        Dictionary(parameters.filter { $0.kind == .boolean }.map { ($0.name.value, $0.example?.value == "true") }) { first, _ in first }
    }

    // MARK: Values

    /// A text value: a literal, or an interpolation of its parameters.
    func text(_ value: LocatedString) -> String {
        guard let pieces = configuration.valueTemplates[value.path] else { return SwiftSource.literal(value.value) }
        var parts: [String] = []
        for piece in pieces {
            switch piece {
            case .text(let text): parts.append(String(SwiftSource.literal(text).dropFirst().dropLast()))
            case .parameter(let name, _):
                let use = SwiftSource.identifier(name)
                switch kinds[name] {
                case .url?: parts.append("\\(\(use).absoluteString)")
                case .file?: parts.append("\\(\(use).path)")
                case .text?, .integer?: parts.append("\\(\(use))")
                default: parts.append(String(SwiftSource.literal(ParameterUse.token(name)).dropFirst().dropLast()))
                }
            }
        }
        return "\"" + parts.joined() + "\""
    }

    /// The parameter a value is wholly, when it is one of `kind`.
    private func whole(_ value: LocatedString, _ kind: Parameter.Kind) -> String? {
        guard let pieces = configuration.valueTemplates[value.path], pieces.count == 1,
              case .parameter(let name, _) = pieces[0], kinds[name] == kind else { return nil }
        return SwiftSource.identifier(name)
    }

    /// A web URL (`URL?`).
    func webURL(_ value: LocatedString) -> String {
        if let parameter = whole(value, .url) { return "Optional(\(parameter))" }
        return "ShareSheetSupport.webURL(\(text(value)))"
    }

    /// A file in the bundle (`URL?`), or a file parameter.
    func fileURL(_ value: LocatedString) -> String {
        if let parameter = whole(value, .file) { return "Optional(\(parameter))" }
        return "ShareSheetSupport.url(\(text(value)), in: bundle)"
    }

    /// An image (`UIImage?`): an image parameter, or a file in the bundle.
    func image(_ value: LocatedString) -> String {
        if let parameter = whole(value, .image) { return "Optional(\(parameter))" }
        return "ShareSheetSupport.image(\(text(value)), in: bundle)"
    }

    /// An item provider of an image or file (`NSItemProvider?`), for link metadata and previews.
    func provider(_ value: LocatedString) -> String {
        if let parameter = whole(value, .image) { return "ShareSheetSupport.provider(image: \(parameter))" }
        if let parameter = whole(value, .file) { return "ShareSheetSupport.provider(file: \(parameter))" }
        return "ShareSheetSupport.provider(file: ShareSheetSupport.url(\(text(value)), in: bundle))"
    }

    // MARK: The builder

    func builder() -> String {
        let arguments = parameters.map { SwiftSource.parameter($0.name.value, type: swiftType($0.kind)) }
            + ["bundle: Bundle", "completion: UIActivityViewController.CompletionWithItemsHandler?", "performActivity: @escaping ShareSheet.PerformHandler"]
        var body = ""
        body += declaration("activities", "[UIActivity]", mutated: !configuration.applicationActivities.isEmpty)
        for activity in configuration.applicationActivities {
            body += conditioned(activity.path, indent: 8) { indent in applicationActivity(activity, indent: indent) }
        }
        if configuration.usesActivityItems {
            body += declaration("items", "[Any]", mutated: !configuration.activityItems.isEmpty)
            for entry in configuration.activityItems {
                body += conditioned(entry.path, indent: 8) { indent in activityItem(entry, indent: indent) }
            }
            body += "        let controller = UIActivityViewController(activityItems: items, applicationActivities: activities)\n"
        } else {
            body += itemsConfiguration()
        }
        let exclusions = configuration.excludedActivityTypes.enumerated().map { index, excluded in
            (path: entryPath(of: excluded.path, list: "excludedActivityTypes") ?? "excludedActivityTypes[\(index)]",
             type: "UIActivity.ActivityType(rawValue: \(SwiftSource.literal(activityType(excluded.value))))")
        }
        if exclusions.contains(where: { conditions[$0.path] != nil }) {
            body += declaration("excluded", "[UIActivity.ActivityType]", mutated: true)
            for exclusion in exclusions {
                body += conditioned(exclusion.path, indent: 8) { indent in String(repeating: " ", count: indent) + "excluded.append(\(exclusion.type))\n" }
            }
            body += "        controller.excludedActivityTypes = excluded\n"
        } else {
            body += "        controller.excludedActivityTypes = [" + (exclusions.isEmpty ? "]\n" : "\n" + lines(exclusions.map(\.type), indent: 12) + ",\n        ]\n")
        }
        body += "        controller.completionWithItemsHandler = completion\n"
        body += "        return controller\n"
        return """
            /// \(SwiftSource.comment(generated.name)), from \(SwiftSource.comment(generated.path)).
            @MainActor
            static func \(SwiftSource.identifier(identifier))(
        \(lines(arguments, indent: 8))
            ) -> UIActivityViewController {
        \(body)    }

        """
    }

    /// A list the builder fills: a `var` when entries are appended, else a `let` (no warning).
    private func declaration(_ name: String, _ type: String, mutated: Bool) -> String {
        "        \(mutated ? "var" : "let") \(name): \(type) = []\n"
    }

    /// The path of an entry of a list from one of its values' paths (`excludedActivityTypes[2].type`).
    private func entryPath(of path: String, list: String) -> String? {
        guard path.hasPrefix(list + "["), let close = path.firstIndex(of: "]") else { return nil }
        return String(path[...close])
    }

    /// The raw value of an activity type as written (a short name or a raw value).
    private func activityType(_ written: String) -> String {
        BuiltInActivityTypes.rawValue(for: written) ?? written
    }

    /// `body` inside `if $(flag) {` when the entry at `path` has a condition.
    private func conditioned(_ path: String, indent: Int, _ body: (Int) -> String) -> String {
        guard let condition = conditions[path] else { return body(indent) }
        let pad = String(repeating: " ", count: indent)
        let flag = SwiftSource.identifier(condition.parameter)
        return pad + "if \(condition.presentWhen ? flag : "!" + flag) {\n" + body(indent + 4) + pad + "}\n"
    }

    private func applicationActivity(_ activity: ApplicationActivity, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        let type = activity.type.map { SwiftSource.literal($0.value) } ?? "\"\""
        let title = activity.title.map(text) ?? "\"\""
        let image = activity.symbol.map { "UIImage(systemName: \(SwiftSource.literal($0.value)))" } ?? activity.image.map(image) ?? "nil"
        let kind = activity.category?.value == "share" ? "ShareSheetShareActivity" : "ShareSheetActivity"
        return pad + "activities.append(\(kind)(type: UIActivity.ActivityType(rawValue: \(type)), title: \(title), image: \(image), perform: performActivity))\n"
    }

    // MARK: activityItems

    /// An `activityItems` value as Swift (`Any?`).
    private func activityValue(_ value: ActivityValue) -> String {
        switch value {
        case .text(let v): return text(v)
        case .url(let v): return webURL(v)
        case .image(let v): return image(v)
        case .fileURL(let v): return fileURL(v)
        case .data(let v): return "ShareSheetSupport.data(\(fileURL(v)))"
        case .printText(let v): return "UISimpleTextPrintFormatter(text: \(text(v)))"
        case .printMarkup(let v): return "UIMarkupTextPrintFormatter(markupText: \(text(v)))"
        }
    }

    private func activityItem(_ entry: ActivityItemEntry, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        if let value = entry.value {
            switch value {
            case .text, .printText, .printMarkup: return pad + "items.append(\(activityValue(value)))\n"
            default: return pad + "if let item = \(activityValue(value)) { items.append(item) }\n"
            }
        }
        guard let source = entry.source else { return "" }
        var out = pad + "items.append(\(sourceClassName(entry))(\n"
        out += pad + "    ShareSheetResponses(\n"
        out += pad + "        placeholder: \(source.placeholder.map(activityValue) ?? "nil"),\n"
        out += pad + "        defaults: \(response(source.defaults))"
        if source.overrides.isEmpty {
            out += "\n"
        } else {
            out += ",\n" + pad + "        overrides: [\n"
            for (activity, response) in source.overrides {
                out += pad + "            UIActivity.ActivityType(rawValue: \(SwiftSource.literal(activityType(activity.value)))): \(self.response(response)),\n"
            }
            out += pad + "        ]\n"
        }
        out += pad + "    )" + (source.linkPresentation.map { ",\n" + pad + "    linkMetadata: \(linkMetadata($0))\n" } ?? "\n")
        out += pad + "))\n"
        return out
    }

    private func response(_ response: ActivityResponse) -> String {
        var fields: [String] = []
        if response.withheld { fields.append("withheld: true") }
        if let item = response.item { fields.append("item: \(activityValue(item))") }
        if let subject = response.subject { fields.append("subject: \(text(subject))") }
        if let dataType = response.dataType { fields.append("dataType: \(SwiftSource.literal(dataType.value))") }
        if let thumbnail = response.thumbnail { fields.append("thumbnail: \(image(thumbnail))") }
        return "ShareSheetResponses.Response(\(fields.joined(separator: ", ")))"
    }

    /// The class of an item source: the configuration's type name, `ItemSource` and the
    /// entry's index.
    private func sourceClassName(_ entry: ActivityItemEntry) -> String {
        SwiftSource.upperCamelCase(ShareSheetGenerator.memberName(generated.name)) + "ItemSource\(entry.index)"
    }

    /// The item source classes of `activityItems`: each implements the placeholder and the
    /// item, and only the other methods its file writes (a subject, a data type, a
    /// thumbnail, link metadata), as a hand-written source would.
    func sourceClasses() -> String {
        var out = ""
        for entry in configuration.activityItems {
            guard let source = entry.source else { continue }
            let responses = [source.defaults] + source.overrides.map(\.response)
            let name = sourceClassName(entry)
            out += """

                /// \(SwiftSource.comment(generated.name))'s \(SwiftSource.comment(source.path)), from \(SwiftSource.comment(generated.path)).
                @available(iOS 14.0, *)
                final class \(name): NSObject, UIActivityItemSource {
                    private let responses: ShareSheetResponses

                """
            if source.linkPresentation != nil { out += "    private let linkMetadata: LPLinkMetadata?\n" }
            out += "\n"
            if source.linkPresentation != nil {
                out += "    init(_ responses: ShareSheetResponses, linkMetadata: LPLinkMetadata?) {\n"
                out += "        self.responses = responses\n        self.linkMetadata = linkMetadata\n    }\n"
            } else {
                out += "    init(_ responses: ShareSheetResponses) {\n        self.responses = responses\n    }\n"
            }
            out += """

                    func activityViewControllerPlaceholderItem(_ activityViewController: UIActivityViewController) -> Any {
                        responses.placeholderItem
                    }

                    func activityViewController(_ activityViewController: UIActivityViewController, itemForActivityType activityType: UIActivity.ActivityType?) -> Any? {
                        responses.item(for: activityType)
                    }

                """
            if responses.contains(where: { $0.subject != nil }) {
                out += """

                        func activityViewController(_ activityViewController: UIActivityViewController, subjectForActivityType activityType: UIActivity.ActivityType?) -> String {
                            responses.subject(for: activityType)
                        }

                    """
            }
            if responses.contains(where: { $0.dataType != nil }) {
                out += """

                        func activityViewController(_ activityViewController: UIActivityViewController, dataTypeIdentifierForActivityType activityType: UIActivity.ActivityType?) -> String {
                            responses.dataType(for: activityType)
                        }

                    """
            }
            if responses.contains(where: { $0.thumbnail != nil }) {
                out += """

                        func activityViewController(_ activityViewController: UIActivityViewController, thumbnailImageForActivityType activityType: UIActivity.ActivityType?, suggestedSize size: CGSize) -> UIImage? {
                            responses.thumbnail(for: activityType)
                        }

                    """
            }
            if source.linkPresentation != nil {
                out += """

                        func activityViewControllerLinkMetadata(_ activityViewController: UIActivityViewController) -> LPLinkMetadata? {
                            linkMetadata
                        }

                    """
            }
            out += "}\n"
        }
        return out
    }

    /// An `LPLinkMetadata` (an expression that makes it).
    private func linkMetadata(_ link: LinkPresentation) -> String {
        var fields: [String] = []
        if let v = link.title { fields.append("title: \(text(v))") }
        if let v = link.url { fields.append("url: \(webURL(v))") }
        if let v = link.originalURL { fields.append("originalURL: \(webURL(v))") }
        if let v = link.icon { fields.append("icon: \(provider(v))") }
        if let v = link.image { fields.append("image: \(provider(v))") }
        if let v = link.video { fields.append("video: \(provider(v))") }
        if let v = link.remoteVideoURL { fields.append("remoteVideoURL: \(webURL(v))") }
        return "ShareSheetSupport.linkMetadata(\(fields.joined(separator: ", ")))"
    }

    // MARK: items

    private func itemsConfiguration() -> String {
        var out = declaration("providers", "[NSItemProvider]", mutated: !configuration.items.isEmpty)
        out += declaration("itemMetadata", "[ShareSheetItemMetadata]", mutated: !configuration.items.isEmpty)
        for item in configuration.items {
            out += conditioned(item.path, indent: 8) { indent in self.item(item, indent: indent) }
        }
        out += "        let configuration = UIActivityItemsConfiguration(itemProviders: providers)\n"
        let metadata = configuration.metadata
        out += "        let metadata = ShareSheetItemMetadata(\(metadataFields(metadata)))\n"
        out += """
                configuration.metadataProvider = { key in metadata.value(for: key) }
                configuration.perItemMetadataProvider = { index, key in
                    itemMetadata.indices.contains(index) ? itemMetadata[index].value(for: key) : nil
                }
                configuration.previewProvider = { index, intent, _ in
                    itemMetadata.indices.contains(index) ? itemMetadata[index].preview(for: intent) : nil
                }
                configuration.applicationActivitiesProvider = { activities }
                let controller = UIActivityViewController(activityItemsConfiguration: configuration)

        """
        return out
    }

    private func metadataFields(_ metadata: Metadata?, previews: Previews? = nil) -> String {
        var fields: [String] = []
        if let v = metadata?.title { fields.append("title: \(text(v))") }
        if let v = metadata?.messageBody { fields.append("messageBody: \(text(v))") }
        if let v = metadata?.linkPresentation { fields.append("linkMetadata: \(linkMetadata(v))") }
        if let v = previews?.thumbnail { fields.append("thumbnail: \(provider(v))") }
        if let v = previews?.fullSize { fields.append("fullSize: \(provider(v))") }
        return fields.joined(separator: ", ")
    }

    private func item(_ item: Item, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        var out = pad + "do { // \(item.path)\n"
        out += pad + "    let provider = NSItemProvider()\n"
        for representation in item.representations {
            out += conditioned(representation.path, indent: indent + 4) { inner in self.representation(representation, indent: inner) }
        }
        if let name = item.suggestedName { out += pad + "    provider.suggestedName = \(text(name))\n" }
        out += pad + "    providers.append(provider)\n"
        out += pad + "    itemMetadata.append(ShareSheetItemMetadata(\(metadataFields(item.metadata, previews: item.previews))))\n"
        out += pad + "}\n"
        return out
    }

    private func representation(_ representation: Representation, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        let type = SwiftSource.literal(generated.representationTypes[representation.ordinal] ?? "public.data")
        switch representation.payload {
        case .text(let v)?: return pad + "ShareSheetSupport.register(provider, \(type), data: Data(\(text(v)).utf8))\n"
        case .url(let v)?:
            if let parameter = whole(v, .url) { return pad + "ShareSheetSupport.register(provider, \(type), data: Data(\(parameter).absoluteString.utf8))\n" }
            return pad + "ShareSheetSupport.register(provider, \(type), data: Data(\(text(v)).utf8))\n"
        case .file(let v)?:
            if let parameter = whole(v, .image) {
                return pad + "ShareSheetSupport.register(provider, \(type), image: \(parameter))\n"
            }
            return pad + "ShareSheetSupport.register(provider, \(type), file: \(fileURL(v)))\n"
        case .base64(let v)?:
            return pad + "ShareSheetSupport.register(provider, \(type), data: Data(base64Encoded: \(SwiftSource.literal(v.value)), options: .ignoreUnknownCharacters))\n"
        case nil: return ""
        }
    }
}
