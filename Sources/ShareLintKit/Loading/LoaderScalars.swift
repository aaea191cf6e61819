import ShareLintMessages
import YAMLSyntax

/// Scalars of other kinds (enumerations, integers, booleans) and the WeChat block.
extension Loader {
    /// Reads a string field that must be one of `values`; reports wrong-kind with the
    /// nearest value otherwise.
    mutating func enumeration(_ fields: Fields, _ key: String, _ values: [String]) -> LocatedString? {
        guard let value = string(fields, key) else { return nil }
        if values.contains(value.value) { return value }
        let suggestion = Suggestions.nearest(to: value.value, in: values)
            ?? values.first { $0.lowercased() == value.value.lowercased() }
        findings.report(.wrongKind, Message(.mustBeOneOf, ["key": key, "values": values, "value": value.value, "hint": Message.didYouMean(suggestion)]),
                        at: value, suggestion: suggestion)
        return nil
    }

    /// How a scalar that is not of the wanted kind is named in messages.
    func shown(_ node: NodeRef) -> Message {
        guard let scalar = doc.scalar(node) else { return doc.kindDescription(node) }
        if scalar.isNull && !doc.hasTag(node) { return Message(.shownNull) }
        return scalar.style == .plain ? Message(.subjectKey, ["key": scalar.value]) : Message(.shownString, ["value": scalar.value])
    }

    /// Reads an integer field: a plain scalar of decimal digits.
    mutating func integer(_ fields: Fields, _ key: String) -> Located<Int>? {
        guard let pair = fields[key] else { return nil }
        let node = pair.value
        if doc.isInvalid(node) { return nil }
        if let scalar = doc.scalar(node), scalar.style == .plain, !doc.hasTag(node), let value = Int(scalar.value) {
            return Located(value, range: doc.range(node), keyRange: doc.range(pair.key), parent: fields.path, key: key)
        }
        let suggestion = doc.scalar(node).flatMap { Int($0.value) }.map(String.init)
        let hint = suggestion.map { Message(.writeWithoutQuotes, ["value": $0]) } ?? .empty
        findings.report(.wrongKind, Message(.mustBeInteger, ["key": key, "shown": shown(node), "hint": hint]), at: doc.range(node),
                        path: fields.childPath(key), suggestion: suggestion)
        return nil
    }

    /// Reads a boolean field: a plain `true` or `false` (YAML 1.1's `yes`, `on` and
    /// the like are reported, as quoted strings are).
    mutating func boolean(_ fields: Fields, _ key: String) -> Located<Bool>? {
        guard let pair = fields[key] else { return nil }
        let node = pair.value
        if doc.isInvalid(node) { return nil }
        if let scalar = doc.scalar(node), scalar.style == .plain, !doc.hasTag(node) {
            switch scalar.value {
            case "true", "True", "TRUE": return Located(true, range: doc.range(node), keyRange: doc.range(pair.key), parent: fields.path, key: key)
            case "false", "False", "FALSE": return Located(false, range: doc.range(node), keyRange: doc.range(pair.key), parent: fields.path, key: key)
            default: break
            }
        }
        let suggestion: String? = doc.scalar(node).flatMap { scalar in
            switch scalar.value.lowercased() {
            case "true", "yes", "y", "on": return "true"
            case "false", "no", "n", "off": return "false"
            default: return nil
            }
        }
        let hint = suggestion.map { Message(.writeValue, ["value": $0]) } ?? .empty
        findings.report(.wrongKind, Message(.mustBeBoolean, ["key": key, "shown": shown(node), "hint": hint]), at: doc.range(node),
                        path: fields.childPath(key), suggestion: suggestion)
        return nil
    }

    // MARK: - WeChat

    mutating func wechat(_ node: NodeRef, path: String) -> WeChatDescription? {
        guard let f = fields(node, FormatSchema.wechat, path: path, what: .key("wechat")) else { return nil }
        var miniProgramCode: MiniProgramCode?
        if let pair = f["miniProgramCode"] {
            let codePath = f.childPath("miniProgramCode")
            if let cf = fields(pair.value, FormatSchema.miniProgramCode, path: codePath, what: .key("miniProgramCode")) {
                let writtenKeys = cf.written.map { (key: FormatSchema.miniProgramCode.names[$0.name], range: doc.range($0.pair.key)) }
                var api: Located<MiniProgramCode.API>?
                if let written = enumeration(cf, "api", FormatSchema.miniProgramCodeAPIs), let value = MiniProgramCode.API(rawValue: written.value) {
                    api = Located(value, range: written.range, keyRange: written.keyRange, path: written.path)
                }
                miniProgramCode = MiniProgramCode(range: doc.range(pair.value), keyRange: doc.range(pair.key), path: codePath, api: api,
                                                  page: string(cf, "page"), codePath: string(cf, "path"), scene: string(cf, "scene"),
                                                  width: integer(cf, "width"),
                                                  envVersion: enumeration(cf, "envVersion", FormatSchema.miniProgramEnvVersions),
                                                  checkPath: boolean(cf, "checkPath"), image: string(cf, "image"), writtenKeys: writtenKeys)
            }
        }
        return WeChatDescription(miniProgramCode: miniProgramCode)
    }

    /// `activityTypes` (the app's activity types, which `destinations` may name) is asked
    /// for only when `destinations` is written.
    mutating func expectation(_ node: NodeRef, path: String, activityTypes: @autoclosure () -> [String]) -> Expectation? {
        guard let f = fields(node, FormatSchema.expect, path: path, what: .key("expect")) else { return nil }
        var title, subtitle: LocatedString?
        if let pair = f["header"],
           let hf = fields(pair.value, FormatSchema.expectedHeader, path: f.childPath("header"), what: .key("header")) {
            title = string(hf, "title")
            subtitle = string(hf, "subtitle")
        }
        var destinations: [ExpectedDestination] = []
        if let pair = f["destinations"] {
            destinations = expectedDestinations(pair.value, path: f.childPath("destinations"), activityTypes: activityTypes())
        }
        return Expectation(title: title, subtitle: subtitle, destinations: destinations)
    }

    /// `expect.destinations`: keys name a built-in activity (short name or raw value) or one
    /// of the document's application activities; values are a state or a mapping.
    private mutating func expectedDestinations(_ node: NodeRef, path: String, activityTypes: [String]) -> [ExpectedDestination] {
        guard let pairs = doc.pairs(node) else {
            if doc.isInvalid(node) { return [] }
            if doc.isNull(node) { return [] }
            findings.report(.wrongKind, Message(.destinationsMustBeMapping, ["kind": doc.kindDescription(node)]), at: doc.range(node), path: path)
            return []
        }
        let known = BuiltInActivity.allCases.map(\.shortName) + activityTypes
        // Built once, on the first unknown key, and asked for each: linear in the keys.
        var index: Suggestions.Index?
        var result: [ExpectedDestination] = []
        for (keyNode, value) in pairs {
            let pair = Pair(key: keyNode, value: value)
            guard let key = doc.text(keyNode) else {
                findings.report(.wrongKind, Message(.keysMustBeStrings, ["kind": doc.kindDescription(keyNode)]), at: doc.range(keyNode), path: path)
                continue
            }
            let entryPath = path + "." + key
            guard BuiltInActivity(named: key) != nil || activityTypes.contains(key) else {
                if index == nil { index = Suggestions.Index(known) }
                let suggestion = index?.nearest(to: key)
                let hint = suggestion.map { Message(.didYouMean, ["suggestion": $0]) } ?? Message(.useShortName)
                findings.report(.unknownKey, Message(.unknownActivity, ["key": key, "hint": hint]), at: doc.range(pair.key), path: entryPath, suggestion: suggestion)
                continue
            }
            let name = strings.add(key, range: doc.range(pair.key), keyRange: doc.range(pair.key), parent: entryPath, key: "")
            if doc.kind(pair.value) == .mapping {
                guard let df = fields(pair.value, FormatSchema.expectedDestination, path: entryPath, what: .key(key)) else { continue }
                result.append(ExpectedDestination(name: name, state: destinationState(string(df, "offered")), subject: string(df, "subject"),
                                                  body: string(df, "body")))
            } else {
                let state = destinationState(string(pair.value, keyRange: doc.range(pair.key), path: entryPath, what: .key(key), text: false))
                result.append(ExpectedDestination(name: name, state: state))
            }
        }
        return result
    }

    /// A state of `expect.destinations`, reported when it is not one of the states.
    private mutating func destinationState(_ value: LocatedString?) -> LocatedString? {
        guard let value else { return nil }
        guard FormatSchema.destinationStates.contains(value.value) else {
            let suggestion = Suggestions.nearest(to: value.value, in: FormatSchema.destinationStates)
            let message = suggestion.map { Message(.notDestinationStateSuggest, ["value": value.value, "suggestion": $0, "states": FormatSchema.destinationStates]) }
                ?? Message(.notDestinationState, ["value": value.value, "states": FormatSchema.destinationStates])
            findings.report(.wrongKind, message,
                            at: value, suggestion: suggestion)
            return nil
        }
        return value
    }
}
