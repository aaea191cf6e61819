import ShareLintKit

/// `textDocument/codeAction`: one quick fix per diagnostic that carries a single clear
/// suggestion, replacing the diagnostic's range with it (written as YAML: quoted the way
/// the original was, or double-quoted when a plain scalar would read differently).
/// A diagnostic whose range is empty (a missing key) gets none: what to insert where is
/// not one replacement.
struct CodeActions {
    let document: LanguageServer.OpenDocument
    let encoding: PositionEncoding

    func actions(in range: LSPRange) -> JSONValue {
        let text = document.text
        var actions: [JSONValue] = []
        for diagnostic in document.report?.diagnostics ?? [] {
            guard let suggestion = diagnostic.suggestion, diagnostic.range.start != diagnostic.range.end else { continue }
            let lspRange = text.lspRange(of: diagnostic.range, encoding: encoding)
            guard Self.overlaps(lspRange, range) else { continue }
            let start = text.offset(of: lspRange.start, encoding: encoding)
            let end = text.offset(of: lspRange.end, encoding: encoding)
            let original = text.text(start..<max(start, end))
            let replacement = Self.yaml(suggestion, replacing: original)
            guard replacement != original else { continue }
            let edit = JSONValue.object([("range", lspRange.json), ("newText", .string(replacement))])
            actions.append(.object([
                ("title", .string("Replace with \(replacement) (\(diagnostic.rule))")),
                ("kind", .string("quickfix")),
                ("diagnostics", .array([LSPDiagnostics.json(diagnostic, in: text, encoding: encoding)])),
                ("isPreferred", .bool(true)),
                ("edit", .object([("changes", .object([(document.uri, .array([edit]))]))])),
            ]))
        }
        return .array(actions)
    }

    static func overlaps(_ a: LSPRange, _ b: LSPRange) -> Bool {
        let aStart = (a.start.line, a.start.character), aEnd = (a.end.line, a.end.character)
        let bStart = (b.start.line, b.start.character), bEnd = (b.end.line, b.end.character)
        return aStart <= bEnd && bStart <= aEnd
    }

    /// The suggestion as YAML text in place of `original`.
    static func yaml(_ suggestion: String, replacing original: String) -> String {
        // A suggestion that is already a quoted YAML scalar (implicit-type's) is kept.
        if suggestion.count >= 2, suggestion.hasPrefix("\""), suggestion.hasSuffix("\"") { return suggestion }
        if original.hasPrefix("'"), original.hasSuffix("'"), original.count >= 2 {
            return "'" + suggestion.replacingAll("'", with: "''") + "'"
        }
        if original.hasPrefix("\"") || !isPlainSafe(suggestion) {
            // JSON's string escapes are valid in a double-quoted YAML scalar.
            return JSONValue.string(suggestion).serialized()
        }
        return suggestion
    }

    /// Whether text reads back as the same string when written as a plain YAML scalar.
    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) || first == " " || last == " " { return false }
        if text.contains(": ") || text.contains(" #") || text.hasSuffix(":") { return false }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 }) { return false }
        let lowered = text.lowercased()
        if ["null", "~", "true", "false", "yes", "no", "on", "off", "y", "n"].contains(lowered) { return false }
        if Double(text) != nil || Int(text) != nil { return false }
        return true
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
