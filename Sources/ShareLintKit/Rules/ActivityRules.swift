import ShareLintMessages
/// An application activity type that is not reverse-DNS.
package struct ActivityTypeSyntaxRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .activityTypeSyntax, severity: .warning,
        summary: "An application activity type is not reverse-DNS (a warning), or is empty (an error).",
        rationale: "iOS takes any string as a custom activity's type (`UIActivity.ActivityType` wraps a string and "
            + "nothing checks it), so a class name such as `SafariActivity` or a word such as 赞 works. Reverse-DNS "
            + "(`com.example.app.save-qr`) is the convention Apple documents for such identifiers: it keeps the type apart "
            + "from other apps' types in `excludedActivityTypes` and in the completion handler. An empty type names nothing.",
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: hello\napplicationActivities:\n  - type: ↓save qr\n    title: 保存二维码\n"),
                     RuleExample("schemaVersion: 1\nitems:\n  - text: hello\napplicationActivities:\n  - type: ↓\"\"\n    title: 保存二维码\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: hello\napplicationActivities:\n  - type: com.example.app.save-qr\n    title: 保存二维码\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        for activity in context.configuration.applicationActivities {
            guard let type = activity.type, !UTTypeRegistry.isValidIdentifier(type) else { continue }
            if HeaderModel.isBlank(type) {
                findings.report(description.id, Message(.activityTypeEmpty), at: type, severity: .error)
            } else {
                findings.report(description.id, Message(.activityTypeSyntax, ["type": type.value]), at: type)
            }
        }
    }
}

/// An application activity type under `com.apple.`.
package struct ReservedActivityTypeRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .reservedActivityType, severity: .error,
        summary: "An application activity type under `com.apple.`.",
        rationale: "`com.apple.` belongs to Apple's own activities; a custom activity there can collide with a built-in one.",
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: hello\napplicationActivities:\n  - type: ↓com.apple.UIKit.activity.SaveQR\n    title: Save\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: hello\napplicationActivities:\n  - type: com.example.app.save-qr\n    title: Save\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        for activity in context.configuration.applicationActivities {
            guard let type = activity.type, UTTypeRegistry.lowercasedHasPrefix(type, "com.apple.") else { continue }
            findings.report(description.id, Message(.activityTypeApple, ["type": type.value]), at: type)
        }
    }
}

/// Two application activities with one type, or an excluded type listed twice.
package struct DuplicateActivityTypeRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .duplicateActivityType, severity: .error,
        summary: "Two application activities share a type, or an excluded type is listed twice.",
        rationale: "Activity types must be unique for the share sheet to tell activities apart; a repeated exclusion is a copy-paste slip.",
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: hello\nexcludedActivityTypes:\n  - airDrop\n  - ↓com.apple.UIKit.activity.AirDrop\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: hello\nexcludedActivityTypes:\n  - airDrop\n  - print\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        Repeats.forEach(in: context.configuration.applicationActivities, key: { $0.type?.value }) { activity, first in
            guard let type = activity.type, let first = first.type else { return }
            findings.report(description.id, Message(.activityTypeTwice, ["type": type.value, "line": first.range.start.line]), at: type)
        }
        // Two built-ins compare by their activity: each has its own raw value, so this
        // compares their keys without comparing strings.
        Repeats.forEach(in: context.exclusions, key: \.key, sameKey: { a, b in
            guard let x = a.activity, let y = b.activity else { return nil }
            return x == y
        }) { exclusion, first in
            let entry = exclusion.entry
            findings.report(description.id, Message(.alreadyExcluded, ["entry": entry.value, "first": first.entry.value, "line": first.entry.range.start.line]), at: entry)
        }
    }
}

/// An excluded activity type that looks built-in but is not.
package struct UnknownActivityTypeRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .unknownActivityType, severity: .warning,
        summary: "An excluded type under `com.apple.UIKit.activity.` that is not built in, or a short name that is not built in.",
        rationale: "A misspelt exclusion excludes nothing: the activity you meant to hide still shows.",
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: hello\nexcludedActivityTypes:\n  - ↓airdrop\n  - ↓com.apple.UIKit.activity.Printer\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: hello\nexcludedActivityTypes:\n  - airDrop\n  - com.apple.UIKit.activity.Print\n  - com.tencent.xin.sharetimeline\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        // Each list indexed once and each word answered once.
        var rawValues: Suggestions.Index?, shortNames: Suggestions.Index?
        for exclusion in context.exclusions where exclusion.rawValue == nil {
            let entry = exclusion.entry, value = entry.value
            if value.hasPrefix(BuiltInActivityTypes.rawPrefix) || (value.utf8.first == UInt8(ascii: "c") || value.utf8.first == UInt8(ascii: "C"))
                && value.lowercased().hasPrefix(BuiltInActivityTypes.rawPrefix.lowercased()) {
                if rawValues == nil { rawValues = Suggestions.Index(BuiltInActivityTypes.all.map(\.rawValue)) }
                let suggestion = rawValues?.nearest(to: value)
                findings.report(description.id, Message(.notBuiltInType, ["value": value, "hint": Message.didYouMean(suggestion)]),
                                at: entry, suggestion: suggestion)
            } else if !value.contains(".") {
                if shortNames == nil { shortNames = Suggestions.Index(BuiltInActivityTypes.all.map(\.shortName)) }
                let suggestion = shortNames?.nearest(to: value)
                findings.report(description.id, Message(.notBuiltInShortName, ["value": value, "hint": Message.didYouMean(suggestion)]),
                                at: entry, suggestion: suggestion)
            } else if !UTTypeRegistry.isValidIdentifier(value) {
                findings.report(description.id, Message(.neitherTypeNorDNS, ["value": value]), at: entry)
            }
        }
    }
}
