import ShareLintMessages
import YAMLSyntax

/// `parameters`, and `$(name)` in values: the examples are put in place as values are read,
/// and each use is kept for the parameter rules and for saying what was decided on an
/// example (`ParameterRules.swift`).
extension Loader {
    /// Reads `parameters`: a mapping from names to `{kind, example, description}`.
    mutating func parameters(_ f: Fields) {
        guard let pair = f["parameters"] else { return }
        let path = f.childPath("parameters")
        guard let pairs = doc.pairs(pair.value) else {
            if !doc.isNull(pair.value), !doc.isInvalid(pair.value) {
                findings.report(.wrongKind, Message(.parametersMustBeMapping, ["kind": doc.kindDescription(pair.value)]),
                                at: doc.range(pair.value), path: path)
            }
            return
        }
        for (keyNode, value) in pairs {
            // The name is read as written: a name is never a value that uses parameters.
            guard doc.kind(keyNode) == .scalar,
                  let name = strings.add(textOf: keyNode, in: doc, range: doc.range(keyNode), keyRange: nil, parent: path, key: "") else {
                findings.report(.wrongKind, Message(.keysMustBeStrings, ["kind": doc.kindDescription(keyNode)]), at: doc.range(keyNode), path: path)
                continue
            }
            if !ParameterSyntax.isValidName(name.value) {
                findings.report(.wrongKind, Message(.parameterName, ["name": name.value]), at: name)
            }
            let declarationPath = path + "." + name.value
            guard let pf = fields(value, FormatSchema.parameter, path: declarationPath, what: .key(name.value)) else { continue }
            let kind = enumeration(pf, "kind", Parameter.Kind.allCases.map(\.rawValue)).flatMap { Parameter.Kind(rawValue: $0.value) }
            checkString(pf, "description")
            // Read as written, as the example is: a description is never a value that uses parameters.
            let description = pf["description"].flatMap { written in
                doc.kind(written.value) == .scalar && !doc.isNull(written.value)
                    ? strings.add(textOf: written.value, in: doc, range: doc.range(written.value), keyRange: doc.range(written.key),
                                  parent: declarationPath, key: "description")
                    : nil
            }
            var example: LocatedString?, plain = false
            if let written = pf["example"] {
                plain = doc.style(written.value) == .plain && !doc.hasTag(written.value)
                if doc.kind(written.value) == .scalar, !(doc.isNull(written.value) && plain) {
                    example = strings.add(textOf: written.value, in: doc, range: doc.range(written.value), keyRange: doc.range(written.key),
                                          parent: declarationPath, key: "example")
                } else if !doc.isInvalid(written.value) {
                    findings.report(.wrongKind, Message(.parameterExampleScalar, ["name": name.value, "kind": doc.kindDescription(written.value)]),
                                    at: doc.range(written.value), path: declarationPath + ".example")
                }
            }
            let parameter = Parameter(name: name, kind: kind, example: example, exampleIsPlain: plain, range: doc.range(value),
                                      description: description)
            if declaredParameters[name.value] == nil { declaredParameters[name.value] = parameter }
            parameterList.append(parameter)
        }
    }

    /// Whether a scalar's text has a `$`: only such a value can use a parameter (a scan of
    /// its bytes; most values have none).
    func mayUseParameters(_ node: NodeRef) -> Bool {
        doc.textContains(node, byte: UInt8(ascii: "$"))
    }

    /// The value of a scalar that writes `$(`: the examples in place of the parameters, and
    /// `$$(` as `$(`; each use recorded. Nil when it writes no `$(`. A parameter that is not
    /// declared, or has no example, stays as written (its rule reports it).
    mutating func valueWithExamples(_ node: NodeRef, range: SourceRange, parent: String, key: String) -> String? {
        guard let written = doc.text(node), let pieces = ParameterSyntax.pieces(of: written) else { return nil }
        let exact = exactPositions(node, written: written)
        let path = KeyPathText.join(parent, key)
        let fieldKey = key.hasPrefix("[") ? "" : key
        var value = ""
        if pieces.contains(where: { if case .parameter = $0 { return true } else { return false } }) { valueTemplates[path] = pieces }
        for piece in pieces {
            switch piece {
            case .text(let text):
                value += text
            case .parameter(let name, let offset):
                let token = ParameterUse.token(name)
                var tokenRange = range
                if let exact {
                    tokenRange.start.column += exact + offset
                    tokenRange.start.offset += exact + offset
                    tokenRange.end = tokenRange.start
                    let length = token.unicodeScalars.count
                    tokenRange.end.column += length
                    tokenRange.end.offset += length
                }
                parameterUses.append(ParameterUse(name: name, range: tokenRange, valueRange: range, key: fieldKey, path: path,
                                                  isWholeValue: pieces.count == 1))
                value += example(of: name, at: range, path: path) ?? token
            }
        }
        return value
    }

    /// The most bytes of examples put in place in one document (4 MiB): a long example
    /// used many times cannot grow a document past memory (as aliases cannot, `yamlAliasBomb`).
    static let mostExampleBytes = 1 << 22

    /// A parameter's example for a use, counted against `mostExampleBytes`; nil when the
    /// parameter has none or the document's examples are used up (reported once).
    private mutating func example(of name: String, at range: SourceRange, path: String) -> String? {
        guard let example = declaredParameters[name]?.example else { return nil }
        let count = example.utf8Count
        guard exampleBytes + count <= Self.mostExampleBytes else {
            if !examplesUsedUp {
                examplesUsedUp = true
                findings.report(.resourceLimit, Message(.examplesUsedUp, ["limit": Self.mostExampleBytes >> 20]), at: range, path: path)
            }
            return nil
        }
        exampleBytes += count
        return example.value
    }

    /// How far a value's text starts after its node's start, in scalars, when the text is
    /// written as it reads (on one line, plain or quoted without escapes or folding):
    /// then a `$(name)` in it stands at that offset plus its own. Nil otherwise.
    private func exactPositions(_ node: NodeRef, written: String) -> Int? {
        let range = doc.range(node)
        guard range.start.line == range.end.line else { return nil }
        let length = range.end.offset - range.start.offset
        switch doc.style(node) {
        case .plain: return length == written.unicodeScalars.count ? 0 : nil
        case .singleQuoted, .doubleQuoted: return length == written.unicodeScalars.count + 2 ? 1 : nil
        default: return nil
        }
    }
}
