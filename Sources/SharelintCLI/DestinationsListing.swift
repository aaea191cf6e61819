import ShareLintKit

/// `sharelint destinations`' text output: per document, one line per activity (row,
/// name, offered, why or what it receives), then what sharelint cannot know offline and
/// what a scan of the poster's mini-program code opens.
/// Every text from a share file (paths, names, titles, subjects, messages) is shown with
/// its control characters as escapes (`TerminalText`): none drives the terminal or forges
/// a line.
enum DestinationsListing {
    static func render(_ run: LintRun, target: IOSTarget) -> String {
        var out = ""
        for file in run.files {
            for document in file.documents {
                let path = TerminalText.visible(file.path)
                let name = file.documents.count > 1 ? "\(path)#\(document.index)" : path
                out += "\(name)\(document.name.map { " (\(TerminalText.visible($0)))" } ?? ""), \(target):\n"
                guard let report = document.destinations else {
                    out += "  no destinations (the document could not be modeled)\n"
                    continue
                }
                out += table(report.destinations)
                if report.hasUnknownItemTypes {
                    out += "  note: an item's type is unknown (see its diagnostic), so what is offered for it is a guess\n"
                }
                for ignored in report.ignoredExclusions {
                    out += "  excluding \(TerminalText.visible(ignored)) has no effect: iOS ignores other apps' extensions in excludedActivityTypes\n"
                }
                out += "  other apps' extensions: run time (\(report.extensions))\n"
                if let code = document.miniProgramCode { out += "  mini-program code: \(TerminalText.visible(code.sentence))\n" }
            }
            for diagnostic in file.diagnostics where diagnostic.severity == .error {
                out += "  \(TerminalText.visible(file.path)):\(diagnostic.range.start.line):\(diagnostic.range.start.column): error: "
                    + "\(TerminalText.visible(diagnostic.message)) [\(diagnostic.rule)]\n"
            }
        }
        return out
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
