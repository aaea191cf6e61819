/// libyaml cannot parse the stream.
package struct YAMLSyntaxRule: StructuralRule {
    package init() {}
    package static let description = RuleDescription(
        id: .yamlSyntax, severity: .error,
        summary: "The file is not valid YAML.",
        rationale: """
        A file that does not parse cannot be checked at all, and the app would fail to load it. \
        Each slip is named in sharelint's words where it was made, which is often above the line \
        where libyaml gave up:

        - A tab in the indentation: at the tab ("a tab indents this line; YAML indents with \
        spaces"), with the spaces of the lines beside it as the suggestion.
        - A key or list entry out of line, too deep or too shallow: on that line, with the column \
        its level's keys are in ("move it to column 5"; in a list entry, the column of the entry's \
        first key, not of its `-`). When the first key under a key is off the file's step and the \
        key after it is not, the first one is named.
        - A string that goes on past its line: at its opening quote, naming a typographic quote \
        (`”` U+201D, `’` U+2019, `“` U+201C) that ends the line, or where YAML finds the next quote.
        - Brackets left open: at the opening bracket. A character YAML cannot take, an escape, a \
        tag or an anchor: at the character. A comment that ends a value the next line goes on \
        with: at the comment.

        sharelint resumes at the next `---` line so the other documents of the stream are still \
        checked.
        """,
        triggering: [
            RuleExample("schemaVersion: 1\nitems:\n↓\t- text: hello\n"),
            RuleExample("schemaVersion: 1\nitems:\n  - text: 扫码进入小程序\n    suggestedName: 邀请海报.png\n↓\tpreviews:\n      fullSize: poster.png\n"),
            RuleExample("""
            schemaVersion: 1
            items:
              - type: public.jpeg
                file: spring-1.jpg
              - type: public.jpeg
               ↓file: spring-2.jpg

            """),
            RuleExample("""
            schemaVersion: 1
            items:
              - type: public.png
                file: poster.png
                previews:
                ↓thumbnail: poster-thumb.png
                  fullSize: poster.png

            """),
            RuleExample("""
            schemaVersion: 1
            metadata:
              title: ↓"邀请好友”
              messageBody: "扫码进入小程序"
            items:
              - text: hello

            """),
            RuleExample("schemaVersion: 1\nitems:\n  - text: ↓\"hello\n"),
        ],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: \"hello\"\n")])
}

/// A mapping repeats a key.
package struct DuplicateKeyRule: StructuralRule {
    package init() {}
    package static let description = RuleDescription(
        id: .duplicateKey, severity: .error,
        summary: "A mapping repeats a key.",
        rationale: "YAML parsers disagree on which of two equal keys wins; sharelint uses the first and reports the second.",
        triggering: [RuleExample("schemaVersion: 1\nmetadata:\n  title: One\n  ↓title: Two\nitems:\n  - text: hello\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nmetadata:\n  title: One\nitems:\n  - text: hello\n")])
}

/// A key the schema does not allow.
package struct UnknownKeyRule: StructuralRule {
    package init() {}
    package static let description = RuleDescription(
        id: .unknownKey, severity: .error,
        summary: "A key the format does not define (with the nearest allowed key).",
        rationale: "A misspelt key is silently ignored by the app, so the value never reaches the share sheet. Keys are case-sensitive.",
        triggering: [RuleExample("schemaVersion: 1\nmetadata:\n  ↓mesageBody: 扫码进入小程序\nitems:\n  - text: hello\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nmetadata:\n  messageBody: 扫码进入小程序\nitems:\n  - text: hello\n")])
}

/// A required key is absent.
package struct MissingKeyRule: StructuralRule {
    package init() {}
    package static let description = RuleDescription(
        id: .missingKey, severity: .error,
        summary: "A required key is absent.",
        rationale: "An application activity needs a type and a title; without them UIKit cannot show it.",
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: hello\napplicationActivities:\n  - ↓type: com.example.app.save\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: hello\napplicationActivities:\n  - type: com.example.app.save\n    title: Save\n")])
}

/// A value of the wrong kind.
package struct WrongKindRule: StructuralRule {
    package init() {}
    package static let description = RuleDescription(
        id: .wrongKind, severity: .error,
        summary: "A value is a scalar, list or mapping where another kind is required.",
        rationale: "The app reads each key as one kind of value; another kind is dropped or crashes the loader.",
        triggering: [
            RuleExample("schemaVersion: 1\nitems: ↓hello\n"),
            RuleExample("schemaVersion: 1\nitems:\n  - text: hello\napplicationActivities:\n  - type: com.example.app.save\n    title: Save\n    category: ↓acton\n"),
        ],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: hello\n")])
}

/// A `<<` merge key.
package struct MergeKeyRule: StructuralRule {
    package init() {}
    package static let description = RuleDescription(
        id: .mergeKey, severity: .error,
        summary: "A `<<` merge key, which sharelint does not support.",
        rationale: "Merge keys are a YAML 1.1 extension that many parsers (and the app's) handle differently; write the keys out.",
        triggering: [RuleExample("schemaVersion: 1\nmetadata: &m\n  title: Hi\nitems:\n  - text: hello\n    metadata:\n      ↓<<: *m\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nmetadata: &m\n  title: Hi\nitems:\n  - text: hello\n    metadata: *m\n")])
}

/// An alias to an anchor that does not exist.
package struct UndefinedAliasRule: StructuralRule {
    package init() {}
    package static let description = RuleDescription(
        id: .undefinedAlias, severity: .error,
        summary: "An alias refers to an anchor that is not defined before it.",
        rationale: "An alias must follow its anchor in the same document; otherwise the value is missing.",
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: ↓*greeting\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nmetadata:\n  title: &greeting Hello\nitems:\n  - text: *greeting\n")])
}

/// A plain scalar that YAML 1.1 reads as a boolean, null or number.
package struct ImplicitTypeRule: StructuralRule {
    package init() {}
    package static let description = RuleDescription(
        id: .implicitType, severity: .warning,
        summary: "A plain scalar in a string field that YAML 1.1 reads as a boolean, null or number.",
        rationale: """
        YAML 1.1 reads `yes`, `no`, `on`, `off`, `~`, `0755` and `1e3` as booleans, nulls and numbers. \
        A loader that follows YAML 1.1 turns the title `no` into `false` and `0755` into 493. Quote such values.
        """,
        triggering: [RuleExample("schemaVersion: 1\nmetadata:\n  title: ↓no\nitems:\n  - text: ↓0755\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nmetadata:\n  title: \"no\"\nitems:\n  - text: '0755'\n")])
}

/// `schemaVersion` missing or not 1.
package struct UnsupportedSchemaVersionRule: StructuralRule {
    package init() {}
    package static let description = RuleDescription(
        id: .unsupportedSchemaVersion, severity: .error,
        summary: "`schemaVersion` is missing or not the integer 1.",
        rationale: "The version says which rules apply; a file without it (or for a future version) cannot be checked reliably.",
        triggering: [
            RuleExample("schemaVersion: ↓2\nitems:\n  - text: hello\n"),
            RuleExample("↓items:\n  - text: hello\n"),
        ],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: hello\n")])
}

/// Nesting, alias expansion or file size past a limit.
package struct ResourceLimitRule: StructuralRule {
    package init() {}
    package static let description = RuleDescription(
        id: .resourceLimit, severity: .error,
        summary: "A document nests deeper than 64 levels, aliases expand past 10,000 nodes, or the file is over the size limit.",
        rationale: """
        Limits keep linting fast and safe on hostile input (deep nesting, "billion laughs" alias bombs, huge files). \
        Real share configurations stay far below them.
        """,
        triggering: [RuleExample("schemaVersion: 1\nitems: " + String(repeating: "[", count: 63) + "↓" + String(repeating: "[", count: 7) + String(repeating: "]", count: 70) + "\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems: [{text: hello}]\n")])
}

/// A representation with zero or several payloads, or the shorthand mixed with representations.
package struct PayloadConflictRule: StructuralRule {
    package init() {}
    package static let description = RuleDescription(
        id: .payloadConflict, severity: .error,
        summary: "A representation with zero or several payloads, or an item that mixes the shorthand with `representations`.",
        rationale: "Each registered representation loads exactly one payload; the app cannot tell which of two it should hand over.",
        triggering: [
            RuleExample("schemaVersion: 1\nitems:\n  - text: hello\n    ↓url: https://example.com\n"),
            RuleExample("schemaVersion: 1\nitems:\n  - ↓type: public.png\n    representations:\n      - text: hello\n"),
        ],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - representations:\n      - text: hello\n      - url: https://example.com\n")])
}
