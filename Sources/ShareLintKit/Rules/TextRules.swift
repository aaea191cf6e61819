import ShareLintMessages
/// What kind of human-facing text a value is (the texts are listed by `ContextLists.fill`).
/// A placeholder that the source's `item` replaces is not shared: iOS asks it only for its
/// class (UIActivityItemProvider.h: "only the class of the return type is consulted").
enum TextKind { case title, messageBody, text, placeholder }

/// A human-facing text, what it is called in messages and its kind.
struct TextEntry: Sendable {
    let value: LocatedString
    let what: MessageID
    let kind: TextKind

    init(_ value: LocatedString, _ what: MessageID, _ kind: TextKind) {
        self.value = value
        self.what = what
        self.kind = kind
    }
}

/// An empty or whitespace-only text, title or message body.
package struct EmptyTextRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .emptyText, severity: .error,
        summary: "A `text`, title or `messageBody` is empty or only white space (a placeholder that an `item` replaces may be empty).",
        rationale: "An empty string shares nothing and shows a blank header line; remove the key or write the text. "
            + "A placeholder is shared only when its source has no `item`; otherwise iOS reads only its class, "
            + "so `placeholder: {text: \"\"}` beside an `item` is the usual way to say \"a string\".",
        triggering: [RuleExample("schemaVersion: 1\nmetadata:\n  title: ↓\"  \"\nitems:\n  - text: hello\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nmetadata:\n  title: 邀请好友\nitems:\n  - text: hello\n"),
                        RuleExample("schemaVersion: 1\nactivityItems:\n  - source:\n      placeholder:\n        text: \"\"\n      item:\n        text: hello\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        for text in context.texts where text.kind != .placeholder && HeaderModel.isBlank(text.value) {
            let value = text.value
            let at = value.value.isEmpty && value.range.start == value.range.end ? (value.keyRange ?? value.range) : value.range
            findings.report(description.id, Message(.emptyText, ["what": Message(text.what)]), at: at, path: value.path)
        }
    }
}

/// A message body or title longer than the limit.
package struct TextTooLongRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .textTooLong, severity: .warning,
        summary: "A `messageBody` over 1,000 characters or a title over 200 (configurable).",
        rationale: "Share targets cut long texts (a title shows on one or two lines); keep the message short and put the rest behind a link.",
        triggering: [RuleExample("schemaVersion: 1\nmetadata:\n  title: ↓" + String(repeating: "长", count: 201) + "\nitems:\n  - text: hello\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nmetadata:\n  title: " + String(repeating: "长", count: 200) + "\nitems:\n  - text: hello\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        for text in context.texts {
            let limit: Int
            switch text.kind {
            case .title: limit = context.options.maxTitleLength
            case .messageBody: limit = context.options.maxMessageBodyLength
            case .text, .placeholder: continue
            }
            // A character is at least one byte: short texts need no grapheme count.
            guard text.value.utf8Count > limit else { continue }
            let count = text.value.value.count
            if count > limit {
                findings.report(description.id, Message(.textTooLong, ["what": Message(text.what), "count": count, "limit": limit]), at: text.value)
            }
        }
    }
}
