/// Full-width punctuation or an ideographic space where YAML needs ASCII syntax.
package struct FullWidthPunctuationRule: StructuralRule {
    package init() {}
    package static let description = RuleDescription(
        id: .fullWidthPunctuation, severity: .error,
        summary: "A full-width colon, comma, bracket or hyphen, or an ideographic space, where YAML needs the ASCII character.",
        rationale: """
        A Chinese input method types `：` (U+FF1A), `，` (U+FF0C), `、` (U+3001), `［ ］ ｛ ｝` and `－` and the \
        ideographic space U+3000 in place of YAML's `:`, `,`, `[ ] { }`, `-` and space. YAML does not read them as \
        syntax: `title： 邀请好友` is not a key, `[airDrop，print]` is one activity named `airDrop，print`, and \
        `　title` is a key that starts with an invisible character. The diagnostic sits on the character, its \
        suggestion is the ASCII text meant, and the rest of the document is checked as if it \
        were already written so. Only characters where YAML expects syntax are reported: after a key of ASCII \
        letters, inside a flow list or mapping, in the indentation before a key or `-`; never inside text, quoted \
        strings or block scalars. Plain text goes on across the lines indented past its key (or its `-`): libyaml \
        reads `Time： Saturday` there as more of the value, so it is text too. Inside a flow list or mapping, a \
        `，` `、` or `：` that follows a character that is not ASCII, with more of the value after it, is text as \
        libyaml reads it: `{title: 邀请好友，一起赚积分}` is one title, `{text: 凭码到店自提：https://…}` one text; \
        after ASCII it is a slip: `[airDrop，print]` names two activities, `{title：邀请}` has a key. A fix is \
        made only when the fixed text parses to the same data but for the value it fixes (no key added, removed \
        or split).
        """,
        triggering: [
            RuleExample("schemaVersion: 1\nmetadata:\n  title↓： 邀请好友\n  messageBody↓：扫码进入小程序\n"),
            RuleExample("schemaVersion: 1\nitems:\n  - text: 扫码进入小程序\nexcludedActivityTypes: [airDrop↓，print↓、mail]\n"),
            RuleExample("schemaVersion: 1\nmetadata:\n↓\u{3000}\u{3000}title: 邀请好友\nitems:\n  - text: 扫码进入小程序\n"),
            RuleExample("schemaVersion: 1\nitems:\n  ↓－ text: 扫码进入小程序\nexcludedActivityTypes: ↓［airDrop↓］\n"),
        ],
        nonTriggering: [
            RuleExample("schemaVersion: 1\nmetadata:\n  title: 邀请好友：春季活动\n  messageBody: 扫码进入小程序，领取优惠、参加抽奖\nitems:\n  - text: 「限时」［春节］活动：扫码进入\nexcludedActivityTypes: [airDrop, print]\n"),
            RuleExample("schemaVersion: 1\ndescription: |\n  \u{3000}\u{3000}说明：活动海报，扫码进入\n  note： 不是键\nitems:\n  - text: \"title： 引号里的文字\"\n"),
            RuleExample("schemaVersion: 1\nmetadata:\n  title: 周末活动\n    Time： Saturday， Sunday\nitems:\n  - text: 扫码进入小程序\n"),
            RuleExample("schemaVersion: 1\nmetadata: {title: 邀请好友，一起赚积分}\nitems:\n  - {text: 我的取货码，凭码到店自提：https://shop.example.com/o/1}\n"),
        ])
}

/// Typographic quotes around a whole value.
package struct TypographicQuotesRule: StructuralRule {
    package init() {}
    package static let description = RuleDescription(
        id: .typographicQuotes, severity: .warning,
        summary: "A value wrapped in typographic quotes (“ ” ‘ ’ 「 」), which YAML keeps as part of the text.",
        rationale: """
        YAML quotes strings only with the ASCII `"` and `'`. A value typed as `“邀请好友”` keeps its quotes, and \
        the share sheet's header shows them. Write `"邀请好友"` or no quotes (the suggestion is the value in ASCII \
        quotes); to show the quotes on purpose, quote the whole value: `"“邀请好友”"`.
        """,
        triggering: [
            RuleExample("schemaVersion: 1\nmetadata:\n  title: ↓“邀请好友”\n  messageBody: ↓「扫码进入小程序」\nitems:\n  - text: hello\n"),
        ],
        nonTriggering: [
            RuleExample("schemaVersion: 1\nmetadata:\n  title: \"“邀请好友”\"\n  messageBody: 点击“进入”按钮\nitems:\n  - text: hello\n"),
        ])
}
