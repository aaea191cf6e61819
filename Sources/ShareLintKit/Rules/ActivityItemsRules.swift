import ShareLintMessages
import YAMLSyntax

extension RuleContext {
    /// Whether `excludedActivityTypes` names an activity (by short name or raw value).
    func isExcluded(_ activityType: String) -> Bool {
        let raw = BuiltInActivityTypes.rawValue(for: activityType) ?? activityType
        // By index: no copy of an exclusion per comparison.
        return exclusions.indices.contains { exclusions[$0].key == raw }
    }
}

/// An item source returns, for some activity, another kind of object than its placeholder.
package struct PlaceholderMismatchRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .placeholderMismatch, severity: .warning,
        summary: "An item source returns, for an activity, another kind of object (text, URL, image, file URL) than its placeholder.",
        rationale: """
        The share sheet decides which activities to offer from the placeholder (_UIActivityHelper matches activities \
        against placeholder items); the item for the chosen activity comes later. An activity that takes the item's kind \
        but not the placeholder's is never offered, and one that takes only the placeholder's kind receives something it \
        cannot use.
        """,
        triggering: [RuleExample("schemaVersion: 1\nactivityItems:\n  - source:\n      placeholder: {url: https://example.com/i}\n      forActivity:\n        message: {item: {text: ↓邀请你加入}}\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nactivityItems:\n  - source:\n      placeholder: {url: https://example.com/i}\n      forActivity:\n        message: {item: {url: https://example.com/i?from=message}}\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        for source in context.configuration.itemSources {
            guard let placeholder = source.placeholder else { continue }
            let named = [(nil as String?, source.defaults)] + source.overrides.map { ($0.activity.value as String?, $0.response) }
            for (activity, response) in named {
                guard let item = response.item, item.key != placeholder.key else { continue }
                let receiver = activity.map { Message(.subjectKey, ["key": $0]) } ?? Message(.everyOtherActivity)
                findings.report(description.id,
                    Message(.placeholderKindMismatch, ["placeholder": Self.noun(placeholder), "receiver": receiver, "item": Self.noun(item)]),
                    at: item.located)
            }
        }
    }

    static func noun(_ value: ActivityValue) -> Message {
        switch value {
        case .text: return Message(.nounText)
        case .url: return Message(.nounURL)
        case .image: return Message(.nounImage)
        case .fileURL: return Message(.nounFileURL)
        case .data: return Message(.nounData)
        case .printText, .printMarkup: return Message(.receivesPrintFormatter)
        }
    }
}

/// A `forActivity` key that names no activity.
package struct UnknownOverrideActivityRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .unknownOverrideActivity, severity: .error,
        summary: "A `forActivity` key is not a built-in activity (short name or raw value), one of `applicationActivities`, "
            + "or another app's extension type (an info).",
        rationale: "activityViewController(_:itemForActivityType:) is asked with the chosen activity's type; an override under a "
            + "misspelt name is never used. Another app's share or action extension reaches it with its own type "
            + "(`com.tencent.mqq.ShareExtension`), so an override for it is kept, with a note that it applies only where that app is installed.",
        triggering: [RuleExample("schemaVersion: 1\nactivityItems:\n  - source:\n      placeholder: {text: 你好}\n      forActivity:\n        ↓mial: {subject: 邀请好友}\n"),
                     RuleExample("schemaVersion: 1\nactivityItems:\n  - source:\n      placeholder: {text: 你好}\n      forActivity:\n        ↓com.tencent.mqq.ShareExtension: {item: {text: 你好}}\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nactivityItems:\n  - source:\n      placeholder: {text: 你好}\n      forActivity:\n        mail: {subject: 邀请好友}\n        com.example.app.save: {item: {text: 你好}}\napplicationActivities:\n  - type: com.example.app.save\n    title: 保存\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        let sources = context.configuration.itemSources
        guard sources.contains(where: { !$0.overrides.isEmpty }) else { return }
        let custom = context.configuration.applicationActivityTypes
        // Built once, on the first unknown name, and asked for each: linear in the names.
        var index: Suggestions.Index?
        for source in sources {
            for (activity, _) in source.overrides {
                let name = activity.value
                guard BuiltInActivityTypes.rawValue(for: name) == nil, !custom.contains(name) else { continue }
                if Self.namesOtherAppsExtension(activity) {
                    findings.report(description.id, Message(.overrideOtherAppExtension, ["name": name]), at: activity, severity: .info)
                    continue
                }
                if index == nil {
                    index = Suggestions.Index(BuiltInActivityTypes.all.map(\.shortName) + BuiltInActivityTypes.all.map(\.rawValue) + custom.sorted())
                }
                let suggestion = index?.nearest(to: name)
                let hint = suggestion.map { Message(.didYouMean, ["suggestion": $0]) } ?? Message(.useShortNameList)
                findings.report(description.id, Message(.namesNoActivity, ["name": name, "hint": hint]), at: activity, suggestion: suggestion)
            }
        }
    }

    /// Whether a name is another app's extension type: reverse-DNS and not under `com.apple.`
    /// (a misspelt built-in raw value is under it, and stays an error).
    static func namesOtherAppsExtension(_ name: LocatedString) -> Bool {
        UTTypeRegistry.isValidIdentifier(name) && !UTTypeRegistry.lowercasedHasPrefix(name, "com.apple.")
    }
}

/// An override for an activity the configuration excludes.
package struct UnusedOverrideRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .unusedOverride, severity: .warning,
        summary: "A `forActivity` override for an activity listed in `excludedActivityTypes`.",
        rationale: "An excluded activity is never offered, so what the item source returns for it is never asked for: remove the override or the exclusion.",
        triggering: [RuleExample("schemaVersion: 1\nactivityItems:\n  - source:\n      placeholder: {text: 你好}\n      forActivity:\n        ↓mail: {subject: 邀请好友}\nexcludedActivityTypes: [mail]\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nactivityItems:\n  - source:\n      placeholder: {text: 你好}\n      forActivity:\n        mail: {subject: 邀请好友}\nexcludedActivityTypes: [print]\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        for source in context.configuration.itemSources {
            for (activity, _) in source.overrides where context.isExcluded(activity.value) {
                findings.report(description.id, Message(.overrideExcluded, ["activity": activity.value]), at: activity)
            }
        }
    }
}

/// A subject is given, but Mail, which reads it, is excluded.
package struct SubjectWithoutMailRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .subjectWithoutMail, severity: .warning,
        summary: "An item source gives a `subject`, but `mail`, the activity that reads it, is excluded.",
        rationale: "UIMailActivity takes the first subject an item gives (activityViewController(_:subjectForActivityType:)); other activities do not show it. With Mail excluded the subject is lost.",
        triggering: [RuleExample("schemaVersion: 1\nactivityItems:\n  - source:\n      placeholder: {text: 你好}\n      ↓subject: 邀请好友\nexcludedActivityTypes: [mail]\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nactivityItems:\n  - source:\n      placeholder: {text: 你好}\n      subject: 邀请好友\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        let sources = context.configuration.itemSources
        guard !sources.isEmpty, context.isExcluded("mail") else { return }
        let mail = BuiltInActivityTypes.rawPrefix + "Mail"
        for source in sources {
            // A subject inside Mail's own override is unused-override's finding.
            // Unknown names are unknown-override-activity's.
            let responses = [source.defaults] + source.overrides.filter {
                let raw = BuiltInActivityTypes.rawValue(for: $0.activity.value)
                return raw != nil && raw != mail
            }.map(\.response)
            for response in responses {
                guard let subject = response.subject else { continue }
                var range = subject.range
                if let key = subject.keyRange { range = key }
                findings.report(description.id, Message(.subjectNeverSeen),
                                at: range, path: subject.path)
            }
        }
    }
}
