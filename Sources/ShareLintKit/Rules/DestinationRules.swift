import ShareLintMessages
/// `expect.destinations` differs from what sharelint predicts.
package struct DestinationMismatchRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .destinationMismatch, severity: .error,
        summary: "An `expect.destinations` entry (offered, subject, body) differs from what sharelint predicts for the run's iOS target.",
        rationale: """
        Authors pin what they rely on: that Save Image is there, the subject Mail gets, the text Messages sends. A change to \
        the items, the metadata or the exclusions that changes one of these should be noticed in review. The prediction \
        follows the decompiled iOS 18.2 and 26.1 share sheets (docs/destinations.md); where iOS 26 decides at run time \
        whether the app may share a file URL, `decidedAtRunTime` is the state, and a subject or text of either outcome holds.
        """,
        triggering: [
            RuleExample("schemaVersion: 1\nmetadata:\n  title: 邀请好友\nitems:\n  - type: com.compuserve.gif\n    base64: R0lGODlhAQABAAAAADs=\nexcludedActivityTypes: [print]\nexpect:\n  destinations:\n    print: ↓offered\n    mail:\n      subject: ↓邀请\n"),
        ],
        nonTriggering: [
            RuleExample("schemaVersion: 1\nmetadata:\n  title: 邀请好友\n  messageBody: 扫码进入小程序\nitems:\n  - type: com.compuserve.gif\n    base64: R0lGODlhAQABAAAAADs=\nexcludedActivityTypes: [print, saveToCameraRoll]\nexpect:\n  destinations:\n    print: notOffered\n    mail:\n      offered: offered\n      subject: 邀请好友\n      body: 扫码进入小程序\n"),
        ])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        guard let expected = context.configuration.expect?.destinations, !expected.isEmpty else { return }
        // Receipts only when a subject or a text is expected.
        let report = context.destinations(receipts: expected.contains { $0.subject != nil || $0.body != nil })
        let target = "\(context.options.iosTarget)"
        for entry in expected {
            guard let destination = report.destination(named: entry.name.value) else { continue }
            let name = destination.titleMessage
            if let state = entry.state, state.value != destination.availability.rawValue {
                let why = destination.reason.map { Message(.reasonSuffix, ["reason": $0.summary]) } ?? .empty
                findings.report(description.id, Message(.destinationStateMismatch, ["name": entry.name.value, "expected": state.value,
                                                                                    "predicted": destination.availability.rawValue, "why": why, "target": target]),
                                at: state, suggestion: destination.availability.rawValue)
            }
            let receipt = destination.receipt
            let notReceived = receipt == nil
                ? Message(destination.availability == .notOffered ? .notReceivedNotOffered : .notReceivedRunTime, ["name": name]) : .empty
            // iOS 26, an activity decided by canShareFileURL:: either outcome's text holds.
            let refused = destination.fileOutcomes?.ifRefused
            let shownEither = { (allowed: String?, ifRefused: String?) in
                refused == nil || allowed == ifRefused ? Self.shown(allowed)
                    : Message(.eitherOutcome, ["allowed": Self.shown(allowed), "refused": Self.shown(ifRefused)])
            }
            if let subject = entry.subject, subject.value != (receipt?.subject ?? ""),
               refused.map({ subject.value != ($0.receipt?.subject ?? "") }) ?? true {
                findings.report(description.id, Message(.expectedSubject, ["name": name, "expected": subject.value, "shown": shownEither(receipt?.subject, refused?.receipt?.subject),
                                                                             "notReceived": notReceived, "target": target]),
                                at: subject, suggestion: receipt?.subject)
            }
            if let body = entry.body, body.value != (receipt?.body ?? ""), refused.map({ body.value != ($0.receipt?.body ?? "") }) ?? true {
                findings.report(description.id, Message(.expectedBody, ["name": name, "expected": body.value, "shown": shownEither(receipt?.body, refused?.receipt?.body),
                                                                          "notReceived": notReceived, "target": target]),
                                at: body, suggestion: receipt?.body)
            }
        }
    }

    static func shown(_ text: String?) -> Message { text.map { Message(.subjectKey, ["key": $0]) } ?? Message(.noneWord) }
}

/// An excluded type naming another app's extension, which iOS ignores.
package struct ExcludedThirdPartyTypeRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .excludedThirdPartyType, severity: .warning,
        summary: "`excludedActivityTypes` names another app's share or action extension (such as com.tencent.xin.sharetimeline), which iOS ignores.",
        rationale: """
        iOS excludes an extension only for host apps with Apple's private com.apple.excludes-extensions entitlement \
        (UIApplicationExtensionActivity _canBeExcludeWhenMatchingWithContext:, _UICanExcludeExtensionActivities), which \
        App Store apps cannot have: the WeChat, WhatsApp or Facebook extension still shows. Developers report this \
        repeatedly (react-native-share issues 946, 686 and 1246). To keep content away from an app, do not share it \
        through the system sheet.
        """,
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: hello\nexcludedActivityTypes:\n  - airDrop\n  - ↓com.tencent.xin.sharetimeline\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: hello\napplicationActivities:\n  - type: com.example.app.save-qr\n    title: 保存二维码\nexcludedActivityTypes:\n  - airDrop\n  - com.example.app.save-qr\n  - com.apple.mobilenotes.SharingExtension\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        // Made at the first name that is not a built-in activity.
        var own: Set<String>?
        for i in context.exclusions.indices where context.exclusions[i].rawValue == nil {
            let entry = context.exclusions[i].entry, value = entry.value
            if own == nil { own = context.configuration.applicationActivityTypes }
            guard own?.contains(value) == false, !AppleExtensions.excludable.contains(value),
                  UTTypeRegistry.isValidIdentifier(value), !value.lowercased().hasPrefix(BuiltInActivityTypes.rawPrefix.lowercased()) else { continue }
            findings.report(description.id,
                Message(.otherAppExtension, ["value": value]),
                at: entry)
        }
    }
}

/// An excluded social type that no built-in activity has had since iOS 11.
package struct DeprecatedActivityTypeRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .deprecatedActivityType, severity: .warning,
        summary: "postToFacebook, postToTwitter, postToWeibo, postToTencentWeibo, postToFlickr or postToVimeo: no built-in activity has had these types since iOS 11.",
        rationale: """
        The six types name Apple's own social extensions (com.apple.share.Facebook.post and so on), retired with the \
        Accounts and Social services in iOS 11; iOS 18 maps them only if such an extension is found \
        (_UISocialActivityGetActivityTypeForApplicationExtension) and lists the services as unsupported \
        (SLComposeViewController). The SDK headers do not mark them deprecated, so the compiler stays silent. Excluding \
        one hides nothing, and the service's own app extension, which is what users see, has its own type that cannot be \
        excluded.
        """,
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: hello\nexcludedActivityTypes:\n  - ↓postToFacebook\n  - ↓com.apple.UIKit.activity.TencentWeibo\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: hello\nexcludedActivityTypes:\n  - airDrop\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        for i in context.exclusions.indices {
            guard let activity = context.exclusions[i].activity, activity.isSocial else { continue }
            let entry = context.exclusions[i].entry
            findings.report(description.id,
                Message(.deprecatedType, ["entry": entry.value, "title": activity.titleMessage]),
                at: entry)
        }
    }
}

/// An excluded built-in activity that would not appear for these items anyway.
package struct ExcludedNeverOfferedRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .excludedNeverOffered, severity: .info,
        summary: "`excludedActivityTypes` lists a built-in activity that iOS would not offer for these items anyway.",
        rationale: """
        An exclusion that changes nothing misleads readers about what the share sheet shows, and hides the real reason an \
        activity is missing (for example Print, Books and Markup never appear next to a video). The message gives the \
        reason in short; `sharelint destinations` gives it whole. Remove the exclusion, or keep it on purpose for items \
        that may change and suppress this note.
        """,
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - text: hello\nexcludedActivityTypes:\n  - ↓assignToContact\n  - airDrop\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - type: com.compuserve.gif\n    base64: R0lGODlhAQABAAAAADs=\nexcludedActivityTypes:\n  - assignToContact\n  - saveToCameraRoll\n  - sharePlay\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        let exclusions = context.exclusions
        var asks = false, printMatters = false
        // By index: only the activity is read (a copy of an exclusion retained its strings).
        for i in exclusions.indices {
            guard let activity = exclusions[i].activity, !activity.isSocial else { continue }
            asks = true
            if activity == .openInIBooks || activity == .markupAsPDF { printMatters = true }
        }
        guard asks else { return }
        // An item of unknown type (reported by its own rule) could be the one the activity takes.
        guard let question = DestinationModel.question(for: context.configuration, printMatters: printMatters, registry: context.registry,
                                                       target: context.options.iosTarget, typeOf: context.effectiveType(of:)) else { return }
        // Each listed built-in once, at the exclusion that first wrote it (a handful: compared, not hashed).
        for i in exclusions.indices {
            guard let activity = exclusions[i].activity, !activity.isSocial,
                  !exclusions[..<i].contains(where: { $0.activity == activity }) else { continue }
            // Saving an image or a video without the Photos usage key is what
            // photo-library-usage asks to exclude: that exclusion is never called useless.
            if activity == .saveToCameraRoll, context.options.infoPlist?.declaresPhotoLibraryUsage != true,
               PhotoLibraryUsageRule.firstSaved(context) != nil { continue }
            // The file's documents that ask the same question share the answer (the options are the run's).
            guard let why = context.fileMemo.notOffered(activity, question, {
                let (decision, title) = DestinationModel(target: context.options.iosTarget, infoPlist: context.options.infoPlist)
                    .decision(activity, question, configuration: context.configuration, registry: context.registry)
                guard decision.availability == .notOffered else { return nil }
                return Message(.notOfferedHere, ["title": title, "reason": decision.reason?.summary ?? Message(.destinationsSaysWhy)])
            }) else { continue }
            let entry = exclusions[i].entry
            findings.report(description.id, Message(.excludingChangesNothing, ["entry": entry.value, "why": why]), at: entry)
        }
    }
}
