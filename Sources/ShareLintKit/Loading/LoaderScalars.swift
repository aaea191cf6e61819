import YAMLSyntax

/// Scalars of other kinds (enumerations, integers, booleans) and the WeChat block.
extension Loader {
    /// Reads a string field that must be one of `values`; reports wrong-kind with the
    /// nearest value otherwise.
    private mutating func enumeration(_ fields: Fields, _ key: String, _ values: [String]) -> LocatedString? {
        guard let value = string(fields, key) else { return nil }
        if values.contains(value.value) { return value }
        let suggestion = Suggestions.nearest(to: value.value, in: values)
            ?? values.first { $0.lowercased() == value.value.lowercased() }
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
        findings.report("wrong-kind", "'\(key)' must be one of \(values.joined(separator: ", ")), not '\(value.value)'\(hint)",
                        at: value, suggestion: suggestion)
        return nil
    }

    /// How a scalar that is not of the wanted kind is named in messages.
    func shown(_ node: NodeRef) -> String {
        guard let scalar = doc.scalar(node) else { return doc.kindDescription(node) }
        if scalar.isNull && !doc.hasTag(node) { return "empty (null)" }
        return scalar.style == .plain ? "'\(scalar.value)'" : "the string \"\(scalar.value)\""
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
        let hint = suggestion.map { "; write \($0) without quotes" } ?? ""
        findings.report("wrong-kind", "'\(key)' must be an integer, not \(shown(node))\(hint)", at: doc.range(node),
                        path: fields.childPath(key), suggestion: suggestion)
        return nil
    }

    /// Reads a boolean field: a plain `true` or `false` (YAML 1.1's `yes`, `on` and
    /// the like are reported, as quoted strings are).
    private mutating func boolean(_ fields: Fields, _ key: String) -> Located<Bool>? {
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
        let hint = suggestion.map { "; write \($0)" } ?? ""
        findings.report("wrong-kind", "'\(key)' must be true or false, not \(shown(node))\(hint)", at: doc.range(node),
                        path: fields.childPath(key), suggestion: suggestion)
        return nil
    }

    // MARK: - WeChat

    mutating func wechat(_ node: NodeRef, path: String) -> WeChatDescription? {
        guard let f = fields(node, FormatSchema.wechat, path: path, what: "'wechat'") else { return nil }
        let wechat = WeChatDescription()
        if let pair = f["miniProgramCode"] {
            let codePath = f.childPath("miniProgramCode")
            if let cf = fields(pair.value, FormatSchema.miniProgramCode, path: codePath, what: "'miniProgramCode'") {
                let code = MiniProgramCode(range: doc.range(pair.value), keyRange: doc.range(pair.key), path: codePath)
                code.writtenKeys = cf.written.map { (FormatSchema.miniProgramCode.names[$0.name], doc.range($0.pair.key)) }
                if let api = enumeration(cf, "api", FormatSchema.miniProgramCodeAPIs), let value = MiniProgramCode.API(rawValue: api.value) {
                    code.api = Located(value, range: api.range, keyRange: api.keyRange, path: api.path)
                }
                code.page = string(cf, "page")
                code.codePath = string(cf, "path")
                code.scene = string(cf, "scene")
                code.width = integer(cf, "width")
                code.envVersion = enumeration(cf, "envVersion", FormatSchema.miniProgramEnvVersions)
                code.checkPath = boolean(cf, "checkPath")
                code.image = string(cf, "image")
                wechat.miniProgramCode = code
            }
        }
        return wechat
    }

    /// `activityTypes` (the app's activity types, which `destinations` may name) is asked
    /// for only when `destinations` is written.
    mutating func expectation(_ node: NodeRef, path: String, activityTypes: @autoclosure () -> [String]) -> Expectation? {
        guard let f = fields(node, FormatSchema.expect, path: path, what: "'expect'") else { return nil }
        let expectation = Expectation()
        if let pair = f["header"],
           let hf = fields(pair.value, FormatSchema.expectedHeader, path: f.childPath("header"), what: "'header'") {
            expectation.title = string(hf, "title")
            expectation.subtitle = string(hf, "subtitle")
        }
        if let pair = f["destinations"] {
            expectation.destinations = expectedDestinations(pair.value, path: f.childPath("destinations"), activityTypes: activityTypes())
        }
        return expectation
    }

    /// `expect.destinations`: keys name a built-in activity (short name or raw value) or one
    /// of the document's application activities; values are a state or a mapping.
    private mutating func expectedDestinations(_ node: NodeRef, path: String, activityTypes: [String]) -> [ExpectedDestination] {
        guard let pairs = doc.pairs(node) else {
            if doc.isInvalid(node) { return [] }
            if doc.isNull(node) { return [] }
            findings.report("wrong-kind", "'destinations' must be a mapping of activity names, not \(doc.kindDescription(node))", at: doc.range(node), path: path)
            return []
        }
        let known = BuiltInActivity.allCases.map(\.shortName) + activityTypes
        // Built once, on the first unknown key, and asked for each: linear in the keys.
        var index: Suggestions.Index?
        var result: [ExpectedDestination] = []
        for (keyNode, value) in pairs {
            let pair = Pair(key: keyNode, value: value)
            guard let key = doc.text(keyNode) else {
                findings.report("wrong-kind", "keys must be plain strings, not \(doc.kindDescription(keyNode))", at: doc.range(keyNode), path: path)
                continue
            }
            let entryPath = path + "." + key
            guard BuiltInActivity(named: key) != nil || activityTypes.contains(key) else {
                if index == nil { index = Suggestions.Index(known) }
                let suggestion = index?.nearest(to: key)
                let hint = suggestion.map { "; did you mean '\($0)'?" } ?? "; use a built-in short name such as 'mail' or an application activity's type"
                findings.report("unknown-key", "unknown activity '\(key)' in 'destinations'\(hint)", at: doc.range(pair.key), path: entryPath, suggestion: suggestion)
                continue
            }
            var entry = ExpectedDestination(name: strings.add(key, range: doc.range(pair.key), keyRange: doc.range(pair.key), parent: entryPath, key: ""))
            if doc.kind(pair.value) == .mapping {
                guard let df = fields(pair.value, FormatSchema.expectedDestination, path: entryPath, what: "'\(key)'") else { continue }
                entry.state = destinationState(string(df, "offered"))
                entry.subject = string(df, "subject")
                entry.body = string(df, "body")
            } else {
                entry.state = destinationState(string(pair.value, keyRange: doc.range(pair.key), path: entryPath, what: "'\(key)'", text: false))
            }
            result.append(entry)
        }
        return result
    }

    /// A state of `expect.destinations`, reported when it is not one of the states.
    private mutating func destinationState(_ value: LocatedString?) -> LocatedString? {
        guard let value else { return nil }
        guard FormatSchema.destinationStates.contains(value.value) else {
            let suggestion = Suggestions.nearest(to: value.value, in: FormatSchema.destinationStates)
            let hint = suggestion.map { "did you mean '\($0)'? The states are " } ?? "use "
            findings.report("wrong-kind", "'\(value.value)' is not a destination state; \(hint)\(FormatSchema.destinationStates.joined(separator: ", "))",
                            at: value, suggestion: suggestion)
            return nil
        }
        return value
    }
}
