import ShareLintMessages
import ShareLintKit

/// `textDocument/codeAction`: the quick fixes are the fixes `--fix` would apply to the
/// document now (its first round, `FixRounds.round`: proven on the whole document), each
/// with the same range and replacement text, byte for byte: applying every one the server
/// offers, round after round, gives the text `--fix` writes. A suggestion that is no such
/// fix (a file name that may be the one meant) stays in the diagnostic's message.
struct CodeActions {
    let document: LanguageServer.OpenDocument
    let encoding: PositionEncoding
    /// Lints other bytes as this document (for the proof).
    let lint: ([UInt8]) -> FileReport

    func actions(in range: LSPRange) -> JSONValue {
        let text = document.text
        let fixes: [Fix]
        if let known = document.quickFixes {
            fixes = known
        } else if let report = document.report {
            fixes = FixRounds.round(text.bytes, report: report, lint: lint)?.fixes ?? []
            document.quickFixes = fixes
        } else {
            fixes = []
        }
        var actions: [JSONValue] = []
        for fix in fixes {
            let lspRange = text.lspRange(of: fix.range, encoding: encoding)
            guard Self.overlaps(lspRange, range) else { continue }
            let edit = JSONValue.object([("range", lspRange.json), ("newText", .string(fix.replacement))])
            actions.append(.object([
                ("title", .string("\(Self.capitalized(fix.text.text(in: document.language))) (\(fix.diagnostic.rule))")),
                ("kind", .string("quickfix")),
                ("diagnostics", .array([LSPDiagnostics.json(fix.diagnostic, in: text, encoding: encoding, language: document.language)])),
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

    /// "replace 'x' with 'y'" as a title: "Replace 'x' with 'y'".
    static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
