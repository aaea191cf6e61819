import ShareLintMessages
import YAMLSyntax
/// The project configuration, `.sharelint.yml`.
package struct LintConfiguration: Sendable {
    /// The configuration file's directory; relative paths in it are relative to this.
    package var directory: String
    /// `root`: the directory files may be read in.
    package var root: String?
    /// `include`: globs of share files linted when no PATH is given.
    package var include = GlobSet([])
    /// `exclude`: globs of paths never linted by a directory walk.
    package var exclude = GlobSet([])
    /// `locale`.
    package var locale: HeaderLocale?
    /// `ios`: the iOS version the header is predicted for.
    package var iosTarget: IOSTarget?
    /// `rules`: severities by rule id; nil turns a rule off.
    package var severities: [RuleID: Severity?] = [:]
    /// `allowedURLSchemes`: app schemes allowed in links besides http and https.
    package var allowedURLSchemes: [String] = []
    /// `maxTitleLength` (text-too-long).
    package var maxTitleLength: Int?
    /// `maxMessageBodyLength`.
    package var maxMessageBodyLength: Int?
    /// `maxFileSize`, in bytes.
    package var maxFileSize: Int?
    /// `maxDocumentsPerFile`.
    package var maxDocumentsPerFile: Int?
    /// `maxDiagnosticsPerFile`.
    package var maxDiagnosticsPerFile: Int?
    /// `strict`: warnings also fail the run (exit 1), as `--strict` does.
    package var strict: Bool?
    /// `infoPlist`: the app's Info.plist as written, relative to `directory`; read as
    /// `--info-plist` reads its file, which wins over it.
    package var infoPlist: String?
    /// Where `infoPlist`'s value is in the file, for a problem found when it is read.
    package var infoPlistRange: SourceRange?
    /// The configuration file's path (absolute), when it was read from one; for messages.
    package var file: String?

    /// The allowed values of each number of the file: past them a value would be no limit
    /// at all, or arithmetic on it could overflow. A share file is read whole, so no
    /// length or size past the largest file (1 GiB) means anything.
    package static let numberRanges: [String: ClosedRange<Int>] = [
        "maxTitleLength": 1...largestFileSize,
        "maxMessageBodyLength": 1...largestFileSize,
        "maxFileSize": 1...largestFileSize,
        "maxDocumentsPerFile": 1...10_000_000,
        "maxDiagnosticsPerFile": 1...10_000_000,
    ]

    /// The largest `maxFileSize` (and `--max-file-size`): 1 GiB.
    package static let largestFileSize = 1 << 30

    /// Creates an empty configuration for a directory.
    package init(directory: String) {
        self.directory = directory
    }

    /// The shape of the file, for unknown-key suggestions and the docs.
    package static let shape = FormatSchema.Shape(name: "SharelintConfiguration", summary: "The .sharelint.yml project configuration.", fields: [
        .init("root", .string(text: false), "The directory files may be read in (relative to this file)."),
        .init("include", .list(.string(text: false), nonEmpty: false), "Globs of share files linted when no PATH is given (at most 1000 with a wildcard, 4096 bytes each)."),
        .init("exclude", .list(.string(text: false), nonEmpty: false), "Globs of paths left out of directory walks (at most 1000 with a wildcard, 4096 bytes each)."),
        .init("locale", .enumeration(HeaderLocale.allCases.map(\.rawValue)), "The locale of the predicted header."),
        .init("ios", .enumeration(IOSTarget.supported.map(String.init)), "The iOS version the header is predicted for (default 26)."),
        .init("rules", .object(FormatSchema.Shape(name: "RuleSeverities", summary: "Severity per rule id.", fields: [])), "Severity per rule id: error, warning, info or off."),
        .init("allowedURLSchemes", .list(.string(text: false), nonEmpty: false), "App URL schemes allowed in links besides http and https."),
        .init("maxTitleLength", .integer, "The longest title before text-too-long (default 200 characters; 1 to 1073741824)."),
        .init("maxMessageBodyLength", .integer, "The longest messageBody before text-too-long (default 1000 characters; 1 to 1073741824)."),
        .init("maxFileSize", .integer, "The largest share file read, in bytes (default 10485760; 1 to 1073741824)."),
        .init("maxDocumentsPerFile", .integer, "The most documents read from one share file (default 10000; 1 to 10000000)."),
        .init("maxDiagnosticsPerFile", .integer, "The most diagnostics reported for one share file (default 10000; 1 to 10000000)."),
        .init("infoPlist", .string(text: false), "The app's Info.plist, or the .xcconfig or project.pbxproj (.xcodeproj) whose INFOPLIST_KEY_* build settings generate it (relative to this file, inside the root), as --info-plist FILE names it: checks the Photos usage descriptions Save Image needs. --info-plist wins over it."),
        .init("strict", .boolean, "Warnings also fail the run (exit 1), as --strict does: a build plugin's build then fails on warnings too (default false)."),
    ])

    /// A problem in the configuration file.
    package struct Problem: Sendable, Hashable {
        /// A sentence for the user, in any language.
        package var text: Message
        /// The sentence in English.
        package var message: String { text.english }
        /// Where it is in the file.
        package var range: SourceRange
    }

    /// Parses a configuration file's bytes; any problem makes the configuration unusable
    /// (the CLI exits 2 and prints every problem with its position).
    package static func parse(_ bytes: [UInt8], directory: String) -> (LintConfiguration?, [Problem]) {
        var problems: [Problem] = []
        var config = LintConfiguration(directory: directory)
        let documents = YAMLDocumentReader.documents(in: bytes)
        for document in documents {
            problems += document.problems.map { Problem(text: $0.text, range: $0.range) }
        }
        guard documents.count <= 1 else {
            return (nil, problems + [Problem(text: Message(.configOneDocument), range: SourceRange(at: documents[1].start))])
        }
        guard let root = documents.first?.root else { return (problems.isEmpty ? config : nil, problems) }
        if root.scalar?.isNull == true { return (problems.isEmpty ? config : nil, problems) }
        guard let pairs = root.pairs else {
            return (nil, problems + [Problem(text: Message(.configMapping, ["kind": root.kindDescription]), range: root.range)])
        }
        func string(_ node: Node, _ what: Message) -> String? {
            guard let s = node.scalar, !s.isNull else {
                problems.append(Problem(text: Message(.mustBeString, ["what": what, "kind": node.kindDescription]), range: node.range))
                return nil
            }
            return s.value
        }
        func number(_ node: Node, _ key: String) -> Int? {
            let range = numberRanges[key] ?? 1...Int.max
            guard let s = node.scalar, s.style == .plain, let n = Int(s.value), range.contains(n) else {
                let written = node.scalar.map { Message(.configNotWritten, ["value": $0.value.prefix(40)]) } ?? Message(.configNotKind, ["kind": node.kindDescription])
                problems.append(Problem(text: Message(.configWholeNumber, ["key": key, "low": range.lowerBound, "high": range.upperBound, "written": written]),
                                        range: node.range))
                return nil
            }
            return n
        }
        func boolean(_ node: Node, _ what: Message) -> Bool? {
            guard let s = node.scalar, s.style == .plain, s.value == "true" || s.value == "false" else {
                problems.append(Problem(text: Message(.configTrueOrFalse, ["what": what]), range: node.range))
                return nil
            }
            return s.value == "true"
        }
        func strings(_ node: Node, _ what: Message) -> [String] {
            guard let items = node.items else {
                problems.append(Problem(text: Message(.configListOfStrings, ["what": what, "kind": node.kindDescription]), range: node.range))
                return []
            }
            return items.compactMap { string($0, Message(.subjectEntryOf, ["what": what])) }
        }
        func quoted(_ key: String) -> Message { Message(.subjectKey, ["key": key]) }
        func globs(_ node: Node, _ key: String) -> GlobSet {
            guard let items = node.items else {
                problems.append(Problem(text: Message(.configListOfStrings, ["what": quoted(key), "kind": node.kindDescription]), range: node.range))
                return GlobSet([])
            }
            var globs: [Glob] = []
            for item in items {
                guard let pattern = string(item, Message(.subjectEntryOf, ["what": quoted(key)])) else { continue }
                guard pattern.utf8.count <= GlobSet.longestGlob else {
                    problems.append(Problem(text: Message(.configGlobTooLong, ["key": key, "bytes": pattern.utf8.count, "limit": GlobSet.longestGlob]),
                                            range: item.range))
                    continue
                }
                globs.append(Glob(pattern))
            }
            let set = GlobSet(globs)
            if set.wildcardCount > GlobSet.mostWildcardGlobs {
                problems.append(Problem(text: Message(.configTooManyGlobs, ["key": key, "count": set.wildcardCount, "limit": GlobSet.mostWildcardGlobs]),
                                        range: node.range))
            }
            return set
        }
        for pair in pairs {
            guard let key = pair.key.scalar?.value else {
                problems.append(Problem(text: Message(.configKeysStrings), range: pair.key.range))
                continue
            }
            switch key {
            case "root": config.root = string(pair.value, quoted("root"))
            case "include": config.include = globs(pair.value, "include")
            case "exclude": config.exclude = globs(pair.value, "exclude")
            case "allowedURLSchemes": config.allowedURLSchemes = strings(pair.value, quoted("allowedURLSchemes")).map { $0.lowercased() }
            case "maxTitleLength": config.maxTitleLength = number(pair.value, "maxTitleLength")
            case "maxMessageBodyLength": config.maxMessageBodyLength = number(pair.value, "maxMessageBodyLength")
            case "maxFileSize": config.maxFileSize = number(pair.value, "maxFileSize")
            case "maxDocumentsPerFile": config.maxDocumentsPerFile = number(pair.value, "maxDocumentsPerFile")
            case "maxDiagnosticsPerFile": config.maxDiagnosticsPerFile = number(pair.value, "maxDiagnosticsPerFile")
            case "strict": config.strict = boolean(pair.value, quoted("strict"))
            case "infoPlist":
                guard let path = string(pair.value, quoted("infoPlist")) else { continue }
                guard !path.isEmpty else {
                    problems.append(Problem(text: Message(.configInfoPlistName), range: pair.value.range))
                    continue
                }
                config.infoPlist = path
                config.infoPlistRange = pair.value.range
            case "locale":
                if let text = string(pair.value, quoted("locale")) {
                    if let locale = HeaderLocale(rawValue: text) { config.locale = locale } else {
                        problems.append(Problem(text: Message(.configUnknownLocale, ["value": text, "locales": HeaderLocale.allCases.map(\.rawValue)]), range: pair.value.range))
                    }
                }
            case "ios":
                guard let text = pair.value.scalar?.value, let target = IOSTarget(parsing: text) else {
                    let written = pair.value.scalar.map { quoted($0.value) } ?? pair.value.kindDescription
                    problems.append(Problem(text: Message(.configUnknownIOS, ["written": written, "accepted": IOSTarget.acceptedValues]), range: pair.value.range))
                    continue
                }
                config.iosTarget = target
            case "rules":
                guard let rules = pair.value.pairs else {
                    if pair.value.scalar?.isNull != true {
                        problems.append(Problem(text: Message(.configRulesMapping), range: pair.value.range))
                    }
                    continue
                }
                for rule in rules {
                    guard let id = rule.key.scalar?.value else { continue }
                    guard RuleCatalog.description(of: RuleID(rawValue: id)) != nil else {
                        let suggestion = Suggestions.nearest(to: id, in: RuleCatalog.ids.map(\.rawValue))
                        let hint = suggestion.map { Message(.didYouMean, ["suggestion": $0]) } ?? Message(.seeSharelintRules)
                        problems.append(Problem(text: Message(.configUnknownRule, ["rule": id, "hint": hint]), range: rule.key.range))
                        continue
                    }
                    guard let level = string(rule.value, Message(.configSeverityOf, ["rule": id])) else { continue }
                    if level == "off" {
                        config.severities[RuleID(rawValue: id)] = .some(nil)
                    } else if let severity = Severity(rawValue: level == "warn" ? "warning" : level) {
                        config.severities[RuleID(rawValue: id)] = .some(severity)
                    } else {
                        problems.append(Problem(text: Message(.configUnknownSeverity, ["value": level, "rule": id]), range: rule.value.range))
                    }
                }
            default:
                let suggestion = Suggestions.nearest(to: key, in: shape.fields.map(\.name))
                let hint = suggestion.map { Message(.didYouMean, ["suggestion": $0]) } ?? Message(.allowedKeys, ["keys": shape.fields.map(\.name)])
                problems.append(Problem(text: Message(.configUnknownKey, ["key": key, "hint": hint]), range: pair.key.range))
            }
        }
        return (problems.isEmpty ? config : nil, problems)
    }

    /// Applies the configuration's settings to lint options.
    package func apply(to options: inout LintOptions) {
        if let locale { options.locale = locale }
        if let iosTarget { options.iosTarget = iosTarget }
        for (rule, severity) in severities { options.severityOverrides[rule] = severity }
        options.allowedURLSchemes.formUnion(allowedURLSchemes)
        if let maxTitleLength { options.maxTitleLength = maxTitleLength }
        if let maxMessageBodyLength { options.maxMessageBodyLength = maxMessageBodyLength }
        if let maxFileSize { options.maxFileSize = maxFileSize }
        if let maxDocumentsPerFile { options.maxDocumentsPerFile = maxDocumentsPerFile }
        if let maxDiagnosticsPerFile { options.maxDiagnosticsPerFile = maxDiagnosticsPerFile }
    }
}
