import ShareLintMessages
import YAMLSyntax

/// `when:` of an entry: recorded, and in a variant the entry is left out when its
/// condition does not hold (`Conditions.swift`).
extension Loader {
    /// Reads `when` of the entry `f` and says whether the entry is in the variant read (every
    /// entry is, when no variant is read, or when `when` is not a condition).
    mutating func isPresent(_ f: Fields, path: String) -> Bool {
        guard let pair = f["when"] else { return true }
        let node = pair.value, range = doc.range(node)
        guard let text = doc.text(node), let (name, presentWhen, offset) = Condition.parse(text) else {
            if !doc.isInvalid(node) {
                findings.report(.wrongKind, Message(.conditionSyntax, ["shown": shown(node)]), at: range, path: f.childPath("when"))
            }
            return true
        }
        var tokenRange = range
        if range.start.line == range.end.line, doc.style(node) == .plain, range.end.offset - range.start.offset == text.unicodeScalars.count {
            tokenRange.start.column += offset
            tokenRange.start.offset += offset
            tokenRange.end = tokenRange.start
            tokenRange.end.column += ParameterUse.token(name).unicodeScalars.count
            tokenRange.end.offset += ParameterUse.token(name).unicodeScalars.count
        }
        parameterUses.append(ParameterUse(name: name, range: tokenRange, valueRange: range, key: "when", path: f.childPath("when"), isWholeValue: true))
        conditions.append(Condition(parameter: name, presentWhen: presentWhen, range: range, path: path))
        guard let variant, let value = variant.value(of: name) else { return true }
        return value == presentWhen
    }

    /// `excludedActivityTypes`: each entry a string, or `{type, when}`; in a variant, the
    /// entries whose condition does not hold are left out.
    mutating func exclusions(_ f: Fields) -> [LocatedString] {
        guard let pair = f["excludedActivityTypes"], doc.kind(pair.value) == .sequence else { return strings(f, "excludedActivityTypes") }
        let path = f.childPath("excludedActivityTypes")
        return list(f, "excludedActivityTypes") { loader, node, entryPath, index in
            guard loader.doc.kind(node) == .mapping else {
                return loader.string(node, keyRange: nil, parent: path, key: Self.indexSuffix(index), what: .entry(of: .key("excludedActivityTypes")), text: false)
            }
            guard let ef = loader.fields(node, FormatSchema.exclusion, path: entryPath, what: .entry(of: .key("excludedActivityTypes"))),
                  loader.isPresent(ef, path: entryPath) else { return nil }
            return loader.string(ef, "type")
        }
    }
}
