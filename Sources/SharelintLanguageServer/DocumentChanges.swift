import ShareLintKit

/// A document over the size limit: only its size is kept, never its text, so it is never
/// modelled (no line table, no YAML): it gets one diagnostic, and hover, completion and
/// code actions answer nothing.
struct OversizedDocument: Equatable {
    /// The document's size in UTF-8 bytes.
    var byteCount: Int
    /// The limit it is over.
    var limit: Int
}

/// What `OpenDocument.apply(_:limit:encoding:)` did.
enum DocumentChangeOutcome: Equatable {
    /// Every change applied.
    case applied
    /// Nothing applied, the document is as it was: a change is malformed (the message
    /// says which and why).
    case refused(String)
    /// Changes to part of the text of a document over the size limit were dropped (its
    /// text is not kept); the message says so.
    case partlyApplied(String)
}

extension LanguageServer.OpenDocument {
    /// Sets the whole text; over `limit` bytes only its size is kept.
    func setText(_ newText: String, limit: Int) {
        let byteCount = newText.utf8.count
        if byteCount > limit {
            text = TextDocument("")
            oversized = OversizedDocument(byteCount: byteCount, limit: limit)
        } else {
            text = TextDocument(newText)
            oversized = nil
        }
    }

    /// Keeps only the size when the text is over `limit`.
    func dropText(over limit: Int) {
        guard oversized == nil, text.bytes.count > limit else { return }
        oversized = OversizedDocument(byteCount: text.bytes.count, limit: limit)
        text = TextDocument("")
    }

    /// Applies `didChange`'s content changes in order. Every change is checked first: one
    /// without text, or with a range that is not two positions of whole numbers from 0
    /// with the start not after the end, refuses them all. A change that would bring the
    /// text over `limit` keeps only the size.
    func apply(_ changes: [JSONValue], limit: Int, encoding: PositionEncoding) -> DocumentChangeOutcome {
        var checked: [(range: LSPRange?, text: String)] = []
        // The refused range is quoted, at most 200 characters of it.
        let quoted = { (json: JSONValue) in String(json.serialized().prefix(200)) }
        for (index, change) in changes.enumerated() {
            let which = "change \(index + 1) of \(changes.count)"
            guard let newText = change["text"]?.stringValue else { return .refused("\(which) has no text") }
            switch change["range"] {
            case nil, .null?:
                checked.append((nil, newText))
            case let json?:
                guard let range = LSPRange(json) else {
                    return .refused("the range of \(which) is not two positions of whole numbers from 0: \(quoted(json))")
                }
                guard (range.start.line, range.start.character) <= (range.end.line, range.end.character) else {
                    return .refused("the range of \(which) starts after it ends: \(quoted(json))")
                }
                checked.append((range, newText))
            }
        }
        var dropped = 0
        for (range, newText) in checked {
            guard let range else {
                setText(newText, limit: limit)
                continue
            }
            guard oversized == nil else {
                dropped += 1
                continue
            }
            let start = text.offset(of: range.start, encoding: encoding)
            let end = max(start, text.offset(of: range.end, encoding: encoding))
            let byteCount = text.bytes.count - (end - start) + newText.utf8.count
            if byteCount > limit {
                text = TextDocument("")
                oversized = OversizedDocument(byteCount: byteCount, limit: limit)
            } else {
                text.replace(range, with: newText, encoding: encoding)
            }
        }
        guard dropped == 0 else {
            return .partlyApplied("\(dropped) change\(dropped == 1 ? "" : "s") to part of the text dropped: the document is over the size limit, "
                + "so its text is not kept; a change of the whole text (or reopening the document) brings it back")
        }
        return .applied
    }
}
