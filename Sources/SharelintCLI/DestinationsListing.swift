import ShareLintKit

/// `sharelint destinations`' text output: per document, one line per activity (row,
/// name, offered, why or what it receives), then what sharelint cannot know offline and
/// what a scan of the poster's mini-program code opens.
/// Every text from a share file (paths, names, titles, subjects, messages) is shown with
/// its control characters as escapes (`TerminalText`): none drives the terminal or forges
/// a line.
import ShareLintMessages

/// `sharelint destinations`' text output, for people by default: per document, one line
/// per activity iOS offers with what it receives, the ones decided at run time with what
/// decides, then one line naming the ones not offered with the short reason (services
/// retired since iOS 11 left out), every line at most 100 columns, in the run's language.
/// `--verbose` gives the full table: rows, short names, the reasons with the iOS methods
/// and masks they rest on, the run-time conditions and every received item, in English
/// as the iOS image names them (the JSON report has all of it too).
/// Every text from a share file (paths, names, titles, subjects, messages) is shown with
/// its control characters as escapes (`TerminalText`): none drives the terminal or forges
/// a line.
enum DestinationsListing {
    /// The widest line of the default listing.
    static let columns = 100

    static func render(_ run: LintRun, target: IOSTarget, verbose: Bool = false, language: Language = .english) -> String {
        var out = ""
        func say(_ message: Message) -> String { TerminalText.visible(message.text(in: language)) }
        for file in run.files {
            for document in file.documents {
                let path = TerminalText.visible(file.path)
                let name = file.documents.count > 1 ? "\(path)#\(document.index)" : path
                let shown = name + (document.name.map { " (\(TerminalText.visible($0)))" } ?? "")
                out += say(Message(.destinationsHeading, ["file": shown, "target": "\(target)"])) + "\n"
                guard let report = document.destinations else {
                    out += "  " + say(Message(.destinationsNotModeled)) + "\n"
                    continue
                }
                if document.variants.isEmpty {
                    out += verbose ? table(report.destinations) : forPeople(report.destinations, language: language)
                }
                for variant in document.variants {
                    // Each variant's table under its values.
                    out += "  " + say(variant.variant.message) + (language == .english ? ":" : "：") + "\n"
                    let destinations = variant.destinations?.destinations ?? []
                    out += verbose ? table(destinations) : forPeople(destinations, language: language)
                }
                if let note = document.variantsNote { out += fitted("  " + say(note), verbose: verbose) }
                if let note = document.examplesNote { out += fitted("  " + say(note), verbose: verbose) }
                if report.hasUnknownItemTypes { out += fitted("  " + say(Message(.destinationsUnknownTypes)), verbose: verbose) }
                for ignored in report.ignoredExclusions {
                    out += fitted("  " + say(Message(.destinationsIgnoredExclusion, ["type": ignored])), verbose: verbose)
                }
                if verbose {
                    out += "  other apps' extensions: run time (\(report.extensions))\n"
                } else {
                    out += fitted("  " + say(Message(.destinationsExtensions)), verbose: false)
                }
                if let code = document.miniProgramCode {
                    out += fitted("  " + say(Message(.miniProgramCodeLine, ["sentence": code.sentence])), verbose: verbose)
                }
            }
            for diagnostic in file.diagnostics where diagnostic.severity == .error {
                let line = "  \(TerminalText.visible(file.path)):\(diagnostic.range.start.line):\(diagnostic.range.start.column): "
                    + HeaderListing.severityPrefix(.error, language: language)
                    + "\(TerminalText.visible(diagnostic.message(in: language))) [\(diagnostic.rule)]"
                out += verbose ? line + "\n" : wrapped(line, indent: "", continuation: "    ")
            }
        }
        return out
    }

    /// A line wrapped at `columns` unless verbose, with its line break.
    private static func fitted(_ line: String, verbose: Bool) -> String {
        verbose ? line + "\n" : wrapped(line, indent: "", continuation: "    ")
    }

    /// The activities iOS offers, one line each with what it receives; those decided at run
    /// time with what decides; then the ones not offered, grouped by their short reason.
    static func forPeople(_ destinations: [Destination], language: Language) -> String {
        func say(_ message: Message) -> String { TerminalText.visible(message.text(in: language)) }
        let shown = destinations.filter { !($0.reason?.kind == .noBuiltInActivity) }
        let offered = shown.filter { $0.availability != .notOffered }
        let titles = offered.map { say($0.titleMessage) }
        let width = min(20, titles.map(TerminalText.columns).max() ?? 0)
        var out = ""
        for (destination, title) in zip(offered, titles) {
            let what: String
            var condition: String?
            if let outcomes = destination.fileOutcomes, outcomes.ifAllowed.availability == .offered,
               let receipt = outcomes.ifAllowed.receipt {
                // A file iOS 26 may refuse: what it receives with the file, and on a line of
                // its own the condition (offered either way), or the condition first.
                let files = Message.Value.andItems(outcomes.files.map(Message.Value.text))
                if outcomes.ifRefused.availability == .offered {
                    what = say(received(receipt))
                    condition = say(Message(.destinationsFileIfAllowed, ["files": files]))
                } else {
                    what = say(Message(.destinationsOnlyIfFileAllowed, ["received": received(receipt), "files": files]))
                }
            } else if destination.availability == .decidedAtRunTime, let reason = destination.reason {
                what = say(Message(.destinationsRunTime, ["reason": reason.summary]))
            } else {
                what = destination.receipt.map { say(received($0)) } ?? ""
            }
            let padded = title + String(repeating: " ", count: max(0, width - TerminalText.columns(title)))
            out += TerminalText.fitting("  " + padded + "  " + what, columns: columns) + "\n"
            if let condition {
                out += TerminalText.fitting(String(repeating: " ", count: width + 4) + condition, columns: columns) + "\n"
            }
        }
        // Not offered, grouped by reason in the order they come, wrapped at the width.
        var groups: [(reason: Message, titles: [Message])] = []
        for destination in shown where destination.availability == .notOffered {
            let reason = destination.reason?.summary ?? Message(.availabilityNotOffered)
            if let i = groups.firstIndex(where: { $0.reason == reason }) {
                groups[i].titles.append(destination.titleMessage)
            } else {
                groups.append((reason, [destination.titleMessage]))
            }
        }
        guard !groups.isEmpty else { return out }
        let parts = groups.map { Message(.titleWithReason, ["titles": Message.Value.list($0.titles.map(\.messageValue)), "reason": $0.reason]) }
        let line = say(Message(.destinationsNotOffered, ["list": Message.Value.clauses(parts.map(\.messageValue))]))
        out += wrapped(line, indent: "  ", continuation: "    ")
        return out
    }

    /// What a receipt holds for people: the subject, the text, the attachments and the other
    /// things it receives, joined as clauses.
    static func received(_ receipt: Destination.Receipt) -> Message {
        var parts: [Message.Value] = []
        if let subject = receipt.subject { parts.append(Message(.receiptSubject, ["text": Destination.Receipt.excerpt(subject)]).messageValue) }
        if let body = receipt.body {
            parts.append(Message(receipt.isHTML ? .receiptHTML : .receiptBody, ["text": Destination.Receipt.excerpt(body)]).messageValue)
        }
        if !receipt.attachments.isEmpty {
            parts.append(Message(.receiptAttachments, ["names": receipt.attachments.map { $0.name ?? $0.type }]).messageValue)
        }
        parts += receipt.summary.map(\.messageValue)
        return parts.isEmpty ? Message(.receiptNothing) : Message(.verbatim, ["text": Message.Value.clauses(parts)])
    }

    /// A long line broken at spaces or after list separators into lines of at most
    /// `columns`, each after the first indented by `continuation`.
    static func wrapped(_ text: String, indent: String, continuation: String) -> String {
        var lines: [String] = [], current = indent
        var word = ""
        func flush() {
            if TerminalText.columns(current + word) > columns, current.count > continuation.count {
                lines.append(String(current.reversed().drop { $0 == " " }.reversed()))
                current = continuation
            }
            current += word
            word = ""
        }
        for character in text {
            word.append(character)
            if character == " " || character == "、" || character == "；" || character == "，" { flush() }
        }
        flush()
        lines.append(current)
        return lines.map { TerminalText.fitting($0, columns: columns) }.joined(separator: "\n") + "\n"
    }

    /// Aligned columns: ROW, ACTIVITY, OFFERED, then the reason or what it receives.
    static func table(_ destinations: [Destination]) -> String {
        let names = destinations.map { TerminalText.visible("\($0.name) (\($0.title))") }
        let nameWidth = max("ACTIVITY".count, names.map(\.count).max() ?? 0)
        let offeredWidth = "run time".count
        func pad(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
        var out = "  " + pad("ROW", 7) + pad("ACTIVITY", nameWidth + 2) + pad("OFFERED", offeredWidth + 2) + "DETAIL\n"
        let indent = String(repeating: " ", count: 2 + 7 + nameWidth + 2 + offeredWidth + 2)
        for (destination, name) in zip(destinations, names) {
            var details: [String] = []
            if let reason = destination.reason { details.append(reason.text) }
            if let outcomes = destination.fileOutcomes {
                // iOS 26: both outcomes of -[SHSheetServiceManager canShareFileURL:].
                details += lines(of: outcomes.ifAllowed, "file allowed: ") + lines(of: outcomes.ifRefused, "file refused: ")
            } else {
                if !destination.conditions.isEmpty { details.append("if " + destination.conditions.joined(separator: "; ")) }
                if let receipt = destination.receipt { details += lines(of: receipt) }
            }
            details = details.map(TerminalText.visible)
            out += "  " + pad(destination.row.rawValue, 7) + pad(name, nameWidth + 2) + pad(destination.availability.shortText, offeredWidth + 2)
            out += (details.first ?? "") + "\n"
            for detail in details.dropFirst() { out += indent + detail + "\n" }
        }
        return out
    }

    /// One outcome of a run-time answer: whether it is offered (and why not), its
    /// conditions, and what it receives, each line led by `lead`.
    static func lines(of outcome: Destination.Outcome, _ lead: String) -> [String] {
        var first = outcome.availability == .offered ? "offered" : outcome.availability == .notOffered ? "not offered" : "decided at run time"
        if outcome.availability != .offered, let reason = outcome.reason { first += " (\(reason.text))" }
        if !outcome.conditions.isEmpty { first += "; if " + outcome.conditions.joined(separator: "; ") }
        return [lead + first] + (outcome.receipt.map(lines(of:)) ?? []).map { lead + $0 }
    }

    static func lines(of receipt: Destination.Receipt) -> [String] {
        var lines: [String] = []
        if let subject = receipt.subject { lines.append("subject: \(subject)") }
        if let body = receipt.body {
            lines.append((receipt.isHTML ? "text (HTML): " : "text: ") + body.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ⏎ "))
        }
        for attachment in receipt.attachments {
            lines.append("attachment: \(attachment.item) \(attachment.type)" + (attachment.name.map { " named \($0)" } ?? " (file name chosen by iOS when it loads the item)"))
        }
        lines += receipt.items
        return lines
    }
}
