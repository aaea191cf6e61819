import ShareLintMessages
import YAMLSyntax

/// A value uses `$(name)` and no parameter of that name is declared.
package struct UndeclaredParameterRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .undeclaredParameter, severity: .error,
        summary: "A value uses `$(name)` and `parameters` declares no such name.",
        rationale: "The app fills each parameter by its name; a name no declaration has is a typo or a missing declaration, "
            + "and the value would be checked, and shared, with `$(name)` as its text. Write `$$(` for the text `$(` itself.",
        triggering: [RuleExample("schemaVersion: 1\nparameters:\n  inviter: {kind: text, example: \"42\"}\nitems:\n  - url: https://example.com/invite?u=↓$(invitr)\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nparameters:\n  inviter: {kind: text, example: \"42\"}\nitems:\n  - url: https://example.com/invite?u=$(inviter)\n  - text: 价格 $$(price}\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        let configuration = context.configuration
        guard !configuration.parameterUses.isEmpty else { return }
        let names = configuration.parameters.map(\.name.value), declared = Set(names)
        // One nearest name per misspelling, however often it is written.
        var nearest: [String: String?] = [:]
        for use in configuration.parameterUses where !declared.contains(use.name) {
            let suggestion = nearest[use.name] ?? {
                let found = Suggestions.nearest(to: use.name, in: names)
                nearest[use.name] = .some(found)
                return found
            }()
            let hint = suggestion.map { Message(.didYouMean, ["suggestion": ParameterUse.token($0)]) }
                ?? Message(.parameterDeclareHint, ["literal": "$$(" + use.name + ")"])
            findings.report(description.id, Message(.parameterUndeclared, ["token": ParameterUse.token(use.name), "hint": hint]),
                            at: use.range, path: use.path, suggestion: suggestion.map(ParameterUse.token))
        }
    }
}

/// A declared parameter that no value uses.
package struct UnusedParameterRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .unusedParameter, severity: .error,
        summary: "A parameter is declared under `parameters` and no value uses it as `$(name)`.",
        rationale: "A declaration no value uses is a value the app must pass for nothing, most often a use that was "
            + "misspelt or removed; the code made from the file would ask for it all the same. A use in an entry under "
            + "`when:` counts for every variant: the app passes the value whether the entry is present or not.",
        triggering: [RuleExample("schemaVersion: 1\nparameters:\n  ↓inviter: {kind: text, example: \"42\"}\nitems:\n  - url: https://example.com/invite\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nparameters:\n  inviter: {kind: text, example: \"42\"}\nitems:\n  - url: https://example.com/invite?u=$(inviter)\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        let configuration = context.configuration
        let used = Set(configuration.parameterUses.map(\.name))
        for parameter in configuration.parameters where !used.contains(parameter.name.value) {
            findings.report(description.id, Message(.parameterUnused, ["name": parameter.name.value, "token": parameter.token]), at: parameter.name)
        }
    }
}

/// A parameter used where its kind cannot stand, or an example that is not of its kind.
package struct ParameterKindRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .parameterKind, severity: .error,
        summary: "A parameter stands where its kind cannot (an image inside a text, a URL as a file path, any parameter in a type "
            + "identifier), or its example is not of its kind.",
        rationale: "The app puts a value of the parameter's kind in its place: an image can only be a whole image path, a file "
            + "a whole file path, a URL a URL or text; identifiers and choices (types, activity types, names) stay fixed in "
            + "the app's code. Every check runs on the example, so an example that is not of its kind checks the wrong thing.",
        triggering: [
            RuleExample("schemaVersion: 1\nparameters:\n  poster: {kind: image, example: poster.png}\nitems:\n  - text: 海报 ↓$(poster)\n"),
            RuleExample("schemaVersion: 1\nparameters:\n  orderID: {kind: integer, example: ↓\"A42\"}\nitems:\n  - text: 订单 $(orderID)\n"),
            RuleExample("schemaVersion: 1\nparameters:\n  kind: {kind: text, example: png}\nitems:\n  - type: ↓$(kind)\n    text: hello\n"),
        ],
        nonTriggering: [RuleExample("""
            schemaVersion: 1
            parameters:
              orderID: {kind: integer, example: 42}
              link: {kind: url, example: "https://example.com/order/42"}
            items:
              - text: 订单 $(orderID)
              - url: $(link)
            """)])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        let configuration = context.configuration
        for parameter in configuration.parameters { checkExample(parameter, &findings) }
        guard !configuration.parameterUses.isEmpty else { return }
        let kinds = configuration.parameterKinds
        for use in configuration.parameterUses {
            guard let kind = kinds[use.name] else { continue }
            let token = ParameterUse.token(use.name), key = use.key.isEmpty ? use.path : use.key
            guard ParameterUse.keysTakingParameters.contains(use.key) else {
                findings.report(description.id, Message(.parameterNotHere, ["key": key, "token": token]), at: use.range, path: use.path)
                continue
            }
            let accepted = Self.kinds(for: use.key)
            if !accepted.contains(kind) {
                findings.report(description.id, Message(.parameterWrongKind, ["token": token, "kind": kind.rawValue, "key": key,
                                                                              "kinds": Message.Value.orItems(accepted.map { .text($0.rawValue) })]),
                                at: use.range, path: use.path)
            } else if (kind == .image || kind == .file) && !use.isWholeValue {
                findings.report(description.id, Message(.parameterNotWhole, ["token": token, "kind": kind.rawValue, "key": key]),
                                at: use.range, path: use.path)
            }
        }
    }

    /// The kinds a value under `key` takes.
    static func kinds(for key: String) -> [Parameter.Kind] {
        if key == "when" { return [.boolean] }
        if ParameterUse.imagePathKeys.contains(key) { return [.image, .text, .integer] }
        if ParameterUse.filePathKeys.contains(key) { return [.file, .image, .text, .integer] }
        if ParameterUse.urlKeys.contains(key) { return [.url, .text, .integer] }
        return [.text, .url, .integer]
    }

    private func checkExample(_ parameter: Parameter, _ findings: inout Findings) {
        guard let kind = parameter.kind, let example = parameter.example else { return }
        let name = parameter.name.value, value = example.value
        let shown = parameter.exampleIsPlain ? Message(.subjectKey, ["key": value]) : Message(.shownString, ["value": value])
        switch kind {
        case .integer where !parameter.exampleIsPlain || Int(value) == nil:
            findings.report(description.id, Message(.parameterExampleInteger, ["name": name, "shown": shown]), at: example,
                            suggestion: Int(value).map(String.init))
        case .boolean where !parameter.exampleIsPlain || (value != "true" && value != "false"):
            findings.report(description.id, Message(.parameterExampleBoolean, ["name": name, "shown": shown]), at: example)
        case .url where !HeaderModel.isBlank(example) && URLParts(value) == nil:
            findings.report(description.id, Message(.parameterExampleURL, ["name": name, "value": value]), at: example)
        case .integer, .boolean:
            break
        case .text, .image, .file, .url:
            if HeaderModel.isBlank(example) { findings.report(description.id, Message(.parameterExampleEmpty, ["name": name]), at: example) }
        }
    }
}

/// What was decided on an example: a finding on a value that uses a parameter says so,
/// and offers no fix (a fix would write the example into the file in place of `$(name)`).
enum ParameterExamples {
    /// `findings` with those on a value using parameters marked as decided on the
    /// examples; the parameter rules' own findings are left as they are.
    static func marked(_ findings: [Finding], uses: [ParameterUse], declared: [Parameter]) -> [Finding] {
        guard !uses.isEmpty else { return findings }
        let own: Set<RuleID> = [.undeclaredParameter, .unusedParameter, .parameterKind]
        let withExamples = Set(declared.filter { $0.example != nil }.map(\.name.value))
        // The uses with examples by where their values start: values never overlap, so the
        // one that can hold a finding is the last to start at or before it.
        let sorted = uses.filter { withExamples.contains($0.name) && $0.key != "when" }.sorted { ($0.valueRange.start.offset, $0.range.start.offset) < ($1.valueRange.start.offset, $1.range.start.offset) }
        return findings.map { finding in
            guard !own.contains(finding.rule) else { return finding }
            let tokens = holding(finding.range, in: sorted).map { ParameterUse.token($0.name) }
            guard !tokens.isEmpty else { return finding }
            var marked = finding
            marked.text = Message(.decidedOnExample, ["message": finding.text, "tokens": Message.Value.andItems(unique(tokens).map { .text($0) })])
            marked.suggestion = nil
            return marked
        }
    }

    /// The uses in the value that holds `range`, from uses sorted by their values' starts.
    private static func holding(_ range: SourceRange, in sorted: [ParameterUse]) -> [ParameterUse] {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle].valueRange.start.offset <= range.start.offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return [] }
        let value = sorted[low - 1].valueRange
        guard contains(value, range) else { return [] }
        var result: [ParameterUse] = []
        var index = low - 1
        while index >= 0, sorted[index].valueRange == value {
            result.append(sorted[index])
            index -= 1
        }
        return result.reversed()
    }

    private static func contains(_ outer: SourceRange, _ inner: SourceRange) -> Bool {
        outer.start.offset <= inner.start.offset && inner.end.offset <= outer.end.offset && inner.start.offset < outer.end.offset
    }

    private static func unique(_ tokens: [String]) -> [String] {
        var seen = Set<String>()
        return tokens.filter { seen.insert($0).inserted }
    }
}
